"""Vampire Nights in the balance bench (bench/balance.py): one seeded game with the board at every seat and
the menu's defaults (6 bites, marks on)."""

from nightboard.games import vampire_nights as N
from nightboard.table.palette import SEAT_NAMES

MOST_ACTIONS = 100000  # far beyond any game: a game still going then is a fault, not a result


def outcome(seed, players):
    """The seats (by colour), the ones that won (a tie names several), and the turns."""
    g = N.new_game(seed, players)
    for _ in range(MOST_ACTIONS):
        if g.over:
            break
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    else:
        raise RuntimeError("seed %d, %d at the table: still going after %d actions" % (seed, players, MOST_ACTIONS))
    return {"sides": SEAT_NAMES[:players], "won": [SEAT_NAMES[w] for w in g.result()["winners"]],
            "length": g.turn}
