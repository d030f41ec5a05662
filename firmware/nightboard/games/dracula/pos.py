"""The Dracula hunt's positions, records and written actions: everything that reads outside input.

from_json(obj)            a game from an explicit position or a saved state, every field checked
parse_action(g, obj)      "move c3", ["stake", "b2"], "end", "rest sun"... -> an action number
parse_move(g, obj)        {"path": [rooms], "bite": [hunters]} or {"crypt": true, ...} -> a move
apply_actions(g, entry)   one round of a record
moves(g)                  every legal move of Dracula now (tests and tools)

Kept apart from dracula.py so that a game started from the menu never loads it.
"""

from nightboard.prng import Prng, STATE_MAX
from nightboard.games.dracula import know as K
from nightboard.games.dracula import rules as R
from nightboard.games.dracula.state import (DraculaHunt, FORMAT, HUNTERS, NAME, RULESETS, _check_options, _map)
from nightboard.games.dracula.rules import GameError, HEALTH, KINDS, MAX_ITEMS, act


def parse_action(g, obj):
    if isinstance(obj, bool):
        raise GameError("bad action %r" % (obj,))
    if isinstance(obj, int):
        raise GameError("bad action number %r" % (obj,))
    parts = None
    if isinstance(obj, str):
        parts = obj.split()
    elif isinstance(obj, list) and obj:
        parts = obj
    if parts:
        word = parts[0]
        if word == "rest" and len(parts) == 2 and parts[1] in ("sun", "stake"):
            return act(R.REST_SUN if parts[1] == "sun" else R.REST_STAKE)
        if word == "end" and len(parts) == 1:
            return act(R.END)
        if word in ("move", "garlic", "sun", "stake") and len(parts) == 2:
            room = parts[1]
            if isinstance(room, str) and room.encode().isdigit():  # ASCII digits alone, as on the board
                room = int(room)
            return act(KINDS.index(word), _room(g, room, "action %r" % (obj,)))
    raise GameError("bad action %r: write \"move c3\", \"garlic c3\", \"sun c3\", \"stake c3\", \"end\", "
                    "\"rest sun\" or \"rest stake\"" % (obj,))


def parse_move(g, obj):
    if not isinstance(obj, dict):
        raise GameError("a Dracula move is {\"path\": [rooms]} or {\"crypt\": true}, with \"bite\": [hunters]")
    for k in obj:
        if k not in ("path", "crypt", "bite"):
            raise GameError("a Dracula move has path, crypt and bite, not %r" % (k,))
    crypt = obj.get("crypt", False)
    if crypt is not True and crypt is not False:
        raise GameError("crypt must be true or false, not %r" % (crypt,))
    path = obj.get("path", [])
    if not isinstance(path, list) or (crypt and path):
        raise GameError("path must be a list of rooms (and there is no path with a crypt journey)")
    rooms = tuple(_room(g, r, "path") for r in path)
    bite = obj.get("bite", [])
    if not isinstance(bite, list):
        raise GameError("bite must be a list of hunters")
    return crypt, rooms, tuple(sorted(g.hunter_index(b) for b in bite))


def move_json(g, move):
    crypt, rooms, bites = move
    d = {"crypt": True} if crypt else {"path": [g.map.name(r) for r in rooms]}
    d["bite"] = [HUNTERS[h] for h in bites]  # pyright: ignore[reportArgumentType]
    return d


def apply_actions(g, entry):
    """A whole round: {"hunters": [actions of hunter 0, ...], "dracula": move or "auto"}. A hunter that does
    not play this round (bitten, dead, or already played) has null or []; a hunter whose list does not end
    its turn ends it. Returns the round's events."""
    if g.over:
        raise GameError("the game is over")
    if not isinstance(entry, dict) or "hunters" not in entry:
        raise GameError("a round is {\"hunters\": [[actions], ...], \"dracula\": move or \"auto\"}")
    for k in entry:
        if k not in ("hunters", "dracula"):
            raise GameError("a round has hunters and dracula, not %r" % (k,))
    lists = entry["hunters"]
    if not isinstance(lists, list) or len(lists) != g.hunters:
        raise GameError("hunters must list %d entries, one per hunter" % g.hunters)
    ev = []
    for h in range(g.hunters):
        acts = lists[h]
        if acts is None:
            acts = []
        if not isinstance(acts, list):
            raise GameError("hunters[%d] must be a list of actions or null" % h)
        if g.active != h:
            if acts:
                raise GameError("%s does not play now (%s)" % (HUNTERS[h], _why_not_playing(g, h)))
            continue
        for a in acts:
            if g.active != h:
                raise GameError("%s's turn is already over before %r" % (HUNTERS[h], a))
            ev.extend(g.submit(h, a))
        if g.active == h:
            ev.extend(g.submit(h, act(R.END)))
    if g.over:
        if entry.get("dracula") not in (None, "auto"):
            raise GameError("the game ended before Dracula's turn")
        return ev
    d = entry.get("dracula", "auto")
    ev.extend(g.dracula_turn(None if d == "auto" else d))
    return ev


