"""VampEmpire's Night: the active vampire's actions, each 1 action point unless said (ruling E2).

Move (1 hex; 2 for the Baroness with fewer than 2 routes in play; 3 with Bat Form), suck (1 body
from a community's die), overtake (the community's cost in bodies), play a ritual (its body cost),
the trade routes (place after a suck: 0 points; remove; travel), the Tyrant's Manipulate, the
Feathered One's discards (0 points) and Rummage, and end. The Feathered One's Bite and Intercept
answers a ritual before it acts. Notes M5-M9, B2-B5, Y1-Y3, F1-F5, L1-L5 decide what the text leaves open.
"""

from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.actions import (act, END, MOVE, SUCK, OVERTAKE, RITUAL, DISCARD, ROUTE,
                                                 UNROUTE, TRAVEL, MANIPULATE, RUMMAGE, INTERCEPT, LET)
from nightboard.games.vampempire.effects import resolve


def move_range(g, s):
    if g.fx["bat"][s]:
        return 3
    if g.vamp[s] == V.BARONESS and len(g.routes) < 2:
        return 2
    return 1


def move_budget(g, s):
    """How many more hexes s may move this Night (None: no limit)."""
    if g.vamp[s] == V.BEAST and g.beast_rule == "turn" and g.moves:
        return 0  # L1: one move a Night (Bat Form makes it reach 3)
    if g.fx["chains"][s]:
        return max(0, 1 - g.moved)
    return None


def moves(g, s):
    if g.ap < 1:
        return []
    r = move_range(g, s)
    budget = move_budget(g, s)
    if budget is not None:
        r = min(r, budget)
    out = []
    for h in B.within(g.pos[s], r):
        if h == g.vatican and g.soul[s] < 10:
            continue  # M7: the barrier holds below 10 soul
        out.append(h)
    return out


def overtake_cost(g, s, c, reach=None):
    """Bodies to overtake community c from where s stands, or None if s cannot (reach: g.reach(s), when
    the caller has it already)."""
    # where first: legal() asks this of every community, and most are out of reach
    if c[0] in (g.reach(s) if reach is None else reach):
        extra = 0
    elif g.is_(s, V.TYRANT, 1):
        extra = B.distance(g.pos[s], c[0])  # Colony: one more body a hex away
    else:
        return None
    base = (TRAMPLE if g.is_(s, V.BEAST, 2) else COST)[c[1]]
    if g.fx["potency"][s]:
        base = max(0, base - 2)
    return base + extra


COST = (3, 5, 7, 9)
TRAMPLE = (2, 4, 6, 8)


def ritual_cost(g, s, k):
    c = R.cost(k)
    if g.is_(s, V.BARONESS, 3):
        c = max(0, c - len(g.routes))  # Trade Secrets
    return c


def targets(g, s, k):
    what = R.KINDS[k][5]
    if what == "self":
        return [0]
    if what == "seat":
        out = []
        for t in range(g.n):
            if t == s:
                continue
            if R.KINDS[k][4] == "chains" and g.is_(t, V.BEAST, 1):
                continue  # L3: Unstoppable Force: movement rituals do not touch her
            out.append(1 + t)
        return out
    return [10 + c[0] for c in g.comm if c[3] >= 0 and c[3] != s]


def _free_route_hex(g, s):
    return g.vamp[s] == V.BARONESS and g.sucked == g.pos[s] and g.sucked not in g.routes \
        and len(g.routes) < g.route_total()


