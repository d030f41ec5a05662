"""The board's decisions in seeded board-only 4-player games, timed on the unix port (bench.decision_cost); the
first, which imports the mind, apart; the heap in use after the last game, collected (a budget of make bench,
< 65536 B). GAMES (how many games) written in (mpy_runner.filled). Prints one JSON line."""

import gc, time, json
from nightboard.games import vampempire as M
n = 0
total = 0
worst = 0
first = 0
for seed in range(GAMES):
    g = M.new_game(seed, 4)
    while g.result() is None:
        s = g.to_move()[0]
        t = time.ticks_us()
        a = g.board_move(s)
        dt = time.ticks_diff(time.ticks_us(), t)
        if n == 0:
            first = dt  # includes importing the mind
        else:
            total += dt
            if dt > worst:
                worst = dt
        n += 1
        g.apply(s, a)
gc.collect()
print(json.dumps({"decisions": n, "mean_us": total // (n - 1), "worst_us": worst, "first_us": first,
                  "heap_after_game": gc.mem_alloc()}))
