"""Boot entry: read the board profile, build the table, answer the serial protocol, run.

The host tool writes the chosen board profile as /profile.json (the working
directory) when it flashes the board. On a Pico the board hal drives the LEDs and
buttons; under CircuitPython (copied onto a CIRCUITPY drive, which runs main.py)
Adafruit's neopixel and digitalio drive them; where there is no `rp2` (the
virtual board: MicroPython's unix port) the simulated hal stands in, with real
time and files in this directory.
Ctrl-C over USB stops the loop and gives the REPL back (mpremote relies on that).
"""


def main():
    import gc
    import sys

    from nightboard.table.app import Table
    from nightboard.table.tablefit import load_profile_once

    if sys.implementation.name == "circuitpython":  # Adafruit's neopixel and digitalio; no serial protocol
        from nightboard.hal.cp_backend import make_cp_hal

        profile = load_profile_once("profile.json")
        Table(profile, make_cp_hal(profile)).run()
        return
    from nightboard.hal.serial_port import SerialPort
    from nightboard.table.protocol import Protocol

    protocol = Protocol(SerialPort())  # before the table: its code then lies low in a heap still in one piece
    profile = load_profile_once("profile.json")  # validates, then drops the validator from RAM
    try:
        import rp2  # noqa: F401
    except ImportError:
        rp2 = None
    if rp2 is not None:
        from nightboard.hal.board import make_board_hal

        hal = make_board_hal(profile)
    else:
        from nightboard.hal.sim import DirStorage, RealClock, make_sim_hal

        hal = make_sim_hal(profile, storage=DirStorage("."), clock=RealClock())
    gc.collect()  # the imports' garbage, before the table's long-lived objects are placed
    table = Table(profile, hal)
    table.services.append(protocol)
    table.run()


main()
