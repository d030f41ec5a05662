"""VampiRing: the game state, its setup, legal actions, views and JSON form.

It implements the contract every game does (docs/games.md): the seats are the families, all
choosing at once; to_move, legal and apply are its own awaiting, legal_actions and submit:
  new_game(seed, ...) / from_json(obj)  set up from a seed or an explicit position (pos.py)
  state.legal_actions(p)                actions player p may submit now
  state.awaiting()                      players whose input the game waits for
  state.submit(p, action)               record a (changeable) choice; returns the
                                        turn's events when it completes the turn
  state.apply_actions({p: a})           all simultaneous choices at once
  state.view(p)                         what player p may see (None: a spectator)
  state.to_json()                       the full state, plain JSON, secrets included

VampiRing actions are 0..3: (metamorphosis A/B) * 2 + (clockwise / anticlockwise).
The rules decisions cite the rules notes' ids (V1-V16, docs/vampiring-rules-notes.md); movement and fights live in
turn.py, names and card data in cards.py. The board may play some families (option board, at a level):
its mind (mind.py) is imported only when one of them chooses.
"""

from nightboard.compat import module
from nightboard.games.errors import GameError, show
from nightboard.prng import Prng
from nightboard.games.vampiring.cards import (
    DIRS,
    DROPS,
    FAMILIES,
    HOME_BASE,
    MAX_FAMILIES,
    META,
    MIN_FAMILIES,
    OLD_NAME,
    QUIET_MAX,
    SHAPES,
    card_name,
    standard_deck,
)
from nightboard.games.vampiring import turn as vampiring_turn

NAME = "vampiring"
MIND = "nightboard.games.vampiring.mind"  # read in with the setup (reads()), looked up without the package
FORMAT = 1
SEED_MAX = 2 ** 62
VARIANTS = ("castle", "mansion")  # V9: Castle is the default
ACTIONS = (0, 1, 2, 3)
LEVELS = (1, 2, 3)  # the board's levels of play



def action_of(meta, direction):
    """Action number for metamorphosis "A"/"B" and direction "cw"/"ccw"."""
    if meta not in META:
        raise GameError("metamorphosis must be A or B, not %r" % (meta,))
    if direction not in DIRS:
        raise GameError("direction must be cw or ccw, not %r" % (direction,))
    return META.index(meta) * 2 + DIRS.index(direction)


def action_name(action):
    return META[action >> 1] + " " + DIRS[action & 1]


def parse_action(obj):
    """An action from 0..3, "A cw", or ["A", "cw"]."""
    if isinstance(obj, bool):
        raise GameError("bad action %r" % (obj,))
    if isinstance(obj, int):
        if obj in ACTIONS:
            return obj
        raise GameError("action must be 0..3, not %r" % (obj,))
    if isinstance(obj, str):
        parts = obj.split()
        if len(parts) == 2:
            return action_of(parts[0], parts[1])
    if isinstance(obj, list) and len(obj) == 2:
        return action_of(obj[0], obj[1])
    raise GameError("bad action %r: write it as [\"A\" or \"B\", \"cw\" or \"ccw\"]" % (obj,))


def family_index(name_or_index, families):
    """A family by colour name or index, checked against the game's families."""
    if isinstance(name_or_index, str):
        for f in range(families):
            if FAMILIES[f] == name_or_index or (name_or_index, f) == OLD_NAME:
                return f
        raise GameError("unknown family %r (this game has %s)" % (name_or_index, ", ".join(FAMILIES[:families])))
    if isinstance(name_or_index, int) and not isinstance(name_or_index, bool) and 0 <= name_or_index < families:
        return name_or_index
    raise GameError("unknown family %r (this game has families 0..%d)" % (name_or_index, families - 1))


