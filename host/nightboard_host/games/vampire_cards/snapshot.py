"""Vampire, the card game, on a ring table, drawn to a picture like the physical board: the ring's LEDs,
each seat's place labelled with its name, the panels, and the public table in words (hands' sizes, the
Vampire and its bones, bites, escapes). No hand is shown, unless `nightboard snapshot --look SEAT` has that
seat hold look: then its own panel shows its hand, a picture for that player only."""

from PIL import Image

from nightboard.games.vampire_cards.state import SEATS
from nightboard_host.drawings import snapshot as S


def render_table(table, size=900):
    lay = table.layout
    canvas = S.Canvas(lay, size)
    img = Image.new("RGBA", (size, size), S.TABLE_TOP + (255,))
    game = table.game
    n = game.n
    S.draw_panels(img, canvas, lay, min(n, lay.max_players))
    f = S.font(max(8, size // 70))
    for s in range(min(n, lay.max_players)):
        led = lay.ring_led(lay.ring_len // 2 + s * (lay.ring_len // lay.max_players))
        x, y = canvas.px(*canvas.pos[led])
        S.put(img, S.text_image(SEATS[s], f, S.LABEL_DIM), int(x * 0.82 + size * 0.09), int(y * 0.82 + size * 0.09))
    v = game.view(None)
    lines = ["Nightboard, table %s" % lay.name, "Vampire (the card game), turn %d" % game.turn]
    lines.append("hands: " + ", ".join("%s %d" % (SEATS[s], v["sizes"][s]) for s in range(n)))
    if game.vampire >= 0:
        lines.append("Vampire: %s, %d bones face up" % (SEATS[game.vampire], len(game.bones)))
    bitten = [SEATS[s] for s in range(n) if game.bites[s] >= 0]
    escaped = [SEATS[s] for s in range(n) if game.escaped[s]]
    if bitten or escaped:
        lines.append("bitten: %s; escaped: %s" % (", ".join(bitten) or "-", ", ".join(escaped) or "-"))
    if game.over:
        w = game.winners
        lines.append("game over: " + (", ".join(SEATS[s] for s in w) + " win" if w else "nobody wins"))
    big = S.font(max(10, size // 56))
    for i in range(len(lines)):
        S.put(img, S.text_image(lines[i], big, S.LABEL_DIM), size // 60, size // 60 + i * (S.font_px(big) + 4))
    S.draw_leds(img, canvas, table.frame.rgb)
    return img.convert("RGB")
