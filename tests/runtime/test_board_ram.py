"""What leaves the board's RAM when it is not needed (docs/performance.md, "Heap"): the boot module once the
table is built, the start menu and the profile's fit checks while a game is played, the protocol's request
handlers until a host speaks. Run as the board runs them: .mpy files under the MicroPython unix port."""

import json
import shutil

import pytest

from mpy_harness import ROOT, run_mpy

pytestmark = pytest.mark.micropython

MENU_MODULES = ("nightboard.table.menu", "nightboard.table.tablefit")

# A table on ring4; the menu is set to 3 players before "ok" starts VampiRing, the game is left for the menu.
GAME_AND_BACK = """
import gc, json, sys
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once
prof = load_profile_once('hardware/profiles/ring4.json')
load_profile_once = None  # a function held holds its whole module
%(prelude)s
t = Table(prof, make_sim_hal(prof), None)
out = {'menu_at_boot': [m in sys.modules for m in MENU]}


# In functions: a value left on the top level's stack (the Menu of `t.menu.press(...)`) would stay alive.
def choose():
    t.menu.press('move')
    t.menu.press('mode')  # 3 players
    out['shown'] = list(t.menu.kept())
    t.start_game(t.menu.press('ok'))


def frame():
    t.hal.clock.advance(16)
    t.tick()


def back():
    t.reset()
    frame()
    out['back'] = list(t.menu.kept())
    out['mode'] = t.mode


choose()
frame()
gc.collect()
out['in_game'] = gc.mem_alloc()
out['menu_in_game'] = [m in sys.modules for m in MENU]
out['players'] = t.game.players_count()
back()
out['menu_back'] = [m in sys.modules for m in MENU]
print(json.dumps(out))
"""
KEEP_MODULES = "import nightboard.table.app\nnightboard.table.app.forget_module = lambda path: None\n"


def _game_and_back(prelude=""):
    code = ("MENU = %r\n" % (MENU_MODULES,)) + GAME_AND_BACK % {"prelude": prelude}
    return json.loads(run_mpy(code, compiled=True).strip().splitlines()[-1])


def test_a_game_takes_the_menu_out_of_ram_and_the_menu_comes_back_as_it_was():
    got = _game_and_back()
    assert got["menu_at_boot"] == [True, True]
    assert got["players"] == 3
    assert got["menu_in_game"] == [False, False]  # menu.py and tablefit.py are not in RAM during the game
    assert got["mode"] == "menu" and got["menu_back"] == [True, True]
    assert got["back"] == got["shown"]  # the game, the field, the players and options the menu showed
    # Nothing else holds them (a function imported by name would hold its whole module): the heap in the game
    # is smaller than with the modules kept, by some 3 KB on a Pico with the code in ROMFS (docs/performance.md);
    # here, with .mpy files whose bytecode is in RAM too and 64-bit objects, by more.
    kept = _game_and_back(KEEP_MODULES)
    assert kept["menu_in_game"] == [True, True]
    saved = kept["in_game"] - got["in_game"]
    print("menu and fit checks out of RAM in a game: %d bytes (64-bit unix port)" % saved)
    assert saved > 2500


def test_the_menu_comes_back_as_it_was_on_cpython_too():
    from nightboard.hal.sim import make_sim_hal
    from nightboard.table.app import Table
    from nightboard.table.tablefit import load_profile_once

    prof = load_profile_once(str(ROOT / "hardware" / "profiles" / "ring4.json"))
    t = Table(prof, make_sim_hal(prof), None)
    t.menu.press("mode")  # the second game
    t.menu.press("move")
    shown = t.menu.kept()
    t.start_game(t.menu.press("ok"))
    assert t._menu is None
    t.reset()
    assert t.menu.kept() == shown
    # A game the host started, not the one the menu showed: the menu then shows that game.
    t.start_game({"game": "vampiring", "players": 2})
    t.reset()
    assert t.menu.kept()[0] == "vampiring"


BOOT = """
import json, os, sys
os.chdir(%(where)r)
from nightboard.boot import start
t = start()
start = None
print(json.dumps({'boot': 'nightboard.boot' in sys.modules, 'mode': t.mode, 'handlers': t.services[0].kinds is not None,
                  'handlers_loaded': 'nightboard.table.protocol_kinds' in sys.modules}))
"""


def test_the_boot_module_leaves_ram_once_the_table_is_built(tmp_path):
    shutil.copy(ROOT / "hardware" / "profiles" / "ring4.json", tmp_path / "profile.json")
    got = json.loads(run_mpy(BOOT % {"where": str(tmp_path)}, compiled=True, stdin="").strip().splitlines()[-1])
    assert got == {"boot": False, "mode": "menu", "handlers": False, "handlers_loaded": False}


