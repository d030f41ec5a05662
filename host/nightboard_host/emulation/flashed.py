"""A Pico's filesystem as a user's board has it: made by `nightboard flash` on the emulated Pico, once, then cached.

Images built on the host by littlefs-python (pico_emu.littlefs_image) are compact: every file written once,
in order, into a fresh filesystem. A user's board is not like that. Its filesystem was formatted by
MicroPython and filled by `nightboard flash` over USB (each file written under a temporary name through
the REPL and renamed, the manifest written last, the loader replaced by a rename), and it keeps the save
of a game played earlier. littlefs behaves differently on such a filesystem: the first block a power-up
allocates makes it walk every file and directory to find free blocks, and its directories' logs hold
every commit the flash made (docs/performance.md, "A board as users flash it").

used_board(profile) makes that filesystem the way a user does, on the emulated Pico under rp2040py with the
stock image (pico_pty.PicoPty, the real `nightboard flash` through mpremote):
1. a blank flash (MicroPython formats it at its first boot), flashed with this firmware and profile;
2. powered on (PicoEmu) and a game started over the protocol and played until its first save is on the
   flash (the first game of the index after its first that the table seats: another game than the one the
   benches start, so their first save writes over an earlier game's save, as at a user's table);
and caches the filesystem image (bytes) keyed by the firmware's files, the profile, the MicroPython image
and RECIPE (step 1's image is kept too). Flashing through the emulated USB takes many minutes of wall time
(22 on a machine loaded by five other emulators);
every later test and bench starts from the cached image (with_files adds the frame probe to a copy).
`python -m nightboard_host.emulation.flashed [PROFILE]` makes it ahead of them.
"""

import hashlib
import os
import subprocess
import sys
import tempfile
from pathlib import Path

RECIPE = "used-1"  # bump when the steps above change: the cached images are then made again
FLASH_TIMEOUT_S = 3600  # wall seconds for one `nightboard flash` on a loaded machine
ATTEMPTS = 2  # a flash is tried again only when the emulator itself went away under it (a signal from outside)


