"""What the host's tools and records know of the Dracula hunt besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format
    "setup": ("seed", "hunters", "rules", "level", "size", "map"),  # the fields of a record's setup
    "board_seats": ("dracula",),  # the board plays Dracula: the seat after the hunters'
    "seat_words": ("hunter", "hunters"),
    "turn_words": ("round", "rounds"),
    "profile": "grid8",  # the shipped table it is played on by default
    "record_turn": "rounds",  # a record's round: {"hunters": [[actions] per hunter], "dracula": ...} (the browser table writes records)
    "flags": {"size": "--map-size"},  # the command-line flag of an option, when not --<name>
    "replay": "nightboard_host.games.dracula.explain:run",  # `nightboard replay`: its records in words
    "log_lines": "nightboard_host.games.dracula.explain:log_lines",  # its events in the terminal's log
    "snapshot": "nightboard_host.games.dracula.snapshot:render_table",  # its picture of the table: rooms, not cards
    "labels": "nightboard_host.games.dracula.explain:place_labels",  # the terminal's room names (coordinates)
    "own_words": None,  # nothing secret to a hunter's own seat
    "seat_page": "nightboard_host.games.dracula.seat_page:view_lines",  # a hunter's phone: nothing secret, in words
    "snapshot_turns": "nightboard_host.games.dracula.bots:play_rounds",  # a fixed play of k rounds, for snapshots
    "outcome": "nightboard_host.games.dracula.balance:outcome",  # one game played out, for the balance bench
    "balance": {"sizes": (1, 2, 3, 4), "size": "hunters", "length": "rounds",
                "board": "Dracula the board at level 2 (its default), the hunters the bench's strong team"},
    "bench_figures": "nightboard_host.games.dracula.bench:bench_figures",  # its figures in `nightboard bench`
    # `nightboard bench`: the table it is measured on, the game (start options), how it is played
    "bench": {
              # how the board decides (bench/thinking.py): new_game's players and options
              "thinking": {"players": 2, "options": {"level": 3}},
              "profile": "grid8", "start": {"players": 4, "seed": 11, "level": 3},
              # how it is played: the module of its drive(t, hal, k), run under MicroPython beside the table
              "drive": "nightboard_host.games.dracula.drive",
              "about": "level 3"},
}
