"""What the host's tools and records know of the tally besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,
    "setup": ("seed", "players"),
    "board_seats": (),
    "seat_words": ("player", "players"),
    "turn_words": ("turn", "turns"),
    "profile": "ring4",
    "flags": {},
    "log_lines": "nightboard_host.games.tally.explain:log_lines",  # its events in the terminal's log
}
