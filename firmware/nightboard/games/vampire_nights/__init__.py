"""Vampire Nights: 2 to 4 royal guards explore a mansion for three nights; the board deals, hides and reveals
the rooms, keeps every hand, loot pile and bite card secret, and scores.

GAME is what the table knows of it, TOOLS in tools.py what the host's tools and records add (the
contract: docs/games.md). The engine is state.py (turns in turn.py, the night's frame in night.py, the
mansion's geometry in mansion.py, the components in components.py, the board's player in mind.py); they
load only when a game is set up.
"""

GAME = {
    "name": "vampire_nights",
    "title": "Vampire Nights",
    "called": "Vampire Nights",
    "players": (2, 4),
    # B1: how many of the 15 bite cards are Vampire (the rest Shield); B2: leave out the count-marked pieces
    # board: how many seats the board plays, the last ones (one person can play against 1 to 3 of it); as
    # many as the players or more: the board plays alone. Older records' "none" and "last" read as 0 and 1
    "options": (("vampire_bites", (6, 5, 7)), ("marks", (True, False)), ("board", (0, 1, 2, 3, 4))),
    # the mansion: one column a player, Entrance + 5 rooms + Garden (N2), on a grid at least 4 wide, 7 high
    # a fixed 7x7 square holds it (tablefit: an integer is the side itself); on a table with private hand
    # panels, a seat's items, loot, bites, Torch peeks, Vampire mark and choice there, a row each (10 x 7)
    "surface": ("grid", 7, ("hand", 10, 7)),
    "table": ("nightboard.games.vampire_nights.play", "VampireNightsPlay"),
    "words": ("nightboard.games.vampire_nights.say", "words"),  # its actions in words (the protocol's seat request)
    "colour": (150, 0, 60),
    "hides": True,  # it has hidden facts (the rooms face down, hands, loot and bite cards): its seed is the board's own, shown at the end
}


def new_game(*args, **options):
    """new_game(seed, players=2, vampire_bites=6, marks=True, board=0): see state.py."""
    from nightboard.games.vampire_nights.state import new_game

    return new_game(*args, **options)


def from_json(obj):
    from nightboard.games.vampire_nights.state import from_json

    return from_json(obj)
