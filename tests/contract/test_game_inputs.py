"""Bad positions, setups and records are refused with a GameError that says what is wrong (issue 20).

Every field of a position gets every wrong JSON type; hypothesis throws arbitrary JSON at from_json,
new_game and the record player: nothing but a GameError (or RecordError) may come out.
"""

import json

import pytest
from hypothesis import given, settings, strategies as st

from nightboard.games import dracula, record, vampiring
from nightboard.games.errors import GameError

WRONG = [True, False, 1.5, "x", [], {}, [1], {"a": 1}, 10 ** 100, -1]
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.floats(allow_nan=False)
                    | st.text(max_size=6), lambda c: st.lists(c, max_size=4)
                    | st.dictionaries(st.text(max_size=6), c, max_size=4), max_leaves=12)


def _refused(fn, *args):
    with pytest.raises(GameError) as e:
        fn(*args)
    msg = str(e.value)
    assert msg and "Traceback" not in msg
    return msg


@pytest.mark.parametrize("rules", [{}, [], 1, None, True])
def test_dracula_setup_rules_of_a_wrong_type(rules):
    rec = {"game": "dracula", "setup": {"seed": 1, "rules": rules}, "turns": []}
    with pytest.raises(record.RecordError) as e:
        record.replay(rec)
    assert "rules must be playtest or classic" in str(e.value)


@pytest.mark.parametrize("game,kw", [("vampiring", {}), ("dracula", {})])
@pytest.mark.parametrize("seed", [10 ** 100, 2 ** 62 + 1, -1, 1.5, True, "5", None, [1]])
def test_record_seeds_out_of_range_or_of_a_wrong_type(game, kw, seed):
    rec = {"game": game, "setup": {"seed": seed}, "turns": []}
    with pytest.raises(record.RecordError) as e:
        record.replay(rec)
    assert "seed must be an integer 0..2**62" in str(e.value)


def test_the_largest_seed_is_taken():
    assert vampiring.new_game(2 ** 62).seed == 2 ** 62
    assert dracula.new_game(2 ** 62).seed == 2 ** 62


@pytest.mark.parametrize("key", ["level", "hunters", "size", "rules", "map"])
@pytest.mark.parametrize("bad", WRONG)
def test_dracula_setup_options_of_every_wrong_type(key, bad):
    if key == "map" and isinstance(bad, dict):
        bad = {"rooms": bad}  # an object is a room graph: still a wrong one
    msg = _refused(lambda: dracula.new_game(1, **{key: bad}))
    assert key in msg or "room" in msg or "rooms" in msg


@pytest.mark.parametrize("key", ["families", "variant", "preview"])
@pytest.mark.parametrize("bad", WRONG + [7, 1])
def test_vampiring_setup_options_of_every_wrong_type(key, bad):
    if key == "preview" and isinstance(bad, bool):
        return
    assert key in _refused(lambda: vampiring.new_game(1, **{key: bad}))


@pytest.mark.parametrize("bad", [True, 1.5, 1, "red", {}, None])
def test_vampiring_eliminated_must_be_a_list(bad):
    pos = vampiring.new_game(3, families=3).to_json()
    del pos["eliminated_turn"]
    pos["eliminated"] = bad
    if bad is None:
        assert "eliminated must be a list, not null" in _refused(vampiring.from_json, pos)
        return
    assert "eliminated must be a list" in _refused(vampiring.from_json, pos)


@pytest.mark.parametrize("bad", [[True], [1.5], [[0]], [{}], ["purple"], [7]])
def test_vampiring_eliminated_entries_must_be_families(bad):
    pos = vampiring.new_game(3, families=3).to_json()
    del pos["eliminated_turn"]
    pos["eliminated"] = bad
    assert "family" in _refused(vampiring.from_json, pos)


def _every_field_every_wrong_type(game, mod):
    pos = game.to_json()
    seen = 0
    for key in sorted(pos):
        for bad in WRONG + [None]:
            if bad == pos[key] and type(bad) is type(pos[key]):
                continue
            p = json.loads(json.dumps(pos))
            p[key] = bad
            try:
                g = mod.from_json(p)
            except GameError as e:
                assert str(e)
                seen += 1
                continue
            # Taken: then it must be a real game that survives its own round trip.
            assert mod.from_json(g.to_json()).to_json() == g.to_json()
    return seen


