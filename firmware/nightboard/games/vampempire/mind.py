"""The board as a VampEmpire player: choose(view, legal) picks one of the seat's legal actions from
that seat's view only (its own hand, and what everybody sees). No randomness: the same view gives the
same choice.

Each vampire follows its playstyle: everyone hunts the communities that still give it soul, sucks
when short of bodies and heads for the Vatican at 10 soul; the Baroness lays routes and trades
(once her Priority Trading is open); the Tyrant overtakes from afar and manipulates; the Feathered One
turns rituals into bodies and rummages; the Lumbering Beast never stops moving. A trade is accepted
only when what comes in is worth more to this vampire than what goes out.

steps(v, legal) is the same choice as a generator, for the table to spread over frames
(table/thinking.py, through the state's board_steps): it yields the cost in work units of each piece
(under 1 ms each on the board by the bench's model) before doing it, and last (action,). The costs of
the pieces the state does (reading the view, working out the legal actions) are here too, beside
the mind's own: one table of figures measured by `make bench` (bench/thinking.py).
"""

from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.actions import (act, split, ACCEPT, REFUSE, PASS, OFFER, GIVE, WANT, END, MOVE,
                                                 SUCK, OVERTAKE, RITUAL, DISCARD, ROUTE, TRAVEL, MANIPULATE,
                                                 RUMMAGE, INTERCEPT, LET, BODIES, NOT_YET)

COST = (3, 5, 7, 9)
TRAMPLE = (2, 4, 6, 8)
# What a ritual is worth to a player, in bodies, by effect (the Feathered One also gets its cost back).
WORTH = {"bat": 2, "flies": 4, "potency": 3, "haste": 3, "thralls": 2, "tithe": 2, "chains": 2,
         "sunrise": 2, "uprising": 4, "hunger": 1}


# Work units of the decision's pieces (a unit is under 1 ms on the board; table/thinking.py's BUDGET a
# frame), from the bench's counts over whole board-only games: reading the seat's view; the legal actions at Night (their worst, a Tyrant overtaking from afar with a
# hand of rituals, is most of a frame on its own) and in the other phases (a handful of offers or
# answers); the choice, at Night and in the other phases. Measured worst: 6.4, 10.7, 7.5 ms; about 1 ms.
VIEW_COST = 10
LEGAL_COST = (18, 2)
CHOOSE_COST = (12, 2)


def cost_row(v):
    """Which of the two costs above: 0 at Night, 1 in the other phases."""
    return 0 if v["phase"] == "night" else 1


def worth(v, s, item):
    if item > BODIES:
        return item - BODIES
    w = WORTH[R.KINDS[item][4]] - R.cost(item) // 2
    if v["vampires"][s] == V.FEATHERED:
        w = max(w, R.cost(item))
    return max(w, 0)


def _by_kind(legal):
    out = {}
    for a in legal:
        out.setdefault(split(a)[0], []).append(a)
    return out


def steps(v, legal):
    """choose(v, legal) as a generator: its cost before it, then (action,)."""
    yield CHOOSE_COST[cost_row(v)]
    yield (choose(v, legal),)


def choose(v, legal):
    if len(legal) == 1:
        return legal[0]
    s = v["seat"]
    k = _by_kind(legal)
    if v["phase"] == "choose":
        return legal[0]
    p = v["pending"]
    if p is not None and p[0] == "offer":
        give, want = p[3], p[4]
        if ACCEPT in k and worth(v, s, give) > worth(v, s, want):
            return act(ACCEPT)
        return act(REFUSE)
    if p is not None and p[0] == "intercept":
        hurts = p[3] == 1 + s or (p[3] >= 10 and _ctrl(v, p[3] - 10) == s)
        if hurts or worth(v, s, p[2]) >= 3:
            return act(INTERCEPT)
        return act(LET)
    if v["phase"] == "afternoon":
        return _offer(v, s, k)
    return _at_night(v, s, k)


def _ctrl(v, h):
    for c in v["communities"]:
        if c[0] == h:
            return c[3]
    return -1


def _offer(v, s, k):
    """Sell the ritual worth least to this vampire for 1 body to the richest other seat, if it is worth
    less than 2 bodies here (the Baroness trades whenever her Priority Trading is open). An offer takes
    three actions: the seat, the ritual given, the bodies asked."""
    hand = v["hand"]
    if not hand:
        return act(PASS)
    low = hand[0]
    for c in hand:
        if worth(v, s, c) < worth(v, s, low):
            low = c
    p = v["pending"]
    if p is not None and p[0] == "draft":
        if p[3] == NOT_YET:
            return act(GIVE, low) if act(GIVE, low) in k.get(GIVE, []) else act(PASS)
        want = act(WANT, BODIES + 1)
        return want if want in k.get(WANT, []) else act(PASS)
    rich = -1
    for t in range(v["players"]):
        if t != s and (rich < 0 or v["bodies"][t] > v["bodies"][rich]):
            rich = t
    baroness = v["vampires"][s] == V.BARONESS and v["soul"][s] >= 2 and not v["prio"]
    if (worth(v, s, low) < 2 or baroness) and act(OFFER, rich) in k.get(OFFER, []):
        return act(OFFER, rich)
    return act(PASS)


