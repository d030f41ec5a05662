"""An evening under MicroPython with a Pico-sized heap (the unix port): game after game, and a protocol fuzz
of more than 10,000 lines.

The unix port cannot restart itself, so it shows what forgetting a game's modules (table/keeper.py unload)
gives back on its own: after the first round of programs, every start finds the room the same start had a
round earlier. What the first round keeps (interned names, a heap in pieces) a board gives back by restarting
into its menu (table/fresh.py; tests/host/test_evening_virtual_board.py).
"""

import json

import pytest

from fuzz_lines import KINDS, fuzz_lines
from mpy_harness import ROOT, run_mpy
from nightboard.games import index
from nightboard_host.bench import evening
from nightboard_host.emulation.mpy_runner import params, program
from nightboard_host.emulation.virtual_board import DEFAULT_HEAP

pytestmark = pytest.mark.micropython

PROGRAMS = index.names() + ["selftest"]
SCRIPTS = ROOT / "tests" / "scripts"
GRID8 = str(ROOT / "hardware" / "profiles" / "grid8.json")


def test_game_after_game_every_start_has_the_room_it_had_a_round_earlier():
    starts = 4 * len(PROGRAMS)
    code = params({"PROFILE": GRID8, "STARTS": starts, "GAMES": PROGRAMS}) + program(evening.__file__, "evening_cycle")
    rows = [json.loads(ln) for ln in run_mpy(code, compiled=True, timeout=600).splitlines() if ln.startswith("{")]
    assert len(rows) == starts
    assert all(r["ok"] and r["mode"] == "menu" for r in rows), [r for r in rows if not r["ok"]]
    assert all(r["left"] == [] for r in rows), "a game's modules stayed in RAM after it left the table"
    n = len(PROGRAMS)
    for r in rows[2 * n:]:
        before = rows[r["k"] - n]["free"]
        assert abs(r["free"] - before) <= 1024, (r, before)  # round 3 and 4 against the round before


@pytest.mark.parametrize("seed", [1])
def test_a_protocol_fuzz_of_10000_lines_never_crashes_and_answers_every_line(seed, tmp_path):
    lines = fuzz_lines(10000, seed)
    kinds = set()
    games = set()
    for ln in lines:
        try:
            obj = json.loads(ln[4:])
        except ValueError:
            continue
        if isinstance(obj, dict):
            kinds.add(obj.get("req"))
            games.add(obj.get("game"))
            if isinstance(obj.get("state"), dict):
                games.add(obj["state"].get("program"))
    assert set(KINDS) <= kinds and set(index.names()) <= games  # every kind and every game among them
    path = tmp_path / "lines"
    path.write_bytes(b"".join(lines))
    code = params({"LINES_FILE": str(path), "PROFILE": GRID8, "FRAMES_MAX": 400}) + \
        (SCRIPTS / "protocol_fuzz.py").read_text()
    # the virtual board's heap: a Pico's in the 64-bit port's larger objects (tests/helpers/mpy_harness.py's
    # PICO_HEAP is stricter on purpose, and leaves the harness's own buffers no room after a big reply)
    out = json.loads(run_mpy(code, compiled=True, timeout=900, heap=DEFAULT_HEAP).strip().splitlines()[-1])
    print("protocol fuzz:", out)
    assert out["lines"] == len(lines) >= 10000
    assert out["unanswered_count"] == 0, out
    assert out["restarts"] == 0 and out["recovered"] == 0, out
    assert out["started"] >= 200 and out["ok"] >= 3000, out  # it played: games started, requests done
