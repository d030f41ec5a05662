"""VampEmpire's rules, one by one (ids as in docs/vampempire-rules-notes.md; E1, E2 are the rulings)."""

import copy

import pytest

from empire_helpers import BAR, BEA, FEA, KIND, TYR, empty_hex, game, hand, night, offer, place
from nightboard.games import vampempire as M
from nightboard.games.errors import GameError
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire.actions import (act, CHOOSE, PASS, OFFER, GIVE, WANT, ACCEPT, REFUSE, END, MOVE, SUCK,
                                                 OVERTAKE, RITUAL, DISCARD, ROUTE, UNROUTE, TRAVEL,
                                                 MANIPULATE, RUMMAGE, INTERCEPT, LET)


# --- setup --------------------------------------------------------------------------------------

def test_m2_starts_on_different_corners():
    assert game().pos == [0, 56, 63, 7]
    assert game((BAR, TYR)).pos == [0, 63]
    assert game((BAR, TYR, BEA)).pos == [0, 56, 63]


def test_m3_vatican_is_the_middle_hex_nearest_the_last_seat():
    assert B.vatican(4) == 28 and B.distance(28, 7) == min(B.distance(h, 7) for h in B.MIDDLE)
    assert B.vatican(2) == 36 and B.vatican(3) == 36  # last seat on 63: 28 and 36 tie; 36 is nearer in rows
    for n in (2, 3, 4):
        assert B.vatican(n) in B.MIDDLE


@pytest.mark.parametrize("seed", range(60))
def test_m4_communities_one_of_each_per_player_never_on_starts_the_vatican_or_each_other(seed):
    n = 2 + seed % 3
    g = M.new_game(seed, n)
    hexes = [c[0] for c in g.comm]
    assert len(hexes) == len(set(hexes)) == 4 * n
    assert not set(hexes) & set(g.pos + [g.vatican])
    assert sorted(c[1] for c in g.comm) == sorted([0, 1, 2, 3] * n)
    assert [c[2] for c in g.comm] == [c[1] + 1 for c in g.comm]  # every die at its maximum
    assert all(c[3] == -1 and c[4] == 0 for c in g.comm)


def test_seed_decides_the_map():
    assert M.new_game(5, 4).comm == M.new_game(5, 4).comm
    assert M.new_game(5, 4).comm != M.new_game(6, 4).comm


def test_choosing_vampires_in_seat_order_and_iron_fist():
    g = M.new_game(3, 3)
    assert g.phase == "choose" and g.to_move() == [0]
    assert g.legal(0) == [act(CHOOSE, v) for v in range(4)]
    g.apply(0, act(CHOOSE, V.TYRANT))
    assert g.to_move() == [1] and act(CHOOSE, V.TYRANT) not in g.legal(1)
    with pytest.raises(GameError):
        g.apply(1, act(CHOOSE, V.TYRANT))
    g.apply(1, act(CHOOSE, V.BEAST))
    g.apply(2, act(CHOOSE, V.BARONESS))
    assert g.bodies == [6, 3, 3]  # 3 each, the Tyrant's Iron Fist 3 more
    assert g.soul == [0, 0, 0] and g.phase == "afternoon"


def test_setup_refusals():
    for args, kw in (((1, 5), {}), ((1, 1), {}), ((-1, 2), {}), ((1, 2), {"beast": "fast"}),
                     ((1, 2), {"rounds": 7}), ((1, 2), {"vampires": ["tyrant", "tyrant"]}),
                     ((1, 2), {"vampires": ["count"]}), (("1", 2), {}), ((1, 2), {"size": 9})):
        with pytest.raises(GameError):
            M.new_game(*args, **kw)


# --- a round -------------------------------------------------------------------------------------

def test_round_order_morning_afternoon_night_in_seat_order():
    g = game()
    assert g.phase == "afternoon" and g.turn == 1
    assert [len(h) for h in g.hands] == [1, 1, 1, 1]  # a new ritual each
    for s in range(4):
        assert g.to_move() == [s]
        g.apply(s, act(PASS))
    assert g.phase == "night" and g.to_move() == [0] and g.ap == 3  # E2
    for s in range(4):
        assert g.to_move() == [s]
        g.apply(s, act(END))
    assert g.turn == 2 and g.phase == "afternoon" and [len(h) for h in g.hands] == [2, 2, 2, 2]


def test_t4_t5_an_empty_deck_is_the_shuffled_discard_pile_and_hands_have_no_limit():
    g = game((TYR, BAR))
    g.hands = [[KIND["thralls"]] * 9, []]  # nine rituals: no limit to discard down to
    five = sorted(KIND[x] for x in ("bat", "flies", "potency", "sunrise", "bat"))
    g.deck, g.discard = [], five[:]
    while g.turn == 1:
        g.apply(g.to_move()[0], act(PASS if g.phase == "afternoon" else END))
    # the second Afternoon drew one each from the discard pile, shuffled into a new deck
    assert g.phase == "afternoon" and g.discard == [] and len(g.deck) == 3
    assert len(g.hands[0]) == 10 and len(g.hands[1]) == 1
    drawn = [k for k in g.hands[0] if k != KIND["thralls"]] + g.hands[1]
    assert sorted(g.deck + drawn) == five


