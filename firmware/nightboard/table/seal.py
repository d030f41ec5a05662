"""Sealing a game's hidden facts in its save file, so the file's readable part shows no secrets.

GUIDE section 5: a game's hidden facts (a seat the board hides, choices not yet
revealed) and the random stream must not be readable from the board's files. The saved state is
XOR-ed in place with a keystream from the shared PRNG, seeded from the board's
own key (its unique id on a Pico) and a per-save nonce; only the program's
name and the turn count stay readable in the file's header. This keeps secrets
from anyone listing or printing the files; it is not cryptography against a
determined attacker who knows the scheme and the board's id.
"""

try:
    from binascii import crc32  # pyright: ignore[reportAssignmentType]  the fallback below has the same call shape
except ImportError:  # a MicroPython built without binascii.crc32
    def crc32(data, crc=0):
        crc ^= 0xFFFFFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
        return crc ^ 0xFFFFFFFF


class Sealer:
    """XOR a buffer in place with the keystream for (key, nonce), a piece at a time.

    The keystream is the shared PRNG's xorshift32 stream (nightboard/prng.py), word by word, each word's
    bytes lowest first. It is computed here on two 16-bit halves: on MicroPython a 32-bit value is a
    long integer, allocated on the heap at every step, which made sealing a save take 50-70 ms on a
    Pico; the halves stay small integers and give the very same stream.
    """

    def __init__(self, key, nonce):
        x = (crc32(key + (":%d" % nonce).encode()) & 0xFFFFFFFF) or 1
        self.hi = x >> 16
        self.lo = x & 0xFFFF
        self.pos = 0

    def run(self, buf, n):
        """XOR the next n bytes of buf (from where the last call stopped); True once buf is done.
        n is rounded down to whole 4-byte words, except at the end of buf."""
        hi = self.hi
        lo = self.lo
        i = self.pos
        size = len(buf)
        end = i + (n & ~3)
        if end > size:
            end = size
        while i < end:
            hi ^= ((hi << 13) | (lo >> 3)) & 0xFFFF  # x ^= x << 13 (hi first: it needs the old lo)
            lo ^= (lo << 13) & 0xFFFF
            lo ^= hi >> 1  # x ^= x >> 17
            hi ^= ((hi << 5) | (lo >> 11)) & 0xFFFF  # x ^= x << 5
            lo ^= (lo << 5) & 0xFFFF
            if i + 4 <= size:
                buf[i] ^= lo & 0xFF
                buf[i + 1] ^= lo >> 8
                buf[i + 2] ^= hi & 0xFF
                buf[i + 3] ^= hi >> 8
                i += 4
            else:  # the last, partial word
                w = lo | (hi << 16)
                while i < size:
                    buf[i] ^= w & 0xFF
                    w >>= 8
                    i += 1
        self.hi = hi
        self.lo = lo
        self.pos = i
        return i >= size


def xor_in_place(buf, key, nonce):
    """XOR a bytearray or memoryview with the keystream for (key, nonce); applying it twice undoes it."""
    Sealer(key, nonce).run(buf, len(buf) + 3)
