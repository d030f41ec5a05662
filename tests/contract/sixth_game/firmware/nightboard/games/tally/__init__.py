"""Tally, the sixth game that docs/games.md is checked by (tests/contract/test_sixth_game.py): two players take
turns adding 1 or 2 to a tally; who brings it to the goal, 10 or 11 and hidden until then, wins."""

GAME = {
    "name": "tally",
    "title": "Tally",
    "called": "the tally",
    "players": (2, 2),
    "options": (),
    "surface": ("ring", 0, 11),  # the tally's 11 places, whatever the number of players
    "table": ("nightboard.games.tally.play", "TallyPlay"),
    "colour": (200, 0, 40),
    "hides": True,  # the goal
}


def new_game(seed, players=2):
    from nightboard.games.tally.state import new_game

    return new_game(seed, players)


def from_json(obj):
    from nightboard.games.tally.pos import from_json

    return from_json(obj)
