"""A table position drawn to a PNG that looks like the physical board.

render_table(table, size) -> PIL image: a dark table top, every ring position
as a printed card with its name (an empty slot where the ring has no card),
the LEDs as glowing dots in their logical colours (Frame.rgb, before gamma:
a screen has its own), each player's panel with its blood and status LEDs and
the family colour name. A grid table shows VampiRing on its outer ring of
cells, each card's label printed outside the grid next to its cell.
frame_png(layout, frame, path) draws only the LEDs, for test failures.
The centre pixel of every LED dot is exactly that LED's colour.
"""

import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from nightboard.games import index
from nightboard.games.vampiring.cards import FAMILIES, HOME_BASE, card_from_name
from nightboard.table import palette as P
from nightboard.table import vampiring_draw as VD

TABLE_TOP = (17, 13, 12)
BOARD = (31, 25, 28)
CARD_FACE = (40, 34, 44)
CARD_TEXT = (232, 222, 200)
EMPTY_SLOT = (58, 50, 56)
PLATE = (34, 30, 36)
LABEL_DIM = (120, 112, 118)
UNLIT_RIM = (78, 72, 76)
MARGIN = 2.4  # LED pitches of room around the outermost LEDs, for the panels' labels
DOT = 0.3  # LED dot radius in LED pitches
GLOW = 0.8  # glow radius in LED pitches


def play_turns(game, k):
    """Play up to k turns with a fixed sequence of choices (stops at the end); returns turns played."""
    played = 0
    while played < k and not game.over:
        game.apply_actions([(played * 5 + f * 3) % 4 if game.alive(f) else None for f in range(game.families)])
        played += 1
    return played


def table_at(profile, game):
    """A Table showing `game` (an engine state), ticked once on a simulated clock at 0."""
    from nightboard.hal.sim import SimClock, make_sim_hal
    from nightboard.table.app import Table

    hal = make_sim_hal(profile, clock=SimClock(0))
    t = Table(profile, hal, {"game": game.to_json()["game"], "position": game.to_json()})
    t.tick()
    return t


# --- geometry -----------------------------------------------------------------------

class Canvas:
    """Abstract layout units -> pixels of a size x size picture, the table centred."""

    def __init__(self, layout, size):
        self.geometry = layout.geometry()
        self.pos = {}
        for led, x, y, _sid in self.geometry:
            self.pos[led] = (x, y)
        half = max(max(abs(x), abs(y)) for _l, x, y, _s in self.geometry) + MARGIN
        self.size = size
        self.scale = size / (2.0 * half)

    def px(self, x, y):
        return (self.size / 2.0 + x * self.scale, self.size / 2.0 + y * self.scale)

    def centre(self, led):
        """The integer pixel at the centre of LED `led`'s dot."""
        x, y = self.px(*self.pos[led])
        return int(math.floor(x)), int(math.floor(y))


def led_centres(layout, size):
    """{led index: (x, y) pixel of its dot's centre} in a picture of this size."""
    c = Canvas(layout, size)
    return {led: c.centre(led) for led in sorted(c.pos)}


# --- drawing helpers ----------------------------------------------------------------

_FONTS = {}


def font(px):
    px = max(6, int(px))
    if px not in _FONTS:
        try:
            _FONTS[px] = ImageFont.load_default(size=px)
        except (TypeError, ImportError, OSError):  # Pillow without FreeType: one fixed size
            _FONTS[px] = ImageFont.load_default()
    return _FONTS[px]


def font_px(f):
    """A font's nominal height in pixels (the bitmap fallback font has no size)."""
    return getattr(f, "size", 11)


def fit_font(text, max_w, max_h):
    """The largest default font (at most max_h pixels) in which `text` is at most max_w wide."""
    px = int(max_h)
    while px > 6:
        f = font(px)
        box = f.getbbox(text)
        if box[2] - box[0] <= max_w:
            return f
        px -= 1
    return font(6)