def legal(g, s):
    p = g.pending
    if p is not None:
        return [act(INTERCEPT), act(LET)] if p[0] == "intercept" and s == p[4] else []
    if s != g.active:
        return []
    out = [act(END)]
    here = g.pos[s]
    feathered = g.vamp[s] == V.FEATHERED
    for h in moves(g, s):
        out.append(act(MOVE, 0, 0, h))
    if g.ap >= 1:
        reach = g.reach(s)  # once: with Mass Expansion it is seven hexes worked out
        for c in g.comm:
            if c[2] >= 1 and not feathered and c[0] in reach:
                out.append(act(SUCK, 0, 0, c[0]))
        colony = g.is_(s, V.TYRANT, 1)  # Colony: from afar too; else only what it reaches
        for c in g.comm:
            if c[3] != s and (colony or c[0] in reach):
                cost = overtake_cost(g, s, c, reach)
                if cost is not None and g.bodies[s] >= cost:
                    out.append(act(OVERTAKE, 0, 0, c[0]))
        for k in sorted(set(g.hands[s])):
            cost = ritual_cost(g, s, k)
            frees = [0]
            if feathered and not g.free and cost > 0:
                frees.append(1)
            for free in frees:
                if free or g.bodies[s] >= cost:
                    for t in targets(g, s, k):
                        out.append(act(RITUAL, k, t, free))
        c = g.community(here)
        if c is not None and here in g.routes:
            out.append(act(UNROUTE, 0, 0, here))
            # B3, L4: any vampire travels by a route, the Beast too, at any soul
            pays = [0] if g.vamp[s] == V.BARONESS else [1 + k for k in sorted(set(g.hands[s]))]
            for h in g.routes:
                if h != here:
                    for pay in pays:
                        out.append(act(TRAVEL, pay, 0, h))
        if g.is_(s, V.TYRANT, 2):
            for t in range(g.n):
                if t != s and g.soul[t] < g.soul[s] and g.hands[t]:
                    out.append(act(MANIPULATE, t))
        if g.is_(s, V.FEATHERED, 1) and g.discard and _empty(g, s, here):
            out.append(act(RUMMAGE))
    if _free_route_hex(g, s):
        out.append(act(ROUTE, 0, 0, here))
    if feathered:
        for k in sorted(set(g.hands[s])):
            out.append(act(DISCARD, k))
    out.sort()
    return out


def _empty(g, s, h):
    """F2: an empty hex holds no community, no other vampire, no present, and is not the Vatican."""
    if h == g.vatican or g.community(h) is not None or h in g.presents:
        return False
    for t in range(g.n):
        if t != s and g.pos[t] == h:
            return False
    return True


def _land(g, s, h):
    """What arriving on a hex does: a present (F3), the Vatican (M7)."""
    events = []
    if h in g.presents and g.vamp[s] != V.FEATHERED:
        g.presents.remove(h)
        f = g.vamp.index(V.FEATHERED)
        took = g.take_random(s, f)
        events.append({"ev": "present", "seat": s, "hex": h, "took": 1 if took else 0})
    if h == g.vatican and g.soul[s] >= 10:
        events.extend(g.win(s))
    return events


def _free_actions_left(g, s):
    return _free_route_hex(g, s) or (g.vamp[s] == V.FEATHERED and g.hands[s])


def apply(g, s, kind, x, y, z):
    events = _apply(g, s, kind, x, y, z)
    if g.phase == "night" and g.pending is None and kind != END and g.ap == 0 \
            and not _free_actions_left(g, g.active):
        events.append({"ev": "end", "seat": g.active, "auto": 1})
        events.extend(g.end_night_turn())
    return events


