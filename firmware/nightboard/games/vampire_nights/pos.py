"""Reading a saved Vampire Nights state (to_json form) back, checking every field: only loading needs this.

Types and ranges first, then what ties fields together: every room tile, item card and bite card of the
game is somewhere exactly once, guards stand on cells of the mansion. A bad field raises GameError naming it.
"""

from nightboard.prng import Prng, STATE_MAX
from nightboard.games.errors import GameError
from nightboard.games.vampire_nights import components as C
from nightboard.games.vampire_nights import mansion as M

PHASES = ("place", "discard", "explore", "crowd", "loot", "over")
INTS = (("seed", 0, 2 ** 62), ("players", 2, 4), ("prng", 1, STATE_MAX), ("night", 1, C.NIGHTS),
        ("turn", 1, 10 ** 6), ("start", 0, 3), ("first", 0, 3), ("active", -1, 3), ("step", 0, 4),
        ("moved", -1, 7), ("fresh", 0, 1), ("lcol", 0, 4), ("lpos", 0, 10 ** 6), ("looter", -1, 7),
        ("format", 1, 1), ("vampire_bites", 0, C.BITE_CARDS))
# list fields: (name, per player (True) or flat, item lo, item hi)
LISTS = (("tiles", False, 0, 255), ("up", False, 0, 1), ("gcell", False, -1, 31), ("gspace", False, 0, 3),
         ("passed", False, 0, 1), ("web", False, 0, 2), ("visited", False, 0, 2 ** 28 - 1),
         ("stuck", False, 0, 1), ("room_deck", False, 0, 12), ("room_discard", False, 0, 12),
         ("item_deck", False, 0, 11), ("item_discard", False, 0, 11), ("bite_deck", False, 0, 1),
         ("hands", True, 0, 11), ("loot", True, 0, 14), ("bites", True, 0, 1), ("peeks", True, 0, 31))
OTHER = ("board", "game", "marks", "phase", "pending", "over", "scores", "winners")


