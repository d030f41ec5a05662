"""`nightboard diagram`: the wiring diagram of a table, as SVG made from its profile.

wiring_svg(profile)  the Pico's 40 pins drawn from data (wiring.PICO_PINS) with every used pin wired
                     to what it drives, the LED data path (level shifter, series resistor), the 5 V
                     supply, bulk capacitor and VSYS diode, the LED chain in order, and the buttons
                     (to GND, or the key matrix with its diodes).
layout_svg(profile)  the table seen from above (topview.py).

Plain SVG text, no network, no randomness, integers only, so the files committed under hardware/
can be checked against the generator byte for byte. Every used pin's wire is a <g data-pin="GPn">.
"""

from nightboard.table.profile import BLOOD_LEDS
from nightboard_host.drawings import wiring as Wg
from nightboard_host.drawings.svg import (KIND_CLASS, Svg, hex_colour, capacitor_down, diode_down, flag, gnd, resistor,
                                 switch)
from nightboard_host.drawings.topview import layout_svg  # noqa: F401 - `diagram.layout_svg` for the command

# --- the wiring diagram --------------------------------------------------------------------------

W = 1180
PITCH = 26
BODY_X = 470
BODY_W = 260


def wiring_svg(profile):
    """The wiring diagram of a validated profile, as SVG text. DiagramError for a pin the drawn
    pinout does not have (the message names the profile field)."""
    uses = Wg.pin_uses(profile)
    svg = Svg()
    name = profile["name"]
    svg.text(20, 36, "Nightboard %s: wiring" % name, "title")
    if profile["description"]:
        svg.text(20, 58, profile["description"], "note")
    svg.text(20, 76, "Generated from hardware/profiles/%s.json by `nightboard diagram %s`: do not edit by hand."
             % (name, name), "small")
    y = _pico(svg, profile, uses, 100)
    y = _power_and_data(svg, profile, uses, y + 30)
    y = _buttons(svg, profile, uses, y + 30)
    y = _notes(svg, profile, y + 20)
    return svg.document(W, y + 20, "Nightboard %s wiring diagram" % name)


