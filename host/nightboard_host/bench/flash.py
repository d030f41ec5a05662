"""The flash figures of `make bench`: `nightboard flash` against the plain `mpremote fs cp -r`, in one run.

Both run against fresh virtual boards (virtual_board.VirtualBoard: the MicroPython
unix port on a pty, spoken to by the real mpremote) and deploy the same tree: a
snapshot of this checkout's firmware/ (main.py and nightboard/**, the files
build.firmware_sources picks, so no __pycache__), taken once so that edits made
while the bench runs cannot make the two sides differ.

- ours: flash.flash() onto a fresh board (a full flash: the package compiled to
  .mpy with a cold compile cache, sent, checked, the profile and the loader
  written, the board restarted and its "hello" awaited), then again with the
  same firmware (nothing changed), AGAIN times.
- plain: `mpremote connect PORT fs cp -r main.py nightboard :` run in the tree, as
  a maker copies the source by hand, onto a second fresh board, then the same
  command again, AGAIN times. mpremote's `fs cp` (commands.do_filesystem_cp,
  1.29 here) hashes each destination file on the board first and skips it when
  it is identical ("Up to date: ..."; --force turns that off), so the second
  copy sends no file either; it still walks the whole tree and asks the board
  for one hash per file.
- the same copy of the .mpy tree build.build() makes (main.py and the compiled
  package), onto a third fresh board, for the bytes and time of copying
  compiled files by hand.

Counts and bytes are exact (bytes are the files' payload: both sides send it
through mpremote's fs_writefile, as Python bytes literals in raw-REPL execs).
Which files were written is also read from the boards' flash directories
(sizes and modification times before and after), independently of what each
tool reports. Seconds are wall time on this machine over a pty with no baud
rate limit, so only their ratios in the same run mean something, not the
values: a Pico's USB serial is slower, which widens the gap where fewer bytes
are sent. One run of a step varies by tens of percent on a busy machine: the
no-change steps are repeated and their best run kept; the full steps, each on
a fresh board, run once.
"""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nightboard_host.flashing import build, flash
from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.progress import Silent
from nightboard_host.emulation.virtual_board import VirtualBoard, VirtualBoardError

PROFILE = "ring4"
AGAIN = 3  # runs of each no-change step: its seconds are the best of them, its counts the worst
MPREMOTE_TIMEOUT = 300  # seconds for one mpremote copy before the bench gives up


class _Phases(Silent):
    """A flash progress that notes when each phase began (time.monotonic)."""

    def __init__(self):
        self.at = {}

    def phase(self, text):
        self.at.setdefault(text.split(" ", 1)[0], time.monotonic())


def _files(root):
    """{relative path: (size, mtime_ns)} of every file under root."""
    out = {}
    for p in sorted(Path(root).rglob("*")):
        if p.is_file():
            st = p.stat()
            out[p.relative_to(root).as_posix()] = (st.st_size, st.st_mtime_ns)
    return out


def _changed(before, after):
    return sorted(p for p in after if before.get(p) != after[p])


def _source_tree(fw, dest):
    """Copy the firmware's files (those flashing deploys, as .py source) into dest; {relative path: size}."""
    out = {}
    for _rel, src, _compiled in build.firmware_sources(fw):
        rel = src.relative_to(fw)
        (dest / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest / rel)
        out[rel.as_posix()] = src.stat().st_size
    return out


def _start(directory):
    try:
        return VirtualBoard(directory).start()
    except (VirtualBoardError, OSError) as e:
        raise VirtualBoardError("flash bench: the virtual board cannot start (%s)" % e) from e


