"""A fresh heap for every game: when a game has left the table, the board restarts into its start menu.

MicroPython never frees the names it interned (its qstr pools) while a module was loaded, and a heap that
held a game is left in pieces: forgetting a game's modules (keeper.unload) gives most of its room back, not
all of it. Measured on the unix port with a Pico's heap (docs/performance.md, "An evening"), the room before
a start shrank by some 44 KB over the first round of the five games and the self-test, and then stayed
there. So once the table is back at the start menu after any program ran, the board restarts itself
(hal.soft_reset: machine.soft_reset() on a Pico, where main.py runs again in a new heap, in 0.3 to 1 s), and
the next game starts in the heap the first one had, by construction.

What the restart would lose is carried in a small file (CARRY, beside the saves) and read back at boot: what
the menu showed, why the board last started (the restart is the table's own doing, not news), debug mode, and
the number of the last event the host was given (a host's `events` keeps counting). A port that cannot
restart (the simulated table, the bare unix port) only forgets the game's modules.
"""

import json

from nightboard.table.app import CARRY


def restart(t):
    """Write what the menu and the host need to CARRY, then restart the board (no return where it can)."""
    m = t.menu
    name, field, players, values = m.kept()
    carry = {"menu": [name, field, players, list(values)], "reason": t.restart_reason, "debug": t.debug,
             "events": t.events.published}
    try:
        t.hal.storage.write(CARRY, json.dumps(carry).encode())
    except (OSError, ValueError):
        pass  # the menu comes back at its first game, and the restart reason reads "soft": nothing is lost
    t.hal_soft_reset()


def read(storage):
    """What the last restart carried (a dict), or None; the file is removed either way. A damaged or foreign
    file is ignored: it only held what the menu showed."""
    try:
        data = storage.read(CARRY)
    except OSError:
        return None
    if data is None:
        return None
    try:
        storage.remove(CARRY)
    except OSError:
        pass
    try:
        carry = json.loads(data)
    except ValueError:
        return None
    if not isinstance(carry, dict):
        return None
    menu = carry.get("menu")
    if not (isinstance(menu, list) and len(menu) == 4 and isinstance(menu[0], str) and isinstance(menu[1], int)
            and isinstance(menu[2], int) and isinstance(menu[3], list)
            and all(isinstance(v, int) and 0 <= v < 256 for v in menu[3])):
        carry["menu"] = None
    else:
        carry["menu"] = (menu[0], menu[1], menu[2], bytes(menu[3]))
    if not isinstance(carry.get("reason"), str) or len(carry["reason"]) > 200:
        carry["reason"] = None
    if carry.get("debug") is not True:
        carry["debug"] = False
    events = carry.get("events")
    if not isinstance(events, int) or isinstance(events, bool) or events < 0:
        carry["events"] = 0
    return carry
