"""The build sheet of a table as Markdown: wiring table, LED chain, key matrix, parts list, power, dimensions
(with its 1:1 template, template.py) and a cost estimate from the parts list (PRICES).

Made from the validated profile through the same model as the SVG diagram (wiring.py), so the sheet,
the picture and the firmware cannot disagree. `nightboard diagram PROFILE --sheet` prints it; the
sheets under hardware/<profile>/README.md are these, checked by a test.
"""

from nightboard_host.drawings import template as T
from nightboard_host.drawings import wiring as Wg

# Assumed single-unit hobby-shop prices in euros (2026), to size a budget, not quotes: the first key found in a
# part's name prices it; (euros, per how many). LEDs are priced as 60 LED/m strip, the cheapest way to buy them.
PRICES = (
    ("LEDs in all", (0.10, 1)),
    ("Raspberry Pi Pico", (4.50, 1)),
    ("push buttons", (0.25, 1)),
    ("signal diodes", (0.03, 1)),
    ("quad buffer", (0.60, 1)),
    ("ceramic capacitor", (0.05, 1)),
    ("ohm resistor", (0.03, 1)),
    ("electrolytic capacitor", (0.30, 1)),
    ("5 V DC supply", (4.00, 1)),  # and 2.00 an ampere: supply_cost()
    ("Schottky diode", (0.10, 1)),
    ("DC jack", (0.60, 1)),
    ("wire", (3.00, 1)),
)
SUPPLY_PER_A = 2.00
NOT_PRICED = "the box, diffuser, solder and tools"


def _table(head, rows):
    out = ["| " + " | ".join(head) + " |", "| " + " | ".join("---" for _ in head) + " |"]
    for r in rows:
        out.append("| " + " | ".join(str(c).replace("|", "/") for c in r) + " |")
    return out


def wiring_table(profile):
    """Markdown lines: one row per used Pico pin (GPIOs, then the power pins)."""
    rows = []
    for u in Wg.pin_uses(profile):
        rows.append((u["physical"], u["pin"], u["to"], u["through"], "`%s`" % u["field"]))
    for num, name, text in Wg.POWER_USES:
        rows.append((num, name, text, "", ""))
    return _table(("Pico pin", "GPIO", "connects to", "through", "profile field"), rows)


def chain_table(profile):
    rows = []
    for lo, hi, s in Wg.chain(profile):
        rows.append(("%d..%d" % (lo, hi), s["id"], s["kind"], Wg.describe_segment(s)))
    return _table(("LEDs", "segment", "kind", "what it is"), rows)


def matrix_table(profile):
    """Markdown lines of the key matrix (rows x columns), or [] for direct GPIO buttons."""
    grid = Wg.matrix(profile)
    if grid is None:
        return []
    b = profile["buttons"]
    keys = b["keys"]
    head = [""] + ["col %d (GP%d)" % (c, b["cols"][c]) for c in range(len(b["cols"]))]
    rows = []
    for r in range(len(grid)):
        cells = ["row %d (GP%d)" % (r, b["rows"][r])]
        for i in grid[r]:
            cells.append("-" if i is None else "%s (button %d)" % (Wg.key_name(keys[i]), i))
        rows.append(cells)
    return _table(head, rows)


def parts_table(profile):
    return _table(("qty", "part", "note"), Wg.parts(profile))


