"""The board as a player of Vampire, the card game (mind.py): what each seat sees, that the board's
choice is always legal, and that it plays sensibly in the situations the rules notes describe."""

import pytest

from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import mind
from nightboard.games.vampire_cards import moves as M
from nightboard.games.vampire_cards import new_game
from nightboard.prng import Prng
from vampire_cards_helpers import act, cid, mask, pos_of, position


def _public_ids(v):
    ids = list(v["discard"]) + list(v["bones"]) + [b for b in v["bites"] if b >= 0]
    for f in v["feathers"] + v["escaped"]:
        ids += f
    return set(ids)


def test_c3_a_seat_sees_its_own_hand_only_and_everybody_the_public_table():
    g = new_game(9, 4)
    for s in range(4):
        v = g.view(s)
        assert v["hand"] == g.hands[s] and v["sizes"] == [6, 6, 6, 6] and v["pile"] == 55 - 24
        others = set(c for t in range(4) if t != s for c in g.hands[t])
        assert not others & _public_ids(v)
        assert "pile" in v and isinstance(v["pile"], int)  # the pile's size, never its cards
    assert g.view(None)["hand"] is None
    assert "hands" not in g.view(None) and "prng" not in g.view(None)


@pytest.mark.parametrize("level", [1, 2])
def test_the_boards_choice_is_always_legal_and_all_board_games_end(level):
    ends = set()
    for seed in range(60):
        g = new_game(seed, 3 + seed % 4)
        rng = Prng(seed)
        for _ in range(3000):
            if g.over:
                break
            s = g.to_move()[0]
            a = g.board_move(s, level) if rng.below(3) else g.legal(s)[rng.below(len(g.legal(s)))]
            assert a in g.legal(s), (g.phase, a)
            g.apply(s, a)
        assert g.over
        ends.add(g.end)
    assert len(ends) >= 3


def test_board_move_for_a_seat_not_to_move_is_none():
    g = new_game(1, 3)
    assert g.board_move(1) is None and g.board_move(0) in g.legal(0)


def test_it_declares_with_three_bones():
    g = position(hands=["B1 B2 B3 L1 L2 L3", "L5", "L6"])
    assert g.board_move(0) == act(M.DECLARE)


def test_it_escapes_when_it_can():
    g = position(hands=["L1", "T1 T2 T3 T4 T9 X", "W7"], vampire=0, bones="B7 B8", seat=1, queue=[2])
    assert g.board_move(1) == act(M.ESCAPE, 0, D.TRACK)


def test_it_defends_with_the_fewest_cards_that_suffice():
    g = position(hands=["L1", "W1 W2 W3 T9 X", "W7"], vampire=0, bones="B3 B7 B8", seat=0, phase="bite")
    g.apply(0, act(M.BITE, 1, 2))  # Bone 8
    assert g.board_move(1) == act(M.DEFEND, 0, mask(g, 1, "T9"))


def test_it_uses_fate_when_no_suit_is_enough_and_takes_the_bite_with_neither():
    g = position(hands=["L1", "W1 W2 X F9", "W7 F2"], vampire=0, bones="B3 B7 B9", seat=0, phase="bite")
    g.apply(0, act(M.BITE, 1, 2))
    assert g.board_move(1) == act(M.WARD, 0, pos_of(g, 1, "X"))
    g.apply(1, M.END)
    g.apply(1, g.board_move(1))  # down to three: it keeps the Fate and the feather
    assert cid("F9") in g.hands[1] and any(c >= 50 for c in g.hands[1])
    g.apply(0, act(M.BITE, 2, 1))
    assert g.board_move(2) == M.END


def test_the_vampire_bites_the_fewest_cards_with_its_highest_free_bone_and_keeps_a_spare():
    g = position(players=4, hands=["L1", "L2 L3 L4 L5", "W1 W2", "T1 T2 T3"], vampire=0, bones="B3 B7 B9",
                 seat=0, phase="bite")
    assert g.board_move(0, 2) == act(M.BITE, 2, 2)  # yellow holds 2 cards; Bone 9
    assert g.board_move(0, 1) == act(M.BITE, 1, 2)  # level 1: the first in seat order
    g = position(players=4, hands=["L1", "L2", "W1", "T1"], vampire=0, bones="B3 B7", seat=0, phase="bite")
    assert g.board_move(0, 2) == M.END  # two bones: it keeps a spare against Fate
    assert M.split(g.board_move(0, 1))[0] == M.BITE
    d = g.to_json()
    d["discard"] = sorted(d["pile"])[-5:]  # all five Fates are seen: no spare needed
    d["pile"] = sorted(d["pile"])[:-5]
    from nightboard.games.vampire_cards import from_json

    assert M.split(from_json(d).board_move(0, 2))[0] == M.BITE


