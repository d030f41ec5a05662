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
except SystemExit as _e:  # sys.exit(), machine.reset() or machine.soft_reset() in a program: a Pico restarts
    # (the unix port, run with -i, would go on to its REPL): the relay restarts the process when it reads this
    _code = _e.args[0] if _e.args and isinstance(_e.args[0], int) else 0
    print("\x1b[nbv-exit %d]" % _code, end="")
    import time
    while True:
        time.sleep(1)
