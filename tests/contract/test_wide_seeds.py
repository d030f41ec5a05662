"""Wide seeds (62 bits, the board's draw) select the wide stream everywhere a seed goes: every game's new_game,
saves and positions, records, the protocol's start, the menu, and both interpreters; a narrow seed keeps its
old stream. The seed shown when a game is over replays it."""

import json
import os
import subprocess
import sys

import pytest

from dracula_helpers import R, do
from mpy_harness import ROOT, run_mpy
from nightboard.games import index, record
from nightboard.hal.entropy import SeededRandom
from nightboard.hal.sim import MemStorage, make_sim_hal
from nightboard.prng import NARROW, draw_seed
from nightboard_host.link.client import LocalLink
from table_driver import Driver, profile

WIDE = (1 << 61) | 0x2F00D5EED  # a seed as the board draws them
GAMES = index.names()


@pytest.mark.parametrize("game", GAMES)
def test_every_game_takes_a_wide_seed_and_its_save_resumes_the_wide_stream(game):
    mod = index.module(game)
    g = mod.new_game(WIDE)
    assert g.seed == WIDE and g.prng.state > 0xFFFFFFFF  # the wide stream, not a truncated narrow one
    g.prng.below(7)  # mid-block: a resumed stream must not start its block again
    saved = g.to_json()
    again = mod.from_json(json.loads(json.dumps(saved)))
    assert again.to_json() == saved
    assert [again.prng.below(1000) for _ in range(12)] == [g.prng.below(1000) for _ in range(12)]
    assert mod.new_game(WIDE ^ 1).to_json() != mod.new_game(WIDE).to_json() or game == "vampiring"


@pytest.mark.parametrize("game", GAMES)
def test_a_saved_prng_state_out_of_range_is_refused_by_name(game):
    mod = index.module(game)
    saved = mod.new_game(5).to_json()
    for bad in (0, 1 << 96, -3, "7"):
        saved["prng"] = bad
        with pytest.raises(ValueError) as e:
            mod.from_json(saved)
        assert "prng" in str(e.value)


@pytest.mark.parametrize("level", [1, 2, 3])
def test_the_seed_shown_at_the_end_replays_a_hunt_with_his_moves_drawn_again(level):
    from nightboard_host.games.dracula.bench import play

    seed = draw_seed(os.urandom(8))
    g, rec = play(seed, level, hunters=2, record=True)
    assert g.over
    for turn in rec["turns"]:
        if "dracula" in turn:
            turn["dracula"] = "auto"  # his every move from the seed alone
    assert record.replay(json.loads(json.dumps(rec))).to_json() == g.to_json()


def test_the_menus_drawn_seed_is_wide_and_its_game_resumes_after_power_off():
    mem = MemStorage()
    d = Driver(None, name="grid8", hal=make_sim_hal(profile("grid8"), storage=mem, random_bytes=SeededRandom(5)))
    link = LocalLink(d.table)
    link.call("start", game="dracula", players=2)
    t = d.table
    assert t.seed_secret and NARROW <= t.game.seed < 1 << 62 and t.game.prng.state > 0xFFFFFFFF
    first = t.game.prng.state
    for _ in range(2):
        do(d, R.END)
        d.settle()  # after the second: his turn (draws from the wide stream)...
    d.saved()  # ...and the save after it
    assert t.game.turn == 2 and t.game.prng.state != first
    before = t.game.to_json()
    d2 = Driver(None, name="grid8", hal=make_sim_hal(profile("grid8"), storage=mem))
    d2.table.tick()
    if d2.table.mode == "resume_ask":
        d2.tap(0, "ok")
    assert d2.table.game.to_json() == before and d2.table.seed_secret


def test_the_protocol_start_takes_a_wide_seed_and_refuses_one_too_wide():
    d = Driver(None, name="grid8", hal=make_sim_hal(profile("grid8"), random_bytes=SeededRandom(2)))
    link = LocalLink(d.table)
    link.call("start", game="dracula", players=2, seed=WIDE)
    assert link.call("state")["seed"] == WIDE and d.table.game.prng.state > 0xFFFFFFFF
    r = link.request("start", game="dracula", players=2, seed=(1 << 62) + 1)
    assert r["ok"] is False and "seed must be 0..4611686018427387904" in r["error"]
    assert d.table.game.seed == WIDE  # refused: nothing changed


def test_play_takes_a_wide_seed_and_refuses_one_too_wide():
    from nightboard_host.commands.play import OptionError, check_seed, new_seed

    check_seed(WIDE)
    check_seed(0)
    for bad in (-1, (1 << 62) + 1):
        with pytest.raises(OptionError) as e:
            check_seed(bad)
        assert "--seed: must be 0..2**62" in str(e.value)
    assert all(NARROW <= new_seed() < 1 << 62 for _ in range(50))


def _cpython(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT),
                          env={"PYTHONPATH": str(ROOT / "firmware")}).stdout


@pytest.mark.micropython
@pytest.mark.parametrize("script", ["dracula_games.py", "vampiring_games.py"])
def test_wide_seeded_games_identical_on_cpython_and_micropython(script):
    code = "GAMES_FROM, GAMES_COUNT = %d, 8\n" % WIDE + (ROOT / "tests" / "scripts" / script).read_text()
    mpy = [json.loads(line) for line in run_mpy(code, compiled=True).splitlines()]
    cpy = [json.loads(line) for line in _cpython(code).splitlines()]
    assert len(mpy) == len(cpy) == 8 and mpy == cpy
    assert all(s["prng"] > 0xFFFFFFFF for s in cpy)


def test_a_scripted_play_without_seed_tells_no_seed_until_the_game_is_over():
    import re

    cmd = [sys.executable, "-m", "nightboard_host.cli", "play", "dracula", "--players", "2", "--script", "x"]
    out = subprocess.run(cmd, capture_output=True, text=True, cwd=str(ROOT)).stdout
    assert "seed shown when the game is over" in out and not re.search(r"seed \d", out), out
    chosen = subprocess.run(cmd + ["--seed", str(WIDE)], capture_output=True, text=True, cwd=str(ROOT)).stdout
    assert "seed %d" % WIDE in chosen  # a seed the user gave is theirs to see