def _ours(board, fw, cache):
    progress = _Phases()
    before = _files(board.directory)
    t0 = time.monotonic()
    r = flash.flash(port=board.port, profile=PROFILE, firmware=str(fw), cache_dir=str(cache), wait=True,
                    progress=progress)
    t1 = time.monotonic()
    if r.hello is None:
        raise FlashError("flash bench: the firmware did not answer after the flash")
    waited = progress.at.get("waiting", t1)
    compiling, reading = progress.at.get("compiling"), progress.at.get("reading")
    figures = {
        "files_sent": len(r.sent),
        "bytes_sent": r.bytes_sent,
        "files_copied_on_board": len(r.copied),
        "files_kept": r.kept,
        "profile_written": r.profile_written,
        "loader_written": r.loader_written,
        "written": r.written,
        "files_changed_on_board": len(_changed(before, _files(board.directory))),
        "seconds": round(t1 - t0, 3),
        "seconds_before_hello": round(waited - t0, 3),
        "hello_wait_seconds": round(t1 - waited, 3),
        "compile_seconds": round(reading - compiling, 3) if compiling and reading else None,
        "flash_result_seconds": round(r.seconds, 3),
    }
    return figures, r


def _mpremote_cp(board, tree, names, sizes):
    """`mpremote connect PORT fs cp -r NAMES... :` run in tree; what it did."""
    exe = Path(sys.executable).parent / "mpremote"
    if not exe.is_file():
        raise FileNotFoundError("flash bench: mpremote is not installed next to %s (make setup)" % sys.executable)
    before = _files(board.directory)
    t0 = time.monotonic()
    proc = subprocess.run([str(exe), "connect", board.port, "fs", "cp", "-r"] + list(names) + [":"], cwd=str(tree),
                          capture_output=True, text=True, timeout=MPREMOTE_TIMEOUT,
                          env=dict(os.environ, PYTHONUNBUFFERED="1"))
    seconds = time.monotonic() - t0
    if proc.returncode != 0:
        raise RuntimeError("flash bench: mpremote fs cp failed (exit %d): %s"
                           % (proc.returncode, (proc.stderr or proc.stdout).strip()[-500:]))
    changed = _changed(before, _files(board.directory))
    up_to_date = [line for line in proc.stdout.splitlines() if line.startswith("Up to date:")]
    return {
        "files": len(sizes),
        "files_written": len(changed),
        "files_up_to_date": len(up_to_date),
        "bytes_sent": sum(sizes.get(p, 0) for p in changed),
        "written": bool(changed),
        "seconds": round(seconds, 3),
    }


def _startup_seconds():
    """Wall seconds of `mpremote version`: the part of each mpremote run that is its own start-up."""
    t0 = time.monotonic()
    subprocess.run([str(Path(sys.executable).parent / "mpremote"), "version"], capture_output=True,
                   timeout=MPREMOTE_TIMEOUT)
    return round(time.monotonic() - t0, 3)


def _runs(step, n=AGAIN):
    """step() n times, merged: seconds the smallest (and all of them), counts the largest, flags any."""
    runs = [step() for _ in range(n)]
    out = {}
    for key, v in runs[0].items():
        vs = [r[key] for r in runs]
        if key.endswith("seconds"):
            out[key] = min(vs) if None not in vs else None
        elif isinstance(v, bool):
            out[key] = any(vs)
        else:
            out[key] = max(vs)
    out["runs"] = n
    out["seconds_all"] = [r["seconds"] for r in runs]
    return out


def _ratio(a, b):
    return round(a / b, 2) if b else None


