"""VampiRing: 2 to 6 vampire families move at once around a ring of cards (a simultaneous game).

GAME is what every tool knows of it (the contract: docs/games.md). The engine is state.py, with
its movement and fights in turn.py and its cards in cards.py; they are imported only when a game
is set up, so that the start menu can read GAME without loading them.
"""

GAME = {
    "name": "vampiring",
    "title": "VampiRing",
    "format": 1,
    "called": "VampiRing",  # how a sentence names it
    "seat_words": ("family", "families"),
    "profile": "ring4",  # the shipped table it is played on by default (host)
    "flags": {},  # the host's command-line flag of an option, when not --<name> (--no-<name> for a default true)
    "players": (2, 6),
    # (name, values): the first value is the default; the start menu offers them in this order
    "options": (("variant", ("castle", "mansion")), ("preview", (True, False))),
    "setup": ("seed", "families", "variant", "preview"),  # the fields of a record's setup (new_game's arguments)
    "surface": ("ring", 2, 8),  # a ring of 2N+8 cards for N families
    "board_seats": (),  # seats the board plays besides the players'
    "table": ("nightboard.table.vampiring_play", "VampiRingPlay"),
    "explain": "nightboard_host.explain",  # the host's words for its records (nightboard replay)
    "turn_words": ("turn", "turns"),
    "snapshot_turns": "nightboard_host.snapshot:play_turns",  # the host's fixed play of k turns (snapshot)
    "colour": (255, 0, 0),
}


def new_game(seed, families=2, variant="castle", preview=True):
    from nightboard.games.vampiring.state import new_game

    return new_game(seed, families, variant, preview)


def from_json(obj):
    from nightboard.games.vampiring.state import from_json

    return from_json(obj)