class VampiRing:
    """The whole state of one game. Vampire i = family*3 + v; pos -1 = off the ring."""

    def __init__(self, families, variant, preview, seed, ring, quiet=0, board=(), level=2):
        self.families = families
        self.variant = variant
        self.castle = variant == "castle"
        self.preview_on = preview
        self.seed = seed
        self.ring = ring
        n = families
        self.pos = [-1] * (3 * n)
        self.shape = [0] * (3 * n)
        self.drops = [DROPS] * n
        self.lost_last = [0] * n
        self.elim_turn = [-1] * n
        self.score_locked = [-1] * n
        self.pending = [-1] * n
        self.lost_total = 0
        self.turn = 1
        self.over = False
        self.winner = -1
        self.quiet = quiet  # V16: turns in a row without a wound that end the game (0: no limit)
        self.quiet_turns = 0  # the turns in a row, up to now, that gave no wound
        self.board = list(board)  # the families the board plays, sorted
        self.level = level
        self.prng = Prng(seed if seed is not None else 0)  # the board's own stream (near-equal choices)

    # --- queries -------------------------------------------------------

    def alive(self, f):
        return self.elim_turn[f] < 0

    def players_count(self):
        return self.families

    def living(self):
        return [f for f in range(self.families) if self.elim_turn[f] < 0]

    def home_index(self, f):
        return self.ring.index(HOME_BASE + f)

    def haunted(self):
        """Card indices that are Haunted Houses for the turn now being played (V11)."""
        return sorted(self.home_index(f) for f in range(self.families)
                      if self.elim_turn[f] >= 0 and self.elim_turn[f] < self.turn)

    def awaiting(self):
        if self.over:
            return []
        return [f for f in range(self.families) if self.elim_turn[f] < 0 and self.pending[f] < 0]

    def legal_actions(self, f):
        if self.over or f < 0 or f >= self.families or not self.alive(f):
            return []
        return list(ACTIONS)

    def scores(self):
        """V13: drops lost by everyone up to a family's elimination (or now); the winner's bonus."""
        out = []
        for f in range(self.families):
            s = self.score_locked[f] if self.score_locked[f] >= 0 else self.lost_total
            if self.over and f == self.winner:
                s += self.drops[f] * self.families
            out.append(s)
        return out

    def preview(self, f, action):
        """V14: the cards where family f's vampires would stop with this action."""
        f = family_index(f, self.families)
        if not self.preview_on:
            raise GameError("preview is switched off for this game")
        self._check_can_act(f)
        return vampiring_turn.landing(self, f, parse_action(action))

    # --- moves ---------------------------------------------------------

    def _check_can_act(self, f):
        if self.over:
            raise GameError("the game is over")
        if not self.alive(f):
            raise GameError("family %s is eliminated and has no choice to make" % FAMILIES[f])

    def submit(self, f, action):
        """Record family f's choice (it may be changed until the last family submits).

        Returns the turn's events when this was the last choice awaited, else [].
        """
        f = family_index(f, self.families)
        if action is None and f in self.board:
            self._check_can_act(f)
            if self.pending[f] >= 0:
                raise GameError("family %s has already chosen this turn" % FAMILIES[f])
            mind = module(MIND)
            action = mind.decide(self.view(f), self.level, self.prng)  # from its own view only
        action = parse_action(action)
        self._check_can_act(f)
        self.pending[f] = action
        if self.awaiting():
            return []
        return vampiring_turn.resolve(self, self.pending[:])

    def withdraw(self, f):
        """Take back a submitted choice before the turn resolves."""
        f = family_index(f, self.families)
        self._check_can_act(f)
        self.pending[f] = -1

    def apply_actions(self, actions):
        """All living families' actions at once ({family: action} or a list with None for the eliminated)."""
        if self.over:
            raise GameError("the game is over")
        chosen = [-1] * self.families
        if isinstance(actions, dict):
            items = [(family_index(k, self.families), actions[k]) for k in actions]
        elif isinstance(actions, list):
            if len(actions) != self.families:
                raise GameError("a turn needs %d entries, one per family, got %d" % (self.families, len(actions)))
            items = [(f, actions[f]) for f in range(self.families) if actions[f] is not None]
        else:
            raise GameError("a turn is a list or an object of choices")
        for f, a in items:
            if not self.alive(f):
                raise GameError("family %s is eliminated and has no choice to make" % FAMILIES[f])
            chosen[f] = parse_action(a)
        for f in self.living():
            if chosen[f] < 0:
                raise GameError("family %s has no choice this turn" % FAMILIES[f])
        return vampiring_turn.resolve(self, chosen)

    # --- the contract (docs/games.md): seats are the families, all choosing at once -------

    def seats(self):
        return list(FAMILIES[:self.families])

    # to_move, legal and apply are awaiting, legal_actions and submit (bound below: no code of their own).
    # apply records one family's choice; the turn resolves (and its events return) when the last one is in.

    def reads(self):
        """The modules of this package its play imports on the way (the table reads them in with the setup)."""
        return ("mind",) if self.board else ()

    def board_plays(self, seat):
        """Whether the board plays this family (option board)."""
        return seat in self.board

    def board_steps(self, seat):
        """The board's choice for family `seat` in pieces (mind.steps, for table/thinking.py): each piece's
        cost before it, then (action,), the action submit(seat, None) would choose now; apply(seat, action)
        plays it.
        Its one draw from the game's stream comes with the action, at the last step."""
        f = family_index(seat, self.families)
        self._check_can_act(f)
        if f not in self.board:
            raise GameError("the board does not play family %s" % FAMILIES[f])
        if self.pending[f] >= 0:
            raise GameError("family %s has already chosen this turn" % FAMILIES[f])
        mind = module(MIND)
        return mind.steps(self.view(f), self.level, self.prng)

    def board_move(self, seat, level=None):
        """What the board would choose for family `seat` now, from that family's view only (changes nothing)."""
        f = family_index(seat, self.families)
        self._check_can_act(f)
        mind = module(MIND)
        return mind.decide(self.view(f), self.level if level is None else level, Prng(state=self.prng.state))

    def result(self):
        """None while the game goes on; then the winning seats and every seat's score."""
        if not self.over:
            return None
        return {"winners": [self.winner] if self.winner >= 0 else [], "scores": self.scores()}

    # --- views ---------------------------------------------------------

    def public(self):
        """Everything every player may see: no pending choice, no seed."""
        return {
            "game": NAME,
            "families": self.families,
            "variant": self.variant,
            "preview": self.preview_on,
            "turn": self.turn,
            "ring": [card_name(c) for c in self.ring],
            "vampires": self._vampires_json(),
            "drops": self.drops[:],
            "lost_last": self.lost_last[:],
            "eliminated_turn": [t if t >= 0 else None for t in self.elim_turn],
            "haunted": self.haunted(),
            "submitted": [self.alive(f) and self.pending[f] >= 0 for f in range(self.families)],
            "over": self.over,
            "winner": self.winner if self.winner >= 0 else None,
            "scores": self.scores(),
            "quiet": self.quiet,
            "quiet_turns": self.quiet_turns,
            "board": self.board[:],
            "level": self.level,
        }

    def view(self, f=None):
        """What family f may see: the public state plus its own pending choice and its preview."""
        v = self.public()
        if f is None:
            return v
        f = family_index(f, self.families)
        v["you"] = f
        mine = self.pending[f]
        v["your_choice"] = action_name(mine) if mine >= 0 else None
        if mine >= 0 and self.preview_on and self.alive(f) and not self.over:
            v["your_landing"] = vampiring_turn.landing(self, f, mine)
        return v

    def _vampires_json(self):
        out = []
        for f in range(self.families):
            if not self.alive(f):
                out.append(None)
                continue
            out.append([{"card": self.pos[f * 3 + v], "shape": SHAPES[self.shape[f * 3 + v]]} for v in range(3)])
        return out

    def to_json(self):
        """The full state, secrets included, as plain JSON data."""
        d = self.public()
        del d["haunted"]
        del d["submitted"]
        d["format"] = FORMAT
        d["seed"] = self.seed
        d["lost_total"] = self.lost_total
        d["score_locked"] = [s if s >= 0 else None for s in self.score_locked]
        d["pending"] = [action_name(a) if a >= 0 else None for a in self.pending]
        d["prng"] = self.prng.state
        return d

    def copy(self):
        return from_json(self.to_json())

    to_move = awaiting
    legal = legal_actions
    apply = submit


