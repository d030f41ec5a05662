"""Vampire, the card game: every rule and every decision of docs/vampire_cards-rules-notes.md (C1..C14),
each on a position written by hand."""

import pytest

from nightboard.games.errors import GameError
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import from_json, new_game
from nightboard.games.vampire_cards import moves as M
from vampire_cards_helpers import act, cid, hand, mask, pos_of, position


# --- C1 the deck, C4 the deal -------------------------------------------------------------------

def test_c1_default_deck_is_55_cards_five_suits_1_to_10_and_5_fates():
    deck = D.default_deck()
    assert len(deck) == 55
    for s in (D.BONE, D.LEAF, D.TRACK, D.WAVE, D.FEATHER):
        assert sorted(v for su, v in deck if su == s) == list(range(1, 11))
    assert [c for c in deck if c[0] == D.FATE] == [[D.FATE, 0]] * 5


def test_c1_the_deck_is_data_and_can_be_changed():
    deck = [[s, v] for s in range(5) for v in range(1, 6)] + [[D.FATE, 0]] * 3  # 28 cards
    g = new_game(3, 3, 15, deck=deck)
    assert g.cards == deck and sum(len(h) for h in g.hands) + len(g.pile) == 28
    assert from_json(g.to_json()).to_json() == g.to_json()
    with pytest.raises(GameError, match="cards must be a list"):
        new_game(3, 3, 15, deck=deck[:10])  # too few to deal 6 each
    with pytest.raises(GameError, match="suit"):
        new_game(3, 3, 15, deck=[[9, 1]] * 30)


@pytest.mark.parametrize("players", [2, 7, True, "3"])
def test_c1_three_to_six_players(players):
    with pytest.raises(GameError, match="players"):
        new_game(1, players)


def test_c4_deal_six_each_seat_0_first():
    for n in (3, 4, 5, 6):
        g = new_game(11, n)
        assert [len(h) for h in g.hands] == [6] * n
        assert len(g.pile) == 55 - 6 * n
        assert g.to_move() == [0] and g.phase == "play"


def test_c3_same_seed_same_deal_other_seed_other_deal():
    assert new_game(5, 4).to_json() == new_game(5, 4).to_json()
    assert new_game(5, 4).hands != new_game(6, 4).hands


# --- C4 the ordinary turn -------------------------------------------------------------------------

def test_c4_discard_up_to_three_then_draw_back_to_six_and_pass_on():
    g = position(hands=["L1 L2 T3 W4 F5 B6", "L5", "L6"])
    ev = g.apply(0, act(M.DISCARD, 0, mask(g, 0, "L1 L2 T3")))
    assert [e["e"] for e in ev] == ["discard", "draw", "turn"]
    assert sorted(ev[0]["cards"]) == [cid("L1"), cid("L2"), cid("T3")]
    assert len(g.hands[0]) == 6 and "W4" in hand(g, 0) and g.seat == 1
    assert g.discard == [cid("L1"), cid("L2"), cid("T3")]


def test_c4_four_cards_cannot_be_discarded_and_none_is_allowed():
    g = position(hands=["L1 L2 T3 W4 F5 B6", "L5", "L6"])
    assert act(M.DISCARD, 0, mask(g, 0, "L1 L2 T3 W4")) not in g.legal(0)
    before = g.to_json()
    with pytest.raises(GameError, match="discard"):
        g.apply(0, act(M.DISCARD, 0, mask(g, 0, "L1 L2 T3 W4")))
    assert g.to_json() == before
    g.apply(0, act(M.DISCARD, 0, 0))
    assert hand(g, 0) == "B6 F5 L1 L2 T3 W4" and g.seat == 1


def test_c4_declare_with_three_bones_lays_every_bone_and_bites_at_once():
    g = position(hands=["B2 B5 B9 B1 L3 T4", "L5 L6", "W7 W8"])
    assert act(M.DECLARE) in g.legal(0)
    ev = g.apply(0, act(M.DECLARE))
    assert ev == [{"e": "declare", "seat": 0, "bones": [cid("B1"), cid("B2"), cid("B5"), cid("B9")]}]
    assert g.vampire == 0 and g.phase == "bite" and hand(g, 0) == "L3 T4"  # C4: no reset on this turn
    assert act(M.BITE, 1, 3) in g.legal(0)  # bite with Bone 9 at once