def test_the_request_handlers_come_with_a_request_and_go_when_the_host_is_quiet():
    from nightboard.hal.sim_serial import SimSerial
    from nightboard.table.protocol import QUIET_POLLS, Protocol
    from table_driver import Driver

    d = Driver(name="ring4")
    port = SimSerial()
    p = Protocol(port)
    assert p.kinds is None and p._line is None  # nothing of a host's in RAM before one speaks
    port.feed(b'@nb {"id": 1, "req": "hello"}\n')
    assert p.poll(d.table, 0) and p.kinds is not None
    assert json.loads(port.take().split(b" ", 1)[1])["ok"]
    for k in range(QUIET_POLLS - 1):
        assert not p.poll(d.table, k)
    assert p.kinds is not None
    port.feed(b'@nb {"id": 2, "req": "state"}\n')  # a request starts the count again
    assert p.poll(d.table, 0)
    for k in range(QUIET_POLLS - 1):
        p.poll(d.table, k)
    assert p.kinds is not None
    p.poll(d.table, 0)
    assert p.kinds is None and p._line is None
    port.take()
    port.feed(b'@nb {"id": 3, "req": "hello"}\n')  # and back at the next one
    assert p.poll(d.table, 0) and p.kinds is not None
    assert json.loads(port.take().split(b" ", 1)[1])["id"] == 3


def test_a_host_that_sent_only_garbage_leaves_no_line_buffer_behind():
    from nightboard.hal.sim_serial import SimSerial
    from nightboard.table.protocol import QUIET_POLLS, Protocol
    from table_driver import Driver

    d = Driver(name="ring4")
    port = SimSerial()
    p = Protocol(port)
    port.feed(b"not a request\n")
    assert p.poll(d.table, 0) and p.kinds is None and p._line is not None
    assert b"not a protocol line" in port.take()
    for k in range(QUIET_POLLS):
        p.poll(d.table, k)
    assert p._line is None


QUIET = """
import json, sys
from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.protocol import QUIET_POLLS, Protocol
from nightboard.table.tablefit import load_profile_once
prof = load_profile_once('hardware/profiles/ring4.json')
t = Table(prof, make_sim_hal(prof), None)
port = SimSerial()
p = Protocol(port)
port.feed(b'@nb {"id": 1, "req": "hello"}\\n')
p.poll(t, 0)
out = [p.kinds is not None, 'nightboard.table.protocol_kinds' in sys.modules]
port.feed(b'@nb {"id": 2, "req": "state"}')  # half a line when the host goes quiet: its bytes are kept
for k in range(QUIET_POLLS):
    p.poll(t, k)
out += [p.kinds is not None, 'nightboard.table.protocol_kinds' in sys.modules, p._line is not None]
port.feed(b'\\n')
p.poll(t, 0)
out.append(json.loads(port.take().split(b'\\n')[-2][4:])['id'])
print(json.dumps(out))
"""


def test_a_quiet_host_leaves_the_handlers_out_of_the_boards_ram():
    assert json.loads(run_mpy(QUIET, compiled=True).strip().splitlines()[-1]) == [True, True, False, False, True, 2]


# A board that restarts after every game (hal.soft_reset: table/fresh.py) keeps its profile as JSON text while a
# game is played, and makes it again when asked.
PROFILE_AGAIN = """
import gc, json, sys
from nightboard.hal.sim import make_sim_hal
from nightboard.table import protocol_kinds as K
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once
prof = load_profile_once(PROFILE)
load_profile_once = None
t = Table(prof, make_sim_hal(prof, soft_reset=(lambda: None) if RESTARTS else None), None)
prof = None
out = {}


def run():
    gc.collect()
    held = gc.mem_alloc()
    t.start_game({'game': 'vampiring', 'seed': 3})
    out['in_game'] = t.profile is None
    gc.collect()
    out['game_heap'] = gc.mem_alloc() - held
    out['hello'] = K.hello(None, t, {}, 0)['profile']
    out['profile'] = K.profile(None, t, {}, 0)['profile']
    out['after_request'] = t.profile is None
    out['left'] = [m for m in ('nightboard.table.tablefit', 'nightboard.table.menu') if m in sys.modules]
    K.start(None, t, {'game': 'dracula', 'seed': 3}, 0)
    out['second'] = t.program['name']
    out['second_in_game'] = t.profile is None
    t.reset()
    out['menu'] = t.menu.kept()[0]
    out['back'] = t.profile is not None and t.profile['name']


run()
print(json.dumps(out))
"""


@pytest.mark.parametrize("restarts", [True, False])
def test_a_board_that_restarts_after_a_game_keeps_its_profile_as_text_and_makes_it_again_when_asked(restarts):
    from nightboard.table.tablefit import load_profile_once
    from nightboard_host.emulation.virtual_board import DEFAULT_HEAP

    path = str(ROOT / "hardware" / "profiles" / "grid8.json")
    code = "PROFILE = %r\nRESTARTS = %r\n" % (path, restarts) + PROFILE_AGAIN
    # the virtual board's heap: two games' modules are in RAM at once while a start replaces one
    got = json.loads(run_mpy(code, compiled=True, heap=DEFAULT_HEAP).strip().splitlines()[-1])
    want = json.loads(json.dumps(load_profile_once(path)))
    print("heap a game took, restarts=%s: %d B (64-bit unix port)" % (restarts, got["game_heap"]))
    assert got["in_game"] is restarts and got["after_request"] is restarts  # kept where the table stays up
    assert got["hello"] == "grid8" and got["profile"] == want  # the very profile, read again for the host
    assert got["left"] == []  # the menu's modules stay out of RAM while a game is played
    assert got["second"] == "dracula" and got["second_in_game"] is restarts  # a start in a game reads it too
    assert got["menu"] == "dracula" and got["back"] == "grid8"  # the menu has it again
