"""What the host's tools and records know of VampEmpire besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format
    "setup": ("seed", "players", "board", "beast", "rounds", "size", "vampires"),  # the fields of a record's setup
    "board_seats": (),  # the board may play any seat, but has none of its own
    "seat_words": ("vampire", "vampires"),
    "turn_words": ("round", "rounds"),
    "profile": "hex8",  # the shipped table it is played on by default (its LEDs on a hex grid; grid8 with an overlay too)
    "flags": {"size": "--map-size"},  # --size is the picture's size in `nightboard snapshot`
    "more": {"board": "the last seats, by colour or number from 0, like yellow,green or 2,3; or none, last, others, all"},  # read by play.board_count
    "replay": "nightboard_host.games.vampempire.explain:run",  # `nightboard replay`: its records in words
    "log_lines": "nightboard_host.games.vampempire.explain:log_lines",  # its events in the terminal's log
    "seat_page": "nightboard_host.games.vampempire.seat_page:view_lines",  # a seat's own view in words, on its phone
    "own_words": "nightboard_host.games.vampempire.explain:own_rituals",  # a seat's rituals and choice, while it looks
    "labels": "nightboard_host.games.vampempire.explain:place_labels",  # the terminal's names of the Vatican, communities
    "snapshot": "nightboard_host.games.vampempire.snapshot:render_table",  # its own picture: hexes, not cards
    "outcome": "nightboard_host.games.vampempire.balance:outcome",  # one game played out, for the balance bench
    "balance": {"sizes": (2, 3, 4), "size": "players", "length": "rounds",
                "board": "the board at every seat; the vampires go round with the seed"},
    "bench_figures": "nightboard_host.games.vampempire.bench:bench_figures",  # its figures in `nightboard bench`
    # `nightboard bench`: the table it is measured on, the game (start options), how it is played (a drive
    # the bench holds, by name: the board plays seats 1-3 itself; seat 0 does what the board would)
    "bench": {
              # how the board decides (bench/thinking.py): new_game's players and options
              "thinking": {"players": 4, "options": {"board": 3}},
              "profile": "grid8", "start": {"players": 4, "seed": 11, "board": 3}, "drive": "first seat as the board",
              "about": "the board in 3 seats",
              # rows of its own figures (nightboard_host/games/vampempire/bench.py): (label after the title, keys
              # into them, budget, (comparison, limit) or None, how measured)
              "rows": (
                  ("board-only games: the Baroness's wins (%)", ("balance", "win_percent", "baroness"), "<= 40",
                   ("<=", 40), "400 seeded 4-player games, the 24 seatings in turn, default rules"),
                  ("board-only games: the Tyrant's wins (%)", ("balance", "win_percent", "tyrant"), "<= 40",
                   ("<=", 40), "same games"),
                  ("board-only games: the Feathered One's wins (%)", ("balance", "win_percent", "feathered"),
                   "<= 40", ("<=", 40), "same games"),
                  ("board-only games: the Lumbering Beast's wins (%)", ("balance", "win_percent", "beast"),
                   "<= 40", ("<=", 40), "same games"),
                  ("board-only games: mean rounds", ("balance", "mean_rounds"), "-", None, "same games"),
                  ("board decision, unix port, mean (us)", ("decision", "micropython_unix", "mean_us"), "-", None,
                   "time.ticks_us around board_move, 20 board-only 4-player games, Pico heap, .mpy"),
                  ("board decision, unix port, worst (us)", ("decision", "micropython_unix", "worst_us"), "-",
                   None, "same"),
                  ("heap after a 4-player game, unix port", ("decision", "micropython_unix", "heap_after_game"),
                   "< 65536 B", ("<", 65536), "gc.mem_alloc() after gc.collect(), unix port; the engine and "
                   "mind imported as .mpy"),
              )},
}