def text_image(text, f, fill, stroke=None):
    box = f.getbbox(text, stroke_width=1 if stroke else 0)
    img = Image.new("RGBA", (box[2] - box[0] + 2, box[3] - box[1] + 2), (0, 0, 0, 0))
    ImageDraw.Draw(img).text((1 - box[0], 1 - box[1]), text, font=f, fill=fill,
                             stroke_width=1 if stroke else 0, stroke_fill=stroke)
    return img


def paste(base, img, centre, angle):
    """Composite RGBA `img` onto `base` centred at `centre`, turned `angle` degrees anticlockwise."""
    if angle % 360:
        img = img.rotate(angle, resample=Image.BICUBIC, expand=True)
    x = int(round(centre[0] - img.size[0] / 2.0))
    y = int(round(centre[1] - img.size[1] / 2.0))
    put(base, img, x, y)


def put(base, img, x, y):
    """alpha_composite with the top-left corner at (x, y), cropped to the picture."""
    left, top = max(0, -x), max(0, -y)
    right = min(img.size[0], base.size[0] - x)
    bottom = min(img.size[1], base.size[1] - y)
    if right > left and bottom > top:
        base.alpha_composite(img.crop((left, top, right, bottom)), (x + left, y + top))


def rotated_rect(cx, cy, ax, ay, half_a, half_b):
    """Corners of a rectangle centred at (cx, cy), half_a along unit vector (ax, ay), half_b across."""
    bx, by = -ay, ax
    return [(cx + sa * half_a * ax + sb * half_b * bx, cy + sa * half_a * ay + sb * half_b * by)
            for sa, sb in ((1, 1), (1, -1), (-1, -1), (-1, 1))]


def colour_of(rgb, led):
    j = 3 * led
    return (rgb[j], rgb[j + 1], rgb[j + 2])


