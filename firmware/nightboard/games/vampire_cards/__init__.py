"""Vampire, the card game: hidden hands; one player becomes the Vampire with bones and bites the rest,
who defend, heal each other with feathers and try to escape with five cards of a suit.

GAME is what the table knows of it, TOOLS in tools.py what the host's tools and records add (the
contract: docs/games.md). The engine is state.py (the turn
flow in flow.py, the actions in moves.py, the deck in deck.py, positions in pos.py, the board's player
in mind.py); they are imported only when a game is set up, so the start menu reads GAME alone.
The decisions where the rules are silent: docs/vampire_cards-rules-notes.md (ids C1..C14).
"""

GAME = {
    "name": "vampire_cards",
    "title": "Vampire (the card game)",
    "called": "Vampire, the card game",  # how a sentence names it
    "players": (3, 6),
    # dawn: the rounds after which the night is counted (C12); 0 switches the limit off
    # board: how many seats the board plays (the last ones), so that one person can play against it
    "options": (("dawn", (15, 25, 0)), ("board", (0, 1, 2, 3, 4, 5, 6))),
    # per seat its bite and its feathers or escape, and the Vampire's bones; on a table with private hand
    # panels, a hand of 6 cards there (a row per card, its value as lights lit) and the choice: 10 x 7
    "surface": ("ring", 2, 4, ("hand", 10, 7)),
    "table": ("nightboard.games.vampire_cards.play", "VampireCardsPlay"),
    "words": ("nightboard.games.vampire_cards.say", "words"),  # its actions in words (the protocol's seat request)
    "colour": (255, 150, 0),  # amber in the start menu
    "hides": True,  # it has hidden facts (the hands and the pile): its seed is the board's own, shown at the end
}


def new_game(seed, players=3, dawn=15, board=0, deck=None):
    from nightboard.games.vampire_cards.state import new_game

    return new_game(seed, players, dawn, board, deck)


def from_json(obj):
    from nightboard.games.vampire_cards.pos import from_json

    return from_json(obj)