def _key(profile, fw, image):
    h = hashlib.sha256(("%s|%s|" % (RECIPE, profile)).encode())
    h.update(hashlib.sha256(Path(image).read_bytes()).digest())
    for p in sorted(Path(fw).rglob("*")):
        if p.is_file() and "__pycache__" not in p.parts:
            h.update(str(p.relative_to(fw)).encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()[:24]


def cached_path(profile="ring4", fw=None):
    from nightboard_host.emulation.pico_emu import _cache_dir, find_image
    from nightboard_host.flashing import build

    fw = Path(fw) if fw else build.default_firmware_dir()
    image = find_image()
    if image is None:
        return None
    return _cache_dir() / ("used-%s-%s.img" % (profile, _key(profile, fw, image)))


def used_board(profile="ring4", fw=None, log=None):
    """The filesystem image (bytes) of a board flashed as users flash it (see the module's text), made once
    and cached; `log` (a text file) gets the tools' own output while it is made."""
    from nightboard_host.flashing import build

    fw = Path(fw) if fw else build.default_firmware_dir()
    cached = cached_path(profile, fw)
    if cached is None:
        from nightboard_host.emulation.pico_emu import missing_reason

        raise RuntimeError(missing_reason() or "no MicroPython image")
    if cached.is_file():
        return cached.read_bytes()
    just_flashed = cached.with_name(cached.name.replace("used-", "flashed-"))  # step 1's image, kept apart
    if just_flashed.is_file():
        first = just_flashed.read_bytes()
    else:
        with tempfile.TemporaryDirectory(prefix="nightboard-used-") as d:
            d = Path(d)
            first = _flash(None, d / "first.img", profile, fw, d, log)
        _keep(just_flashed, first)
    data = _play_first_save(profile, first)
    _keep(cached, data)
    return data


def _keep(path, data):
    tmp = path.with_suffix(".%d.tmp" % os.getpid())
    tmp.write_bytes(data)
    os.replace(tmp, path)


def _flash(fs_in, fs_out, profile, fw, tmp, log):
    """`nightboard flash` onto an emulated Pico started from filesystem image `fs_in` (None: a blank flash);
    the filesystem image it leaves (bytes, also written to fs_out)."""
    from nightboard_host.emulation.pico_pty import PicoPty

    env = dict(os.environ, XDG_CACHE_HOME=str(tmp / "xdg"))
    exe = str(Path(sys.executable).parent / "nightboard")
    why = ""
    for _attempt in range(ATTEMPTS):
        with PicoPty(littlefs=fs_in, dump=fs_out, log=log) as pico:
            got = subprocess.run([exe, "flash", "--port", pico.port, "--profile", profile, "--firmware", str(fw),
                                  "--quiet", "--timeout", "1800"], capture_output=True, text=True,
                                 timeout=FLASH_TIMEOUT_S, env=env)
            alive = pico.proc is not None and pico.proc.poll() is None
        if log is not None:
            log.write(got.stdout + got.stderr)
        if got.returncode == 0:
            return Path(fs_out).read_bytes()
        why = (got.stdout + got.stderr)[-800:]
        if alive:  # the tool failed on a running board: that is the answer, not a lost emulator
            break
    raise RuntimeError("nightboard flash failed on the emulated Pico: %s" % why)


def _play_first_save(profile, fs):
    """Power on with `fs`, start the index's second game over the protocol and run until its save is on the
    flash; the filesystem then."""
    from nightboard.games import index
    from nightboard_host.emulation.pico_emu import PicoEmu, read_littlefs

    emu = PicoEmu(profile, fs=fs)
    emu.run_until(lambda: len(emu.frames) > 0, 8000, "the first LED frame")
    emu.run_ms(300)
    game = _earlier_game(profile)
    players = index.tools(game)["players"][0]
    reply, _ms = emu.request({"req": "start", "game": game, "players": players, "seed": 7}, 20000)
    if not reply.get("ok"):
        raise RuntimeError("the board did not start %s: %r" % (game, reply))
    for _ in range(40):
        emu.run_ms(250)
        if read_littlefs(emu.fs_image(), "/data/game.json") is not None:
            emu.run_ms(200)
            return emu.fs_image()
    raise RuntimeError("no save of %s on the flash after 10 s (emulated)" % game)


def _earlier_game(profile):
    """The game played before: the first of the index after its first that this table seats (on the host:
    the same check the board makes)."""
    from nightboard.games import index
    from nightboard.table.tablefit import ProfileError, check_players
    from nightboard_host.commands import play

    prof = play.load(profile)
    for name in index.names()[1:] + index.names()[:1]:
        try:
            check_players(prof, index.facts(name), index.tools(name)["players"][0])
        except ProfileError:
            continue
        return name
    raise RuntimeError("no game of the index is played on %s" % profile)


def running_slot(fs):
    """The slot the board's loader runs ("/nightboard.a" or ".b") in filesystem image `fs`."""
    from nightboard_host.emulation.pico_emu import read_littlefs
    from nightboard_host.flashing.layout import LOADER_SLOT

    m = LOADER_SLOT.search((read_littlefs(fs, "/main.py") or b"").decode("utf-8", "replace"))
    if not m:
        raise RuntimeError("the flashed filesystem has no loader naming a slot")
    return m.group(1)


def with_files(fs, files):
    """A copy of filesystem image `fs` (bytes) with `files` ({path: bytes}) written into it (littlefs-python,
    as a user's REPL would add them: the rest of the filesystem stays as the flash left it)."""
    from littlefs import LittleFS, UserContext

    from nightboard_host.emulation.pico_emu import FS_BLOCK

    ctx = UserContext(buffsize=len(fs))
    ctx.buffer[:] = fs
    lfs = LittleFS(context=ctx, block_size=FS_BLOCK, block_count=len(fs) // FS_BLOCK, mount=True)
    for path in sorted(files):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            try:
                lfs.mkdir("/".join(parts[:i]))
            except FileExistsError:
                pass
        with lfs.open("/".join(parts), "wb") as f:
            f.write(files[path])
    lfs.unmount()
    return bytes(ctx.buffer)


def main():
    """`python -m nightboard_host.emulation.flashed [PROFILE]`: make (or find) the cached image, say where."""
    profile = sys.argv[1] if len(sys.argv) > 1 else "ring4"
    used_board(profile, log=sys.stderr)
    print(cached_path(profile))


if __name__ == "__main__":
    main()