def draw_leds(img, canvas, rgb):
    """Glow, then crisp dots whose centres carry the exact frame colours."""
    s = canvas.scale
    glow = Image.new("RGB", img.size, (0, 0, 0))
    g = ImageDraw.Draw(glow)
    for led in sorted(canvas.pos):
        c = colour_of(rgb, led)
        if c != (0, 0, 0):
            x, y = canvas.px(*canvas.pos[led])
            r = GLOW * s
            g.ellipse([x - r, y - r, x + r, y + r], fill=tuple(v * 3 // 4 for v in c))
    glow = glow.filter(ImageFilter.GaussianBlur(radius=max(1.0, 0.35 * s)))
    rgb_img = ImageChops.add(img.convert("RGB"), glow)
    img.paste(rgb_img.convert("RGBA"))
    d = ImageDraw.Draw(img)
    r = max(2.0, DOT * s)
    for led in sorted(canvas.pos):
        c = colour_of(rgb, led)
        x, y = canvas.centre(led)
        x += 0.5
        y += 0.5
        rim = UNLIT_RIM if c == (0, 0, 0) else tuple(min(255, v // 2 + 40) for v in c)
        d.ellipse([x - r - 1.5, y - r - 1.5, x + r + 1.5, y + r + 1.5], fill=rim)
        d.ellipse([x - r, y - r, x + r, y + r], fill=c)
        d.point((x - 0.5, y - 0.5), fill=c)


# --- the board ----------------------------------------------------------------------

def _angle_of(x, y):
    """Clockwise angle from the top (radians) of the direction (x, y), y down."""
    return math.atan2(x, -y)


def _card_colour(code):
    if code >= HOME_BASE:
        return P.FAMILY[code - HOME_BASE]
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


def draw_panels(img, canvas, layout, families):
    """Each player's panel: a plate under the blood and status LEDs, labelled outside."""
    d = ImageDraw.Draw(img)
    s = canvas.scale
    n_b, n_s = layout.blood_count, layout.status_count
    for p in range(layout.max_players):
        first = canvas.pos[layout.blood_led(p, 0)]
        last = canvas.pos[layout.status_led(p, n_s - 1)]
        ax, ay = last[0] - first[0], last[1] - first[1]
        n = math.hypot(ax, ay) or 1.0
        ax, ay = ax / n, ay / n
        mx, my = (first[0] + last[0]) / 2, (first[1] + last[1]) / 2
        ux, uy = mx, my
        m = math.hypot(ux, uy) or 1.0
        ux, uy = ux / m, uy / m  # outwards from the table's centre
        playing = p < families
        col = P.FAMILY[p] if p < len(P.FAMILY) else (200, 200, 200)
        cx, cy = canvas.px(mx, my)
        d.polygon(rotated_rect(cx, cy, ax, ay, (n / 2 + 0.55) * s, 0.6 * s), fill=PLATE,
                  outline=col if playing else EMPTY_SLOT, width=max(1, int(0.06 * s)))
        angle = math.degrees(math.atan2(ux, uy))
        name = FAMILIES[p] if p < len(FAMILIES) else "player %d" % p
        if not playing:
            name += " (empty seat)"
        blood = [canvas.pos[layout.blood_led(p, k)] for k in (0, n_b - 1)]
        status = [canvas.pos[layout.status_led(p, k)] for k in (0, n_s - 1)]
        bx, by = (blood[0][0] + blood[1][0]) / 2 + ux * 1.25, (blood[0][1] + blood[1][1]) / 2 + uy * 1.25
        sx, sy = (status[0][0] + status[1][0]) / 2 + ux * 1.25, (status[0][1] + status[1][1]) / 2 + uy * 1.25
        f = fit_font(name + "  blood", (n_b - 0.5) * s, 0.7 * s)
        paste(img, text_image(name, f, col if playing else LABEL_DIM, stroke=(0, 0, 0)),
              canvas.px(bx, by), angle)
        paste(img, text_image("status", fit_font("status", (n_s + 0.2) * s, 0.45 * s), LABEL_DIM),
              canvas.px(sx, sy), angle)


def render_table(table, size=900):
    """The table now, as a size x size RGB image that looks like the physical board."""
    own = index.tools(table.program["name"]).get("snapshot") if table.program is not None else None
    if own:  # a game with its own picture (the hunt's rooms instead of a ring of cards)
        return __import__(own, None, None, ["render_table"]).render_table(table, size)
    lay = table.layout
    canvas = Canvas(lay, size)
    img = Image.new("RGBA", (size, size), TABLE_TOP + (255,))
    game = table.game
    families = game.families if game is not None else 0
    cards = {}
    if game is not None:
        cards = _cards_by_position(lay, game.public()["ring"], families)
    if lay.kind == "ring":
        draw_ring_cards(img, canvas, lay, cards)
    else:
        draw_grid_cards(img, canvas, lay, cards)
    draw_panels(img, canvas, lay, families)
    lines = ["Nightboard, table %s" % lay.name]
    if game is not None:
        pub = game.public()
        lines.append("%s, %s, turn %d" % (table.program["title"], pub["variant"], pub["turn"]))
        if pub["over"]:
            lines.append("game over: " + (FAMILIES[pub["winner"]] + " wins" if pub["winner"] is not None else "no winner"))
    f = font(max(10, size // 56))
    for i in range(len(lines)):
        put(img, text_image(lines[i], f, LABEL_DIM), size // 60, size // 60 + i * (font_px(f) + 4))
    draw_leds(img, canvas, table.frame.rgb)
    return img.convert("RGB")


def frame_png(layout, frame, path, labels=None, size=600):
    """Only the LEDs of `frame` on a dark table (labels: {led: text} written beside LEDs); returns path."""
    canvas = Canvas(layout, size)
    img = Image.new("RGBA", (size, size), TABLE_TOP + (255,))
    draw_leds(img, canvas, frame.rgb)
    if labels:
        f = font(max(9, int(canvas.scale * 0.45)))
        for led in sorted(labels):
            x, y = canvas.centre(led)
            t = text_image(str(labels[led]), f, (255, 255, 255), stroke=(0, 0, 0))
            put(img, t, x + int(canvas.scale * 0.4), y - int(canvas.scale * 0.9))
    img.convert("RGB").save(str(path))
    return path