def test_c4_two_bones_cannot_declare_nor_when_a_vampire_exists():
    g = position(hands=["B2 B5 L1", "L5", "L6"])
    assert act(M.DECLARE) not in g.legal(0)
    g = position(hands=["L1", "B2 B5 B6 L9", "L6"], vampire=0, bones="B1 B3", seat=1, queue=[2])
    assert act(M.DECLARE) not in g.legal(1)


# --- C5 bites, the Vampire's turn, the order ------------------------------------------------------

def vamp(**kw):
    base = dict(hands=["L1", "L5 L6 T2 W3", "W7 W8 W9 F1"], vampire=0, bones="B3 B7 B9", seat=0, phase="bite")
    base.update(kw)
    return position(**base)


def test_c5_the_vampire_keeps_one_bone_face_up():
    g = vamp(bones="B3")
    assert g.legal(0) == [M.END]
    g = vamp(bones="B3 B7")
    assert sorted(a for a in g.legal(0) if a) == [act(M.BITE, t, i) for t in (1, 2) for i in (0, 1)]


def test_c5_a_bite_waits_for_the_bitten_players_choice_and_shows_the_bone():
    g = vamp()
    ev = g.apply(0, act(M.BITE, 1, 2))
    assert ev == [{"e": "bite", "seat": 0, "on": 1, "bone": cid("B9")}]
    assert g.to_move() == [1] and g.phase == "defend" and g.bones == [cid("B3"), cid("B7")]
    assert g.legal(0) == [] and g.view(None)["pending"] == [1, cid("B9")]


def test_c2_c6_defend_with_one_running_suit_above_the_bone():
    g = vamp()
    g.apply(0, act(M.BITE, 2, 1))  # Bone 7 on blue... on yellow: W7 W8 W9 F1
    legal = g.legal(2)
    assert act(M.DEFEND, 0, mask(g, 2, "W8")) in legal  # 8 > 7
    assert act(M.DEFEND, 0, mask(g, 2, "W7")) not in legal  # 7 is not higher (C2)
    ev = g.apply(2, act(M.DEFEND, 0, mask(g, 2, "W8")))
    assert {"e": "defended", "seat": 2, "bone": cid("B7")} in ev
    assert g.bones == [cid("B3"), cid("B7"), cid("B9")] and g.tired == [cid("B7")]
    assert cid("W8") in g.discard and g.phase == "bite" and g.to_move() == [0]
    assert act(M.BITE, 1, 1) not in g.legal(0)  # C6: Bone 7 bites no more this turn
    assert act(M.BITE, 2, 2) in g.legal(0)  # but yellow may be bitten again by another bone


def test_c2_c6_several_cards_of_one_suit_add_up_but_suits_do_not_mix():
    g = vamp()
    g.apply(0, act(M.BITE, 1, 2))  # Bone 9 on blue: L5 L6 T2 W3
    legal = g.legal(1)
    assert act(M.DEFEND, 0, mask(g, 1, "L5 L6")) in legal  # 11 > 9
    assert act(M.DEFEND, 0, mask(g, 1, "L6 T2 W3")) not in legal  # 11 but three suits
    assert act(M.DEFEND, 0, mask(g, 1, "L5")) not in legal


def test_c6_feathers_and_bones_are_no_defence():
    g = vamp(hands=["L1", "F9 F8 B1", "W7"])
    g.apply(0, act(M.BITE, 1, 0))  # Bone 3
    assert g.legal(1) == [M.END]  # C14: still asked, and only "take it" is possible


def test_c6_fate_defends_and_wards_the_player_for_the_turn():
    g = vamp(hands=["L1", "X L2", "W7"])
    g.apply(0, act(M.BITE, 1, 2))
    ev = g.apply(1, act(M.WARD, 0, pos_of(g, 1, "X")))
    assert ev[0]["e"] == "ward" and g.warded == [1] and g.tired == [cid("B9")]
    assert [a for a in g.legal(0) if M.split(a)[0] == M.BITE and M.split(a)[1] == 1] == []


