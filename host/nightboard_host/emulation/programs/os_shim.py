"""The os module of the virtual board: the unix port's, with the flash directory as "/" (mounted as a
VfsPosix by the bootstrap) and what differs from a Pico's littlefs mended: VfsPosix with a root renames
absolute paths wrongly (both paths share one buffer), lists no sizes and measures the host's disk."""
# the unix port's, mended (the stubs describe the Pico's)
from uos import *  # noqa: F403  # pyright: ignore[reportAssignmentType, reportWildcardImportFromLibrary]
import uos, vfs
_fs = vfs.VfsPosix()  # pyright: ignore[reportAttributeAccessIssue]
_root = getenv("NBV_ROOT").rstrip("/")  # noqa: F405 (from uos)

def _host(p):
    if not p.startswith("/"):
        p = getcwd() + "/" + p  # noqa: F405 (from uos)
    out = []
    for s in p.split("/"):
        if s == "" or s == ".":
            continue
        if s == "..":
            if out:
                out.pop()
            continue
        out.append(s)
    return _root + "/" + "/".join(out)

def rename(old, new):
    _fs.rename(_host(old), _host(new))

def ilistdir(p=None):
    base = "" if p is None else (p if p.endswith("/") else p + "/")
    for e in (uos.ilistdir() if p is None else uos.ilistdir(p)):
        yield (e[0], e[1], 0, 0 if e[1] & 0x4000 else uos.stat(base + e[0])[6])

def _blocks(h):
    n = 1
    for e in _fs.ilistdir(h):
        q = h + "/" + e[0]
        n += _blocks(q) if e[1] & 0x4000 else (_fs.stat(q)[6] + 4095) // 4096
    return n

def statvfs(p):
    # a stock Pico's filesystem under MicroPython 1.28: 352 blocks of 4 KB (1408 KB), used as the
    # directory's files would use it (each file takes whole blocks)
    free = max(0, 352 - _blocks(_root))
    return (4096, 4096, 352, free, free, 0, 0, 0, 0, 255)
