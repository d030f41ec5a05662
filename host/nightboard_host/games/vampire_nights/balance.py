"""Vampire Nights in the balance bench (bench/balance.py): one seeded game with the board at every seat and
the menu's defaults (6 bites, marks on)."""

from nightboard.games import vampire_nights as N
from nightboard.table.palette import SEAT_NAMES


def outcome(seed, players):
    """The seats (by colour), the ones that won (a tie names several), and the turns."""
    g = N.new_game(seed, players)
    while not g.over:
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    return {"sides": SEAT_NAMES[:players], "won": [SEAT_NAMES[w] for w in g.result()["winners"]],
            "length": g.turn}