def test_c7_an_undefended_bite_stays_and_the_player_discards_down_to_three():
    g = vamp(hands=["L1", "L5 B6 T2 W3 B8", "W7"])
    g.apply(0, act(M.BITE, 1, 0))  # Bone 3: L5 would do, blue takes it anyway
    ev = g.apply(1, M.END)
    assert ev == [{"e": "bitten", "seat": 1, "bone": cid("B3")}]
    assert g.bites[1] == cid("B3") and g.phase == "shed" and g.to_move() == [1]
    shed = [a for a in g.legal(1)]
    assert len(shed) == 10 and all(M._bits(M.split(a)[2]) == 2 for a in shed)  # 5 cards, keep 3: C(5,2)
    ev = g.apply(1, act(M.DISCARD, 0, mask(g, 1, "B6 L5")))
    # C7: the bone a bitten player discards goes face up to the Vampire, the rest to the discards
    assert cid("B6") in g.bones and cid("B6") not in g.discard and cid("L5") in g.discard
    assert {"e": "bones", "seat": 1, "cards": [cid("B6")]} in ev
    assert hand(g, 1) == "B8 T2 W3" and g.phase == "bite" and g.to_move() == [0]
    assert act(M.BITE, 2, g.bones.index(cid("B6"))) in g.legal(0)  # C7: it may bite this turn


def test_c7_three_cards_or_fewer_keep_them_all():
    g = vamp(hands=["L1", "L5 T2", "W7"])
    g.apply(0, act(M.BITE, 1, 0))
    g.apply(1, M.END)
    assert g.phase == "bite" and hand(g, 1) == "L5 T2"


def test_c5_a_bitten_player_is_not_bitten_twice():
    g = vamp(bites={1: "B1"})
    assert all(M.split(a)[1] != 1 for a in g.legal(0) if a)


def test_c5_order_unbitten_first_then_bitten_clockwise_from_the_vampire():
    g = position(players=5, hands=["L1", "L2", "L3", "L4", "L5"], vampire=2, bones="B3 B7",
                 bites={3: "B1", 0: "B2"}, seat=2, phase="bite")
    g.apply(2, M.END)
    assert g.seat == 4 and g.queue == [1, 3, 0]  # free: 4, 1; bitten: 3, 0
    order = [g.seat]
    while g.seat != 2:
        g.apply(g.seat, act(M.DISCARD, 0, 0) if g.phase == "play" else M.END)
        order.append(g.seat)
    assert order == [4, 1, 3, 0, 2]


def test_c5_vampire_reset_discards_reshuffles_draws_six_and_lays_drawn_bones():
    g = position(hands=["L1 L2", "L5", "W6 W7"], vampire=0, bones="B3 B7", discard="T1 T2 B5",
                 seat=2, queue=[], warded=[1], tired="B7")
    ev = g.apply(2, act(M.DISCARD, 0, 0))
    assert g.seat == 0 and g.phase == "bite" and g.warded == [] and g.tired == []
    kinds = [e["e"] for e in ev]
    assert kinds[:3] == ["draw", "turn", "discard"] and "reshuffle" in kinds
    assert g.discard == []  # every discard went back into the pile
    drawn_bones = [c for c in g.bones if c not in (cid("B3"), cid("B7"))]
    assert len(g.hands[0]) + len(drawn_bones) == 6
    assert all(D.suit(g.cards, c) != D.BONE for c in g.hands[0])
    assert g.vturns == 1


def test_c5_the_vampire_plays_no_cards_on_its_turn():
    g = vamp(hands=["F9 X", "L5", "W7"], bites={1: "B1"})
    kinds = {M.split(a)[0] for a in g.legal(0)}
    assert kinds <= {M.END, M.BITE}


# --- C8 bitten players and healing -----------------------------------------------------------------

def bitten_turn(**kw):
    base = dict(hands=["L1", "F2 F3", "W7", ""][:3], vampire=2, bones="B3 B9", bites={1: "B6"}, seat=0,
                queue=[1])
    base.update(kw)
    return position(**base)


def test_c8_a_bitten_player_draws_three_then_heals_or_discards_its_hand():
    g = bitten_turn(hands=["L1", "F2 F3", "W7"])
    ev = g.apply(0, act(M.DISCARD, 0, 0))
    assert g.seat == 1 and g.phase == "bitten" and len(g.hands[1]) == 5
    assert {"e": "draw", "seat": 1, "n": 3} in ev
    legal = g.legal(1)
    assert M.END in legal and act(M.FEATHER, 1, pos_of(g, 1, "F3")) in legal
    assert all(M.split(a)[0] in (M.END, M.FEATHER, M.HEAL) for a in legal)
    g.apply(1, act(M.FEATHER, 1, pos_of(g, 1, "F3")))
    assert g.feathers[1] == [cid("F3")] and g.bites[1] == cid("B6")  # 3 is not above 6: it stays
    bones_before = len(g.bones)
    held_bones = [c for c in g.hands[1] if c < 10]
    g.apply(1, M.END)
    assert g.hands[1] == [] and len(g.bones) == bones_before + len(held_bones)  # C7: its bones to the Vampire
    assert g.feathers[1] == [cid("F3")]  # C8: the stack stays on the bite


