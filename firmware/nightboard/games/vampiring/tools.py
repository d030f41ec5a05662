"""What the host's tools and records know of VampiRing besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format
    "setup": ("seed", "families", "variant", "preview", "quiet", "board", "level"),  # the fields of a record's setup
    "board_seats": (),  # the board may play any family (option board, mind.py) but has no seat of its own
    "seat_words": ("family", "families"),
    "turn_words": ("turn", "turns"),
    "profile": "ring4",  # the shipped table it is played on by default
    "record_turn": "one_each",  # a record's turn: one action per family in seat order (the browser table writes records)
    "flags": {},  # the command-line flag of an option, when not --<name> (--no-<name> for a default true)
    "more": {"board": "or the families' seats, like 2,3"},  # what an option takes besides its values (--help)
    "replay": "nightboard_host.games.vampiring.explain:run",  # `nightboard replay`: its records in words
    "log_lines": "nightboard_host.games.vampiring.explain:log_lines",  # its events in the terminal's log
    "seat_page": "nightboard_host.games.vampiring.seat_page:view_lines",  # a seat's own view in words, on its phone
    "snapshot": "nightboard_host.games.vampiring.snapshot:render_table",  # its picture: the ring of cards
    "snapshot_turns": "nightboard_host.games.vampiring.snapshot:play_turns",  # a fixed play of k turns, for snapshots
    "labels": "nightboard_host.games.vampiring.explain:place_labels",  # the terminal's card names: labels(table) -> [(leds, name, short)]
    "own_words": "nightboard_host.games.vampiring.explain:own_choice",  # own_words(table, seat): a seat's secret choice in words
    "outcome": "nightboard_host.games.vampiring.balance:outcome",  # one game played out, for the balance bench
    "balance": {"sizes": (2, 3, 4, 5, 6), "size": "families", "length": "turns",
                "board": "the board at every seat, level 2 (its default); 30 quiet turns"},
    "bench_figures": "nightboard_host.games.vampiring.bench:bench_figures",  # its figures in `nightboard bench`
    # `nightboard bench`: the table it is measured on, the game (start options), the words of its row
    "bench": {
              # how the board decides (bench/thinking.py): new_game's players and options
              "thinking": {"players": 6, "options": {"board": [1, 2, 3, 4, 5], "level": 3}},
              "profile": "ring4", "start": {"players": 4, "seed": 11},
              # how it is played: the module of its drive(t, hal, k), run under MicroPython beside the table
              "drive": "nightboard_host.games.vampiring.drive"},
}
