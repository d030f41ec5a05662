"""VampEmpire: the notes' ids an earlier audit found checked only in passing (B4, B6, B7, F1, F5, F6, L6, L7,
R2, T1, T6, T9, Y1, Y2, M1), each tested here on its own, with what would show it broken."""

import pytest

from empire_helpers import BAR, BEA, FEA, KIND, TYR, game, hand, night, offer, place
from nightboard.games import vampempire as M
from nightboard.games.errors import GameError
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire.actions import (act, ACCEPT, DISCARD, END, INTERCEPT, LET, MOVE, OVERTAKE, PASS,
                                                 REFUSE, RITUAL, ROUTE, SUCK, TRAVEL, UNROUTE)


def kinds_of(legal, kind):
    return [a for a in legal if a // 1000000 == kind]


def refused(g, seat, action):
    before = g.to_json()
    with pytest.raises(GameError):
        g.apply(seat, action)
    assert g.to_json() == before


# --- M1: the map's numbers and names --------------------------------------------------------------

def test_m1_hexes_rows_of_eight_odd_rows_shifted_and_named_by_column_and_row():
    from nightboard.games.vampempire import words as W

    assert B.HEXES == 64
    assert W.parse("move a1") == act(MOVE, 0, 0, 0) and W.parse("move h8") == act(MOVE, 0, 0, 63)
    assert B.neighbours(0) == [1, 8]  # a corner on an even row: two neighbours
    assert B.neighbours(9) == [1, 2, 8, 10, 17, 18]  # odd row: it touches columns c and c + 1 above and below
    assert B.neighbours(18) == [9, 10, 17, 19, 25, 26]  # even row: columns c - 1 and c
    assert B.distance(0, 63) == 11 and B.distance(0, 7) == 7 and B.distance(0, 56) == 7
    for h in range(64):
        assert sorted(B.within(h, 1)) == B.neighbours(h)
        assert all(B.distance(h, n) == 1 for n in B.neighbours(h))


# --- T1: order ---------------------------------------------------------------------------------------

def test_t1_choosing_morning_afternoon_and_night_all_go_in_seat_order():
    g = M.new_game(4, 3)
    for s, v in enumerate((2, 0, 3)):  # each seat chooses in turn from those still free
        assert g.to_move() == [s]
        ev = g.apply(s, act(1, v))
    assert [e["seat"] for e in ev if e["ev"] == "morning"] == [0, 1, 2]
    for s in range(3):
        assert g.phase == "afternoon" and g.to_move() == [s]
        g.apply(s, act(PASS))
    for s in range(3):
        assert g.phase == "night" and g.to_move() == [s]
        ev = g.apply(s, act(END))
    assert [e["seat"] for e in ev if e["ev"] == "morning"] == [0, 1, 2] and g.turn == 2


# --- T6: the end by the rounds limit -------------------------------------------------------------------

@pytest.mark.parametrize("soul, owned, bodies, winners", [
    ([4, 4], [1, 2], [0, 0], [1]),  # equal soul: more communities
    ([4, 4], [2, 2], [5, 3], [0]),  # then more bodies
    ([4, 4], [2, 2], [3, 3], [0, 1]),  # equal in all three: shared
    ([5, 4], [0, 3], [0, 9], [0]),  # soul first
])
def test_t6_the_rounds_limit_ties_broken_by_communities_then_bodies_then_shared(soul, owned, bodies, winners):
    g = game((TYR, BAR), rounds=20)
    for c in g.comm:
        c[3] = -1
    for s in (0, 1):
        for c in [c for c in g.comm if c[3] == -1][:owned[s]]:
            c[3] = s
    g.turn, g.soul = 20, soul
    g.phase, g.active = "night", 1
    g.bodies = list(bodies)
    ev = g.end_night_turn()
    assert g.over and g.result()["winners"] == winners and ev[-1]["why"] == "rounds"
    assert g.to_move() == [] and g.legal(0) == []


# --- T9: sucking and overtaking, whoever controls ---------------------------------------------------------

def test_t9_sucking_works_on_any_community_with_a_body_whoever_controls_it():
    g = night(game((TYR, BAR)), 0)
    theirs, mine, nobodys = place(g, 1, 2), place(g, 2, 2), place(g, 3, 2)
    theirs[3], mine[3] = 1, 0
    b = g.bodies[0]
    g.ap = 9
    for c in (theirs, mine, nobodys):
        g.pos[0] = c[0]
        g.apply(0, act(SUCK, 0, 0, c[0]))
        assert c[2] == 2
    assert g.bodies[0] == b + 3
    mine[2] = 0
    g.pos[0] = mine[0]
    assert act(SUCK, 0, 0, mine[0]) not in g.legal(0)  # an empty die, even one's own


def test_t9_overtaking_needs_the_vampire_on_the_community_and_not_its_own():
    g = night(game((BAR, TYR)), 0)  # the Baroness: no Colony
    c = place(g, 9, 0)
    g.bodies[0] = 20
    g.pos[0] = 1  # next to it
    refused(g, 0, act(OVERTAKE, 0, 0, 9))
    g.pos[0] = 9
    g.apply(0, act(OVERTAKE, 0, 0, 9))
    assert c[3] == 0
    refused(g, 0, act(OVERTAKE, 0, 0, 9))  # already hers
    c[3] = 1
    assert act(OVERTAKE, 0, 0, 9) in g.legal(0)  # a rival's: hers to take


# --- the Baroness ---------------------------------------------------------------------------------------

def test_b4_anyone_on_a_route_removes_it_for_a_point_and_it_goes_back_to_the_baroness():
    g = night(game((TYR, BAR)), 0)
    place(g, 1, 1)
    place(g, 2, 1)
    g.routes = [1, 2]
    g.pos[0] = 3  # not on a route
    assert not kinds_of(g.legal(0), UNROUTE)
    g.pos[0] = 1
    assert kinds_of(g.legal(0), UNROUTE) == [act(UNROUTE, 0, 0, 1)]  # only the one it stands on
    g.apply(0, act(UNROUTE, 0, 0, 1))
    assert g.routes == [2] and g.ap == 2  # one point
    g.apply(0, act(END))
    g.apply(1, act(END))  # the Morning: the route back in her box yields nothing
    for s in range(2):
        g.apply(s, act(PASS))
    g.start_night(1)  # the Baroness may place it again
    g.pos[1] = 1
    g.apply(1, act(SUCK, 0, 0, 1))
    g.apply(1, act(ROUTE, 0, 0, 1))
    assert g.routes == [1, 2]


def test_b6_priority_trading_when_she_answers_and_only_from_two_soul():
    g = game((TYR, BAR, FEA))
    g.hands, g.deck, g.discard = [[], [], []], R.deck(), []
    g.soul[1] = 2
    hand(g, 0, "bat")
    hand(g, 1, "tithe")
    offer(g, 0, 1, KIND["bat"], KIND["tithe"])
    g.apply(1, act(ACCEPT))
    assert len(g.hands[0]) == 2 and len(g.hands[1]) == 2 and g.prio == 1  # she answered: one more each
    g2 = game((TYR, BAR, FEA))
    g2.hands, g2.deck, g2.discard = [[], [], []], R.deck(), []
    g2.soul[1] = 1  # below 2 soul: a plain trade
    hand(g2, 0, "bat")
    hand(g2, 1, "tithe")
    offer(g2, 0, 1, KIND["bat"], KIND["tithe"])
    g2.apply(1, act(ACCEPT))
    assert g2.hands == [[KIND["tithe"]], [KIND["bat"]], []]


def test_b6_the_first_completed_trade_counts_a_refused_one_does_not_and_each_afternoon_anew():
    g = game((BAR, TYR, FEA))
    g.hands, g.deck, g.discard = [[], [], []], R.deck(), []
    g.soul[0] = 2
    hand(g, 0, "bat")
    offer(g, 0, 1, KIND["bat"], 11)
    g.apply(1, act(REFUSE))  # refused: no trade, no draw
    assert g.prio == 0 and g.hands[0] == [KIND["bat"]]
    offer(g, 1, 0, 11, KIND["bat"])
    g.apply(0, act(ACCEPT))  # the first completed trade: one more each
    assert g.prio == 1 and len(g.hands[0]) == 1 and len(g.hands[1]) == 2
    offer(g, 2, 0, 11, g.hands[0][0])
    g.apply(0, act(ACCEPT))
    assert len(g.hands[0]) == 0 and len(g.hands[2]) == 1  # the second: no draw
    for s in range(3):
        g.apply(s, act(END))
    assert g.phase == "afternoon" and g.prio == 0  # a new Afternoon: Priority Trading again
    have = len(g.hands[0]) + len(g.hands[1])
    offer(g, 0, 1, 11, g.hands[1][0])
    g.apply(1, act(ACCEPT))
    assert len(g.hands[0]) + len(g.hands[1]) == have + 2


def test_b7_trade_secrets_counts_routes_in_play_never_below_zero_and_only_from_eight_soul():
    g = night(game((BAR, TYR)), 0)
    place(g, 1, 0)
    place(g, 2, 0)
    hand(g, 0, "tithe", "bat")
    g.soul[0] = 7
    g.routes = [1, 2]
    g.bodies[0] = 2
    assert act(RITUAL, KIND["bat"], 0, 0) not in g.legal(0)  # 7 soul: full cost 3
    g.soul[0] = 8
    g.routes = []
    assert act(RITUAL, KIND["bat"], 0, 0) not in g.legal(0)  # no route in play: full cost (held ones do not count)
    g.routes = [1, 2]
    g.bodies[0] = 0
    g.apply(0, act(RITUAL, KIND["tithe"], 2, 0))  # 1 - 2 routes: free, not a gain
    assert g.bodies[0] == 2  # the tithe's 2 bodies, nothing more


# --- the Tyrant -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_y1_iron_fist_the_tyrant_starts_with_six_bodies_in_any_seat(seat):
    vs = [BAR, FEA, BEA]
    vs.insert(seat, TYR)
    g = game(tuple(vs))
    assert g.bodies == [6 if s == seat else 3 for s in range(4)]
    assert g.soul == [0, 0, 0, 0]


def test_y2_colony_from_two_soul_for_a_point_one_body_more_a_hex():
    g = night(game((TYR, BAR)), 0)
    g.pos[0] = 0
    far = place(g, 27, 1)  # a Town 5 hexes away: 5 + 5
    assert B.distance(0, 27) == 5
    g.bodies[0] = 10
    g.soul[0] = 1
    refused(g, 0, act(OVERTAKE, 0, 0, 27))
    g.soul[0] = 2
    g.bodies[0] = 9
    refused(g, 0, act(OVERTAKE, 0, 0, 27))  # a body short
    g.bodies[0] = 10
    g.apply(0, act(OVERTAKE, 0, 0, 27))
    assert far[3] == 0 and g.bodies[0] == 0 and g.ap == 2 and g.pos[0] == 0 and g.soul[0] == 4


# --- the Feathered One ----------------------------------------------------------------------------------

def test_f1_one_free_ritual_each_night_again_the_next_and_never_a_suck():
    g = night(game((FEA, TYR)), 0)
    here = place(g, g.pos[0], 3)
    assert here[2] == 4 and not kinds_of(g.legal(0), SUCK)
    refused(g, 0, act(SUCK, 0, 0, here[0]))
    g.hands[0] = []
    hand(g, 0, "sunrise", "sunrise", "sunrise", "thralls")
    g.bodies[0] = 3
    assert act(RITUAL, KIND["thralls"], 0, 1) not in g.legal(0)  # nothing to waste the free play on
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 1))
    assert g.bodies[0] == 3
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 0))  # the second is paid
    assert g.bodies[0] == 0
    g.apply(0, act(END))
    g.apply(1, act(END))
    for s in range(2):
        g.apply(s, act(PASS))
    assert g.to_move() == [0] and g.free == 0
    assert act(RITUAL, KIND["sunrise"], 2, 1) in g.legal(0)  # a new Night: free again


