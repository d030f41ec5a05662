"""Sealing a game's hidden facts in its save file, so the file's readable part shows no secrets.

GUIDE section 5: a game's hidden facts (a seat the board hides, choices not yet
revealed) and the random stream must not be readable from the board's files. The saved state is
XOR-ed in place with a keystream from the shared PRNG, seeded from the board's
own key (its unique id on a Pico) and a per-save nonce; only the program's
name and the turn count stay readable in the file's header. This keeps secrets
from anyone listing or printing the files; it is not cryptography against a
determined attacker who knows the scheme and the board's id.
"""

from nightboard.prng import Prng

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


def xor_in_place(buf, key, nonce):
    """XOR a bytearray or memoryview with the keystream for (key, nonce); applying it twice undoes it."""
    r = Prng(state=(crc32(key + (":%d" % nonce).encode()) & 0xFFFFFFFF) or 1)
    word = 0
    for i in range(len(buf)):
        if i & 3 == 0:
            word = r.next32()
        buf[i] ^= (word >> (8 * (i & 3))) & 0xFF
