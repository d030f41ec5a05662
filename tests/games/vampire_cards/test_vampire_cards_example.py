"""The worked example of docs/games/vampire_cards.md is what the board plays, step by step."""

from pathlib import Path

from nightboard.games.vampire_cards import moves as M
from vampire_cards_helpers import act, cid, hand, mask, pos_of, position

PAGE = Path(__file__).resolve().parents[3] / "docs" / "games" / "vampire_cards.md"


def test_the_worked_example():
    text = PAGE.read_text()
    assert "A worked example" in text
    g = position(hands=["B2 B5 B9 L3 T4 F6", "L4 L6 T1 W2 F3 X", "B1 T2 W3 F1 F4 L5"], turn=1, night=1)
    # 1. red declares: Bone 2, Bone 5 and Bone 9 go face up; it keeps Leaf 3, Track 4, Feather 6
    g.apply(0, act(M.DECLARE))
    assert g.vampire == 0 and g.bones == [cid("B2"), cid("B5"), cid("B9")] and hand(g, 0) == "F6 L3 T4"
    # 2. Bone 9 bites blue; Leaf 4 + Leaf 6 = 10 beats 9; the bone comes back, tired for this turn
    g.apply(0, act(M.BITE, 1, 2))
    assert act(M.DEFEND, 0, mask(g, 1, "W2")) not in g.legal(1)
    g.apply(1, act(M.DEFEND, 0, mask(g, 1, "L4 L6")))
    assert g.tired == [cid("B9")] and g.bites[1] == -1
    # 3. Bone 5 bites yellow, whose best single suit is Leaf 5 (not above 5): yellow takes the bite and
    #    keeps Feather 1, Feather 4 and Leaf 5; the Bone 1 it throws away goes face up to red
    g.apply(0, act(M.BITE, 2, 1))
    assert [a for a in g.legal(2) if M.split(a)[0] == M.DEFEND] == []
    g.apply(2, M.END)
    g.apply(2, act(M.DISCARD, 0, mask(g, 2, "B1 T2 W3")))
    assert g.bites[2] == cid("B5") and hand(g, 2) == "F1 F4 L5"
    assert g.bones == [cid("B1"), cid("B2"), cid("B9")] and cid("T2") in g.discard
    # 4. red stops; blue (not bitten) plays before yellow (bitten)
    g.apply(0, M.END)
    assert g.seat == 1 and g.queue == [2]
    # 5. blue stacks Feather 3 on yellow's bite (3 is not above 5: it stays), then aims its Fate at red
    g.apply(1, act(M.FEATHER, 2, pos_of(g, 1, "F3")))
    assert g.feathers[2] == [cid("F3")] and g.bites[2] == cid("B5")
    g.apply(1, act(M.FATE, 0, pos_of(g, 1, "X")))
    # red holds Leaf 3, Track 4, Feather 6: no single suit reaches 10, so it loses its lowest bone
    assert g.legal(0) == [M.END]
    g.apply(0, M.END)
    assert g.bones == [cid("B2"), cid("B9")]
    # blue throws Track 1 away and draws back to six
    g.apply(1, act(M.DISCARD, 0, mask(g, 1, "T1")))
    assert len(g.hands[1]) == 6 and g.seat == 2
    # 6. yellow draws three, then Feather 4 on the stack: 3 + 4 = 7 is above 5, the bite is healed
    assert g.phase == "bitten" and len(g.hands[2]) == 6
    g.apply(2, act(M.FEATHER, 2, pos_of(g, 2, "F4")))
    assert g.bites[2] == -1 and g.phase == "play"
    assert cid("B5") in g.discard and cid("F3") in g.discard and cid("F4") in g.discard
    g.apply(2, act(M.DISCARD, 0, 0))
    # 7. red's second turn: nobody is bitten, so no count; the reset: its hand and every discard go back
    #    into the pile, it draws six and lays any bone drawn face up
    assert g.seat == 0 and g.phase == "bite" and g.discard == [] and g.vturns == 1
    assert len(g.hands[0]) + len(g.bones) == 6 + 2
