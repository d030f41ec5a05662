"""The self-test on the simulated table, button 1 stuck from the start, every other button pressed once the walk
is done; run with PROFILE defined in front. Prints two JSON lines: the report (with the LED walk seen), and
the heap allocated over 20 frames of the segments and of the walk (MicroPython only, else null).
"""

import gc
import json
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file  # as main.py boots

prof = load_profile_file("hardware/profiles/%s.json" % PROFILE)
hal = make_sim_hal(prof)
t = Table(prof, hal, {"game": "selftest"})
hal.buttons.press(1)  # stuck from the start
walk = []
allocs = {}


def frame():
    hal.clock.advance(t.frame_ms)
    t.tick()
    if t.play.phase == 1:
        w = hal.pixels.last
        lit = [i for i in range(len(w) // 3) if w[3 * i] or w[3 * i + 1] or w[3 * i + 2]]
        if len(lit) != 1:
            raise SystemExit("walk frame lights %d LEDs" % len(lit))
        if not walk or walk[-1] != lit[0]:
            walk.append(lit[0])


def counted(n=20):
    # heap allocated by the table over n frames (MicroPython only; the walk check is left out meanwhile)
    measure = hasattr(gc, "mem_alloc")
    if measure:
        gc.collect()
        gc.disable()
        a = gc.mem_alloc()
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()
    if measure:
        b = gc.mem_alloc()
        gc.enable()
        return b - a
    return None


allocs["segments"] = counted()
while t.play.phase < 2:
    if t.play.phase == 1 and "leds" not in allocs and t.play.step == 5:
        allocs["leds"] = counted()
        walk.append("measured")
    frame()
for p in range(len(prof["buttons"]["keys"])):
    if p == 1:
        continue
    hal.buttons.press(p)
    for _ in range(5):
        frame()
    hal.buttons.release(p)
    for _ in range(3):
        frame()
r = t.play.report()
r["walk"] = walk
print(json.dumps(r))
print(json.dumps(allocs))
