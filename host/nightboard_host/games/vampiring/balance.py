"""VampiRing in the balance bench (bench/balance.py): one seeded game with the board at every family's seat,
at its default level (2), and the menu's defaults (the castle ring, preview on, 30 quiet turns)."""

from nightboard.games import vampiring as R
from nightboard.table.palette import SEAT_NAMES

MOST_ACTIONS = 100000  # far beyond any game: a game still going then is a fault, not a result


def outcome(seed, families):
    """The families (by seat colour), the one that won (none when no family won), and the turns."""
    g = R.new_game(seed, families, quiet=30)
    for _ in range(MOST_ACTIONS):
        if g.over:
            break
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    else:
        raise RuntimeError("seed %d, %d at the table: still going after %d actions" % (seed, families, MOST_ACTIONS))
    return {"sides": SEAT_NAMES[:families], "won": [SEAT_NAMES[w] for w in g.result()["winners"]],
            "length": g.turn}
