"""VampiRing in the balance bench (bench/balance.py): one seeded game with the board at every family's seat,
at its default level (2), and the menu's defaults (the castle ring, preview on, 30 quiet turns)."""

from nightboard.games import vampiring as R
from nightboard.table.palette import SEAT_NAMES
from nightboard_host.bench.balance import play_out


def outcome(seed, families):
    """The families (by seat colour), the one that won (none when no family won), and the turns."""
    g = R.new_game(seed, families, quiet=30)
    play_out(g, seed, families)
    return {"sides": SEAT_NAMES[:families], "won": [SEAT_NAMES[w] for w in g.result()["winners"]],
            "length": g.turn}
