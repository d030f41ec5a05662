"""The Dracula hunt: 1 to 4 hunters against Dracula, whom the board plays and hides (rules notes D1-D8).

It implements the contract every game does (docs/games.md): seats (the hunters', then Dracula's,
which the board plays), to_move, legal, apply, board_move, view, result, to_json / from_json. Its
own names, which the table and the tests use:
  new_game(seed, hunters, rules, level, size, map) / from_json(obj)
  state.awaiting()            [hunter] whose turn it is, ["dracula"] when his turn is due, [] at the end
  state.legal_actions(h)      the active hunter's actions (ints: kind << 8 | room)
  state.submit(h, action)     one action of the active hunter; returns its public events
  state.dracula_turn(move)    Dracula's turn: the board's mind chooses when move is None
  state.apply_actions(entry)  a whole round from a record ({"hunters": [[...], ...], "dracula": ...})
  state.view(h)               what the hunters know (all share it; his room only when revealed, D8)
  state.dracula_view()        everything, for Dracula (and debugging)
  state.to_json()             the full state, secrets and the PRNG state included

Rounds: the hunters in seat order, then Dracula (D3, D6); `turn` counts rounds
from 1. Rules "playtest" (default, D1) or "classic"; the differences are data
(RULESETS). Actions are written "move c3", "garlic c3", "sun c3", "stake c3",
"end", "rest sun", "rest stake" (rooms by name or number). A Dracula move is
{"path": [rooms]} or {"crypt": true}, with "bite": [hunters]. Transitions live
in rules.py, the public knowledge in know.py, his mind in
mind.py, the map in map.py. What only outside input needs
(positions, records, written actions: pos.py; room graphs:
graph.py; the wording of refusals: why.py) is loaded only
when used, to keep the board's heap free. Decisions where the rules are
silent: docs/dracula-rules-notes.md.
"""

from nightboard.compat import module
from nightboard.prng import Prng
from nightboard.games.dracula import know as K
from nightboard.games.dracula import map as dracula_map
from nightboard.games.dracula import rules as R
from nightboard.games.dracula.rules import GameError, HEALTH, KINDS, kind_of, room_of
from nightboard.games.errors import show

NAME = "dracula"
MIND = "nightboard.games.dracula.mind"  # read in with the setup (reads()), looked up without the package
FORMAT = 1
SEED_MAX = 2 ** 62
DRACULA = "dracula"
HUNTERS = ("red", "blue", "yellow", "green")  # V1's colour order, shared by every game
LEVELS = (1, 2, 3)
SETUP_KEYS = ("seed", "hunters", "rules", "level", "size", "map")

# Per rule set (D1, D3): sunlight, stakes and lives per hunter, the team's shared lives, the garlic
# pool per round (0: each hunter throws at most once a turn), crypt journeys, resting for an item.
RULESETS = {
    "playtest": {"sun": 5, "stakes": 5, "lives": 2, "team_lives": 0, "garlic": 0, "crypts": True},
    "classic": {"sun": 3, "stakes": 2, "lives": 0, "team_lives": 5, "garlic": 4, "crypts": False},
}


