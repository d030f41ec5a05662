"""The MicroPython side of `nightboard bench`: small programs run under the unix port.

Each prints one JSON line of figures. They run the firmware as the board does
(.mpy from mpy-cross) unless the bench says otherwise, in a Pico-sized heap.
"""

COMMON = """
import gc, json, time
gc.collect()
BASE0 = gc.mem_alloc()
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file

def used():
    gc.collect()
    return gc.mem_alloc()

def alloc_over(fn, n):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(n):
        fn()
    b = gc.mem_alloc()
    gc.enable()
    return (b - a) // n

def table(profile, start):
    prof = load_profile_file('hardware/profiles/%s.json' % profile)
    hal = make_sim_hal(prof)
    return Table(prof, hal, start), hal
"""

# Put in front of a script to import the firmware from a ROMFS image (IMAGE: its path) mounted at /rom,
# as on a board whose MicroPython has a ROMFS partition: the bytecode stays in the image (in flash on
# the board), not in the heap. The image is read before the script's first heap reading.
ROMFS = """
import sys, vfs
_f = open(IMAGE, 'rb')
_IMAGE = _f.read()
_f.close()
vfs.mount(vfs.VfsRom(_IMAGE), '/rom')
sys.path.insert(0, '/rom')
"""

# Heap in use after boot, after setup and at the worst point of a whole game; allocation per frame. The game
# is played by drive(t, hal, k), put in front of it: what the game declares in its TOOLS["bench"]["drive"]
# (MicroPython source), or frames alone when the board plays every seat (bench.SELF_DRIVE).
# Booted as main.py boots the board: the serial protocol first, polled every frame as a table service
# (nothing is sent to it here, so its request handlers, which come with a host's first request, are never
# imported: a table nobody talks to); the profile and the start menu's games read from the profile's
# check (BOARD: a folder bench.checked_board made), as every power-on after the first does, the validator
# never imported; boot.py forgotten once the table is built, as boot.start() does. Written to be safe on the 32-bit WASI build too, whose
# collector does not see everything on the C stack: gc.collect() runs only from the top level or
# from a function the top level calls, no `for` loop is open around one (its iterator would live
# only on that stack), and a collection every frame keeps the roomy heap from ever filling inside
# the table's own code. The game's final state is printed so runs on two interpreters can be
# compared: equal states mean the run was not corrupted.
HEAP = """
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
pin.x = 0
gc.collect()
boot = gc.mem_alloc() - base
t.start_game(START)
pin.x = 0
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
        pin.x = k
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
micropython.qstr_info()  # the interned names: a line bench._json_and_qstrs reads (both names are MicroPython's own)
print(json.dumps({'boot': boot, 'setup': setup, 'worst': worst, 'turns': turns,
                  'alloc_idle': alloc_idle, 'alloc_anim': anim, 'total_heap_at_end': gc.mem_alloc() + gc.mem_free(),
                  'end': t.game.to_json()}))
"""

# Frame cost: our render + encode against the plain way (per-pixel assignment on the stock
# neopixel object, brightness scaled in Python), timed in the same run.
FRAME_COST = COMMON + """
import neopixel
t, hal = table(PROFILE, START)
for _ in range(5):
    hal.clock.advance(16); t.tick()
n = t.frame.n
rgb = t.frame.rgb
enc = t.encoder
np = neopixel.NeoPixel(None, n)
bright = t.profile['power']['brightness']
def ours_render():
    t.render(hal.clock.ticks_ms())
def ours_encode():
    enc.encode(t.frame)
def plain():
    # What a maker would write: scale each pixel in Python, assign it to the neopixel object.
    for i in range(n):
        j = 3 * i
        np[i] = (rgb[j] * bright // 255, rgb[j + 1] * bright // 255, rgb[j + 2] * bright // 255)
def timed(fn, k):
    t0 = time.ticks_us()
    for _ in range(k):
        fn()
    return time.ticks_diff(time.ticks_us(), t0) / k
best = {'render': 1e9, 'encode': 1e9, 'plain': 1e9}
for _ in range(7):
    best['render'] = min(best['render'], timed(ours_render, 40))
    best['encode'] = min(best['encode'], timed(ours_encode, 40))
    best['plain'] = min(best['plain'], timed(plain, 40))
print(json.dumps({'n': n, 'render_us': best['render'], 'encode_us': best['encode'], 'plain_us': best['plain']}))
"""

# A game's turns: seeded games (PLAYS: [(seed, [[seat, action], ...])], played on CPython) replayed through
# the contract's apply, each to its end; PLAY=0 does all the same setup and plays none (the baseline for
# instruction counts). GAME, PLAYERS, OPTIONS: what they were set up with.
TURN = """
import json, time
mod = __import__('nightboard.games.' + GAME, None, None, ['new_game'])
games = [mod.new_game(seed, PLAYERS, **OPTIONS) for seed, _acts in PLAYS]
turns = 0
actions = 0
el = 0
gi = 0
while gi < PLAY:
    g = games[gi]
    acts = PLAYS[gi][1]
    first = g.turn
    k = 0
    n = len(acts)
    t0 = time.ticks_us()
    while k < n:
        a = acts[k]
        g.apply(a[0], a[1])
        k += 1
    el += time.ticks_diff(time.ticks_us(), t0)
    turns += g.turn - first
    actions += n
    gi += 1
print(json.dumps({'turns': turns, 'actions': actions, 'us_per_turn': el / turns if turns else 0}))
"""

# Input latency: frames from the button's first contact to the first frame that shows it.
LATENCY = COMMON + """
t, hal = table(PROFILE, START)
lat = []
b = t.button_id(0, 'look')
lay = t.layout
led = lay.status_led(0, 1)
for phase in range(16):
    for _ in range(40):
        hal.clock.advance(16); t.tick()
    hal.clock.advance(phase)
    before = bytes(t.frame.rgb[3 * led:3 * led + 3])
    hal.buttons.press(b)
    k = 0
    while True:
        hal.clock.advance(16); t.tick(); k += 1
        if bytes(t.frame.rgb[3 * led:3 * led + 3]) != before or k > 50:
            break
    lat.append(k)
    hal.buttons.release(b)
print(json.dumps({'frames': lat}))
"""

# Boot: importing the firmware as .py or .mpy, with one game's engine (GAME's state.py) and controller
# (CONTROLLER): time and heap.
BOOT = """
import gc, json, time
gc.collect()
a = gc.mem_alloc()
t0 = time.ticks_us()
import nightboard.table.app
__import__('nightboard.games.%s.state' % GAME)
__import__(CONTROLLER)
el = time.ticks_diff(time.ticks_us(), t0)
gc.collect()
print(json.dumps({'import_us': el, 'heap': gc.mem_alloc() - a}))
"""

# Drives a game's TOOLS["bench"] may name instead of giving its own source (bench.bench_games): "first seat
# as the board" waits, frames at a time, while the board plays every seat but the first (it thinks and acts
# by itself), then plays for the first seat what the board would choose, through the controller's
# play_action, as its buttons would. So one drive serves every game whose board may take any seat.
FIRST_SEAT_AS_BOARD = """
def drive(t, hal, k):
    i = 0
    while i < 400 and not t.game.over and 0 not in t.game.to_move():
        hal.clock.advance(16); t.tick()
        i += 1
    if not t.game.over and 0 in t.game.to_move():
        t.play.play_action(0, t.game.board_move(0), hal.clock.ticks_ms())
"""
DRIVES = {"first seat as the board": FIRST_SEAT_AS_BOARD}
