"""WS2812 output for the Pico: a PIO program fed by DMA, and a blocking neopixel fallback.

Ws2812Dma.write(buf) hands the wire buffer to a DMA channel paced by the state
machine's TX FIFO and returns; the CPU is free while the frame goes out. The DMA
moves one byte per transfer; the bus replicates a byte write into all four lanes
of the 32-bit FIFO word, and with out_shiftdir=SHIFT_LEFT, autopull and
pull_thresh=8 the program shifts that byte out MSB first. Nothing is copied.

Timing at FREQ = 20 MHz (50 ns a cycle), 25 cycles (1.25 us) a bit:
  bit 0: high T1 = 8 cycles (0.40 us), low T2 + T3 = 17 (0.85 us)
  bit 1: high T1 + T2 = 16 cycles (0.80 us), low T3 = 9 (0.45 us)
Between frames the line idles low (the state machine stalls on `out` with
side-set 0); wait() adds the reset gap (RESET_US >= the 280 us of WS2812B-V5).
"""

import time

import rp2
from machine import Pin

FREQ = 20000000
T1 = 8
T2 = 8
T3 = 9
BIT_NS = (T1 + T2 + T3) * (1000000000 // FREQ)
RESET_US = 300
_SLACK_US = 20  # DMA start-up and the last bit's tail


# The delays are literals because asm_pio swaps this module's globals for the PIO
# DSL while it runs the body. Each instruction takes 1 + [delay] cycles:
# [8] = T3 - 1, [7] = T1 - 1 = T2 - 1. tests/runtime/test_ws2812_pio.py checks this
# against the pioasm text and the bit timing in a PIO emulator.
@rp2.asm_pio(sideset_init=rp2.PIO.OUT_LOW, out_shiftdir=rp2.PIO.SHIFT_LEFT, autopull=True, pull_thresh=8)
def ws2812_program():
    wrap_target()  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    label("bitloop")  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    out(x, 1).side(0)[8]  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    jmp(not_x, "do_zero").side(1)[7]  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    jmp("bitloop").side(1)[7]  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    label("do_zero")  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    nop().side(0)[7]  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names
    wrap()  # noqa: F821  # pyright: ignore[reportUndefinedVariable]  PIO DSL names


def treq_for(sm_id):
    """DREQ number of a state machine's TX FIFO: PIO0 TX0..3 = 0..3, PIO1 TX0..3 = 8..11."""
    return (sm_id >> 2) << 3 | (sm_id & 3)


def frame_us(nbytes):
    """Time on the wire for nbytes, rounded up, without the reset gap."""
    return (nbytes * 8 * BIT_NS + 999) // 1000


def _check(pin, count, sm_id):
    if not isinstance(pin, int) or not 0 <= pin <= 29:
        raise ValueError("LED data pin must be a GPIO number 0..29, got %r" % (pin,))
    if not isinstance(count, int) or count < 1:
        raise ValueError("LED count must be a positive integer, got %r" % (count,))
    if not isinstance(sm_id, int) or not 0 <= sm_id <= 7:
        raise ValueError("PIO state machine id must be 0..7, got %r" % (sm_id,))


class Ws2812Dma:
    """Non-blocking WS2812 chain on `pin` with `count` LEDs, PIO state machine `sm_id`."""

    def __init__(self, pin, count, sm_id=0):
        _check(pin, count, sm_id)
        self.n = count
        self.nbytes = 3 * count
        self.treq = treq_for(sm_id)
        self._sm = rp2.StateMachine(sm_id, ws2812_program, freq=FREQ, sideset_base=Pin(pin))
        self._sm.active(1)
        self._dma = rp2.DMA()
        self._ctrl = self._dma.pack_ctrl(size=0, inc_write=False, treq_sel=self.treq)
        self._period = frame_us(self.nbytes) + RESET_US + _SLACK_US
        self._done_at = time.ticks_us()
        self._pending = False

    def write(self, buf):
        if len(buf) != self.nbytes:
            raise ValueError("pixels.write: buffer has %d bytes, the chain needs %d (3 x %d LEDs)" % (len(buf), self.nbytes, self.n))
        self.wait()
        self._dma.config(read=buf, write=self._sm, count=self.nbytes, ctrl=self._ctrl, trigger=True)
        self._done_at = time.ticks_add(time.ticks_us(), self._period)
        self._pending = True

    def busy(self):
        if self._pending and (self._dma.active() or time.ticks_diff(self._done_at, time.ticks_us()) > 0):
            return True
        self._pending = False
        return False

    def wait(self):
        if not self._pending:
            return
        while self._dma.active() or self._sm.tx_fifo():
            pass
        left = time.ticks_diff(self._done_at, time.ticks_us())
        if left > 0:
            time.sleep_us(left)
        self._pending = False

    def deinit(self):
        self.wait()
        self._dma.close()
        self._sm.active(0)


class NeoPixelFallback:
    """Blocking output through MicroPython's neopixel module (when rp2.DMA is missing).

    neopixel reorders colours in __setitem__ only, so the wire buffer (already in
    the chain's order) is copied straight into np.buf; bpp=3, timing=1 = 800 kHz.
    """

    def __init__(self, pin, count):
        _check(pin, count, 0)
        import neopixel

        self.n = count
        self.nbytes = 3 * count
        self._np = neopixel.NeoPixel(Pin(pin), count, bpp=3, timing=1)
        self._buf = self._np.buf
        if len(self._buf) != self.nbytes:
            raise ValueError("neopixel buffer has %d bytes, expected %d" % (len(self._buf), self.nbytes))
        self._done_at = time.ticks_us()

    def write(self, buf):
        if len(buf) != self.nbytes:
            raise ValueError("pixels.write: buffer has %d bytes, the chain needs %d (3 x %d LEDs)" % (len(buf), self.nbytes, self.n))
        self.wait()
        self._buf[:] = buf
        self._np.write()
        self._done_at = time.ticks_add(time.ticks_us(), RESET_US)

    def busy(self):
        return time.ticks_diff(self._done_at, time.ticks_us()) > 0

    def wait(self):
        left = time.ticks_diff(self._done_at, time.ticks_us())
        if left > 0:
            time.sleep_us(left)

    def deinit(self):
        self.wait()
