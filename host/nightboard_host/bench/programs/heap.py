"""Heap in use after boot, after setup and at the worst point of a whole game; allocation per frame.

In front of it (bench.costs.heap): BOARD (a folder bench.checked_board made), START (the start options), STORE
(the saves' folder), and drive(t, hal, k), which plays the game: what the game declares in its TOOLS["bench"]
["drive"], or frames alone when the board plays every seat (self_drive.py).
Booted as main.py boots the board: the serial protocol first, polled every frame as a table service (nothing is
sent to it here, so its request handlers, which come with a host's first request, are never imported: a table
nobody talks to); the profile and the start menu's games read from the profile's check, as every power-on after
the first does, the validator never imported
boot.py forgotten once the table is built, as boot.start() does.
Written to be safe on the 32-bit WASI build too, whose collector does not see everything on the C stack:
gc.collect() runs only from the top level or from a function the top level calls, no `for` loop is open around
one (its iterator would live only on that stack), and a collection every frame keeps the roomy heap from ever
filling inside the table's own code. The game's final state is printed so runs on two interpreters can be
compared: equal states mean the run was not corrupted. micropython.qstr_info() at the end prints the interned
names: a line bench._json_and_qstrs reads.
"""

import gc, json
gc.collect()
base = gc.mem_alloc()
from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.protocol import Protocol
protocol = Protocol(SimSerial())
from nightboard.boot import load_checked
prof, offered = load_checked(BOARD + '/profile.json', BOARD)
load_checked = None
from nightboard.compat import forget_module
forget_module('nightboard.boot')  # as boot.start() does once the table is built
forget_module = None


def board_bytes(n):
    # The board's randomness (keys, nonces), the same on both interpreters: the 32-bit WASI build has no
    # /dev/urandom, so os.urandom fails there, and every save with it (the worst point then had no sealing).
    return bytes(n)


# The saves go to files (a folder, STORE), as on the board's flash: MemStorage would keep them in the heap.
from nightboard.hal.files import DirStorage
hal = make_sim_hal(prof, storage=DirStorage(STORE), random_bytes=board_bytes)
DirStorage = None
t = Table(prof, hal, None, offered)
t.services.append(protocol)
# The table collects a save's garbage in a frame of its own (keeper.py); this script collects at the top
# level every frame instead, as the WASI build needs (a collection inside the table's code there frees what
# only the C stack holds), and so that alloc_over's frames with the collector off really count every byte.
def _no_collect():
    t._collect_due = False  # the frame stays held, as on the board


t._collect = _no_collect


class Pin:
    pass


# The 32-bit WASI build keeps about 5 KB of garbage alive through some stale reference of its own until
# the next attribute store; a store before each sample frees it. The unix port's figures are the same
# with it or without it, so this removes an artifact of that build, not anything the table holds.
pin = Pin()
pin.x = 0  # pyright: ignore[reportAttributeAccessIssue]
gc.collect()
boot = gc.mem_alloc() - base
t.start_game(START)
pin.x = 0  # pyright: ignore[reportAttributeAccessIssue]
gc.collect()
setup = gc.mem_alloc() - base
worst = setup

def frame():
    hal.clock.advance(16)
    t.tick()

def alloc_over(fn, n):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    k = 0
    while k < n:
        fn()
        k += 1
    b = gc.mem_alloc()
    gc.enable()
    return (b - a) // n

def after_save():  # a turn's save runs over the frames after it (table/keeper.py): not steady state, nor
    # the frame in which a controller works out the next seat's choices (choices_due, docs/games.md)
    while t._save_due or t._publish_upto >= 0 or t.saves.pending or getattr(t.play, 'choices_due', False):
        frame()

frame()  # the first poll sizes the protocol's tap timers: not steady state
after_save()
alloc_idle = alloc_over(frame, 60)
anim = -1
turns = 0
while not t.game.over and turns < 400:
    drive(t, hal, turns)
    gc.collect()
    frame()
    if anim < 0 and t.play.animating():
        frame()
        after_save()
        anim = alloc_over(frame, 30)
    k = 0
    while k < 400:
        frame()
        pin.x = k  # pyright: ignore[reportAttributeAccessIssue]
        gc.collect()
        u = gc.mem_alloc() - base
        if u > worst:
            worst = u
        k += 1
        if not t.play.animating():
            break
    turns += 1
gc.collect()
import micropython
micropython.qstr_info()  # pyright: ignore[reportAttributeAccessIssue]
print(json.dumps({'boot': boot, 'setup': setup, 'worst': worst, 'turns': turns,
                  'alloc_idle': alloc_idle, 'alloc_anim': anim, 'total_heap_at_end': gc.mem_alloc() + gc.mem_free(),
                  'end': t.game.to_json()}))
