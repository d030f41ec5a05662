"""Fake machine module: Pin, over a scripted world of input levels and a key matrix.

World state (module globals, reset() clears them):
  LEVELS   {gpio: 0/1} levels driven from outside onto input pins (direct keys)
  CLOSED   set of (row_gpio, col_gpio) matrix switches that are closed
  PINS     {gpio: Pin} the last Pin object made for each GPIO
  LOG      when LOGGING: ("read", gpio, low_driven_gpios) and ("write", gpio, v)
An input reads LEVELS if set, else 0 when a closed switch joins it to a pin that
is driving low (out or open-drain with value 0), else its pull (up 1, down 0).
"""

LEVELS = {}
CLOSED = set()
PINS = {}
LOG = []
LOGGING = True


def reset():
    LEVELS.clear()
    CLOSED.clear()
    PINS.clear()
    del LOG[:]


def _driving_low(p):
    return p.mode in (1, 2) and p.out == 0  # OUT or OPEN_DRAIN


def _low_pins():
    out = []
    for g in sorted(PINS):
        if _driving_low(PINS[g]):
            out.append(g)
    return tuple(out)


class Pin:
    IN = 0
    OUT = 1
    OPEN_DRAIN = 2
    PULL_UP = 1
    PULL_DOWN = 2
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def irq(self, handler=None, trigger=12, hard=False):
        """Kept for a test to fire (the fake makes no edges of its own)."""
        self.irq_handler, self.irq_trigger, self.irq_hard = handler, trigger, hard

    def __init__(self, id, mode=-1, pull=-1, value=None):
        if not isinstance(id, int):
            raise ValueError("fake Pin id must be an int")
        self.id = id
        self.mode = -1
        self.pull = -1
        self.out = 0
        PINS[id] = self
        self.init(mode, pull, value=value)

    def init(self, mode=-1, pull=-1, value=None):
        if mode != -1:
            self.mode = mode
        if pull != -1:
            self.pull = pull
        if value is not None:
            self.out = 1 if value else 0

    def value(self, v=None):
        if v is not None:
            self.out = 1 if v else 0
            if LOGGING:
                LOG.append(("write", self.id, self.out))
            return None
        if LOGGING:
            LOG.append(("read", self.id, _low_pins()))
        if self.mode == Pin.OUT:
            return self.out
        if self.id in LEVELS:
            return LEVELS[self.id]
        for rc in CLOSED:
            other = rc[0] if rc[1] == self.id else (rc[1] if rc[0] == self.id else -1)
            if other >= 0 and other in PINS and _driving_low(PINS[other]):
                return 0
        if self.pull == Pin.PULL_DOWN:
            return 0
        return 1

    def __call__(self, v=None):
        return self.value(v)

    def __repr__(self):
        return "Pin(%d)" % self.id


# --- watchdog and reset cause (hal/rp2_watchdog.py) ---
PWRON_RESET = 1
WDT_RESET = 3
SOFT_RESET = 5
RESET_CAUSE = [PWRON_RESET]
WDT_STARTED = []
WDT_FEEDS = [0]


class WDT:
    def __init__(self, id=0, timeout=5000):
        WDT_STARTED.append(timeout)

    def feed(self):
        WDT_FEEDS[0] += 1


def reset_cause():
    return RESET_CAUSE[0]


class _Mem32:
    def __init__(self):
        self.words = {}

    def __getitem__(self, addr):
        return self.words.get(addr, 0)

    def __setitem__(self, addr, value):
        self.words[addr] = value & 0xFFFFFFFF


mem32 = _Mem32()
