"""What the host's tools and records know of Vampire, the card game, besides GAME (never imported on
the board)."""

TOOLS = {
    "format": 1,  # the version of its position format
    "setup": ("seed", "players", "dawn", "board"),  # the fields of a record's setup (new_game's arguments)
    "board_seats": (),  # the board may take any player's seat (mind.py); it has none of its own
    "seat_words": ("player", "players"),
    "turn_words": ("turn", "turns"),
    "profile": "ring4",  # the shipped table it is played on by default
    "flags": {},
    "more": {"board": "the last seats, by colour or number from 0, like yellow,green or 2,3; or none, last, others, all"},  # read by play.board_count
    "replay": "nightboard_host.games.vampire_cards.explain:run",  # `nightboard replay`: its records in words
    "log_lines": "nightboard_host.games.vampire_cards.explain:log_lines",  # its events in the terminal's log
    "seat_page": "nightboard_host.games.vampire_cards.seat_page:view_lines",  # a seat's own view in words, on its phone
    "own_words": "nightboard_host.games.vampire_cards.explain:own_hand",  # a player's hand and choice, while it looks
    "snapshot": "nightboard_host.games.vampire_cards.snapshot:render_table",  # its ring, seats and public table
    "outcome": "nightboard_host.games.vampire_cards.balance:outcome",  # one game played out, for the balance bench
    "balance": {"sizes": (3, 4, 5, 6), "size": "players", "length": "rounds",
                "board": "the board at every seat, level 2 (its default); dawn 15"},
    "bench_figures": "nightboard_host.games.vampire_cards.bench:bench_figures",  # its figures in `nightboard bench`
    # `nightboard bench`: the table it is measured on, the game (start options), how it is played (a drive
    # the bench holds, by name: the board plays seats 1-3 itself; seat 0 does what the board would)
    "bench": {
              # a game the board plays alone, on the emulated Pico (bench/pico.py): its own turns' frames
              "board_only": {"players": 4, "seed": 11, "board": 4},
              # how the board decides (bench/thinking.py): new_game's players and options
              "thinking": {"players": 4, "options": {"board": 3}},
              "profile": "ring4", "start": {"players": 4, "seed": 11, "board": 3}, "drive": "first seat as the board",
              "about": "the board in 3 seats"},
}
