"""Vampire Nights in the balance bench (bench/balance.py): one seeded game with the board at every seat and
the menu's defaults (6 bites, marks on)."""

from nightboard.games import vampire_nights as N
from nightboard.table.palette import SEAT_NAMES
from nightboard_host.bench.balance import play_out


def outcome(seed, players):
    """The seats (by colour), the ones that won (a tie names several), and the turns."""
    g = N.new_game(seed, players)
    play_out(g, seed, players)
    return {"sides": SEAT_NAMES[:players], "won": [SEAT_NAMES[w] for w in g.result()["winners"]],
            "length": g.turn}
