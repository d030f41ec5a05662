"""A game's host parts, found one way: what each key of a game's TOOLS (firmware/nightboard/games/<name>/tools.py)
means, which are required, the default of each hook a game may leave out, and hook(name, key), through which every
tool finds a game's host part.

A hook is declared in TOOLS as "package.module:function" (usually in host/nightboard_host/games/<name>/), or None
(or left out) when the game has none: then the hook's default below is used, a function of the host's own, or,
when that is None, the tool's own plain behaviour (said in the hook's words).
"""

from nightboard.games import index

# The plain facts of TOOLS: key -> (required, what it holds).
FACTS = {
    "format": (True, "the version of its position format (to_json)"),
    "setup": (True, "the fields of a record's setup: new_game's arguments, seed first"),
    "board_seats": (True, "the names of the seats the board plays, after the players' seats (() for none)"),
    "seat_words": (True, "how the tools name a seat: (one, many), like (\"player\", \"players\")"),
    "turn_words": (True, "how the tools name a turn: (one, many), like (\"turn\", \"turns\")"),
    "profile": (True, "the shipped table `nightboard play` uses by default"),
    "flags": (True, "an option's command-line flag when not --<name> ({} for none)"),
    "record_turn": (False, "the shape of a record's turn the browser table writes from the actions applied: \"pairs\" "
                           "[[seat, action], ...] (the default), \"one_each\" or \"rounds\" (web/py/webtable.py)"),
    "more": (False, "what an option takes besides its listed values, for --help"),
    "bench": (False, "how `nightboard bench` measures it on the table (docs/games.md)"),
    "balance": (False, "the balance bench's facts (bench/balance.py), with the outcome hook: \"sizes\" (the table "
                       "sizes to play), \"size\" (what a size counts), \"length\" (what a game's length counts) and "
                       "\"board\" (who plays the seats, at what level)"),
}

# The hooks: key -> (default, what it is called with and gives; what the tool does without one).
HOOKS = {
    "replay": (None, "run(record, as_json, out) -> exit status: `nightboard replay` tells a record in words; "
                     "without it, each turn's events as JSON and the final public view"),
    "log_lines": (None, "log_lines(log, game) -> [(turn, words)]: the terminal's and the monitor's log of events "
                        "in words (from game.turn and game.view(None) only); without it, no log"),
    "snapshot": (None, "render_table(table, size) -> PIL image: the game's own picture for `nightboard snapshot`; "
                       "without it, the LEDs, the seats' panels and the controller's describe() lines"),
    "snapshot_turns": ("nightboard_host.board_plays:play_turns",
                       "play_turns(game, k) -> turns played: a fixed play of k turns for `nightboard snapshot "
                       "--turns`; by default the board plays every seat"),
    "labels": (None, "place_labels(table) -> [(leds, name, short)]: the terminal's names of the places a player "
                     "must find, from public facts only; without it, the LEDs unlabelled"),
    "own_words": (None, "own_words(table, seat) -> str or None: a seat's own secret in words, while it holds look; "
                        "without it, none"),
    "bench_figures": (None, "bench_figures() -> {figures}: the game's own figures for `nightboard bench` (its "
                            "TOOLS[\"bench\"][\"rows\"] put some in the report); without it, none"),
    "outcome": (None, "outcome(seed, size) -> {\"sides\", \"won\", \"length\"[, \"end\"]}: one seeded game of that "
                      "table size played out by the board (TOOLS[\"balance\"] says who plays); the sides at the table, "
                      "the ones that won ([] for none), its length and how it ended; without it, the game is not in "
                      "`make bench ONLY=balance`"),
    "seat_page": (None, "view_lines(view, seat) -> [lines]: a seat's own view (the board's `seat` reply) in words "
                        "for its phone (`nightboard party`); without it, the seat page shows only its choices"),
}

REQUIRED = tuple(k for k, (required, _what) in FACTS.items() if required)
KNOWN = tuple(FACTS) + tuple(HOOKS)


def load(path):
    """The function a "package.module:function" path names: ValueError for another form, ImportError or
    AttributeError when it is not there."""
    import importlib  # here: the browser's table (MicroPython, no importlib) reads this module's neighbours

    module, _, function = path.partition(":")
    if not module or not function or ":" in function:
        raise ValueError("a hook is \"package.module:function\", not %r" % (path,))
    return getattr(importlib.import_module(module), function)


def where(name, key):
    """The path of a game's hook: its own (TOOLS) or the default, None when there is neither. ValueError for a
    game not in the index, KeyError for no such hook."""
    if key not in HOOKS:
        raise KeyError("no hook %r (the hooks: %s)" % (key, ", ".join(HOOKS)))
    return index.tools(name).get(key) or HOOKS[key][0]


def hook(name, key):
    """A game's hook as a function (its own or the default), or None when it has none and there is no default."""
    path = where(name, key)
    return load(path) if path else None
