"""Helpers for the VampEmpire tests: the four vampires, rituals by effect, and positions put together by hand."""

from nightboard.games import vampempire as M
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire.actions import GIVE, OFFER, WANT, act

BAR, TYR, FEA, BEA = "baroness", "tyrant", "feathered", "beast"
KIND = dict((R.KINDS[k][4], k) for k in range(len(R.KINDS)))


def game(vampires=(BAR, TYR, FEA, BEA), seed=1, **kw):
    return M.new_game(seed, len(vampires), vampires=list(vampires), **kw)


def night(g, seat=0, clear=True):
    """The Night of `seat`, on an empty map (communities kept, nobody controls any) if clear."""
    if clear:
        for c in g.comm:
            c[3], c[4] = -1, 0
    g.pending = None
    g.start_night(seat)
    return g


def place(g, h, t, die=None):
    """Put a community of type t on hex h (replacing whatever community stood there)."""
    g.comm = [c for c in g.comm if c[0] != h]
    g.comm.append([h, t, t + 1 if die is None else die, -1, 0])
    g.comm.sort()
    return g.community(h)


def hand(g, s, *effects):
    """Give seat s these rituals (taken from the deck or the other hands, so the 40 stay 40)."""
    for e in effects:
        k = KIND[e]
        for pile in [g.deck, g.discard] + g.hands:
            if k in pile and pile is not g.hands[s]:
                pile.remove(k)
                break
        g.hands[s].append(k)
        g.hands[s].sort()


def offer(g, s, t, give, want):
    """An Afternoon offer, put together in its three actions."""
    g.apply(s, act(OFFER, t))
    g.apply(s, act(GIVE, give))
    return g.apply(s, act(WANT, want))


def empty_hex(g, avoid=()):
    used = [c[0] for c in g.comm] + list(g.pos) + [g.vatican] + list(avoid)
    return [h for h in range(64) if h not in used]
