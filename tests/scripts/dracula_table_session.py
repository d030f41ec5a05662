"""A scripted Dracula hunt on the simulated grid table; prints every third frame (hex), then the final
state and the allocation counts as JSON lines.

Run by the tests under CPython and MicroPython: the frames must match and no steady-state frame may
allocate (idle, looking, an action's animation, Dracula's turn after his decision).
"""

import json

from nightboard.hal.files import DirStorage
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.games.dracula.play import PLAY_AT
from nightboard.table.tablefit import load_profile_once as load_profile_file

try:
    START
except NameError:
    START = {"game": "dracula", "players": 3, "seed": 21, "level": 3}

try:
    SAVES_DIR  # a directory for the table's files: on the board they are in flash, not in the heap measured here
except NameError:
    SAVES_DIR = None
prof = load_profile_file("hardware/profiles/grid8.json")
hal = make_sim_hal(prof, storage=DirStorage(SAVES_DIR) if SAVES_DIR else None)
t = Table(prof, hal, START)


def wait_turn():
    for _ in range(600):
        if t.game.over or (t.game.active >= 0 and not t.play.animating()):
            return
        tick(1)


allocs = {}
tick(10)
saved()  # the game's first save
allocs["idle"] = alloc_per_frame(30)
b = t.button_id(1, "look")
hal.buttons.press(b)
tick(5)
allocs["look"] = alloc_per_frame(30)
hal.buttons.release(b)
tick(5)
for step in range(14):
    wait_turn()
    if t.game.over:
        break
    h = t.game.active
    for _ in range(step % 3):
        tap(h, "mode")
    tap(h, "move")
    tap(h, "ok")
    if step == 0:
        tick(2)
        saved()
        allocs["action"] = alloc_per_frame(20)
    if t.game.awaiting() == ["dracula"] and "night" not in allocs:
        for _ in range(300):  # until he has thought (spread over the hold's first frames, which allocate)
            if t.play.night and t.play.thinking.ready:
                break
            tick(1)
        tick(1)
        # the hold's frames until his move is played at its fixed frame (which allocates his events)
        left = PLAY_AT - t.play.hold_frames
        allocs["night"] = alloc_per_frame(left) if left >= 10 else "only %d frames" % left
wait_turn()
print(json.dumps(t.game.to_json()))
print(json.dumps(allocs))
