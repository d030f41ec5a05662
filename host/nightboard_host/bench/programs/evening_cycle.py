"""Game after game on one table under MicroPython, the way a port that cannot restart itself plays an evening
(the bare unix port; a board restarts into its menu instead, table/fresh.py): each program started from the
start menu's options, a few frames played, then reset. Prints one JSON line per start: the program, the heap
free just before it started (after a collection), whether it started, and the game modules still loaded once
it had been reset. PROFILE (a profile file), STARTS and GAMES are put in front of it (bench/evening.py, and
tests/runtime/test_evening_micropython.py)."""

import gc
import json
import sys

from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once

prof = load_profile_once(PROFILE)
hal = make_sim_hal(prof)
t = Table(prof, hal)


def tick(n):
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()


def loaded():
    return sorted(m for m in sys.modules if m.startswith("nightboard.games.") and m != "nightboard.games.errors")


tick(30)
for k in range(STARTS):
    name = GAMES[k % len(GAMES)]
    gc.collect()
    free = gc.mem_free()
    try:
        t.start_game(t.draw_seed({"game": name}))
        ok = True
    except MemoryError:
        ok = False
    tick(40)
    t.reset()
    tick(5)
    gc.collect()
    print(json.dumps({"k": k, "game": name, "free": free, "ok": ok, "mode": t.mode, "left": loaded()}))
