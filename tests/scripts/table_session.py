"""A scripted session on the simulated table; prints every third frame (hex), then the state and
the allocation counts as JSON lines.

Run by the tests under CPython and MicroPython: the frames must match and no
steady-state frame may allocate. Set PROFILE before running (default ring4).
"""

import gc
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

from binascii import hexlify


def tick(n=1, keep=True):
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()
        if keep and t.frames % 3 == 0:
            print(hexlify(hal.pixels.last).decode())


def saved():
    """Frames until the last turn's save is done (it runs a bounded part a frame): not steady state."""
    while t._save_due or t._publish_upto >= 0 or t.saves.pending:
        tick(1)


def tap(p, role):
    b = t.button_id(p, role)
    hal.buttons.press(b)
    tick(5)
    hal.buttons.release(b)
    tick(3)


def alloc_per_frame(n):
    if not hasattr(gc, "mem_alloc"):  # CPython: counted only under MicroPython
        tick(n, keep=False)
        return None
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    tick(n, keep=False)
    b = gc.mem_alloc()
    gc.enable()
    return b - a


allocs = {}
tick(10)
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
