"""Vampire, the card game's own cases beside the contract test (tests/contract/test_contract.py runs the round trip,
uniform random play, refusals, the same seeded games on MicroPython and non-interference over every game):
play that seeks the Vampire's part of the rules (declaring, biting, escaping) to every kind of end, on
CPython and MicroPython alike; written actions and seat names; the board's decisions at each level from its
seat's view; a hand swapped with the pile; bad positions refused by name."""

import json

import pytest

from mpy_harness import run_mpy
from nightboard.games import vampire_cards as V
from nightboard.games.errors import GameError
from nightboard.games.vampire_cards import moves as M
from nightboard.games.vampire_cards import secrets
from nightboard.prng import Prng

GARBAGE = [None, True, 1.5, -1, 10 ** 9, "", "fly", [], {}, ["x", "y", "z"], {"a": 1}]


def step(g, rng, declare=False):
    """One random legal step; with declare, a seat that may become the Vampire does (so that random
    games reach the Vampire's part of the rules), and a Vampire bites when it can."""
    seat = g.to_move()[0]
    legal = g.legal(seat)
    if declare:
        keen = [a for a in legal if M.split(a)[0] in (M.DECLARE, M.BITE, M.ESCAPE)]
        if keen and rng.below(4):
            legal = keen
    a = legal[rng.below(len(legal))]
    return seat, a, g.apply(seat, a)


def play(seed, declare=False, each=None, players=None):
    g = V.new_game(seed, players or 3 + seed % 4)
    rng = Prng(seed + 1000)
    for _ in range(3000):
        if g.result() is not None:
            break
        if each:
            each(g)
        step(g, rng, declare)
    return g


def test_play_that_seeks_the_vampire_reaches_every_end_and_every_state_round_trips():
    declare = True
    ends = set()

    def check(g):
        d = g.to_json()
        assert json.loads(json.dumps(d)) == d
        assert V.from_json(d).to_json() == d
        assert g.copy().to_json() == d

    for seed in range(40):
        g = play(seed, declare, check)
        assert g.result() is not None and g.to_move() == []
        assert len(g.result()["scores"]) == len(g.seats())
        ends.add(g.end)
        check(g)
    assert {"count", "slain"} <= ends or {"count", "dawn"} <= ends, ends


def test_written_actions_and_seat_names():
    g = V.new_game(3, 3)
    a = g.legal(0)[-1]
    g2 = g.copy()
    assert g.apply("red", str(a)) == g2.apply(0, a)
    with pytest.raises(GameError, match="not red's turn|not blue's turn"):
        g.apply("red", 0)


def test_apply_actions_is_all_or_nothing():
    g = V.new_game(4, 3)
    before = g.to_json()
    with pytest.raises(GameError):
        g.apply_actions([[0, M.act(M.DISCARD, 0, 0)], [0, M.act(M.DISCARD, 0, 0)]])  # blue's turn by then
    assert g.to_json() == before
    g.apply_actions([[0, M.act(M.DISCARD, 0, 0)], [1, M.act(M.DISCARD, 0, 1)]])
    assert g.seat == 2


# --- the same on MicroPython --------------------------------------------------------------------

MPY_GAMES = """
import json
from nightboard.games import vampire_cards as V
from nightboard.games.vampire_cards import moves as M
from nightboard.prng import Prng
for seed in range(200):
    g = V.new_game(seed, 3 + seed % 4)
    rng = Prng(seed + 1000)
    for _ in range(3000):
        if g.result() is not None:
            break
        seat = g.to_move()[0]
        legal = g.legal(seat)
        keen = [a for a in legal if M.split(a)[0] in (M.DECLARE, M.BITE, M.ESCAPE)]
        if keen and rng.below(4):
            legal = keen
        g.apply(seat, legal[rng.below(len(legal))])
    if seed % 3 == 0:
        while not g.over:
            s = g.to_move()[0]
            g.apply(s, g.board_move(s))
    print(json.dumps(g.to_json()))
"""


