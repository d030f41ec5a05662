"""Every worked example VampiRing's published rules give: one movement sample and six fight samples.

The rules' pictures of the examples were lost; each situation is rebuilt from the words around it, and
each test says how and which rules notes it shows (docs/vampiring-rules-notes.md, V1-V15).
"""

import pytest

from nightboard.games.vampiring import state as V
from vr_helpers import BAT, BLUE, GREEN, MAN, RED, RING4, WOLF, YELLOW, of_kind, position, settle

VARIANTS = ("castle", "mansion")


def test_movement_sample():
    """Movement sample, rebuilt: blue walks plainly, red's Bat lands on a Carriage and flies 3 more,
    yellow's Wolf is carried by two Carriages (2 + 2 + 2 steps) and yellow's Bat lands on the
    Parchment and goes Home (V5, V6)."""
    ring = ["graveyard", "cross", "carriage", "tower", "forest", "cave", "garlic", "home-yellow",
            "carriage", "parchment", "carriage", "mirror", "home-blue", "home-red"]
    start = [(RED, 13), (BLUE, 2), (YELLOW, 12)]
    vamps = [None] * 3
    for fam, card in start:
        # Metamorphosis A turns these into Man, Wolf, Bat (V4).
        vamps[fam] = [{"card": card, "shape": "bat"}, {"card": card, "shape": "man"}, {"card": card, "shape": "wolf"}]
    g = V.from_json({"families": 3, "ring": ring, "vampires": vamps})
    events = g.apply_actions({"red": "A cw", "blue": "A cw", "yellow": "A ccw"})
    legs = [(e["fam"], e["v"], e["from"], e["to"], e["why"]) for e in events if e["e"] in ("move",)]
    assert legs == [
        (RED, 0, 13, 0, "step"), (RED, 1, 13, 1, "step"), (RED, 2, 13, 2, "step"), (RED, 2, 2, 5, "carriage"),
        (BLUE, 0, 2, 3, "step"), (BLUE, 1, 2, 4, "step"), (BLUE, 2, 2, 5, "step"),
        (YELLOW, 0, 12, 11, "step"), (YELLOW, 1, 12, 10, "step"), (YELLOW, 1, 10, 8, "carriage"),
        (YELLOW, 1, 8, 6, "carriage"), (YELLOW, 2, 12, 9, "step"),
    ]
    assert [(e["fam"], e["v"], e["from"], e["to"]) for e in of_kind(events, "parchment")] == [(YELLOW, 2, 9, 7)]
    st = g.to_json()
    assert [v["card"] for v in st["vampires"][YELLOW]] == [11, 6, 7]
    assert [v["shape"] for v in st["vampires"][YELLOW]] == ["man", "wolf", "bat"]
    # Red's and blue's Bats share card 5 but, being the same shape, do not fight (V8).
    assert of_kind(events, "wound") == [] and g.drops == [8, 8, 8]


def test_combat_sample_1_bat_wounds_wolf_card_without_a_man():
    """Sample 1, rebuilt on the Tower: no Man there, so the Tower changes nothing; the Bat wounds the
    blue Wolf (V8, V9)."""
    for variant in VARIANTS:
        g, ev, lost = settle(position(RING4, [(RED, BAT, 1), (BLUE, WOLF, 1)], variant=variant))
        assert lost == [0, 1, 0, 0]
        assert [(e["giver"], e["taker"], e["effect"]) for e in of_kind(ev, "wound")] == [([RED, 2], [BLUE, 1], "base")]


def test_combat_sample_2_man_wounds_two_bats_on_another_familys_home():
    """Sample 2, rebuilt: a blue Man and the red and green Bats on yellow's Home; no yellow vampire
    there, so the Home changes nothing in either variant (V9)."""
    for variant in VARIANTS:
        g, ev, lost = settle(position(RING4, [(BLUE, MAN, 10), (RED, BAT, 10), (GREEN, BAT, 10)], variant=variant))
        assert lost == [1, 0, 0, 1]
        assert of_kind(ev, "blocked") == []