def _apply(g, s, kind, x, y, z):
    if kind == END:
        return [{"ev": "end", "seat": s}] + g.end_night_turn()
    if kind == INTERCEPT or kind == LET:
        return _answer(g, s, kind)
    if kind in (DISCARD, ROUTE):
        if kind == DISCARD:
            g.hands[s].remove(x)
            g.discard.append(x)
            g.bodies[s] += R.cost(x)
            return [{"ev": "discard", "seat": s, "kind": x, "bodies": R.cost(x)}]
        g.routes.append(z)
        g.routes.sort()
        return [{"ev": "route", "seat": s, "hex": z}]
    g.ap -= 1
    if kind == MOVE:
        d = B.distance(g.pos[s], z)
        g.pos[s] = z
        g.moved += d
        g.moves += 1
        events = [{"ev": "move", "seat": s, "hex": z}]
        if g.vamp[s] == V.BEAST:
            g.bodies[s] += 1  # Absorb
            if g.soul[s] >= V.LEVELS[1]:
                events.extend(_trample_slow(g, s))
        return events + _land(g, s, z)
    if kind == SUCK:
        c = g.community(z)
        c[2] -= 1
        g.bodies[s] += 1
        g.sucked = g.pos[s] if z == g.pos[s] else -1
        return [{"ev": "suck", "seat": s, "hex": z}]
    if kind == OVERTAKE:
        c = g.community(z)
        g.bodies[s] -= overtake_cost(g, s, c)
        events = [{"ev": "overtake", "seat": s, "hex": z, "from": c[3]}]
        c[3] = s
        if not c[4] & (1 << s):
            c[4] |= 1 << s
            g.gain_soul(s, c[1] + 1)
            events[0]["soul"] = c[1] + 1
        return events
    if kind == RITUAL:
        g.bodies[s] -= 0 if z else ritual_cost(g, s, x)
        if z:
            g.free = 1
        g.hands[s].remove(x)
        events = [{"ev": "ritual", "seat": s, "kind": x, "target": y}]
        f = _interceptor(g, s)
        if f >= 0:
            g.pending = ["intercept", s, x, y, f]
            return events
        g.discard.append(x)
        return events + resolve(g, s, x, y)
    if kind == UNROUTE:
        g.routes.remove(z)
        return [{"ev": "unroute", "seat": s, "hex": z}]
    if kind == TRAVEL:
        b = g.baroness()
        if x:
            g.hands[s].remove(x - 1)
            g.hands[b].append(x - 1)
            g.hands[b].sort()
        if b >= 0 and g.is_(b, V.BARONESS, 2):
            g.bodies[b] += 1  # Under the Table Dealings
        g.pos[s] = z
        return [{"ev": "travel", "seat": s, "hex": z, "paid": 1 if x else 0}] + _land(g, s, z)
    if kind == MANIPULATE:
        g.take_random(x, s)
        return [{"ev": "manipulate", "seat": s, "from": x}]
    if kind == RUMMAGE:
        k = g.discard.pop(g.prng.below(len(g.discard)))
        g.hands[s].append(k)
        g.hands[s].sort()
        events = [{"ev": "rummage", "seat": s, "kind": k}]
        if g.soul[s] >= V.LEVELS[2] and len(g.presents) < V.PRESENTS:
            g.presents.append(g.pos[s])
            g.presents.sort()
            events.append({"ev": "gift", "seat": s, "hex": g.pos[s]})
        return events
    raise ValueError("unhandled action kind %d" % kind)


def _interceptor(g, s):
    for f in range(g.n):
        if f != s and g.is_(f, V.FEATHERED, 3) and g.bodies[f] >= V.INTERCEPT_COST:
            return f
    return -1


def _answer(g, f, kind):
    _, s, k, y, _ = g.pending
    g.pending = None
    if kind == INTERCEPT:
        g.bodies[f] -= V.INTERCEPT_COST
        g.hands[f].append(k)
        g.hands[f].sort()
        return [{"ev": "intercept", "seat": f, "kind": k, "from": s}]
    g.discard.append(k)
    return [{"ev": "let", "seat": f}] + resolve(g, s, k, y)


def _trample_slow(g, s):
    """L2: Unstoppable Force: every other vampire where the Beast lands (with Mass Expansion, next to
    her too) moves one hex in all on its next Night, but not two of her turns running (L5)."""
    events = []
    near = g.reach(s)
    for t in range(g.n):
        if t != s and g.pos[t] in near and (g.fx["slowed"][t] == 0 or g.fx["slowed"][t] < g.turn - 1):
            g.fx["chains_next"][t] = 1
            g.fx["slowed"][t] = g.turn
            events.append({"ev": "slowed", "seat": t, "by": s})
    return events
