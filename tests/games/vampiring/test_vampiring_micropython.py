"""The VampiRing engine under the MicroPython unix port with a Pico-sized heap."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy

pytestmark = pytest.mark.micropython
SCRIPT = (ROOT / "tests" / "scripts" / "vampiring_games.py").read_text()


def _cpython_states(count):
    code = "GAMES_FROM, GAMES_COUNT = 0, %d\n" % count + SCRIPT
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "firmware")}).stdout
    return [json.loads(line) for line in out.splitlines()]


def test_200_seeded_games_identical_on_cpython_and_micropython():
    mpy = [json.loads(line) for line in run_mpy("GAMES_FROM, GAMES_COUNT = 0, 200\n" + SCRIPT).splitlines()]
    cpy = _cpython_states(200)
    assert len(mpy) == len(cpy) == 200
    for seed, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "game %d differs between CPython and MicroPython" % seed
    # The games are real games: most end, with winners and without.
    assert sum(1 for s in cpy if s["over"]) > 190
    assert any(s["winner"] is None and s["over"] for s in cpy) and any(s["winner"] is not None for s in cpy)


def test_engine_fits_the_pico_heap():
    # A 6-family game played to the end: the heap in use afterwards, code included, is inside the
    # GUIDE's 64 KB budget (the unix port's objects are larger than the Pico's: an upper bound).
    out = run_mpy("import gc\nGAMES_FROM, GAMES_COUNT = 4, 1\n" + SCRIPT + "\ngc.collect()\nprint(gc.mem_alloc())\n")
    assert int(out.strip().splitlines()[-1]) < 64 * 1024


def test_bad_input_errors_under_micropython():
    out = run_mpy(
        "from nightboard.games.vampiring import state as V\n"
        "g = V.new_game(1, 2)\n"
        "for who, a in (('pink', 0), ('red', 'Q cw'), ('red', 7)):\n"
        "    try:\n"
        "        g.submit(who, a)\n"
        "    except V.GameError as e:\n"
        "        print('E', e)\n"
        "try:\n"
        "    V.from_json({'families': 2, 'ring': []})\n"
        "except V.GameError as e:\n"
        "    print('E', e)\n"
    )
    lines = out.splitlines()
    assert lines[0].startswith("E unknown family") and "metamorphosis" in lines[1] and "0..3" in lines[2]
    assert "ring must list 12 cards" in lines[3]
