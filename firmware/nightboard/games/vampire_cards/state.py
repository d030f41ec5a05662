"""Vampire, the card game: the state and the contract's methods (docs/games.md).

Hidden facts live in three fields only: `hands` (each player's cards), `pile` (the draw pile, kept
sorted: a draw takes a card at a random place, C3) and `prng` (the stream that picks it). view(seat),
the board's mind (through view) and to_json read them; everything else here is public.

Actions are small integers (moves.py): kind * 1024 + target * 64 + argument. The turn flow (whose
turn, the Vampire's reset, draws, the end) is in flow.py.
"""

from nightboard.compat import module
from nightboard.prng import Prng
from nightboard.games.errors import GameError
from nightboard.games.vampire_cards.deck import show
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import flow as F
from nightboard.games.vampire_cards import moves as M

NAME = "vampire_cards"
FORMAT = 1
# Work units (table/thinking.py) of reading in mind.py, the first piece of the board's every decision: about
# 11 ms on the board (its .mpy loaded, measured by make bench), a whole frame's budget; once it is in, the piece
# does nothing, so that a decision takes the same frames whatever ran before it.
MIND_COST = 20
MIND = "nightboard.games.vampire_cards.mind"  # read in with the setup (reads()), looked up without the package
SEATS = ("red", "blue", "yellow", "green", "purple", "cyan")  # the seats' names (table/palette.py)
DAWNS = (15, 25, 0)
PHASES = ("play", "bitten", "bite", "defend", "shed", "ward", "over")


