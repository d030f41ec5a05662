"""`nightboard run --profile ...`: run the table on this computer's own pins (a Raspberry Pi, through Blinka).

For tables built around a Raspberry Pi instead of a Pico: the same Table main
loop as the board, with the CircuitPython hal (firmware/nightboard/hal/cp_backend.py)
on Adafruit Blinka's board/digitalio/neopixel_write. Saved games go to --data.
Exit 0 after Ctrl-C, 2 when the profile is wrong or there is no hardware to drive.
"""

import os
import sys

DEFAULT_DATA = os.path.join("~", ".local", "share", "nightboard")

NO_HARDWARE = ("nightboard run: no GPIO hardware that Adafruit Blinka can drive on this computer (%s).\n"
               "  `nightboard run` is for a table wired to a Raspberry Pi's own pins (see README,"
               " \"CircuitPython and Raspberry Pi\").\n"
               "  To play without hardware: `nightboard play`; for a Pico: `nightboard flash`.")


def add_run_command(sub):
    r = sub.add_parser("run", help="run the table on this computer's GPIO (a Raspberry Pi with Blinka)",
                       description="Drive a table wired to this Raspberry Pi's pins through Adafruit Blinka "
                                   "(LEDs on the profile's led pin, buttons on its keys). Ctrl-C stops it.")
    r.add_argument("--profile", required=True, help="a shipped profile name (ring4, grid8, ...) or a profile file")
    r.add_argument("--data", default=DEFAULT_DATA, help="directory for the saved game (default %s)" % DEFAULT_DATA)
    r.set_defaults(func=run_command)


def blinka_hal(profile, storage):
    """The cp_backend hal on whatever `board` module is importable (Blinka's on a Pi)."""
    from nightboard.hal.cp_backend import make_cp_hal

    return make_cp_hal(profile, storage=storage)


def run_command(args, make_hal=None):
    from nightboard.hal.files import DirStorage
    from nightboard.table.profile import ProfileError
    from nightboard_host.commands.play import load

    make_hal = make_hal or blinka_hal
    try:
        profile = load(args.profile)
    except ProfileError as e:
        print("nightboard run: %s" % e, file=sys.stderr)
        return 2
    data = os.path.expanduser(args.data)
    try:
        os.makedirs(data, exist_ok=True)
        storage = DirStorage(data)
    except OSError as e:
        print("nightboard run: cannot use %s for saved games: %s" % (data, e), file=sys.stderr)
        return 2
    try:
        hal = make_hal(profile, storage)
    except (ImportError, NotImplementedError, RuntimeError, OSError) as e:
        # Blinka: NotImplementedError("Board not supported") off a Pi; a missing
        # rpi_ws281x or no access to /dev/gpiomem shows up as ImportError/RuntimeError/OSError.
        print(NO_HARDWARE % ("%s: %s" % (type(e).__name__, e)), file=sys.stderr)
        return 2
    except ValueError as e:
        print("nightboard run: %s" % e, file=sys.stderr)
        return 2

    from nightboard.table.app import Table

    table = Table(profile, hal)
    print("nightboard run: table %r running on this computer's pins; Ctrl-C stops it" % profile["name"])
    try:
        table.run()
    except KeyboardInterrupt:
        pass
    finally:
        _blank(hal)
    return 0


def _blank(hal):
    try:
        hal.pixels.wait()
        hal.pixels.write(bytearray(3 * hal.pixels.n))
    except Exception:  # leaving: a failure to blank must not hide why we stopped
        pass
