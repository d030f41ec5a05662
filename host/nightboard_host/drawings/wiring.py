"""What a board profile asks the builder to wire: the Pico's pins, what each used pin drives and
through what, the LED chain in order, the key matrix, the parts and the power figures.

One model, read by the SVG diagram (diagram.py) and the Markdown build sheet (bom.py), both made
from the validated profile, so neither can disagree with the firmware that reads the same file.
"""

from nightboard.table.profile import BLOOD_LEDS, ROLES, STATUS_LEDS, segment_span
from nightboard.table.selftest import segment_colour  # noqa: F401 - drawn in the colours the self-test lights

# The Raspberry Pi Pico's 40 pins (RP2040 datasheet, "Pico pinout"): physical number and name.
# Pins 1..20 run down the left edge with the USB connector at the top, 21..40 up the right edge.
PICO_PINS = (
    (1, "GP0"), (2, "GP1"), (3, "GND"), (4, "GP2"), (5, "GP3"), (6, "GP4"), (7, "GP5"), (8, "GND"),
    (9, "GP6"), (10, "GP7"), (11, "GP8"), (12, "GP9"), (13, "GND"), (14, "GP10"), (15, "GP11"),
    (16, "GP12"), (17, "GP13"), (18, "GND"), (19, "GP14"), (20, "GP15"),
    (21, "GP16"), (22, "GP17"), (23, "GND"), (24, "GP18"), (25, "GP19"), (26, "GP20"), (27, "GP21"),
    (28, "GND"), (29, "GP22"), (30, "RUN"), (31, "GP26"), (32, "GP27"), (33, "AGND"), (34, "GP28"),
    (35, "ADC_VREF"), (36, "3V3"), (37, "3V3_EN"), (38, "GND"), (39, "VSYS"), (40, "VBUS"),
)
GPIO_PHYSICAL = {int(name[2:]): num for num, name in PICO_PINS if name.startswith("GP")}
KNOWN_GPIOS = "GP0..GP22, GP26..GP28"

# The power pins the build uses, with what goes there.
POWER_USES = (
    (40, "VBUS", "USB's 5 V: leave it unconnected when the LEDs have their own supply (see power.md)"),
    (39, "VSYS", "+5 V from the supply, through the Schottky diode (band towards VSYS)"),
    (38, "GND", "the common ground: supply GND, LED GND, level shifter GND"
                " (every GND pin of the Pico is the same ground)"),
)

PICO_MA = 200  # Pico, level shifter and a margin, on top of the LEDs' budget
SUPPLY_STEP_MA = 500  # supplies come in half-amp steps
USB_MA = 500  # what a USB 2 port promises
USB_LED_BUDGET_MA = 400  # leaves about 100 mA of a USB port for the Pico

LEVEL_SHIFTER = "74AHCT125"
SERIES_OHMS = 330
BULK_UF = 1000
SCHOTTKY = "1N5817"
MATRIX_DIODE = "1N4148"


class DiagramError(ValueError):
    """A profile the diagram cannot draw; the message names the field."""


def key_name(key):
    return "p%d %s" % (key["player"], key["role"])


def gpio_name(n):
    return "GP%d" % n


def physical(field, gpio):
    """The Pico's physical pin number of a GPIO; DiagramError for a pin not on the drawn pinout."""
    if not isinstance(gpio, int) or isinstance(gpio, bool):
        raise DiagramError("%s: must be a GPIO number (got %r)" % (field, gpio))
    if gpio not in GPIO_PHYSICAL:
        raise DiagramError("%s: GP%d is not on the Pico pinout this diagram draws (%s)"
                           % (field, gpio, KNOWN_GPIOS))
    return GPIO_PHYSICAL[gpio]


def describe_segment(seg):
    """One line about a segment, for the chain table."""
    lo, hi = segment_span(seg)
    k = seg["kind"]
    if k == "ring":
        turn = "clockwise" if seg["clockwise"] else "anticlockwise"
        first = lo + seg["card0"]
        return ("ring of %d card positions x %d LEDs; card 0 starts at LED %d; going up the chain goes %s"
                % (seg["positions"], seg["leds_per_position"], first, turn))
    if k == "grid":
        return ("%dx%d %s, %s, LED %d in the %s corner (seen from seat 0)"
                % (seg["width"], seg["height"], _grid_word(seg),
                   "serpentine" if seg["serpentine"] else "rows all the same way", lo, seg["origin"]))
    if k == "panel":
        return ("seat %d: blood LEDs %d..%d, then status LEDs %d..%d"
                % (seg["player"], lo, lo + BLOOD_LEDS - 1, lo + BLOOD_LEDS, lo + BLOOD_LEDS + STATUS_LEDS - 1))
    if k == "hand":
        return ("seat %d's private hand panel: %dx%d, %s, LED %d in its %s corner (seen from that seat)"
                % (seg["player"], seg["width"], seg["height"],
                   "serpentine" if seg["serpentine"] else "rows all the same way", lo, seg["origin"]))
    return "%d LEDs that stay dark" % (hi - lo + 1)


