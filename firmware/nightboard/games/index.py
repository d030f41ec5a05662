"""The index of games: the one file outside a game's package that names it. A game is added by its line.

Everything else (the start menu, tablefit, the protocol, saves, records and the host's commands)
reads a game's facts, nightboard.games.<name>.GAME, through here.
"""

GAMES = (
    "vampiring",
    "dracula",
)


def names():
    return list(GAMES)


def module(name):
    """A game's package: GAME, new_game(seed, players, **options), from_json(obj). ValueError if unknown."""
    if not isinstance(name, str) or name not in GAMES:
        raise ValueError("unknown game %s (known: %s)" % (repr(name)[:40], ", ".join(GAMES)))
    return __import__("nightboard.games." + name, None, None, ["GAME"])


def facts(name):
    return module(name).GAME


def default():
    """The game a request or a record that names none means."""
    return GAMES[0]
