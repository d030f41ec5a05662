"""Boot entry: read the board profile, build the table, answer the serial protocol, run.

The host tool writes the chosen board profile as /profile.json (the working
directory) when it flashes the board. On a Pico the board hal drives the LEDs and
buttons; under CircuitPython (copied onto a CIRCUITPY drive, which runs main.py)
Adafruit's neopixel and digitalio drive them; where there is no `rp2` (the
virtual board: MicroPython's unix port) the simulated hal stands in, with real
time and files in this directory.
Ctrl-C over USB stops the loop and gives the REPL back (mpremote relies on that).
When the table cannot start (a broken profile.json, anything else at boot) the
board comes up in safe mode (table/safemode.py): LEDs dark, the protocol
answering with the reason, the REPL reachable for `nightboard flash`.
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
    try:
        import rp2  # noqa: F401
    except ImportError:
        rp2 = None
    try:
        if rp2 is not None:
            # validated as load_profile_once does unless this firmware validated these very bytes before
            from nightboard.table.checked_profile import load_checked_profile

            profile = load_checked_profile("profile.json")
            del load_checked_profile
        else:
            profile = load_profile_once("profile.json")  # validates, then drops the validator from RAM
        if rp2 is not None:
            from nightboard.hal.board import make_board_hal

            hal = make_board_hal(profile)
        else:
            from nightboard.hal.sim import DirStorage, RealClock, make_sim_hal

            hal = make_sim_hal(profile, storage=DirStorage("."), clock=RealClock())
        gc.collect()  # the imports' garbage, before the table's long-lived objects are placed
        table = Table(profile, hal)
    except Exception as e:  # a broken profile, no memory...: the board stays reachable and says why
        profile = hal = table = None
        gc.collect()
        safe_mode(protocol, e, rp2 is not None)
        return
    table.services.append(protocol)
    table.run()


def safe_mode(protocol, exc, on_pico):
    from nightboard.table.safemode import run_safe

    if on_pico:
        from nightboard.hal.rp2_clock import Clock
    else:
        from nightboard.hal.sim import RealClock as Clock
    reason = str(exc) if type(exc).__name__ == "ProfileError" else "%s: %s" % (type(exc).__name__, exc)
    try:
        from nightboard.hal.files import DirStorage
        from nightboard.table.keeper_trouble import log_error

        if on_pico:
            from nightboard.hal.rp2_storage import DEFAULT_DIR as where  # where the saves live
        else:
            where = "."
        log_error(DirStorage(where), "[safe mode] " + reason)
    except Exception:  # noqa: BLE001 - the log is a courtesy; safe mode must come up
        pass
    run_safe(reason, [protocol], Clock())

main()
