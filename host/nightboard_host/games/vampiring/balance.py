"""VampiRing in the balance bench (bench/balance.py): one seeded game with the board at every family's seat,
at its default level (2), and the menu's defaults (the castle ring, preview on, 30 quiet turns)."""

from nightboard.games import vampiring as R
from nightboard.table.palette import SEAT_NAMES


def outcome(seed, families):
    """The families (by seat colour), the one that won (none when no family won), and the turns."""
    g = R.new_game(seed, families, quiet=30)
    while not g.over:
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    return {"sides": SEAT_NAMES[:families], "won": [SEAT_NAMES[w] for w in g.result()["winners"]],
            "length": g.turn}
