"""The board as a Vampire Nights player: it decides from its own seat's view alone (view(seat) holds its
hand, loot, bites, Torch peeks and its legal actions), deterministically, by a one-step value of each
action. It follows the scoring of its side (guard, or Vampire once two Vampire bites turned it), defends
with its items, loots what scores most and drops what scores least.

steps(v) is the same decision as a generator, for the table to spread over frames (table/thinking.py,
through the state's board_steps): before each piece of work (its own pile's score, then one legal
action's worth) it yields the piece's cost in work units (under 1 ms each on the board by the bench's
model), and last (action,). decide() runs it through at once, so the action is the same either way.
"""

from nightboard.games.vampire_nights import components as C
from nightboard.games.vampire_nights import actions as A

ROOMS = C.ROOM_NAMES
ITEMS = C.ITEM_NAMES
# what an unknown (face-down) room is worth to enter, guard side and vampire side, roughly
UNKNOWN = (2, 2)
# Work units of the decision's pieces (table/thinking.py), from the bench's counts over whole games: the
# seat's legal actions (up to about 15 ms on the board: a frame of their own), the rest of its view (about
# 5 ms), its own pile read and scored once, and an action's worth: ACTION_COST, plus SCORE_COST for each
# score of a pile it works out (SCORES: how many at most, by kind of action).
LEGAL_COST = 20
VIEW_COST = 8
OWN_COST = 3
ACTION_COST = 1
SCORE_COST = 2
SCORES = {A.STAKE: 1, A.DROP_LOOT: 1, A.LOOT: 1, A.BAG: 1, A.WATER: 1, A.CROSSBOW: 1, A.MOVE: 1, A.JUMP: 1,
          A.MIRROR: 1, A.PLACE: 2}


def _loot_kinds(v):
    return [ROOMS.index(n) for n in v["my_loot"]]


def own(v):
    """The seat's own pile as room kinds, and its score: read once for a whole decision."""
    mine = _loot_kinds(v)
    return mine, C.score(mine, v["vampire"])


def gain(v, tile, mine=None):
    """How much the seat's score grows with this room tile in its loot (mine: own(v), if at hand)."""
    mine, base = own(v) if mine is None else mine
    return C.score(mine + [tile], v["vampire"]) - base


def loss(v, tile, mine=None):
    """How much the seat's score falls without one such tile of its loot."""
    mine, base = own(v) if mine is None else mine
    rest = mine[:]
    rest.remove(tile)
    return base - C.score(rest, v["vampire"])


def _tile_at(v, x):
    r = x & 7
    if not 1 <= r <= 5:
        return None
    name = v["rooms"][x >> 3][r - 1]
    if name == "?":
        for pk in v["peeks"]:
            if pk[0] == x:
                return pk[1]
    return name


def _room_value(v, x, item_names, mine=None):
    """The worth of landing a guard on x: what can be taken there, less the risk of a bite."""
    r = x & 7
    if r == 6:
        return 4 + (2 if v["night"] == C.NIGHTS else 0)
    name = _tile_at(v, x)
    if name is None:
        return 1
    if name == "?":
        return UNKNOWN[1 if v["vampire"] else 0]
    t = ROOMS.index(name)
    if t in C.VAMPIRES:
        if "stake" in item_names:
            return 1 + gain(v, t, mine)
        if "garlic" in item_names or "cross" in item_names:
            return 1
        return -4
    if t in C.LOOTABLE:
        return 1 + max(gain(v, t, mine), 1)
    if t == C.CHEST:
        return 4
    if t == C.COFFIN:
        return 3
    if t == C.CAT:
        return -3 if "coins" in v["my_loot"] else 1
    if t == C.WEB:
        return -2
    return 0


def score_action(v, a, mine=None):
    """The worth of legal action a to the seat (mine: own(v), if at hand)."""
    k, arg = A.kind(a), A.arg(a)
    items = v["hand"]
    if k == A.TAKE_BITE:
        return 0
    if k in (A.GARLIC, A.CROSS):
        return 5 if k == A.CROSS else 4
    if k == A.STAKE:
        g = v.get("defending", -1)
        x = v["guards"][g if g >= 0 else arg][0]
        t = _tile_at(v, x)
        return 6 + (gain(v, ROOMS.index(t), mine) if t and t != "?" else 0)
    if k == A.DROP_LOOT:
        return -loss(v, arg, mine)
    if k == A.LOOT:
        return gain(v, ROOMS.index(_tile_at(v, arg)), mine)
    if k in (A.BAG, A.WATER):
        x = v["guards"][arg][0]
        return gain(v, ROOMS.index(_tile_at(v, x)), mine) - 1
    if k == A.CROSSBOW:
        return gain(v, ROOMS.index(_tile_at(v, arg & 63)), mine) - 1
    if k == A.COFFIN_BOTH:
        return 8
    if k == A.COFFIN_PAY:
        return 10 - 3 - 3
    if k in (A.MOVE, A.JUMP, A.MIRROR):
        x = arg & 63
        val = _room_value(v, x, items, mine) + (x & 7) // 2
        return val - (0 if k == A.MOVE else 2)
    if k == A.CLOAK:
        return 5
    if k == A.PASS:
        return _pass_value(v, arg)
    if k == A.END:
        return 0
    if k == A.GLASS and ITEMS[arg] == "glass":
        return -100  # the other Glass for this one changes nothing: chosen again and again, no game would end
    if k == A.PLACE:
        return _place_value(v, arg >> 2, mine) + _place_value(v, arg & 3, mine)
    if k == A.DROP_ITEM:
        return -("stake", "garlic", "cross", "bag", "water", "crossbow", "jump", "cloak", "mask", "mirror",
                 "torch", "glass").index(ITEMS[arg])
    if k == A.CROWD:
        return 0
    return -1


def _pass_value(v, g):
    x = v["guards"][g][0]
    r = x & 7
    if r == 0:
        return -6
    worth = 0
    for rr in range(1, r + 1):
        name = v["rooms"][x >> 3][rr - 1]
        if name is not None and name != "?" and ROOMS.index(name) in C.LOOTABLE:
            worth += 2
    return worth + r - 7


def _place_value(v, c, mine=None):
    name = v["rooms"][c][2]
    if name is None or name == "?":
        return 0
    return gain(v, ROOMS.index(name), mine) if ROOMS.index(name) in C.LOOTABLE else -1


def steps(v):
    """decide(v) as a generator: each piece's cost before it, then (action,)."""
    yield OWN_COST
    mine = own(v)
    legal = v["legal"]
    best, best_val = legal[0], None
    for a in legal:
        yield ACTION_COST + SCORE_COST * SCORES.get(A.kind(a), 0)
        val = score_action(v, a, mine)
        if best_val is None or val > best_val:
            best, best_val = a, val
    yield (best,)


def decide(v):
    """The action of the best value among the legal ones (ties: the smallest action number); steps()
    run through."""
    for out in steps(v):
        if isinstance(out, tuple):
            return out[0]
    raise ValueError("the mind ended without an action")  # never: steps() always ends with one
