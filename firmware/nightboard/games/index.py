"""The index of games: the one file outside a game's package that names it. A game is added by its line.

Everything else (the start menu, tablefit, the protocol, saves, records and the host's commands)
reads a game's facts through here: GAME (nightboard.games.<name>, what the board needs) and, on
the host, its TOOLS (nightboard.games.<name>.tools).
"""

GAMES = (
    "vampiring",
    "dracula",
    "vampire_cards",
    "vampire_nights",
    "vampempire",
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


def tools(name):
    """A game's facts for the host and records: GAME and its TOOLS (games/<name>/tools.py) together."""
    out = dict(facts(name))
    out.update(__import__("nightboard.games.%s.tools" % name, None, None, ["TOOLS"]).TOOLS)
    return out


def default():
    """The game a request or a record that names none means."""
    return GAMES[0]
