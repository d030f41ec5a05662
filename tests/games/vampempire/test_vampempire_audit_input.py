"""VampEmpire: hostile positions whose every field is well typed but whose waiting offer or intercept does not fit
the game loaded, and then crashed (a card the offering seat does not hold, an intercept whose target is no
community) or left a save that could not be read back (bodies below 0); and a choose phase out of seat order,
where the seat to move had no legal action. Each is refused with a message; the sound ones still load."""

import copy
import json

import pytest

from empire_helpers import FEA, KIND, TYR, game, hand, night
from nightboard.games import vampempire as M
from nightboard.games.errors import GameError
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire.actions import act, ACCEPT, GIVE, INTERCEPT, LET, OFFER, RITUAL


def _afternoon():
    g = game((TYR, FEA))
    g.hands, g.deck, g.discard = [[KIND["bat"]], []], R.deck(), []
    g.deck.remove(KIND["bat"])
    g.bodies = [1, 3]
    return g.to_json()


def _intercept():
    """The Tyrant has played Mob Uprising on the Feathered One's community; she may intercept."""
    g = night(game((TYR, FEA)), 0)
    g.soul[1], g.bodies = 8, [10, 6]
    g.comm[0][3] = 1
    hand(g, 0, "uprising")
    g.apply(0, act(RITUAL, KIND["uprising"], 10 + g.comm[0][0], 0))
    assert g.pending[0] == "intercept"
    return g


def _loads(d):
    h = M.from_json(json.loads(json.dumps(d)))
    assert h.to_json() == d
    return h


def test_a_sound_offer_draft_and_intercept_load_and_play_on():
    d = _afternoon()
    for p in (["draft", 0, 1, 99, 99], ["draft", 0, 1, 11, 99], ["offer", 0, 1, KIND["bat"], 12],
              ["offer", 0, 1, 11, KIND["sunrise"]]):
        d["pending"] = p
        _loads(d)
    g = _intercept()
    for answer in (INTERCEPT, LET):
        h = _loads(g.to_json())
        h.apply(1, act(answer))
        _loads(h.to_json())


@pytest.mark.parametrize("pending", [
    ["offer", 0, 1, KIND["sunrise"], 12],  # a card seat 0 does not hold: accepting crashed
    ["offer", 0, 1, 13, KIND["bat"]],  # 3 bodies from a seat holding 1: the save after accepting was unreadable
    ["offer", 0, 1, 50, 50],  # no item
    ["offer", 0, 1, 11, 12],  # bodies for bodies
    ["offer", 0, 1, KIND["bat"], KIND["bat"]],  # a kind for the same kind
    ["offer", 0, 1, 99, 99],  # an offer not put together
    ["draft", 0, 1, 99, 11],  # asks before it gives
    ["offer", 1, 0, 11, KIND["bat"]],  # seat 1 offering in seat 0's Afternoon turn
])
def test_an_offer_that_does_not_fit_is_refused(pending):
    d = _afternoon()
    d["pending"] = pending
    with pytest.raises(GameError, match="pending"):
        M.from_json(d)


@pytest.mark.parametrize("change", ["no community", "own community", "self target", "a seat",
                                    "not the feathered one", "feathered below eight", "too few bodies",
                                    "not the active seat"])
def test_an_intercept_that_does_not_fit_is_refused(change):
    d = _intercept().to_json()
    p = d["pending"]
    if change == "no community":
        p[3] = 99  # letting it act crashed: no community there
    elif change == "own community":
        d["communities"][0][3] = 0
    elif change == "self target":
        p[3] = 0
    elif change == "a seat":
        p[3] = 2
    elif change == "not the feathered one":
        d["vampires"] = [R.FEATHERED, R.TYRANT]
        d["soul"] = [0, 8]
    elif change == "feathered below eight":
        d["soul"][1] = 7
    elif change == "too few bodies":
        d["bodies"][1] = 4
    else:
        d["active"] = 1
    with pytest.raises(GameError, match="pending"):
        M.from_json(d)


