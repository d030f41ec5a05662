"""The board's own randomness: seeds of games with hidden facts, the board's key, each save's nonce.

os.urandom where the port has it: on a Pico it reads the RP2040's ring oscillator, on the unix port
and CPython the operating system's generator. A port without it falls back to `random.getrandbits`
(seeded by the port at boot: from the hardware where it has a source, else from its clock), and then
to the microsecond clock; both are weaker, so a port without os.urandom is a port whose hidden facts a
patient player may guess (docs/hal.md says so).
"""

import os

_urandom = getattr(os, "urandom", None)


def random_bytes(n):
    """n bytes from the best source this port has."""
    if _urandom is not None:
        return _urandom(n)
    try:
        import random

        return bytes([random.getrandbits(8) for _ in range(n)])
    except (ImportError, AttributeError):
        import time

        out = bytearray(n)
        for i in range(n):
            t = time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1000000)
            out[i] = (t ^ (t >> 8) ^ (i * 37)) & 0xFF
        return bytes(out)


def random_seed():
    """A game's seed: 30 random bits (a small integer on every port, within the protocol's range)."""
    b = random_bytes(4)
    return b[0] | (b[1] << 8) | (b[2] << 16) | ((b[3] & 0x3F) << 24)