def _int(v, what, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameError("%s must be an integer %d..%d, not %s" % (what, lo, hi, _show(v)))
    return v


def _show(v):
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."


def _ints(v, what, lo, hi):
    if not isinstance(v, list):
        raise GameError("%s must be a list, not %s" % (what, _show(v)))
    for i in range(len(v)):
        _int(v[i], "%s[%d]" % (what, i), lo, hi)
    return v


def _counts(lists, n):
    c = [0] * n
    for lst in lists:
        for t in lst:
            c[t] += 1
    return c


def _boards(v, P):
    """The seats the board plays from the position's "board": -1 (none) or one seat, as every position wrote
    it before the board could play several seats, or a list of seats (two or more, increasing)."""
    if isinstance(v, list):
        _ints(v, "board", 0, P - 1)
        for i in range(1, len(v)):
            if v[i] <= v[i - 1]:
                raise GameError("board must list seats in increasing order, each once")
        if len(v) < 2:
            raise GameError("board lists two or more seats; one seat is written as its number, none as -1")
        return v[:]
    _int(v, "board", -1, P - 1)
    return [] if v < 0 else [v]


def _gave(v, P):
    """The loot tile each player last gave up to a bite ("gave", written since 2026-11-28; a position written
    before has none, and reads as none given up): a list of one tile or -1 per player."""
    if v is None:
        return [-1] * P
    _ints(v, "gave", -1, 14)
    if len(v) != P:
        raise GameError("gave must hold one entry per player (%d), not %d" % (P, len(v)))
    return v[:]


def from_json(d):
    from nightboard.games.vampire_nights.state import VampireNights, NAME, T

    if not isinstance(d, dict):
        raise GameError("a Vampire Nights position is a JSON object, not %s" % _show(d))
    known = [f[0] for f in INTS] + [f[0] for f in LISTS] + list(OTHER)
    for k in sorted([str(k) for k in d]):
        if k not in known and k != "gave":
            raise GameError("position has an unknown field %s" % _show(k))
    for k in known:
        if k not in d:
            raise GameError("position lacks the field %s" % k)
    if d["game"] != NAME:
        raise GameError("game must be %s, not %s" % (NAME, _show(d["game"])))
    for name, lo, hi in INTS:
        _int(d[name], name, lo, hi)
    P = d["players"]
    for name, per, lo, hi in LISTS:
        if per:
            if not isinstance(d[name], list) or len(d[name]) != P:
                raise GameError("%s must list %d entries" % (name, P))
            for p in range(P):
                _ints(d[name][p], "%s[%d]" % (name, p), lo, hi)
        else:
            _ints(d[name], name, lo, hi)
    for name, n in (("tiles", P * 8), ("up", P * 8), ("gcell", 2 * P), ("gspace", 2 * P), ("passed", 2 * P),
                    ("web", 2 * P), ("visited", 2 * P), ("stuck", 2 * P)):
        if len(d[name]) != n:
            raise GameError("%s must list %d entries, not %d" % (name, n, len(d[name])))
    if d["marks"] is not True and d["marks"] is not False:
        raise GameError("marks must be true or false")
    if d["vampire_bites"] not in C.VAMPIRE_BITES:
        raise GameError("vampire_bites must be one of %s" % (C.VAMPIRE_BITES,))
    if d["phase"] not in PHASES:
        raise GameError("phase must be one of %s, not %s" % (", ".join(PHASES), _show(d["phase"])))
    if d["over"] is not (d["phase"] == "over"):
        raise GameError("over must be true exactly when the phase is over")
    boards = _boards(d["board"], P)
    for f in ("start", "first"):
        if d[f] >= P:
            raise GameError("%s must be a seat 0..%d" % (f, P - 1))
    if d["active"] >= P or (d["active"] < 0 and not d["over"]):
        raise GameError("active must be a seat 0..%d" % (P - 1))
    for x in range(P * 8):
        t = d["tiles"][x]
        if t != M.EMPTY and (t > C.DOG or not M.is_room(x)):
            raise GameError("tiles[%d] must be a room kind 0..12 in a room, or 255" % x)
    for k in range(2 * P):
        x = d["gcell"][k]
        if x >= P * 8 or (x >= 0 and M.row(x) > M.GARDEN) or (x < 0 and d["phase"] != "place"):
            raise GameError("gcell[%d] must be a cell of the mansion (-1, not yet placed, only while placing)" % k)
        if (d["gspace"][k] != 0) != (x >= 0 and M.row(x) == M.GARDEN):
            raise GameError("gspace[%d] must be a Garden space exactly when the guard is in a Garden" % k)
    for h in d["peeks"]:
        for x in h:
            if x >= P * 8 or not M.is_room(x):
                raise GameError("peeks must name rooms of the mansion, not %d" % x)
    rooms = [[t for t in d["tiles"] if t != M.EMPTY], d["room_deck"], d["room_discard"]]
    rooms += [[C.COFFIN if t > C.DOG else t for t in h] for h in d["loot"]]
    if _counts(rooms, 13) != _counts([C.room_tiles(P, d["marks"])], 13):
        raise GameError("the room tiles (mansion, decks, loot) are not the game's 54 less the marked ones")
    if _counts([d["item_deck"], d["item_discard"]] + d["hands"], 12) != _counts([C.item_cards(P, d["marks"])], 12):
        raise GameError("the item cards (deck, discard, hands) are not the game's")
    if _counts([d["bite_deck"]] + d["bites"], 2) != _counts([C.bite_cards(d["vampire_bites"])], 2):
        raise GameError("the bite cards (deck, players) are not the game's")
    pend = d["pending"]
    if not isinstance(pend, list) or len(pend) > 2:
        raise GameError("pending must be a list of at most 2 tasks")
    for t in pend:
        _ints(t, "pending task", 0, 7)
        # a vampire met (0) by a guard of the player exploring, on its face-up vampire; a bite's loot tile (1)
        if len(t) != 3 or t[0] > 1 or t[1] != d["active"] or d["phase"] != "explore" or (
                t[2] != 0 if t[0] else t[2] >> 1 != t[1] or not 0 <= d["gcell"][t[2]] < P * 8
                or not d["up"][d["gcell"][t[2]]] or d["tiles"][d["gcell"][t[2]]] not in C.VAMPIRES):
            raise GameError("a pending task is [0, seat, guard] for a guard of the player exploring, on a face-up "
                            "vampire, or [1, seat, 0]")
    for f in ("scores", "winners"):
        if d["over"]:
            _ints(d[f], f, 0, 10 ** 4)
        elif d[f] is not None:
            raise GameError("%s must be null until the game is over" % f)
    g = VampireNights(d["seed"], P, d["vampire_bites"], d["marks"])  # then every field is overwritten
    for name, lo, hi in INTS:
        setattr(g, name, d[name])
    g.boards = boards
    g.marks = d["marks"]
    g.prng = Prng(state=d["prng"])
    for name in ("tiles", "up", "passed", "web", "stuck"):
        setattr(g, name, bytearray(d[name]))
    for name in ("gcell", "gspace", "visited", "room_deck", "room_discard", "item_deck", "item_discard",
                 "bite_deck"):
        setattr(g, name, d[name][:])
    for name in ("hands", "loot", "bites", "peeks"):
        setattr(g, name, [h[:] for h in d[name]])
    g.pending = [t[:] for t in pend]
    g.gave = _gave(d.get("gave"), P)
    g.phase = d["phase"]
    g.over = d["over"]
    g.scores = d["scores"][:] if d["over"] else None
    g.winners = d["winners"][:] if d["over"] else None
    # the guard that moved this turn (while exploring), and the guard choosing its loot, are the player to move's
    stuck = d["phase"] == "explore" and d["moved"] >> 1 not in (-1, d["active"]) or d["phase"] == "loot" and (
        d["looter"] < 0 or d["looter"] >> 1 != d["active"])
    a = g.active  # a turn not yet under way: its player has a guard to move (an item alone is no turn)
    if g.phase == "explore" and g.moved < 0 and not g.pending and not [
            k for k in (2 * a, 2 * a + 1) if T.active(g, k) and not g.web[k]]:
        stuck = True
    try:
        for s in g.to_move():
            stuck = stuck or not g.legal(s)
    except GameError:
        raise
    except Exception:
        stuck = True
    if stuck:  # e.g. exploring, with the player to move having no guard left to act with
        raise GameError("the position does not hold together (its guards, rooms or turn disagree)")
    return g
