"""A scripted protocol session on the simulated table; prints every reply line, then the allocation per
idle frame as JSON. Run by tests/runtime/test_protocol.py under CPython and MicroPython: the replies must match.
tests/scripts/session_frames.py is put in front of it (alloc_per_frame)."""

import json
import sys

from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file
from nightboard.table.protocol import Protocol

prof = load_profile_file("hardware/profiles/ring4.json")
hal = make_sim_hal(prof)
t = Table(prof, hal, {"game": "vampiring", "players": 3, "seed": 21})
try:
    _out = sys.stdout.buffer
except AttributeError:
    _out = sys.stdout
port = SimSerial(sink=_out.write)  # replies straight out: nothing big kept on the heap
proto = Protocol(port)
t.services.append(proto)


def tick(n=1, keep=False):  # session_frames' tick, printing no frames: replies are this session's output
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()


def ask(obj):
    port.feed(b"@nb " + json.dumps(obj).encode() + b"\n")


def show():
    if hasattr(_out, "flush"):
        _out.flush()


REQUESTS = [
    {"id": 1, "req": "hello"},
    {"id": 2, "req": "profile"},
    {"id": 3, "req": "state"},
    {"id": "f", "req": "frame"},
    {"id": 5, "req": "tap", "player": 0, "role": "mode"},
    {"id": 6, "req": "tap", "button": 3},
    {"id": 7, "req": "press", "player": 1, "role": "look"},
    {"id": 8, "req": "tap", "button": 99},
    {"id": 9, "req": "tap", "player": 4, "role": "ok"},
    {"id": 10, "req": "tap", "player": 0, "role": "jump"},
    {"id": 11, "req": "nope"},
    {"id": 12},
    {"id": 13, "req": "debug", "on": "yes"},
    {"id": 14, "req": "events", "since": -1},
    {"id": 15, "req": "start", "players": 9},
    {"id": 16, "req": "state", "x": 1},
    {"id": 17, "req": "tap", "button": 3, "ms": 5},
]
for r in REQUESTS:
    ask(r)
    tick()
    show()
REQUESTS = None
port.feed(b"hello\r\n")
port.feed(b"@nb {\"id\": 1, \"req\"\n")
port.feed(b"@nb ")
for _ in range(15):  # a line too long, arriving as the board would see it: a little a frame
    port.feed(b"x" * 100)
    tick()
port.feed(b"\n")
port.feed(b"@nb [1, 2]\n")
port.feed(b"@nb {\"id\": 1.5, \"req\": \"hello\"}\n")
tick(20)
show()
ask({"id": 20, "req": "release", "player": 1, "role": "look"})
for f in (1, 2):
    ask({"id": 20 + f, "req": "tap", "player": f, "role": "ok"})
tick(30)
show()
ask({"id": 30, "req": "events", "since": 0})
ask({"id": 31, "req": "state"})
ask({"id": 32, "req": "debug", "on": True})
tick(10)
show()
ask({"id": 33, "req": "state"})
tick(150)
show()
ask({"id": 34, "req": "state"})
tick()
show()
body = json.dumps({"req": "start", "game": "vampiring", "players": 2, "seed": 5})
ask({"id": 40, "req": "part", "seq": 0, "data": body[:20]})
ask({"id": 41, "req": "part", "seq": 2, "data": "x"})
ask({"id": 42, "req": "part", "seq": 1, "data": body[20:], "end": True})
tick(10)
ask({"id": 43, "req": "state"})
ask({"id": 44, "req": "frame"})
tick(10)
show()


ask({"id": 50, "req": "debug", "on": False})
tick(10)
while t.saves.pending or t.held:  # the last turn's save sealed, written and its garbage collected: a steady state
    tick()
tick(2)
show()
print(json.dumps({"idle_alloc": alloc_per_frame(30), "lines": proto.lines, "errors": proto.errors}))
