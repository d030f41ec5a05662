"""The seeded PRNG every game draws from: the same numbers on CPython and MicroPython.

Every random draw of every game goes through it, never through `random`, whose
algorithms differ between the two interpreters. Its whole state is one integer,
so it saves to JSON and resumes the same stream.

Two streams, chosen by the seed:
- a seed below NARROW (2**30) gives xorshift32, 32 bits of state: every record, save and
  seeded test made before wide seeds existed replays to exactly the same draws;
- a seed of NARROW or more (the board draws 62 bits: draw_seed) gives SHA-256 in counter
  mode under a 64-bit key made from the seed: nobody can search the seeds, or solve the
  stream from the draws a game reveals, to learn the ones it hides.
A state of 1..2**32-1 is a narrow stream; 2**32..STATE_MAX is a wide one, key * 2**32 + words
drawn. hashlib.sha256 is on both interpreters (MicroPython's rp2 and unix ports). A wide draw
makes one long integer (its next state) and hashes once per 8 words: about 90 bytes a draw on
the unix port against 0.3 for a narrow one; draws happen at setup and on turns, never per
frame.
"""

import hashlib

_MASK = 0xFFFFFFFF
NARROW = 1 << 30  # seeds below it keep the narrow stream
SEED_MAX = 2 ** 62
STATE_MAX = (1 << 96) - 1
_KEY_MASK = (1 << 64) - 1


def _mix(seed):
    # Spread a small seed over 32 bits so seeds 1, 2, 3 give unrelated streams.
    x = (seed ^ 0x9E3779B9) & _MASK
    for _ in range(4):
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        x = (x + 0x6D2B79F5) & _MASK
    return x or 0x2545F491


def _wide_key(seed):
    # (a game's seed stops at SEED_MAX; bits above 64 of a tool's own derived seeds are dropped)
    d = hashlib.sha256(b"nightboard prng key\x00" + (seed & _KEY_MASK).to_bytes(8, "little")).digest()
    return int.from_bytes(d[:8], "little") or 1


def draw_seed(raw):
    """A wide seed (NARROW..2**62-1, 62 random bits) from 8 bytes of the board's own randomness."""
    if len(raw) < 8:
        raise ValueError("draw_seed needs 8 random bytes")
    s = int.from_bytes(raw[:8], "little") & (SEED_MAX - 1)
    if s < NARROW:  # 1 chance in 2**32: keep it wide
        s |= 1 << 61
    return s


def valid_state(state):
    return isinstance(state, int) and not isinstance(state, bool) and 0 < state <= STATE_MAX


class Prng:
    """`state` is the whole state; `Prng(state=s)` resumes the stream (or set `state` directly)."""

    def __init__(self, seed=0, state=None):
        if state is not None:
            if not valid_state(state):
                raise ValueError("prng state must be an integer in 1..2**96-1")
            self.state = state
        else:
            if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
                raise ValueError("seed must be a non-negative integer")
            self.state = _mix(seed) if seed < NARROW else _wide_key(seed) << 32
        self._seen = 0  # the wide state the fields below were read from (0: none)

    def next32(self):
        x = self.state
        if x > _MASK:
            return self._wide(x)
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

    def _wide(self, s):
        # The key's prefix, the count of words drawn (a small int) and the block are kept between draws
        # (read again only when `state` was set from outside), so a draw makes one long integer, the
        # next state, and hashes once per 8 words into the same buffer.
        if s != self._seen:
            self._prefix = b"nightboard prng\x00" + ((s >> 32) & _KEY_MASK).to_bytes(8, "little")
            self._n = s & _MASK
            self._blk = -1
            if self._seen == 0:
                self._ctr = bytearray(4)  # the block's number, as hashed
                self._block = bytearray(32)
        n = self._n
        blk = n >> 3
        if blk != self._blk:
            c = self._ctr
            c[0] = blk & 255
            c[1] = (blk >> 8) & 255
            c[2] = (blk >> 16) & 255
            c[3] = (blk >> 24) & 255
            h = hashlib.sha256(self._prefix)
            h.update(c)
            self._block[:] = h.digest()
            self._blk = blk
        b = self._block
        i = (n & 7) << 2
        self._n = n + 1
        self.state = self._seen = s + 1
        return b[i] | b[i + 1] << 8 | b[i + 2] << 16 | b[i + 3] << 24

    def below(self, n):
        """A uniform integer in 0..n-1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next32()
            if x <= limit:
                return x % n

    def shuffle(self, items):
        """Fisher-Yates shuffle of a list, in place."""
        i = len(items) - 1
        while i > 0:
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1
        return items

    def choice(self, items):
        return items[self.below(len(items))]
