"""`nightboard flash --romfs`: the firmware's code into the board's ROMFS partition, run in place from flash.

A MicroPython built with a ROMFS partition (MICROPY_HW_ROMFS_BYTES) mounts it read-only at /rom, and
imports .mpy files from there without copying their bytecode into RAM: the heap keeps what a stock board
spends on the code. The image is built and written by mpremote's own romfs code (mpremote.romfs.make_romfs,
the deploy of `mpremote romfs deploy`); the profile and the saved games stay in the filesystem.

Order, so that a cut at any moment leaves a board that starts:
1. when the loader runs /rom, it is first pointed at a complete slot of the filesystem, if there is one;
2. the image is written (mpremote erases the partition, then writes it from the start) and its sha256 is
   checked on the board;
3. then the profile, the profile's check (keyed on COMPLETE's mark and the profile: boot.py), and at last
   the loader naming /rom, each through a temporary file and a rename.
The image's last file, COMPLETE (it sorts after every other name, and mpremote writes in sorted order),
holds a mark the loader checks before it trusts /rom; without it the loader runs the fallback slot.
"""

import contextlib
import hashlib
import io
import tempfile
from pathlib import Path

from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.layout import CHECKED, LOADER, LOADER_TEXT, PROFILE
from nightboard_host.flashing.programs import program
from nightboard_host.flashing.sync import atomic_write, sha

ROM = "/rom"
COMPLETE = "~complete"  # "~" sorts after every letter: the image's last entry, written last

# /main.py's bytes with --romfs (a template, not a program the host runs).
ROMFS_LOADER_TEXT = '''# Nightboard boot loader, written by `nightboard flash --romfs` (firmware %(version)s). Do not edit:
# the code runs from ROMFS (/rom) when the image there is complete, else from %(fallback)s.
import sys
try:
    with open("/rom/%(complete)s") as f:
        _slot = "/rom" if f.read() == "%(mark)s" else None
except OSError:
    _slot = None
if _slot is None:
    _slot = %(fallback)r
if _slot is None:  # a message and the REPL (SystemExit would soft-reset the board, over and over)
    print("Nightboard: the firmware in ROMFS is incomplete and there is no other: flash again")
else:
    sys.path.insert(0, _slot)
    with open(_slot + "/main.py") as f:
        code = compile(f.read(), _slot + "/main.py", "exec")
    del f
    exec(code)
'''

NO_ROMFS = ("the board's MicroPython has no ROMFS partition: flash without --romfs, or put a MicroPython built "
            "with one on the Pico (`nightboard docs flashing`, \"The code in ROMFS\")")


def mark(version, files):
    """What COMPLETE holds: the version and a hash of every file of the image."""
    h = hashlib.sha256()
    for rel in sorted(files):
        h.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return "%s %s" % (version, h.hexdigest()[:32])


def build_image(version, files):
    """The ROMFS image (bytes) of the firmware's files, made by mpremote's make_romfs."""
    from mpremote.romfs import make_romfs

    with tempfile.TemporaryDirectory(prefix="nightboard-romfs-") as d:
        for rel, data in files.items():
            p = Path(d) / rel
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(data)
        (Path(d) / COMPLETE).write_text(mark(version, files))
        with contextlib.redirect_stdout(io.StringIO()):
            return make_romfs(d, mpy_cross=False)


class _State:
    """What mpremote's romfs deploy needs of its command-line state: the transport, already in the raw REPL."""

    def __init__(self, transport):
        self.transport = transport

    def ensure_raw_repl(self, soft_reset=None):
        pass

    def did_action(self):
        pass


class _Args:
    def __init__(self, path):
        self.path, self.partition, self.mpy = path, 0, False


def deploy(board, image, progress):
    """Write `image` into partition 0 with mpremote's `romfs deploy` code; FlashError when it fails."""
    from mpremote.commands import CommandError, _do_romfs_deploy
    from mpremote.transport import TransportError

    with tempfile.TemporaryDirectory(prefix="nightboard-romfs-") as d:
        path = str(Path(d) / "nightboard.romfs")
        Path(path).write_bytes(image)
        said = _Said(progress, len(image))
        try:
            with contextlib.redirect_stdout(said):
                _do_romfs_deploy(_State(board.t), _Args(path))
        except SystemExit:
            raise FlashError("mpremote could not write ROMFS: %s" % said.text.strip().splitlines()[-1:])
        except (CommandError, TransportError, OSError) as e:
            raise FlashError("could not write ROMFS on the board: %s" % e)


class _Said(io.StringIO):
    """mpremote's deploy prints "Writing at offset N": the progress bar follows it."""

    def __init__(self, progress, total):
        io.StringIO.__init__(self)
        self.progress, self.done = progress, 0

    def write(self, s):
        import re

        for m in re.finditer(r"Writing at offset (\d+)", s):
            n = int(m.group(1))
            self.progress.advance(n - self.done)
            self.done = n
        return io.StringIO.write(self, s)

    @property
    def text(self):
        return self.getvalue()


