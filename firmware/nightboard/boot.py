"""The firmware's start on a board (main.py runs start(), then the table's loop): read the profile, build the
table, answer the serial protocol, run.

The host tool writes the chosen board profile as /profile.json (the working directory) when it flashes the
board. On a Pico the board hal drives the LEDs and buttons; where there is no `rp2` (the virtual board:
MicroPython's unix port) the simulated hal stands in, with real time and files in this directory.
Ctrl-C over USB stops the loop and gives the REPL back (mpremote relies on that). When the table cannot
start (a broken profile.json, anything else at boot) the board comes up in safe mode (table/safemode.py):
LEDs dark, the protocol answering with the reason, the REPL reachable for `nightboard flash`.

This is compiled with the package (main.py, which the board's loader compiles from source at every boot,
stays a few lines: compiling the whole start there took 55 ms of a Pico's boot on the emulated RP2040).

The profile is validated in full (table/profile.py, the firmware's biggest module: 170 ms of that boot, every
boot, for the same bytes) only when it or the firmware changed since the last check: once a profile passes,
the board keeps what the validator made of it in CHECKED beside it, under a key -- the SHA-256 of the
firmware slot's manifest (it names every file of the firmware by its hash, so a new firmware or validator
changes it; with the code in ROMFS, the image's mark, a hash of every file) and of the profile's bytes. At
the next boot, the same key and an intact copy (its own SHA-256 inside) give that profile without importing
the validator. Anything else -- a changed, damaged or missing
profile, a damaged or foreign CHECKED, a board without a manifest (the virtual board) -- is
validated in full, so a bad profile is still refused with the validator's message (ProfileError).
`nightboard flash` writes CHECKED itself: load_checked, run on the host on the slot's manifest and the profile
as it writes them (host/nightboard_host/flashing/profile_check.py), so even the first boot after a flash finds it.
"""

import sys

# MicroPython looks along sys.path for a file named like an extensible built-in (json, time, os...) at every
# `import json`, before it takes the built-in, and does not keep the built-in in sys.modules: on a Pico's
# littlefs that is 6.5 ms an import statement, some 150 ms of a boot (emulated RP2040). The u-names give the
# built-ins at once; registered under the plain names, every later import finds them loaded.
BUILTINS = ("json", "time", "os", "binascii", "array", "hashlib", "select", "errno", "machine", "random", "struct",
            "io", "collections")


def builtins_first():
    if sys.implementation.name != "micropython":
        return
    for name in BUILTINS:
        if name not in sys.modules:
            try:
                sys.modules[name] = __import__("u" + name)
            except (ImportError, OSError):  # not in this build (a WASI build says ENOENT): imported the usual
                pass  # way, when needed


builtins_first()  # before any other import, this module's own included

import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402

CHECKED = "profile.checked"
MANIFEST = "manifest.json"
ROM_MARK = "~complete"  # in ROMFS, in the manifest's place: the image's mark, a hash of every file (flashing/romfs.py)
MAX_BYTES = 16384  # a bigger file is left to the validator (it refuses files over its own limit)


def _read(path, limit):
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError:
        return None
    return data if len(data) <= limit else None


def _hex(digest):
    return "".join("%02x" % b for b in digest)


def profile_key(path, slot=None):
    """The key of this profile with this firmware (a hex string), or None when there is none to trust."""
    slot = sys.path[0] if slot is None and sys.path else slot
    if not slot:
        return None
    manifest = _read(slot + "/" + MANIFEST, 65536) or _read(slot + "/" + ROM_MARK, 256)
    data = _read(path, MAX_BYTES)
    if not manifest or data is None:
        return None
    h = hashlib.sha256(manifest)
    h.update(b"\0")
    h.update(data)
    return _hex(h.digest())


def _cached(checked, key):
    """(profile, offered) as the check file keeps them, or None."""
    data = _read(checked, 2 * MAX_BYTES)
    if not data:
        return None
    lines = data.split(b"\n", 2)
    if len(lines) != 3 or lines[0] != key.encode() or lines[1] != _hex(hashlib.sha256(lines[2]).digest()).encode():
        return None
    kept = json.loads(lines[2])
    if not isinstance(kept, dict) or not isinstance(kept.get("profile"), dict):
        return None
    offered = kept.get("offered")
    if not isinstance(offered, list) or not all(isinstance(n, str) for n in offered):
        offered = None
    return kept["profile"], offered