def _my_cost(v, s, c):
    base = (TRAMPLE if v["vampires"][s] == V.BEAST and v["soul"][s] >= 5 else COST)[c[1]]
    return base


def _target(v, s):
    """The community to head for: the most soul for the fewest hexes, among those that still give soul."""
    here = v["pos"][s]
    best, score = None, -1
    for c in v["communities"]:
        if c[4] & (1 << s):
            continue
        d = B.distance(here, c[0])
        sc = (c[1] + 1) * 100 // (d + 2)
        if sc > score:
            best, score = c, sc
    return best


def _toward(v, k, goal):
    best, bd = None, 99
    for a in k.get(MOVE, []):
        d = B.distance(split(a)[3], goal)
        if d < bd:
            best, bd = a, d
    return best, bd


def _at_night(v, s, k):
    me = v["vampires"][s]
    here = v["pos"][s]
    if ROUTE in k:
        return k[ROUTE][0]
    if v["soul"][s] >= 10:
        a, d = _toward(v, k, v["vatican"])
        if a is not None and d < B.distance(here, v["vatican"]):
            return a
    if OVERTAKE in k:
        best, bs = None, -99
        for a in k[OVERTAKE]:
            c = _comm(v, split(a)[3])
            fresh = not c[4] & (1 << s)
            sc = (c[1] + 1) * 10 if fresh else (c[1] + 1 if c[3] >= 0 and v["bodies"][s] > 12 else -99)
            if sc > bs:
                best, bs = a, sc
        if bs > 0:
            return best
    if me == V.FEATHERED and DISCARD in k:
        for a in k[DISCARD]:
            if R.cost(split(a)[1]) >= 2:
                return a
    r = _ritual(v, s, k)
    if r is not None:
        return r
    goal = _target(v, s)
    need = _my_cost(v, s, goal) if goal is not None else 0
    if SUCK in k and (v["bodies"][s] < need or goal is None or goal[0] == here):
        # The Beast keeps moving: on her way a move is a body too (Absorb), as a suck is
        if not (me == V.BEAST and goal is not None and goal[0] != here and MOVE in k):
            return k[SUCK][0]
    if MANIPULATE in k:
        return k[MANIPULATE][0]
    if RUMMAGE in k:
        return k[RUMMAGE][0]
    if goal is not None:
        if TRAVEL in k and me == V.BARONESS:
            for a in k[TRAVEL]:
                if B.distance(split(a)[3], goal[0]) + 2 < B.distance(here, goal[0]):
                    return a
        a, d = _toward(v, k, goal[0])
        if a is not None and (d < B.distance(here, goal[0]) or me == V.BEAST):
            return a
    if SUCK in k:
        return k[SUCK][0]
    if me == V.BEAST and MOVE in k:
        return k[MOVE][0]  # Absorb: a move is a body
    return act(END)


def _comm(v, h):
    for c in v["communities"]:
        if c[0] == h:
            return c
    return None


def _leader(v, s):
    best = -1
    for t in range(v["players"]):
        if t != s and (best < 0 or v["soul"][t] > v["soul"][best]):
            best = t
    return best


def _ritual(v, s, k):
    """A ritual worth playing now, or None. Bodies for overtaking come first: only spare bodies pay."""
    spare = v["bodies"][s] - 5
    lead = _leader(v, s)
    mine = len([c for c in v["communities"] if c[3] == s])
    for a in k.get(RITUAL, []):
        _, kind, y, free = split(a)
        e = R.KINDS[kind][4]
        cost = 0 if free else R.cost(kind)
        if cost > max(spare, 0) and cost > 0:
            continue
        if e == "thralls":
            return a
        if e == "flies" and mine >= 2:
            return a
        if e == "haste" and v["ap"] >= 1:
            return a
        if e in ("tithe", "sunrise", "chains", "hunger") and y == 1 + lead:
            if e != "tithe" or v["bodies"][lead] >= 2:
                return a
        if e == "uprising" and _ctrl(v, y - 10) == lead:
            return a
        if e == "bat" and v["soul"][s] >= 8:
            return a
    return None
