"""A table position drawn to a PNG that looks like the physical board.

render_table(table, size) -> PIL image: a dark table top, every ring position
as a printed card with its name (an empty slot where the ring has no card),
the LEDs as glowing dots in their logical colours (Frame.rgb, before gamma:
a screen has its own), each player's panel with its blood and status LEDs and
the seat's colour name; a game's own picture (its "snapshot" hook)
adds what its pieces are.
frame_png(layout, frame, path) draws only the LEDs, for test failures.
The centre pixel of every LED dot is exactly that LED's colour.
"""

import math

from PIL import Image, ImageChops, ImageDraw, ImageFilter, ImageFont

from nightboard.table import palette as P
from nightboard_host import hooks

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


def table_at(profile, game):
    """A Table showing `game` (an engine state), ticked once on a simulated clock at 0."""
    from nightboard.hal.sim import SimClock, make_sim_hal
    from nightboard.table.app import Table

    hal = make_sim_hal(profile, clock=SimClock(0))
    t = Table(profile, hal, {"game": game.to_json()["game"], "position": game.to_json()})
    t.tick()
    return t


def hold_look(table, seat):
    """The seat's player holds look (its private panel lights, as on the board), a few frames on."""
    b = table.button_id(seat, "look")
    table.hal.buttons.press(b)
    for _ in range(3):
        table.hal.clock.advance(table.frame_ms)
        table.tick()


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


def draw_panels(img, canvas, layout, players):
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
        playing = p < players
        col = P.SEAT[p] if p < len(P.SEAT) else (200, 200, 200)
        cx, cy = canvas.px(mx, my)
        d.polygon(rotated_rect(cx, cy, ax, ay, (n / 2 + 0.55) * s, 0.6 * s), fill=PLATE,
                  outline=col if playing else EMPTY_SLOT, width=max(1, int(0.06 * s)))
        angle = math.degrees(math.atan2(ux, uy))
        name = P.SEAT_NAMES[p] if p < len(P.SEAT_NAMES) else "player %d" % p
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
        if layout.hand_w:
            _hand_plate(d, canvas, layout, p, col if playing else EMPTY_SLOT)


def _hand_plate(d, canvas, layout, p, outline):
    """A seat's private hand panel: a hood-dark plate under its cells, outlined in the seat's colour."""
    s = canvas.scale
    w, h = layout.hand_w, layout.hand_h
    a = canvas.pos[layout.hand_led(p, 0, 0)]
    b = canvas.pos[layout.hand_led(p, w - 1, 0)]
    c = canvas.pos[layout.hand_led(p, w - 1, h - 1)]
    ax, ay = b[0] - a[0], b[1] - a[1]
    n = math.hypot(ax, ay) or 1.0
    ax, ay = ax / n, ay / n
    cx, cy = canvas.px((a[0] + c[0]) / 2, (a[1] + c[1]) / 2)
    d.polygon(rotated_rect(cx, cy, ax, ay, (w / 2.0 + 0.1) * s, (h / 2.0 + 0.1) * s), fill=(8, 8, 10),
              outline=outline, width=max(1, int(0.04 * s)))


def render_table(table, size=900):
    """The table now, as a size x size RGB image that looks like the physical board: the game's own
    picture (its "snapshot" hook), else the LEDs, the panels and the table's description."""
    own = hooks.hook(table.program["name"], "snapshot") if table.program is not None else None
    if own is not None:
        return own(table, size)
    lay = table.layout
    canvas = Canvas(lay, size)
    img = Image.new("RGBA", (size, size), TABLE_TOP + (255,))
    game = table.game
    draw_panels(img, canvas, lay, game.players_count() if game is not None else 0)
    lines = ["Nightboard, table %s" % lay.name] + list(table.describe())
    put_lines(img, lines, size)
    draw_leds(img, canvas, table.frame.rgb)
    return img.convert("RGB")


def put_lines(img, lines, size):
    """Lines of text in the picture's top left corner."""
    f = font(max(10, size // 56))
    for i in range(len(lines)):
        put(img, text_image(lines[i], f, LABEL_DIM), size // 60, size // 60 + i * (font_px(f) + 4))


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