def _pico(svg, profile, uses, y0):
    svg.text(20, y0 + 10, "1. The Pico: every pin, and what the used ones connect to", "h2")
    top = y0 + 60
    h = 24 + 19 * PITCH + 24
    svg.rect(BODY_X + BODY_W // 2 - 28, top - 18, 56, 22, "part", 3)
    svg.text(BODY_X + BODY_W // 2, top - 3, "USB", "small", "middle")
    svg.rect(BODY_X, top, BODY_W, h, "board", 8)
    svg.text(BODY_X + BODY_W // 2, top + h // 2 - 8, "Raspberry Pi", "boardtext", "middle")
    svg.text(BODY_X + BODY_W // 2, top + h // 2 + 10, "Pico (top view)", "boardtext", "middle")
    by_phys = {u["physical"]: u for u in uses}
    power_used = {num: text for num, _n, text in Wg.POWER_USES}
    for num, pname in Wg.PICO_PINS:
        left = num <= 20
        i = num - 1 if left else 40 - num
        py = top + 24 + i * PITCH
        px = BODY_X if left else BODY_X + BODY_W
        svg.rect(px - 5, py - 5, 10, 10, "pad")
        used = num in by_phys or num in power_used
        cls = "pinname used" if used else "pinname"
        if left:
            svg.text(px + 10, py + 4, "%d" % num, "pinnum")
            svg.text(px + 26, py + 4, pname, cls)
        else:
            svg.text(px - 10, py + 4, "%d" % num, "pinnum", "end")
            svg.text(px - 26, py + 4, pname, cls, "end")
        if num in by_phys:
            _pin_wire(svg, by_phys[num], px, py, left)
        elif num in power_used:
            _power_pin(svg, num, pname, power_used[num], px, py, left)
    return top + h


def _pin_wire(svg, u, px, py, left):
    d = -1 if left else 1
    cls = KIND_CLASS[u["kind"]]
    svg.open("use %s" % u["kind"], pin=u["pin"], physical=u["physical"], field=u["field"])
    svg.title("%s (pin %d): %s; through: %s" % (u["pin"], u["physical"], u["to"], u["through"]))
    end = px + d * 60
    svg.line(px + d * 5, py, end, py, cls)
    anchor = "end" if left else "start"
    if u["kind"] == "button":
        switch(svg, end, end + d * 40, py, cls)
        svg.line(end + d * 40, py, end + d * 52, py, cls)
        gnd(svg, end + d * 52, py)
        svg.text(end + d * 66, py + 4, "%s: %s" % (u["pin"], u["label"]), "", anchor)
    elif u["kind"] == "led":
        tip = flag(svg, end, py, "DATA", cls, right=not left, width=56)
        svg.text(tip + d * 8, py + 4, "%s: LED data, to the level shifter (section 2)" % u["pin"], "", anchor)
    else:
        tip = flag(svg, end, py, u["label"], cls, right=not left, width=60)
        svg.text(tip + d * 8, py + 4, "%s: %s" % (u["pin"], u["keys"]), "", anchor)
    svg.close()


def _power_pin(svg, num, pname, text, px, py, left):
    d = -1 if left else 1
    svg.open("power", pin=pname, physical=num)
    svg.title("%s (pin %d): %s" % (pname, num, text))
    end = px + d * 60
    if pname == "VBUS":
        svg.line(px + d * 5, py, px + d * 30, py, "w")
        svg.line(px + d * 30 - 5, py - 5, px + d * 30 + 5, py + 5, "w")
        svg.line(px + d * 30 - 5, py + 5, px + d * 30 + 5, py - 5, "w")
        svg.text(px + d * 44, py + 4, "VBUS: USB 5 V, not connected", "", "start" if d > 0 else "end")
    elif pname == "VSYS":
        svg.line(px + d * 5, py, end, py, "w-5v")
        tip = flag(svg, end, py, "VSYS", "w-5v", right=d > 0, width=56)
        svg.text(tip + d * 8, py + 4, "VSYS: +5 V through the %s (section 2)" % Wg.SCHOTTKY, "",
                 "start" if d > 0 else "end")
    else:
        svg.line(px + d * 5, py, end, py, "w-gnd")
        gnd(svg, end, py)
        svg.text(end + d * 16, py + 4, "GND: the common ground", "", "start" if d > 0 else "end")
    svg.close()


def _power_and_data(svg, profile, uses, y0):
    svg.text(20, y0 + 10, "2. LED data and power", "h2")
    led = [u for u in uses if u["kind"] == "led"][0]
    pw = Wg.power(profile)
    yd = y0 + 80  # the data line
    # Pico data pin -> 74AHCT125 -> 330 ohm -> DIN of the first LED.
    svg.open("data", pin=led["pin"], physical=led["physical"])
    svg.title("%s (pin %d) -> %s" % (led["pin"], led["physical"], led["through"]))
    tip = flag(svg, 40, yd, "%s (pin %d)" % (led["pin"], led["physical"]), "w-led", width=110)
    svg.line(tip, yd, 230, yd, "w-led")
    svg.close()
    cx, cw, ctop, ch = 230, 150, yd - 30, 100
    svg.rect(cx, ctop, cw, ch, "chip", 4)
    svg.text(cx + cw // 2, ctop + 52, Wg.LEVEL_SHIFTER, "chiptext", "middle")
    svg.text(cx + 6, yd + 4, "1A", "chiptext")
    svg.text(cx + 6, yd + 49, "1OE", "chiptext")
    svg.text(cx + cw - 6, yd + 4, "1Y", "chiptext", "end")
    svg.text(cx + cw // 2 - 30, ctop + 14, "VCC", "chiptext", "middle")
    svg.text(cx + cw // 2 + 30, ctop + ch - 6, "GND", "chiptext", "middle")
    svg.poly([(cx, yd + 45), (cx - 20, yd + 45), (cx - 20, yd + 60)], "w-gnd")
    gnd(svg, cx - 20, yd + 60)
    vx = cx + cw // 2 - 30
    svg.line(vx, ctop, vx, ctop - 25, "w-5v")
    flag(svg, vx, ctop - 25, "+5V", "w-5v", width=44)
    gx = cx + cw // 2 + 30
    svg.line(gx, ctop + ch, gx, ctop + ch + 12, "w-gnd")
    gnd(svg, gx, ctop + ch + 12)
    capacitor_down(svg, cx + cw + 40, ctop - 10, ctop + 40, "100 nF", polar=False)
    flag(svg, cx + cw + 40, ctop - 10, "+5V", "w-5v", width=44)
    gnd(svg, cx + cw + 40, ctop + 40)
    svg.line(cx + cw, yd, cx + cw + 20, yd, "w-led")
    svg.line(cx + cw + 20, yd, cx + cw + 20, yd + 60, "w-led")
    resistor(svg, cx + cw + 20, cx + cw + 110, yd + 60, "%d ohm" % Wg.SERIES_OHMS)
    # The LED chain: a column of segments, DOUT -> DIN, +5V rail on the left, GND rail on the right.
    rail5, railg = 760, 1150
    bx, bw, bh, gap = 790, 330, 34, 20
    first_top = yd + 40
    svg.poly([(cx + cw + 110, yd + 60), (cx + cw + 140, yd + 60), (cx + cw + 140, yd + 15),
              (bx + bw // 2, yd + 15), (bx + bw // 2, first_top)], "w-led")
    svg.text(bx + bw // 2 + 8, yd + 30, "DIN of LED 0", "small")
    segs = Wg.chain(profile)
    y = first_top
    mids = []
    for k, (lo, hi, s) in enumerate(segs):
        svg.open("segment", id=s["id"], first=lo, last=hi)
        svg.rect(bx, y, bw, bh, "part", 4)
        svg.rect(bx + 6, y + 7, 20, 20, "led", 3, ' fill="%s"' % hex_colour(Wg.segment_colour(s)))
        svg.text(bx + 34, y + 15, "%s: LEDs %d..%d (%d)" % (s["id"], lo, hi, hi - lo + 1))
        svg.text(bx + 34, y + 28, _short_segment(s), "small")
        svg.close()
        mid = y + bh // 2
        mids.append(mid)
        svg.line(rail5, mid, bx, mid, "w-5v")
        svg.circle(rail5, mid, 3)
        svg.line(bx + bw, mid, railg, mid, "w-gnd")
        svg.circle(railg, mid, 3)
        if k + 1 < len(segs):
            svg.raw('<line x1="%d" y1="%d" x2="%d" y2="%d" class="arrow"/>'
                    % (bx + bw // 2, y + bh, bx + bw // 2, y + bh + gap - 1))
            svg.text(bx + bw // 2 + 8, y + bh + 14, "DOUT -> DIN", "small")
        y += bh + gap
    last_mid = mids[-1]
    # The supply, bulk capacitor and the Pico's VSYS diode, feeding the chain's start.
    ys = yd + 150
    svg.rect(40, ys - 20, 170, 100, "part", 6)
    svg.text(125, ys + 10, "5 V DC supply", "", "middle")
    svg.text(125, ys + 28, "%d.%d A or more" % (pw["supply_ma"] // 1000, pw["supply_ma"] % 1000 // 100), "used",
             "middle")
    svg.text(200, ys + 4, "+", "", "end")
    svg.text(200, ys + 64, "-", "", "end")
    top5 = min(first_top, ys)
    svg.line(210, ys, rail5, ys, "w-5v")
    svg.line(rail5, top5 + bh // 2, rail5, max(last_mid, ys), "w-5v")
    svg.circle(rail5, ys, 3)
    svg.text(rail5 - 6, ys - 8, "+5V", "small", "end")
    svg.line(210, ys + 60, 240, ys + 60, "w-gnd")
    gnd(svg, 240, ys + 60)
    svg.line(railg, first_top + bh // 2, railg, last_mid + 30, "w-gnd")
    gnd(svg, railg, last_mid + 30)
    svg.circle(300, ys, 3)
    capacitor_down(svg, 300, ys, ys + 70, "%d uF (at the chain's start)" % Wg.BULK_UF)
    gnd(svg, 300, ys + 70)
    svg.open("power", pin="VSYS", physical=39)
    svg.circle(540, ys, 3)
    diode_down(svg, 540, ys, ys + 60, "w-5v")
    svg.text(552, ys + 34, Wg.SCHOTTKY, "small")
    flag(svg, 540, ys + 60, "VSYS (pin 39)", "w-5v", width=104)
    svg.close()
    svg.open("power", pin="GND", physical=38)
    flag(svg, 40, ys + 130, "GND (pin 38)", "w-gnd", width=100)
    svg.line(140, ys + 130, 160, ys + 130, "w-gnd")
    gnd(svg, 160, ys + 130)
    svg.close()
    svg.text(40, ys + 180, "Budget %d mA for the LEDs (power.budget_ma): the firmware dims any frame that would draw"
             " more." % pw["budget_ma"], "note")
    svg.text(40, ys + 198, "Long chains: bring +5V and GND to the far end too (power injection), not only"
             " through the strips.", "note")
    return max(ys + 210, last_mid + 60)


def _short_segment(s):
    k = s["kind"]
    if k == "ring":
        return "ring, %d positions x %d, card 0 at +%d, %s" % (
            s["positions"], s["leds_per_position"], s["card0"], "clockwise" if s["clockwise"] else "anticlockwise")
    if k == "grid":
        return "%dx%d %s, %s, starts %s" % (s["width"], s["height"], "hex grid" if s.get("hex") else "grid",
                                              "serpentine" if s["serpentine"] else "progressive", s["origin"])
    if k == "panel":
        return "seat %d: blood 0..%d, then status 0..2" % (s["player"], BLOOD_LEDS - 1)
    if k == "hand":
        return "seat %d's private hand panel, %dx%d, %s, starts %s" % (
            s["player"], s["width"], s["height"], "serpentine" if s["serpentine"] else "progressive", s["origin"])
    return "stays dark"


def _buttons(svg, profile, uses, y0):
    b = profile["buttons"]
    if b["kind"] == "gpio":
        return _gpio_buttons(svg, profile, uses, y0)
    return _matrix(svg, profile, uses, y0)


def _gpio_buttons(svg, profile, uses, y0):
    svg.text(20, y0 + 10, "3. Buttons: each between its GPIO and GND (the Pico's pull-up is used)", "h2")
    keys = profile["buttons"]["keys"]
    by_field = {u["field"]: u for u in uses}
    y = y0 + 50
    for p in range(profile["max_players"]):
        svg.text(20, y + 4, "seat %d" % p, "used")
        x = 90
        for i, k in enumerate(keys):
            if k["player"] != p:
                continue
            u = by_field["buttons.keys[%d].pin" % i]
            tip = flag(svg, x, y, "%s" % u["pin"], "w-button", width=48)
            svg.line(tip, y, tip + 10, y, "w-button")
            switch(svg, tip + 10, tip + 50, y, "w-button")
            svg.line(tip + 50, y, tip + 60, y, "w-button")
            gnd(svg, tip + 60, y)
            svg.text(x, y + 24, "%s (button %d)" % (k["role"], i), "small")
            x += 250
        y += 56
    return y


def _matrix(svg, profile, uses, y0):
    b = profile["buttons"]
    keys = b["keys"]
    grid = Wg.matrix(profile)
    svg.text(20, y0 + 10, "3. Buttons: a key matrix, one diode per key with its band towards the row", "h2")
    svg.text(20, y0 + 30, "The firmware pulls one row low at a time and reads the columns (pull-ups): a pressed key"
             " pulls its column low through its diode.", "note")
    x0, top = 40, y0 + 80
    cw, rh = 200, 84
    rows, cols = len(b["rows"]), len(b["cols"])
    xs = [x0 + 150 + c * cw for c in range(cols)]
    ys = [top + 80 + r * rh for r in range(rows)]
    right = xs[-1] + 110
    bottom = ys[-1] + 20
    for c in range(cols):
        pin = "GP%d" % b["cols"][c]
        svg.open("matrix-col", pin=pin, col=c)
        flag(svg, xs[c] - 34, top, "COL %d %s" % (c, pin), "w-col", width=96)
        svg.line(xs[c], top + 10, xs[c], bottom, "w-col")
        svg.close()
    for r in range(rows):
        pin = "GP%d" % b["rows"][r]
        svg.open("matrix-row", pin=pin, row=r)
        tip = flag(svg, x0, ys[r], "ROW %d %s" % (r, pin), "w-row", width=100)
        svg.line(tip, ys[r], right, ys[r], "w-row")
        svg.close()
    for r in range(rows):
        for c in range(cols):
            i = grid[r][c]
            if i is None:
                continue
            k = keys[i]
            ky = ys[r] - 46
            svg.open("key", button=i, row=r, col=c)
            svg.title("button %d: %s" % (i, Wg.key_name(k)))
            svg.circle(xs[c], ky, 3)
            svg.line(xs[c], ky, xs[c] + 16, ky, "w-col")
            switch(svg, xs[c] + 16, xs[c] + 56, ky, "w-button")
            svg.poly([(xs[c] + 56, ky), (xs[c] + 80, ky), (xs[c] + 80, ky + 8)], "w-button")
            diode_down(svg, xs[c] + 80, ky + 8, ys[r], "w-row")
            svg.circle(xs[c] + 80, ys[r], 3)
            svg.text(xs[c] + 92, ky + 26, "%s (%d)" % (Wg.key_name(k), i), "small")
            svg.close()
    return bottom + 20


def _notes(svg, profile, y0):
    lines = [
        "One common ground: the supply's GND, every LED strip's GND, the level shifter and a Pico GND pin.",
        "Keep the wire from the 330 ohm resistor to the first LED's DIN short; the resistor sits at the LED end.",
        "Plug in the supply before (or with) USB, and never feed the LEDs from the Pico's 3V3 pin.",
        "Check the build with the self-test (start menu, or `nightboard selftest`): each segment, each LED, then each button.",
    ]
    y = y0
    for s in lines:
        svg.text(20, y + 14, s, "note")
        y += 18
    return y + 4
