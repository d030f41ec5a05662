"""Play seeded random VampiRing games and print each final state as one JSON line.

Run by the tests under both CPython and MicroPython: the outputs must match.
Usage: FIRST COUNT given as the globals GAMES_FROM / GAMES_COUNT, or defaults.
"""

import json

from nightboard.games.vampiring import state as V
from nightboard.prng import Prng


def play(seed):
    families = 2 + seed % 5
    g = V.new_game(seed, families, ("castle", "mansion")[seed % 2], seed % 3 != 0)
    r = Prng(seed + 100000)
    turns = 0
    while not g.over and turns < 300:
        order = g.living()
        r.shuffle(order)
        for f in order:  # choices arrive in a random order, one by one
            g.submit(f, r.below(4))
        turns += 1
    return g.to_json()


def main(first, count):
    for seed in range(first, first + count):
        print(json.dumps(play(seed)))


try:
    GAMES_FROM
except NameError:
    GAMES_FROM, GAMES_COUNT = 0, 200
main(GAMES_FROM, GAMES_COUNT)
