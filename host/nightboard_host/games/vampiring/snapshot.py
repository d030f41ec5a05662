"""A VampiRing table drawn to a picture like the physical board: every ring position as a printed card
with its name (an empty slot where the ring has no card); a grid table shows the ring on its outer cells,
each card's label printed outside the grid next to its cell. Its LEDs and panels as snapshot.render_table.
"""

import math

from PIL import Image, ImageDraw

from nightboard.games.vampiring.cards import FAMILIES, HOME_BASE, card_from_name
from nightboard.table import palette as P
from nightboard.games.vampiring import draw as VD
from nightboard_host.drawings.snapshot import (BOARD, CARD_FACE, CARD_TEXT, EMPTY_SLOT, LABEL_DIM, TABLE_TOP, Canvas,
                                      _angle_of, draw_leds, draw_panels, fit_font, font, font_px, paste,
                                      put_lines,
                                      rotated_rect, text_image)


def play_turns(game, k):
    """Play up to k turns with a fixed sequence of choices (stops at the end); returns turns played."""
    played = 0
    while played < k and not game.over:
        game.apply_actions([(played * 5 + f * 3) % 4 if game.alive(f) else None for f in range(game.families)])
        played += 1
    return played


def _card_colour(code):
    if code >= HOME_BASE:
        return P.SEAT[code - HOME_BASE]
    return VD.CARD[code]


def _cards_by_position(layout, names, families):
    out = {}
    for c in range(len(names)):
        out[layout.card_position(c, len(names))] = (c, names[c], card_from_name(names[c], families))
    return out


def _position_centre(canvas, layout, pos):
    xs = ys = 0.0
    for k in range(layout.leds_per_card):
        x, y = canvas.pos[layout.position_led(pos, k)]
        xs += x
        ys += y
    return xs / layout.leds_per_card, ys / layout.leds_per_card


def draw_ring_cards(img, canvas, layout, cards):
    """Printed cards inside the ring, long side along the radius, each just inside its LEDs."""
    d = ImageDraw.Draw(img)
    s = canvas.scale
    radius = math.hypot(*_position_centre(canvas, layout, 0))
    r_out = radius - 0.75
    length = 0.42 * radius
    r_in = r_out - length
    half_w = min(0.42 * 2 * math.pi * r_in / layout.positions, 1.3)
    cx0, cy0 = canvas.px(0, 0)
    d.ellipse([cx0 - (radius + 1.3) * s, cy0 - (radius + 1.3) * s, cx0 + (radius + 1.3) * s,
               cy0 + (radius + 1.3) * s], fill=BOARD)
    for pos in range(layout.positions):
        x, y = _position_centre(canvas, layout, pos)
        th = _angle_of(x, y)
        ux, uy = math.sin(th), -math.cos(th)
        mid = (r_out + r_in) / 2
        cx, cy = canvas.px(ux * mid, uy * mid)
        corners = rotated_rect(cx, cy, ux, uy, length * s / 2, half_w * s)
        if pos not in cards:
            d.polygon(corners, outline=EMPTY_SLOT, width=1)
            continue
        index, name, code = cards[pos]
        col = _card_colour(code)
        d.polygon(corners, fill=CARD_FACE, outline=col, width=max(1, int(s * 0.08)))
        stripe = rotated_rect(cx + ux * (length * s / 2 - 0.2 * s), cy + uy * (length * s / 2 - 0.2 * s),
                              ux, uy, 0.16 * s, half_w * s - 1)
        d.polygon(stripe, fill=col)
        # text reads along the card: outwards on the right half of the ring, inwards on the left
        dx, dy = (ux, uy) if math.sin(th) >= -1e-9 else (-ux, -uy)
        angle = math.degrees(math.atan2(-dy, dx))
        w_px = (length - 0.5) * s
        f = fit_font(name, w_px, half_w * s * 0.9)
        fi = font(max(6, half_w * s * 0.55))
        label = text_image(name, f, CARD_TEXT)
        num = text_image(str(index), fi, LABEL_DIM)
        # the name a little above the card's middle line, the index small below it at the inner end
        across = half_w * s * 0.35 * (1 if (dx, dy) == (ux, uy) else -1)
        bx, by = -uy, ux
        paste(img, label, (cx - bx * across * 0.6, cy - by * across * 0.6), angle)
        back = length * s / 2 - font_px(fi) * 0.9
        paste(img, num, (cx + bx * across * 1.3 - ux * back, cy + by * across * 1.3 - uy * back), angle)


