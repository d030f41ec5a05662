"""The virtual board's bootstrap: runs first in every MicroPython process (as __main__, so the REPL shares
its globals like the Pico's main.py does). NBV_ROOT is the flash directory, NBV_MAIN=1 runs main.py."""

import os, sys, vfs  # os and machine: the virtual board's shims, imported before "/" changes
import machine  # noqa: F401 (the shim, imported before "/" changes)
vfs.umount("/")
vfs.mount(vfs.VfsPosix(os.getenv("NBV_ROOT")), "/")  # pyright: ignore[reportAttributeAccessIssue]
os.chdir("/")
sys.path[:] = ["", ".frozen", "/lib"]

def _nb_run(_p):
    try:
        os.stat(_p)
    except OSError:
        return
    try:
        with open(_p) as _f:
            _src = _f.read()
        exec(compile(_src, _p, "exec"), globals())
    except SystemExit:
        raise
    except BaseException as _e:
        sys.print_exception(_e)

try:
    print("\x1b[nbv-ready]", end="")
    _nb_run("boot.py")
    if os.getenv("NBV_MAIN") == "1":
        _nb_run("main.py")
except KeyboardInterrupt:
    pass