def test_morning_collects_each_controlled_maximum_and_resets_the_dice():
    g = game()
    a, b = g.comm[0], g.comm[1]
    a[3], b[3] = 1, 1
    a[2], b[2] = 0, 0
    before = g.bodies[1]
    g.end_night_turn() if False else None
    g.active = 3
    g.phase = "night"
    g.end_night_turn()
    assert g.bodies[1] == before + a[1] + 1 + b[1] + 1
    assert all(c[2] == c[1] + 1 for c in g.comm)


def test_example_round_baroness_three_villages_two_towns():
    """The text's example round: 3 Villages and 2 Towns give 7 bodies; she trades Blood Potency for
    Bloodflies; at Night she sucks, places a route and plays Bloodflies; next Morning her communities give
    12 (B1: and her trade route in play one more, as a Village)."""
    g = game((BAR, TYR))
    g.comm = []
    for h, t in ((10, 0), (11, 0), (12, 0), (13, 1), (14, 1)):
        place(g, h, t)[3] = 0
    g.pos[0] = 10
    b0 = g.bodies[0]
    g.phase, g.active = "night", 1
    g.end_night_turn()  # round 2: Morning, then the Afternoon's draws
    assert g.bodies[0] - b0 == 7 and g.phase == "afternoon"
    g.hands = [[], []]
    g.deck, g.discard = R.deck(), []
    hand(g, 0, "potency")
    hand(g, 1, "flies")
    offer(g, 0, 1, KIND["potency"], KIND["flies"])
    g.apply(1, act(ACCEPT))
    assert g.hands == [[KIND["flies"]], [KIND["potency"]]]
    g.apply(1, act(PASS))
    assert g.phase == "night" and g.to_move() == [0] and g.ap == 3
    b = g.bodies[0]
    g.apply(0, act(SUCK, 0, 0, 10))
    g.apply(0, act(ROUTE, 0, 0, 10))
    assert g.routes == [10] and g.ap == 2  # B2: the route costs no point
    g.apply(0, act(RITUAL, KIND["flies"], 0, 0))
    assert g.bodies[0] == b + 1 - 2
    g.apply(0, act(END))
    b1 = g.bodies[0]
    g.apply(1, act(END))
    assert g.bodies[0] - b1 == 12 + 1


def test_tyrannical_rule_four_points_with_five_communities_at_eight_soul():
    g = game((TYR, BAR))
    g.soul[0] = 8
    for c in g.comm[:5]:
        c[3] = 0
    g.phase, g.active = "night", 1
    g.end_night_turn()
    for s in range(2):
        g.apply(s, act(PASS))
    assert g.ap == 4
    g.comm[0][3] = 1
    g.apply(0, act(END))
    g.apply(1, act(END))
    for s in range(2):
        g.apply(s, act(PASS))
    assert g.ap == 3  # four communities at Morning: three points


# --- the Night -----------------------------------------------------------------------------------

