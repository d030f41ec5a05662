"""In the probe, when asked (pico_emu.probe_files(flash_calls=True)): every call the storage makes to the
flash and to MicroPython's own modules in a save timed, into the probe's `calls` as (name, start us, us):
open, write, flush, close and os.sync of a file written, os.stat, os.rename, os.remove. The storage
(hal/files.py) finds `open` and `os` among its module's names, so the probe puts timed ones there."""

# time and calls are probe.py's, in front of this text in the same module; files.open is made here
# pyright: reportUndefinedVariable=false, reportAttributeAccessIssue=false

import os as _os

from nightboard.hal import files as _files


def _span(name, fn, *a):
    t = time.ticks_us()
    r = fn(*a)
    if len(calls) < 400:
        calls.append((name, t, time.ticks_diff(time.ticks_us(), t)))
    return r


class _Written:
    def __init__(self, f):
        self.f = f

    def write(self, data):
        return _span("write", self.f.write, data)

    def flush(self):
        return _span("flush", self.f.flush)

    def close(self):
        return _span("close", self.f.close)


def _open(path, mode="r"):
    f = _span("open_" + mode, open, path, mode)
    return _Written(f) if "w" in mode else f


class _TimedOs:
    sync = staticmethod(lambda: _span("sync", _os.sync))
    stat = staticmethod(lambda p: _span("stat", _os.stat, p))
    rename = staticmethod(lambda a, b: _span("rename", _os.rename, a, b))
    remove = staticmethod(lambda p: _span("remove", _os.remove, p))
    mkdir = staticmethod(_os.mkdir)
    listdir = staticmethod(_os.listdir)


_files.open = _open
_files.os = _TimedOs()
