"""What the host's tools and records know of Vampire Nights besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format (to_json)
    "setup": ("seed", "players", "vampire_bites", "marks", "board"),  # the fields of a record's setup
    "board_seats": (),  # the board can take any player's seat (mind.py), but has none of its own
    "seat_words": ("player", "players"),
    "turn_words": ("turn", "turns"),
    "profile": "grid8",
    "flags": {"vampire_bites": "--vampire-bites"},  # marks, true by default: --no-marks
    "explain": "nightboard_host.explain_vampire_nights",  # its records and events in words
    "own_words": "nightboard_host.explain_vampire_nights:own_secrets",  # a player's secrets, while it looks
    "labels": "nightboard_host.explain_vampire_nights:place_labels",  # the terminal's names of the cells
    "snapshot": "nightboard_host.snapshot_vampire_nights",  # the mansion on the grid, red holding look
    "snapshot_turns": "nightboard_host.vampire_nights_bench:play_turns",  # the board's fixed play of k turns
}
