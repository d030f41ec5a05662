"""What the host's tools and records know of Vampire Nights besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format (to_json)
    "setup": ("seed", "players", "vampire_bites", "marks"),  # the fields of a record's setup
    "board_seats": (),  # the board can take any player's seat (mind.py), but has none of its own
    "seat_words": ("player", "players"),
    "turn_words": ("turn", "turns"),
    "profile": "grid8",
    "flags": {"vampire_bites": "--vampire-bites", "marks": "--marks"},
    "explain": None,
    "snapshot": None,
    "snapshot_turns": None,
}
