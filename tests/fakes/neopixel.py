"""Fake neopixel module: NeoPixel keeps its buf and records every write()."""

INSTANCES = []


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.timing = timing
        self.buf = bytearray(n * bpp)
        self.writes = []
        INSTANCES.append(self)

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        # Like the real driver: reorders RGB(W) into the chain's order.
        off = i * self.bpp
        for j in range(self.bpp):
            self.buf[off + self.ORDER[j]] = v[j]

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        self.writes.append(bytes(self.buf))