def new_game(seed, families=2, variant="castle", preview=True, quiet=0, board=None, level=2):
    """A new game: the ring shuffled from the seed (V2), every family on its Home (V3).

    quiet is V16's limit (GAME offers 30 first; a record or save from before the limit names none and is
    played without it, hence 0 here); board the families the board plays (board_seats), level its level.
    """
    _check_options(families, variant, preview)
    quiet = check_quiet(quiet)
    board = board_seats(board, families)
    level = check_level(level)
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= SEED_MAX:
        raise GameError("seed must be an integer 0..2**62, not %s" % show(seed))
    ring = standard_deck(families)
    stream = Prng(seed)
    stream.shuffle(ring)
    g = VampiRing(families, variant, preview, seed, ring, quiet, board, level)
    g.prng = stream  # the same seeded stream goes on to the board's near-equal choices
    for f in range(families):
        home = g.home_index(f)
        for v in range(3):
            g.pos[f * 3 + v] = home
            g.shape[f * 3 + v] = v
    return g


def _check_options(families, variant, preview):
    if isinstance(families, bool) or not isinstance(families, int) or not MIN_FAMILIES <= families <= MAX_FAMILIES:
        raise GameError("families must be %d to %d, not %r" % (MIN_FAMILIES, MAX_FAMILIES, families))
    if not isinstance(variant, str) or variant not in VARIANTS:
        raise GameError("variant must be castle or mansion, not %r" % (variant,))
    if preview is not True and preview is not False:
        raise GameError("preview must be true or false, not %r" % (preview,))