def test_it_aims_fate_at_a_weak_vampire_and_heals_with_a_spare():
    g = position(hands=["L1", "X L2", "W7"], vampire=0, bones="B3 B7", seat=1, queue=[2])
    assert g.board_move(1) == act(M.FATE, 0, pos_of(g, 1, "X"))
    g = position(hands=["L1", "X X L2", "W7"], vampire=0, bones="B3 B7 B8 B9", bites={2: "B6"}, seat=1,
                 queue=[2])
    assert M.split(g.board_move(1))[:2] == (M.HEAL, 2)


def test_a_bitten_seat_plays_its_feathers():
    g = position(hands=["L1", "F2 L2", "W7"], vampire=0, bones="B3 B7", bites={1: "B6"}, seat=1,
                 phase="bitten", queue=[2])
    assert g.board_move(1) == act(M.FEATHER, 1, pos_of(g, 1, "F2"))


def test_the_vampire_always_answers_fate_when_it_can():
    g = position(hands=["T4 T6 L2", "X L1", "W7"], vampire=0, bones="B3 B7", seat=1, queue=[2])
    g.apply(1, act(M.FATE, 0, pos_of(g, 1, "X")))
    assert g.board_move(0) == act(M.DEFEND, 0, mask(g, 0, "T4 T6"))


def test_it_discards_what_it_values_least():
    g = position(hands=["B1 B2 L9 T1 W1 F1", "L5", "L6"])
    a = g.board_move(0)
    thrown = [g.hands[0][i] for i in range(6) if M.split(a)[2] >> i & 1]
    assert M.split(a)[0] == M.DISCARD and cid("B1") not in thrown and cid("B2") not in thrown
    assert len(thrown) == 3


def test_the_mind_reads_a_view_and_nothing_else():
    g = new_game(3, 3)
    v = g.view(0)
    assert mind.choose(v) == g.board_move(0)


@pytest.mark.parametrize("level", [1, 2])
def test_before_a_vampire_the_board_digs_for_bones(level):
    """Issue 42: before anybody declares it throws away three cards even from the suit it collects, keeping
    bones and Fates; a table that kept full hands drew nothing and ended at dawn with no Vampire."""
    g = position(hands=["B1 B2 L3 L4 L5 F9"])
    a = mind.choose(g.view(0), level)
    assert M.split(a)[0] == M.DISCARD
    thrown = sorted(g.card_name(g.hands[0][i]) for i in range(6) if M.split(a)[2] >> i & 1)
    assert thrown == ["Feather 9", "Leaf 3", "Leaf 4"]
    g = position(hands=["B1 B2 L3 L4 L5 X"])  # X: a Fate
    thrown = mind.choose(g.view(0), level)
    assert [g.card_name(g.hands[0][i]) for i in range(6) if M.split(thrown)[2] >> i & 1] == ["Leaf 3", "Leaf 4", "Leaf 5"]


def test_once_there_is_a_vampire_the_board_keeps_the_suit_it_collects_again():
    g = position(hands=["L3 L4 L5 W1 F9", "B1"], vampire=1, bones="B8 B9")
    a = mind.choose(g.view(0), 2)
    assert sorted(g.card_name(g.hands[0][i]) for i in range(5) if M.split(a)[2] >> i & 1) == ["Feather 9", "Wave 1"]


def test_from_the_fifth_round_with_no_vampire_the_board_throws_a_lone_bone():
    """Issue 42: a lone bone is far from three; thrown away, bones gather in the hands that hold two (six
    hands keeping one or two each could stall until dawn, with no winner)."""
    def thrown(hand, night):
        g = position(hands=[hand], night=night)
        a = mind.choose(g.view(0), 2)
        return sorted(g.card_name(g.hands[0][i]) for i in range(len(g.hands[0])) if M.split(a)[2] >> i & 1)

    assert "Bone 7" not in thrown("B7 L3 L4 L5 L6 L8", mind.LONE_BONE_NIGHT - 1)
    assert thrown("B7 L3 L4 L5 L6 L8", mind.LONE_BONE_NIGHT) == ["Bone 7", "Leaf 3", "Leaf 4"]
    assert thrown("B7 B1 L4 L5 L6 L8", mind.LONE_BONE_NIGHT) == ["Leaf 4", "Leaf 5", "Leaf 6"]
