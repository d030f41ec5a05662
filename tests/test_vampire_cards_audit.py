"""Vampire, the card game: the completeness audit's cases. Hostile positions and decks that were believed
(and crashed or misplayed later) are refused by name with nothing changed; rules and decisions of
docs/vampire_cards-rules-notes.md that had no test of their own."""

import json

import pytest

from nightboard.games.errors import GameError
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import from_json, new_game
from nightboard.games.vampire_cards import moves as M
from vampire_cards_helpers import position


def _refused(d, words):
    before = json.dumps(d, sort_keys=True)
    with pytest.raises(GameError, match=words):
        from_json(d)
    assert json.dumps(d, sort_keys=True) == before  # the refused position itself is left as it was


# --- hostile positions ------------------------------------------------------------------------------

def test_a_vampire_without_a_face_up_bone_in_a_running_game_is_refused():
    # such a Vampire is slain (C11); believed, it waited for a Fate and then crashed taking its lowest bone
    d = position(hands=["L1", "X L2", "W7"], vampire=0, bones="B3", seat=1, queue=[2]).to_json()
    d["pile"] = sorted(d["pile"] + d["bones"])
    d["bones"] = []
    _refused(d, "face-up bone")


def test_a_bite_being_answered_names_a_card_not_minus_one():
    deck = [[D.LEAF, v] for v in range(1, 30)] + [[D.BONE, v] for v in range(1, 11)]  # the last card a bone
    g = new_game(5, 3, 15, deck=deck)
    d = g.to_json()
    bones = [c for c in range(len(deck)) if deck[c][0] == D.BONE]
    for s in range(3):  # nobody holds a bone; the Vampire (red) shows three
        d["hands"][s] = [c for c in d["hands"][s] if c not in bones]
    d["pile"] = sorted(c for c in range(len(deck)) if c not in sum(d["hands"], []) and c not in bones[:3])
    d.update(vampire=0, bones=bones[:3], phase="defend", pending=[1, -1], seat=0)
    d["pile"] = sorted(set(d["pile"]) - set(bones[:3]))
    _refused(d, "pending")
    d["pending"] = [1, bones[3]]
    d["pile"].remove(bones[3])
    assert from_json(d).pending == [1, bones[3]]  # the same with a real bone is believed


@pytest.mark.parametrize("dawn", [15.0, 25.0, 0.0])
def test_dawn_is_an_integer_not_a_float_that_equals_one(dawn):
    with pytest.raises(GameError, match="dawn"):
        new_game(1, 3, dawn)
    d = new_game(1, 3).to_json()
    d["dawn"] = dawn
    _refused(d, "dawn")


def test_the_queue_lists_other_seats_each_once():
    g = position(players=4, hands=["L1", "L2", "L3", "L4"], vampire=0, bones="B3 B7", seat=1, queue=[2, 3])
    d = g.to_json()
    for bad in ([2, 2, 3], [0, 2, 3], [1, 2, 3]):
        d["queue"] = bad
        _refused(d, "queue")


def test_a_deck_with_more_bones_than_a_bite_can_name_is_refused():
    # a bite names its bone by its place in the row, 0..63: a 65th bone would bite another player
    deck = [[D.BONE, 1 + v % 10] for v in range(65)] + [[D.LEAF, v] for v in range(1, 11)]
    with pytest.raises(GameError, match="64 bones"):
        new_game(1, 3, 15, deck=deck)
    d = new_game(1, 3, 15, deck=deck[1:]).to_json()  # 64 bones: a row of places 0..63, each its own action
    d["cards"] = deck
    d["pile"].append(len(deck) - 1)
    _refused(d, "64 bones")


def test_64_bones_every_place_is_its_own_action():
    deck = [[D.BONE, 1 + v % 10] for v in range(64)] + [[D.LEAF, v] for v in range(1, 11)] + [[D.FATE, 0]]
    g = new_game(1, 3, 15, deck=deck)
    d = g.to_json()
    held = sum(d["hands"], [])
    d["bones"] = sorted(c for c in range(64) if c not in held)
    d["pile"] = sorted(c for c in range(len(deck)) if c not in held and c not in d["bones"])
    d.update(vampire=0, phase="bite", seat=0)
    d["hands"][0] = []
    d["pile"] = sorted(d["pile"] + held[:6])
    g = from_json(d)
    legal = g.legal(0)
    assert len(legal) == len(set(legal)) == 1 + 2 * len(g.bones)
    for a in legal[1:]:
        k, t, x = M.split(a)
        assert k == M.BITE and t in (1, 2) and x < len(g.bones)