def test_move_one_hex_for_one_point_and_the_vatican_barrier():
    g = night(game((TYR, BAR)), 0)
    g.pos[0] = 19
    moves = [x % 100 for x in g.legal(0) if x // 1000000 == MOVE]
    assert moves == [h for h in B.neighbours(19)]
    assert 28 not in moves or g.vatican != 28
    g.pos[0] = 37 if g.vatican == 36 else 29
    assert act(MOVE, 0, 0, g.vatican) not in g.legal(0)  # M7: below 10 soul the barrier holds
    g.soul[0] = 10
    ev = g.apply(0, act(MOVE, 0, 0, g.vatican))
    assert g.over and g.result() == {"winners": [0], "scores": [10, 0]}
    assert ev[-1]["why"] == "vatican"


def test_three_points_then_the_turn_ends():
    g = night(game((TYR, BAR)), 0)
    for h in (1, 2, 3):
        g.apply(0, act(MOVE, 0, 0, h))
    assert g.to_move() == [1] and g.pos[0] == 3


def test_suck_takes_one_body_from_the_die():
    g = night(game((TYR, BAR)), 0)
    c = place(g, 1, 2)
    g.pos[0] = 1
    b = g.bodies[0]
    for i in range(3):
        if i < 3:
            g.apply(0, act(SUCK, 0, 0, 1)) if g.to_move() == [0] else None
    assert c[2] == 0 and g.bodies[0] == b + 3
    g.start_night(0)
    assert act(SUCK, 0, 0, 1) not in g.legal(0)  # an empty die


def test_overtake_cost_soul_once_and_influence_stays():
    g = night(game((TYR, BAR)), 0)
    c = place(g, 1, 1)  # a town: 5 bodies, 2 soul
    g.pos[0] = g.pos[1] = 1
    g.bodies = [5, 20]
    g.apply(0, act(OVERTAKE, 0, 0, 1))
    assert c[3] == 0 and c[4] == 1 and g.soul[0] == 2 and g.bodies[0] == 0
    g.apply(0, act(END))
    g.apply(1, act(OVERTAKE, 0, 0, 1))
    assert c[3] == 1 and c[4] == 3 and g.soul[1] == 2 and g.bodies[1] == 15
    g.start_night(0)
    g.bodies[0] = 5
    g.apply(0, act(OVERTAKE, 0, 0, 1))
    assert c[3] == 0 and g.soul[0] == 2  # a community controlled before gives no soul again


def test_overtake_needs_the_bodies_and_not_ones_own():
    g = night(game((TYR, BAR)), 0)
    place(g, 1, 3)
    g.pos[0] = 1
    g.bodies[0] = 8
    assert act(OVERTAKE, 0, 0, 1) not in g.legal(0)
    g.bodies[0] = 9
    g.apply(0, act(OVERTAKE, 0, 0, 1))
    assert act(OVERTAKE, 0, 0, 1) not in g.legal(0)


def test_illegal_actions_change_nothing():
    g = night(game(), 0)
    before = g.to_json()
    for a in (None, True, 1.5, "move", [], -5, 0, act(MOVE, 0, 0, 63), act(SUCK, 0, 0, 0), act(99), 10 ** 12):
        with pytest.raises(GameError):
            g.apply(0, a)
        assert g.to_json() == before
    for seat in (1, -1, 4, "red", None):
        with pytest.raises(GameError):
            g.apply(seat, act(END))
        assert g.to_json() == before


# --- the Baroness -------------------------------------------------------------------------------

def test_b_baroness_moves_two_hexes_with_fewer_than_two_routes():
    g = night(game((BAR, TYR)), 0)
    g.pos[0] = 19
    assert sorted(x % 100 for x in g.legal(0) if x // 1000000 == MOVE) == [h for h in B.within(19, 2) if h != g.vatican]
    place(g, 1, 0)
    place(g, 2, 0)
    g.routes = [1, 2]
    assert sorted(x % 100 for x in g.legal(0) if x // 1000000 == MOVE) == B.within(19, 1)


def test_b_route_after_a_suck_for_no_point_and_travel_pays_a_ritual():
    g = night(game((BAR, TYR)), 0)
    place(g, 1, 1)
    place(g, 20, 2)
    g.pos[0] = 1
    assert act(ROUTE, 0, 0, 1) not in g.legal(0)  # only after sucking here
    g.apply(0, act(SUCK, 0, 0, 1))
    ap = g.ap
    g.apply(0, act(ROUTE, 0, 0, 1))
    assert g.ap == ap and g.routes == [1]
    assert act(ROUTE, 0, 0, 1) not in g.legal(0)  # one route a community
    g.routes.append(20)
    g.apply(0, act(END))
    g.pos[1] = 20
    g.hands[1] = []
    hand(g, 1, "bat")
    assert act(TRAVEL, 1 + KIND["bat"], 0, 1) in g.legal(1)
    g.apply(1, act(TRAVEL, 1 + KIND["bat"], 0, 1))
    assert g.pos[1] == 1 and KIND["bat"] in g.hands[0] and g.hands[1] == []
    assert not [a for a in g.legal(1) if a // 1000000 == TRAVEL]  # nothing left to pay with (B3)


def test_b_anyone_on_a_route_may_remove_it_and_under_the_table():
    g = night(game((BAR, TYR)), 1)
    place(g, 1, 1)
    place(g, 2, 1)
    g.routes = [1, 2]
    g.pos[1] = 1
    g.soul[0] = 5
    hand(g, 1, "bat")
    b = g.bodies[0]
    g.apply(1, act(TRAVEL, 1 + KIND["bat"], 0, 2))
    assert g.bodies[0] == b + 1  # Under the Table Dealings
    g.apply(1, act(UNROUTE, 0, 0, 2))
    assert g.routes == [1]


def test_b_fifth_soul_gives_a_third_route_not_backwards():
    g = night(game((BAR, TYR)), 0)
    assert g.route_total() == 2
    g.soul[0] = 3
    c = place(g, g.pos[0], 1)
    g.bodies[0] = 5
    g.apply(0, act(OVERTAKE, 0, 0, c[0]))
    assert g.soul[0] == 5 and g.route_total() == 3


def test_b_trade_secrets_ritual_cost_less_the_routes_in_play():
    g = night(game((BAR, TYR)), 0)
    g.soul[0] = 8
    place(g, 1, 0)
    place(g, 2, 0)
    g.routes = [1, 2]
    g.bodies[0] = 1
    hand(g, 0, "bat")  # cost 3 - 2 routes = 1
    g.apply(0, act(RITUAL, KIND["bat"], 0, 0))
    assert g.bodies[0] == 0


def test_b_priority_trading_once_an_afternoon():
    g = game((BAR, TYR, FEA))
    g.soul[0] = 2
    g.hands = [[], [], []]
    g.deck = R.deck()
    g.discard = []
    hand(g, 0, "bat")
    hand(g, 1, "tithe")
    offer(g, 0, 1, KIND["bat"], KIND["tithe"])
    assert g.to_move() == [1]
    g.apply(1, act(ACCEPT))
    assert len(g.hands[0]) == 2 and len(g.hands[1]) == 2  # the swap, and one more each
    assert KIND["tithe"] in g.hands[0] and KIND["bat"] in g.hands[1]
    g.apply(1, act(PASS))
    g.bodies[2] = 3
    offer(g, 2, 0, 10 + 2, g.hands[0][0])
    g.apply(0, act(ACCEPT))
    assert len(g.hands[0]) == 1 and g.bodies[0] == 5  # the second trade: no extra draw


# --- trades --------------------------------------------------------------------------------------

def test_t2_offer_refuse_and_accept_only_with_the_goods():
    g = game((TYR, BAR))
    g.hands = [[], []]
    g.deck = R.deck()
    hand(g, 0, "sunrise")
    g.apply(0, act(OFFER, 1))
    assert g.to_move() == [0] and g.legal(0) == [act(PASS), act(GIVE, KIND["sunrise"])] + [
        act(GIVE, 10 + n) for n in (1, 2, 3)]  # a Tyrant's 6 bodies
    g.apply(0, act(GIVE, KIND["sunrise"]))
    assert act(WANT, KIND["sunrise"]) not in g.legal(0)  # never a kind for the same kind
    ev = g.apply(0, act(WANT, 10 + 3))
    assert ev == [{"ev": "offer", "seat": 0, "to": 1, "give": KIND["sunrise"], "want": 13}]  # T3: public
    g.bodies[1] = 2
    assert g.to_move() == [1] and g.legal(1) == [act(REFUSE)]
    g.apply(1, act(REFUSE))
    assert g.hands[0] == [KIND["sunrise"]] and g.to_move() == [1]
    g.apply(1, act(OFFER, 0))
    g.apply(1, act(GIVE, 10 + 1))
    assert not [a for a in g.legal(1) if a // 1000000 == WANT and a // 10000 % 100 > 10]  # no bodies for bodies
    g.apply(1, act(PASS))  # a pass while putting an offer together: no trade, the turn ends
    assert g.pending is None and g.phase == "night"


# --- the Tyrant ----------------------------------------------------------------------------------

def test_y_colony_from_a_distance_one_body_a_hex():
    g = night(game((TYR, BAR)), 0)
    c = place(g, 3, 0)
    g.pos[0] = 0
    g.bodies[0] = 10
    assert act(OVERTAKE, 0, 0, 3) not in g.legal(0)  # below 2 soul
    g.soul[0] = 2
    g.apply(0, act(OVERTAKE, 0, 0, 3))
    assert g.bodies[0] == 10 - 3 - 3 and c[3] == 0


def test_y_manipulate_takes_from_a_player_with_less_soul():
    g = night(game((TYR, BAR)), 0)
    g.soul = [5, 5]
    g.hands = [[], []]
    g.deck = R.deck()
    hand(g, 1, "bat")
    assert not [a for a in g.legal(0) if a // 1000000 == MANIPULATE]
    g.soul[1] = 4
    g.apply(0, act(MANIPULATE, 1))
    assert g.hands == [[KIND["bat"]], []]


# --- the Feathered One ---------------------------------------------------------------------------

def test_f_cannot_suck_plays_one_free_ritual_and_discards_for_bodies():
    g = night(game((FEA, TYR)), 0)
    place(g, g.pos[0], 3)
    assert not [a for a in g.legal(0) if a // 1000000 == SUCK]
    g.hands[0] = []
    hand(g, 0, "sunrise", "sunrise", "potency")
    g.bodies[0] = 0
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 1))
    assert g.free == 1 and g.bodies[0] == 0 and g.fx["sunrise"][1] == 1
    assert act(RITUAL, KIND["sunrise"], 2, 1) not in g.legal(0)
    g.apply(0, act(DISCARD, KIND["sunrise"]))
    assert g.bodies[0] == 3 and g.ap == 2  # a discard costs no point
    assert g.discard[-2:] == [KIND["sunrise"], KIND["sunrise"]]


def test_f_rummage_on_an_empty_hex_and_the_present():
    g = night(game((FEA, TYR)), 0)
    g.soul[0] = 5
    g.hands = [[], []]
    g.deck = R.deck()
    g.deck.remove(KIND["bat"])
    g.discard = [KIND["bat"]]
    free = empty_hex(g)
    g.pos[0] = free[0]
    g.apply(0, act(RUMMAGE))
    assert g.hands[0] == [KIND["bat"]] and g.presents == [free[0]]
    # her own present does nothing to her (F4)
    g.pos[0] = free[1]
    g.apply(0, act(MOVE, 0, 0, free[0])) if B.distance(free[1], free[0]) == 1 else None
    assert g.presents == [free[0]]
    g.apply(0, act(END)) if g.to_move() == [0] else None
    g.start_night(1)
    hand(g, 1, "tithe")
    nb = [h for h in B.neighbours(free[0])][0]
    g.pos[1] = nb
    g.apply(1, act(MOVE, 0, 0, free[0]))
    assert g.presents == [] and KIND["tithe"] in g.hands[0] and g.hands[1] == []


def test_f_bite_and_intercept():
    g = night(game((TYR, FEA)), 0)
    g.soul[1] = 8
    g.bodies = [10, 6]
    hand(g, 0, "tithe")
    g.apply(0, act(RITUAL, KIND["tithe"], 2, 0))
    assert g.to_move() == [1] and g.legal(1) == [act(INTERCEPT), act(LET)]
    g.apply(1, act(INTERCEPT))
    assert g.bodies == [9, 1] and KIND["tithe"] in g.hands[1] and g.to_move() == [0]
    hand(g, 0, "tithe")
    g.apply(0, act(RITUAL, KIND["tithe"], 2, 0))
    assert g.to_move() == [0] and g.bodies == [9, 0]  # 1 body short of intercepting: the tithe takes her last


# --- the Lumbering Beast -------------------------------------------------------------------------

def test_l1_beast_one_hex_a_move_or_a_night_and_absorb():
    g = night(game((BEA, TYR)), 0)  # the default, "turn"
    assert g.beast_rule == "turn"
    b = g.bodies[0]
    g.apply(0, act(MOVE, 0, 0, 1))
    assert g.bodies[0] == b + 1
    assert not [a for a in g.legal(0) if a // 1000000 == MOVE]
    g2 = night(game((BEA, TYR), beast="move"), 0)  # the other reading, "move"
    assert max(B.distance(0, a % 100) for a in g2.legal(0) if a // 1000000 == MOVE) == 1
    g2.apply(0, act(MOVE, 0, 0, 1))
    g2.apply(0, act(MOVE, 0, 0, 2))
    assert g2.bodies[0] == b + 2


def test_l3_unstoppable_force_movement_rituals_miss_her():
    g = night(game((TYR, BEA)), 0)
    hand(g, 0, "chains")
    g.bodies[0] = 9
    assert act(RITUAL, KIND["chains"], 2, 0) in g.legal(0)
    g.soul[1] = 2
    assert act(RITUAL, KIND["chains"], 2, 0) not in g.legal(0)


def test_l2_l5_landing_on_a_player_slows_it_not_two_turns_running():
    g = night(game((BEA, TYR)), 0)
    g.soul[0] = 2
    g.pos = [0, 1]
    g.apply(0, act(MOVE, 0, 0, 1))
    assert g.fx["chains_next"][1] == 1
    g.apply(0, act(END))
    assert sorted(x % 100 for x in g.legal(1) if x // 1000000 == MOVE) == B.neighbours(1)
    g.apply(1, act(MOVE, 0, 0, 2))
    assert not [a for a in g.legal(1) if a // 1000000 == MOVE]  # one hex in all this Night
    g.turn += 1
    night(g, 0, clear=False)
    g.pos = [1, 2]
    g.apply(0, act(MOVE, 0, 0, 2))
    assert g.fx["chains_next"][1] == 0  # slowed last round: not again this one
    g.turn += 1
    night(g, 0, clear=False)
    g.pos = [1, 2]
    g.apply(0, act(MOVE, 0, 0, 2))
    assert g.fx["chains_next"][1] == 1


def test_l_trample_and_mass_expansion():
    g = night(game((BEA, TYR)), 0)
    g.soul[0] = 5
    c = place(g, g.pos[0], 2)
    g.bodies[0] = 6
    g.apply(0, act(OVERTAKE, 0, 0, c[0]))
    assert g.bodies[0] == 0
    g.soul[0] = 8
    n = B.neighbours(g.pos[0])[0]
    d = place(g, n, 0)
    g.bodies[0] = 2
    assert act(SUCK, 0, 0, n) in g.legal(0)  # M6: she stands on every hex next to her
    g.apply(0, act(OVERTAKE, 0, 0, n))
    assert d[3] == 0


def test_a1_an_ability_reached_works_from_then_on_and_nothing_is_refunded():
    """The Beast at 4 soul pays a city's full 7 bodies; the 3 soul it gives take her to Trample (5 soul), which
    makes her next overtake cheaper but gives nothing back for the one that reached it."""
    g = night(game((BEA, TYR)), 0)
    g.soul[0] = 4
    c = place(g, g.pos[0], 2)
    g.bodies[0] = 20
    g.apply(0, act(OVERTAKE, 0, 0, c[0]))
    assert (g.soul[0], g.bodies[0]) == (7, 13)
    n = [h for h in B.neighbours(g.pos[0]) if h in empty_hex(g)][0]
    place(g, n, 1)  # a town: 5 bodies, 4 with Trample
    g.apply(0, act(MOVE, 0, 0, n))
    assert g.bodies[0] == 14  # Absorb: her move is a body
    g.apply(0, act(OVERTAKE, 0, 0, n))
    assert (g.soul[0], g.bodies[0]) == (9, 10)


def test_l4_beast_travels_by_route_and_may_remove_one():
    g = night(game((BEA, BAR)), 0)
    place(g, g.pos[0], 0)
    place(g, 20, 0)
    g.routes = sorted([g.pos[0], 20])
    hand(g, 0, "bat")
    assert act(TRAVEL, 1 + KIND["bat"], 0, 20) in g.legal(0)  # L4: a journey, paid with a ritual
    assert act(UNROUTE, 0, 0, g.pos[0]) in g.legal(0)


# --- rituals -------------------------------------------------------------------------------------

def test_e1_the_deck_is_forty_cards_of_attack_and_buff():
    assert len(R.deck()) == 40
    assert set(k[1] for k in R.KINDS) == {R.ATTACK, R.BUFF}
    assert {"Bat Form", "Bloodflies", "Blood Potency"} <= set(k[0] for k in R.KINDS)
    assert set(k[4] for k in R.KINDS) <= set(R.EFFECTS)


def test_r_bat_form_next_night_three_hexes():
    g = night(game((TYR, BAR)), 0)
    hand(g, 0, "bat")
    g.pos[0] = 19
    g.apply(0, act(RITUAL, KIND["bat"], 0, 0))
    assert max(B.distance(19, x % 100) for x in g.legal(0) if x // 1000000 == MOVE) == 1
    g.apply(0, act(END))
    g.apply(1, act(END))
    for s in range(2):
        g.apply(s, act(PASS))
    assert max(B.distance(19, x % 100) for x in g.legal(0) if x // 1000000 == MOVE) == 3


@pytest.mark.parametrize("effect", ["potency", "haste", "thralls", "tithe", "sunrise", "uprising", "hunger"])
def test_r_each_effect(effect):
    g = night(game((TYR, BAR)), 0)
    g.bodies = [20, 5]
    g.hands = [[], []]
    g.deck = R.deck()
    hand(g, 0, effect)
    hand(g, 1, "bat")
    c = place(g, 40, 1)
    c[3] = 1
    target = {"self": 0, "seat": 2, "community": 50}[R.KINDS[KIND[effect]][5]]
    g.apply(0, act(RITUAL, KIND[effect], target, 0))
    spent = 20 - R.cost(KIND[effect])
    if effect == "potency":
        place(g, g.pos[0], 3)
        g.apply(0, act(OVERTAKE, 0, 0, g.pos[0]))
        assert g.bodies[0] == spent - 7
    elif effect == "haste":
        assert g.ap == 4
    elif effect == "thralls":
        assert g.bodies[0] == spent + 2
    elif effect == "tithe":
        assert g.bodies == [spent + 2, 3]
    elif effect == "sunrise":
        g.apply(0, act(END))
        assert g.ap == 2
    elif effect == "uprising":
        assert c[3] == -1 and c[4] == 0
    elif effect == "hunger":
        assert g.hands[1] == [] and g.discard[-1] == KIND["bat"]


def test_t6_rounds_limit_most_soul_wins():
    g = game((TYR, BAR), rounds=20)
    g.turn = 20
    g.soul = [3, 4]
    g.phase, g.active = "night", 1
    ev = g.end_night_turn()
    assert g.over and g.result() == {"winners": [1], "scores": [3, 4]} and ev[-1]["why"] == "rounds"


# --- the ids of the notes, one by one --------------------------------------------------------------

# R1's table: ritual, type, cost, copies (and the effect word pieces.py gives its row)
R1_TABLE = (
    ("Bat Form", "buff", 3, 4, "bat"),
    ("Bloodflies", "buff", 2, 5, "flies"),
    ("Blood Potency", "buff", 2, 5, "potency"),
    ("Dark Haste", "buff", 2, 4, "haste"),
    ("Thralls", "buff", 0, 6, "thralls"),
    ("Blood Tithe", "attack", 1, 5, "tithe"),
    ("Silver Chains", "attack", 2, 4, "chains"),
    ("Sunrise", "attack", 3, 3, "sunrise"),
    ("Mob Uprising", "attack", 5, 2, "uprising"),
    ("Hunger Curse", "attack", 2, 2, "hunger"),
)


def overtake_price(g, s, h):
    """The bodies s pays to overtake the community on h now (tried on a copy with bodies and a point to spare)."""
    t = copy.deepcopy(g)  # not g.copy(): a hand-built map need not hold 4 communities a player
    t.bodies[s] = 50
    t.ap = max(t.ap, 1)
    t.apply(s, act(OVERTAKE, 0, 0, h))
    return 50 - t.bodies[s]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r1_the_deck_of_a_game_is_the_notes_table(players):
    assert sum(row[3] for row in R1_TABLE) == 40
    for seed in (1, 2, 77):
        g = M.new_game(seed, players)
        assert g.phase == "choose" and g.hands == [[]] * players and g.discard == []
        cards = g.deck  # every card of the game, shuffled
        assert len(cards) == 40
        assert sorted(R.KINDS[k][0] for k in set(cards)) == sorted(row[0] for row in R1_TABLE)
        for name, kind, price, copies, effect in R1_TABLE:
            k = [i for i in range(len(R.KINDS)) if R.KINDS[i][0] == name][0]
            assert cards.count(k) == copies, name
            assert (R.KINDS[k][1], R.cost(k), R.KINDS[k][4]) == (kind, price, effect), name


def test_r1_the_deck_is_shuffled_from_the_seed():
    assert M.new_game(3, 4).deck == M.new_game(3, 4).deck
    assert M.new_game(3, 4).deck != M.new_game(4, 4).deck
    assert M.new_game(3, 4).deck != R.deck()


def test_r3_blood_potency_makes_overtaking_two_bodies_cheaper_for_the_rest_of_the_night():
    g = night(game((TYR, BAR)), 0)
    here = g.pos[0]
    city = place(g, here, 2)  # a City: 7 bodies
    village = place(g, 1, 0)  # a Village: 3 bodies
    hand(g, 0, "potency")
    g.bodies[0] = 7
    assert overtake_price(g, 0, here) == 7
    g.bodies[0] = 2 + 4
    assert act(OVERTAKE, 0, 0, here) not in g.legal(0)  # 6 bodies: short of a City
    g.apply(0, act(RITUAL, KIND["potency"], 0, 0))
    assert g.bodies[0] == 4 and overtake_price(g, 0, here) == 5
    g.bodies[0] = 5
    g.ap = 3
    g.apply(0, act(OVERTAKE, 0, 0, here))
    assert city[3] == 0 and g.bodies[0] == 0
    g.apply(0, act(MOVE, 0, 0, 1))
    assert overtake_price(g, 0, 1) == 1  # still tonight: a second overtake is cheaper too
    g.apply(0, act(END))
    g.apply(1, act(END))
    for s in range(2):
        g.apply(s, act(PASS))
    assert g.phase == "night" and g.to_move() == [0] and g.pos[0] == 1 and village[3] == -1
    assert overtake_price(g, 0, 1) == 3  # the next Night: the full cost again


def test_r3_blood_potency_is_only_its_players():
    g = night(game((TYR, BAR)), 0)
    place(g, g.pos[0], 0)
    hand(g, 0, "potency")
    g.bodies[0] = 2
    g.apply(0, act(RITUAL, KIND["potency"], 0, 0))
    assert overtake_price(g, 0, g.pos[0]) == 1
    g.apply(0, act(END))
    g.pos[1] = g.pos[0]
    assert g.to_move() == [1] and overtake_price(g, 1, g.pos[0]) == 3  # the other vampire pays in full


def test_r4_a_ritual_costs_a_point_as_well_as_its_bodies():
    g = night(game((TYR, BAR)), 0)
    g.hands = [[], []]
    g.deck = R.deck()
    hand(g, 0, "sunrise", "thralls", "bat")
    g.bodies[0] = 6
    assert g.ap == 3
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 0))
    assert (g.ap, g.bodies[0]) == (2, 3)
    g.apply(0, act(RITUAL, KIND["thralls"], 0, 0))
    assert (g.ap, g.bodies[0]) == (1, 5)  # a free card still costs its point
    g.bodies[0] = 2
    before = g.to_json()
    with pytest.raises(GameError):
        g.apply(0, act(RITUAL, KIND["bat"], 0, 0))  # Bat Form costs 3
    assert g.to_json() == before
    g.bodies[0] = 3
    g.apply(0, act(RITUAL, KIND["bat"], 0, 0))
    assert g.bodies[0] == 0 and g.to_move() == [1]  # its last point: the Night is over


def test_r4_no_ritual_without_a_point():
    g = night(game((TYR, BAR)), 0)
    hand(g, 0, "thralls")
    g.ap = 0
    before = g.to_json()
    assert act(RITUAL, KIND["thralls"], 0, 0) not in g.legal(0)
    with pytest.raises(GameError):
        g.apply(0, act(RITUAL, KIND["thralls"], 0, 0))
    assert g.to_json() == before


def test_t8_soul_the_first_time_this_vampire_controls_a_community():
    g = night(game((TYR, BAR)), 1)
    c = place(g, 1, 3)  # a Cathedral: 9 bodies, 4 soul
    g.pos = [1, 1]
    g.bodies = [30, 30]
    g.apply(1, act(OVERTAKE, 0, 0, 1))
    assert g.soul == [0, 4] and c[3] == 1 and c[4] == 2
    g.start_night(0)
    g.apply(0, act(OVERTAKE, 0, 0, 1))
    assert g.soul == [4, 4] and c[3] == 0 and c[4] == 3  # the Baroness's token does not stop it
    g.start_night(1)
    g.apply(1, act(OVERTAKE, 0, 0, 1))
    assert g.soul == [4, 4] and c[3] == 1  # retaken: no soul
    assert g.bodies == [21, 12]  # the retaking is paid in full all the same


def test_t8_a_community_lost_to_nobody_gives_no_soul_again_and_its_influence_stays():
    g = night(game((TYR, BAR)), 1)
    c = place(g, 1, 1)  # a Town: 2 soul
    g.pos = [1, 5]
    g.bodies = [30, 30]
    g.start_night(0)
    g.apply(0, act(OVERTAKE, 0, 0, 1))
    assert g.soul[0] == 2 and c[4] == 1
    g.apply(0, act(END))
    hand(g, 1, "uprising")
    g.apply(1, act(RITUAL, KIND["uprising"], 10 + 1, 0))
    assert c[3] == -1 and c[4] == 1  # controlled by nobody, the token stays
    g.apply(1, act(END))
    g.start_night(0)
    g.apply(0, act(OVERTAKE, 0, 0, 1))
    assert c[3] == 0 and g.soul[0] == 2


def test_t8_ten_tokens_are_no_limit():
    g = night(game((BAR, TYR, FEA, BEA)), 0)
    assert len(g.comm) == 16
    g.bodies[0] = 100
    taken = 0
    for c in g.comm:
        g.start_night(0)
        g.pos[0] = c[0]
        g.apply(0, act(OVERTAKE, 0, 0, c[0]))
        taken += 1
        assert c[3] == 0 and c[4] == 1
    assert taken == 16 and len(g.controlled(0)) == 16
    assert g.soul[0] == sum(c[1] + 1 for c in g.comm) == 40  # every community gave its soul


def test_y3_manipulate_takes_a_random_ritual_for_a_point():
    g = night(game((TYR, BAR, FEA)), 0)
    g.hands = [[], [], []]
    g.deck = R.deck()
    g.soul = [5, 4, 9]
    hand(g, 1, "bat", "sunrise", "tithe")
    hand(g, 2, "haste")
    theirs = sorted(g.hands[1])
    assert [a for a in g.legal(0) if a // 1000000 == MANIPULATE] == [act(MANIPULATE, 1)]  # seat 2 has more soul
    g.apply(0, act(MANIPULATE, 1))
    assert g.ap == 2 and len(g.hands[0]) == 1 and len(g.hands[1]) == 2
    assert sorted(g.hands[0] + g.hands[1]) == theirs and g.hands[2] == [KIND["haste"]]
    taken = set()
    for seed in range(40):
        t = night(game((TYR, BAR, FEA), seed=seed), 0)
        t.hands = [[], [KIND["bat"], KIND["sunrise"], KIND["tithe"]], []]
        t.soul = [5, 0, 0]
        t.apply(0, act(MANIPULATE, 1))
        taken.add(t.hands[0][0])
    assert taken == set(theirs)  # at random: any of the three


def test_y3_manipulate_refused_below_five_soul_or_from_a_player_not_poorer_or_empty_handed():
    for soul, hands in (([4, 0], [[], [KIND["bat"]]]),  # the Tyrant below 5 soul
                        ([5, 5], [[], [KIND["bat"]]]),  # as much soul as hers
                        ([5, 6], [[], [KIND["bat"]]]),  # more soul
                        ([5, 0], [[], []])):  # no ritual to take
        g = night(game((TYR, BAR)), 0)
        g.soul, g.hands = soul, hands
        before = g.to_json()
        assert act(MANIPULATE, 1) not in g.legal(0)
        with pytest.raises(GameError):
            g.apply(0, act(MANIPULATE, 1))
        assert g.to_json() == before
    g = night(game((BAR, TYR)), 0)  # Manipulate is the Tyrant's
    g.soul, g.hands = [8, 0], [[], [KIND["bat"]]]
    with pytest.raises(GameError):
        g.apply(0, act(MANIPULATE, 1))


def y4_round(g, tyrant):
    """End the round and play the Afternoon; returns the Tyrant's points at the start of her next Night."""
    g.phase, g.active, g.pending = "night", g.n - 1, None
    g.end_night_turn()
    for s in range(g.n):
        g.apply(s, act(PASS))
    while g.active != tyrant:
        g.apply(g.active, act(END))
    return g.ap


@pytest.mark.parametrize("soul, owned, points", [(8, 5, 4), (8, 6, 4), (8, 4, 3), (7, 5, 3), (12, 5, 4)])
def test_y4_tyrannical_rule_counts_communities_as_the_morning_starts(soul, owned, points):
    g = game((BAR, TYR))
    g.soul[1] = soul
    for c in g.comm:
        c[3] = -1
    for c in g.comm[:owned]:
        c[3] = 1
    assert y4_round(g, 1) == points


def test_y4_communities_lost_after_the_morning_do_not_take_the_fourth_point():
    g = game((BAR, TYR))
    g.soul[1] = 8
    for c in g.comm:
        c[3] = -1
    for c in g.comm[:5]:
        c[3], c[4] = 1, 2
    g.phase, g.active = "night", 1
    g.end_night_turn()
    for s in range(2):
        g.apply(s, act(PASS))
    assert g.to_move() == [0]
    g.hands[0] = []
    hand(g, 0, "uprising")
    g.bodies[0] = 5
    g.apply(0, act(RITUAL, KIND["uprising"], 10 + g.comm[0][0], 0))
    assert len(g.controlled(1)) == 4
    g.apply(0, act(END))
    assert g.to_move() == [1] and g.ap == 4  # five as the Morning started: four points that Night
    assert y4_round(g, 1) == 3  # four at the next Morning: three
