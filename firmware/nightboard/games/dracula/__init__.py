"""The Dracula hunt: 1 to 4 hunters take turns against Dracula, whom the board plays and hides.

GAME is what the table knows of it, TOOLS in tools.py what the host's tools and records add (the
contract: docs/games.md). The engine is state.py (its transitions in rules.py, the hunters'
knowledge in know.py, the map in map.py, his mind in mind.py); they are imported only when a game
is set up, so that the start menu can read GAME without them.
"""

GAME = {
    "name": "dracula",
    "title": "Dracula hunt",
    "called": "the Dracula hunt",  # how a sentence names it
    "players": (1, 4),
    # level 2 first (the default, the fair one: he wins about half the games against good hunters), then 3
    # (strongest) and 1 (gentle, for children); sizes that fit 8x8
    "options": (("rules", ("playtest", "classic")), ("level", (2, 3, 1)), ("size", (5, 7, 3))),
    "surface": ("grid", "size"),  # a square map whose side is the option "size"
    "table": ("nightboard.games.dracula.play", "DraculaPlay"),
    "words": ("nightboard.games.dracula.say", "words"),  # its actions in words (the protocol's seat request)
    "colour": (255, 0, 110),
    "hides": True,  # it has hidden facts (Dracula's room): its seed is the board's own, shown at the end
}


def new_game(*args, **options):
    """new_game(seed, players, **options): see state.py."""
    from nightboard.games.dracula.state import new_game

    return new_game(*args, **options)


def from_json(obj):
    from nightboard.games.dracula.state import from_json

    return from_json(obj)
