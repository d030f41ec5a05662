"""The Dracula hunt: 1 to 4 hunters take turns against Dracula, whom the board plays and hides.

GAME is what every tool knows of it (the contract: docs/games.md). The engine is state.py (its
transitions in rules.py, the hunters' knowledge in know.py, the map in map.py, his mind in mind.py);
they are imported only when a game is set up, so that the start menu can read GAME without them.
"""

GAME = {
    "name": "dracula",
    "title": "Dracula hunt",
    "format": 1,
    "called": "the Dracula hunt",  # how a sentence names it
    "seat_words": ("hunter", "hunters"),
    "profile": "grid8",  # the shipped table it is played on by default (host)
    "flags": {"size": "--map-size"},  # the host's command-line flag of an option, when not --<name>
    "players": (1, 4),
    # level 2 first (the default), then 3 (strongest) and 1 (gentle, for children); sizes that fit 8x8
    "options": (("rules", ("playtest", "classic")), ("level", (2, 3, 1)), ("size", (5, 7, 3))),
    "setup": ("seed", "hunters", "rules", "level", "size", "map"),  # the fields of a record's setup (new_game's arguments)
    "surface": ("grid", "size"),  # a square map whose side is the option "size"
    "board_seats": ("dracula",),  # the board plays Dracula: the seat after the hunters'
    "table": ("nightboard.table.dracula_play", "DraculaPlay"),
    "explain": "nightboard_host.explain_dracula",  # the host's words for its records (nightboard replay)
    "turn_words": ("round", "rounds"),
    "snapshot_turns": "nightboard_host.dracula_bench:play_rounds",  # the host's fixed play of k rounds (snapshot)
    "snapshot": "nightboard_host.snapshot_dracula",  # the host's picture of its table (nightboard snapshot)
    "colour": (255, 0, 110),
}


def new_game(seed, hunters=1, rules="playtest", level=2, size=5, map=None):
    from nightboard.games.dracula.state import new_game

    return new_game(seed, hunters, rules, level, size, map)


def from_json(obj):
    from nightboard.games.dracula.state import from_json

    return from_json(obj)
