"""Frame timing probe (written by nightboard_host.emulation.pico_emu for the emulated Pico only).

It times every frame of the table's loop (the work of tick(), in emulated microseconds) into preallocated
arrays, and prints them when asked at the REPL (after a Ctrl-C): dump(). heap_probe.py and probe_end.py follow
it in the same module (pico_emu.probe_files), which mpy-cross compiles as nbprobe.mpy.
"""

import gc
import time
from array import array
from nightboard.table.app import Table

gc.collect()
_before = gc.mem_alloc()  # probe_bytes (below): what the probe itself holds of the board's heap
N = 3000
start = array("i", [0] * N)
work = array("i", [0] * N)
# the clock reading the frame ran with (the table's first ticks_ms() in it), less its start's ms: 0 or 1
# (a byte each: the probe's arrays come out of the board's heap, and a big game's start needs it)
late_ms = array("b", [0] * N)
held = bytearray(N)  # the frame's table.held (app.py): 1 collected garbage, 2 answered the host, 3 wrote a save
n = 0
fresh = False
clock = None
started = 0
_tick = Table.tick
_ms = time.ticks_ms


def ticks_ms():
    global fresh
    v = _ms()
    if fresh:
        fresh = False
        if n < N:
            late_ms[n] = time.ticks_diff(v, started // 1000)  # pyright: ignore[reportOperatorIssue]
    return v


def tick(self):
    global n, fresh, clock, started
    if clock is not self.hal.clock:
        clock = self.hal.clock
        clock.ticks_ms = ticks_ms
    a = started = time.ticks_us()
    fresh = True
    _tick(self)
    fresh = False
    if n < N:
        start[n] = a  # pyright: ignore[reportCallIssue, reportArgumentType]
        work[n] = time.ticks_diff(time.ticks_us(), a)
        held[n] = self.held
        n += 1


Table.tick = tick
parts = []  # (name, start_us, us) of the table's parts that took 4 ms or more
calls = []  # the same of every call of a method a test asked for (kept apart: the table's parts fill theirs)


def timed(cls, name, least=4000):
    f = getattr(cls, name)
    kept = parts if least else calls

    def wrapper(*a, **kw):
        t = time.ticks_us()
        r = f(*a, **kw)
        d = time.ticks_diff(time.ticks_us(), t)
        if d >= least and len(kept) < 400:
            kept.append((name, t, d))
        return r

    setattr(cls, name, wrapper)


for _name in ("_turn_finished", "_save", "_save_step", "_collect", "_dispatch", "start_game"):
    timed(Table, _name)


def dump():
    for p in calls + parts:
        print("PART %s %d %d" % p)
    print("PROBE", n)
    for i in range(0, n, 50):
        print("P", " ".join("%d:%d:%d:%d" % (start[j], work[j], late_ms[j], held[j]) for j in range(i, min(n, i + 50))))
    print("PROBE END")