class DraculaHunt:
    """The whole state. Hunter h: pos, lives (playtest), stakes, sun, skip (misses its next turn),
    bitten (the round of its last bite, 0 never). Dracula: room (the secret), health."""

    def __init__(self, m, rules, level, seed, hunters):
        spec = RULESETS[rules]
        self.map = m
        self.rules = rules
        self.level = level
        self.seed = seed
        self.hunters = hunters
        self.team = spec["team_lives"] > 0
        self.crypts_on = spec["crypts"]
        self.garlic_pool = spec["garlic"]
        self.pos = [m.starts[h] for h in range(hunters)]
        self.lives = [spec["lives"]] * hunters
        self.stakes = [spec["stakes"]] * hunters
        self.sun = [spec["sun"]] * hunters
        self.skip = bytearray(hunters)
        self.bitten = [0] * hunters
        self.team_lives = spec["team_lives"]
        self.garlic_left = self.garlic_pool
        self.health = HEALTH
        self.room = m.lair
        self.sunlight = []
        self.turn = 1
        self.active = 0
        self.moved = False
        self.garlics = 0
        self.hit = False
        self.possible = K.only(m.n, m.lair)  # D2: everyone knows where he starts
        self.seen = m.lair
        self.seen_turn = 0
        self.over = False
        self.winner = None
        self.why = None
        self.prng = Prng(seed if seed is not None else 0)
        self.last_move = None

    # --- queries ---------------------------------------------------------------

    def players_count(self):
        return self.hunters

    def alive(self, h):
        return self.team or self.lives[h] > 0

    def sunlit(self, room):
        for s in self.sunlight:
            if s[0] == room:
                return True
        return False

    def hunter_name(self, h):
        return HUNTERS[h]

    def hunter_index(self, ref):
        if isinstance(ref, str):
            for h in range(self.hunters):
                if HUNTERS[h] == ref:
                    return h
            raise GameError("unknown hunter %r (this game has %s)" % (ref, ", ".join(HUNTERS[:self.hunters])))
        if isinstance(ref, int) and not isinstance(ref, bool) and 0 <= ref < self.hunters:
            return ref
        raise GameError("unknown hunter %r (this game has hunters 0..%d)" % (ref, self.hunters - 1))

    def awaiting(self):
        if self.over:
            return []
        if self.active < 0:
            return [DRACULA]
        return [self.active]

    def legal_actions(self, h):
        if h == DRACULA:
            return []
        return R.legal(self, self.hunter_index(h))

    def dracula_moves(self):
        """All legal moves of Dracula now (for tests and tools): (crypt, rooms, bites) tuples."""
        if self.over or self.active >= 0:
            return []
        from nightboard.games.dracula import pos as dracula_pos

        return dracula_pos.moves(self)

    def possible_rooms(self):
        return K.rooms_of(self.possible)

    # --- actions ---------------------------------------------------------------

    def parse_action(self, obj):
        """An action from an int, "move c3", ["move", "c3"], "end", "rest sun"...; GameError if malformed."""
        if isinstance(obj, int) and not isinstance(obj, bool) and R.MOVE <= kind_of(obj) <= R.REST_STAKE \
                and room_of(obj) < self.map.n:
            return obj
        from nightboard.games.dracula import pos as dracula_pos

        return dracula_pos.parse_action(self, obj)

    def submit(self, h, action):
        """One action of the active hunter (D3); returns its public events. GameError (nothing changed)
        when it is not h's turn or the action is not allowed now."""
        h = self.hunter_index(h)
        a = self.parse_action(action)
        if a not in R.legal(self, h):
            from nightboard.games.dracula import why as dracula_why

            raise GameError(dracula_why.illegal_action(self, h, a))
        return R.hunter_action(self, h, a)

    def parse_move(self, obj):
        """(crypt, rooms, bites) from {"path": [...], "bite": [...]} or {"crypt": true, "bite": [...]}."""
        from nightboard.games.dracula import pos as dracula_pos

        return dracula_pos.parse_move(self, obj)

    def move_json(self, move):
        from nightboard.games.dracula import pos as dracula_pos

        return dracula_pos.move_json(self, move)

    def dracula_turn(self, move=None):
        """Dracula's turn (D4-D6). With move None the board's mind chooses it from what the hunters know,
        his room and his own random stream (games/dracula/mind.py). Returns the public events."""
        if self.over or self.active >= 0:
            from nightboard.games.dracula import why as dracula_why

            raise GameError(dracula_why.not_his_turn(self))
        if move is None:
            dracula_mind = module(MIND)
            move = dracula_mind.decide(self.map, self.view(), self.room, self.prng, self.level)
        elif not isinstance(move, tuple):
            move = self.parse_move(move)
        crypt, rooms, bites = move
        fault = R.move_fault(self, crypt, rooms, bites)
        if fault is not None:
            from nightboard.games.dracula import why as dracula_why

            raise GameError(dracula_why.bad_move(self, fault))
        return R.dracula_move(self, crypt, rooms, bites)

    def apply_actions(self, entry):
        """A whole round from a record: {"hunters": [actions of hunter 0, ...], "dracula": move or "auto"}
        (see docs/records.md). Returns the round's events. Atomic: the round is first played on a copy, so a
        refused action anywhere in it changes nothing here."""
        from nightboard.games.dracula import pos as dracula_pos

        dracula_pos.apply_actions(self.copy(), entry)
        return dracula_pos.apply_actions(self, entry)

    def action_name(self, a):
        k = kind_of(a)
        if k == R.END or k == R.REST_SUN or k == R.REST_STAKE:
            return KINDS[k]
        return KINDS[k] + " " + self.map.name(room_of(a))

    # --- the contract (docs/games.md): the hunters' seats, then Dracula's (the board's) ---

    def reads(self):
        """The modules of this package its play imports on the way (the table reads them in with the setup):
        his mind, since the board always plays him."""
        return ("mind",)

    def seats(self):
        return list(HUNTERS[:self.hunters]) + [DRACULA]

    def board_plays(self, seat):
        """Whether the board plays this seat: Dracula's, always."""
        return seat == self.hunters

    def to_move(self):
        if self.over:
            return []
        return [self.hunters if self.active < 0 else self.active]

    def legal(self, seat):
        """A hunter's actions (ints), or Dracula's moves ((crypt, rooms, bites) tuples: host and tests)."""
        if seat == self.hunters:
            return self.dracula_moves()
        return self.legal_actions(seat)

    def apply(self, seat, action):
        """A hunter's action, or Dracula's move (None: the board chooses it); the public events."""
        if seat == self.hunters or seat == DRACULA:
            return self.dracula_turn(action)
        return self.submit(seat, action)

    def board_steps(self, seat):
        """His turn's move in pieces (mind.steps, for table/thinking.py): each piece's cost before it, then
        (move,), the move dracula_turn(None) would choose now; apply(seat, move) plays it. He thinks on a copy of his
        stream, which moves on only with his last step: whatever looks at the game meanwhile sees it whole."""
        if seat != self.hunters or self.over or self.active >= 0:
            raise GameError("the board plays Dracula, on his turn")
        dracula_mind = module(MIND)
        stream = Prng(state=self.prng.state)
        return self._steps(dracula_mind.steps(self.map, self.view(), self.room, stream, self.level), stream)

    def _steps(self, steps, stream):
        for out in steps:
            if isinstance(out, tuple):
                self.prng.state = stream.state  # (into the same object: nothing new stays in the heap)
            yield out

    def board_move(self, seat):
        """The move the board would choose for Dracula now (nothing changes: his stream is copied)."""
        if seat != self.hunters or self.over or self.active >= 0:
            raise GameError("the board plays Dracula, on his turn")
        dracula_mind = module(MIND)
        return dracula_mind.decide(self.map, self.view(), self.room, Prng(state=self.prng.state), self.level)

    def result(self):
        if not self.over:
            return None
        won = list(range(self.hunters)) if self.winner == "hunters" else [self.hunters]
        return {"winners": won, "scores": [1 if s in won else 0 for s in range(self.hunters + 1)]}

    # --- views -----------------------------------------------------------------

    def view(self, h=None):
        """What the hunters know (D8): everything but his room, which shows only once the game is over
        (while a rule has just revealed it, `possible` holds that one room)."""
        n = self.hunters
        v = {
            "game": NAME,
            "rules": self.rules,
            "level": self.level,
            "map": self.map.to_json(),
            "hunters": n,
            "turn": self.turn,
            "active": self.active if self.active >= 0 and not self.over else None,
            "positions": self.pos[:],
            "lives": self.lives[:] if not self.team else None,
            "team_lives": self.team_lives if self.team else None,
            "stakes": self.stakes[:],
            "sun": self.sun[:],
            "skip": [self.skip[i] == 1 for i in range(n)],
            "bitten": self.bitten[:],
            "health": self.health,
            "sunlight": [[s[0], s[1]] for s in self.sunlight],
            "hit": self.hit,
            "garlic_left": self.garlic_left if self.team else None,
            "moved": self.moved,
            "garlics": self.garlics,
            "possible": K.rooms_of(self.possible),
            "seen": self.seen if self.seen >= 0 else None,
            "seen_turn": self.seen_turn,
            "over": self.over,
            "winner": self.winner,
            "why": self.why,
        }
        if self.over:
            v["dracula"] = self.room
        if h == DRACULA or h == self.hunters:
            return self.dracula_view()
        if h is not None:
            v["you"] = self.hunter_index(h)
        return v

    def dracula_view(self):
        v = self.view()
        v["dracula"] = self.room
        v["last_move"] = self.last_move
        return v

    def to_json(self):
        """The full state as plain JSON, secrets and Dracula's random stream included."""
        v = self.dracula_view()
        v["format"] = FORMAT
        v["seed"] = self.seed
        v["prng"] = self.prng.state
        return v

    def copy(self):
        return from_json(self.to_json())


