"""A VampEmpire position on a hex grid table (hex8: each LED the centre of its hex), or on the 8x8
square grid under its hex overlay, drawn like the physical board.

On a square grid the overlay's hexes sit on the grid's cells, every row shifted a quarter cell (even rows
left, odd rows right), so each LED stays inside its hex and the rows interlock as a hex map. Each hex plate carries
its name, and a community's plate its type's letter (V, T, C, K for a cathedral); the Vatican's plate
has a pale rim. The LEDs are the frame's logical colours, as in snapshot.render_table.
"""

import math

from PIL import Image, ImageDraw

from nightboard.games.vampempire import board as B
from nightboard.table import palette as P
from nightboard_host.drawings import snapshot as S

LETTER = ("V", "T", "C", "K")
VATICAN_RIM = P.HOLY  # the Vatican's rim in its meaning's colour (holy)


def hex_centre(canvas, layout, h):
    cx, cy = canvas.px(*canvas.pos[layout.cell_led(h % B.SIDE, h // B.SIDE)])
    if layout.hex:
        return cx, cy  # the LED is the hex's centre
    shift = 0.25 if (h // B.SIDE) & 1 else -0.25
    return cx + shift * canvas.scale, cy


def draw_hexes(img, canvas, layout, view):
    d = ImageDraw.Draw(img)
    s = canvas.scale
    f = S.font(max(7, int(0.22 * s)))
    big = S.font(max(8, int(0.3 * s)))
    types = {}
    for c in view["communities"]:
        types[c[0]] = c[1]
    r = 0.56 * s
    for h in range(B.HEXES):
        cx, cy = hex_centre(canvas, layout, h)
        pts = [(cx + r * math.cos(math.radians(90 + 60 * k)), cy + r * math.sin(math.radians(90 + 60 * k)))
               for k in range(6)]
        rim = VATICAN_RIM if h == view["vatican"] else S.EMPTY_SLOT
        d.polygon(pts, fill=S.CARD_FACE, outline=rim, width=max(1, int(0.05 * s)))
        S.put(img, S.text_image(B.name(h), f, S.LABEL_DIM), int(cx - 0.3 * s), int(cy - 0.5 * s))
        if h in types:
            S.put(img, S.text_image(LETTER[types[h]], big, S.CARD_TEXT), int(cx + 0.14 * s), int(cy + 0.05 * s))


def picture(layout, frame, game, size=900):
    """The table showing `game` with these LEDs, as a size x size RGB image."""
    canvas = S.Canvas(layout, size)
    img = Image.new("RGBA", (size, size), S.TABLE_TOP + (255,))
    view = game.view(None)
    draw_hexes(img, canvas, layout, view)
    S.draw_panels(img, canvas, layout, game.n)
    lines = ["Nightboard, table %s, %s" % (layout.name, "hex grid" if layout.hex else "hex overlay"),
             "VampEmpire, round %d, %s" % (view["round"], view["phase"])]
    f = S.font(max(10, size // 56))
    for i in range(len(lines)):
        S.put(img, S.text_image(lines[i], f, S.LABEL_DIM), size // 60, size // 60 + i * (S.font_px(f) + 4))
    S.draw_leds(img, canvas, frame.rgb)
    return img.convert("RGB")


def render_table(table, size=900):
    """The table now (the snapshot tool's hook for a game with its own picture)."""
    return picture(table.layout, table.frame, table.game, size)


def overlay_svg(pitch_mm=8.125):
    """The printed hex overlay for an 8x8 LED panel of this LED pitch (a 65 mm panel: 8.125 mm), at 1:1:
    each hex centred a quarter pitch left (even rows) or right (odd rows) of its LED, named, with the four
    middle hexes (where the Vatican may stand) and the four start corners marked."""
    p = pitch_mm
    r = p * 0.56
    margin = p
    size = 8 * p + 2 * margin
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%.1fmm" height="%.1fmm" viewBox="0 0 %.2f %.2f">'
           % (size, size, size, size),
           '<title>VampEmpire hex overlay for the grid8 table (print at 100%%, LED pitch %.3f mm)</title>' % p,
           '<rect x="0" y="0" width="%.2f" height="%.2f" fill="white"/>' % (size, size)]
    for h in range(B.HEXES):
        row, col = h // B.SIDE, h % B.SIDE
        cx = margin + (col + 0.5 + (0.25 if row & 1 else -0.25)) * p
        cy = margin + (row + 0.5) * p
        pts = " ".join("%.2f,%.2f" % (cx + r * math.cos(math.radians(90 + 60 * k)),
                                      cy + r * math.sin(math.radians(90 + 60 * k))) for k in range(6))
        fill = "#eeeeee" if h in B.MIDDLE else "#fff3e0" if h in B.CORNERS else "none"
        out.append('<polygon points="%s" fill="%s" stroke="black" stroke-width="0.2"/>' % (pts, fill))
        out.append('<text x="%.2f" y="%.2f" font-size="%.2f" font-family="sans-serif" text-anchor="middle">%s</text>'
                   % (cx, cy - 0.45 * r, 0.22 * p, B.name(h)))
    out.append('<text x="%.2f" y="%.2f" font-size="%.2f" font-family="sans-serif">VampEmpire overlay: grey, where '
               'the Vatican may stand; orange, the start corners. Seat 0 sits below.</text>'
               % (margin, size - 0.3 * margin, 0.25 * p))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main(path="docs/images/vampempire-snapshot.png", seed=7, rounds=3, table="hex8"):
    """A mid-game table (the hex grid table by default): 4 board-played seats after `rounds` rounds, at
    the third seat's Night; and grid8's printed overlay."""
    from nightboard.table.frame import Frame
    from nightboard.table.layout import Layout
    from nightboard.table.profile import load_profile_file
    from nightboard.games.vampempire.play import VampEmpirePlay
    from nightboard.games import vampempire as M
    from nightboard_host.emulation.mpy_runner import ROOT

    lay = Layout(load_profile_file(str(ROOT / "hardware" / "profiles" / (table + ".json"))))
    frame = Frame(lay.led_count)
    g = M.new_game(seed, 4, vampires=["baroness", "tyrant", "feathered", "beast"])
    while not g.over and not (g.turn > rounds and g.phase == "night" and g.active == 2):
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    play = VampEmpirePlay(lay, frame, g)
    play.render(500)  # the second picture: who controls what
    picture(lay, frame, g).save(str(ROOT / path))
    (ROOT / "hardware" / "grid8" / "vampempire-overlay.svg").write_text(overlay_svg())
    return path


if __name__ == "__main__":
    print(main())
