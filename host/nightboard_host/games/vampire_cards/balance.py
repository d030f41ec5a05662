"""Vampire, the card game, in the balance bench (bench/balance.py): one seeded game with the board at every
seat, at its default level (2), and the menu's default dawn (15 rounds)."""

from nightboard.games import vampire_cards as V
from nightboard_host.bench.balance import play_out

SIDES = ("Vampire", "players")


def outcome(seed, players):
    """The sides, the sides that won (none when nobody declared before dawn), the rounds and how it ended."""
    g = V.new_game(seed, players)
    play_out(g, seed, players)
    won = g.winners or []
    return {"sides": SIDES, "won": [side for side, seats in zip(SIDES, (
        [s for s in won if s == g.vampire], [s for s in won if s != g.vampire])) if seats],
        "length": g.night, "end": g.end if g.vampire >= 0 or g.end != "dawn" else "dawn, nobody declared"}
