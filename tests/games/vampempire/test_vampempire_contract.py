"""VampEmpire's own cases beside the contract test (tests/contract/test_contract.py runs the round trip, random play,
refusals, the same seeded games on MicroPython and non-interference over every game): corrupt positions,
the hands hidden in views, the board playing every seat, games that end in the Vatican, and its heap."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy
from nightboard.games import vampempire as M
from nightboard.games.errors import GameError
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


def test_the_scripted_games_end_and_some_in_the_vatican():
    """The games of tests/scripts/vampempire_games.py (the heap test below plays one of them) all end, some
    in the Vatican rather than by the round limit."""
    cpy = _cpython_games(40)
    assert all(r is not None for _, r in cpy)
    assert any(d["turn"] < d["rounds"] for d, _ in cpy)


@pytest.mark.micropython
def test_a_four_player_game_fits_the_pico_heap():
    out = run_mpy("import gc\nGAMES_FROM, GAMES_COUNT = 6, 1\n" + SCRIPT + "\ngc.collect()\nprint(gc.mem_alloc())\n",
                  compiled=True)
    assert int(out.strip().splitlines()[-1]) < 64 * 1024


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
