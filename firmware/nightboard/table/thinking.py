"""A board player's decision spread over frames, a budget of work a frame.

A game whose mind can think in pieces gives `board_steps(seat)`: a generator that yields, before each
piece of work, what that piece will cost in work units (under 1 ms each on the board), and last the
choice in a 1-tuple: the very choice `apply(seat, None)` would make at once. The controller keeps one
Thinking, calls begin(game, seat) when the board is to choose and step() in each frame with room (its
board_step, docs/games.md), and, once `ready`, in a later frame that does not think, plays
`apply(seat, thinking.take())`. A frame does pieces while they fit in BUDGET units (always at least
one, but none in the frame that began the decision and half as many in the first frame of pieces:
below), so no frame holds more than about a frame
time of thinking (the worst frame on the board: `make bench`), while presses are read and animations run.

The budget counts work, not microseconds, so that a seeded game gives the same frames on every
interpreter and every board. A game without board_steps is decided in one frame, as before: take() is
None and apply(seat, None) asks its mind at once.
"""

BUDGET = 20  # work units a frame: about 13 ms on the board by the bench's model (make bench)

# The frame that begins a decision reads the seat's view (the game's board_steps(seat) and its first
# announcement: some 5 ms for the deepest board player on the emulated RP2040) and does no piece: with a frame's pieces on
# top, and the picture a press changed, that frame went over two frame times (docs/performance.md, issue 44).
# The first frame of pieces does half a budget: it follows the table's collection of the heap (app.py), and
# MicroPython places each new object from the lowest free block up, so on a heap just collected (full of
# small holes) the decision's first allocations are the slowest: its first frame of pieces took 12.5 to 23.4 ms
# for the budget's work, the later ones 9.9 to 14.1 ms (the deepest board player, on the emulated RP2040).
FIRST = BUDGET // 2


class Thinking:
    def __init__(self, budget=BUDGET):
        self.budget = budget
        self.steps = None
        self.cost = 0  # the announced cost of the next piece
        self.seat = -1
        self.busy = False  # a decision begun and not yet taken
        self.ready = False
        self.choice = None
        self.frames = 0  # frames the current (or last) decision took
        self.fresh = False  # begun in this frame: its first step() does no piece

    def begin(self, game, seat):
        """Start the board's decision for `seat` (from the game's view for that seat, as it is now)."""
        make = getattr(game, "board_steps", None)
        self.seat = seat
        self.busy = True
        self.choice = None
        self.frames = 0
        self.steps = None
        self.ready = make is None  # nothing to spread: apply(seat, None) decides
        if make is not None:
            self.steps = make(seat)
            self._took(next(self.steps))  # its first announcement: no work done yet
            self.fresh = not self.ready

    def _took(self, out):
        if isinstance(out, tuple):
            self.choice = out[0]
            self.ready = True
            self.steps = None
        else:
            self.cost = out

    def step(self):
        """A frame's pieces, as many as fit in the budget (one at least); True once the choice is ready
        (then take() it)."""
        if not self.busy:
            return False
        if self.ready:
            return True
        self.frames += 1
        if self.fresh:  # the frame that began it: the view was its work
            self.fresh = False
            return False
        budget = self.budget if self.frames > 2 else self.budget * FIRST // BUDGET  # (FIRST, above)
        spent = 0
        s = self.steps
        while s is not None and (spent == 0 or spent + self.cost <= budget):
            spent += self.cost
            self._took(next(s))
            s = self.steps  # None once the choice is in
        return self.ready

    def take(self):
        """The choice (None: let apply decide), once; the Thinking is idle again."""
        c = self.choice
        self.cancel()
        return c

    def cancel(self):
        self.busy = self.ready = self.fresh = False
        self.steps = None
        self.choice = None