def test_c8_feathers_above_the_bone_heal_and_the_turn_goes_on_as_usual():
    g = bitten_turn(feathers={1: "F4"}, hands=["L1", "F3", "W7"])
    g.apply(0, act(M.DISCARD, 0, 0))
    ev = g.apply(1, act(M.FEATHER, 1, pos_of(g, 1, "F3")))  # 4 + 3 = 7 > 6
    assert ev[-1]["e"] == "healed" and g.bites[1] == -1 and g.feathers[1] == []
    assert sorted(ev[-1]["cards"]) == sorted([cid("B6"), cid("F4"), cid("F3")])
    assert all(c in g.discard for c in ev[-1]["cards"])
    assert g.phase == "play" and any(M.split(a)[0] == M.DISCARD for a in g.legal(1))


def test_c8_fate_heals_and_takes_the_stacked_feathers_with_it():
    g = bitten_turn(feathers={1: "F1"}, hands=["X L1", "F3", "W7"])
    ev = g.apply(0, act(M.HEAL, 1, pos_of(g, 0, "X")))
    assert g.bites[1] == -1 and g.feathers[1] == [] and ev[0]["e"] == "healed"
    assert cid("B6") in g.discard and cid("F1") in g.discard


def test_c8_an_unbitten_player_stacks_feathers_on_another_bite():
    g = bitten_turn(hands=["F2 F5 L1", "L3", "W7"])
    g.apply(0, act(M.FEATHER, 1, pos_of(g, 0, "F2")))
    assert g.feathers[1] == [cid("F2")] and g.bites[1] >= 0 and g.phase == "play"
    g.apply(0, act(M.FEATHER, 1, pos_of(g, 0, "F5")))  # 2 + 5 = 7 > 6
    assert g.bites[1] == -1


def test_c8_feathers_equal_to_the_bone_do_not_heal():
    g = bitten_turn(hands=["F6", "L3", "W7"])
    g.apply(0, act(M.FEATHER, 1, 0))
    assert g.bites[1] == cid("B6") and g.feathers[1] == [cid("F6")]


def test_c8_a_healed_player_plays_its_turn_where_the_order_put_it():
    g = bitten_turn(hands=["X", "L3", "W7"])
    g.apply(0, act(M.HEAL, 1, 0))
    g.apply(0, act(M.DISCARD, 0, 0))
    assert g.seat == 1 and g.phase == "play"  # no draw of three: it is no longer bitten


# --- C9 Fate against the Vampire -------------------------------------------------------------------

def fate(vhand, bones="B3 B7"):
    return position(hands=[vhand, "X L1", "W7"], vampire=0, bones=bones, seat=1, queue=[2])


def test_c2_c9_fate_waits_for_the_vampire_who_defends_with_ten_or_more():
    g = fate("T4 T6 L9")
    g.apply(1, act(M.FATE, 0, pos_of(g, 1, "X")))
    assert g.to_move() == [0] and g.phase == "ward"
    legal = g.legal(0)
    assert act(M.DEFEND, 0, mask(g, 0, "T4 T6")) in legal  # exactly 10 is enough (C2)
    assert act(M.DEFEND, 0, mask(g, 0, "L9")) not in legal
    g.apply(0, act(M.DEFEND, 0, mask(g, 0, "T4 T6")))
    assert g.bones == [cid("B3"), cid("B7")] and g.phase == "play" and g.to_move() == [1]
    assert cid("X") in g.discard or any(c >= 50 for c in g.discard)


def test_c9_an_undefended_fate_takes_the_lowest_bone():
    g = fate("L9")
    g.apply(1, act(M.FATE, 0, pos_of(g, 1, "X")))
    assert g.legal(0) == [M.END]  # C14: asked all the same
    ev = g.apply(0, M.END)
    assert ev == [{"e": "lost", "seat": 0, "bone": cid("B3")}] and g.bones == [cid("B7")]
    assert g.phase == "play" and g.to_move() == [1]


