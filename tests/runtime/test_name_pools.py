"""Every game, played with a host talking to the table, fits MicroPython's first six pools of interned names.

MicroPython interns every name of the code it loads, for good, in pools of 20, 40 ... 640 entries; the 1,261st
name makes a seventh pool of 1,280 entries at once: 7,840 B on a Pico, a cliff in the heap budget
(docs/performance.md, "Interned names come in pools that double" and "An evening"). A host's first request
imports the protocol's request handlers, whose names come on top of the game's. Vampire Nights was over the
line with them (1,265 names) until the handlers were named as their kinds. Counted on the unix port, .mpy files,
grid8 (it seats every game), the table booted as main.py boots it (the protocol first): the count on the board
differs by the hal's modules, so this is a tripwire for growth, not the board's own figure.
"""

import json

import pytest

from mpy_harness import run_mpy

pytestmark = pytest.mark.micropython

SIX_POOLS = 20 + 40 + 80 + 160 + 320 + 640  # names the first six pools hold

PLAYED = """
import gc, json, micropython
from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.protocol import Protocol
protocol = Protocol(SimSerial())
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once
prof = load_profile_once('hardware/profiles/grid8.json')
load_profile_once = None
hal = make_sim_hal(prof)
t = Table(prof, hal)
t.services.append(protocol)


def frames(n):
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()


frames(5)
t.start_game(t.draw_seed({'game': GAME}))
frames(200)
import nightboard.table.protocol_kinds  # a host's first request
frames(5)
gc.collect()
micropython.qstr_info()
"""


def _names(game):
    out = run_mpy("GAME = %s\n" % json.dumps(game) + PLAYED, heap="344k", compiled=True)
    line = [ln for ln in out.splitlines() if ln.startswith("qstr pool:")][-1]
    fields = dict(kv.split("=") for kv in line[len("qstr pool:"):].replace(",", "").split())
    return int(fields["n_qstr"]), int(fields["n_pool"])


def _games():
    from nightboard.games import index

    return index.names()


@pytest.mark.parametrize("game", _games())
def test_a_game_with_a_host_talking_keeps_its_names_in_six_pools(game):
    names, pools = _names(game)
    print("%s: %d names in %d pools" % (game, names, pools))
    assert names <= SIX_POOLS and pools == 6, (game, names, pools)
