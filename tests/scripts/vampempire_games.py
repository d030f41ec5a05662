# VampEmpire seeded games, random legal play (and the board's own play for every 3rd game), on
# whichever interpreter runs this; one JSON line per game. Expects GAMES_FROM, GAMES_COUNT defined.
import json

from nightboard.games import vampempire as M
from nightboard.prng import Prng

for seed in range(GAMES_FROM, GAMES_FROM + GAMES_COUNT):  # noqa: F821
    g = M.new_game(seed, 2 + seed % 3)
    rng = Prng(seed + 1000)
    board = seed % 3 == 0
    for _ in range(3000):
        if g.result() is not None:
            break
        seat = g.to_move()[0]
        if board:
            g.apply(seat, g.board_move(seat))
        else:
            legal = g.legal(seat)
            g.apply(seat, legal[rng.below(len(legal))])
    print(json.dumps([g.to_json(), g.result()]))
