"""A board player's decision spread over frames, a few pieces of work a frame.

A game whose mind can think in pieces gives `board_steps(seat)`: a generator that yields None after
each bounded piece of work and the choice last, the very choice `apply(seat, None)` would make at once
(VampiRing's families, Dracula). The controller keeps one Thinking, calls begin(game, seat) when the board
is to choose, step() once a frame (it works at most `per_frame` pieces) and, once step() is True, plays
`apply(seat, thinking.take())`. The rest of the frame goes on as usual: presses are read, animations run,
and no frame holds more than a frame time of thinking (the pieces' cost on the board: `make bench`).

The budget counts pieces, not microseconds, so that a seeded game gives the same frames on every
interpreter and every board. A game without board_steps is decided in one frame, as before: take() is None
and apply(seat, None) asks its mind at once.
"""

PER_FRAME = 3  # pieces of a decision worked in one frame


class Thinking:
    def __init__(self, per_frame=PER_FRAME):
        self.per_frame = per_frame
        self.steps = None
        self.seat = -1
        self.busy = False  # a decision begun and not yet taken
        self.ready = False
        self.choice = None
        self.frames = 0  # frames the current (or last) decision took

    def begin(self, game, seat):
        """Start the board's decision for `seat` (from the game's view for that seat, as it is now)."""
        steps = getattr(game, "board_steps", None)
        self.steps = steps(seat) if steps is not None else None
        self.seat = seat
        self.busy = True
        self.ready = self.steps is None  # nothing to spread: apply(seat, None) decides
        self.choice = None
        self.frames = 0

    def step(self):
        """Work up to per_frame pieces; True once the choice is ready (then take() it)."""
        if not self.busy:
            return False
        if self.ready:
            return True
        self.frames += 1
        s = self.steps
        for _ in range(self.per_frame):
            out = next(s)
            if out is not None:
                self.choice = out
                self.ready = True
                self.steps = None
                return True
        return False

    def take(self):
        """The choice (None: let apply decide), once; the Thinking is idle again."""
        c = self.choice
        self.busy = self.ready = False
        self.choice = None
        self.steps = None
        return c

    def cancel(self):
        self.busy = self.ready = False
        self.steps = None
        self.choice = None
