"""VampEmpire: 2 to 4 asymmetric vampires race for soul and the Vatican on an 8x8 hex map.

The state and the contract (docs/games.md): seats(), to_move(), legal(seat), apply(seat, action),
board_move(seat), view(seat), result(), to_json(), copy(). A round is Morning (automatic), Afternoon
(a new ritual each, then one trade offer per seat in turn order) and Night (each seat's action points),
all in seat order (note T1). The Night's actions are in night.py, trades in afternoon.py, ritual effects
in effects.py, positions in pos.py. The hidden facts are the ritual hands (each known to its owner), the
deck's order and the random stream (known to nobody): only view(seat), the board's mind and to_json read them.
"""

from nightboard.compat import module
from nightboard.prng import Prng
from nightboard.games.errors import GameError
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.actions import act, split, CHOOSE
from nightboard.games.vampempire import actions as A

NAME = "vampempire"
# The modules its play reads in with the setup (reads()), looked up without importing the package again
AFTERNOON = "nightboard.games.vampempire.afternoon"
NIGHT = "nightboard.games.vampempire.night"
MIND = "nightboard.games.vampempire.mind"
FORMAT = 1
# Work units (table/thinking.py) of reading in mind.py, the first piece of the board's every decision: about
# 19 ms on the board (its .mpy loaded, measured by make bench), a whole frame's budget; once it is in, the piece
# does nothing, so that a decision takes the same frames whatever ran before it.
MIND_COST = 20
VILLAGE, TOWN, CITY, CATHEDRAL = 0, 1, 2, 3
TYPES = ("village", "town", "city", "cathedral")
MAXIMUM = (1, 2, 3, 4)  # a community's body die at its fullest, and the soul it gives
COST = (3, 5, 7, 9)
TRAMPLE = (2, 4, 6, 8)
WIN_SOUL = 10
AP = 3
# Per-seat effects, each a list of one int per seat: what "next" Night or Morning brings, what holds now.
FX = ("bat_next", "bat", "chains_next", "chains", "sunrise", "flies", "potency", "slowed", "rule4")