class CardGame:
    """The whole state. Per seat: hands[s] (sorted card ids), bites[s] (the bone on it, -1 none),
    feathers[s] (feathers stacked on that bite), escaped[s] (the cards it escaped with, [] none).
    The Vampire (-1 none): bones (its face-up bones), tired (those that may not bite again this turn),
    warded (seats it may not bite again this turn). seat: whose turn; phase: what is awaited;
    pending: the bite being answered [target, bone] or the seat whose Fate the Vampire answers;
    queue: the seats still to play this round (C5)."""

    def __init__(self, seed, players, dawn, cards, board=0):
        self.seed = seed
        self.n = players
        self.dawn = dawn
        self.board = board  # the board plays the last `board` seats (the table asks mind.py for them)
        self.cards = cards
        self.prng = Prng(seed)
        self.pile = list(range(len(cards)))
        self.discard = []
        self.hands = [[] for _ in range(players)]
        self.vampire = -1
        self.bones = []
        self.tired = []
        self.warded = []
        self.bites = [-1] * players
        self.feathers = [[] for _ in range(players)]
        self.escaped = [[] for _ in range(players)]
        self.turn = 1
        self.seat = 0
        self.phase = "play"
        self.pending = None
        self.queue = []
        self.night = 1
        self.vturns = 0
        self.winners = None
        self.end = None
        self.over = False

    # --- the contract ----------------------------------------------------------

    def seats(self):
        return list(SEATS[:self.n])

    def players_count(self):
        return self.n

    def to_move(self):
        if self.over:
            return []
        if self.phase in ("defend", "shed"):
            return [self.pending[0]]
        if self.phase == "ward":
            return [self.vampire]
        return [self.seat]

    def legal(self, seat):
        if not _is_seat(seat, self.n) or seat not in self.to_move():
            return []
        return M.legal(self, seat)

    def apply(self, seat, action):
        seat = self._seat(seat)
        if self.over:
            raise GameError("the game is over")
        if seat not in self.to_move():
            raise GameError("it is not %s's turn: waiting for %s" % (SEATS[seat], SEATS[self.to_move()[0]]))
        if isinstance(action, str):
            action = M.parse(self, seat, action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise GameError("an action is an integer or its written form, not %s" % show(action))
        if action not in M.legal(self, seat):
            raise GameError(M.why_not(self, seat, action))
        events = []
        M.do(self, seat, action, events)
        return events

    def reads(self):
        """The modules of this package its play imports on the way (the table reads them in with the setup)."""
        return ("mind",) if self.board else ()

    def board_plays(self, seat):
        """Whether the board plays this seat (option "board": the last seats)."""
        return seat >= self.n - self.board

    def board_move(self, seat, level=2):
        """The action the board would choose for this seat, from that seat's view only (mind.py)."""
        seat = self._seat(seat)
        if seat not in self.to_move():
            return None
        return module(MIND).choose(self.view(seat), level)

    def board_steps(self, seat, level=2):
        """board_move(seat, level) in pieces, for table/thinking.py: each piece's cost in work units before
        it, then (action,), the very action board_move gives now, from that seat's view only."""
        seat = self._seat(seat)
        if seat not in self.to_move():
            raise GameError("it is not %s's turn" % SEATS[seat])
        return self._board_steps(seat, level)

    def _board_steps(self, seat, level):
        yield MIND_COST  # the mind is read in before anything else: a frame of its own
        mind = module(MIND)
        yield mind.VIEW_COST
        v = self.view(seat)
        for out in mind.steps(v, level):
            yield out

    def result(self):
        if not self.over:
            return None
        won = self.winners or []
        return {"winners": list(won), "scores": [1 if s in won else 0 for s in range(self.n)]}

    def apply_actions(self, turn):
        """One entry of a record: a list of [seat, action] applied in order, all or nothing."""
        if not isinstance(turn, list):
            raise GameError("a turn of a record is a list of [seat, action], not %s" % show(turn))
        trial = self.copy()
        events = []
        for step in turn:
            if not isinstance(step, list) or len(step) != 2:
                raise GameError("a step of a record is [seat, action], not %s" % show(step))
            events.extend(trial.apply(step[0], step[1]))
        from nightboard.games.vampire_cards.pos import fill

        fill(self, trial.to_json())
        return events

    def copy(self):
        from nightboard.games.vampire_cards.pos import from_json

        return from_json(self.to_json())

    # --- views -----------------------------------------------------------------

    def view(self, seat=None):
        """What a seat may see (its own hand and the public table); view(None): the public table."""
        if seat is not None:
            seat = self._seat(seat)
        v = {
            "game": NAME, "players": self.n, "cards": self.cards, "turn": self.turn, "night": self.night,
            "dawn": self.dawn, "board": self.board, "seat": self.seat, "phase": self.phase, "to_move": self.to_move(),
            "pending": self.pending, "queue": list(self.queue), "pile": len(self.pile),
            "discard": list(self.discard), "sizes": [len(h) for h in self.hands], "vampire": self.vampire,
            "bones": list(self.bones), "tired": list(self.tired), "warded": list(self.warded),
            "bites": list(self.bites), "feathers": [list(f) for f in self.feathers],
            "escaped": [list(e) for e in self.escaped], "vturns": self.vturns, "result": self.result(),
            "end": self.end, "me": seat, "hand": None,
        }
        if seat is not None:
            v["hand"] = list(self.hands[seat])
        return v

    def to_json(self):
        return {
            "game": NAME, "format": FORMAT, "seed": self.seed, "players": self.n, "dawn": self.dawn, "board": self.board,
            "cards": [list(c) for c in self.cards], "prng": self.prng.state, "pile": list(self.pile),
            "discard": list(self.discard), "hands": [list(h) for h in self.hands], "vampire": self.vampire,
            "bones": list(self.bones), "tired": list(self.tired), "warded": list(self.warded),
            "bites": list(self.bites), "feathers": [list(f) for f in self.feathers],
            "escaped": [list(e) for e in self.escaped], "turn": self.turn, "seat": self.seat,
            "phase": self.phase, "pending": self.pending if not isinstance(self.pending, list) else list(self.pending),
            "queue": list(self.queue), "night": self.night, "vturns": self.vturns,
            "winners": None if self.winners is None else list(self.winners), "end": self.end,
        }

    # --- helpers ---------------------------------------------------------------

    def _seat(self, seat):
        if isinstance(seat, str):
            for s in range(self.n):
                if SEATS[s] == seat:
                    return s
        if _is_seat(seat, self.n):
            return int(seat)
        raise GameError("unknown seat %s (this game has %s)" % (show(seat), ", ".join(SEATS[:self.n])))

    def card_name(self, c):
        return D.name(self.cards, c)


def _is_seat(seat, n):
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < n


def new_game(seed, players=3, dawn=15, board=0, deck=None):
    """Deal a new game: 6 cards each, seat 0 (left of the dealer, who is the board) plays first (C4)."""
    from nightboard.games.errors import GameError as E

    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2 ** 62:
        raise E("seed must be an integer 0..2**62, not %s" % show(seed))
    if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 6:
        raise E("players must be 3 to 6, not %s" % show(players))
    if not isinstance(dawn, int) or isinstance(dawn, bool) or dawn not in DAWNS:
        raise E("dawn must be %s, not %s" % (" or ".join(str(d) for d in DAWNS), show(dawn)))
    if not isinstance(board, int) or isinstance(board, bool) or not 0 <= board <= 6:
        raise E("board must be the number of seats the board plays, 0..6, not %s" % show(board))
    board = min(board, players)  # more than the players: the board plays every seat (a demonstration)
    if deck is None:
        deck = D.default_deck()
    else:
        from nightboard.games.vampire_cards.pos import check_deck

        deck = check_deck(deck, players)
    g = CardGame(seed, players, dawn, deck, board)
    for _ in range(D.HAND):
        for s in range(players):
            F.draw(g, s, 1, None)
    return g