def test_c11_a_vampire_without_a_face_up_bone_is_slain_and_every_other_player_wins():
    g = position(hands=["L9", "X L1", "W7"], vampire=0, bones="B7", bites={2: "B2"}, seat=1, queue=[2])
    g.apply(1, act(M.FATE, 0, 1 if g.hands[1][0] < 50 else 0))
    ev = g.apply(0, M.END)
    assert g.over and g.end == "slain" and ev[-1] == {"e": "over", "why": "slain", "winners": [1, 2]}
    assert g.result() == {"winners": [1, 2], "scores": [0, 1, 1]} and g.to_move() == []


def test_c9_a_bitten_player_heals_before_it_may_aim_fate_at_the_vampire():
    g = position(hands=["L9", "X X L1", "W7"], vampire=0, bones="B7 B8", bites={1: "B2"}, seat=1,
                 phase="bitten", queue=[2])
    assert all(M.split(a)[0] != M.FATE for a in g.legal(1))
    g.apply(1, act(M.HEAL, 1, pos_of(g, 1, "X")))
    assert g.phase == "play" and act(M.FATE, 0, pos_of(g, 1, "X")) in g.legal(1)


# --- C10 escape -------------------------------------------------------------------------------------

def test_c10_five_of_a_running_suit_escape():
    g = position(hands=["L1", "T1 T2 T3 T4 T9 F2", "W7"], vampire=0, bones="B7 B8", seat=1, queue=[2])
    ev = g.apply(1, act(M.ESCAPE, 0, D.TRACK))
    assert ev[0] == {"e": "escape", "seat": 1, "cards": ids5("T1 T2 T3 T4 T9")}
    assert g.escaped[1] and g.hands[1] == [] and cid("F2") in g.discard and g.seat == 2
    g.apply(2, act(M.DISCARD, 0, 0))  # Vampire's turn: blue is no target
    assert all(M.split(a)[1] != 1 for a in g.legal(0) if a)


def ids5(words):
    return sorted(cid(w) for w in words.split())


def test_c10_no_escape_before_a_vampire_nor_with_feathers_or_bones():
    g = position(hands=["T1 T2 T3 T4 T9", "L1", "W7"])
    assert all(M.split(a)[0] != M.ESCAPE for a in g.legal(0))
    g = position(hands=["L1", "F1 F2 F3 F4 F9", "W7"], vampire=0, bones="B7 B8", seat=1, queue=[2])
    assert all(M.split(a)[0] != M.ESCAPE for a in g.legal(1))


def test_c10_no_escape_while_bitten():
    g = position(hands=["L1", "T1 T2 T3 T4 T9", "W7"], vampire=0, bones="B7 B8", bites={1: "B1"},
                 seat=1, phase="bitten", queue=[2])
    assert all(M.split(a)[0] != M.ESCAPE for a in g.legal(1))


# --- C11 the count ---------------------------------------------------------------------------------

def count_position(bitten, escaped, players=4):
    hands = ["L1"] + ["" for _ in range(players - 1)]
    bites = {s: "B%d" % (s + 1) for s in bitten}
    esc = {}
    words = ["T1 T2 T3 T4 T5", "W1 W2 W3 W4 W5", "L6 L7 L8 L9 L10"]
    for i, s in enumerate(escaped):
        esc[s] = words[i]
    last = [s for s in range(1, players) if s not in escaped][-1]
    return position(players=players, hands=hands, vampire=0, bones="B8 B9", bites=bites, escaped=esc,
                    seat=last, phase="bitten" if last in bitten else "play", queue=[])


def _end_turn(g):
    g.apply(g.seat, M.END if g.phase == "bitten" else act(M.DISCARD, 0, 0))


def test_c11_more_bitten_than_escaped_the_vampire_wins():
    g = count_position([2, 3], [1])
    _end_turn(g)
    assert g.over and g.end == "count" and g.winners == [0]


def test_c11_a_tie_goes_to_the_escaped():
    g = count_position([2], [1], players=3)
    _end_turn(g)
    assert g.over and g.winners == [1]


def test_c11_more_escaped_the_escaped_win_and_the_bitten_lose():
    g = count_position([3], [1, 2])
    _end_turn(g)
    assert g.over and g.winners == [1, 2]


