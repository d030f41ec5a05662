"""Dracula's decisions over seeded positions, timed on the unix port (bench.decision_cost), with the heap in
use after each (collected) at its fullest. PATH (the positions, one JSON state a line) and LEVEL written in
(mpy_runner.filled). Prints one JSON line: mean_us, max_us, heap_in_use."""

import json, time, gc
from nightboard.games.dracula import state as D
from nightboard.games.dracula.mind import decide
worst = 0
tot = 0
count = 0
peak = 0
with open(PATH) as fh:
    for line in fh:
        g = D.from_json(json.loads(line))
        line = None
        gc.collect()
        t0 = time.ticks_us()
        decide(g.map, g.view(), g.room, g.prng, LEVEL)
        dt = time.ticks_diff(time.ticks_us(), t0)
        tot += dt
        count += 1
        if dt > worst:
            worst = dt
        gc.collect()
        a = gc.mem_alloc()
        if a > peak:
            peak = a
        g = None
print(json.dumps({"mean_us": tot // count, "max_us": worst, "heap_in_use": peak}))
