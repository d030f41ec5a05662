"""Debounce raw button contacts into PRESS / RELEASE / LONG events.

`update(states, now_ms)` takes the raw states bytearray filled by
buttons.scan() and the clock's ticks_ms(); events go into a preallocated ring
buffer and come out of `next_event()` as one int, `kind << 8 | button_id`
(use event_kind() / event_button()), or None when there is none. Nothing is
allocated per update or per event in steady state.

Rules: a contact must hold a new state for debounce_ms before the change
counts (a bouncing contact gives exactly one PRESS and one RELEASE). In eager
mode (what the table uses, for a press that shows within one frame) the first
edge counts at once and the contact is then ignored for debounce_ms, so a
bouncing contact still gives exactly one PRESS and one RELEASE; two reported
changes of one key are always at least debounce_ms apart. LONG fires
once when a press has lasted long_ms from its first stable contact, and its
RELEASE still follows. Events of one update come in button-id order. Every
key starts released, so a key stuck down from boot gives one PRESS (and LONG).
When the queue is full the oldest event is dropped and `dropped` counts it.
"""

from array import array

from ..compat import const

PRESS = const(1)
RELEASE = const(2)
LONG = const(3)

_MASK = const(0x3FFFFFFF)  # ticks wrap at 2**30, like time.ticks_ms on the board
_HALF = const(0x20000000)


def event_kind(ev):
    return ev >> 8


def event_button(ev):
    return ev & 0xFF


def _int(what, v, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise ValueError("%s must be an integer in %d..%d, got %r" % (what, lo, hi, v))
    return v


class Debouncer:
    def __init__(self, n_buttons, debounce_ms=20, long_ms=800, queue_size=32, eager=False):
        n = _int("Debouncer n_buttons", n_buttons, 1, 256)
        self.n = n
        self.debounce_ms = _int("Debouncer debounce_ms", debounce_ms, 0, 10000)
        if long_ms is not None:
            _int("Debouncer long_ms", long_ms, debounce_ms + 1, 600000)
        self.long_ms = long_ms  # None: no LONG events
        size = _int("Debouncer queue_size", queue_size, 1, 4096)
        self._raw = bytearray(n)  # last raw sample
        self._stable = bytearray(n)  # debounced state
        self._long_due = bytearray(n)  # 1 while a LONG may still fire for this press
        self._none = bytes(n)  # all zero: no LONG due (compared in C)
        self._since = array("i", [0] * n)  # tick of the last raw change
        self._pressed_at = array("i", [0] * n)  # start of the current press's stable contact
        self._changed = array("i", [0] * n)  # tick of the last reported change (eager mode's lockout)
        self.eager = bool(eager)
        self._started = False
        self._q = array("H", [0] * size)
        self._size = size
        self._head = 0
        self._len = 0
        self.dropped = 0

    def _push(self, ev):
        if self._len == self._size:
            self._head = (self._head + 1) % self._size
            self._len -= 1
            self.dropped += 1
        self._q[(self._head + self._len) % self._size] = ev
        self._len += 1

    def update(self, states, now_ms):
        if len(states) != self.n:
            raise ValueError("Debouncer.update: states has %d bytes, expected %d" % (len(states), self.n))
        now = now_ms & _MASK
        raw = self._raw
        stable = self._stable
        if states == raw and raw == stable and self._long_due == self._none and self._started:
            return  # nothing changed, nothing settling, no LONG due: three comparisons in C, the usual frame
        since = self._since
        deb = self.debounce_ms
        if not self._started:
            self._started = True
            for i in range(self.n):
                since[i] = now
                self._changed[i] = (now - deb) & _MASK
        long_ms = self.long_ms
        eager = self.eager
        changed = self._changed
        for i in range(self.n):
            r = 1 if states[i] else 0
            if r != raw[i]:
                raw[i] = r
                since[i] = now
            if r == stable[i]:
                ok = False
            elif eager:  # report the first edge at once, then ignore the contact for debounce_ms
                ok = ((now - changed[i] + _HALF) & _MASK) - _HALF >= deb
            else:  # report a change once it has held for debounce_ms
                ok = ((now - since[i] + _HALF) & _MASK) - _HALF >= deb
            if ok:
                stable[i] = r
                changed[i] = now
                if r:
                    self._push(PRESS << 8 | i)
                    self._pressed_at[i] = now if eager else since[i]
                    self._long_due[i] = 0 if long_ms is None else 1
                else:
                    self._push(RELEASE << 8 | i)
                    self._long_due[i] = 0
            # LONG counts from the start of the press's stable contact; chatter
            # shorter than debounce_ms while held neither delays nor repeats it.
            if self._long_due[i] and ((now - self._pressed_at[i] + _HALF) & _MASK) - _HALF >= long_ms:
                self._long_due[i] = 0
                self._push(LONG << 8 | i)

    def next_event(self):
        if not self._len:
            return None
        ev = self._q[self._head]
        self._head = (self._head + 1) % self._size
        self._len -= 1
        return ev

    def pending(self):
        return self._len

    def is_down(self, button):
        """Debounced state of one button (1 pressed, 0 released)."""
        return self._stable[button]

    def clear(self):
        self._head = 0
        self._len = 0
