"""A game's play imports nothing on the way: what it would (the board's mind, a phase's rules) is read in
with its setup (the state's reads(), table/programs.py read_in), since one module's import takes 20 to 90
ms on a Pico (.mpy files, the emulated RP2040), more than a frame, and no turn may wait for one.

Run in a fresh interpreter per game, so that its package's modules are not already imported by other tests.
"""

import subprocess
import sys
from pathlib import Path

import pytest

from nightboard.games import index

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import sys
sys.path[:0] = [%(fw)r, %(tests)r]
from nightboard.games import index
from table_driver import Driver

name = %(name)r
tools = index.tools(name)
think = tools["bench"]["thinking"]  # the game as its bench starts it with board seats
start = dict(think["options"], game=name, players=think["players"], seed=5)
pkg = "nightboard.games." + name + "."
d = None
for profile in [tools["profile"]] + %(profiles)r:  # a shipped table that seats them
    try:
        d = Driver(start, name=profile)
        break
    except ValueError:
        pass
g = d.table.game
assert pkg[:-1] not in sys.modules, "the table did not set the package aside"
setup = {m[len(pkg):] for m in sys.modules if m.startswith(pkg)}
missing = [m for m in g.reads() if m not in setup]
assert not missing, "read_in left out %%s" %% missing
board = [s for s in range(len(g.seats())) if g.board_plays(s)] if hasattr(g, "board_plays") else \
    list(range(g.players_count(), len(g.seats())))  # its own seats, after the players'
assert board, "no seat played by the board"
for ply in range(3000):
    if g.over:
        break
    s = g.to_move()[0]
    g.apply(s, g.board_move(s) if s in board else g.legal(s)[0])
later = sorted(m[len(pkg):] for m in sys.modules if m.startswith(pkg) and m[len(pkg):] not in setup)
if pkg[:-1] in sys.modules:  # the package itself, which the table set aside after the setup
    later.append("(the package itself)")
print("PLIES", ply, "LATER", ",".join(later))
"""


@pytest.mark.parametrize("name", index.names())
def test_a_game_s_play_imports_nothing_its_setup_did_not(name):
    fw, tests = str(ROOT / "firmware"), str(ROOT / "tests" / "helpers")
    profiles = sorted(p.stem for p in (ROOT / "hardware" / "profiles").glob("*.json"))
    got = subprocess.run([sys.executable, "-c", SCRIPT % {"fw": fw, "tests": tests, "name": name, "profiles": profiles}],
                         capture_output=True, text=True, timeout=300)
    assert got.returncode == 0, got.stderr[-2000:]
    line = [ln for ln in got.stdout.splitlines() if ln.startswith("PLIES")][0]
    plies, later = int(line.split()[1]), line.split()[3:] or [""]
    assert plies > 20, line  # a game played well into its turns
    assert later == [""], ("%s imported %s during play: add them to its state's reads(), and get them with "
                           "compat.module (docs/games.md)" % (name, later[0]))
