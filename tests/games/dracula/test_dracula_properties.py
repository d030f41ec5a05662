"""Properties of the Dracula hunt over many seeded games: Dracula's choices are legal and depend only on
what the hunters can see (his room and his own seed aside), the hunters' knowledge is exact, and two games
that differ only in where he hides look the same to the hunters until a rule reveals him (D8)."""

import pytest
from hypothesis import given, settings, strategies as st

from dracula_helpers import D, end_turns, move, position
from nightboard.games.dracula import know as K
from nightboard.games.dracula.mind import decide
from nightboard.prng import Prng
from nightboard_host.games.dracula.bench import RandomTeam, ScriptedTeam

REVEALING = ("garlic", "stake", "bite", "crypt", "over", "dead")


def games(count):
    for seed in range(count):
        hunters = 1 + seed % 4
        rules = ("playtest", "classic")[seed % 2]
        level = 1 + seed % 3
        size = (5, 3, 7, 5)[seed % 4]
        yield seed, D.new_game(seed, hunters, rules, level, size), (ScriptedTeam if seed % 3 else RandomTeam)(seed)


def test_dracula_never_makes_an_illegal_move_and_the_knowledge_always_holds_his_room():
    decisions = 0
    for seed, g, team in games(150):
        while not g.over and g.turn <= 40:
            assert g.possible[g.room] == 1, "seed %d: the hunters' knowledge lost him" % seed
            if g.active >= 0:
                g.submit(g.active, team.action(g, g.active))
                continue
            legal = g.dracula_moves()
            prng = Prng(state=g.prng.state)
            choice = decide(g.map, g.view(), g.room, prng, g.level)
            assert choice in legal, "seed %d round %d: %r is not legal" % (seed, g.turn, choice)
            g.dracula_turn()
            assert g.last_move["rooms"] == list(choice[1]) and tuple(g.last_move["bites"]) == choice[2]
            decisions += 1
        assert g.over or g.turn > 40
    assert decisions > 1000


def test_his_choice_depends_only_on_the_view_his_room_and_his_seed():
    # Two states with the same hunters' view and the same room and random stream but different hidden
    # pasts (where he came from, the game's seed) get the same choice, at every level.
    for seed, g, team in games(40):
        while not g.over and g.turn <= 12:
            if g.active >= 0:
                g.submit(g.active, team.action(g, g.active))
                continue
            a = g.to_json()
            b = dict(a)
            b["last_move"] = {"from": 0, "crypt": False, "rooms": [], "bites": []}
            b["seed"] = a["seed"] + 1000
            ga, gb = D.from_json(a), D.from_json(b)
            assert ga.view() == gb.view()
            assert decide(ga.map, ga.view(), ga.room, ga.prng, ga.level) == \
                decide(gb.map, gb.view(), gb.room, gb.prng, gb.level)
            g.dracula_turn()


def test_the_engine_asks_his_mind_with_the_hunters_view_only():
    g = D.new_game(3, 2, level=3)
    end_turns(g)
    view, r, state = g.view(), g.room, g.prng.state
    expected = decide(g.map, view, r, Prng(state=state), 3)
    g.dracula_turn()
    assert (g.last_move["crypt"], tuple(g.last_move["rooms"]), tuple(g.last_move["bites"])) == expected


def _public_outcomes(g, start):
    """Every end room for each legal move of his from `start` (brute force), keyed by the public events."""
    out = {}
    probe = g.copy()
    probe.room = start
    for mv in probe.dracula_moves():
        h = probe.copy()
        ev = h.dracula_turn(mv)
        key = repr([e for e in ev if e["e"] != "over"])
        out.setdefault(key, set()).add(h.room)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_the_knowledge_after_his_turn_is_exactly_what_the_events_allow(seed):
    # Brute force: every room he could have started in x every legal move; those whose public events are
    # the ones seen end exactly in the rooms the hunters' knowledge keeps (no more, no fewer).
    team = ScriptedTeam(seed)
    g = D.new_game(seed, 1 + seed % 4, ("playtest", "classic")[seed % 2], 3, 5)
    checked = 0
    while not g.over and checked < 6:
        if g.active >= 0:
            g.submit(g.active, team.action(g, g.active))
            continue
        before = g.copy()
        ev = g.dracula_turn()
        if g.over:
            break
        key = repr([e for e in ev if e["e"] != "over"])
        allowed = set()
        for s in K.rooms_of(before.possible):
            allowed |= _public_outcomes(before, s).get(key, set())
        assert allowed == set(g.possible_rooms()), "seed %d round %d" % (seed, before.turn)
        checked += 1
    assert checked >= 1