def test_f5_discards_cost_no_point_any_number_and_only_in_her_own_night():
    g = game((FEA, TYR))
    g.hands, g.deck, g.discard = [[], []], R.deck(), []
    hand(g, 0, "bat", "sunrise", "uprising", "thralls")
    assert g.phase == "afternoon" and not kinds_of(g.legal(0), DISCARD)  # not in the Afternoon
    refused(g, 0, act(DISCARD, KIND["bat"]))
    g.apply(0, act(PASS))
    g.apply(1, act(PASS))
    assert g.to_move() == [0]
    g.ap = 0  # no point left: discards still
    b = g.bodies[0]
    for k in ("bat", "sunrise", "uprising", "thralls"):
        g.apply(0, act(DISCARD, KIND[k]))
    assert g.bodies[0] == b + 3 + 3 + 5 + 0 and g.hands[0] == []
    assert g.discard[-4:] == [KIND[k] for k in ("bat", "sunrise", "uprising", "thralls")]
    assert g.to_move() == [1]  # nothing left to do: her Night ended by itself
    hand(g, 0, "bat")
    assert not kinds_of(g.legal(0), DISCARD)  # another vampire's Night
    refused(g, 0, act(DISCARD, KIND["bat"]))
    hand(g, 1, "thralls")
    assert not kinds_of(g.legal(1), DISCARD)  # the Tyrant: discards are the Feathered One's
    refused(g, 1, act(DISCARD, KIND["thralls"]))