def draw_grid_cards(img, canvas, layout, cards):
    """The grid's outer cells with a card get a frame in the card's colour and a label outside the grid."""
    from nightboard.table.layout import outer_ring

    d = ImageDraw.Draw(img)
    s = canvas.scale
    w, h = layout.width, layout.height
    x0, y0 = canvas.px(-w / 2.0, -h / 2.0)
    x1, y1 = canvas.px(w / 2.0, h / 2.0)
    d.rectangle([x0 - 0.2 * s, y0 - 0.2 * s, x1 + 0.2 * s, y1 + 0.2 * s], fill=BOARD)
    label_len = 1.4  # the room between the grid and the panels' plates
    ring = outer_ring(w, h)
    for pos in range(layout.positions):
        cx_, cy_ = ring[pos]
        x, y = canvas.pos[layout.position_led(pos)]
        px_, py_ = canvas.px(x, y)
        half = 0.46 * s
        if pos not in cards:
            continue
        index, name, code = cards[pos]
        col = _card_colour(code)
        d.rounded_rectangle([px_ - half, py_ - half, px_ + half, py_ + half], radius=0.12 * s, fill=CARD_FACE,
                            outline=col, width=max(2, int(0.08 * s)))
        if cy_ == 0:
            ux, uy = 0.0, -1.0
        elif cy_ == h - 1:
            ux, uy = 0.0, 1.0
        elif cx_ == 0:
            ux, uy = -1.0, 0.0
        else:
            ux, uy = 1.0, 0.0
        mid = 0.5 + 0.1 + label_len / 2
        lx, ly = px_ + ux * mid * s, py_ + uy * mid * s
        hx = abs(ux) * label_len * s / 2 + abs(uy) * half
        hy = abs(uy) * label_len * s / 2 + abs(ux) * half
        d.rounded_rectangle([lx - hx, ly - hy, lx + hx, ly + hy], radius=0.12 * s, fill=CARD_FACE, outline=col, width=1)
        # two lines across the label: the name, then the card's index
        f = fit_font(name, (label_len - 0.15) * s, 0.4 * s)
        across = (1.0, 0.0) if uy else (0.0, 1.0)  # the text's "down" on the page (turned: the page's right)
        paste(img, text_image(name, f, CARD_TEXT), (lx - across[0] * 0.13 * s, ly - across[1] * 0.13 * s),
              90 if uy else 0)
        paste(img, text_image(str(index), font(0.22 * s), LABEL_DIM), (lx + across[0] * 0.24 * s,
                                                                       ly + across[1] * 0.24 * s), 90 if uy else 0)


def render_table(table, size=900):
    """The VampiRing table now, as a size x size RGB image."""
    lay = table.layout
    canvas = Canvas(lay, size)
    img = Image.new("RGBA", (size, size), TABLE_TOP + (255,))
    game = table.game
    families = game.families if game is not None else 0
    cards = {}
    if game is not None:
        cards = _cards_by_position(lay, game.view(None)["ring"], families)
    if lay.kind == "ring":
        draw_ring_cards(img, canvas, lay, cards)
    else:
        draw_grid_cards(img, canvas, lay, cards)
    draw_panels(img, canvas, lay, families)
    lines = ["Nightboard, table %s" % lay.name]
    if game is not None:
        pub = game.view(None)
        lines.append("%s, %s, turn %d" % (table.program["title"], pub["variant"], pub["turn"]))
        if pub["over"]:
            lines.append("game over: " + (FAMILIES[pub["winner"]] + " wins" if pub["winner"] is not None else "no winner"))
    put_lines(img, lines, size)
    draw_leds(img, canvas, table.frame.rgb)
    return img.convert("RGB")
