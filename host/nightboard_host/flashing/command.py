"""The `nightboard flash` and `nightboard reset` commands: their options, what they print, and the CircuitPython
fallback (a CIRCUITPY drive and no MicroPython board: flashing is a copy)."""

import sys
from pathlib import Path

from nightboard_host.flashing.build import default_firmware_dir, firmware_version
from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.flash import flash
from nightboard_host.flashing.hello import wait_for_hello
from nightboard_host.flashing.profile_check import profile_bytes
from nightboard_host.flashing.progress import RichProgress
from nightboard_host.flashing.repl import Board


def _copy_to_circuitpy_instead(args):
    """With no MicroPython board but one CIRCUITPY drive mounted, flashing is a copy: do it and say so."""
    from nightboard_host.link import boards
    from nightboard_host.flashing import circuitpy

    try:
        boards.find_board(None)
        return None
    except LookupError:
        drives = circuitpy.find_drives()
    if len(drives) != 1:
        return None
    fw = Path(args.firmware) if args.firmware else default_firmware_dir()
    try:
        written, deleted, unchanged = circuitpy.copy_firmware(drives[0], fw, profile_bytes(args.profile))
    except OSError as e:
        raise FlashError("copying to the CircuitPython drive %s failed: %s (copy again to finish)" % (drives[0], e))
    return ("copied Nightboard %s to the CircuitPython drive %s: %d files written, %d deleted, %d unchanged "
            "(it restarts by itself)" % (firmware_version(fw), drives[0], written, deleted, unchanged))


def add_flash_command(sub):
    p = sub.add_parser("flash", help="flash the firmware onto a connected Pico (or the virtual board)",
                       description="Compile the firmware for the board's MicroPython, send only what changed, "
                       "write the board profile, restart the board and wait until Nightboard answers. "
                       "The flashing guide: `nightboard docs flashing`.")
    p.add_argument("--port", help="serial port of the board (found automatically when omitted)")
    p.add_argument("--profile", default="ring4", help="board profile to write: a shipped name or a .json file "
                   "(default %(default)s)")
    p.add_argument("--firmware", help="firmware directory to flash (default: this checkout's firmware/)")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for the firmware to answer "
                   "(default %(default).0f; it stops sooner when the board shows the firmware stopped)")
    p.add_argument("--no-wait", action="store_true", help="do not wait for the firmware to answer")
    p.add_argument("--verify", action="store_true", help="hash the board's files instead of trusting its manifest")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--romfs", action="store_true", help="put the code into the board's ROMFS partition (a "
                   "MicroPython built with one: the project ships one in hardware/micropython/ that holds every "
                   "game), where it runs without using the heap; the profile and saves stay in the filesystem")
    from nightboard.games import index

    p.add_argument("--games", help="put only these games on the board, comma-separated (of %s; default: every "
                   "game); its start menu then offers only them. With --romfs, for a partition too small for "
                   "every game: the refusal lists the choices that fit" % ", ".join(index.names()))
    p.set_defaults(func=run_command)
    return p


def add_reset_command(sub):
    p = sub.add_parser("reset", help="restart the table on a board left at MicroPython's REPL (after mpremote)",
                       description="Soft-reset the board through mpremote, as Ctrl-D at its REPL does: whatever "
                       "stopped the table (mpremote, a REPL session) is ended, the board runs its firmware again, "
                       "and this waits until Nightboard answers.")
    p.add_argument("--port", help="serial port of the board (found automatically when omitted)")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for the firmware to answer "
                   "(default %(default).0f)")
    p.set_defaults(func=run_reset)
    return p


def reset(port=None, timeout=180.0):
    """Soft-reset the board on `port` into its firmware; the firmware's hello reply, or FlashError."""
    from nightboard_host.link import boards

    try:
        port = boards.find_board(port)
    except LookupError as e:
        raise FlashError(str(e))
    board = Board(port)
    try:
        board.take_repl()
        board.soft_reset_to_main()
        return port, wait_for_hello(board.t.serial, None, timeout, port)
    finally:
        board.close()


def run_reset(args):
    try:
        port, hello = reset(args.port, args.timeout)
    except FlashError as e:
        print("nightboard reset: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("nightboard reset: interrupted", file=sys.stderr)
        return 130
    print("Nightboard %s runs again on %s: profile %s, %s" % (hello.get("firmware"), port, hello.get("profile"),
                                                              hello.get("mode")))
    return 0


def run_command(args):
    progress = None
    if not args.quiet and sys.stderr.isatty():
        progress = RichProgress()
    try:
        copied = None if args.port else _copy_to_circuitpy_instead(args)
        if copied:
            print(copied)
            return 0
        result = flash(args.port, profile=args.profile, firmware=args.firmware, progress=progress,
                       wait=not args.no_wait, timeout=args.timeout, verify=args.verify, romfs=args.romfs,
                       games=args.games)
    except FlashError as e:
        print("nightboard flash: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("nightboard flash: interrupted; the board restarts with a complete firmware (the one it had, unless "
              "the update was already switched on); flash again to finish", file=sys.stderr)
        return 130
    print(result.summary())
    return 0
