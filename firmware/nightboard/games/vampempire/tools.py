"""What the host's tools and records know of VampEmpire besides GAME (never imported on the board)."""

TOOLS = {
    "format": 1,  # the version of its position format
    "setup": ("seed", "players", "board", "beast", "rounds", "size", "vampires"),  # the fields of a record's setup
    "board_seats": (),  # the board may play any seat, but has none of its own
    "seat_words": ("vampire", "vampires"),
    "turn_words": ("round", "rounds"),
    "profile": "hex8",  # the shipped table it is played on by default (its LEDs on a hex grid; grid8 with an overlay too)
    "flags": {"size": "--map-size"},  # --size is the picture's size in `nightboard snapshot`
    "explain": "nightboard_host.explain_vampempire",  # its records and events in words
    "own_words": "nightboard_host.explain_vampempire:own_rituals",  # a seat's rituals and choice, while it looks
    "labels": "nightboard_host.explain_vampempire:place_labels",  # the terminal's names of the Vatican, communities
    "snapshot": "nightboard_host.snapshot_vampempire",  # its own picture: hexes, not cards
    "snapshot_turns": "nightboard_host.vampempire_bench:play_rounds",  # the board's play of k rounds
}