def test_f5_a_discard_gives_the_printed_cost():
    g = night(game((FEA, BAR)), 0)
    g.soul[0] = 8
    g.hands[0] = []
    hand(g, 0, "uprising")
    b = g.bodies[0]
    g.apply(0, act(DISCARD, KIND["uprising"]))
    assert g.bodies[0] == b + R.cost(KIND["uprising"]) == b + 5


def test_f6_intercept_negates_the_ritual_the_player_keeps_paying_and_it_goes_to_her_hand():
    g = night(game((TYR, FEA)), 0)
    g.soul[1] = 8
    g.bodies = [10, 5]
    g.hands = [[], []]
    g.deck, g.discard = R.deck(), []
    hand(g, 0, "sunrise")
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 0))
    assert g.to_move() == [1] and g.ap == 2 and g.bodies[0] == 7  # point and bodies spent before the answer
    assert not kinds_of(g.legal(0), END)  # the player waits for her answer
    g.apply(1, act(INTERCEPT))
    assert g.bodies == [7, 0] and g.hands == [[], [KIND["sunrise"]]] and g.discard == []
    assert g.fx["sunrise"] == [0, 0] and g.ap == 2 and g.to_move() == [0]


def test_f6_let_the_ritual_act_and_never_on_her_own_or_below_eight_soul():
    g = night(game((TYR, FEA)), 0)
    g.soul[1] = 8
    g.bodies = [10, 5]
    hand(g, 0, "sunrise", "sunrise")
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 0))
    g.apply(1, act(LET))
    assert g.fx["sunrise"][1] == 1 and g.discard[-1] == KIND["sunrise"] and g.bodies == [7, 5]
    g.soul[1] = 7
    g.apply(0, act(RITUAL, KIND["sunrise"], 2, 0))  # below 8 soul: no answer asked
    assert g.fx["sunrise"][1] == 2 and g.to_move() == [0]
    h = night(game((FEA, TYR)), 0)
    h.soul[0] = 8
    h.bodies = [10, 5]
    hand(h, 0, "thralls")
    h.apply(0, act(RITUAL, KIND["thralls"], 0, 0))  # her own ritual: no intercept
    assert h.pending is None and h.bodies[0] == 12


