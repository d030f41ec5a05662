"""VampiRing: 2 to 6 vampire families move at once around a ring of cards (a simultaneous game).

GAME is what the table knows of it, TOOLS in tools.py what the host's tools and records add (the
contract: docs/games.md). The engine is state.py, with its movement and fights in turn.py and its
cards in cards.py; they are imported only when a game is set up, so that the start menu can read
GAME without loading them.
"""

GAME = {
    "name": "vampiring",
    "title": "VampiRing",
    "called": "VampiRing",  # how a sentence names it
    "players": (2, 6),
    # (name, values): the first value is the default; the start menu offers them in this order
    "options": (("variant", ("castle", "mansion")), ("preview", (True, False))),
    "surface": ("ring", 2, 8),  # a ring of 2N+8 cards for N families
    "table": ("nightboard.table.vampiring_play", "VampiRingPlay"),
    "colour": (255, 0, 0),
    "hides": True,  # it has hidden facts (the choices not yet revealed (and a board family's)): its seed is the board's own, shown at the end
}


def new_game(*args, **options):
    """new_game(seed, players, **options): see state.py."""
    from nightboard.games.vampiring.state import new_game

    return new_game(*args, **options)


def from_json(obj):
    from nightboard.games.vampiring.state import from_json

    return from_json(obj)
