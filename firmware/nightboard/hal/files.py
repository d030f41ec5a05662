"""Directory-backed storage (os + open) shared by the board and the host.

Names are flat file names inside one base directory. `write` flushes and closes
before it returns, so write-new-then-rename-over-old is a safe save on
littlefs, on POSIX and on the MicroPython unix port: `replace` does that.
"""

import os

try:  # the port's own numbers (the 32-bit WASI build's ENOENT is 44, not 2)
    import errno as _codes
except ImportError:
    _codes = None
ENOENT = getattr(_codes, "ENOENT", 2)
EISDIR = getattr(_codes, "EISDIR", 21)
_codes = None
_S_IFDIR = 0x4000


def check_name(name):
    """Refuse anything that is not a plain file name (no paths, no dot names)."""
    if not isinstance(name, str):
        raise ValueError("storage name must be a str, got %r" % (name,))
    if not name or name in (".", "..") or "/" in name or "\\" in name or "\0" in name:
        raise ValueError("storage name %r: must be a plain file name (no '/', '\\\\', '.' or '..')" % (name,))
    return name


def as_bytes(name, data):
    if isinstance(data, str):
        return data.encode("utf-8")
    if isinstance(data, (bytes, bytearray, memoryview)):
        return bytes(data)
    raise ValueError("storage write %r: data must be bytes, bytearray, memoryview or str, got %s" % (name, type(data).__name__))


def missing(name):
    return OSError(ENOENT, "storage: no file named %r" % (name,))


def _errno(e):
    n = getattr(e, "errno", None)
    if n is None and e.args:
        n = e.args[0]
    return n


class DirStorage:
    """Storage in the directory `path` (created if missing)."""

    def __init__(self, path, create=True):
        if not isinstance(path, str) or not path:
            raise ValueError("DirStorage path must be a non-empty str, got %r" % (path,))
        self.path = path
        try:
            mode = os.stat(path)[0]
        except OSError:
            if not create:
                raise OSError(ENOENT, "storage directory %r does not exist" % (path,))
            os.mkdir(path)
            mode = os.stat(path)[0]
        if not mode & _S_IFDIR:
            raise OSError("storage path %r is not a directory" % (path,))
        self._base = path if path.endswith("/") else path + "/"

    def _p(self, name):
        return self._base + check_name(name)

    def read(self, name):
        try:
            f = open(self._p(name), "rb")
        except OSError as e:
            if _errno(e) == ENOENT:
                return None
            raise
        try:
            return f.read()
        finally:
            f.close()

    def size(self, name):
        """The file's length in bytes without reading it (os.stat), None when there is none;
        OSError EISDIR when a directory has that name."""
        try:
            st = os.stat(self._p(name))
        except OSError as e:
            if _errno(e) == ENOENT:
                return None
            raise
        if st[0] & _S_IFDIR:
            raise OSError(EISDIR, "storage: %r is a directory, not a file" % (name,))
        return st[6]

    def write(self, name, data):
        if not isinstance(data, (bytes, bytearray, memoryview)):
            data = as_bytes(name, data)  # (a buffer is written as it is: no copy of a save on a small heap)
        f = open(self._p(name), "wb")
        try:
            f.write(data)
            f.flush()
        finally:
            f.close()
        sync = getattr(os, "sync", None)
        if sync is not None:
            sync()

    def replace(self, name, data, tmp):
        """Write the whole file so that a power cut at any moment leaves its old content or the new one: the
        new written to `tmp`, then renamed over it (POSIX, FAT, the unix port). The board's littlefs needs
        no temporary file (rp2_storage.py)."""
        self.write(tmp, data)
        self.rename(tmp, name)

    def exists(self, name):
        try:
            return not os.stat(self._p(name))[0] & _S_IFDIR
        except OSError:
            return False

    def rename(self, old, new):
        """Rename a file (or a directory in a file's place, to set it aside)."""
        src, dst = self._p(old), self._p(new)
        try:
            os.stat(src)
        except OSError:
            raise missing(old)
        # os.replace on CPython (atomic on Windows too); rename replaces on POSIX and littlefs.
        getattr(os, "replace", os.rename)(src, dst)

    def remove(self, name):
        p = self._p(name)
        if not self.exists(name):
            raise missing(name)
        os.remove(p)

    def listdir(self):
        out = []
        for n in os.listdir(self.path):
            if self.exists(n):
                out.append(n)
        out.sort()
        return out
