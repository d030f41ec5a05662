"""VampEmpire: the points where the rule book is silent, each as the referee's notes decide it (M5, M6, F2,
F3, F4, L2, T7), tested directly: what a present does and when, what Rummage needs, and what "occupied" means
for Mass Expansion."""

import pytest

from empire_helpers import BAR, BEA, FEA, KIND, TYR, empty_hex, game, hand, night, place
from nightboard.games.errors import GameError
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire.actions import act, END, MOVE, OVERTAKE, RUMMAGE, SUCK


def _line(g, length):
    """Hexes h0, h1, ... each next to the one before and two steps from the one two before, all empty."""
    free = set(empty_hex(g))
    for h0 in sorted(free):
        path = [h0]
        while len(path) < length:
            nxt = [h for h in B.neighbours(path[-1]) if h in free and h not in path
                   and (len(path) < 2 or B.distance(path[-2], h) == 2)]
            if not nxt:
                break
            path.append(nxt[0])
        if len(path) == length:
            return path
    raise AssertionError("no straight line of %d empty hexes" % length)


def _feathered_present(g, h):
    """The Feathered One (seat 0, 5 soul) rummages on h: a present is left there."""
    g.soul[0] = 5
    g.discard = [KIND["thralls"]] + g.discard
    g.pos[0] = h
    g.apply(0, act(RUMMAGE))
    assert h in g.presents


def test_f3_m5_a_present_triggers_where_a_move_ends_not_where_it_passes():
    g = night(game((FEA, BAR)), 0)
    a, b, c = _line(g, 3)
    _feathered_present(g, b)
    g.apply(0, act(END))
    g.start_night(1)  # the Baroness: with fewer than 2 routes in play each move reaches 2 hexes (B5)
    g.pos[1] = a
    g.discard += g.hands[1]
    g.hands[1] = []
    hand(g, 1, "tithe")
    before = list(g.hands[0])
    g.apply(1, act(MOVE, 0, 0, c))  # over the present, to the hex beyond
    assert g.presents == [b] and g.hands[0] == before and g.hands[1] == [KIND["tithe"]]
    g.apply(1, act(MOVE, 0, 0, b))  # ends on it
    assert g.presents == [] and KIND["tithe"] in g.hands[0] and g.hands[1] == []


def test_f3_a_present_on_a_vampire_with_no_ritual_is_used_up_for_nothing():
    g = night(game((FEA, TYR)), 0)
    a, b = _line(g, 2)
    _feathered_present(g, b)
    g.apply(0, act(END))
    g.start_night(1)
    g.hands[1] = []
    g.pos[1] = a
    mine = list(g.hands[0])
    g.apply(1, act(MOVE, 0, 0, b))
    assert g.presents == [] and g.hands[0] == mine


def test_f4_her_own_present_never_triggers_on_her():
    g = night(game((FEA, TYR)), 0)
    a, b = _line(g, 2)
    _feathered_present(g, a)
    g.pos[0] = b
    g.apply(0, act(MOVE, 0, 0, a))
    assert g.presents == [a]


def test_f3_at_most_three_presents_on_the_map():
    g = night(game((FEA, TYR)), 0)
    g.ap = 9
    spots = empty_hex(g)[:4]
    for h in spots:
        g.discard = [KIND["thralls"]] + g.discard
        g.soul[0] = 5
        g.pos[0] = h
        g.apply(0, act(RUMMAGE))
    assert sorted(g.presents) == sorted(spots[:3])  # the fourth Rummage took a ritual, left no present


def test_f2_rummage_needs_an_empty_hex_and_a_discard():
    g = night(game((FEA, TYR)), 0)
    g.soul[0] = 2
    g.discard = [KIND["thralls"]]
    free = empty_hex(g)
    g.pos[0] = free[0]
    assert act(RUMMAGE) in g.legal(0)
    g.discard = []
    assert act(RUMMAGE) not in g.legal(0)  # nothing to take
    g.discard = [KIND["thralls"]]
    g.pos[1] = free[0]
    assert act(RUMMAGE) not in g.legal(0)  # another vampire on the hex
    g.pos[1] = free[1]
    place(g, free[0], 0)
    assert act(RUMMAGE) not in g.legal(0)  # a community
    g.soul[0] = 1
    g.pos[0] = free[2]
    assert act(RUMMAGE) not in g.legal(0)  # not before 2 soul
    with pytest.raises(GameError):
        g.apply(0, act(RUMMAGE))


def test_m6_mass_expansion_sucks_and_overtakes_next_to_her_only():
    g = night(game((BEA, TYR)), 0)
    g.soul[0] = 8
    g.bodies[0] = 20
    me = g.pos[0]
    near = B.neighbours(me)[0]
    far = [h for h in range(64) if B.distance(me, h) == 2 and h != g.vatican][0]
    place(g, near, 1)
    place(g, far, 1)
    legal = g.legal(0)
    assert act(SUCK, 0, 0, near) in legal and act(OVERTAKE, 0, 0, near) in legal
    assert act(SUCK, 0, 0, far) not in legal and act(OVERTAKE, 0, 0, far) not in legal
    g.soul[0] = 7  # not before 8 soul
    assert act(SUCK, 0, 0, near) not in g.legal(0)


def test_m6_l2_mass_expansion_slows_vampires_next_to_where_she_lands_and_they_still_pass():
    g = night(game((BEA, TYR, BAR), beast="move"), 0)  # two moves in a Night: the "move" reading (L1)
    a, b, c, d = _line(g, 4)
    g.soul[0] = 8
    g.pos = [a, d, 60 if 60 not in (a, b, c, d) else 61]
    far = g.pos[2]
    assert B.distance(far, b) > 1
    g.apply(0, act(MOVE, 0, 0, b))
    assert g.fx["chains_next"][1] == 0  # d is two hexes from b: not caught
    g.apply(0, act(MOVE, 0, 0, c))
    assert g.fx["chains_next"][1] == 1 and g.fx["chains_next"][2] == 0  # d is next to c: caught; far is not
    g.apply(0, act(END)) if g.to_move() == [0] else None
    g.start_night(1)
    assert act(MOVE, 0, 0, c) in g.legal(1)  # the hexes she fills are no wall: he may move through or onto them