def power_lines(profile):
    pw = Wg.power(profile)
    lines = [
        "- LEDs: %d, each up to %d mA per colour channel at full (`led.ma_per_channel`) and %d mA dark"
        % (pw["leds"], pw["ma_per_channel"], profile["led"]["idle_ma_per_led"]),
        "- All white at full brightness would draw about **%d mA**; at the profile's brightness %d about %d mA."
        % (pw["full_white_ma"], pw["brightness"], pw["white_at_brightness_ma"]),
        "- The firmware keeps the LEDs within **%d mA** (`power.budget_ma`): a frame that would draw more is"
        " dimmed as a whole%s." % (pw["budget_ma"], " (so an all-white flash at this brightness is dimmed)"
                                  if pw["limited_at_brightness"] else ""),
        "- Supply: 5 V, at least **%d.%d A** (the budget plus %d mA for the Pico and a margin)."
        % (pw["supply_ma"] // 1000, pw["supply_ma"] % 1000 // 100, Wg.PICO_MA),
    ]
    if pw["usb_only_ok"]:
        lines.append("- The budget fits a USB port (%d mA): this table can run from USB alone." % Wg.USB_MA)
    else:
        lines.append("- Too much for USB alone (%d mA): use an external supply, or set `power.budget_ma` to %d or"
                     " less for a USB-only test run (see [../power.md](../power.md))."
                     % (Wg.USB_MA, Wg.USB_LED_BUDGET_MA))
    return lines


def supply_cost(profile):
    ma = Wg.power(profile)["supply_ma"]
    return dict(PRICES)["5 V DC supply"][0] + SUPPLY_PER_A * ma / 1000.0


def cost_rows(profile):
    """[(qty, part, euros)] of the parts list's priced lines (the LED lines per segment are summed in "LEDs in
    all"), and the total."""
    rows = []
    for qty, part, _note in Wg.parts(profile):
        if part.startswith("WS2812B LEDs for"):
            continue  # counted once, in "LEDs in all"
        for key, (euros, per) in PRICES:
            if key in part:
                each = supply_cost(profile) if key == "5 V DC supply" else euros / per
                rows.append((qty, part, qty * each))
                break
    return rows, sum(r[2] for r in rows)


def cost_lines(profile):
    rows, total = cost_rows(profile)
    out = ["An estimate from the parts list above, at assumed single-unit hobby-shop prices (2026, euros; LEDs as",
           "60 LED/m strip); %s are not counted. Prices move: check your shop." % NOT_PRICED, ""]
    out += _table(("qty", "part", "euros"), [(q, p.split(",")[0], "%.2f" % e) for q, p, e in rows])
    out += ["", "About **%d euros** in all." % int(round(total))]
    return out


def dimension_lines(profile):
    d = T.dimensions(profile)
    rows = [("LED pitch", "%.1f mm (strip with 60 LEDs a metre)" % d["pitch_mm"])]
    if "ring_diameter_mm" in d:
        rows.append(("ring", "%.0f mm across (%d LEDs, %d cards)" % (d["ring_diameter_mm"], d["ring_leds"], d["cards"])))
        rows.append(("one card", "%.1f mm of the ring's length" % d["card_arc_mm"]))
    else:
        rows.append(("play area", "%.0f x %.0f mm" % (d["play_width_mm"], d["play_depth_mm"])))
    rows.append(("a seat's small panel", "%.0f mm long (8 blood LEDs, a gap, 3 status LEDs)" % d["panel_length_mm"]))
    if "hand_panel_mm" in d:
        rows.append(("a hand panel", "%.0f x %.0f mm, standing on edge towards its player under a hood"
                     % d["hand_panel_mm"]))
    rows.append(("buttons", "12 mm holes, %d mm apart, in a row beside each small panel" % T.BUTTON_PITCH_MM))
    rows.append(("the box", "%.0f x %.0f mm (a %d mm rim around LEDs and buttons)" % (
        d["box_mm"][0], d["box_mm"][1], T.RIM_MM)))
    out = _table(("what", "size"), rows)
    out += ["", "Template at 1:1: [template.svg](template.svg) (every LED with its chain number, the cards, the"
            " panels, the buttons and the box; print at 100%% on %d x %d A4 pages and tape them along the dashed"
            " lines; its 100 mm bar checks the scale). The sizes assume strip with 60 LEDs a metre; a ready-made"
            " grid or ring of another pitch scales its part of the plan." % (d["pages"][0], d["pages"][1])]
    return out


def sheet(profile):
    """The whole build sheet of a validated profile, as Markdown text."""
    name = profile["name"]
    out = [
        "# %s: build sheet" % name,
        "",
        "<!-- Generated from hardware/profiles/%s.json by `nightboard diagram %s --sheet`; do not edit by hand."
        " -->" % (name, name),
        "",
        profile["description"] or "",
        "",
        "![wiring diagram of %s](wiring.svg)" % name,
        "",
        "Wiring diagram: [wiring.svg](wiring.svg). The table from above (where each LED sits, card 0,"
        " clockwise, the seats): [layout.svg](layout.svg). How to build it, step by step:"
        " [../README.md](../README.md).",
        "",
        "## Pico pins",
        "",
    ]
    out += wiring_table(profile)
    out += ["", "## The LED chain, in order", "",
            "Chain the strips in this order, each one's DOUT to the next one's DIN (the arrow on the strip points"
            " away from the Pico):", ""]
    out += chain_table(profile)
    m = matrix_table(profile)
    if m:
        out += ["", "## Key matrix", "",
                "Each button sits where its row and column wires cross, in series with a %s diode whose band"
                " (cathode) faces the row wire." % Wg.MATRIX_DIODE, ""]
        out += m
    out += ["", "## Parts", ""]
    out += parts_table(profile)
    out += ["", "## Cost", ""]
    out += cost_lines(profile)
    out += ["", "## Power", ""]
    out += power_lines(profile)
    out += ["", "## Dimensions", ""]
    out += dimension_lines(profile)
    out += ["", "![%s from above](layout.svg)" % name, ""]
    return "\n".join(out)
