"""Frame buffers and the output encoder: logical colours -> wire bytes for the LED chain.

A Frame holds logical (r, g, b) colours, 3 bytes per LED in chain order, before
any correction. The Encoder turns it into the chain's wire buffer: gamma 2.6,
then brightness, then the chain's colour order, then the current limit. Both
preallocate everything: encode() allocates nothing, so it can run every frame.
"""

# Adafruit's gamma8 table (gamma 2.6): int((i / 255) ** 2.6 * 255 + 0.5), as
# bytes so it is identical on every interpreter and costs no float math.
GAMMA8 = (
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x01\x01\x01\x01\x01\x01\x01\x01"
    b"\x01\x01\x01\x01\x02\x02\x02\x02\x02\x02\x02\x02\x03\x03\x03\x03"
    b"\x03\x03\x04\x04\x04\x04\x05\x05\x05\x05\x05\x06\x06\x06\x06\x07"
    b"\x07\x07\x08\x08\x08\x09\x09\x09\x0a\x0a\x0a\x0b\x0b\x0b\x0c\x0c"
    b"\x0d\x0d\x0d\x0e\x0e\x0f\x0f\x10\x10\x11\x11\x12\x12\x13\x13\x14"
    b"\x14\x15\x15\x16\x16\x17\x18\x18\x19\x19\x1a\x1b\x1b\x1c\x1d\x1d"
    b"\x1e\x1f\x1f\x20\x21\x22\x22\x23\x24\x25\x26\x26\x27\x28\x29\x2a"
    b"\x2a\x2b\x2c\x2d\x2e\x2f\x30\x31\x32\x33\x34\x35\x36\x37\x38\x39"
    b"\x3a\x3b\x3c\x3d\x3e\x3f\x40\x41\x42\x44\x45\x46\x47\x48\x49\x4b"
    b"\x4c\x4d\x4e\x50\x51\x52\x54\x55\x56\x58\x59\x5a\x5c\x5d\x5e\x60"
    b"\x61\x63\x64\x66\x67\x69\x6a\x6c\x6d\x6f\x70\x72\x73\x75\x77\x78"
    b"\x7a\x7c\x7d\x7f\x81\x82\x84\x86\x88\x89\x8b\x8d\x8f\x91\x92\x94"
    b"\x96\x98\x9a\x9c\x9e\xa0\xa2\xa4\xa6\xa8\xaa\xac\xae\xb0\xb2\xb4"
    b"\xb6\xb8\xba\xbc\xbf\xc1\xc3\xc5\xc7\xca\xcc\xce\xd1\xd3\xd5\xd7"
    b"\xda\xdc\xdf\xe1\xe3\xe6\xe8\xeb\xed\xf0\xf2\xf5\xf7\xfa\xfc\xff"
)


class Frame:
    """Logical colours of n LEDs: `rgb` is a bytearray of r, g, b per LED in chain order."""

    def __init__(self, n_leds):
        if not isinstance(n_leds, int) or isinstance(n_leds, bool) or n_leds < 1:
            raise ValueError("Frame: n_leds must be a positive integer (got %r)" % (n_leds,))
        self.n = n_leds
        self.rgb = bytearray(3 * n_leds)
        self._zero = bytes(3 * n_leds)

    def put(self, j, c):
        """Colour c (an (r, g, b) of the palette) at byte offset j (3 x the LED), unchecked: for the
        per-frame drawing, whose offsets come from the layout's tables and colours from the palette."""
        rgb = self.rgb
        rgb[j] = c[0]
        rgb[j + 1] = c[1]
        rgb[j + 2] = c[2]

    def set(self, i, r, g, b):
        """Colour of LED i; each channel 0..255."""
        if i < 0 or i >= self.n or (r | g | b) >> 8:
            _bad_set(self.n, i, r, g, b)
        j = 3 * i
        c = self.rgb
        c[j] = r
        c[j + 1] = g
        c[j + 2] = b

    def fill(self, r, g, b):
        """Every LED the same colour."""
        if (r | g | b) >> 8:
            _bad_set(self.n, 0, r, g, b)
        c = self.rgb
        for j in range(0, 3 * self.n, 3):
            c[j] = r
            c[j + 1] = g
            c[j + 2] = b

    def clear(self):
        """Every LED off (one C-level copy from a preallocated zero buffer)."""
        self.rgb[:] = self._zero

    def get(self, i):
        """(r, g, b) of LED i (allocates a tuple: for tests and tools, not the frame loop)."""
        if not 0 <= i < self.n:
            raise IndexError("Frame.get: LED %d out of range 0..%d" % (i, self.n - 1))
        j = 3 * i
        return (self.rgb[j], self.rgb[j + 1], self.rgb[j + 2])


