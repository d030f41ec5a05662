"""A Vampire Nights position on a grid table, drawn to a picture like the physical board.

Each cell of the mansion gets a plate with its place (E for an Entrance, 1 to 5 for the rooms, G for a
Garden) and its column's letter, every panel is labelled with its seat's colour; a seat whose player holds
look (`--look`) shows what its panel shows its owner (its hand, at the first of the look pages), and no
other seat's secrets show. The LEDs are the frame's logical colours, as in snapshot.render_table.
"""

from PIL import Image, ImageDraw

from nightboard_host.drawings import snapshot as S
from nightboard.games.vampire_nights.play import PAGE_MS
from nightboard.games.vampire_nights.state import SEATS

PLACES = ("E", "1", "2", "3", "4", "5", "G")


def draw_mansion(img, canvas, table):
    d = ImageDraw.Draw(img)
    s = canvas.scale
    lay = table.layout
    play = table.play
    w, h = lay.width, lay.height
    x0, y0 = canvas.px(-w / 2.0, -h / 2.0)
    x1, y1 = canvas.px(w / 2.0, h / 2.0)
    d.rectangle([x0 - 0.2 * s, y0 - 0.2 * s, x1 + 0.2 * s, y1 + 0.2 * s], fill=S.BOARD)
    f = S.font(max(7, 0.26 * s))
    for c in range(table.game.players):
        for r in range(7):
            led = lay.cell_led(play.x0 + c, play.y0 + r)
            cx, cy = canvas.px(*canvas.pos[led])
            half = 0.46 * s
            d.rounded_rectangle([cx - half, cy - half, cx + half, cy + half], radius=0.12 * s, fill=S.CARD_FACE,
                                outline=S.EMPTY_SLOT, width=max(1, int(0.07 * s)))
            label = S.text_image("%s%s" % ("ABCD"[c], PLACES[r]), f, S.LABEL_DIM)
            S.put(img, label, int(cx - half + 0.06 * s), int(cy - half + 0.03 * s))


def render_table(table, size=900):
    """The Vampire Nights table now as a size x size RGB image; a seat's own view shows only when its player
    holds look (`nightboard snapshot --look`), as on the board."""
    lay = table.layout
    play = table.play
    seat = -1
    for s in range(table.game.players):
        if play.looking[s]:
            seat = s
            break
    # The first of the look pages (its hand); on a small panel, a choice that points somewhere shows where
    # first, for a page: then comes the hand.
    play.page_from = 0
    play.render(PAGE_MS if seat >= 0 and play._seat() == seat and play._aim() >= 0 and not lay.hand_w else 0)
    canvas = S.Canvas(lay, size)
    img = Image.new("RGBA", (size, size), S.TABLE_TOP + (255,))
    draw_mansion(img, canvas, table)
    S.draw_panels(img, canvas, lay, table.game.players)
    head = "Nightboard, table %s" % lay.name
    if seat >= 0:
        head += "; %s holds look (%s)" % (SEATS[seat], "its hand panel: items, loot, bites" if lay.hand_w
                                          else "its panel: its items")
    lines = [head] + play.describe()[:2]
    f = S.font(max(10, size // 56))
    for i in range(len(lines)):
        S.put(img, S.text_image(lines[i], f, S.LABEL_DIM), size // 60, size // 60 + i * (S.font_px(f) + 4))
    S.draw_leds(img, canvas, table.frame.rgb)
    return img.convert("RGB")