# --- the Lumbering Beast ---------------------------------------------------------------------------------

@pytest.mark.parametrize("t, full, trample", [(0, 3, 2), (1, 5, 4), (2, 7, 6), (3, 9, 8)])
def test_l6_trample_from_five_soul_each_community_one_body_cheaper(t, full, trample):
    for soul, price in ((4, full), (5, trample), (9, trample)):
        g = night(game((BEA, TYR)), 0)
        g.soul[0] = soul
        c = place(g, g.pos[0], t)
        g.bodies[0] = price - 1
        assert act(OVERTAKE, 0, 0, c[0]) not in g.legal(0)
        g.bodies[0] = price
        g.apply(0, act(OVERTAKE, 0, 0, c[0]))
        assert g.bodies[0] == 0 and c[3] == 0


def test_l6_trample_is_the_beasts_only():
    g = night(game((TYR, BEA)), 0)
    g.soul[0] = 5
    c = place(g, g.pos[0], 0)
    g.bodies[0] = 2
    assert act(OVERTAKE, 0, 0, c[0]) not in g.legal(0)
    assert c[3] == -1


def test_l7_mass_expansion_every_hex_next_to_her_is_hers_at_eight_soul():
    g = night(game((BEA, TYR)), 0)
    g.soul[0] = 8
    g.pos[0] = 27
    assert sorted(g.reach(0)) == sorted([27] + B.neighbours(27)) and len(g.reach(0)) == 7
    g.soul[0] = 7
    assert g.reach(0) == [27]