@pytest.mark.micropython
def test_200_seeded_games_are_the_same_on_micropython():
    out = run_mpy(MPY_GAMES).strip().splitlines()
    assert len(out) == 200
    ends = set()
    for seed, line in enumerate(out):
        g = play(seed, True)
        if seed % 3 == 0:
            while not g.over:
                s = g.to_move()[0]
                g.apply(s, g.board_move(s))
        assert json.loads(line) == g.to_json(), seed
        ends.add(g.end)
    assert len(ends) >= 3


# --- non-interference ------------------------------------------------------------------------------

def twins_along_play(seeds, steps=40):
    for seed in seeds:
        g = V.new_game(seed, 3 + seed % 4)
        rng = Prng(seed + 77)
        for _ in range(steps):
            if g.over:
                break
            for d, knowers in secrets.twins(g):
                yield g.copy(), V.from_json(d), knowers
            step(g, rng, True)


def test_the_boards_decisions_at_each_level_see_no_hidden_fact():
    """The contract test compares the board's default choice; its levels (1, 2) each decide from the seat's
    view only, along play that seeks the Vampire's part of the rules."""
    checked = 0
    for a, b, knowers in twins_along_play(range(8)):
        rng = Prng(checked)
        for _ in range(8):
            for s in [s for s in range(a.n) if s not in knowers]:
                for lvl in (1, 2):
                    assert a.board_move(s, lvl) == b.board_move(s, lvl)  # the mind sees only its view
            checked += 1
            if a.over:
                break
            seat = a.to_move()[0]
            if seat in knowers:
                break  # a seat that knows it acts: its choice may show it
            legal = a.legal(seat)
            act = legal[rng.below(len(legal))]
            if a.apply(seat, act) != b.apply(seat, act):
                break
            if a.view(seat) != b.view(seat):
                break  # a draw showed the hidden card to the drawer: it knows it now (a rule revealed it)
    assert checked > 300


def test_a_hand_swapped_with_the_pile_stays_hidden_from_every_other_seat_until_drawn():
    """The strongest form for a pile twin: every seat but the hand's owner sees nothing until someone
    draws (then only the drawer may see a difference)."""
    checked = 0
    for seed in range(6):
        g = V.new_game(seed, 4)
        rng = Prng(seed)
        for _ in range(30):
            if g.over:
                break
            for d, knowers in secrets.twins(g):
                if knowers != list(range(g.n)) or d["pile"] == g.to_json()["pile"]:
                    continue
                a, b = g.copy(), V.from_json(d)
                owner = [s for s in range(g.n) if a.hands[s] != b.hands[s]][0]
                for s in [None] + [s for s in range(g.n) if s != owner]:
                    assert a.view(s) == b.view(s)
                    checked += 1
            step(g, rng, True)
    assert checked > 100


# --- bad positions -----------------------------------------------------------------------------------

@pytest.mark.parametrize("field,value,words", [
    ("players", 9, "players"), ("hands", True, "hands"), ("phase", "nap", "phase"), ("prng", 0, "prng"),
    ("turn", 1.5, "turn"), ("pile", [0, 0], "two places"), ("vampire", 7, "vampire"), ("dawn", 3, "dawn"),
    ("bites", [1, -1, -1], "two places"), ("seed", -1, "seed"), ("cards", [], "cards"), ("game", "chess", "game"),
])
def test_bad_positions_are_refused_by_name(field, value, words):
    d = V.new_game(2, 3).to_json()
    d[field] = value
    with pytest.raises(GameError, match=words):
        V.from_json(d)


def test_unknown_and_missing_fields_and_non_objects():
    d = V.new_game(2, 3).to_json()
    for bad in (None, [], "x", 3):
        with pytest.raises(GameError):
            V.from_json(bad)
    d2 = dict(d, extra=1)
    with pytest.raises(GameError, match="unknown field"):
        V.from_json(d2)
    del d["pile"]
    with pytest.raises(GameError, match="pile"):
        V.from_json(d)


def test_a_card_lost_or_doubled_is_refused():
    d = V.new_game(2, 3).to_json()
    d["pile"] = d["pile"][1:]
    with pytest.raises(GameError, match="nowhere"):
        V.from_json(d)
