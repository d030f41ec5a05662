"""Simulated hal parts for the host tool and the tests (runs on MicroPython too).

Everything is deterministic: SimClock never really sleeps, SimPixels records
frames instead of sending them, SimButtons is scripted, MemStorage keeps files
in a dict and can simulate a power cut part-way through a save.
"""

from nightboard.hal import Hal
import time

from .files import DirStorage, as_bytes, check_name, missing  # noqa: F401  (DirStorage re-exported)

ENOSPC = 28
EROFS = 30
TICKS_PERIOD = 1 << 30  # like time.ticks_ms on the board
_MASK = TICKS_PERIOD - 1
_HALF = TICKS_PERIOD >> 1


def ticks_diff(a, b):
    """a - b for tick values that wrap at TICKS_PERIOD (like time.ticks_diff)."""
    return ((a - b + _HALF) & _MASK) - _HALF


def ticks_add(a, delta):
    return (a + delta) & _MASK


def _count(what, n):
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise ValueError("%s must be a non-negative integer, got %r" % (what, n))
    return n


class SimPixels:
    """Records frames. `last` holds a copy of the last wire buffer (same object always)."""

    def __init__(self, n, keep=False):
        self.n = _count("SimPixels LED count", n)
        self.nbytes = 3 * n
        self.last = bytearray(self.nbytes)
        self.frames_written = 0
        self.history = [] if keep else None

    def write(self, buf):
        if len(buf) != self.nbytes:
            raise ValueError("pixels.write: buffer has %d bytes, the chain needs %d (3 x %d LEDs)" % (len(buf), self.nbytes, self.n))
        self.last[:] = buf
        self.frames_written += 1
        if self.history is not None:
            self.history.append(bytes(buf))

    def busy(self):
        return False

    def wait(self):
        pass

    def led(self, i):
        """The three wire bytes of LED i in the last frame (tests; allocates)."""
        if not 0 <= i < self.n:
            raise IndexError("LED %r out of range 0..%d" % (i, self.n - 1))
        return tuple(self.last[3 * i : 3 * i + 3])


class SimButtons:
    """Raw contact states set by tests or the keyboard UI; scan() copies them out."""

    def __init__(self, n):
        self.n = _count("SimButtons button count", n)
        self.raw = bytearray(n)

    def _id(self, button):
        if not isinstance(button, int) or not 0 <= button < self.n:
            raise ValueError("button id %r out of range 0..%d" % (button, self.n - 1))
        return button

    def set(self, button, pressed):
        self.raw[self._id(button)] = 1 if pressed else 0

    def press(self, button):
        self.set(button, 1)

    def release(self, button):
        self.set(button, 0)

    def release_all(self):
        for i in range(self.n):
            self.raw[i] = 0

    def scan(self, states):
        if len(states) != self.n:
            raise ValueError("buttons.scan: states has %d bytes, there are %d buttons" % (len(states), self.n))
        states[:] = self.raw


