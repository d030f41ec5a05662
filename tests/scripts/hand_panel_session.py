"""A session of GAME on the grid8hands table with a seat holding look (its hand on its private hand
panel); prints every third frame (hex), then the heap allocated over FRAMES steady frames as a JSON line.

Run by tests/runtime/test_hand_panel.py under CPython and MicroPython: the frames must match and no
steady-state frame may allocate, with the hand panel lit or dark. Set GAME and STORE before running.
"""

import json

from nightboard.hal.files import DirStorage
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file

prof = load_profile_file("hardware/profiles/grid8hands.json")
load_profile_file = None  # a function held holds its whole module (tablefit leaves RAM during a game)
# The saves go to files (STORE, a folder the test makes), as on the board's flash: the simulation's MemStorage
# would keep each in the heap, a 3 KB block the board never asks for.
hal = make_sim_hal(prof, storage=DirStorage(STORE))  # noqa: F821 - set by the test
t = Table(prof, hal, {"game": GAME, "players": 3, "seed": 5})  # noqa: F821 - set by the test


allocs = {}
tick(10)
saved()
allocs["idle"] = alloc_per_frame(30)
seat = t.play.game.to_move()[0]
for p in range(3):
    hal.buttons.press(t.button_id(p, "look"))
tick(5)
allocs["look"] = alloc_per_frame(int(FRAMES))  # over blinks and the choice's lights
hal.buttons.press(t.button_id(seat, "mode"))
tick(5)
hal.buttons.release(t.button_id(seat, "mode"))
tick(40)
allocs["look_choosing"] = alloc_per_frame(int(FRAMES))
for p in range(3):
    hal.buttons.release(t.button_id(p, "look"))
tick(10)
print(json.dumps(allocs))