def test_c11_one_free_player_and_the_night_goes_on():
    g = count_position([3], [])
    _end_turn(g)
    assert not g.over


# --- C12 dawn, C13 the empty pile ---------------------------------------------------------------

def test_c12_dawn_without_a_vampire_nobody_wins():
    g = position(hands=["L1", "L2", "L3"], seat=2, night=15)
    ev = g.apply(2, act(M.DISCARD, 0, 0))
    assert g.over and g.end == "dawn" and g.winners == [] and ev[-1]["e"] == "over"


def test_c12_dawn_breaks_as_the_vampires_last_turn_ends():
    """C12 (issue 42): the night is counted as the Vampire ends its 15th turn after the one it declared in,
    with its last bites standing; the turn before, the night goes on."""
    g = position(hands=["L1", "L2", "L3"], vampire=0, bones="B8 B9", bites={1: "B1"}, phase="bite", vturns=15)
    ev = g.apply(0, M.END)
    assert g.over and g.end == "dawn" and g.winners == [0] and ev[-1]["e"] == "over"  # 1 bitten > 0 escaped
    g = position(hands=["L1", "L2", "L3"], vampire=0, bones="B8 B9", phase="bite", vturns=15)
    g.apply(0, M.END)
    assert g.over and g.end == "dawn" and g.winners == [1, 2]
    g = position(hands=["L1", "L2", "L3"], vampire=0, bones="B8 B9", bites={1: "B1"}, phase="bite", vturns=14)
    g.apply(0, M.END)
    assert not g.over and g.to_move() == [2]  # the free player first, then the bitten (C5)


def test_c12_the_board_bites_with_every_bone_but_one_on_its_last_turn():
    """No Fate can come after the last turn, so the board keeps no spare bone against one (mind.py)."""
    from nightboard.games.vampire_cards import mind

    for vturns, want in ((15, M.act(M.BITE, 1, 1)), (14, M.END)):
        g = position(hands=["L1", "L2", "L3"], vampire=0, bones="B8 B9", phase="bite", vturns=vturns)
        assert mind.choose(g.view(0), 2) == want


def test_c12_dawn_zero_is_no_limit():
    g = position(hands=["L1", "L2", "L3"], seat=2, night=40, dawn=0)
    g.apply(2, act(M.DISCARD, 0, 0))
    assert not g.over


def test_c13_an_empty_pile_before_any_vampire_takes_the_discards_and_the_night_goes_on():
    """C13: no Vampire yet, and the pile runs out in the middle of a draw: the discards become the pile and
    the draw goes on (the game used to end there with no winner)."""
    g = position(hands=["L1 L2 L3", "L4", "L5"])
    d = g.to_json()
    d["discard"] = sorted(d["pile"])[2:]
    d["pile"] = sorted(d["pile"])[:2]
    g = from_json(d)
    ev = g.apply(0, act(M.DISCARD, 0, 0))
    assert not g.over and g.end is None and len(g.hands[0]) == 6  # 2 from the pile, 1 from the discards
    assert any(e["e"] == "reshuffle" for e in ev) and {"e": "draw", "seat": 0, "n": 3} in ev
    assert g.to_move() == [1]


def test_c13_with_a_vampire_the_discards_become_the_pile():
    g = position(hands=["L1", "L4", "L5 L6"], vampire=0, bones="B8 B9", seat=2, queue=[])
    d = g.to_json()
    d["discard"] = d["pile"][1:]
    d["pile"] = d["pile"][:1]
    d["seat"], d["queue"] = 1, [2]
    g = from_json(d)
    ev = g.apply(1, act(M.DISCARD, 0, 0))
    assert len(g.hands[1]) == 6 and any(e["e"] == "reshuffle" for e in ev) and not g.over


def test_the_board_option_names_the_last_seats_the_board_plays():
    g = new_game(1, 4, 15, 2)
    assert [g.board_plays(s) for s in range(4)] == [False, False, True, True]
    assert g.view(None)["board"] == 2 and from_json(g.to_json()).board == 2
    assert not any(new_game(1, 4).board_plays(s) for s in range(4))
    assert new_game(1, 4, 15, 6).board == 4  # more than the players: every seat (the start menu offers 0..6)
    for bad in (-1, 7, True, "2"):
        with pytest.raises(GameError, match="board"):
            new_game(1, 4, 15, bad)