class SimClock:
    """A clock that only moves when told to: advance(ms), sleep_ms(n), sleep_us(n)."""

    def __init__(self, start=0):
        self._us = _count("SimClock start", start) * 1000
        self.watchers = []  # called with the clock after every advance (the simulated watchdog)

    def ticks_ms(self):
        return (self._us // 1000) & _MASK

    def ticks_us(self):
        return self._us & _MASK

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def ticks_add(self, a, delta):
        return ticks_add(a, delta)

    def advance(self, ms):
        self._us += _count("SimClock.advance ms", ms) * 1000
        for w in self.watchers:
            w(self)

    def advance_us(self, us):
        self._us += _count("SimClock.advance_us us", us)
        for w in self.watchers:
            w(self)

    def sleep_ms(self, ms):
        self.advance(ms)

    def sleep_us(self, us):
        self.advance_us(us)


class RealClock:
    """Wall-clock time for the host terminal (time.ticks_* on MicroPython)."""

    def __init__(self):
        if hasattr(time, "ticks_ms"):
            self.ticks_ms = time.ticks_ms
            self.ticks_us = time.ticks_us
            self.ticks_diff = time.ticks_diff  # pyright: ignore[reportAttributeAccessIssue]
            self.ticks_add = time.ticks_add  # pyright: ignore[reportAttributeAccessIssue]
            self.sleep_ms = time.sleep_ms  # pyright: ignore[reportAttributeAccessIssue]

    # CPython versions; MicroPython's bound functions above shadow them.
    def ticks_ms(self):
        return (time.monotonic_ns() // 1000000) & _MASK  # pyright: ignore[reportAttributeAccessIssue]  CPython only

    def ticks_us(self):
        return (time.monotonic_ns() // 1000) & _MASK  # pyright: ignore[reportAttributeAccessIssue]  CPython only

    def ticks_diff(self, a, b):
        return ticks_diff(a, b)

    def ticks_add(self, a, delta):
        return ticks_add(a, delta)

    def sleep_ms(self, ms):
        if ms > 0:
            time.sleep(ms / 1000)


class PowerCut(BaseException):
    """Raised by MemStorage when its simulated power cut happens (and until power_on()). A
    BaseException: the power going is not an error the table can handle, it just stops."""


class MemStorage:
    """Files in a dict. Fault injection: set `fail_after` to a budget of bytes/operations.

    A write of k bytes costs k, rename and remove cost 1. When an operation costs
    more than what is left, the power goes: a write leaves the bytes that fit as
    the file's content (a torn write), a rename/remove does nothing, PowerCut is
    raised, and every later call raises PowerCut until power_on(). `replace`
    writes as the board's littlefs does (hal/rp2_storage.py): a cut during it
    leaves the file's old content.
    `bytes_written` and `ops` count what was done, to pick cut points in tests.

    A full or read-only flash: `capacity` (bytes, all files together) makes a write that would not fit
    raise OSError ENOSPC and leave the file as it was (littlefs commits a file when it is closed);
    `read_only` makes every write, rename and remove raise OSError EROFS. Both can change at any time.
    """

    def __init__(self, files=None, fail_after=None, capacity=None, read_only=False):
        self.files = {}
        if files:
            for name in sorted(files):
                self.files[check_name(name)] = as_bytes(name, files[name])
        self.fail_after = fail_after
        self.cut = False
        self.bytes_written = 0
        self.ops = 0
        self.capacity = capacity
        self.read_only = read_only
        self.refused = 0  # writes, renames and removes refused for want of space or by a read-only flash

    def used(self):
        n = 0
        for name in self.files:
            n += len(self.files[name])
        return n

    def _may_change(self):
        if self.read_only:
            self.refused += 1
            raise OSError(EROFS, "storage: read-only filesystem")

    def power_on(self):
        self.cut = False
        self.fail_after = None

    def _alive(self):
        if self.cut:
            raise PowerCut("storage: the power is off (simulated cut); call power_on()")

    def _spend(self, cost):
        """How much of `cost` happens before the power goes (cost when no cut)."""
        self._alive()
        left = self.fail_after
        if left is None or cost <= left:
            if left is not None:
                self.fail_after = left - cost
            return cost
        self.fail_after = 0
        self.cut = True
        return left

    def read(self, name):
        self._alive()
        return self.files.get(check_name(name))

    def exists(self, name):
        self._alive()
        return check_name(name) in self.files

    def size(self, name):
        self._alive()
        data = self.files.get(check_name(name))
        return None if data is None else len(data)

    def write(self, name, data):
        check_name(name)
        data = as_bytes(name, data)
        self._alive()
        self._may_change()
        if self.capacity is not None:
            old = self.files.get(name)
            if self.used() - (len(old) if old is not None else 0) + len(data) > self.capacity:
                self.refused += 1
                raise OSError(ENOSPC, "storage: no space left for %r (%d bytes)" % (name, len(data)))
        done = self._spend(len(data))
        self.ops += 1
        self.bytes_written += done
        if done < len(data):
            self.files[name] = data[:done]
            raise PowerCut("storage: power cut while writing %r (%d of %d bytes)" % (name, done, len(data)))
        self.files[name] = data

    def replace(self, name, data, tmp=None):
        check_name(name)
        data = as_bytes(name, data)
        self._alive()
        self._may_change()
        # copy-on-write: the new content needs room beside the old until it is committed
        if self.capacity is not None and self.used() + len(data) > self.capacity:
            self.refused += 1
            raise OSError(ENOSPC, "storage: no space left for %r (%d bytes)" % (name, len(data)))
        done = self._spend(len(data))
        self.ops += 1
        self.bytes_written += done
        if done < len(data):  # not committed: littlefs still names the old blocks
            raise PowerCut("storage: power cut while replacing %r (%d of %d bytes; the old content stays)"
                           % (name, done, len(data)))
        self.files[name] = data

    def rename(self, old, new):
        check_name(old)
        check_name(new)
        self._alive()
        if old not in self.files:
            raise missing(old)
        self._may_change()
        if not self._spend(1):
            raise PowerCut("storage: power cut before renaming %r to %r" % (old, new))
        self.ops += 1
        self.files[new] = self.files.pop(old)

    def remove(self, name):
        check_name(name)
        self._alive()
        if name not in self.files:
            raise missing(name)
        self._may_change()
        if not self._spend(1):
            raise PowerCut("storage: power cut before removing %r" % (name,))
        self.ops += 1
        del self.files[name]

    def listdir(self):
        self._alive()
        return sorted(self.files)


def _field(profile, section, key):
    try:
        return profile[section][key]
    except (KeyError, TypeError):
        raise ValueError("profile %s.%s is missing" % (section, key))


class WatchdogReset(BaseException):
    """The simulated watchdog fired: the simulated board restarts (not an error the table may catch)."""


class SimWatchdog:
    """A watchdog on the simulated clock: when more than timeout_ms pass between feeds of a started
    watchdog, the next clock advance raises WatchdogReset. max_gap is the longest gap fed in time."""

    def __init__(self, clock, timeout_ms=8000):
        self.clock = clock
        self.timeout_ms = timeout_ms
        self.running = False
        self.last = 0
        self.max_gap = 0
        self.feeds = 0
        if hasattr(clock, "watchers"):
            clock.watchers.append(self._check)

    def start(self):
        self.running = True
        self.last = self.clock.ticks_ms()

    def feed(self):
        now = self.clock.ticks_ms()
        if self.running:
            gap = self.clock.ticks_diff(now, self.last)
            if gap > self.max_gap:
                self.max_gap = gap
        self.last = now
        self.feeds += 1

    def stop(self):
        self.running = False

    def _check(self, clock):
        if self.running and clock.ticks_diff(clock.ticks_ms(), self.last) > self.timeout_ms:
            self.running = False
            raise WatchdogReset("no watchdog feed for %d ms" % clock.ticks_diff(clock.ticks_ms(), self.last))


class BoardRestart(BaseException):
    """The table asked the simulated board to restart (hal.restart after an error the crash path could not
    handle): whoever runs the simulated table builds it again on the same storage, reset_cause "watchdog"."""


def sim_restart():
    raise BoardRestart("the table restarted the board")


def make_sim_hal(profile, storage=None, clock=None, keep=False, reset_cause="power-on", random_bytes=None,
                 restart=None, soft_reset=None):
    """Simulated pixels/buttons/clock/storage/watchdog sized from a (validated) profile; random_bytes is the
    host's os.urandom unless a test gives its own (hal/entropy.py's SeededRandom); restart (sim_restart, or
    None: the table then recovers in place) is what the table calls to restart the board, soft_reset (None:
    the table stays up) what it calls to start its menu again in a fresh heap (table/fresh.py)."""
    count = _field(profile, "led", "count")
    keys = _field(profile, "buttons", "keys")
    clock = clock if clock is not None else SimClock()
    return Hal(
        SimPixels(count, keep=keep),
        SimButtons(len(keys)),
        clock,
        storage if storage is not None else MemStorage(),
        SimWatchdog(clock),
        reset_cause,
        random_bytes,
        restart,
        soft_reset,
    )
