"""The tally's engine: the state, its rules, its views and its JSON (read back by pos.py). A turn is one player's action: 1 or 2, the
number added. The goal is drawn from the seed and shown to nobody until the tally reaches it."""

from nightboard.games.errors import GameError, show
from nightboard.prng import SEED_MAX, Prng

SEATS = ("red", "blue")
GOALS = (10, 11)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class Tally:
    def __init__(self, seed, players, goal, tally=0, turn=1, winner=-1):
        self.seed = seed
        self.n = players
        self.goal = goal  # the secret
        self.tally = tally
        self.turn = turn
        self.winner = winner
        self.over = winner >= 0

    def seats(self):
        return list(SEATS[:self.n])

    def players_count(self):
        return self.n

    def to_move(self):
        return [] if self.over else [(self.turn - 1) % self.n]

    def _seat(self, seat):
        if not _is_int(seat) or not 0 <= seat < self.n:
            raise GameError("no seat %s in the tally (seats 0..%d)" % (show(seat), self.n - 1))
        return seat

    def legal(self, seat):
        return [1, 2] if self._seat(seat) in self.to_move() else []

    def apply(self, seat, action):
        self._seat(seat)
        if self.over:
            raise GameError("the game is over")
        if seat not in self.to_move():
            raise GameError("it is %s's turn, not %s's" % (SEATS[self.to_move()[0]], SEATS[seat]))
        if not _is_int(action) or action not in (1, 2):
            raise GameError("a player adds 1 or 2, not %s" % show(action))
        self.tally += action
        events = [{"e": "add", "seat": seat, "by": action, "tally": self.tally, "turn": self.turn}]
        self.turn += 1
        if self.tally >= self.goal:
            self.winner = seat
            self.over = True
            events.append({"e": "goal", "seat": seat, "goal": self.goal, "turn": self.turn - 1})
        return events

    def board_move(self, seat):
        """The board's choice, from what everybody sees: an odd tally gets 1, an even one 2."""
        if not self.legal(seat):
            raise GameError("%s has nothing to do now" % SEATS[seat])
        return 1 + self.tally % 2

    def view(self, seat=None):
        if seat is not None:
            self._seat(seat)
        return {"tally": self.tally, "turn": self.turn, "players": self.n, "to_move": self.to_move(),
                "over": self.over, "goal": self.goal if self.over else None,
                "winner": self.winner if self.over else None}

    def result(self):
        if not self.over:
            return None
        return {"winners": [self.winner], "scores": [1 if s == self.winner else 0 for s in range(self.n)]}

    def to_json(self):
        return {"game": "tally", "format": 1, "seed": self.seed, "players": self.n, "goal": self.goal,
                "tally": self.tally, "turn": self.turn, "winner": self.winner}

    def copy(self):
        from nightboard.games.tally.pos import from_json

        return from_json(self.to_json())

    def apply_actions(self, turn):
        """One turn of a record: [seat, action]."""
        if not isinstance(turn, list) or len(turn) != 2:
            raise GameError("a turn of a record is [seat, action], not %s" % show(turn))
        return self.apply(turn[0], turn[1])


def new_game(seed, players=2):
    if not _is_int(seed) or not 0 <= seed <= SEED_MAX:
        raise GameError("the seed must be an integer 0..%d, not %s" % (SEED_MAX, show(seed)))
    if not _is_int(players) or players != 2:
        raise GameError("the tally is for 2 players, not %s" % show(players))
    return Tally(seed, players, GOALS[Prng(seed).below(len(GOALS))])