def measure():
    """The flash figures: a JSON-serialisable dict (see the module docstring)."""
    with tempfile.TemporaryDirectory(prefix="nightboard-flash-bench-") as tmp:
        tmp = Path(tmp)
        tree = tmp / "firmware"
        sizes = _source_tree(build.default_firmware_dir(), tree)
        cache = tmp / "mpy-cache"
        boards = []
        try:
            boards.append(_start(tmp / "board-ours"))
            ours_full, first = _ours(boards[0], tree, cache)
            ours_nochange = _runs(lambda: _ours(boards[0], tree, cache)[0])

            boards.append(_start(tmp / "board-mpremote"))
            mp_full = _mpremote_cp(boards[1], tree, ["main.py", "nightboard"], sizes)
            mp_again = _runs(lambda: _mpremote_cp(boards[1], tree, ["main.py", "nightboard"], sizes))
            startup = _startup_seconds()

            info = first.board
            if info is None:
                raise FlashError("flash bench: the flash did not say what the board runs")
            built = build.build(tree, build.Compiler(info.mpy_sub, info.arch, cache))
            mpy_tree = tmp / "firmware-mpy"
            for rel, data in built.items():
                (mpy_tree / rel).parent.mkdir(parents=True, exist_ok=True)
                (mpy_tree / rel).write_bytes(data)
            boards.append(_start(tmp / "board-mpremote-mpy"))
            mp_mpy = _mpremote_cp(boards[2], mpy_tree, ["main.py", "nightboard"],
                                  {rel: len(data) for rel, data in built.items()})
        finally:
            for b in boards:
                b.stop()

    return {
        "tree": {"files": len(sizes), "bytes": sum(sizes.values()),
                 "what": "firmware/main.py and firmware/nightboard/** as .py source, the files "
                         "flash.firmware_sources picks (no __pycache__), snapshotted into a temporary directory"},
        "mpy_tree": {"files": len(built), "bytes": sum(len(d) for d in built.values()),
                     "what": "flash.build() of the same tree for the virtual board (.mpy v6.%d, %s): main.py as "
                             "source, the package compiled" % (info.mpy_sub, info.arch)},
        "ours_full": ours_full,
        "ours_nochange": ours_nochange,
        "mpremote_full": mp_full,
        "mpremote_again": mp_again,
        "mpremote_mpy_full": mp_mpy,
        "mpremote_startup_seconds": startup,
        "ratio_full_seconds": _ratio(mp_full["seconds"], ours_full["seconds"]),
        "ratio_nochange_seconds": _ratio(mp_again["seconds"], ours_nochange["seconds"]),
        "ratio_full_seconds_before_hello": _ratio(mp_full["seconds"], ours_full["seconds_before_hello"]),
        "ratio_nochange_seconds_before_hello": _ratio(mp_again["seconds"], ours_nochange["seconds_before_hello"]),
        "ratio_full_bytes": _ratio(mp_full["bytes_sent"], ours_full["bytes_sent"]),
        "how": {
            "ours_full": "flash.flash(port, profile=%r, wait=True) in-process onto a fresh VirtualBoard, cold "
                         "mpy-cross cache in a temporary directory; seconds: time.monotonic around the call "
                         "(compile, send, check, profile, loader, restart and the firmware's hello); "
                         "seconds_before_hello: up to the start of the wait for the hello; bytes_sent: .mpy/.py "
                         "payload of the slot's files (manifest, profile.json and the loader not counted)" % PROFILE,
            "ours_nochange": "the same call again, same firmware, same board, warm compile cache, %d times: "
                             "seconds the best run (seconds_all: every run), counts the largest of the runs" % AGAIN,
            "mpremote_full": "`mpremote connect PORT fs cp -r main.py nightboard :` (mpremote %s from the venv, a "
                             "subprocess: its start-up included) in the .py tree, onto a second fresh VirtualBoard; "
                             "the firmware is not restarted" % _mpremote_version(),
            "mpremote_again": "the same command again, %d times like ours_nochange: mpremote hashes each file on "
                              "the board (sha256) and skips it when identical (\"Up to date:\"; --force would send all)" % AGAIN,
            "mpremote_startup_seconds": "`mpremote version` (no board): the start-up inside every mpremote "
                                        "figure; ours runs in-process (`nightboard flash` adds its own start-up)",
            "mpremote_mpy_full": "the same command in the .mpy tree flash.build() makes, onto a third fresh board",
            "files_written": "files whose size or mtime changed in the board's flash directory",
            "ratios": "plain mpremote / ours, same run (no-change: best run against best run); seconds on a pty without a baud rate limit (a Pico's USB "
                      "serial is slower): only the ratios mean something",
        },
    }


def _mpremote_version():
    try:
        from importlib.metadata import version

        return version("mpremote")
    except Exception:
        return "?"