# --- R2: "next turn" -----------------------------------------------------------------------------------

def test_r2_an_attack_on_a_vampire_still_to_play_tonight_acts_tonight_else_at_its_next_night():
    g = night(game((TYR, BAR, FEA)), 1)  # seat 1 plays; seat 0 has played tonight, seat 2 has not
    g.bodies[1] = 20
    hand(g, 1, "sunrise", "sunrise")
    g.ap = 5
    g.apply(1, act(RITUAL, KIND["sunrise"], 1, 0))  # on seat 0
    g.apply(1, act(RITUAL, KIND["sunrise"], 3, 0))  # on seat 2
    g.apply(1, act(END))
    assert g.to_move() == [2] and g.ap == 2  # seat 2: tonight
    g.apply(2, act(END))
    for s in range(3):
        g.apply(s, act(PASS))
    assert g.to_move() == [0] and g.ap == 2  # seat 0: its next Night, the next round
    g.apply(0, act(END))
    g.apply(1, act(END))
    assert g.ap == 3  # seat 2 was touched once only


def test_r2_bloodflies_acts_at_the_players_next_morning_once():
    g = night(game((TYR, BAR)), 0)
    for c in g.comm[:3]:
        c[3] = 0
    hand(g, 0, "flies")
    g.apply(0, act(RITUAL, KIND["flies"], 0, 0))
    b = g.bodies[0]
    g.apply(0, act(END))
    gain = sum(c[1] + 1 for c in g.comm[:3])
    g.apply(1, act(END))
    assert g.bodies[0] == b + gain + 3
    for s in range(2):
        g.apply(s, act(PASS))
    for s in range(2):
        g.apply(s, act(END))
    assert g.bodies[0] == b + gain + 3 + gain  # the round after: no more


def test_t9_a_vampire_may_suck_on_a_community_it_moved_onto_that_night():
    g = night(game((TYR, BAR)), 0)
    g.pos[0] = 0
    c = place(g, 1, 1)
    assert act(SUCK, 0, 0, 1) not in g.legal(0)  # not from the next hex
    g.apply(0, act(MOVE, 0, 0, 1))
    b = g.bodies[0]
    g.apply(0, act(SUCK, 0, 0, 1))  # the Night began elsewhere: it may suck all the same
    assert c[2] == 1 and g.bodies[0] == b + 1


