"""Explicit positions and saved states: accepted when possible, refused with a reason when not."""

import copy
import json

import pytest

from nightboard.games.vampiring import state as V
from vr_helpers import BLUE, MAN, RED, RING4, position


def good():
    return position(RING4, [(RED, MAN, 0)])


def test_position_round_trip_json_text():
    g = V.new_game(21, 4, variant="mansion", preview=False)
    g.apply_actions(["A cw", "B cw", "A ccw", "B ccw"])
    g.submit("blue", "B cw")
    text = json.dumps(g.to_json())
    g2 = V.from_json(json.loads(text))
    assert g2.to_json() == g.to_json()
    # Pending secrets survive, so the resumed game resolves the same way.
    ev1 = g.apply_actions(["A cw", "B cw", "A ccw", "B ccw"])
    ev2 = g2.apply_actions(["A cw", "B cw", "A ccw", "B ccw"])
    assert ev1 == ev2 and g.to_json() == g2.to_json()


def test_minimal_hand_written_position():
    g = V.from_json({"families": 2, "ring": ["home-red", "home-blue", "carriage", "carriage", "parchment", "tower",
                                              "forest", "cave", "garlic", "mirror", "graveyard", "cross"],
                     "vampires": [[{"card": 0, "shape": "man"}, {"card": 3, "shape": "wolf"}, {"card": 5, "shape": "bat"}],
                                  [{"card": 1, "shape": "bat"}, {"card": 1, "shape": "man"}, {"card": 1, "shape": "wolf"}]]})
    assert g.turn == 1 and g.drops == [8, 8] and g.castle and g.preview_on


def test_eliminated_shorthand_and_haunting():
    pos = position(RING4, [], drops=[8, 0, 5, 5], turn=4, eliminated_turn=[None, 2, None, None])
    g = V.from_json(pos)
    assert not g.alive(BLUE) and g.haunted() == [9]
    pos2 = position(RING4, [], drops=[8, 0, 5, 5], turn=4)
    pos2["vampires"][BLUE] = None
    del pos2["eliminated_turn"]
    pos2["eliminated"] = ["blue"]
    assert V.from_json(pos2).elim_turn[BLUE] == 3


def mutate(path, value):
    pos = good()
    target = pos
    for key in path[:-1]:
        target = target[key]
    if value is KeyError:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return pos


BAD = [
    (("families",), 7, "families must be 2 to 6"),
    (("families",), KeyError, "no 'families'"),
    (("variant",), "palace", "variant must be castle or mansion"),
    (("preview",), "yes", "preview must be true or false"),
    (("ring",), RING4[:-1], "ring must list 16 cards"),
    (("ring", 0), "home-red", "ring has 0 graveyard cards, needs 1; 2 home-red cards, needs 1"),
    (("ring", 0), "swamp", "ring\\[0\\]: unknown card 'swamp'"),
    (("ring", 8), "home-purple", "no family 'purple' in a 4-family game"),
    (("vampires", 0, 0, "card"), 16, "vampires\\[0\\]\\[0\\].card must be an integer in 0..15"),
    (("vampires", 0, 0, "card"), -1, "vampires\\[0\\]\\[0\\].card"),
    (("vampires", 0, 0, "shape"), "ghost", "shape must be man, wolf or bat"),
    (("vampires", 0, 1, "shape"), "man", "one man, one wolf and one bat"),
    (("vampires", 0), [], "must list 3 vampires"),
    (("vampires",), [], "vampires must be a list of 4 entries"),
    (("drops", 1), 9, "drops\\[1\\] must be an integer in 0..8"),
    (("drops", 1), -1, "drops\\[1\\]"),
    (("drops", 1), 0, "0 drops but is not eliminated"),
    (("turn",), 0, "turn must be an integer"),
    (("format",), 99, "format 99 is not supported"),
    (("game",), "chess", "not vampiring"),
    (("pending",), ["Z cw", None, None, None], "metamorphosis must be A or B"),
    (("over",), True, "over is True but 4 families are still playing"),
]


@pytest.mark.parametrize("path,value,msg", BAD, ids=[m for _, _, m in BAD])
def test_impossible_positions_refused(path, value, msg):
    with pytest.raises(V.GameError, match=msg):
        V.from_json(mutate(path, value))


def test_eliminated_family_with_vampires_refused():
    pos = position(RING4, [], drops=[8, 0, 8, 8], turn=3, eliminated_turn=[None, 1, None, None])
    pos["vampires"][BLUE] = copy.deepcopy(pos["vampires"][RED])
    with pytest.raises(V.GameError, match="eliminated family blue has vampires"):
        V.from_json(pos)


def test_eliminated_family_with_drops_refused():
    pos = position(RING4, [], drops=[8, 3, 8, 8], turn=3, eliminated_turn=[None, 1, None, None])
    with pytest.raises(V.GameError, match="eliminated family blue must have 0 drops"):
        V.from_json(pos)


def test_not_an_object():
    with pytest.raises(V.GameError, match="JSON object"):
        V.from_json([1, 2])


def test_bad_seed():
    with pytest.raises(V.GameError, match="seed"):
        V.new_game(-3)
