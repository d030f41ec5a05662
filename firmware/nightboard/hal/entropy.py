"""The board's own randomness where os.urandom is missing, and a seeded stand-in for tests.

Hal uses os.urandom itself where the port has it (this module is then not imported): on a Pico it
reads the RP2040's ring oscillator, on the unix port and CPython the operating system's generator. A port without it falls back to `random.getrandbits`
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
            # ticks_diff makes the port's tick a plain int
            t = time.ticks_diff(time.ticks_us(), 0) if hasattr(time, "ticks_us") else int(time.time() * 1000000)
            out[i] = (t ^ (t >> 8) ^ (i * 37)) & 0xFF
        return bytes(out)


class SeededRandom:
    """random_bytes for tests that compare two tables: the same bytes for the same seed (the shared PRNG).
    Never for a real game: its keys, nonces and seeds would be anyone's guess."""

    def __init__(self, seed):
        from nightboard.prng import Prng

        self.prng = Prng(seed)

    def __call__(self, n):
        return bytes([self.prng.below(256) for _ in range(n)])
