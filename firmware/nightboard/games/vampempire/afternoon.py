"""VampEmpire's Afternoon trades (note T2): on its Afternoon turn each seat passes or makes one offer
to another seat, which that seat accepts or refuses with its own buttons. An offer is put together in
three actions (the seat, what is given, what is asked), so that no list of actions is ever long; a
pass at any of them ends the seat's Afternoon turn without a trade.

An offer gives one item and asks for one item; an item is a ritual kind (0..) or 10+n for n bodies
(n = 1..3); bodies are never traded for bodies and a kind never for the same kind. The offer is
public (it shows the offered ritual, T3). The asked seat may accept only if it holds what is asked.
The Baroness's Priority Trading (2 soul): once an Afternoon, a trade she completes gives her and her
partner one more ritual each.
"""

from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.actions import act, PASS, OFFER, GIVE, WANT, ACCEPT, REFUSE, BODIES, NOT_YET

MOST_BODIES = 3


def _has(g, s, item):
    if item > BODIES:
        return g.bodies[s] >= item - BODIES
    return item in g.hands[s]


def gives(g, s):
    """The items seat s could offer."""
    out = sorted(set(g.hands[s]))
    for n in range(1, MOST_BODIES + 1):
        if g.bodies[s] >= n:
            out.append(BODIES + n)
    return out


def wants():
    return list(range(len(R.KINDS))) + [BODIES + n for n in range(1, MOST_BODIES + 1)]


def legal(g, s):
    p = g.pending
    if p is not None and p[0] == "offer":
        if s != p[2]:
            return []
        out = [act(REFUSE)]
        if _has(g, s, p[4]):
            out.insert(0, act(ACCEPT))
        return out
    if s != g.active:
        return []
    out = [act(PASS)]
    if p is None:
        for t in range(g.n):
            if t != s:
                out.append(act(OFFER, t))
    elif p[3] == NOT_YET:
        for give in gives(g, s):
            out.append(act(GIVE, give))
    else:
        for want in wants():
            if want != p[3] and not (want > BODIES and p[3] > BODIES):
                out.append(act(WANT, want))
    return out


def _move(g, frm, to, item):
    if item > BODIES:
        g.bodies[frm] -= item - BODIES
        g.bodies[to] += item - BODIES
    else:
        g.hands[frm].remove(item)
        g.hands[to].append(item)
        g.hands[to].sort()


def apply(g, s, kind, x, y, z):
    if kind == PASS:
        g.pending = None
        return [{"ev": "pass", "seat": s}] + g.end_afternoon_turn()
    if kind == OFFER:
        g.pending = ["draft", s, x, NOT_YET, NOT_YET]
        return [{"ev": "offering", "seat": s, "to": x}]
    if kind == GIVE:
        g.pending[3] = x
        return [{"ev": "offering", "seat": s, "give": x}]
    if kind == WANT:
        p = g.pending
        g.pending = ["offer", s, p[2], p[3], x]
        return [{"ev": "offer", "seat": s, "to": p[2], "give": p[3], "want": x}]
    _, frm, to, give, want = g.pending
    g.pending = None
    if kind == REFUSE:
        return [{"ev": "refuse", "seat": s, "from": frm}] + g.end_afternoon_turn()
    _move(g, frm, to, give)
    _move(g, to, frm, want)
    events = [{"ev": "trade", "seat": s, "from": frm}]
    b = g.baroness()
    if b in (frm, to) and g.soul[b] >= V.LEVELS[1] and not g.prio:
        g.prio = 1
        g.draw(frm)
        g.draw(to)
        events.append({"ev": "priority", "seats": [frm, to]})
    return events + g.end_afternoon_turn()
