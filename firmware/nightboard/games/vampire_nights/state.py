"""Vampire Nights: the state, the contract's methods (docs/games.md), its views and its JSON.

2 to 4 players, two guards each, three nights in a mansion of one column a player (N2). Phases of a
night: "place" (each player puts both guards on Entrances), "discard" (each drops one item), "explore"
(turns: turn.py), "crowd" and "loot" (the End of Night: night.py); then the next night or "over".
Hidden facts live in: tiles/up (face-down rooms), the decks, hands, loot, bites, peeks and the PRNG;
only view(seat) of their owner, mind.py (through that view) and to_json read them.
Rulings named Mn and Bn are in docs/vampire_nights-rules-notes.md.
"""

from nightboard.compat import module
from nightboard.prng import Prng
from nightboard.games.errors import GameError
from nightboard.games.vampire_nights import components as C
from nightboard.games.vampire_nights import mansion as M
from nightboard.games.vampire_nights import turn as T
from nightboard.games.vampire_nights import night as N
from nightboard.games.vampire_nights import actions as A

NAME = "vampire_nights"
MIND = "nightboard.games.vampire_nights.mind"  # read in with the setup (reads()), looked up without the package
FORMAT = 1
# Work units (table/thinking.py) of reading in mind.py, the first piece of the board's every decision: about
# 11 ms on the board (its .mpy loaded, measured by make bench), a whole frame's budget; once it is in, the piece
# does nothing, so that a decision takes the same frames whatever ran before it.
MIND_COST = 20
SEATS = ("red", "blue", "yellow", "green")
WAITS = ("defend", "drop-loot")


