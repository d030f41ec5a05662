# _h(path): a file's sha256 on the board, None when it is missing, "?" when the board cannot hash.
import json  # noqa: F401 (used by the program sent after this one)
try:
    import hashlib
    import binascii
except ImportError:
    hashlib = None
def _h(p):
    if hashlib is None:
        return "?"
    try:
        h = hashlib.sha256()
        b = bytearray(1024)
        m = memoryview(b)
        with open(p, "rb") as f:
            while True:
                n = f.readinto(b)
                if not n:
                    break
                h.update(m[:n])
        return binascii.hexlify(h.digest()).decode()
    except OSError:
        return None
