"""Tests' view of table/thinking.py at work: a board player's pieces counted, frame by frame."""

from nightboard.table.thinking import Thinking


class Counted:
    """A game for Thinking whose board_steps come from make(seat), adding up the work units of the pieces
    done (each announced before it)."""

    def __init__(self, make):
        self.make = make
        self.units = 0
        self.steps = None
        self.next = 0

    def board_steps(self, seat):
        self.steps = self.make(seat)
        self.next = 0
        return self

    def __iter__(self):
        return self

    def __next__(self):
        self.units += self.next
        out = next(self.steps)
        self.next = 0 if isinstance(out, tuple) else out
        return out


def frames_of_thinking(counted, seat):
    """A Thinking run on `counted` for `seat` to its choice: (the Thinking, the units done in each frame)."""
    th = Thinking()
    th.begin(counted, seat)
    per = []
    while True:
        before = counted.units
        done = th.step()
        per.append(counted.units - before)
        if done:
            return th, per
