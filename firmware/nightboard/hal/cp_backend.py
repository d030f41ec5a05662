"""CircuitPython and Blinka hal: LEDs through Adafruit's neopixel, buttons through digitalio or keypad.

The same code runs under CircuitPython on RP2040 boards (Pico, KB2040, QT Py
RP2040...) and under CPython on a Raspberry Pi with Adafruit Blinka. Pins are
named the CircuitPython way: the profile's optional `cp_pins` ("GP2", "D5",
"board.NEOPIXEL"); where it gives none, GPIO n is board.GPn, else board.Dn (the
Pi's BCM numbering under Blinka).

LEDs: the wire buffer (already in the chain's colour order, with gamma,
brightness and the current limit applied) must reach neopixel_write unchanged,
so the NeoPixel is built with brightness=1.0 and pixel_order="RGB" (identity).
With the pure-Python adafruit_pixelbuf (Blinka) the bytes are copied straight
into its output buffer; with CircuitPython's built-in one each LED is set as a
packed int, which that order puts back byte for byte. neopixel_write blocks
until the frame is out, so busy() is always False; the table's frame pace
leaves far more than the 300 us reset gap between two frames.
"""

from nightboard.hal import Hal

DEFAULT_DIR = "/data"


def _board(board_mod):
    if board_mod is not None:
        return board_mod
    import board

    return board


def _adafruit_neopixel():
    # By name: the type checker's stubs know MicroPython's neopixel, not Adafruit's of the same name.
    return __import__("neopixel")


def pin_names(board_mod):
    """The board's pin names (for error messages), sorted."""
    names = [n for n in dir(board_mod) if n[:1].isupper()]
    names.sort()
    return names


def resolve_pin(where, name, board_mod=None):
    """The board pin object called `name` ("GP2", "D5" or "board.D5"); ValueError naming `where`."""
    b = _board(board_mod)
    if not isinstance(name, str) or not name:
        raise ValueError("%s: pin name must be a non-empty string like \"GP2\" or \"board.D5\", got %r" % (where, name))
    short = name[6:] if name.startswith("board.") else name
    pin = getattr(b, short, None)
    if pin is None or short[:1] == "_":
        raise ValueError("%s: this board has no pin %r (it has: %s)" % (where, name, ", ".join(pin_names(b)) or "none"))
    return pin


def default_pin_name(gpio, board_mod=None):
    """CircuitPython name of GPIO number `gpio`: "GPn" where the board has it, else "Dn"."""
    b = _board(board_mod)
    if hasattr(b, "GP%d" % gpio):
        return "GP%d" % gpio
    return "D%d" % gpio


class CpPixels:
    """A WS2812 chain of `count` LEDs on board pin `pin` through Adafruit's neopixel library."""

    def __init__(self, pin, count, neopixel_mod=None, raw=None):
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            raise ValueError("LED count must be a positive integer, got %r" % (count,))
        if neopixel_mod is None:
            neopixel_mod = _adafruit_neopixel()
        self.n = count
        self.nbytes = 3 * count
        self._np = neopixel_mod.NeoPixel(pin, count, bpp=3, brightness=1.0, auto_write=False, pixel_order="RGB")
        out = getattr(self._np, "_post_brightness_buffer", None)
        ok = (out is not None and len(out) == self.nbytes and getattr(self._np, "_offset", 0) == 0
              and getattr(self._np, "_pre_brightness_buffer", None) is None)
        # raw: None = copy into the pixelbuf's buffer when it has one; False = always set LED by LED.
        self._raw = out if ok and raw is not False else None

    def write(self, buf):
        if len(buf) != self.nbytes:
            raise ValueError("pixels.write: buffer has %d bytes, the chain needs %d (3 x %d LEDs)" % (len(buf), self.nbytes, self.n))
        np = self._np
        raw = self._raw
        if raw is not None:
            raw[:] = buf
        else:
            j = 0
            for i in range(self.n):
                np[i] = buf[j] << 16 | buf[j + 1] << 8 | buf[j + 2]
                j += 3
        np.show()

    def busy(self):
        return False

    def wait(self):
        pass

    def deinit(self):
        self._np.deinit()


class CpButtons:
    """One input per key (digitalio, pull-up): a closed contact reads False."""

    def __init__(self, pins, digitalio_mod=None):
        if not isinstance(pins, (list, tuple)) or not pins:
            raise ValueError("buttons: need a non-empty list of pins")
        if digitalio_mod is None:
            import digitalio as digitalio_mod
        self.n = len(pins)
        ios = []
        for p in pins:
            io = digitalio_mod.DigitalInOut(p)
            io.switch_to_input(pull=digitalio_mod.Pull.UP)
            ios.append(io)
        self._ios = ios

    def scan(self, states):
        if len(states) != self.n:
            raise ValueError("buttons.scan: states has %d bytes, there are %d buttons" % (len(states), self.n))
        ios = self._ios
        for i in range(self.n):
            states[i] = 0 if ios[i].value else 1

    def deinit(self):
        for io in self._ios:
            io.deinit()


