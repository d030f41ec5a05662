"""A scripted session on the simulated table; prints every third frame (hex), then the state and
the allocation counts as JSON lines.

Run by the tests under CPython and MicroPython: the frames must match and no
steady-state frame may allocate. Set PROFILE before running (default ring4).
"""

import json

from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file

try:
    PROFILE
except NameError:
    PROFILE = "ring4"

prof = load_profile_file("hardware/profiles/%s.json" % PROFILE)
hal = make_sim_hal(prof)
t = Table(prof, hal, {"game": "vampiring", "players": 3, "seed": 21})



allocs = {}
tick(10)
saved()  # the game's first save
allocs["idle"] = alloc_per_frame(30)
b = t.button_id(0, "look")
hal.buttons.press(b)
tick(5)
allocs["look"] = alloc_per_frame(30)
hal.buttons.release(b)
tick(5)
for turn in range(6):
    tap(0, "mode" if turn % 2 else "move")
    tap(1, "ok")
    tap(0, "ok")
    tap(2, "ok")
    if turn == 0:
        tick(2)
        saved()
        allocs["animation"] = alloc_per_frame(40)
    while t.play.animating():
        tick(1)
    if t.game.over:
        break
print(json.dumps(t.game.to_json()))
print(json.dumps(allocs))