def _grid_word(seg):
    if seg.get("hex"):
        return "hex grid (rows 2, 4, 6... half an LED to the right)"
    return "grid"


def chain(profile):
    """[(first, last, segment)] in chain order."""
    out = [(segment_span(s)[0], segment_span(s)[1], s) for s in profile["segments"]]
    out.sort(key=lambda e: e[0])
    return out


def pin_uses(profile):
    """Every GPIO the profile uses, sorted by GPIO number: dicts with gpio, pin (GPn), physical,
    kind (led, button, row, col), field (the profile field), label, to (what it drives) and
    through (what sits in between). DiagramError for a pin the pinout does not have."""
    uses = []
    led = profile["led"]
    first = chain(profile)[0][2]
    uses.append({
        "gpio": led["pin"], "kind": "led", "field": "led.pin", "label": "LED data",
        "to": "DIN of LED 0 (the first LED of segment %s)" % first["id"],
        "through": "%s buffer (1A in, 1Y out, 1OE and GND to ground, VCC to +5 V), then a %d ohm resistor"
                   % (LEVEL_SHIFTER, SERIES_OHMS),
    })
    b = profile["buttons"]
    keys = b["keys"]
    if b["kind"] == "gpio":
        for i, k in enumerate(keys):
            uses.append({
                "gpio": k["pin"], "kind": "button", "field": "buttons.keys[%d].pin" % i,
                "label": "%s (button %d)" % (key_name(k), i),
                "to": "button %s (button %d); its other leg to GND" % (key_name(k), i),
                "through": "nothing: the Pico's internal pull-up holds the pin high, a press pulls it low",
            })
    else:
        for r, pin in enumerate(b["rows"]):
            on = [i for i in range(len(keys)) if keys[i]["row"] == r]
            uses.append({
                "gpio": pin, "kind": "row", "field": "buttons.rows[%d]" % r, "label": "ROW %d" % r,
                "keys": keys_text(keys, on),
                "to": "matrix row %d: the band (cathode) end of the diode of %s"
                      % (r, _key_list(keys, on) or "no key"),
                "through": "one %s diode per key; the firmware drives one row low at a time" % MATRIX_DIODE,
            })
        for c, pin in enumerate(b["cols"]):
            on = [i for i in range(len(keys)) if keys[i]["col"] == c]
            uses.append({
                "gpio": pin, "kind": "col", "field": "buttons.cols[%d]" % c, "label": "COL %d" % c,
                "keys": keys_text(keys, on),
                "to": "matrix column %d: one leg of the button of %s" % (c, _key_list(keys, on) or "no key"),
                "through": "nothing: read with the internal pull-up",
            })
    for u in uses:
        u["physical"] = physical(u["field"], u["gpio"])
        u["pin"] = gpio_name(u["gpio"])
    seen = {}
    for u in uses:
        if u["gpio"] in seen:
            raise DiagramError("%s: GP%d already used by %s" % (u["field"], u["gpio"], seen[u["gpio"]]))
        seen[u["gpio"]] = u["field"]
    uses.sort(key=lambda u: u["gpio"])
    return uses


def _key_list(keys, ids):
    return ", ".join("%s (button %d)" % (key_name(keys[i]), i) for i in ids)


def keys_text(keys, ids):
    """A short name for a matrix line's keys: "p0: mode, move, look, ok" when they are one player's,
    "mode of p0, p1, p2" when they share a role, else each key's name."""
    if not ids:
        return "no key"
    players = [keys[i]["player"] for i in ids]
    roles = [keys[i]["role"] for i in ids]
    if len(set(players)) == 1:
        return "p%d: %s" % (players[0], ", ".join(roles))
    if len(set(roles)) == 1:
        return "%s of %s" % (roles[0], ", ".join("p%d" % p for p in players))
    return ", ".join(key_name(keys[i]) for i in ids)


def matrix(profile):
    """The key matrix as rows x cols of button ids (None where no key sits); None for gpio buttons."""
    b = profile["buttons"]
    if b["kind"] != "matrix":
        return None
    grid = [[None] * len(b["cols"]) for _ in b["rows"]]
    for i, k in enumerate(b["keys"]):
        grid[k["row"]][k["col"]] = i
    return grid