def _bad_set(n, i, r, g, b):
    if not 0 <= i < n:
        raise IndexError("Frame.set: LED %d out of range 0..%d" % (i, n - 1))
    raise ValueError("Frame colour (%d, %d, %d): each channel must be 0..255" % (r, g, b))


class Encoder:
    """Wire bytes for a profile's LED chain, with gamma, brightness, colour order and current limit.

    `buf` is the wire buffer (3 bytes per LED in the chain's colour order), the
    same object every call. With buffers=2, encode() alternates between two
    preallocated buffers (`buf` is the one written last), so a frame can be
    encoded while the previous one is still going out by DMA. After encode():
    `last_ma` is the estimated draw in mA (after limiting) and `limited` tells
    whether the limit scaled the frame. `loop`: the per-LED loop compiled for
    the chip (hal/native_encode.py) where the hal has one; the same bytes.
    """

    def __init__(self, profile, buffers=1, loop=None):
        led = profile["led"]
        power = profile["power"]
        self.n = led["count"]
        self.order = led["order"]
        if buffers != 1 and buffers != 2:
            raise ValueError("Encoder: buffers must be 1 or 2 (got %r)" % (buffers,))
        self.buf = bytearray(3 * self.n)
        self._other = bytearray(3 * self.n) if buffers == 2 else self.buf
        self._or = self.order.find("R")
        self._og = self.order.find("G")
        self._ob = self.order.find("B")
        self._loop = loop  # the per-LED loop compiled for this chip (hal/native_encode.py), or None
        self.ma_per_channel = led["ma_per_channel"]
        self.idle_ma = led["idle_ma_per_led"] * self.n
        self.budget_ma = power["budget_ma"]
        # Largest channel-byte sum s whose estimate s * ma // 255 + idle stays within budget.
        self._max_sum = (255 * (self.budget_ma - self.idle_ma) + 254) // self.ma_per_channel
        self._table = bytearray(256)  # gamma and brightness together
        self.brightness = 0
        self.last_ma = 0
        self.limited = False
        self.set_brightness(power["brightness"])

    def set_brightness(self, b):
        """Brightness 0..255 (0 = dark); rebuilds the 256-byte gamma*brightness table."""
        if not isinstance(b, int) or isinstance(b, bool) or not 0 <= b <= 255:
            raise ValueError("brightness must be an integer 0..255 (got %r)" % (b,))
        t = self._table
        for v in range(256):
            t[v] = GAMMA8[v] * b // 255
        self.brightness = b

    def encode(self, frame):
        """Encode `frame` (a Frame of this chain's length) into `buf` and return `buf`."""
        src = frame.rgb
        dst = self._other
        n3 = len(dst)
        if len(src) != n3:
            raise ValueError("Encoder.encode: frame has %d LEDs, the chain %d" % (len(src) // 3, self.n))
        self._other = self.buf
        self.buf = dst
        t = self._table
        o_r = self._or
        o_g = self._og
        o_b = self._ob
        if self._loop is not None:
            return self._finish(self._loop(src, dst, t, n3, o_r, o_g, o_b))
        s = 0
        for j in range(0, n3, 3):
            r = t[src[j]]
            g = t[src[j + 1]]
            b = t[src[j + 2]]
            dst[j + o_r] = r
            dst[j + o_g] = g
            dst[j + o_b] = b
            s += r + g + b
        return self._finish(s)

    def _finish(self, s):
        # s: the sum of the wire bytes just written; the current limit and the estimate follow from it
        self.limited = s > self._max_sum
        if self.limited:
            s = self._limit(s)
        self.last_ma = s * self.ma_per_channel // 255 + self.idle_ma
        return self.buf

    def _limit(self, s):
        # Fixed-point scale below 1.0 (of 65536): rounding down keeps the
        # scaled sum at most max_sum.
        scale = scale_q16(self._max_sum, s)
        dst = self.buf
        s = 0
        for j in range(0, len(dst), 3):
            v = (dst[j] * scale) >> 16
            dst[j] = v
            w = (dst[j + 1] * scale) >> 16
            dst[j + 1] = w
            x = (dst[j + 2] * scale) >> 16
            dst[j + 2] = x
            s += v + w + x
        return s


def scale_q16(m, s):
    """(m << 16) // s for 0 <= m < s < 2**20, with every intermediate below 2**30.

    The board's small ints hold 31 bits; anything bigger would allocate a long
    int in the frame loop. s is at most 3 * 255 * 1024 (< 2**20).
    """
    q = (m << 10) // s
    r = (m << 10) - q * s
    return (q << 6) + ((r << 6) // s)
