"""Any game of the index played at random, and twins along the play: positions that differ only in a hidden fact."""

from nightboard.games import index
from nightboard.prng import Prng


def new_game(name, seed, players=None):
    """A new game of `name`; without `players`, a count in the game's range that the seed picks."""
    mod = index.module(name)
    lo, hi = mod.GAME["players"]
    return mod.new_game(seed, players if players is not None else lo + seed % (hi - lo + 1))


def board_seats(g, facts):
    names = g.seats()
    return [names.index(s) for s in facts["board_seats"]]


def random_step(g, facts, rng):
    """One random legal step: a seat to move, and a random legal action (the board chooses its own)."""
    seats = g.to_move()
    seat = seats[rng.below(len(seats))]
    if seat in board_seats(g, facts):
        return seat, None, g.apply(seat, None)
    legal = g.legal(seat)
    a = legal[rng.below(len(legal))]
    return seat, a, g.apply(seat, a)


def _secrets(name):
    return __import__("nightboard.games.%s.secrets" % name, None, None, ["twins"])


def twins_along_play(name, seeds, steps=40):
    """(state, twin, seats that may know) at random points of random games."""
    mod = index.module(name)
    facts = index.tools(name)
    for seed in seeds:
        g = new_game(name, seed)
        rng = Prng(seed + 77)
        for _ in range(steps):
            if g.result() is not None:
                break
            for d, knowers in _secrets(name).twins(g)[:4]:
                yield g.copy(), mod.from_json(d), knowers
            random_step(g, facts, rng)