class VampireNights:
    def __init__(self, seed, players, vampire_bites, marks):
        self.seed = seed
        self.players = players
        self.vampire_bites = vampire_bites
        self.marks = marks
        self.prng = Prng(seed)
        P = players
        self.tiles = bytearray([M.EMPTY] * (P * 8))
        self.up = bytearray(P * 8)
        self.gcell = [-1] * (2 * P)
        self.gspace = [0] * (2 * P)
        self.passed = bytearray(2 * P)
        self.web = bytearray(2 * P)
        self.visited = [0] * (2 * P)
        self.stuck = bytearray(2 * P)
        self.hands = [[] for _ in range(P)]
        self.loot = [[] for _ in range(P)]
        self.bites = [[] for _ in range(P)]
        self.peeks = [[] for _ in range(P)]
        self.gave = [-1] * P  # the loot tile each player last gave up to a bite (its own secret; -1 none)
        self.room_deck = self.prng.shuffle(C.room_tiles(P, marks))
        self.item_deck = self.prng.shuffle(C.item_cards(P, marks))
        self.bite_deck = self.prng.shuffle(C.bite_cards(vampire_bites))
        self.room_discard = []
        self.item_discard = []
        self.pending = []
        self.night = 1
        self.start = self.prng.below(P)  # the text: a random starting player
        self.first = self.start
        self.active = self.first
        self.phase = "place"
        self.turn = 1
        self.step = 0
        self.moved = -1
        self.fresh = 0
        self.lcol = 0
        self.lpos = 0
        self.looter = -1
        self.over = False
        self.scores = None
        self.winners = None
        self.boards = []  # the seats the board plays (mind.py), sorted; none: people in every seat

    def reads(self):
        """The modules of this package its play imports on the way (the table reads them in with the setup)."""
        return ("mind",) if self.boards else ()

    def board_plays(self, seat):
        """Whether the board plays this seat (option "board": the last seats)."""
        return seat in self.boards

    # --- the flow of turns ---------------------------------------------------------------------

    def begin_turn(self, ev):
        """Make `active` the next player who can act (from the candidate in `active`), or end the phase."""
        P = self.players
        while True:
            alive = [k for k in range(2 * P) if T.active(self, k)]
            if not alive:
                N.end_exploration(self, ev)
                return
            p = self.active
            mine = [k for k in (2 * p, 2 * p + 1) if T.active(self, k)]
            if not mine:
                self.active = (p + 1) % P
                continue
            if len(alive) == 1:
                self.web[alive[0]] = 0  # M9: the last active guard of the game ignores the Spiderweb
            if [k for k in mine if self.web[k] == 0]:
                return
            ev.append({"skip": p})  # M9: held by the Spiderweb, nothing else to move
            self._tick_webs(p)
            self.turn += 1
            self.active = (p + 1) % P

    def _tick_webs(self, p):
        for k in (2 * p, 2 * p + 1):
            if self.web[k]:
                self.web[k] -= 1

    def end_turn(self, ev):
        p = self.active
        self._tick_webs(p)
        self.moved = -1
        self.fresh = 0
        self.turn += 1
        self.active = (p + 1) % self.players
        if not self.check_end(ev):
            self.begin_turn(ev)

    def check_end(self, ev):
        """The Exploration ends at once when players + 1 guards stand in Gardens."""
        n = 0
        for k in range(2 * self.players):
            if self.gcell[k] >= 0 and M.row(self.gcell[k]) == M.GARDEN:
                n += 1
        if n >= self.players + 1 and self.phase == "explore":
            N.end_exploration(self, ev)
            return True
        return False

    # --- the contract ----------------------------------------------------------------------------

    def players_count(self):
        return self.players

    def seats(self):
        return list(SEATS[:self.players])

    def seat_index(self, seat):
        if isinstance(seat, str) and seat in SEATS[:self.players]:
            return SEATS.index(seat)
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < self.players:
            return seat
        raise GameError("unknown seat %s (this game has %s)" % (_show(seat), ", ".join(SEATS[:self.players])))

    def to_move(self):
        if self.over:
            return []
        if self.pending:
            return [self.pending[0][1]]
        return [self.active]

    def waiting(self):
        if self.over:
            return None
        if self.pending:
            return WAITS[self.pending[0][0]]
        return {"place": "place", "discard": "discard", "explore": "turn", "crowd": "crowd", "loot": "loot"}[self.phase]

    def legal(self, seat):
        p = self.seat_index(seat)
        if self.over or p not in self.to_move():
            return []
        if self.pending:
            return T.pending_legal(self)
        if self.phase == "explore":
            return T.legal(self, p)
        if self.phase == "crowd":
            return N.crowd_legal(self, p)
        if self.phase == "loot":
            return N.loot_legal(self, p)
        return N.setup_legal(self, p)

    def apply(self, seat, action):
        """One action of the seat to move; returns the public events. GameError, nothing changed, if it is
        not that seat's turn or not a legal action now."""
        p = self.seat_index(seat)
        if self.over:
            raise GameError("the game is over")
        if p not in self.to_move():
            raise GameError("it is %s's turn, not %s's" % (SEATS[self.to_move()[0]], SEATS[p]))
        if action is None and p in self.boards:
            mind = module(MIND)
            action = mind.decide(self.view(p))  # the board plays its seat from that seat's view
        if isinstance(action, str):
            action = A.parse(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise GameError("an action is an integer from legal(seat), not %s" % _show(action))
        if action not in self.legal(p):
            raise GameError("%s is not a legal action for %s now (%s)" % (A.name(action), SEATS[p], self.waiting()))
        ev = []
        if self.pending or self.phase == "explore":
            T.apply(self, p, action, ev)
        elif self.phase == "crowd":
            N.crowd_apply(self, p, action, ev)
        elif self.phase == "loot":
            N.loot_apply(self, p, action, ev)
        else:
            N.setup_apply(self, p, action, ev)
        return ev

    def apply_actions(self, turn):
        """A record's entry: a list of [seat, action] pairs, played atomically (on a copy first)."""
        if not isinstance(turn, list):
            raise GameError("a record's turn is a list of [seat, action] pairs, not %s" % _show(turn))
        for g in (self.copy(), self):
            ev = []
            for pair in turn:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise GameError("a record's move is [seat, action], not %s" % _show(pair))
                ev += g.apply(pair[0], pair[1])
        return ev

    def board_move(self, seat):
        """What the board would play for this seat, decided from that seat's view alone (mind.py)."""
        p = self.seat_index(seat)
        if p not in self.to_move():
            raise GameError("%s is not to move" % SEATS[p])
        mind = module(MIND)
        return mind.decide(self.view(p))

    def board_steps(self, seat):
        """board_move(seat) in pieces, for table/thinking.py: each piece's cost in work units before it,
        then (action,), the very action board_move(seat) gives now, from that seat's view alone."""
        p = self.seat_index(seat)
        if p not in self.to_move():
            raise GameError("%s is not to move" % SEATS[p])
        return self._board_steps(p)

    def _board_steps(self, p):
        yield MIND_COST  # the mind is read in before anything else: a frame of its own
        mind = module(MIND)
        yield mind.LEGAL_COST
        legal = self.legal(p)
        yield mind.VIEW_COST
        for out in mind.steps(self.view(p, legal)):
            yield out

    def result(self):
        if not self.over:
            return None
        return {"winners": self.winners[:], "scores": self.scores[:]}

    # --- views and JSON ---------------------------------------------------------------------------

    def view(self, seat=None, legal=None):
        """What a seat may see (its own hand, loot, bites, vampire state and Torch peeks), or with None
        what everybody sees. Once the game is over the piles and bites are shown to all. legal: the seat's
        legal(seat), when the caller has it already (the board's thinking works it out as a piece of its
        own)."""
        P = self.players
        rooms = []
        for c in range(P):
            col = []
            for r in range(1, 6):
                x = M.cell(c, r)
                t = self.tiles[x]
                col.append(None if t == M.EMPTY else (C.ROOM_NAMES[t] if self.up[x] else "?"))
            rooms.append(col)
        v = {
            "game": NAME, "players": P, "night": self.night, "phase": self.phase, "turn": self.turn,
            "first": self.first, "to_move": self.to_move(), "waiting": self.waiting(),
            "moved": self.moved, "rooms": rooms,
            "guards": [[self.gcell[k], self.gspace[k], self.passed[k], self.web[k]] for k in range(2 * P)],
            "visited": self.visited[:],
            "hands": [len(h) for h in self.hands], "loot": [len(h) for h in self.loot],
            "bites": [len(h) for h in self.bites],
            "decks": [len(self.room_deck), len(self.room_discard), len(self.item_deck), len(self.bite_deck)],
            "item_discard": [C.ITEM_NAMES[i] for i in self.item_discard],
            "looter": self.looter if self.phase == "loot" else -1,
            "over": self.over,
        }
        if self.pending:
            v["defending"] = self.pending[0][2] if self.pending[0][0] == 0 else -1
        if self.over:
            v["scores"] = self.scores[:]
            v["winners"] = self.winners[:]
            v["piles"] = [[C.ROOM_NAMES[t] for t in h] for h in self.loot]
            v["bite_cards"] = [[C.BITE_NAMES[b] for b in h] for h in self.bites]
        if seat is not None:
            p = self.seat_index(seat)
            v["you"] = p
            v["hand"] = [C.ITEM_NAMES[i] for i in self.hands[p]]
            v["my_loot"] = [C.ROOM_NAMES[t] for t in self.loot[p]]
            v["my_bites"] = sorted([C.BITE_NAMES[b] for b in self.bites[p]])
            v["vampire"] = C.is_vampire(self.bites[p])
            v["my_gave"] = C.ROOM_NAMES[self.gave[p]] if self.gave[p] >= 0 else None
            v["peeks"] = [[x, C.ROOM_NAMES[self.tiles[x]]] for x in self.peeks[p]
                          if self.tiles[x] != M.EMPTY and not self.up[x]]
            v["legal"] = self.legal(p) if legal is None else legal
        return v

    def to_json(self):
        """Everything, secrets and the random stream included (saves; never shown to players)."""
        return {
            "game": NAME, "format": FORMAT, "seed": self.seed, "players": self.players,
            "vampire_bites": self.vampire_bites, "marks": self.marks, "board": self.board_field(), "prng": self.prng.state,
            "night": self.night, "phase": self.phase, "turn": self.turn, "start": self.start,
            "first": self.first, "active": self.active, "step": self.step, "moved": self.moved,
            "fresh": self.fresh, "tiles": list(self.tiles), "up": list(self.up), "gcell": self.gcell[:],
            "gspace": self.gspace[:], "passed": list(self.passed), "web": list(self.web),
            "visited": self.visited[:], "stuck": list(self.stuck),
            "hands": [h[:] for h in self.hands], "loot": [h[:] for h in self.loot],
            "bites": [h[:] for h in self.bites], "peeks": [h[:] for h in self.peeks], "gave": self.gave[:],
            "room_deck": self.room_deck[:], "room_discard": self.room_discard[:],
            "item_deck": self.item_deck[:], "item_discard": self.item_discard[:],
            "bite_deck": self.bite_deck[:], "pending": [t[:] for t in self.pending],
            "lcol": self.lcol, "lpos": self.lpos, "looter": self.looter, "over": self.over,
            "scores": self.scores[:] if self.scores is not None else None,
            "winners": self.winners[:] if self.winners is not None else None,
        }

    def board_field(self):
        """The position's "board": -1 or the one seat the board plays (the form every position had before
        it could play several, so those still read and write the same), else the list of its seats."""
        if len(self.boards) < 2:
            return self.boards[0] if self.boards else -1
        return self.boards[:]

    def copy(self):
        return from_json(self.to_json())


def _show(v):
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def new_game(seed, players=2, vampire_bites=6, marks=True, board=0):
    """A new game: the seed shuffles every deck and draws the starting player; the first night is dealt.
    board: how many seats the board plays, the last ones (0 to 4; more than the players: every seat, a game
    the board plays alone), or one seat's name ("red", "blue", ...); "none" (0) and "last" (1) are the
    older records' words. apply(a board seat, None) lets it play (from that seat's view only)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2 ** 62:
        raise GameError("seed must be an integer 0..2**62, not %s" % _show(seed))
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
        raise GameError("players must be 2 to 4, not %s" % _show(players))
    if vampire_bites not in C.VAMPIRE_BITES or isinstance(vampire_bites, bool):
        raise GameError("vampire_bites must be one of %s, not %s" % (C.VAMPIRE_BITES, _show(vampire_bites)))
    if marks is not True and marks is not False:
        raise GameError("marks must be true or false, not %s" % _show(marks))
    if board == "none":
        board = 0
    elif board == "last":
        board = 1
    if isinstance(board, str) and board in SEATS[:players]:
        boards = [SEATS.index(board)]
    elif isinstance(board, int) and not isinstance(board, bool) and 0 <= board <= len(SEATS):
        boards = list(range(players - min(board, players), players))
    else:
        raise GameError("board must be the number of seats the board plays, 0..%d (or none, last, or one of %s), "
                        "not %s" % (len(SEATS), ", ".join(SEATS[:players]), _show(board)))
    g = VampireNights(seed, players, vampire_bites, marks)
    g.boards = boards
    N.start_night(g, [])
    return g


def from_json(obj):
    from nightboard.games.vampire_nights import pos

    return pos.from_json(obj)