def _check_options(hunters, rules, level):
    if not isinstance(rules, str) or rules not in RULESETS:
        raise GameError("rules must be playtest or classic, not %r" % (rules,))
    if not isinstance(level, int) or isinstance(level, bool) or level not in LEVELS:
        raise GameError("level must be 1, 2 or 3, not %r" % (level,))
    if isinstance(hunters, bool) or not isinstance(hunters, int) or not 1 <= hunters <= 4:
        raise GameError("hunters must be 1 to 4, not %r" % (hunters,))


def _map(size, graph):
    try:
        return dracula_map.load(size, graph)
    except ValueError as e:
        raise GameError(str(e))


def new_game(seed, hunters=1, rules="playtest", level=2, size=5, map=None):
    """A new hunt (D2, D3): hunters in the map's start rooms, Dracula in his lair; the seed starts his
    random stream."""
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise GameError("seed must be an integer 0..2**62, not %s" % show(seed))
    _check_options(hunters, rules, level)
    if map is not None and not isinstance(map, dict):
        raise GameError("map must be a room graph (an object), not %r" % (map,))
    m = _map(size, map)
    if hunters > len(m.starts):
        raise GameError("this map has start rooms for %d hunters, not %d" % (len(m.starts), hunters))
    return DraculaHunt(m, rules, level, seed, hunters)


def from_json(obj):
    """A game from an explicit position or a saved state (checked in pos.py); GameError naming the
    field if impossible."""
    from nightboard.games.dracula import pos as dracula_pos

    return dracula_pos.from_json(obj)
