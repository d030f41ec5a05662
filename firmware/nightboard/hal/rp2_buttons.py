"""Raw button contacts on the Pico: direct GPIO keys or a diode key matrix.

Both fill a preallocated bytearray (one byte per button id, 1 = closed) and
allocate nothing per scan. Debouncing is table/buttons.py's job. Direct keys
also latch a press in a pin interrupt, so that a press shorter than a busy
frame is not lost; a matrix is only seen when it is scanned.

Matrix wiring: rows are driven low one at a time (open-drain, so an idle row
floats and two keys in one column can never short two outputs), columns are
inputs with pull-ups. One diode per key, anode on the column, cathode (band)
on the row: current flows column -> switch -> diode -> the row being driven
low (QMK calls this COL2ROW). The diodes stop ghosting when 3+ keys are held.
"""

import time

from machine import Pin

SETTLE_US = 20  # column pull-up recovery after a row changes


def _pin(where, p):
    if not isinstance(p, int) or isinstance(p, bool) or not (0 <= p <= 22 or 26 <= p <= 28):
        raise ValueError("%s: GPIO %r is not a Pico pin (0..22, 26..28)" % (where, p))
    return p


def _keys(keys):
    if not isinstance(keys, (list, tuple)) or not keys:
        raise ValueError("buttons.keys must be a non-empty list")
    if len(keys) > 255:
        raise ValueError("buttons.keys: at most 255 keys, got %d" % len(keys))
    return keys


def _get(where, key, field):
    try:
        return key[field]
    except (KeyError, TypeError, IndexError):
        raise ValueError("%s.%s is missing" % (where, field))


class GpioButtons:
    """One GPIO per key, closed contact pulls it to the opposite of `pull`."""

    def __init__(self, keys, pull="up"):
        _keys(keys)
        if pull == "up":
            pull_mode, self._closed = Pin.PULL_UP, 0
        elif pull == "down":
            pull_mode, self._closed = Pin.PULL_DOWN, 1
        else:
            raise ValueError("buttons.pull must be 'up' or 'down', got %r" % (pull,))
        self.n = len(keys)
        self.pin_ids = []
        pins = []
        for i in range(self.n):
            where = "buttons.keys[%d]" % i
            p = _pin(where + ".pin", _get(where, keys[i], "pin"))
            if p in self.pin_ids:
                raise ValueError("%s.pin: GP%d already used by buttons.keys[%d]" % (where, p, self.pin_ids.index(p)))
            self.pin_ids.append(p)
            pins.append(Pin(p, Pin.IN, pull_mode))
        self._pins = pins
        # A press is latched by a pin interrupt as it happens, so that a press made and let go while the
        # loop is busy (a game's first import blocks it for about 300 ms) is still seen by the next scan.
        self._latch = bytearray(self.n)
        try:
            edge = Pin.IRQ_FALLING if self._closed == 0 else Pin.IRQ_RISING
            for i in range(self.n):
                pins[i].irq(_latcher(self._latch, i), edge, hard=True)
        except (AttributeError, TypeError, ValueError):  # a port without hard pin interrupts: scans only
            pass

    def scan(self, states):
        if len(states) != self.n:
            raise ValueError("buttons.scan: states has %d bytes, there are %d buttons" % (len(states), self.n))
        pins = self._pins
        closed = self._closed
        latch = self._latch
        for i in range(self.n):
            states[i] = 1 if pins[i].value() == closed or latch[i] else 0
            latch[i] = 0


def _latcher(latch, i):
    """A pin's interrupt handler: note that key i closed (hard IRQ: it allocates nothing)."""

    def closed(_pin):
        latch[i] = 1

    return closed


class MatrixButtons:
    """Key matrix: `rows` and `cols` are GPIO lists; each key has a "row" and a "col" index."""

    def __init__(self, rows, cols, keys, settle_us=SETTLE_US):
        _keys(keys)
        if not isinstance(rows, (list, tuple)) or not rows:
            raise ValueError("buttons.rows must be a non-empty list of GPIO numbers")
        if not isinstance(cols, (list, tuple)) or not cols:
            raise ValueError("buttons.cols must be a non-empty list of GPIO numbers")
        used = {}
        for name, lst in (("rows", rows), ("cols", cols)):
            for j in range(len(lst)):
                where = "buttons.%s[%d]" % (name, j)
                p = _pin(where, lst[j])
                if p in used:
                    raise ValueError("%s: GP%d already used by %s" % (where, p, used[p]))
                used[p] = where
        self.n = len(keys)
        self.nrows = len(rows)
        self.ncols = len(cols)
        self.settle_us = settle_us
        # key id at row*ncols+col, 255 where no key is fitted
        self._ids = bytearray(b"\xff" * (self.nrows * self.ncols))
        for i in range(self.n):
            where = "buttons.keys[%d]" % i
            r = _get(where, keys[i], "row")
            c = _get(where, keys[i], "col")
            if not isinstance(r, int) or not 0 <= r < self.nrows:
                raise ValueError("%s.row: %r is not a row index 0..%d" % (where, r, self.nrows - 1))
            if not isinstance(c, int) or not 0 <= c < self.ncols:
                raise ValueError("%s.col: %r is not a column index 0..%d" % (where, c, self.ncols - 1))
            if self._ids[r * self.ncols + c] != 255:
                raise ValueError("%s: row %d col %d already used by buttons.keys[%d]" % (where, r, c, self._ids[r * self.ncols + c]))
            self._ids[r * self.ncols + c] = i
        od = getattr(Pin, "OPEN_DRAIN", None)
        # Without open-drain an idle row is driven high; the diodes keep that safe.
        self._rows = [Pin(p, Pin.OUT if od is None else od, value=1) for p in rows]
        self._cols = [Pin(p, Pin.IN, Pin.PULL_UP) for p in cols]

    def scan(self, states):
        if len(states) != self.n:
            raise ValueError("buttons.scan: states has %d bytes, there are %d buttons" % (len(states), self.n))
        rows = self._rows
        cols = self._cols
        ids = self._ids
        nc = self.ncols
        for r in range(self.nrows):
            row = rows[r]
            row.value(0)
            time.sleep_us(self.settle_us)
            base = r * nc
            for c in range(nc):
                i = ids[base + c]
                if i != 255:
                    states[i] = 1 if cols[c].value() == 0 else 0
            row.value(1)
