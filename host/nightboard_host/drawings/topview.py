"""The table seen from above, as SVG: every LED (with its chain index) where Layout.geometry() puts it,
in its segment's self-test colour, card 0, which way is clockwise, and each seat's panel.
`nightboard diagram PROFILE --layout` prints it; hardware/<profile>/layout.svg is it."""

import math
from xml.sax.saxutils import escape

from nightboard.table.layout import Layout
from nightboard.table.profile import BLOOD_LEDS
from nightboard_host.drawings import wiring as Wg
from nightboard_host.drawings.svg import Svg, hex_colour

def layout_svg(profile, size=900):
    """The table seen from above: every LED (with its chain index) where Layout.geometry() puts it,
    in its segment's self-test colour, card 0, the clockwise direction and each seat's panel."""
    lay = Layout(profile)
    geo = lay.geometry()
    svg = Svg()
    name = profile["name"]
    ext = max(max(abs(x), abs(y)) for _i, x, y, _s in geo) + 2.5
    head = 90
    scale = (size - 80) / (2 * ext)
    cx, cy = size // 2, head + (size - 80) // 2 + 40

    def at(x, y):
        return int(round(cx + x * scale)), int(round(cy + y * scale))

    svg.text(20, 36, "Nightboard %s: the table from above" % name, "title")
    svg.text(20, 58, "Each circle is an LED with its number in the chain; seat 0 sits at the bottom, the other "
             "seats follow clockwise.", "note")
    svg.text(20, 76, "Generated from hardware/profiles/%s.json by `nightboard diagram %s --layout`: do not edit"
             " by hand." % (name, name), "small")
    segs = {s["id"]: s for s in profile["segments"]}
    r = max(5, int(scale * 0.42))
    pos = {}
    for i, x, y, sid in geo:
        px, py = at(x, y)
        pos[i] = (px, py)
        svg.circle(px, py, r, "led", ' fill="%s"' % hex_colour(_light(Wg.segment_colour(segs[sid]))))
        svg.text(px, py + 3, "%d" % i, "ledtext", "middle")
    # Card 0 and the way round.
    first = [pos[lay.ring_led(k)] for k in range(lay.leds_per_card)]
    x0 = sum(q[0] for q in first) // len(first)
    y0 = sum(q[1] for q in first) // len(first)
    side = 1 if lay.kind == "grid" else -1  # the label outside a grid's corner, inside a ring
    ox, oy = _outwards(x0, y0, cx, cy, side * 4 * r)
    ex, ey = _outwards(x0, y0, cx, cy, side * (r + 4))
    svg.raw('<line x1="%d" y1="%d" x2="%d" y2="%d" class="arrow"/>' % (ox, oy, ex, ey))
    lx, ly = _outwards(x0, y0, cx, cy, side * 5 * r)
    svg.text(lx, ly + 4, "card 0", "used", "middle")
    _clockwise(svg, lay, pos, cx, cy, r)
    # Seats: a label along each panel, on its outer side.
    for p in range(lay.max_players):
        a = pos[lay.blood_led(p, 0)]
        b = pos[lay.status_led(p, 2)]
        mx, my = (a[0] + b[0]) // 2, (a[1] + b[1]) // 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        norm = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / norm, dx / norm  # across the panel, away from the middle of the table
        if nx * (mx - cx) + ny * (my - cy) < 0:
            nx, ny = -nx, -ny
        tx, ty = int(round(mx + nx * (r + 16))), int(round(my + ny * (r + 16)))
        angle = int(round(math.degrees(math.atan2(b[1] - a[1], b[0] - a[0]))))
        if angle > 90:
            angle -= 180
        elif angle < -90:
            angle += 180
        label = "seat %d (%s): blood %d..%d, status %d..%d" % (
            p, _panel_id(profile, p), lay.blood_led(p, 0), lay.blood_led(p, BLOOD_LEDS - 1),
            lay.status_led(p, 0), lay.status_led(p, 2))
        svg.raw('<text x="%d" y="%d" class="small" text-anchor="middle" dominant-baseline="middle" '
                'transform="rotate(%d %d %d)">%s</text>' % (tx, ty, angle, tx, ty, escape(label)))
    play = lay.play_id
    if lay.kind == "ring":
        what = "The ring (segment %s): %d card positions of %d LEDs each, numbered clockwise from card 0." % (
            play, lay.positions, lay.leds_per_card)
    else:
        what = ("The %s (segment %s): %dx%d cells; ring games use its %d outer cells, clockwise from the"
                " top-left one (card 0)." % ("hex grid" if lay.hex else "grid", play, lay.width, lay.height,
                                             lay.positions))
    svg.text(20, cy + int(ext * scale) + 30, what, "note")
    return svg.document(size, cy + int(ext * scale) + 50, "Nightboard %s table layout" % name)


def _panel_id(profile, p):
    for s in profile["segments"]:
        if s["kind"] == "panel" and s["player"] == p:
            return s["id"]
    return "?"


def _light(c):
    return (128 + c[0] // 2, 128 + c[1] // 2, 128 + c[2] // 2)


def _outwards(x, y, cx, cy, dist):
    dx, dy = x - cx, y - cy
    n = math.hypot(dx, dy) or 1.0
    return int(round(x + dx / n * dist)), int(round(y + dy / n * dist))


def _clockwise(svg, lay, pos, cx, cy, r):
    """An arrow from card 0 a quarter of the way round, clockwise: just inside a ring, just above a
    grid's top row."""
    n = lay.ring_len
    pts = []
    if lay.kind == "grid":
        for j in range(1, lay.width):
            x, y = pos[lay.ring_led(j)]
            pts.append((x, y - r - 12))
        mx = (pts[0][0] + pts[-1][0]) // 2
        svg.raw('<polyline points="%s" class="arrow"/>' % " ".join("%d,%d" % p for p in pts))
        svg.text(mx, pts[0][1] - 8, "clockwise (card 0, 1, 2 ...)", "used", "middle")
        return
    for j in range(lay.leds_per_card + 1, lay.leds_per_card + n // 4 + 1):
        x, y = pos[lay.ring_led(j)]
        pts.append(_outwards(x, y, cx, cy, -(2 * r + 4)))
    svg.raw('<polyline points="%s" class="arrow"/>' % " ".join("%d,%d" % p for p in pts))
    mx, my = pts[len(pts) // 2]
    tx, ty = _outwards(mx, my, cx, cy, -(3 * r))
    svg.text(tx, ty, "clockwise", "used", "middle")
    svg.text(tx, ty + 14, "(card 0, 1, 2 ...)", "small", "middle")
