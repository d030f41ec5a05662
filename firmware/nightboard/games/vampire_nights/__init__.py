"""Vampire Nights: 2 to 4 royal guards explore a mansion for three nights; the board deals, hides and reveals
the rooms, keeps every hand, loot pile and bite card secret, and scores.

GAME is what every tool knows of it (the contract: docs/games.md). The engine is state.py (turns in
turn.py, the night's frame in night.py, the mansion's geometry in mansion.py, the components in
components.py, the board's player in mind.py); they load only when a game is set up.
"""

GAME = {
    "name": "vampire_nights",
    "title": "Vampire Nights",
    "format": 1,
    "called": "Vampire Nights",
    "seat_words": ("player", "players"),
    "profile": "grid8",
    "flags": {"vampire_bites": "--vampire-bites", "marks": "--marks"},
    "players": (2, 4),
    # B1: how many of the 15 bite cards are Vampire (the rest Shield); B2: remove the count-marked tiles
    "options": (("vampire_bites", (6, 5, 7)), ("marks", (True, False))),
    "setup": ("seed", "players", "vampire_bites", "marks"),
    "surface": ("grid", None),
    "board_seats": (),
    "table": None,
    "turn_words": ("turn", "turns"),
    "colour": (150, 0, 60),
}


def new_game(seed, players=2, vampire_bites=6, marks=True):
    from nightboard.games.vampire_nights.state import new_game

    return new_game(seed, players, vampire_bites, marks)


def from_json(obj):
    from nightboard.games.vampire_nights.state import from_json

    return from_json(obj)