@pytest.mark.parametrize("variant,expected", [("mansion", [1, 1, 0, 0]), ("castle", [1, 0, 0, 0])])
def test_combat_sample_3_wolf_on_blue_home(variant, expected):
    """Sample 3, rebuilt: a yellow Wolf with the blue and red Men on blue's Home. Mansion: both Men
    are wounded. Castle: the blue Man is at Home and takes nothing (V9)."""
    g, ev, lost = settle(position(RING4, [(YELLOW, WOLF, 9), (BLUE, MAN, 9), (RED, MAN, 9)], variant=variant))
    assert lost == expected
    blocked = [(e["taker"], e["why"]) for e in of_kind(ev, "blocked")]
    assert blocked == ([([BLUE, 0], "castle")] if variant == "castle" else [])


def test_combat_sample_4_man_on_the_tower():
    """Sample 4, rebuilt: a blue Man with the red and yellow Wolves on the Tower: the Man wounds both
    and takes nothing (V9 Tower)."""
    for variant in VARIANTS:
        g, ev, lost = settle(position(RING4, [(BLUE, MAN, 1), (RED, WOLF, 1), (YELLOW, WOLF, 1)], variant=variant))
        assert lost == [1, 0, 1, 0]
        assert [e["effect"] for e in of_kind(ev, "wound")] == ["tower", "tower"]
        assert sorted(e["giver"][0] for e in of_kind(ev, "blocked")) == [RED, YELLOW]


@pytest.mark.parametrize("variant,expected", [("mansion", [0, 1, 1, 0]), ("castle", [0, 1, 0, 0])])
def test_combat_sample_5_bat_and_two_wolves_on_yellow_home(variant, expected):
    """Sample 5, rebuilt: a red Bat with the yellow and blue Wolves on yellow's Home. Mansion: both
    Wolves are wounded; Castle: the yellow Wolf is at Home (V9)."""
    g, ev, lost = settle(position(RING4, [(RED, BAT, 10), (YELLOW, WOLF, 10), (BLUE, WOLF, 10)], variant=variant))
    assert lost == expected


@pytest.mark.parametrize("variant,expected", [("mansion", [2, 0, 0, 1]), ("castle", [0, 0, 0, 1])])
def test_combat_sample_6_three_shapes_on_red_home(variant, expected):
    """Sample 6, rebuilt: the red Man and Bat with a green Wolf on red's Home. Mansion: the normal
    triangle (red loses 2, green 1); Castle: the red pair is at Home and only the Wolf is hurt (V8, V9)."""
    g, ev, lost = settle(position(RING4, [(RED, MAN, 8), (RED, BAT, 8), (GREEN, WOLF, 8)], variant=variant))
    assert lost == expected
    # A family wounds itself too (V8): in the Mansion the red Man wounds the red Bat.
    self_wounds = [e for e in of_kind(ev, "wound") if e["giver"][0] == e["taker"][0]]
    assert len(self_wounds) == (1 if variant == "mansion" else 0)


def test_scoring_example_30_points():
    """The 3-player scoring example (V13): the winner lost 5 drops, the two others 8 each:
    8 + 8 + 5 + 3 remaining * 3 players = 30."""
    ring = ["graveyard", "tower", "forest", "cave", "garlic", "mirror", "cross", "parchment",
            "home-red", "home-blue", "home-yellow", "carriage", "carriage", "carriage"]
    # Blue fell in turn 6 (13 drops had been lost by then); red holds 4 drops, yellow 1. On the Graveyard
    # the red Wolf wounds the yellow Man, the yellow Bat wounds the red Wolf: red ends with 3, yellow falls.
    placed = [(RED, WOLF, 0), (YELLOW, MAN, 0), (YELLOW, BAT, 0)]
    pos = position(ring, placed, families=3, drops=[4, 0, 1], turn=9, eliminated_turn=[None, 6, None],
                   park={MAN: 11, WOLF: 12, BAT: 13}, score_locked=[None, 13, None])
    g, ev, lost = settle(pos)
    assert lost == [1, 0, 1]
    assert g.over and g.winner == RED
    assert g.drops[RED] == 3
    scores = g.scores()
    assert scores[RED] == 8 + 8 + 5 + 3 * 3 == 30
    assert scores[YELLOW] == 21 and scores[BLUE] == 13
    assert of_kind(ev, "end") == [{"e": "end", "winner": RED, "scores": [30, 13, 21]}]