def check_quiet(quiet):
    if isinstance(quiet, bool) or not isinstance(quiet, int) or not 0 <= quiet <= QUIET_MAX:
        raise GameError("quiet must be a number of turns 0..%d (0: no limit), not %s" % (QUIET_MAX, show(quiet)))
    return quiet


def check_level(level):
    if isinstance(level, bool) or level not in LEVELS:
        raise GameError("level must be 1, 2 or 3, not %s" % show(level))
    return level


def board_seats(board, families):
    """The families the board plays, sorted: from a list of seat numbers (0 is red) or colour names, a
    string of them separated by commas ("2,3", "yellow,green"), "none", "others" (all but red) or "last"."""
    if board is None or board == "none" or board == "":
        return []
    if board == "others":
        return list(range(1, families))
    if board == "last":
        return [families - 1]
    if isinstance(board, str):
        items = []
        for word in board.split(","):
            word = word.strip()
            items.append(int(word) if word.encode().isdigit() else word)  # ASCII digits alone, as on the board
    elif isinstance(board, (list, tuple)):
        items = list(board)
    else:
        raise GameError("board must list the families the board plays (seat numbers from 0, or colours), "
                        "not %s" % show(board))
    out = []
    for item in items:
        if isinstance(item, int) and not isinstance(item, bool) and not 0 <= item < families:
            raise GameError("board: there is no seat %d in a game of %d families (seats are 0..%d, 0 is red)"
                            % (item, families, families - 1))
        try:
            f = family_index(item, families)
        except GameError as e:
            raise GameError("board: %s" % e)
        if f in out:
            raise GameError("board: family %s is named twice" % FAMILIES[f])
        out.append(f)
    if len(out) >= families:
        raise GameError("board: at least one family must be played by a person (the board would play all %d)"
                        % families)
    return sorted(out)


def from_json(obj):
    """A game from an explicit position (or a saved state): every field checked, GameError if impossible
    (in pos.py, loaded only when a position is read)."""
    from nightboard.games.vampiring import pos

    return pos.from_json(obj)
