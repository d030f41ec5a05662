"""VampEmpire: 2 to 4 asymmetric vampires (the Baroness, the Tyrant, the Feathered One, the Lumbering
Beast) take turns on an 8x8 hex map, gather bodies, overtake communities for soul, and race to enter the
Vatican with 10 soul.

GAME is what every tool knows of it (the contract: docs/games.md). The engine is state.py (the Night in
night.py, trades in afternoon.py, rituals in rituals.py and effects.py, the map in board.py, outside input
in pos.py, the board's player in mind.py); they are imported only when a game is set up.
"""

GAME = {
    "name": "vampempire",
    "title": "VampEmpire",
    "format": 1,
    "called": "VampEmpire",
    "seat_words": ("vampire", "vampires"),
    "profile": "hex8",
    "flags": {},
    "players": (2, 4),
    # beast: "move" (the Lumbering Beast moves one hex a move) or "turn" (one hex a Night, L1);
    # rounds: the game ends after this many rounds if nobody has entered the Vatican (T6)
    "options": (("beast", ("move", "turn")), ("rounds", (30, 20, 40))),
    "setup": ("seed", "players", "beast", "rounds", "vampires"),
    "surface": ("hex", 8),
    "board_seats": (),
    "table": ("nightboard.table.vampempire_play", "VampEmpirePlay"),
    "turn_words": ("round", "rounds"),
    "colour": (150, 0, 40),
}


def new_game(seed, players=2, beast="move", rounds=30, vampires=None):
    from nightboard.games.vampempire.state import new_game

    return new_game(seed, players, beast, rounds, vampires)


def from_json(obj):
    from nightboard.games.vampempire.state import from_json

    return from_json(obj)
