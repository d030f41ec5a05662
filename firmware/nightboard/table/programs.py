"""What the table can run: each game (and tool) the start menu offers, as data.

An entry names the engine module (new_game(seed, players, **options),
from_json(obj)), the table controller class that plays it on the LEDs and
buttons, the player counts, the options the menu offers (the first value is
the default) and the colour the menu shows it in. Modules are imported only
when chosen, so the board keeps in RAM just the game being played.

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

PROGRAMS = (
    {
        "name": "vampiring",
        "title": "VampiRing",
        "engine": "nightboard.games.vampiring",
        "controller": ("nightboard.table.vampiring_play", "VampiRingPlay"),
        "players": (2, 6),
        "options": (("variant", ("castle", "mansion")), ("preview", (True, False))),
        "colour": (255, 0, 0),
    },
    {
        "name": "dracula",
        "title": "Dracula hunt",
        "engine": "nightboard.games.dracula",
        "controller": ("nightboard.table.dracula_play", "DraculaPlay"),
        "players": (1, 4),
        # level 2 first (the default), then 3 (strongest) and 1 (gentle, for children); sizes that fit 8x8
        "options": (("rules", ("playtest", "classic")), ("level", (2, 3, 1)), ("size", (5, 7, 3))),
        "colour": (255, 0, 110),
    },
    {
        "name": "selftest",
        "title": "Self-test",
        "kind": "tool",
        "controller": ("nightboard.table.selftest", "SelfTest"),
        "players": (1, 1),
        "options": (),
        "colour": (0, 200, 200),
    },
)


def names():
    return [p["name"] for p in PROGRAMS]


def find(name):
    for p in PROGRAMS:
        if p["name"] == name:
            return p
    raise ValueError("unknown game %r (this table plays: %s)" % (name, ", ".join(names())))


def _module(path):
    return __import__(path, None, None, ["_"])


def engine(prog):
    return _module(prog["engine"])


def controller_class(prog):
    mod, cls = prog["controller"]
    return getattr(_module(mod), cls)
