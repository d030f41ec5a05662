"""A Dracula hunt position on a grid table, drawn to a picture like the physical board.

The grid's cells that are rooms get a plate with the room's name (a crypt's
plate has a pale rim), the LEDs beside the map that show Dracula's health
(and, in the classic rules, the team's lives and the round's garlic) are
labelled, and every panel is labelled with its hunter's colour. The LEDs are
the frame's logical colours, as in snapshot.render_table.
"""

from PIL import Image, ImageDraw

from nightboard.games.dracula import draw as DD
from nightboard_host.drawings import snapshot as S


def _cell_centre(canvas, led):
    return canvas.px(*canvas.pos[led])


def draw_rooms(img, canvas, table):
    d = ImageDraw.Draw(img)
    s = canvas.scale
    lay = table.layout
    game = table.game
    m = game.map
    w, h = lay.width, lay.height
    x0, y0 = canvas.px(-w / 2.0, -h / 2.0)
    x1, y1 = canvas.px(w / 2.0, h / 2.0)
    d.rectangle([x0 - 0.2 * s, y0 - 0.2 * s, x1 + 0.2 * s, y1 + 0.2 * s], fill=S.BOARD)
    dr = table.play.draw
    f = S.font(max(7, 0.26 * s))
    for r in range(m.n):
        cx, cy = _cell_centre(canvas, dr.room_led[r])
        half = 0.46 * s
        rim = DD.DR_CRYPT if dr.crypt[r] else S.EMPTY_SLOT
        d.rounded_rectangle([cx - half, cy - half, cx + half, cy + half], radius=0.12 * s, fill=S.CARD_FACE,
                            outline=rim, width=max(1, int(0.07 * s)))
        label = S.text_image(m.name(r), f, S.LABEL_DIM)
        S.put(img, label, int(cx - half + 0.06 * s), int(cy - half + 0.03 * s))
    for leds, name in ((dr.health_led, "health"), (dr.lives_led, "lives"), (dr.garlic_led, "garlic")):
        if len(leds) == 0:
            continue
        xs = [_cell_centre(canvas, i) for i in leds]
        left = min(p[0] for p in xs)
        top = min(p[1] for p in xs)
        S.put(img, S.text_image(name, S.font(max(7, 0.24 * s)), S.LABEL_DIM), int(left - 0.45 * s),
              int(top - 0.75 * s))


def render_table(table, size=900):
    """The Dracula table now, as a size x size RGB image."""
    lay = table.layout
    canvas = S.Canvas(lay, size)
    img = Image.new("RGBA", (size, size), S.TABLE_TOP + (255,))
    game = table.game
    draw_rooms(img, canvas, table)
    S.draw_panels(img, canvas, lay, game.hunters)
    sc = table.play.scene
    lines = ["Nightboard, table %s" % lay.name,
             "Dracula hunt, %s rules, level %d, round %d" % (game.rules, game.level, sc.turn)]
    if sc.over:
        lines.append("game over: " + ("the hunters win" if sc.hunters_won else "Dracula wins"))
    f = S.font(max(10, size // 56))
    for i in range(len(lines)):
        S.put(img, S.text_image(lines[i], f, S.LABEL_DIM), size // 60, size // 60 + i * (S.font_px(f) + 4))
    S.draw_leds(img, canvas, table.frame.rgb)
    return img.convert("RGB")
