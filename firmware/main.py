"""Boot entry: read the board profile, build the table, answer the serial protocol, run.

The host tool writes the chosen board profile as /profile.json (the working
directory) when it flashes the board. On a Pico the board hal drives the LEDs and
buttons; under CircuitPython (copied onto a CIRCUITPY drive, which runs main.py)
Adafruit's neopixel and digitalio drive them; where there is no `rp2` (the
virtual board: MicroPython's unix port) the simulated hal stands in, with real
time and files in this directory.
Ctrl-C over USB stops the loop and gives the REPL back (mpremote relies on that), leaving the REPL's
mark on a saved game even when it comes before the table runs.
When the table cannot start (a broken profile.json, anything else at boot) the
board comes up in safe mode (table/safemode.py): LEDs dark, the protocol
answering with the reason, the REPL reachable for `nightboard flash`.
"""

import sys

if sys.implementation.name == "circuitpython":  # Adafruit's neopixel and digitalio; no serial protocol
    from nightboard.hal.cp_backend import make_cp_hal
    from nightboard.table.app import Table
    from nightboard.table.tablefit import load_profile_once

    profile = load_profile_once("profile.json")
    Table(profile, make_cp_hal(profile)).run()
else:
    table = None
    try:
        from nightboard.boot import start

        table = start()  # None after safe mode
        start = None  # the boot module leaves RAM: the loop below is the table's
    except KeyboardInterrupt:  # before the table's loop: its own Ctrl-C handling is not there yet
        from nightboard.boot import stopped_at_start

        stopped_at_start()
        raise
    if table is not None:
        table.run()
