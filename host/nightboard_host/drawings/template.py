"""A table's mechanical plan from its profile: its dimensions (dimensions()) and a printable template at
1:1 (template_svg(): millimetres, A4 pages marked for taping together), for the maker who cuts the board.

Every LED sits where Layout.geometry() puts it (the pictures, the firmware and the template agree), scaled by
the LED pitch: strip with 60 LEDs a metre (16.7 mm) unless told otherwise. Each LED is a 5 mm square to mark
(a WS2812B's body), with its number in the chain; a ring's cards are marked between their LEDs; each seat
gets its panel's outline and four 12 mm button holes (mode, move, look, ok) beside it; the box is the
outline of all of it with a rim. A 100 mm bar checks the print's scale.
"""

import math
from typing import Any

from nightboard.table.layout import Layout
from nightboard.table.palette import SEAT_NAMES
from nightboard.table.profile import BLOOD_LEDS, STATUS_LEDS
from nightboard_host.drawings import wiring as Wg
from nightboard_host.drawings.svg import hex_colour

STRIP_PITCH_MM = 1000.0 / 60  # strip with 60 LEDs a metre
LED_MM = 5.0  # a WS2812B's body
BUTTON_MM = 12.0  # the hole of a 12 mm push button
BUTTON_PITCH_MM = 22.0  # between two buttons' centres
BUTTON_OUT = 1.3  # the buttons' row, in LED pitches beyond the panel's line (clear of a hand panel at 2.4)
RIM_MM = 20.0  # the box's rim around the outermost LED or button
PAGE_MM = (190.0, 277.0)  # what an A4 page prints, portrait, with its margins
ROLES = ("mode", "move", "look", "ok")


def _seat_vectors(lay, geo, p):
    """(centre x, y, outwards ux, uy, along rx, ry) of seat p's small panel, in geometry units."""
    pts = [(x, y) for i, x, y, _s in geo if i in (lay.blood_led(p, 0), lay.status_led(p, 2))]
    (ax, ay), (bx, by) = pts[0], pts[1]
    cx, cy = (ax + bx) / 2, (ay + by) / 2
    d = math.hypot(cx, cy) or 1.0
    ln = math.hypot(bx - ax, by - ay) or 1.0
    return cx, cy, cx / d, cy / d, (bx - ax) / ln, (by - ay) / ln


def buttons(profile, pitch=STRIP_PITCH_MM):
    """[(seat, role, x mm, y mm)]: four buttons a seat in a row beside its small panel, away from the middle."""
    lay = Layout(profile)
    geo = lay.geometry()
    out = []
    for p in range(lay.max_players):
        cx, cy, ux, uy, rx, ry = _seat_vectors(lay, geo, p)
        for k in range(len(ROLES)):
            t = (k - (len(ROLES) - 1) / 2) * BUTTON_PITCH_MM
            out.append((p, ROLES[k], (cx + BUTTON_OUT * ux) * pitch + t * rx, (cy + BUTTON_OUT * uy) * pitch + t * ry))
    return out


def dimensions(profile, pitch=STRIP_PITCH_MM) -> dict[str, Any]:
    """The table's measures in mm (floats, rounded for print): the LED pitch, the play area, a card's arc on a
    ring, a panel's length, a hand panel's size, the box around all of it and the A4 pages its template takes."""
    lay = Layout(profile)
    geo = lay.geometry()
    play = [(x, y) for i, x, y, s in geo if s == lay.play_id]
    out: dict[str, Any] = {"pitch_mm": round(pitch, 1)}
    if lay.kind == "ring":
        r = max(math.hypot(x, y) for x, y in play)
        out["ring_diameter_mm"] = round(2 * r * pitch + LED_MM, 1)  # across the LEDs' outer edges
        out["ring_leds"] = len(play)
        out["card_arc_mm"] = round(lay.leds_per_card * pitch, 1)
        out["cards"] = len(play) // lay.leds_per_card
    else:
        xs = [x for x, _y in play]
        ys = [y for _x, y in play]
        out["play_width_mm"] = round((max(xs) - min(xs)) * pitch + LED_MM, 1)
        out["play_depth_mm"] = round((max(ys) - min(ys)) * pitch + LED_MM, 1)
    out["panel_length_mm"] = round((BLOOD_LEDS + STATUS_LEDS - 1 + 0.5) * pitch + LED_MM, 1)  # 0.5: the gap
    if lay.hand_w:
        out["hand_panel_mm"] = (round((lay.hand_w - 1) * pitch + LED_MM, 1), round((lay.hand_h - 1) * pitch + LED_MM, 1))
    x0, y0, x1, y1 = _extent(geo, buttons(profile, pitch), pitch)
    out["box_mm"] = (round(x1 - x0, 1), round(y1 - y0, 1))
    out["pages"] = _pages(x1 - x0, y1 - y0)
    return out


def _extent(geo, btns, pitch):
    xs = [x * pitch for _i, x, _y, _s in geo] + [b[2] for b in btns]
    ys = [y * pitch for _i, _x, y, _s in geo] + [b[3] for b in btns]
    edge = max(LED_MM, BUTTON_MM) / 2 + RIM_MM
    return min(xs) - edge, min(ys) - edge, max(xs) + edge, max(ys) + edge


def _pages(w, h):
    """(columns, rows) of A4 pages the template takes."""
    return int(math.ceil(w / PAGE_MM[0])), int(math.ceil(h / PAGE_MM[1]))


