"""A small seeded PRNG (xorshift32) that gives the same numbers on CPython and MicroPython.

Every random draw of every game goes through it, never through `random`, whose
algorithms differ between the two interpreters. Its whole state is one integer,
so it saves to JSON and resumes the same stream.
"""

_MASK = 0xFFFFFFFF


def _mix(seed):
    # Spread a small seed over 32 bits so seeds 1, 2, 3 give unrelated streams.
    x = (seed ^ 0x9E3779B9) & _MASK
    for _ in range(4):
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        x = (x + 0x6D2B79F5) & _MASK
    return x or 0x2545F491


class Prng:
    """xorshift32 stream. `state` is the whole state; `Prng(state=s)` resumes it."""

    def __init__(self, seed=0, state=None):
        if state is not None:
            if not isinstance(state, int) or not 0 < state <= _MASK:
                raise ValueError("prng state must be an integer in 1..2**32-1")
            self.state = state
        else:
            if not isinstance(seed, int) or seed < 0:
                raise ValueError("seed must be a non-negative integer")
            self.state = _mix(seed & _MASK)

    def next32(self):
        x = self.state
        x ^= (x << 13) & _MASK
        x ^= x >> 17
        x ^= (x << 5) & _MASK
        self.state = x
        return x

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
