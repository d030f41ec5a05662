"""Fake digitalio: DigitalInOut doubles whose input levels a test sets in LEVELS by pin name."""

LEVELS = {}  # pin name -> bool read by .value on an input (missing: the pull decides)
OPEN = {}  # pin name -> DigitalInOut, to catch a pin used twice


class Direction:
    INPUT = "input"
    OUTPUT = "output"


class Pull:
    UP = "up"
    DOWN = "down"


class DigitalInOut:
    def __init__(self, pin):
        if pin.name in OPEN:
            raise ValueError("%s in use" % pin.name)
        OPEN[pin.name] = self
        self.pin = pin
        self.direction = Direction.INPUT
        self.pull = None
        self._out = False

    def switch_to_input(self, pull=None):
        self.direction = Direction.INPUT
        self.pull = pull

    def switch_to_output(self, value=False):
        self.direction = Direction.OUTPUT
        self._out = value

    @property
    def value(self):
        if self.direction == Direction.OUTPUT:
            return self._out
        return LEVELS.get(self.pin.name, self.pull == Pull.UP)

    @value.setter
    def value(self, v):
        self._out = bool(v)

    def deinit(self):
        OPEN.pop(self.pin.name, None)


def reset():
    LEVELS.clear()
    OPEN.clear()
