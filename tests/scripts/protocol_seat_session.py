"""A scripted session of the trusted host's seat requests (seat, act) on the simulated table: a card game on
ring4, its seat views and choices, refusals, and an action played for a seat. Prints every reply line, then
the counts as JSON. Run by
tests/runtime/test_protocol_seat.py under CPython and MicroPython: the replies must match."""

import gc
import json
import sys

from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file
from nightboard.table.protocol import Protocol

prof = load_profile_file("hardware/profiles/ring4.json")
hal = make_sim_hal(prof)
t = Table(prof, hal, {"game": "vampire_cards", "players": 4, "seed": 5, "board": 1})
try:
    _out = sys.stdout.buffer
except AttributeError:
    _out = sys.stdout
port = SimSerial(sink=_out.write)
proto = Protocol(port)
t.services.append(proto)


def tick(n=1):
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()


def ask(obj):
    port.feed(b"@nb " + json.dumps(obj).encode() + b"\n")
    tick(4)
    if hasattr(_out, "flush"):
        _out.flush()


tick(40)
REQUESTS = [
    {"id": 1, "req": "seat", "seat": 0},
    {"id": 2, "req": "seat", "seat": 1},
    {"id": 3, "req": "seat", "seat": 3},
    {"id": 4, "req": "seat", "seat": 9},
    {"id": 5, "req": "seat", "seat": "0"},
    {"id": 6, "req": "seat", "seat": 0, "phone": "yes"},
    {"id": 7, "req": "act", "seat": 1, "action": 1024},
    {"id": 8, "req": "act", "seat": 3, "action": 1024},
    {"id": 9, "req": "act", "seat": 0, "action": 99999},
    {"id": 10, "req": "act", "seat": 0, "action": [1, 2, {"x": "y" * 200}]},
    {"id": 11, "req": "act", "seat": 0},
    {"id": 12, "req": "act", "seat": 0, "action": 1025, "extra": 1},
    {"id": 13, "req": "act", "seat": 0, "action": 1025},
    {"id": 14, "req": "seat", "seat": 0, "phone": True},
    {"id": 15, "req": "seat", "seat": 1},
]
for r in REQUESTS:
    ask(r)
REQUESTS = None
tick(200)
gc.collect()
print(json.dumps({"lines": proto.lines, "errors": proto.errors, "turns": t.play.turns_done}))