def test_knowledge_spreads_three_rooms_around_sunlight():
    g = position("c3", ["a5"], active=None, possible=["c3"], sunlight=[["c2", "red"]])
    ev = move(g, ["d3", "d2", "d1"])
    assert [e["e"] for e in ev] == ["night", "sunset", "round"]
    far = {"c2", "c1", "a1", "a5", "e1", "e5"}  # c2 sunlit (D4); the others more than 3 rooms away around it
    assert set(g.map.name(r) for r in g.possible_rooms()) == set(g.map.name(r) for r in range(g.map.n)) - far


def test_a_bite_at_the_far_end_of_his_reach_pins_him_down():
    g = position("c3", ["b1", "e5"], active=None, possible=["c3"], sunlight=[["c2", "blue"]])
    move(g, ["b3", "b2", "b1"], [0])
    assert [g.map.name(r) for r in g.possible_rooms()] == ["b1"]


def test_a_bite_early_in_his_turn_leaves_him_room_to_run():
    g = position("c3", ["c2", "e5"], active=None, possible=["c3"])
    move(g, ["c2", "c1"], [0])
    got = set(g.map.name(r) for r in g.possible_rooms())
    assert "c1" in got and "c2" in got and "a1" not in got and len(got) > 5


# --- engine-level non-interference ------------------------------------------------------------------

def _hunt(start_room, seed, hunters, rules, rounds=12):
    """A game from a position that differs only in his room; the scripted team plays from the view."""
    g = D.from_json({"hunters": hunters, "rules": rules, "dracula": start_room, "seed": seed, "level": 3})
    team = ScriptedTeam(seed)
    trace = []
    while not g.over and g.turn <= rounds:
        if g.active >= 0:
            ev = g.submit(g.active, team.action(g, g.active))
        else:
            ev = g.dracula_turn()
        trace.append((ev, g.view()))
    return trace


@pytest.mark.parametrize("seed", range(10))
def test_games_that_differ_only_in_his_room_look_the_same_until_he_is_revealed(seed):
    rules = ("playtest", "classic")[seed % 2]
    hunters = 1 + seed % 4
    a = _hunt(("b2", "d4", "c3", "e2")[seed % 4], seed, hunters, rules)
    b = _hunt(("d2", "b4", "a3", "c5")[seed % 4], seed, hunters, rules)
    same = 0
    for (ea, va), (eb, vb) in zip(a, b):
        if ea != eb:
            # The first difference is a rule revealing him in one of the games, never anything else.
            i = 0
            while i < len(ea) and i < len(eb) and ea[i] == eb[i]:
                i += 1
            first = ea[i:i + 1] + eb[i:i + 1]
            assert any(e["e"] in REVEALING for e in first), (ea, eb)
            break
        assert va == vb
        same += 1
    assert same >= 1


# --- saving and loading -------------------------------------------------------------------------------

@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10 ** 6), hunters=st.integers(1, 4), rules=st.sampled_from(["playtest", "classic"]),
       picks=st.lists(st.integers(0, 10 ** 6), min_size=1, max_size=60))
def test_every_state_round_trips_through_json_and_resumes_identically(seed, hunters, rules, picks):
    g = D.new_game(seed, hunters, rules, 1 + seed % 3)
    for p in picks:
        if g.over:
            break
        copy = D.from_json(g.to_json())
        assert copy.to_json() == g.to_json()
        if g.active >= 0:
            acts = g.legal_actions(g.active)
            a = acts[p % len(acts)]
            assert copy.submit(copy.active, a) == g.submit(g.active, a)
        else:
            assert copy.dracula_turn() == g.dracula_turn()
        assert copy.to_json() == g.to_json()
