"""The build sheet of a table as Markdown: wiring table, LED chain, key matrix, parts list, power.

Made from the validated profile through the same model as the SVG diagram (wiring.py), so the sheet,
the picture and the firmware cannot disagree. `nightboard diagram PROFILE --sheet` prints it; the
sheets under hardware/<profile>/README.md are these, checked by a test.
"""

from nightboard_host.drawings import wiring as Wg


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
    out += ["", "## Power", ""]
    out += power_lines(profile)
    out += ["", "![%s from above](layout.svg)" % name, ""]
    return "\n".join(out)