def moves(g):
    """Every legal move of Dracula's turn, as (crypt, rooms, bites) with bites a sorted tuple of hunters;
    rooms are the walk's rooms entered, or (far crypt,) for a journey. (For tests and tools: his mind
    works on the compact walks of dracula_know.)"""
    m = g.map
    sun, forbid, must = R.constraints(g)
    crypt = K.crypt_ok(m, g.room, sun, forbid, g.crypts_on)
    out = []
    for w in K.legal_walks(m, g.room, sun, forbid, must, crypt):
        _with_bites(g, False, K.walk_rooms(w), out)
    if crypt:
        _with_bites(g, True, (m.opposite[g.room],), out)
    return out


def _with_bites(g, crypt, rooms, out):
    can = [h for h in range(g.hunters) if R.biteable(g, h) and g.pos[h] in rooms]
    for mask in range(1 << len(can)):
        out.append((crypt, rooms, tuple(can[i] for i in range(len(can)) if (mask >> i) & 1)))


def _why_not_playing(g, h):
    if g.over:
        return "the game is over"
    if not g.alive(h):
        return "dead"
    if g.active < 0 or g.active > h:
        return "its turn this round is over or missed"
    return "it is %s's turn first" % HUNTERS[g.active]


def _int(v, what, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise GameError("%s must be an integer %d..%d, not %r" % (what, lo, hi, v))
    return v


def _bool(v, what):
    if v is not True and v is not False:
        raise GameError("%s must be true or false, not %r" % (what, v))
    return v


def _per_hunter(obj, key, n, default):
    v = obj.get(key, default)
    if not isinstance(v, list) or len(v) != n:
        raise GameError("%s must be a list of %d entries, one per hunter" % (key, n))
    return v


def _room(g, ref, what):
    try:
        return g.map.room(ref, what)
    except ValueError as e:
        raise GameError(str(e))


# Every field a position may hold, and its type (games/spec.py); the meaning is checked in from_json.
_ROOMS = ("list", None)
POSITION = (
    ("game", "str", None), ("format", "int", None), ("rules", "str", None), ("level", "int", None),
    ("map", "dict", None), ("size", "int", None), ("hunters", "int", None), ("turn", "int", (1, 100000)),
    ("active", "any", None), ("positions", "list", None), ("lives", "list?", None), ("team_lives", "int?", None),
    ("stakes", "list", None), ("sun", "list", None), ("skip", "list", None), ("bitten", "list", None),
    ("health", "int", (0, 9)), ("sunlight", "list", None), ("hit", "bool", None), ("garlic_left", "int?", None),
    ("moved", "bool", None), ("garlics", "int", (0, 99)), ("possible", "list", None), ("seen", "any", None),
    ("seen_turn", "int", None), ("over", "bool", None), ("winner", "str?", None), ("why", "str?", None),
    ("dracula", "any", None), ("last_move", "dict?", None), ("seed", "int?", (0, 2 ** 62)),
    ("prng", "int?", (1, STATE_MAX)), ("you", "int?", None),
)


def from_json(obj):
    """A game from an explicit position or a saved state; GameError naming the field if impossible.

    Required: hunters (a count) and dracula (his room). Everything else defaults to the start of a game
    (see docs/records.md); possible (the rooms the hunters think he may be in) defaults to every room."""
    from nightboard.games import spec

    spec.fields(obj, POSITION)
    if obj.get("game", NAME) != NAME:
        raise GameError("this is a %r position, not dracula" % (obj["game"],))
    if obj.get("format", FORMAT) != FORMAT:
        raise GameError("position format %r is not supported (this engine reads format %d)" % (obj["format"], FORMAT))
    for k in ("hunters", "dracula"):
        if k not in obj:
            raise GameError("position has no %r" % k)
    rules = obj.get("rules", "playtest")
    level = obj.get("level", 2)
    hunters = obj["hunters"]
    _check_options(hunters, rules, level)
    graph = obj.get("map")
    if isinstance(graph, dict) and "size" in graph and len(graph) == 1:
        size, graph = graph["size"], None
    else:
        size = obj.get("size", 5)
    m = _map(size, graph)
    if hunters > len(m.starts):
        raise GameError("this map has start rooms for %d hunters, not %d" % (len(m.starts), hunters))
    seed = obj.get("seed")
    if seed is not None:
        _int(seed, "seed", 0, 2 ** 62)
    g = DraculaHunt(m, rules, level, seed, hunters)
    if obj.get("prng") is not None:
        g.prng = Prng(state=_int(obj["prng"], "prng", 1, STATE_MAX))
    spec = RULESETS[rules]
    g.turn = _int(obj.get("turn", 1), "turn", 1, 100000)
    pos = _per_hunter(obj, "positions", hunters, list(m.starts[:hunters]))
    for h in range(hunters):
        g.pos[h] = _room(g, pos[h], "positions[%d]" % h)
    if g.team:
        g.team_lives = _int(obj.get("team_lives", spec["team_lives"]), "team_lives", 0, 99)
        if obj.get("lives") is not None:
            raise GameError("lives: the classic rules count the team's lives (team_lives), not each hunter's")
    else:
        lives = _per_hunter(obj, "lives", hunters, [spec["lives"]] * hunters)
        for h in range(hunters):
            g.lives[h] = _int(lives[h], "lives[%d]" % h, 0, 9)
        if obj.get("team_lives") is not None:
            raise GameError("team_lives: only the classic rules share lives")
    for key, arr in (("stakes", g.stakes), ("sun", g.sun)):
        vals = _per_hunter(obj, key, hunters, arr[:])
        for h in range(hunters):
            arr[h] = _int(vals[h], "%s[%d]" % (key, h), 0, MAX_ITEMS)
    skip = _per_hunter(obj, "skip", hunters, [False] * hunters)
    bitten = _per_hunter(obj, "bitten", hunters, [0] * hunters)
    for h in range(hunters):
        g.skip[h] = 1 if _bool(skip[h], "skip[%d]" % h) else 0
        g.bitten[h] = _int(bitten[h], "bitten[%d]" % h, 0, g.turn)
        if g.skip[h] and not g.alive(h):
            raise GameError("skip[%d]: %s is dead and has no turn to miss" % (h, HUNTERS[h]))
    g.health = _int(obj.get("health", HEALTH), "health", 0, 9)
    g.room = _room(g, obj["dracula"], "dracula")
    sl = obj.get("sunlight", [])
    if not isinstance(sl, list):
        raise GameError("sunlight must be a list of [room, hunter] pairs")
    for i in range(len(sl)):
        s = sl[i]
        if not isinstance(s, list) or len(s) != 2:
            raise GameError("sunlight[%d] must be [room, hunter]" % i)
        r = _room(g, s[0], "sunlight[%d]" % i)
        h = g.hunter_index(s[1])
        if g.sunlit(r):
            raise GameError("sunlight[%d]: %s already has sunlight" % (i, m.name(r)))
        g.sunlight.append([r, h])
    g.hit = _bool(obj.get("hit", False), "hit")
    if g.team:
        g.garlic_left = _int(obj.get("garlic_left", g.garlic_pool), "garlic_left", 0, g.garlic_pool)
    g.moved = _bool(obj.get("moved", False), "moved")
    g.garlics = _int(obj.get("garlics", 0), "garlics", 0, 99)
    active = obj.get("active", 0)
    if active is None:
        g.active = -1
    else:
        g.active = g.hunter_index(active)
        if not g.alive(g.active):
            raise GameError("active: %s is dead" % HUNTERS[g.active])
        if g.skip[g.active]:
            raise GameError("active: %s misses this turn (skip) and cannot be the one playing" % HUNTERS[g.active])
    if "possible" in obj:
        ps = obj["possible"]
        if not isinstance(ps, list) or not ps:
            raise GameError("possible must be a non-empty list of rooms")
        g.possible = bytearray(m.n)
        for i in range(len(ps)):
            g.possible[_room(g, ps[i], "possible[%d]" % i)] = 1
    else:
        g.possible = bytearray([1] * m.n)
    if not g.possible[g.room]:
        raise GameError("possible: the hunters would know he is not in %s, where he is" % m.name(g.room))
    seen = obj.get("seen")
    g.seen = -1 if seen is None else _room(g, seen, "seen")
    g.seen_turn = _int(obj.get("seen_turn", 0), "seen_turn", 0, g.turn)
    lm = obj.get("last_move")
    if lm is not None and not isinstance(lm, dict):
        raise GameError("last_move must be an object or null")
    g.last_move = lm  # pyright: ignore[reportAttributeAccessIssue]
    w, why = R.winner_now(g)
    if w is not None:
        g.over, g.winner, g.why, g.active = True, w, why, -1  # pyright: ignore[reportAttributeAccessIssue]
        g.possible = K.only(m.n, g.room)
    if "over" in obj and obj["over"] != g.over:
        raise GameError("over is %r but the position %s" % (obj["over"], "is decided (%s)" % why if g.over else
                                                              "is not decided"))
    return g


