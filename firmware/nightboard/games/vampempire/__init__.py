"""VampEmpire: 2 to 4 asymmetric vampires (the Baroness, the Tyrant, the Feathered One, the Lumbering
Beast) take turns on an 8x8 hex map, gather bodies, overtake communities for soul, and race to enter the
Vatican with 10 soul.

GAME is what the table knows of it, TOOLS in tools.py what the host's tools and records add (the
contract: docs/games.md). The engine is state.py (the Night in night.py, trades in afternoon.py,
the vampires and the ritual deck in pieces.py, rituals' effects in effects.py, the map in board.py, outside input in pos.py, words in words.py,
the board's player in mind.py); they are imported only when a game is set up.
"""

GAME = {
    "name": "vampempire",
    "title": "VampEmpire",
    "called": "VampEmpire",
    "players": (2, 4),
    # beast: "move" (the Lumbering Beast moves one hex a move) or "turn" (one hex a Night, notes L1);
    # rounds: the game ends after this many rounds if nobody has entered the Vatican (T6);
    # board: how many seats the board plays, the last ones (T10); size: the side of the hex map, played on
    # a hex grid table (hex8) or a square grid under a printed overlay (grid8) of at least that many cells a side
    "options": (("board", (0, 1, 2, 3)), ("beast", ("turn", "move")), ("rounds", (30, 20, 40)), ("size", (8,))),
    # on a table with private hand panels, a ritual a row and the choice on the last: 10 x 7
    "surface": ("hex", "size", ("hand", 10, 7)),
    "table": ("nightboard.games.vampempire.play", "VampEmpirePlay"),
    "words": ("nightboard.games.vampempire.words", "words"),  # its actions in words (the protocol's seat request)
    "colour": (150, 0, 40),
    "hides": True,  # it has hidden facts (the ritual deck and the hands): its seed is the board's own, shown at the end
}


def new_game(seed, players=2, board=0, beast="turn", rounds=30, size=8, vampires=None):
    from nightboard.games.vampempire.state import new_game

    return new_game(seed, players, beast, rounds, size, vampires, board)


def from_json(obj):
    from nightboard.games.vampempire.state import from_json

    return from_json(obj)