def _f(v):
    return "%.1f" % v


def template_svg(profile, pitch=STRIP_PITCH_MM):
    """The printable 1:1 template of a validated profile, as SVG text in millimetres."""
    lay = Layout(profile)
    geo = lay.geometry()
    btns = buttons(profile, pitch)
    dim = dimensions(profile, pitch)
    x0, y0, x1, y1 = _extent(geo, btns, pitch)
    head = 30.0  # room above the box for the title and the scale bar
    w, h = x1 - x0, y1 - y0 + head
    segs = {s["id"]: s for s in profile["segments"]}

    def at(x, y):  # geometry in mm -> page mm
        return x - x0, y - y0 + head

    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%smm" height="%smm" viewBox="0 0 %s %s">'
           % (_f(w), _f(h), _f(w), _f(h)),
           "<style>text{font-family:DejaVu Sans,Helvetica,Arial,sans-serif;fill:#222}"
           ".t{font-size:6px;font-weight:bold}.s{font-size:3.2px}.n{font-size:2.2px}"
           ".cut{fill:none;stroke:#000;stroke-width:0.4}.led{stroke:#333;stroke-width:0.25}"
           ".page{fill:none;stroke:#999;stroke-width:0.2;stroke-dasharray:2,2}"
           ".btn{fill:none;stroke:#2563eb;stroke-width:0.4}.mark{stroke:#777;stroke-width:0.2}</style>",
           '<rect x="0" y="0" width="%s" height="%s" fill="#fff"/>' % (_f(w), _f(h))]
    name = profile["name"]
    box = dim["box_mm"]
    out.append('<text x="4" y="9" class="t">Nightboard %s: template at 1:1 (box %s x %s mm, LED pitch %s mm)</text>'
               % (name, _f(box[0]), _f(box[1]), _f(pitch)))
    out.append('<text x="4" y="15" class="s">Print at 100%% (no fit to page) on %d x %d A4 pages along the dashed '
               'lines, tape them together; the bar must measure 100 mm. Generated from hardware/profiles/%s.json by '
               '`nightboard diagram %s --template`.</text>' % (dim["pages"][0], dim["pages"][1], name, name))
    out.append('<line x1="4" y1="22" x2="104" y2="22" stroke="#000" stroke-width="0.8"/>'
               '<text x="106" y="23.2" class="s">100 mm</text>')
    # A4 pages, for taping
    cols, rows = dim["pages"]
    for c in range(cols + 1):
        out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" class="page"/>' % (
            _f(c * PAGE_MM[0]), _f(head), _f(c * PAGE_MM[0]), _f(h)))
    for r in range(rows + 1):
        out.append('<line x1="0" y1="%s" x2="%s" y2="%s" class="page"/>' % (
            _f(head + r * PAGE_MM[1]), _f(w), _f(head + r * PAGE_MM[1])))
    # the box
    bx, by = at(x0, y0)
    out.append('<rect x="%s" y="%s" width="%s" height="%s" rx="6" class="cut"/>' % (
        _f(bx), _f(by), _f(x1 - x0), _f(y1 - y0)))
    # a ring's cards: a mark between two cards, the card's number inside
    if lay.kind == "ring":
        n = lay.ring_len
        r = n / (2 * math.pi)
        for c in range(n // lay.leds_per_card):
            k = c * lay.leds_per_card
            a = 2 * math.pi * (k - (lay.leds_per_card - 1) / 2 - 0.5) / n
            p1 = at(r * pitch * 0.85 * math.sin(a), -r * pitch * 0.85 * math.cos(a))
            p2 = at(r * pitch * 1.15 * math.sin(a), -r * pitch * 1.15 * math.cos(a))
            out.append('<line x1="%s" y1="%s" x2="%s" y2="%s" class="mark"/>' % (
                _f(p1[0]), _f(p1[1]), _f(p2[0]), _f(p2[1])))
            mid = 2 * math.pi * (k - (lay.leds_per_card - 1) / 2 + (lay.leds_per_card - 1) / 2) / n
            q = at(r * pitch * 0.78 * math.sin(mid), -r * pitch * 0.78 * math.cos(mid) + 1)
            out.append('<text x="%s" y="%s" class="s" text-anchor="middle">card %d</text>' % (_f(q[0]), _f(q[1]), c))
    # every LED: a 5 mm square in its segment's self-test colour, its chain number under it
    for i, x, y, sid in geo:
        px, py = at(x * pitch, y * pitch)
        out.append('<rect x="%s" y="%s" width="%s" height="%s" fill="%s" class="led"/>' % (
            _f(px - LED_MM / 2), _f(py - LED_MM / 2), _f(LED_MM), _f(LED_MM),
            hex_colour(Wg.segment_colour(segs[sid]))))
        out.append('<text x="%s" y="%s" class="n" text-anchor="middle">%d</text>' % (
            _f(px), _f(py + LED_MM / 2 + 2.4), i))
    # each seat's buttons and name
    for p, role, x, y in btns:
        px, py = at(x, y)
        out.append('<circle cx="%s" cy="%s" r="%s" class="btn"/>' % (_f(px), _f(py), _f(BUTTON_MM / 2)))
        out.append('<text x="%s" y="%s" class="n" text-anchor="middle">%s %s</text>' % (
            _f(px), _f(py + 0.8), SEAT_NAMES[p], role))
    out.append("</svg>")
    return "\n".join(out) + "\n"
