"""Hardware adapters: the only code that touches machine, neopixel, rp2, time and os.

Everything above hal/ receives four duck-typed objects (see docs/hal.md):

pixels   write(buf)   start sending a wire buffer (3*count bytes, already in the
                      chain's colour order); returns at once when the backend can.
                      buf must not change until busy() is False.
         busy()       True while a frame (or its reset gap) is still going out.
         wait()       block until the last frame is on the wire plus the >= 300 us
                      reset gap.
buttons  scan(states) fill a preallocated bytearray, one byte per button id,
                      1 = contact closed (raw, not debounced); allocates nothing.
clock    ticks_ms(), ticks_us(), ticks_diff(a, b) (wrap-safe, like time.ticks_diff),
         sleep_ms(n).
watchdog start(), feed(), stop(): restarts a hung table (board: machine.WDT); optional.
storage  read(name) -> bytes or None, write(name, data), rename(old, new),
         replace(name, data, tmp): the whole file, a power cut leaving the old
         content or the new (through `tmp` and a rename where the filesystem needs it),
         remove(name), exists(name), listdir() -> sorted names.
         Names are flat file names in one directory.
restart()             restart the firmware at once, as machine.reset() does on a Pico (which reports
                      a watchdog reset: the table resumes its saved game); None where the port cannot.
soft_reset()          run main.py again in a fresh heap (machine.soft_reset() on a Pico), for the
                      table's return to its start menu (table/fresh.py); None where the port cannot.
encode_loop           the LED encoder's per-LED loop compiled for the chip (hal/native_encode.py: viper on
                      the Pico), or None: table/frame.py's Encoder runs its Python loop, the same bytes.
random_bytes(n)       n bytes of the board's own randomness (hal/entropy.py: os.urandom where it
                      exists); seeds of games with hidden facts, the board's key, saves' nonces.

Backends: sim.py (host and tests: SimPixels, SimButtons, SimClock, RealClock,
MemStorage, DirStorage, make_sim_hal) and board.py (make_board_hal for the Pico,
built from rp2_ws2812, rp2_buttons, rp2_clock, rp2_storage, native_encode).
"""


class Hal:
    """The parts together, as the table receives them. watchdog (start/feed/stop, or None) and
    reset_cause ("power-on", "watchdog", "soft", "unknown") are optional; random_bytes defaults to
    os.urandom (hal/entropy.py where the port has none; a test may give entropy.SeededRandom)."""

    def __init__(self, pixels, buttons, clock, storage, watchdog=None, reset_cause="power-on", random_bytes=None,
                 restart=None, soft_reset=None, encode_loop=None):
        self.pixels = pixels
        self.buttons = buttons
        self.clock = clock
        self.storage = storage
        self.watchdog = watchdog
        self.reset_cause = reset_cause
        self.restart = restart
        self.soft_reset = soft_reset
        self.encode_loop = encode_loop  # the LED encoder's loop compiled for the chip (native_encode.py), or None
        if random_bytes is None:
            import os

            random_bytes = getattr(os, "urandom", None)
        if random_bytes is None:  # a port without os.urandom: hal/entropy.py's fallbacks
            from nightboard.hal.entropy import random_bytes
        self.random_bytes = random_bytes