def sync_romfs(board, version, files, prof_bytes, result, progress, hook, state, slots, active, complete,
               checked=None, image_size=None):
    """The --romfs counterpart of sync.sync: image, profile, the profile's check (`checked`, bytes, when the
    board's differs), loader (see the module's docstring). image_size(games): the size of the image a flash
    with only those games would write, for the advice when the code does not fit the board's partition."""
    info = board.run_json(program("rom_info"), "looking for a ROMFS partition")
    if not info.get("rom"):
        raise FlashError(NO_ROMFS)
    image = build_image(version, files)
    if len(image) > info["size"]:
        raise FlashError(too_big(len(image), _games_in(files), info["size"], image_size))
    loader = state["texts"].get(LOADER) or ""
    fallback = active if active is not None and complete(active) else None
    if fallback is None and "/rom/" + COMPLETE in loader:
        m = _fallback_in(loader)
        fallback = m if m and slots.get(m) is not None and slots[m].exists and complete(m) else None
    result.slot = ROM
    have = board.run(program("rom_hash", N=len(image)), "reading ROMFS").decode().strip().splitlines()[-1:]
    if have != [hashlib.sha256(image).hexdigest()]:
        if "/rom/" + COMPLETE in loader:  # the loader runs /rom: off it while ROMFS changes
            hook("loader", LOADER)
            if fallback is not None:
                atomic_write(board, LOADER, (LOADER_TEXT % {"version": "previous", "slot": fallback}).encode())
                loader = ""
        progress.plan(len(image), 1, 0)
        progress.phase("writing the code into ROMFS")
        hook("romfs", ROM)
        deploy(board, image, progress)
        got = board.run(program("rom_hash", N=len(image)), "checking ROMFS").decode().strip().splitlines()[-1:]
        if got != [hashlib.sha256(image).hexdigest()]:
            raise FlashError("ROMFS did not read back as written: flash again (the board still starts %s)"
                             % (fallback or "nothing: flash again to repair it"))
        result.romfs_bytes = len(image)
        result.sent.extend(sorted(files))
        result.bytes_sent += len(image)
    else:
        result.kept = len(files)
    if state["hashes"][PROFILE] != sha(prof_bytes):
        hook("profile", PROFILE)
        atomic_write(board, PROFILE, prof_bytes)
        result.profile_written = True
    if checked is not None:  # keyed on the image's mark and the profile, both in place now
        hook("check", CHECKED)
        atomic_write(board, CHECKED, checked)
        result.check_written = True
    new_loader = ROMFS_LOADER_TEXT % {"version": version, "fallback": fallback, "complete": COMPLETE,
                                      "mark": mark(version, files)}
    if loader != new_loader:
        hook("loader", LOADER)
        progress.phase("switching to the new firmware")
        atomic_write(board, LOADER, new_loader.encode())
        result.loader_written = True


def _games_in(files):
    return sorted(set(p.split("/")[2] for p in files if p.startswith("nightboard/games/") and p.count("/") == 3))


def fitting(games, room, image_size):
    """The choices of `games` whose ROMFS image fits `room` bytes and to which no other of `games` can be added:
    [(games, bytes)], most games first, then smallest. image_size(list of games) -> bytes. An image never
    shrinks when a game is added (the code of a set of games is the union of theirs), so a set is tried only
    when every set of one game fewer fits: a few builds, not one for every subset."""
    size = {}
    level = [(g,) for g in games]
    while level:
        fit = []
        for choice in level:
            size[choice] = image_size(list(choice))
            if size[choice] <= room:
                fit.append(choice)
        ok = set(fit)
        level = sorted(set(c + (g,) for c in fit for g in games if games.index(g) > games.index(c[-1])
                           and all(c2 in ok for c2 in _one_fewer(c + (g,)))))
    good = [c for c in size if size[c] <= room]
    top = [c for c in good if not any(set(c) < set(d) for d in good)]
    return sorted(((list(c), size[c]) for c in top), key=lambda cs: (-len(cs[0]), cs[1], cs[0]))


def _one_fewer(choice):
    return [choice[:i] + choice[i + 1:] for i in range(len(choice))]


def too_big(image_bytes, games, room, image_size=None, shown=6):
    """The refusal when the code does not fit the board's partition, with the --games choices that do fit
    (computed from the real images when image_size is given)."""
    s = ("the firmware's code (a %s B ROMFS image, %d game%s: %s) does not fit the board's ROMFS partition of "
         "%s B (%d KB)" % (format(image_bytes, ","), len(games), "" if len(games) == 1 else "s", ", ".join(games),
                          format(room, ","), room // 1024))
    if image_size is not None and len(games) > 1:
        choices = fitting(games, room, image_size)
        if choices:
            s += ". These fit: " + "; ".join("--games %s (%s B)" % (",".join(c), format(n, ","))
                                             for c, n in choices[:shown])
            if len(choices) > shown:
                s += "; and %d more choices of %d game%s or fewer" % (
                    len(choices) - shown, len(choices[shown][0]), "" if len(choices[shown][0]) == 1 else "s")
        else:
            s += ". Not even one game alone fits"
    return s + (". Or flash without --romfs, or put on the Pico the MicroPython with a larger ROMFS partition "
                "that Nightboard ships (`nightboard docs flashing`, \"The code in ROMFS\")")


def _fallback_in(loader):
    import re

    m = re.search(r"_slot = '(/nightboard\.[ab])'", loader)
    return m.group(1) if m else None
