"""The stock MicroPython `neopixel` driver's Python side, for benchmarking on the unix port.

On the rp2 port `neopixel` is micropython-lib's pure-Python driver: __setitem__
reorders each (r, g, b) into its buffer in Python, write() hands the buffer to
machine.bitstream (which blocks while it sends). This module does the same
Python work; write() is a no-op here because the unix port has no pins.
"""


class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3, timing=1):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.timing = timing

    def __len__(self):
        return self.n

    def __setitem__(self, i, v):
        offset = i * self.bpp
        for i in range(self.bpp):
            self.buf[offset + self.ORDER[i]] = v[i]

    def __getitem__(self, i):
        offset = i * self.bpp
        return tuple(self.buf[offset + self.ORDER[i]] for i in range(self.bpp))

    def fill(self, v):
        for i in range(self.n):
            self[i] = v

    def write(self):
        pass
