"""The heap in use, collected after each decision, at the fullest point of a 4-player game the board plays in
every seat (bench.heap), code and mind included. SEED (the game's seed) written in (mpy_runner.filled). Prints
one JSON line."""

import gc, json
gc.collect()
from nightboard.games import vampire_nights as VN
g = VN.new_game(SEED, 4)
from nightboard.games.vampire_nights import mind
peak = 0
n = 0
while g.result() is None:
    s = g.to_move()[0]
    g.apply(s, g.board_move(s))
    n += 1
    gc.collect()
    peak = max(peak, gc.mem_alloc())
print(json.dumps({"heap_peak": peak, "decisions": n, "over": g.over}))
