"""What the table can run: each game (and tool) the start menu offers, as data, read when needed.

A game's entry is its declared facts (GAME in its package, found through
games/index.py): the table controller class that plays it on the LEDs and
buttons ("table"), the player counts, the options the menu offers (the first
value is the default) and the colour the menu shows it in. Only the names are
kept: find(name) imports the game's package, takes a copy of its GAME and
forgets the package, so the board holds the facts of the game shown or played
and no other (five games' facts held at once cost about 5 KB of a 64-bit heap).
The start menu reads every game's facts once, at boot, through fitting().
Its engine (new_game(seed, players, **options), from_json(obj)) is imported
only when chosen.

An entry with "kind": "tool" (the self-test) has no engine: its controller is
built as Controller(table) and drives the table directly.

A game's controller class is built as Controller(layout, frame, game) and offers:
press(player, role, now), release(player, role, now), render(now),
animating(), describe() -> lines of public text, `game` (the engine state),
`log` (an EventLog, table/eventlog.py, that the controller extends with the
engine's events as they happen; the table hands over its own after building
the controller) and `turns_done` (completed turns: the table then saves and
publishes the turn's events to the host).
"""

from nightboard.compat import forget_module as _forget  # a game's package is imported again, alone, when needed

SELFTEST = {
    "name": "selftest",
    "title": "Self-test",
    "kind": "tool",
    "table": ("nightboard.table.selftest", "SelfTest"),
    "players": (1, 1),
    "options": (),
    "colour": (0, 200, 200),
}


def _module(path):
    return __import__(path, None, None, ["_"])


def _names():
    from nightboard.games import index

    out = tuple(index.names()) + (SELFTEST["name"],)
    _forget("nightboard.games.index")
    return out




NAMES = _names()  # the games of the index, in its order, then the tools
_last = [None]  # type: list  # the facts found last: the menu's game and the table's are one copy


def names():
    return list(NAMES)


def fitting(test):
    """The names of the programs whose facts pass test(facts), in order, each game's package imported once
    (the start menu's one pass at boot: a package's import is some 20 ms on a Pico). The first that passes
    stays found (find() gives it without importing it again)."""
    out = []
    keep = None
    for name in NAMES:
        if name == SELFTEST["name"]:
            facts = SELFTEST
        else:
            facts = _module("nightboard.games." + name).GAME
            _forget("nightboard.games." + name)
        if test(facts):
            out.append(name)
            if keep is None:
                keep = facts
        facts = None
    if keep is not None and keep is not SELFTEST:
        _last[0] = keep
    return out


def first():
    """The game a request that names none means."""
    return NAMES[0]


def find(name):
    """The facts of a game or tool by name (a game's GAME, its package forgotten again); ValueError if unknown."""
    if name == SELFTEST["name"]:
        return SELFTEST
    if not isinstance(name, str) or name not in NAMES:
        raise ValueError("unknown game %r (this table plays: %s)" % (name, ", ".join(NAMES)))
    facts = _last[0]
    if facts is None or facts["name"] != name:
        _last[0] = None  # garbage before the next are read
        facts = _last[0] = _module("nightboard.games." + name).GAME
        _forget("nightboard.games." + name)
    return facts


def set_aside(prog):
    """Forget a game's package module once its game and its controller are built (the engine's modules stay):
    its entry points are imported again, when needed, by the next start or load."""
    _forget("nightboard.games." + prog["name"])


def engine(prog):
    mod = _module("nightboard.games." + prog["name"])
    mod.GAME = prog  # the same facts: the copy the import just made is garbage
    return mod


def read_in(prog, game):
    """Import the modules a game's play would import on the way (its state's reads(): the board's mind,
    a phase's rules), with its setup: one module's import takes 20 to 90 ms on a Pico (.mpy files, the
    emulated RP2040), more than a frame, and no turn should wait for one."""
    for m in game.reads() if hasattr(game, "reads") else ():
        _module("nightboard.games.%s.%s" % (prog["name"], m))


def controller_class(prog):
    mod, cls = prog["table"]
    return getattr(_module(mod), cls)
