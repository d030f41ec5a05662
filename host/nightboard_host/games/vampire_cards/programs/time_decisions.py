"""The board's decisions in seeded all-board 4-player games on the unix port (bench.micropython): the heap in
use after each step, collected, at its fullest, and the slowest decision. GAMES (how many games) written in
(mpy_runner.filled). Prints the worst heap bytes, the worst microseconds and the steps, on one line.
deck and moves are imported unnamed: the heap measured holds them, as the table's does."""

import gc, time
from nightboard.games import vampire_cards as V
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import moves as MV
worst_heap = 0
worst_us = 0
n = 0
for seed in range(GAMES):
    g = V.new_game(seed, 4)
    while not g.over:
        s = g.to_move()[0]
        t0 = time.ticks_us()
        a = g.board_move(s)
        worst_us = max(worst_us, time.ticks_diff(time.ticks_us(), t0))
        g.apply(s, a)
        n += 1
        gc.collect()
        worst_heap = max(worst_heap, gc.mem_alloc())
print(worst_heap, worst_us, n)
