"""Checking VampEmpire's positions given to from_json (a save, a record, the protocol).

Each field's type and range is checked before what it means; every refusal is a GameError that names
the field. Only loading imports this module (new_game's arguments are checked in state.py).
"""

from nightboard.games.errors import GameError
from nightboard.prng import valid_state
from nightboard.games.vampempire.actions import show
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.state import check_setup, int_in as _int

PHASES = ("choose", "afternoon", "night", "over")


def _ints(v, what, n, lo, hi):
    if not isinstance(v, list) or (n is not None and len(v) != n):
        raise GameError("%s must be a list of %s integers, not %s" % (what, n if n is not None else "", show(v)))
    for i in range(len(v)):
        _int(v[i], "%s[%d]" % (what, i), lo, hi)
    return list(v)  # the state never shares a list with its input


FIELDS = ("game", "format", "seed", "players", "board", "turn", "rounds", "phase", "active", "beast", "vampires",
          "pos", "vatican", "soul", "bodies", "ap", "moved", "moves", "free", "sucked", "discard",
          "communities", "routes", "presents", "pending", "fx", "prio", "winners", "route_bonus", "hands",
          "deck", "prng")


def load(d):
    from nightboard.games.vampempire.state import Empire, FX, FORMAT, NAME

    if not isinstance(d, dict):
        raise GameError("a VampEmpire position is a JSON object, not %s" % show(d))
    for k in sorted([str(k) for k in d]):
        if k not in FIELDS:
            raise GameError("position has an unknown field %s" % show(k))
    for k in FIELDS:
        if k not in d:
            raise GameError("position lacks the field %s" % k)
    if d["game"] != NAME or d["format"] != FORMAT:
        raise GameError("not a VampEmpire position of format %d" % FORMAT)
    n = _int(d["players"], "players", 2, 4)
    check_setup(d["seed"], n, d["beast"], d["rounds"], None, 8, d["board"])
    if d["phase"] not in PHASES:
        raise GameError("phase must be %s, not %s" % (" or ".join(PHASES), show(d["phase"])))
    if d["board"] >= n:
        raise GameError("board: the board plays at most %d of %d seats" % (n - 1, n))
    g = Empire(d["seed"], n, d["beast"], d["rounds"], d["board"])
    g.turn = _int(d["turn"], "turn", 1, d["rounds"])
    g.phase = d["phase"]
    g.active = _int(d["active"], "active", 0, n - 1)
    g.vamp = _ints(d["vampires"], "vampires", n, -1, 3)
    chosen = [v for v in g.vamp if v >= 0]
    if len(set(chosen)) != len(chosen) or (g.phase != "choose" and len(chosen) != n) \
            or (g.phase == "choose" and g.vamp != chosen + [-1] * (n - g.active)):
        raise GameError("vampires: each seat plays a different vampire, chosen in seat order")
    g.pos = _ints(d["pos"], "pos", n, 0, B.HEXES - 1)
    if d["vatican"] != g.vatican:
        raise GameError("vatican must be %d for %d players" % (g.vatican, n))
    g.soul = _ints(d["soul"], "soul", n, 0, 99)
    g.bodies = _ints(d["bodies"], "bodies", n, 0, 9999)
    g.ap = _int(d["ap"], "ap", 0, 20)
    g.moved = _int(d["moved"], "moved", 0, 99)
    g.moves = _int(d["moves"], "moves", 0, 99)
    g.free = _int(d["free"], "free", 0, 1)
    g.sucked = _int(d["sucked"], "sucked", -1, B.HEXES - 1)
    g.prio = _int(d["prio"], "prio", 0, 1)
    g.route_bonus = _int(d["route_bonus"], "route_bonus", 0, 1)
    kinds = len(R.KINDS) - 1
    g.discard = _ints(d["discard"], "discard", None, 0, kinds)
    g.deck = _ints(d["deck"], "deck", None, 0, kinds)
    hands = d["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise GameError("hands must list one hand per player")
    g.hands = [sorted(_ints(hands[s], "hands[%d]" % s, None, 0, kinds)) for s in range(n)]
    comm = d["communities"]
    if not isinstance(comm, list) or len(comm) != 4 * n:
        raise GameError("communities must list %d communities" % (4 * n))
    g.comm = []
    for i in range(len(comm)):
        c = _ints(comm[i], "communities[%d]" % i, 5, -1, 255)
        _int(c[0], "communities[%d] hex" % i, 0, B.HEXES - 1)
        _int(c[1], "communities[%d] type" % i, 0, 3)
        _int(c[2], "communities[%d] die" % i, 0, c[1] + 1)
        _int(c[3], "communities[%d] controller" % i, -1, n - 1)
        _int(c[4], "communities[%d] influence" % i, 0, (1 << n) - 1)
        g.comm.append(list(c))
    hexes = [c[0] for c in g.comm]
    if sorted(hexes) != hexes or len(set(hexes)) != len(hexes) or g.vatican in hexes:
        raise GameError("communities must stand on different hexes, in order, off the Vatican")
    g.routes = sorted(_ints(d["routes"], "routes", None, 0, B.HEXES - 1))
    for h in g.routes:
        if h not in hexes or g.routes.count(h) > 1:
            raise GameError("routes: each route stands on its own community")
    if len(g.routes) > g.route_total() or (g.routes and g.baroness() < 0):
        raise GameError("routes: more than the Baroness holds")
    g.presents = sorted(_ints(d["presents"], "presents", None, 0, B.HEXES - 1))
    if len(g.presents) > V.PRESENTS or (g.presents and V.FEATHERED not in g.vamp):
        raise GameError("presents: more than the Feathered One holds")
    fx = d["fx"]
    if not isinstance(fx, dict) or sorted(fx) != sorted(FX):
        raise GameError("fx must give %s" % ", ".join(FX))
    for f in FX:
        g.fx[f] = _ints(fx[f], "fx." + f, n, 0, 99 if f in ("sunrise", "slowed") else 1)  # the others are flags
    g.winners = _ints(d["winners"], "winners", None, 0, n - 1)
    if (g.phase == "over") != bool(g.winners):
        raise GameError("winners are given when, and only when, the game is over")
    p = d["pending"]
    held = []
    if p is not None:
        if not isinstance(p, list) or len(p) != 5 or p[0] not in ("draft", "offer", "intercept"):
            raise GameError("pending must be null, an offer or an intercept")
        _ints(p[1:], "pending", 4, 0, 99)
        if p[1] >= n or (p[0] != "intercept" and (p[2] >= n or p[2] == p[1] or g.phase != "afternoon")) \
                or (p[0] == "intercept" and (p[4] >= n or g.phase != "night")):
            raise GameError("pending: its seats or its phase do not fit the game")
        if p[0] == "intercept":  # the active seat's ritual, a target it could take, a Feathered One able to answer
            _int(p[2], "pending kind", 0, kinds)
            held.append(p[2])
            what, y, c = R.KINDS[p[2]][5], p[3], g.community(p[3] - 10)
            ok = p[1] == g.active and p[4] != p[1] and g.is_(p[4], V.FEATHERED, 3) \
                and g.bodies[p[4]] >= V.INTERCEPT_COST and (y == 0 if what == "self" else (
                    0 < y <= n and y - 1 != p[1]) if what == "seat" else c is not None and c[3] not in (-1, p[1]))
        else:  # the active seat's offer: what it holds (99: not chosen yet) for what it may ask
            give, want = p[3], p[4]
            ok = p[1] == g.active and (p[0] == "draft" and give == want == 99 or give < 99 and (
                10 < give <= 13 and g.bodies[p[1]] >= give - 10 or give in g.hands[p[1]]) and (
                want == 99 if p[0] == "draft" else (want <= kinds or 10 < want <= 13) and want != give
                and (want < 10 or give < 10)))
        if not ok:
            raise GameError("pending: what it gives, asks or answers does not fit the game")
        g.pending = list(p)
    cards = sorted(g.deck + g.discard + held + [k for h in g.hands for k in h])
    if cards != sorted(R.deck()):
        raise GameError("the rituals in hands, deck, discard and play are not the deck's 40")
    state = d["prng"]
    if not valid_state(state):
        raise GameError("prng must be an integer 1..2**96-1, not %s" % show(state))
    g.prng.state = state
    return g