def test_a_choose_phase_out_of_seat_order_is_refused():
    d = M.new_game(3, 3).to_json()
    assert d["phase"] == "choose" and d["active"] == 0
    _loads(d)
    for vamp, active in (([1, -1, -1], 0), ([-1, 1, -1], 1), ([1, -1, 2], 1), ([1, 2, 3], 2)):
        e = copy.deepcopy(d)
        e["vampires"], e["active"] = vamp, active
        with pytest.raises(GameError, match="seat order"):
            M.from_json(e)
    e = copy.deepcopy(d)
    e["vampires"], e["active"] = [1, 2, -1], 2
    _loads(e)


def test_the_table_answer_to_a_refused_offer_position_leaves_nothing_changed():
    g = game((TYR, FEA))
    g.hands, g.deck, g.discard = [[KIND["bat"]], []], R.deck(), []
    g.deck.remove(KIND["bat"])
    g.apply(0, act(OFFER, 1))
    g.apply(0, act(GIVE, KIND["bat"]))
    before = g.to_json()
    with pytest.raises(GameError):
        g.apply(1, act(ACCEPT))  # not seat 1's move yet: the offer is still being put together
    assert g.to_json() == before


@pytest.mark.parametrize("flag", ["bat_next", "bat", "chains_next", "chains", "flies", "potency", "rule4"])
def test_an_effect_flag_above_one_is_refused(flag):
    """rule4 at 99 gave the Tyrant 102 action points at her next Night, a save no longer readable."""
    d = game((TYR, FEA)).to_json()
    d["fx"][flag][0] = 1
    _loads(d)
    d["fx"][flag][0] = 2
    with pytest.raises(GameError, match="fx.%s" % flag):
        M.from_json(d)
    d["fx"]["sunrise"][0] = 3  # a count: three Sunrises wait for one Night
    d["fx"][flag][0] = 0
    _loads(d)


# --- the same through the board's protocol: a message naming what is wrong, and the game running unchanged ---

def _link():
    from nightboard_host.link.client import LocalLink
    from table_driver import Driver

    d = Driver({"game": "vampempire", "players": 3, "seed": 21}, name="hex8")
    return d, LocalLink(d.table)


@pytest.mark.parametrize("opts, words", [({"beast": "fast"}, "beast must be turn or move"),
                                         ({"rounds": "30"}, "rounds must be 30 or 20 or 40"),
                                         ({"rounds": True}, "rounds must be"),
                                         ({"board": 1.5}, "board must be an integer 0..3"),
                                         ({"size": 9}, "size must be"),
                                         ({"players": 5}, "players must be an integer 2..4"),
                                         ({"vampires": ["tyrant"]}, "unknown option")])
def test_protocol_start_of_vampempire_with_bad_options(opts, words):
    d, link = _link()
    before = d.table.game.to_json()
    kw = {"game": "vampempire", "players": 2, "seed": 1}
    kw.update(opts)
    r = link.request("start", **kw)
    assert r["ok"] is False and words in r["error"] and "Error" not in r["error"], r
    assert d.table.game.to_json() == before


@pytest.mark.parametrize("change, words", [("offer", "pending"), ("rule4", "fx.rule4"), ("deck", "deck's 40"),
                                           ("soul", "soul must be")])
def test_protocol_load_of_a_hostile_vampempire_position(change, words):
    d, link = _link()
    before = d.table.game.to_json()
    pos = M.new_game(3, 3, vampires=["tyrant", "feathered", "beast"]).to_json()
    if change == "offer":
        pos["pending"] = ["offer", 0, 1, KIND["sunrise"], KIND["sunrise"]]
    elif change == "rule4":
        pos["fx"]["rule4"] = [9, 0, 0]
    elif change == "deck":
        pos["deck"] = pos["deck"][:-1]
    else:
        pos["soul"] = [1, 2]
    r = link.request("load", state={"program": "vampempire", "state": pos})
    assert r["ok"] is False and words in r["error"] and "Error" not in r["error"], r
    assert d.table.game.to_json() == before
