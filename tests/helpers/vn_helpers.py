"""Helpers for the Vampire Nights tests: build an exploration position by hand, play a seat's choice by its buttons."""

from nightboard.games import vampire_nights as VN
from nightboard.games.vampire_nights import components as C
from nightboard.games.vampire_nights import mansion as M
from nightboard.games.vampire_nights.actions import act

E = M.EMPTY


def cell(c, r):
    return M.cell(c, r)


def blank(players=2, seed=1, first=0):
    """Explore phase, every room empty and face up, guards on Entrance 0 (player p's guards on column p),
    empty hands; player `first` to move."""
    g = VN.new_game(seed, players)
    for i in range(players * 8):
        g.tiles[i] = E
        g.up[i] = 1
    for k in range(2 * players):
        g.gcell[k] = cell(k >> 1, 0)
    g.hands = [[] for _ in range(players)]
    g.phase = "explore"
    g.first = first
    g.active = first
    g.moved = -1
    return g


def put(g, c, r, kind, up=True):
    g.tiles[cell(c, r)] = kind
    g.up[cell(c, r)] = 1 if up else 0


def at(g, k, c, r, space=0):
    g.gcell[k] = cell(c, r)
    g.gspace[k] = space
    g.visited[k] |= 1 << (c * 7 + r)


def kinds(actions):
    return sorted(set(a >> 10 for a in actions))


__all__ = ["VN", "C", "M", "E", "act", "blank", "put", "at", "cell", "kinds"]


SINGLE = (1, 6, 8, 9, 10, 11, 12)  # PASS, CLOAK, GARLIC, CROSS, STAKE, BAG, WATER: the argument is the guard


def guard_of(a):
    return (a & 1023) if (a >> 10) in SINGLE else (a & 1023) >> 6


def play_a_step(d, seat, look=False):
    """The seat's current choice played by its buttons: a secret choice (none shown to all) needs look held,
    and mode picks the first one; any other is played with ok (or, with `look`, under look too)."""
    if look or d.table.play.chosen() is None:
        d.hold(seat, "look")
        d.tap(seat, "mode")
        d.tap(seat, "ok")
        d.let_go(seat, "look")
    else:
        d.tap(seat, "ok")