class Empire:
    def __init__(self, seed, players, beast, rounds, board=0):
        self.seed = seed
        self.n = players
        self.beast_rule = beast
        self.limit = rounds
        self.board = board  # the board plays the last `board` seats (T10)
        self.turn = 1
        self.phase = "choose"
        self.active = 0
        self.vamp = [-1] * players
        self.pos = B.starts(players)
        self.vatican = B.vatican(players)
        self.soul = [0] * players
        self.bodies = [V.START_BODIES] * players
        self.hands = [[] for _ in range(players)]
        self.deck = []
        self.discard = []
        self.comm = []  # [hex, type, die, controller or -1, influence bits]
        self.routes = []
        self.presents = []
        self.route_bonus = 0
        self.ap = 0
        self.moved = 0  # hexes moved this Night
        self.moves = 0  # move actions this Night
        self.free = 0  # the Feathered One's free ritual used this Night
        self.sucked = -1  # the hex the active vampire last sucked on this Night
        self.prio = 0  # the Baroness's Priority Trading used this Afternoon
        self.pending = None  # type: list | None  # an offer (being made, or waiting), or an intercept
        self.fx = {}
        for f in FX:
            self.fx[f] = [0] * players
        self.winners = []
        self.prng = Prng(seed)

    # --- setup -----------------------------------------------------------------------------------

    def _setup(self):
        """Communities tossed by each seat in turn (village, town, city, cathedral), re-tossed as the
        text says (M4); then the deck shuffled."""
        taken = list(self.pos) + [self.vatican]
        for s in range(self.n):
            for t in range(4):
                while True:
                    h = self.prng.below(B.HEXES)
                    if h not in taken:
                        break
                taken.append(h)
                self.comm.append([h, t, MAXIMUM[t], -1, 0])
        self.comm.sort()
        self.deck = R.deck()
        self.prng.shuffle(self.deck)

    # --- lookups ---------------------------------------------------------------------------------

    def players_count(self):
        return self.n

    @property
    def over(self):
        return self.phase == "over"

    def is_(self, s, v, level=0):
        return self.vamp[s] == v and self.soul[s] >= V.LEVELS[level]

    def community(self, h):
        for c in self.comm:
            if c[0] == h:
                return c
        return None

    def controlled(self, s):
        return [c for c in self.comm if c[3] == s]

    def baroness(self):
        for s in range(self.n):
            if self.vamp[s] == V.BARONESS:
                return s
        return -1

    def route_total(self):
        return V.ROUTES + self.route_bonus

    def reach(self, s):
        """M6: the hexes a vampire counts as standing on: its own, and with the Beast's Mass Expansion
        every hex next to her as well."""
        if self.is_(s, V.BEAST, 3):
            return [self.pos[s]] + B.neighbours(self.pos[s])
        return [self.pos[s]]

    def gain_soul(self, s, n):
        before = self.soul[s]
        self.soul[s] += n
        if self.vamp[s] == V.BARONESS and before < 5 <= self.soul[s]:
            self.route_bonus = 1  # Under the Table Dealings: one more trade route, from now on (A1)

    def draw(self, s):
        """One ritual from the deck to s (the discard pile is shuffled in when the deck is empty, T4)."""
        if not self.deck and self.discard:
            self.deck = self.discard
            self.discard = []
            self.prng.shuffle(self.deck)
        if self.deck:
            self.hands[s].append(self.deck.pop())
            self.hands[s].sort()

    def take_random(self, frm, to):
        """A random ritual of frm's hand goes to to's hand; returns whether there was one."""
        h = self.hands[frm]
        if not h:
            return False
        k = h.pop(self.prng.below(len(h)))
        self.hands[to].append(k)
        self.hands[to].sort()
        return True

    # --- the flow of a round -----------------------------------------------------------------------

    def _start_round(self):
        events = []
        for s in range(self.n):  # Morning, in seat order
            mine = self.controlled(s)
            self.fx["rule4"][s] = 1 if (self.is_(s, V.TYRANT, 3) and len(mine) >= 5) else 0
            gain = 0
            for c in mine:
                gain += MAXIMUM[c[1]]
            if self.fx["flies"][s]:
                gain += len(mine)
                self.fx["flies"][s] = 0
            if self.vamp[s] == V.BARONESS:
                gain += len(self.routes)  # B1: each route in play yields her a Village's body
            self.bodies[s] += gain
            events.append({"ev": "morning", "seat": s, "bodies": gain})
        for c in self.comm:
            c[2] = MAXIMUM[c[1]]
        self.phase = "afternoon"
        self.prio = 0
        for s in range(self.n):
            self.draw(s)
        self.active = 0
        events.append({"ev": "afternoon", "round": self.turn})
        return events

    def start_night(self, s):
        fx = self.fx
        self.phase = "night"
        self.active = s
        self.ap = max(0, AP + fx["rule4"][s] - fx["sunrise"][s])
        fx["sunrise"][s] = 0
        fx["bat"][s], fx["bat_next"][s] = fx["bat_next"][s], 0
        fx["chains"][s], fx["chains_next"][s] = fx["chains_next"][s], 0
        fx["potency"][s] = 0
        self.moved = self.moves = self.free = 0
        self.sucked = -1

    def end_afternoon_turn(self):
        if self.active + 1 < self.n:
            self.active += 1
            return []
        self.start_night(0)
        return [{"ev": "night", "round": self.turn}]

    def end_night_turn(self):
        self.fx["potency"][self.active] = 0
        if self.active + 1 < self.n:
            self.start_night(self.active + 1)
            return []
        if self.turn >= self.limit:
            return self._finish_by_limit()
        self.turn += 1
        return self._start_round()

    def _finish_by_limit(self):
        """T6: after the last round, the most soul wins; then most communities, then most bodies."""
        def key(s):
            return (self.soul[s], len(self.controlled(s)), self.bodies[s])

        best = max(key(s) for s in range(self.n))
        self.winners = [s for s in range(self.n) if key(s) == best]
        self.phase = "over"
        return [{"ev": "over", "why": "rounds", "winners": list(self.winners)}]

    def win(self, s):
        self.winners = [s]
        self.phase = "over"
        return [{"ev": "over", "why": "vatican", "winners": [s]}]

    # --- the contract ----------------------------------------------------------------------------

    def seats(self):
        return list(range(self.n))

    def to_move(self):
        if self.phase == "over":
            return []
        if self.pending is not None:
            p = self.pending
            return [p[2] if p[0] == "offer" else p[4] if p[0] == "intercept" else p[1]]
        return [self.active]

    def legal(self, seat):
        if seat not in self.to_move():
            return []
        if self.phase == "choose":
            return [act(CHOOSE, v) for v in range(4) if v not in self.vamp]
        if self.phase == "afternoon":
            return module(AFTERNOON).legal(self, seat)
        return module(NIGHT).legal(self, seat)

    def apply(self, seat, action):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.n:
            raise GameError("no seat %s in this game (seats 0..%d)" % (_show(seat), self.n - 1))
        if action is None and self.board_plays(seat) and seat in self.to_move():
            action = self.board_move(seat)  # the contract: None lets the board choose for a seat it plays
        if isinstance(action, str):
            from nightboard.games.vampempire import words

            action = words.parse(action)
        if not isinstance(action, int) or isinstance(action, bool):
            raise GameError("an action is an integer or its words, not %s" % _show(action))
        if self.phase == "over":
            raise GameError("the game is over")
        if seat not in self.to_move():
            raise GameError("it is not seat %d's move (waiting for seat %d)" % (seat, self.to_move()[0]))
        if action not in self.legal(seat):
            raise GameError(self._why(seat, action))
        kind, x, y, z = split(action)
        if kind == CHOOSE:
            return self._choose(seat, x)
        if kind in (A.PASS, A.OFFER, A.GIVE, A.WANT, A.ACCEPT, A.REFUSE):
            return module(AFTERNOON).apply(self, seat, kind, x, y, z)
        return module(NIGHT).apply(self, seat, kind, x, y, z)

    def _why(self, seat, action):
        """A refusal's words, built from what the refused seat may see."""
        kind = split(action)[0] if 0 <= action else 0
        word = A.WORDS[kind] if 1 <= kind <= A.LAST else None
        if word is None:
            return "%s is no VampEmpire action" % _show(action)
        return "seat %d may not %s that now (phase %s)" % (seat, word, self.phase)

    def _choose(self, seat, v):
        self.vamp[seat] = v
        if v == V.TYRANT:
            self.bodies[seat] += V.IRON_FIST
        events = [{"ev": "choose", "seat": seat, "vampire": V.KEYS[v]}]
        if -1 in self.vamp:
            self.active = self.vamp.index(-1)
            return events
        return events + self._start_round()

    def reads(self):
        """The modules of this package its play imports on the way (the table reads them in with the setup)."""
        return ("afternoon", "night", "mind") if self.board else ("afternoon", "night")

    def board_plays(self, seat):
        return self.n - self.board <= seat < self.n

    def board_move(self, seat):
        if seat not in self.to_move():
            raise GameError("seat %s is not to move" % _show(seat))
        return module(MIND).choose(self.view(seat), self.legal(seat))

    def board_steps(self, seat):
        """board_move(seat) in pieces, for table/thinking.py: each piece's cost in work units before it,
        then (action,), the very action board_move(seat) gives now. From that seat's view and its legal
        actions only, as board_move."""
        if seat not in self.to_move():
            raise GameError("seat %s is not to move" % _show(seat))
        return self._board_steps(seat)

    def _board_steps(self, seat):
        yield MIND_COST  # the mind is read in before anything else: a frame of its own
        mind = module(MIND)
        yield mind.VIEW_COST
        v = self.view(seat)
        yield mind.LEGAL_COST[mind.cost_row(v)]
        legal = self.legal(seat)
        for out in mind.steps(v, legal):
            yield out

    def result(self):
        if self.phase != "over":
            return None
        return {"winners": list(self.winners), "scores": list(self.soul)}

    def view(self, seat=None):
        v = {
            "game": NAME, "players": self.n, "round": self.turn, "rounds": self.limit, "phase": self.phase, "board": self.board,
            "active": self.active, "to_move": self.to_move(), "beast": self.beast_rule,
            "vampires": list(self.vamp), "pos": list(self.pos), "vatican": self.vatican,
            "soul": list(self.soul), "bodies": list(self.bodies), "ap": self.ap,
            "moved": self.moved, "moves": self.moves, "free": self.free, "sucked": self.sucked,
            "hand_sizes": [len(h) for h in self.hands], "deck_size": len(self.deck),
            "discard": list(self.discard), "communities": [list(c) for c in self.comm],
            "routes": list(self.routes), "route_total": self.route_total(), "presents": list(self.presents),
            "pending": list(self.pending) if self.pending is not None else None,
            "fx": dict((f, list(self.fx[f])) for f in FX), "prio": self.prio,
            "winners": list(self.winners), "seat": seat,
        }
        if seat is not None and 0 <= seat < self.n:
            v["hand"] = list(self.hands[seat])
        return v

    def to_json(self):
        d = self.view(None)
        del d["to_move"], d["hand_sizes"], d["deck_size"], d["seat"], d["route_total"]
        d["format"] = FORMAT
        d["seed"] = self.seed
        d["turn"] = d.pop("round")
        d["route_bonus"] = self.route_bonus
        d["hands"] = [list(h) for h in self.hands]
        d["deck"] = list(self.deck)
        d["prng"] = self.prng.state
        return d

    def copy(self):
        return from_json(self.to_json())

    def apply_actions(self, turn):
        """A record's turn: a list of [seat, action] pairs, applied on a copy first (atomic)."""
        if not isinstance(turn, list):
            raise GameError("a VampEmpire turn is a list of [seat, action] pairs")
        trial = self.copy()
        events = []
        for pair in turn:
            if not isinstance(pair, list) or len(pair) != 2:
                raise GameError("a VampEmpire turn is a list of [seat, action] pairs, not %s" % _show(pair))
            events.extend(trial.apply(pair[0], pair[1]))
        self.__dict__.update(trial.__dict__)
        return events


