"""Each level's decisions in seeded all-board games on the unix port (bench.micropython): how many, their mean
and worst microseconds, the most heap one decision allocates, and the heap in use after each turn, collected,
at its fullest. GAMES and FAMILIES written in (mpy_runner.filled). Prints "level n mean worst heap in_use" for
each level, joined by ";"."""

import gc, time
from nightboard.games import vampiring as V
from nightboard.games.vampiring import mind
out = []
for level in (1, 2, 3):
    worst_us = 0
    total = 0
    n = 0
    heap = 0
    in_use = 0
    for seed in range(GAMES):
        g = V.new_game(seed, FAMILIES, quiet=30)
        while not g.over:
            acts = []
            for f in range(g.families):
                if not g.alive(f):
                    acts.append(None)
                    continue
                v = g.view(f)
                gc.collect()
                before = gc.mem_alloc()
                t0 = time.ticks_us()
                acts.append(mind.decide(v, level, g.prng))
                dt = time.ticks_diff(time.ticks_us(), t0)
                heap = max(heap, gc.mem_alloc() - before)
                worst_us = max(worst_us, dt)
                total += dt
                n += 1
            g.apply_actions(acts)
            gc.collect()
            in_use = max(in_use, gc.mem_alloc())
    out.append("%d %d %d %d %d %d" % (level, n, total // n, worst_us, heap, in_use))
print(";".join(out))
