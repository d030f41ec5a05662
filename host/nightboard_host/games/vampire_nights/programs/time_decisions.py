"""The board's decisions (board_move) over seeded positions, timed on the unix port (bench.decision_cost), with
the heap in use just after each (not collected: its garbage counts) at its fullest; the mind imported unnamed
before the first. PATH (the positions, one JSON state a line) written in (mpy_runner.filled). Prints one JSON
line: mean_us, max_us, heap_in_use."""

import json, time, gc
from nightboard.games import vampire_nights as VN
from nightboard.games.vampire_nights import mind
worst = 0
tot = 0
n = 0
peak = 0
with open(PATH) as fh:
    for line in fh:
        g = VN.from_json(json.loads(line))
        line = None
        s = g.to_move()[0]
        gc.collect()
        t0 = time.ticks_us()
        g.board_move(s)
        dt = time.ticks_diff(time.ticks_us(), t0)
        tot += dt
        n += 1
        worst = max(worst, dt)
        a = gc.mem_alloc()
        peak = max(peak, a)
print(json.dumps({"mean_us": tot // n, "max_us": worst, "heap_in_use": peak}))
