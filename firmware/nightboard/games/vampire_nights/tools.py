"""What the host's tools and records know of Vampire Nights besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format (to_json)
    "setup": ("seed", "players", "vampire_bites", "marks", "board"),  # the fields of a record's setup
    "board_seats": (),  # the board can take any player's seat (mind.py), but has none of its own
    "seat_words": ("player", "players"),
    "turn_words": ("turn", "turns"),
    "profile": "grid8",
    "flags": {"vampire_bites": "--vampire-bites"},  # marks, true by default: --no-marks
    "more": {"board": "the last seats, by colour or number from 0, like yellow,green or 2,3; or none, last, others, all"},  # read by play.board_count
    "replay": "nightboard_host.games.vampire_nights.explain:run",  # `nightboard replay`: its records in words
    "log_lines": "nightboard_host.games.vampire_nights.explain:log_lines",  # its events in the terminal's log
    "seat_page": "nightboard_host.games.vampire_nights.seat_page:view_lines",  # a seat's own view in words, on its phone
    "own_words": "nightboard_host.games.vampire_nights.explain:own_secrets",  # a player's secrets, while it looks
    "labels": "nightboard_host.games.vampire_nights.explain:place_labels",  # the terminal's names of the cells
    "snapshot": "nightboard_host.games.vampire_nights.snapshot:render_table",  # the mansion, red holding look
    "outcome": "nightboard_host.games.vampire_nights.balance:outcome",  # one game played out, for the balance bench
    "balance": {"sizes": (2, 3, 4), "size": "players", "length": "turns",
                "board": "the board at every seat"},
    "bench_figures": "nightboard_host.games.vampire_nights.bench:bench_figures",  # its figures in `nightboard bench`
    # `nightboard bench`: the table it is measured on, the game (start options), how it is played
    "bench": {
              # a game the board plays alone, on the emulated Pico (bench/pico.py): its own turns' frames
              "board_only": {"players": 4, "seed": 11, "board": 4},
              # how the board decides (bench/thinking.py): new_game's players and options
              "thinking": {"players": 4, "options": {"board": "blue"}},
              "profile": "grid8", "start": {"players": 4, "seed": 11},
              # how it is played: the module of its drive(t, hal, k), run under MicroPython beside the table
              "drive": "nightboard_host.games.vampire_nights.drive",
              # rows of its own figures (nightboard_host/games/vampire_nights/bench.py): (label after the title, keys
              # into them, budget, (comparison, limit) or None, how measured)
              "rows": (
                  ("board player's wins against random play", ("strength", "random", "win_rate"),
                   "> 0.361", (">", 0.361), "300 seeded games of 2, 3, 4 players in turn, the board in one seat "
                   "(rotating), the others random legal play; fair share 0.36"),
                  ("board player's wins against a scripted sensible player", ("strength", "sensible", "win_rate"),
                   "> 0.361", (">", 0.361), "same seeds, the others playing games/vampire_nights/bench.py sensible_player"),
                  ("board decision on the board, busiest position (estimate, ms)", ("decision",
                   "board_ms_estimate"), "< 300", ("<", 300), "callgrind: 20 board_move() of the seeded "
                   "position with the most legal actions, per decision, the frame model"),
                  ("board decision, unix port, worst (ms)", ("decision", "micropython_max_ms"), "-", None,
                   "time.ticks_us around board_move, 60 seeded 4-player positions, 192 KB heap, .py"),
                  ("heap, a board-only 4-player game, engine and mind only (B)", ("heap", "heap_peak"), "-",
                   None, "gc.mem_alloc() after gc.collect() after every decision, unix port, .mpy"),
              )},
}