def test_t11_the_box_is_no_bank_bodies_pass_100_and_soul_passes_40():
    g = game((TYR, BAR, FEA, BEA))
    for c in g.comm:
        c[3] = -1
    for c in g.comm[:8]:
        c[3] = 0
    for c in g.comm[8:]:
        c[3] = 1
    g.bodies = [60, 60, 0, 0]
    g.phase, g.active = "night", 3
    g.end_night_turn()  # a Morning with 120 bodies already in play
    assert g.bodies[0] == 60 + sum(c[1] + 1 for c in g.comm[:8])
    assert g.bodies[1] == 60 + sum(c[1] + 1 for c in g.comm[8:]) and sum(g.bodies) > 120
    g = night(game((TYR, BAR)), 0)
    g.soul = [20, 20]
    c = place(g, 9, 3)
    g.pos = [9, 9]
    g.bodies = [9, 9]
    g.apply(0, act(OVERTAKE, 0, 0, 9))
    g.start_night(1)
    g.apply(1, act(OVERTAKE, 0, 0, 9))
    assert g.soul == [24, 24] and sum(g.soul) == 48 and c[4] == 3  # both gained the Cathedral's 4


def test_l2_a_vampire_the_beast_slowed_still_travels_by_route():
    g = night(game((BEA, TYR, BAR)), 0)
    g.soul[0] = 2
    place(g, 1, 0)
    place(g, 30, 0)
    g.routes = [1, 30]
    g.pos = [0, 1, 40]
    g.apply(0, act(MOVE, 0, 0, 1))  # she lands on the Tyrant
    assert g.fx["chains_next"][1] == 1
    g.apply(0, act(END)) if g.to_move() == [0] else None
    assert g.to_move() == [1]
    hand(g, 1, "thralls")
    moves = [a % 100 for a in kinds_of(g.legal(1), MOVE)]
    assert moves and max(B.distance(1, h) for h in moves) == 1
    g.apply(1, act(TRAVEL, 1 + KIND["thralls"], 0, 30))  # a journey, not a move
    assert g.pos[1] == 30 and g.moved == 0
    g.apply(1, act(MOVE, 0, 0, B.neighbours(30)[0]))
    assert not kinds_of(g.legal(1), MOVE)  # one hex in all


@pytest.mark.parametrize("soul", [0, 1, 2, 5, 8])
def test_l4_the_beast_travels_by_route_like_any_vampire_and_pays_the_baroness(soul):
    """L4: routes serve every vampire, the Beast included, at any soul; her journey costs a point and a
    ritual for the Baroness, is not one of her moves (no Absorb body, her one move a Night still left) and,
    as it is not a move, slows nobody where it ends."""
    g = night(game((BEA, BAR, TYR)), 0)
    g.soul[0] = soul
    place(g, 1, 0)
    place(g, 30, 0)
    g.routes = [1, 30]
    g.pos = [1, 40, 30]
    g.discard += g.hands[0]
    g.hands[0] = []
    assert not kinds_of(g.legal(0), TRAVEL)  # nothing to pay with yet
    hand(g, 0, "thralls")
    assert kinds_of(g.legal(0), TRAVEL) == [act(TRAVEL, 1 + KIND["thralls"], 0, 30)]
    bodies, given = g.bodies[0], len(g.hands[1])
    g.apply(0, act(TRAVEL, 1 + KIND["thralls"], 0, 30))
    assert g.pos[0] == 30 and g.ap == 2 and g.bodies[0] == bodies  # a point; a journey gives no Absorb body
    assert g.hands[0] == [] and len(g.hands[1]) == given + 1 and KIND["thralls"] in g.hands[1]
    assert g.fx["chains_next"][2] == 0  # landing on the Tyrant by route slows nobody (L2 comes with moves)
    assert kinds_of(g.legal(0), MOVE)  # her one move of the Night is still to come ("turn", L1)