def _show(v):
    return A.show(v)


SEED_MAX = 2 ** 62
BEAST_RULES = ("turn", "move")
ROUNDS = (30, 20, 40)


def int_in(v, what, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameError("%s must be an integer %d..%d, not %s" % (what, lo, hi, A.show(v)))
    return v


def check_setup(seed, players, beast, rounds, vampires, size=8, board=0):
    """new_game's arguments, each refused with a message that names it."""
    int_in(seed, "seed", 0, SEED_MAX)
    int_in(board, "board", 0, 3)
    int_in(size, "size", B.SIDE, B.SIDE)
    int_in(players, "players", 2, 4)
    if beast not in BEAST_RULES:
        raise GameError("beast must be %s, not %s" % (" or ".join(BEAST_RULES), A.show(beast)))
    if rounds not in ROUNDS or isinstance(rounds, bool):
        raise GameError("rounds must be %s, not %s" % (" or ".join(str(r) for r in ROUNDS), A.show(rounds)))
    if vampires is not None:
        if not isinstance(vampires, list) or len(vampires) != players:
            raise GameError("vampires must list one vampire per player, not %s" % A.show(vampires))
        for v in vampires:
            if v not in V.KEYS:
                raise GameError("vampires: %s is none of %s" % (A.show(v), ", ".join(V.KEYS)))
        if len(set(vampires)) != len(vampires):
            raise GameError("vampires: each vampire plays once")


def new_game(seed, players=2, beast="turn", rounds=30, size=8, vampires=None, board=0):
    check_setup(seed, players, beast, rounds, vampires, size, board)
    g = Empire(seed, players, beast, rounds, min(board, players - 1))  # T10: one seat stays a player's
    g._setup()
    if vampires is not None:
        for s in range(players):
            g.apply(s, act(CHOOSE, V.KEYS.index(vampires[s])))
    return g


def from_json(obj):
    from nightboard.games.vampempire import pos

    return pos.load(obj)
