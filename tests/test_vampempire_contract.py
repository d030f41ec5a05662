"""VampEmpire against the game contract (docs/games.md): JSON round trip, random legal play to the end,
illegal actions refused with nothing changed, the same 200 seeded games on CPython and MicroPython,
non-interference for every hidden fact (secrets.twins), and the board deciding from its seat's view."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy
from nightboard.games import vampempire as M
from nightboard.games.errors import GameError
from nightboard.games.vampempire import secrets
from nightboard.prng import Prng

GARBAGE = [None, True, 1.5, -1, 10 ** 9, "", "fly", [], {}, ["x", "y", "z"], {"a": 1}]
SCRIPT = (ROOT / "tests" / "scripts" / "vampempire_games.py").read_text()


def _step(g, rng):
    seat = g.to_move()[0]
    legal = g.legal(seat)
    a = legal[rng.below(len(legal))]
    return seat, a, g.apply(seat, a)


def _new(seed):
    return M.new_game(seed, 2 + seed % 3)


@pytest.mark.parametrize("seed", range(12))
def test_random_legal_play_ends_and_every_state_round_trips(seed):
    g = _new(seed)
    rng = Prng(seed + 1000)
    for _ in range(3000):
        if g.result() is not None:
            break
        d = g.to_json()
        assert json.loads(json.dumps(d)) == d and M.from_json(d).to_json() == d
        assert g.legal(g.to_move()[0])
        _step(g, rng)
    res = g.result()
    assert res is not None and g.to_move() == [] and len(res["scores"]) == g.n and res["winners"]


@pytest.mark.parametrize("seed", range(3))
def test_illegal_actions_refused_with_nothing_changed(seed):
    g = _new(seed)
    rng = Prng(seed)
    tried = 0
    for _ in range(80):
        if g.result() is not None:
            break
        before = g.to_json()
        for seat in range(g.n):
            legal = g.legal(seat)
            for a in GARBAGE + [a for a in range(-2, 20000000, 99991) if a not in legal]:
                with pytest.raises(GameError) as e:
                    g.apply(seat, a)
                assert str(e.value)
                tried += 1
            assert g.to_json() == before
        for seat in (-1, g.n, "nobody", None, True):
            with pytest.raises(GameError):
                g.apply(seat, 0)
        assert g.to_json() == before
        _step(g, rng)
    assert tried > 1000


def _corrupt(d):
    out = []
    for k in sorted(d):
        for bad in GARBAGE:
            e = dict(d)
            e[k] = bad
            out.append(e)
        e = dict(d)
        del e[k]
        out.append(e)
    e = dict(d)
    e["hands"] = [h + [0] for h in d["hands"]]  # a 41st card
    out.append(e)
    e = dict(d)
    e["communities"] = [list(c) for c in d["communities"]]
    e["communities"][0][0] = d["vatican"]
    out.append(e)
    e = dict(d)
    e["spare"] = 1
    out.append(e)
    return out


def test_corrupt_positions_are_refused_with_a_message():
    g = _new(4)
    rng = Prng(9)
    for _ in range(40):
        _step(g, rng)
    good = g.to_json()
    refused = 0
    for d in _corrupt(good):
        try:
            h = M.from_json(d)
        except GameError as e:
            assert str(e)
            refused += 1
            continue
        assert h.to_json() == d  # a change that is still a sound position loads as given
    assert refused > 250
    for bad in GARBAGE:
        with pytest.raises(GameError):
            M.from_json(bad)


def _cpython_games(count):
    code = "GAMES_FROM, GAMES_COUNT = 0, %d\n" % count + SCRIPT
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "firmware")}).stdout
    return [json.loads(line) for line in out.splitlines()]


@pytest.mark.micropython
def test_200_seeded_games_identical_on_cpython_and_micropython():
    mpy = [json.loads(line) for line in run_mpy("GAMES_FROM, GAMES_COUNT = 0, 200\n" + SCRIPT,
                                                compiled=True).splitlines()]
    cpy = _cpython_games(200)
    assert len(mpy) == len(cpy) == 200
    for seed, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "game %d differs between CPython and MicroPython" % seed
    assert all(r is not None for _, r in cpy)
    assert any(d["turn"] < d["rounds"] for d, _ in cpy)  # some end in the Vatican, not by the round limit


@pytest.mark.micropython
def test_a_four_player_game_fits_the_pico_heap():
    out = run_mpy("import gc\nGAMES_FROM, GAMES_COUNT = 6, 1\n" + SCRIPT + "\ngc.collect()\nprint(gc.mem_alloc())\n",
                  compiled=True)
    assert int(out.strip().splitlines()[-1]) < 64 * 1024


# --- non-interference ---------------------------------------------------------------------------

def _twins_along_play(seeds, steps=60):
    for seed in seeds:
        g = _new(seed)
        rng = Prng(seed + 77)
        for i in range(steps):
            if g.result() is not None:
                break
            if i % 3 == 0:
                for d, knowers in secrets.twins(g):
                    yield g.copy(), M.from_json(d), knowers
            _step(g, rng)


def _unknowing(g, knowers):
    return [None] + [s for s in range(g.n) if s not in knowers]


def test_twins_are_sound_positions_and_differ():
    n = 0
    for a, b, knowers in _twins_along_play(range(3)):
        assert a.to_json() != b.to_json()
        n += 1
    assert n > 30


def test_non_interference_of_views_moves_and_the_boards_choice():
    checked = 0
    for a, b, knowers in _twins_along_play(range(8)):
        rng = Prng(checked)
        for _ in range(10):
            for s in _unknowing(a, knowers):
                assert a.view(s) == b.view(s), "seat %r sees a hidden difference" % (s,)
                if s is not None:
                    assert a.legal(s) == b.legal(s)
                    if s in a.to_move():
                        assert a.board_move(s) == b.board_move(s)
            checked += 1
            if a.result() is not None:
                break
            seat = a.to_move()[0]
            if seat in knowers:
                break  # a seat that knows it acts: a rule may show it
            legal = a.legal(seat)
            act = legal[rng.below(len(legal))]
            if a.apply(seat, act) != b.apply(seat, act):
                break  # a rule revealed it (a card went face up)
    assert checked > 300


def test_refusals_say_nothing_of_a_hidden_fact():
    n = 0
    for a, b, knowers in _twins_along_play(range(3), steps=30):
        for seat in _unknowing(a, knowers)[1:]:
            legal = a.legal(seat)
            for act in [x for x in range(0, 20000000, 77777) if x not in legal] + GARBAGE:
                msgs = []
                for g in (a, b):
                    with pytest.raises(GameError) as e:
                        g.apply(seat, act)
                    msgs.append(str(e.value))
                assert msgs[0] == msgs[1]
                n += 1
    assert n > 1000


def test_views_hide_other_hands_and_the_deck():
    g = M.new_game(2, 4, vampires=["baroness", "tyrant", "feathered", "beast"])
    for s in range(4):
        v = g.view(s)
        assert v["hand"] == g.hands[s] and "hands" not in v and "deck" not in v and "prng" not in v
    assert "hand" not in g.view(None) and g.view(None)["hand_sizes"] == [1, 1, 1, 1]


def test_the_board_plays_every_vampire_to_the_end():
    for seed in range(8):
        g = M.new_game(seed, 4)
        for _ in range(5000):
            if g.result() is not None:
                break
            s = g.to_move()[0]
            a = g.board_move(s)
            assert a in g.legal(s)
            g.apply(s, a)
        assert g.result() is not None