def test_every_vampiring_field_with_every_wrong_type_is_refused_or_harmless():
    g = vampiring.new_game(4, families=3)
    g.apply_actions(["A cw", "B ccw", "A ccw"])
    assert _every_field_every_wrong_type(g, vampiring) > 150


def test_every_dracula_field_with_every_wrong_type_is_refused_or_harmless():
    g = dracula.new_game(3, hunters=2)
    g.apply_actions({"hunters": [["move b1"], ["move d5"]]})
    assert _every_field_every_wrong_type(g, dracula) > 200


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_arbitrary_json_is_never_a_crash(obj):
    for mod in (vampiring, dracula):
        try:
            mod.from_json(obj)
        except GameError:
            pass


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([vampiring, dracula]), st.dictionaries(st.sampled_from(
    ["families", "variant", "preview", "hunters", "rules", "level", "size"]), JSON, max_size=3))
def test_arbitrary_options_are_never_a_crash(mod, opts):
    try:
        mod.new_game(1, **opts)
    except (GameError, TypeError) as e:
        # a keyword the game does not have is the caller's error; the record player checks the names
        assert isinstance(e, GameError) or "unexpected keyword" in str(e)


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(["vampiring", "dracula"]), JSON, JSON)
def test_arbitrary_records_are_refused_in_words(game, setup, turns):
    for rec in ({"game": game, "setup": setup, "turns": turns},
                {"game": game, "setup": {"seed": 3}, "turns": turns},
                {"game": game, "setup": {"position": setup}, "turns": []}):
        try:
            record.replay(rec)
        except record.RecordError as e:
            assert str(e)


@settings(max_examples=200, deadline=None)
@given(st.lists(JSON, max_size=4), st.integers(0, 1))
def test_arbitrary_dracula_rounds_change_nothing_when_refused(hunters, seat):
    g = dracula.new_game(3, hunters=2)
    before = g.to_json()
    for entry in ({"hunters": hunters}, {"hunters": [["move b1"], hunters]}, {"hunters": [hunters, []]}):
        try:
            g.apply_actions(entry)
        except GameError:
            assert g.to_json() == before
            continue
        g = dracula.new_game(3, hunters=2)


# --- the same inputs through the board's protocol: a message, never "could not do it: TypeError" -----------

def _link():
    from nightboard_host.link.client import LocalLink
    from table_driver import Driver

    d = Driver({"game": "vampiring", "players": 3, "seed": 21}, name="grid8")
    return d, LocalLink(d.table)


@pytest.mark.parametrize("opts,words", [({"rules": {}}, "rules must be playtest or classic"),
                                        ({"rules": []}, "rules must be playtest or classic"),
                                        ({"level": 2.0}, "level must be 1, 2 or 3"),
                                        ({"size": 5.5}, "size must be one of 3, 5, 7, 9"),
                                        ({"size": "5"}, "size must be one of 3, 5, 7, 9")])
def test_protocol_start_with_options_of_a_wrong_type(opts, words):
    d, link = _link()
    before = d.table.game.to_json()
    r = link.request("start", game="dracula", players=2, seed=1, **opts)
    assert r["ok"] is False and words in r["error"] and "TypeError" not in r["error"], r
    assert d.table.game.to_json() == before


@pytest.mark.parametrize("bad", [True, 1.5, "red", {"x": 1}])
def test_protocol_load_of_a_position_with_a_wrong_eliminated(bad):
    d, link = _link()
    before = d.table.game.to_json()
    pos = vampiring.new_game(3, families=3).to_json()
    del pos["eliminated_turn"]
    pos["eliminated"] = bad
    r = link.request("load", state={"program": "vampiring", "state": pos})
    assert r["ok"] is False and "eliminated must be a list" in r["error"] and "TypeError" not in r["error"], r
    assert d.table.game.to_json() == before
