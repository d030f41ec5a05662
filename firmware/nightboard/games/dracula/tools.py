"""What the host's tools and records know of the Dracula hunt besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format
    "setup": ("seed", "hunters", "rules", "level", "size", "map"),  # the fields of a record's setup
    "board_seats": ("dracula",),  # the board plays Dracula: the seat after the hunters'
    "seat_words": ("hunter", "hunters"),
    "turn_words": ("round", "rounds"),
    "profile": "grid8",  # the shipped table it is played on by default
    "flags": {"size": "--map-size"},  # the command-line flag of an option, when not --<name>
    "explain": "nightboard_host.explain_dracula",  # its records and events in words
    "snapshot": "nightboard_host.snapshot_dracula",  # its own picture of the table (rooms, not cards)
    "snapshot_turns": "nightboard_host.dracula_bots:play_rounds",  # a fixed play of k rounds, for snapshots
}