class CpMatrixButtons:
    """A diode key matrix through keypad.KeyMatrix (anodes on the columns, as docs/hal.md wires it).

    keypad scans in the background and queues transitions; scan() drains the
    queue into the keys' states (a full queue: keypad.reset() reports the
    held keys again)."""

    def __init__(self, row_pins, col_pins, keys, keypad_mod=None):
        if keypad_mod is None:
            import keypad as keypad_mod
        self.n = len(keys)
        self.ncols = len(col_pins)
        cells = len(row_pins) * self.ncols
        self._cell = bytearray(self.n)
        for i in range(self.n):
            c = keys[i]["row"] * self.ncols + keys[i]["col"]
            if not 0 <= c < cells:
                raise ValueError("buttons.keys[%d]: row/col outside the %dx%d matrix" % (i, len(row_pins), self.ncols))
            self._cell[i] = c
        self._down = bytearray(cells)
        self._km = keypad_mod.KeyMatrix(row_pins=row_pins, column_pins=col_pins, columns_to_anodes=True, interval=0.01)
        self._ev = keypad_mod.Event()

    def scan(self, states):
        if len(states) != self.n:
            raise ValueError("buttons.scan: states has %d bytes, there are %d buttons" % (len(states), self.n))
        km = self._km
        down = self._down
        ev = self._ev
        if km.events.overflowed:
            km.events.clear()
            for c in range(len(down)):
                down[c] = 0
            km.reset()
        while km.events.get_into(ev):
            down[ev.key_number] = 1 if ev.pressed else 0
        cell = self._cell
        for i in range(self.n):
            states[i] = down[cell[i]]

    def deinit(self):
        self._km.deinit()


def _names(profile, field, gpios, board_mod):
    cp = profile.get("cp_pins") or {}
    given = cp.get(field)
    if given is not None:
        return ["cp_pins.%s[%d]" % (field, i) for i in range(len(given))], given
    tail = ".pin" if field == "keys" else ""
    return (["buttons.%s[%d]%s" % (field, i, tail) for i in range(len(gpios))],
            [default_pin_name(g, board_mod) for g in gpios])


def _pins(profile, field, gpios, board_mod):
    wheres, names = _names(profile, field, gpios, board_mod)
    return [resolve_pin(wheres[i], names[i], board_mod) for i in range(len(names))]


def make_storage(path=DEFAULT_DIR):
    """Files in `path` when the filesystem is writable, else (CircuitPython without a boot.py
    that remounts it) a MemStorage that forgets the game at power-off, with a warning."""
    from .files import DirStorage

    try:
        st = DirStorage(path, create=True)
        st.write(".probe", b"1")
        st.remove(".probe")
        return st
    except OSError as e:
        from .sim import MemStorage

        print("nightboard: warning: cannot write %s (%s); games are not saved (see README, CircuitPython)" % (path, e))
        return MemStorage()


def make_cp_hal(profile, storage=None, board_mod=None, neopixel_mod=None, digitalio_mod=None, keypad_mod=None):
    """The hal for a validated profile under CircuitPython or Blinka (the *_mod arguments are for tests)."""
    from .sim import RealClock

    if neopixel_mod is None:  # first: where there is no LED driver (Blinka off a Pi) this is what fails
        neopixel_mod = _adafruit_neopixel()
    b = _board(board_mod)
    led = profile["led"]
    cp = profile.get("cp_pins") or {}
    if "led" in cp:
        led_pin = resolve_pin("cp_pins.led", cp["led"], b)
    else:
        led_pin = resolve_pin("led.pin", default_pin_name(led["pin"], b), b)
    pixels = CpPixels(led_pin, led["count"], neopixel_mod)
    btn = profile["buttons"]
    keys = btn["keys"]
    if btn["kind"] == "gpio":
        buttons = CpButtons(_pins(profile, "keys", [k["pin"] for k in keys], b), digitalio_mod)
    else:
        rows = _pins(profile, "rows", btn["rows"], b)
        cols = _pins(profile, "cols", btn["cols"], b)
        buttons = CpMatrixButtons(rows, cols, keys, keypad_mod)
    if storage is None:
        storage = make_storage()
    return Hal(pixels, buttons, RealClock(), storage)
