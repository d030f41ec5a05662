"""What a Pico gets of the firmware (host/nightboard_host/flashing/board_code.py): no host-only module, every module it
imports, and with `--games` only the chosen games; every game's code fits the ROMFS partition of the
MicroPython the project ships (hardware/micropython/).

The completeness check runs the table from the built file set alone: the chosen .py files (with the
rewritten index) copied into an empty directory, imported by a fresh CPython that cannot see the
checkout's firmware, every game of the menu started and played for some frames, the protocol asked.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nightboard_host.flashing import board_code, build, errors

ROOT = Path(__file__).resolve().parents[2]
FW = ROOT / "firmware"

PLAY = r"""
import json, os, sys
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
import nightboard
assert nightboard.__file__.startswith(here), nightboard.__file__  # the copied files, not the checkout's
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.profile import load_profile_file
from nightboard.table import programs
out = {"menu": programs.names()}
for name in programs.names():
    for path in sys.argv[1:]:  # the first profile whose table can host the game
        profile = load_profile_file(path)
        hal = make_sim_hal(profile)
        t = Table(profile, hal)
        try:
            t.start_game({"game": name, "players": programs.find(name)["players"][0] + 1, "seed": 5})
        except ValueError:
            continue
        for i in range(120):
            hal.clock.advance(t.frame_ms)
            t.tick()
            if i % 7 == 0:
                for b in range(len(profile["buttons"]["keys"])):
                    hal.buttons.press(b) if i % 14 == 0 else hal.buttons.release(b)
        out[name] = t.program["name"]
        break
print(json.dumps(out))
"""


def _copy_tree(tmp_path, games):
    keep = board_code.needed(FW, games)
    for rel in keep:
        dst = tmp_path / rel
        dst.parent.mkdir(parents=True, exist_ok=True)
        dst.write_text((FW / rel).read_text())
    (tmp_path / board_code.INDEX).write_text(board_code.index_source(FW, games))
    return keep


def test_no_host_only_module_goes_to_a_pico():
    games = board_code.index_games(FW)
    keep = board_code.needed(FW, games, "rp2")
    for g in games:
        assert "nightboard/games/%s/tools.py" % g not in keep
        assert "nightboard/games/%s/secrets.py" % g not in keep
        assert "nightboard/games/%s/__init__.py" % g in keep
    assert "nightboard/games/record.py" not in keep
    assert "nightboard/hal/sim.py" not in keep and "nightboard/hal/cp_backend.py" not in keep
    assert "nightboard/hal/rp2_buttons.py" in keep and "nightboard/table/app.py" in keep
    # the virtual board (unix port, no rp2) runs the simulated hal: it keeps it
    assert "nightboard/hal/sim.py" in board_code.needed(FW, games)


@pytest.mark.parametrize("games", [None, ["vampiring", "dracula"]])
def test_the_built_files_alone_run_every_game_they_offer(tmp_path, games):
    chosen = games or board_code.index_games(FW)
    _copy_tree(tmp_path, chosen)
    (tmp_path / "play.py").write_text(PLAY)
    profiles = sorted(str(p) for p in (ROOT / "hardware/profiles").glob("*.json"))
    out = subprocess.run([sys.executable, "-I", str(tmp_path / "play.py")] + profiles, cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    got = json.loads(out.stdout.strip().splitlines()[-1])
    assert got["menu"] == chosen + ["selftest"]
    for g in chosen + ["selftest"]:
        assert got.get(g) == g, (g, got)


def test_every_game_fits_the_romfs_partition_of_the_micropython_the_project_ships():
    from nightboard_host.emulation import pico_pty, uf2
    from nightboard_host.flashing.romfs import build_image
    from nightboard_host.emulation.pico_emu import ARCH, MPY_SUB

    c = build.Compiler(MPY_SUB, ARCH)
    every = len(build_image("0", build.build(FW, c, None, "rp2")))
    _start, size = uf2.romfs_partition(pico_pty.SHIPPED / pico_pty.IMAGES[True][1])
    assert every <= size, (every, size)


def test_games_choices_that_cannot_be_made_say_why():
    with pytest.raises(errors.FlashError, match="no game called 'chess'.*it has: vampiring"):
        build.build(FW, build.Compiler(3, "armv6m"), "vampiring,chess")
    with pytest.raises(errors.FlashError, match="names no game"):
        build.build(FW, build.Compiler(3, "armv6m"), " , ")


def test_the_pico_bench_names_no_game_and_takes_what_it_runs_from_the_index():
    from nightboard.games import index
    from nightboard_host.bench import pico as bench_pico

    text = Path(bench_pico.__file__).read_text()
    for g in index.names():
        assert g not in text
        assert index.tools(g)["profile"] not in text
    p = bench_pico.plan()
    first = index.names()[0]
    assert p["game"] == first and p["profile"] == index.tools(first)["profile"]
    # every game's board player is timed: for its own seat (after the players'), or a player's it takes
    assert [d[0] for d in p["deciders"]] == index.names()
    for g, seat, n, options in p["deciders"]:
        t = index.tools(g)
        think = t["bench"]["thinking"]  # each game is started as its bench starts it for the board
        assert n == think["players"] and options == think["options"] and seat == (n if t["board_seats"] else None)
        positions = bench_pico._positions(g, seat, n, options)
        assert positions, g  # a position where the board moves, found on the host
        for _ply, text, who in positions:
            game = index.module(g).from_json(json.loads(text))
            assert seat is not None or game.board_plays(who), (g, who)  # a seat the board plays
            game.board_move(who)  # the board's mind answers there
    assert p["romfs_games"] == index.names()[:len(p["romfs_games"])] and p["romfs_games"]


def test_each_board_only_game_of_the_pico_bench_is_one_the_board_plays_alone():
    # bench_pico.board_only_turns starts these over the protocol and waits: a game with a person's seat in it
    # would wait for that person, and its figures would be idle frames, not the board's turns.
    from nightboard.games import index
    from nightboard.table.tablefit import check_players
    from nightboard_host.commands import play

    found = []
    for g in index.names():
        bench = index.tools(g).get("bench") or {}
        start = bench.get("board_only")
        if start is None:
            continue
        found.append(g)
        options = {k: v for k, v in start.items() if k not in ("players", "seed")}
        game = index.module(g).new_game(start["seed"], start["players"], **options)
        assert all(game.board_plays(s) for s in range(start["players"])), (g, start)
        check_players(play.load(bench.get("profile") or index.tools(g)["profile"]), index.facts(g), start["players"])
    assert found  # the bench times some game's own turns on the emulated Pico
