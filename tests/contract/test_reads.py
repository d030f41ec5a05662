"""A game's play imports nothing on the way: what it would (the board's mind, a phase's rules) is read in
with its setup (the state's reads(), table/programs.py read_in), since one module's import takes 20 to 90
ms on a Pico (.mpy files, the emulated RP2040), more than a frame, and no turn may wait for one.

The table sets the game's package aside once the game and its controller are built, on every shipped table
that seats the game (table/app.py start_game): a module of the package imported after it, by the play or by
the controller, would import the package again for the rest of the game.

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
from nightboard.compat import forget_module
from nightboard.games import index
from table_driver import Driver

name = %(name)r
tools = index.tools(name)
think = tools["bench"]["thinking"]  # the game as its bench starts it with board seats
start = dict(think["options"], game=name, players=think["players"])
pkg = "nightboard.games." + name + "."


def play(g):
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


seated, kept = [], []
for profile in [tools["profile"]] + [p for p in %(profiles)r if p != tools["profile"]]:
    d = None
    # Each table starts the game with none of its modules imported: one that a table imported (a hand panel's
    # drawing) would hide from the next table an import of the package that the module brings with it.
    for m in sorted(m for m in sys.modules if m.startswith(pkg) or m == pkg[:-1]):
        forget_module(m)
    try:
        d = Driver(dict(start, seed=5), name=profile)
    except ValueError:  # a table that cannot seat them
        continue
    seated.append(profile)
    if pkg[:-1] in sys.modules:
        kept.append(profile)
    if len(seated) == 1:
        play(d.table.game)
print("SEATED", ",".join(seated))
print("KEPT", ",".join(kept))
"""


def _run(name):
    fw, tests = str(ROOT / "firmware"), str(ROOT / "tests" / "helpers")
    profiles = sorted(p.stem for p in (ROOT / "hardware" / "profiles").glob("*.json"))
    got = subprocess.run([sys.executable, "-c", SCRIPT % {"fw": fw, "tests": tests, "name": name, "profiles": profiles}],
                         capture_output=True, text=True, timeout=300)
    assert got.returncode == 0, got.stderr[-2000:]
    return {ln.split()[0]: ln.split()[1:] for ln in got.stdout.splitlines()}


@pytest.mark.parametrize("name", index.names())
def test_a_game_s_play_imports_nothing_its_setup_did_not(name):
    lines = _run(name)
    assert lines["SEATED"], "no shipped table seats %s as its bench starts it" % name
    line = lines["PLIES"]
    plies, later = int(line[0]), " ".join(line[2:])
    assert plies > 20, line  # a game played well into its turns
    assert later == "", ("%s imported %s during play: add them to its state's reads(), and get them with "
                         "compat.module (docs/games.md)" % (name, later))
    # The package is set aside on every table that seats the game, a table with hand panels too.
    assert lines["KEPT"] == [], "the table did not set the package aside on %s" % lines["KEPT"][0]


# The same on the board's interpreter, .mpy files: there `from nightboard.games.<name>.state import X` imports
# the package again even when state is loaded (CPython takes the loaded module and does not look at the package).
BOARD_SCRIPT = r"""
import sys
from nightboard.compat import forget_module
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once

pkg = "nightboard.games.%(name)s"
seated, kept = [], []
# every profile read first: reading one needs an 8 KB block, which a heap that held a few tables may not have
# in one piece (a board reads its one profile at boot)
profs = [(p, load_profile_once("hardware/profiles/%%s.json" %% p)) for p in %(profiles)r]
for profile, prof in profs:
    t = None
    for m in sorted(m for m in sys.modules if m.startswith(pkg + ".") or m == pkg):
        forget_module(m)
    try:
        t = Table(prof, make_sim_hal(prof), %(start)r)
    except ValueError:  # a table that cannot seat them
        continue
    seated.append(profile)
    if pkg in sys.modules:
        kept.append(profile)
print("SEATED", ",".join(seated))
print("KEPT", ",".join(kept))
"""


@pytest.mark.micropython
@pytest.mark.parametrize("name", index.names())
def test_the_board_sets_a_game_s_package_aside_on_every_table_that_seats_it(name):
    from mpy_harness import run_mpy

    think = index.tools(name)["bench"]["thinking"]
    start = dict(think["options"], game=name, players=think["players"], seed=5)
    profiles = sorted(p.stem for p in (ROOT / "hardware" / "profiles").glob("*.json"))
    # five tables, one after another, in one heap: the virtual board's (a Pico's in the 64-bit port's larger
    # objects), where mpy_harness's stricter one runs out on a heap left in pieces (a board builds one table)
    out = run_mpy(BOARD_SCRIPT % {"name": name, "profiles": profiles, "start": start}, compiled=True, heap="344k")
    lines = {ln.split()[0]: ln.split()[1:] for ln in out.splitlines()}
    assert lines["SEATED"], "no shipped table seats %s as its bench starts it" % name
    assert lines["KEPT"] == [], "the table did not set the package aside on %s" % lines["KEPT"][0]
