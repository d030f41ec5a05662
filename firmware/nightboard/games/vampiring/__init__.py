"""VampiRing: 2 to 6 vampire families move at once around a ring of cards (a simultaneous game).

GAME is what the table knows of it, TOOLS in tools.py what the host's tools and records add (the
contract: docs/games.md). The engine is state.py, with its movement and fights in turn.py and its
cards in cards.py, the board's player in mind.py; they are imported only when a game is set up (the mind
only when the board plays a family), so that the start menu can read GAME without loading them.
"""

GAME = {
    "name": "vampiring",
    "title": "VampiRing",
    "called": "VampiRing",  # how a sentence names it
    "players": (2, 6),
    # (name, values): the first value is the default; the start menu offers them in this order
    # quiet: V16's limit, turns in a row without a wound that end the game (0: none); board: the families
    # the board plays ("others": every family but red; "last": the last one; any set from the command line
    # or the protocol, e.g. "2,3"), at its level
    "options": (("variant", ("castle", "mansion")), ("preview", (True, False)), ("quiet", (30, 0, 20, 50)),
                ("board", ("none", "others", "last")), ("level", (2, 1, 3))),
    "surface": ("ring", 2, 8),  # a ring of 2N+8 cards for N families
    "table": ("nightboard.games.vampiring.play", "VampiRingPlay"),
    "words": ("nightboard.games.vampiring.say", "words"),  # its actions in words (the protocol's seat request)
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