def _remember(checked, key, profile, offered):
    body = json.dumps({"profile": profile, "offered": offered}).encode()
    tmp = checked + ".new"
    with open(tmp, "wb") as f:
        f.write(key.encode() + b"\n" + _hex(hashlib.sha256(body).digest()).encode() + b"\n" + body)
    os.rename(tmp, checked)


def load_checked(path, slot=None):
    """(profile, offered): the profile at `path` as the validator returns it (ProfileError for a bad one, with
    its message), and the programs the start menu offers on that table (table/menu.py `offered`: working
    that out imports every game's package, some 18 ms each on a Pico, so it is kept with the check too)."""
    checked = path[:path.rfind("/") + 1] + CHECKED
    key = None
    try:
        key = profile_key(path, slot)
        if key is not None:
            kept = _cached(checked, key)
            if kept is not None:
                return kept
    except Exception:  # noqa: BLE001 - a damaged copy is never trusted: the profile is validated below
        pass
    from nightboard.table.tablefit import load_profile_once  # only here: a boot with a check imports none of it

    profile = load_profile_once(path)
    from nightboard.table.menu import offered

    games = offered(profile)
    if key is not None:
        try:
            _remember(checked, key, profile, games)
        except Exception:  # noqa: BLE001 - a full filesystem only means validating again at the next boot
            pass
    return profile, games


def load_checked_profile(path, slot=None):
    """The profile at `path` as the validator returns it (load_checked)."""
    return load_checked(path, slot)[0]


def main():
    """Build the table and run it (start(), then its loop)."""
    table = start()
    if table is not None:
        table.run()


def start():
    """The table, built and serving the protocol, ready to run; None after safe mode (which runs until the
    REPL takes the board). This module has left RAM by then (main.py runs the table's loop itself): at every
    boot after the first it is the profile's check and nothing more, some 1 KB of a Pico's heap."""
    import gc

    from nightboard.hal.serial_port import SerialPort
    from nightboard.table.app import Table
    from nightboard.table.protocol import Protocol

    protocol = Protocol(SerialPort())  # before the table: its code then lies low in a heap still in one piece
    try:
        import rp2  # noqa: F401
    except ImportError:
        rp2 = None
    games = None  # the start menu's programs: worked out by the menu unless kept with the profile's check
    try:
        if rp2 is not None:
            profile, games = load_checked("profile.json")  # validated unless these very bytes were before
        else:
            from nightboard.table.tablefit import load_profile_once

            profile = load_profile_once("profile.json")  # validates, then drops the validator from RAM
        if rp2 is not None:
            from nightboard.hal.board import make_board_hal

            hal = make_board_hal(profile)
        else:
            from nightboard.hal.sim import DirStorage, RealClock, make_sim_hal

            import machine  # the virtual board's machine (with reset) restarts it as a Pico's does; the bare
            # unix port has no reset, and its soft_reset ends the process: there the table stays up

            cause = "power-on"
            if hasattr(machine, "reset_cause"):
                from nightboard.hal.rp2_watchdog import reset_cause

                cause = reset_cause()
            restarts = hasattr(machine, "reset")
            hal = make_sim_hal(profile, storage=DirStorage("."), clock=RealClock(), reset_cause=cause,
                               restart=machine.reset if restarts else None,
                               soft_reset=machine.soft_reset if restarts else None)
        gc.collect()  # the imports' garbage, before the table's long-lived objects are placed
        table = Table(profile, hal, offered=games)
    except Exception as e:  # a broken profile, no memory...: the board stays reachable and says why
        profile = hal = table = None
        gc.collect()
        safe_mode(protocol, e, rp2 is not None)
        return None
    table.services.append(protocol)
    from nightboard.compat import forget_module

    forget_module("nightboard.boot")
    return table


def stopped_at_start():
    """Ctrl-C (mpremote sends one as it connects) stopped the board before its table ran: a saved game on the
    flash is marked as one the REPL could have read (table/keeper.py, REPL_MARK), as during a game."""
    from nightboard.hal.files import DirStorage
    from nightboard.table.keeper import mark_repl
    from nightboard.table.saves import SAVE

    where = "."  # the virtual board's saves: its working directory
    if sys.implementation.name == "micropython":
        try:
            import rp2  # noqa: F401

            from nightboard.hal.rp2_storage import DEFAULT_DIR as where
        except ImportError:
            pass
    storage = DirStorage(where)
    try:
        if storage.exists(SAVE):
            mark_repl(storage)
    except OSError:
        pass


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