def power(profile):
    """The power figures of a profile (all in mA, integers), computed as the firmware's encoder does."""
    led = profile["led"]
    n = led["count"]
    ma = led["ma_per_channel"]
    idle = led["idle_ma_per_led"] * n
    bright = profile["power"]["brightness"]
    budget = profile["power"]["budget_ma"]
    full = 3 * 255 * n * ma // 255 + idle  # every LED white at brightness 255
    at_brightness = 3 * bright * n * ma // 255 + idle  # white at the profile's brightness (gamma(255) = 255)
    supply = -(-(budget + PICO_MA) // SUPPLY_STEP_MA) * SUPPLY_STEP_MA
    return {
        "leds": n, "ma_per_channel": ma, "idle_ma": idle, "brightness": bright, "budget_ma": budget,
        "full_white_ma": full, "white_at_brightness_ma": at_brightness,
        "limited_at_brightness": at_brightness > budget,
        "supply_ma": supply, "usb_only_ok": budget <= USB_LED_BUDGET_MA,
    }


def parts(profile):
    """The parts list: [(quantity, part, note)]."""
    pw = power(profile)
    out = [(1, "Raspberry Pi Pico (RP2040), with MicroPython 1.22 or newer", "the brain; header pins or solder pads")]
    for first, last, s in chain(profile):
        n = last - first + 1
        k = s["kind"]
        if k == "ring":
            what = "WS2812B LEDs for the ring (segment %s): %d positions x %d" % (
                s["id"], s["positions"], s["leds_per_position"])
            note = "a ring, or strip cut to length and laid in a circle"
        elif k == "grid":
            what = "WS2812B LEDs for the %dx%d grid (segment %s)" % (s["width"], s["height"], s["id"])
            note = "an %dx%d matrix panel (%s)" % (s["width"], s["height"],
                                                 "serpentine" if s["serpentine"] else "progressive rows")
            if s.get("hex"):
                what = "WS2812B LEDs for the %dx%d hex grid (segment %s)" % (s["width"], s["height"], s["id"])
                note = ("%d pieces of %d cut from a strip or reel (%s), rows 2, 4, 6... half an LED pitch to the"
                        " right, rows 0.866 pitch apart" % (
                            s["height"], s["width"], "serpentine" if s["serpentine"] else "progressive rows"))
        elif k == "panel":
            what = "WS2812B LEDs for panel %s (seat %d): 8 blood + 3 status" % (s["id"], s["player"])
            note = "a piece of strip, %d LEDs" % n
        elif k == "hand":
            what = "WS2812B LEDs for hand panel %s (seat %d): %dx%d, private" % (
                s["id"], s["player"], s["width"], s["height"])
            note = ("%d rows of %d cut from a 60 LED/m strip (%s), under a diffuser, behind a hood that"
                    " only seat %d can see into" % (s["height"], s["width"],
                                                   "serpentine" if s["serpentine"] else "progressive rows",
                                                   s["player"]))
        else:
            what = "WS2812B LEDs in the dark stretch %s" % s["id"]
            note = "in the chain but never lit"
        out.append((n, what, note))
    out.append((pw["leds"], "LEDs in all (led.count), colour order %s" % profile["led"]["order"],
                "the sum of the lines above"))
    keys = profile["buttons"]["keys"]
    out.append((len(keys), "momentary push buttons, normally open",
                "%d per seat: mode, move, look, ok" % len(ROLES)))
    if profile["buttons"]["kind"] == "matrix":
        out.append((len(keys), "%s signal diodes" % MATRIX_DIODE, "one per button, band towards the row wire"))
    out += [
        (1, "%s quad buffer (3.3 V -> 5 V level shifter)" % LEVEL_SHIFTER,
         "powered from +5 V; its inputs read the Pico's 3.3 V as high; tie the unused inputs"
         " (2A..4A) and enables (2OE..4OE) to GND"),
        (1, "100 nF ceramic capacitor", "across the %s's VCC and GND" % LEVEL_SHIFTER),
        (1, "%d ohm resistor" % SERIES_OHMS, "in the data line, right at the first LED's DIN"),
        (1, "%d uF electrolytic capacitor, 10 V or more" % BULK_UF,
         "across +5 V and GND where the supply meets the chain (mind the polarity)"),
        (1, "5 V DC supply, %d.%d A or more" % (pw["supply_ma"] // 1000, pw["supply_ma"] % 1000 // 100),
         "LED budget %d mA + %d mA for the Pico and margin" % (pw["budget_ma"], PICO_MA)),
        (1, "%s Schottky diode" % SCHOTTKY, "from +5 V to the Pico's VSYS, so USB can stay plugged in"),
        (1, "DC jack or screw terminal", "for the supply"),
        (1, "wire", "0.5 mm2 (20 AWG) for +5 V and GND to the LEDs, thin wire for data and buttons"),
    ]
    return out
