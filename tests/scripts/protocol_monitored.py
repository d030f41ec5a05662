"""A VampiRing game played while a host polls the table as `nightboard monitor` does (a frame every
frame it can, the state and new events every 8 frames). Set PLAYERS, SEED and TURNS first. Prints one JSON line:
how far it got, whether the table had to recover from an error (an out-of-memory one, on a small
heap), and the free heap at the end."""

import gc
import json

from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file
from nightboard.table.protocol import Protocol

prof = load_profile_file("hardware/profiles/ring4.json")
hal = make_sim_hal(prof)
t = Table(prof, hal)
port = SimSerial(sink=lambda b: None)
t.services.append(Protocol(port))


def tick():
    hal.clock.advance(t.frame_ms)
    t.tick()


port.feed(b'@nb {"id":1,"req":"hello"}\n@nb {"id":2,"req":"profile"}\n')
tick()
port.feed(b'@nb {"id":3,"req":"start","players":%d,"seed":%d}\n' % (PLAYERS, SEED))
for _ in range(10):  # the table answers again a few frames after a reply (its collection, a frame drawn)
    tick()
    if t.mode == "game":
        break
turns = 0
for turn in range(TURNS):
    if t.mode != "game" or t.game.over:
        break
    for f in range(PLAYERS):
        port.feed(b'@nb {"id":4,"req":"tap","player":%d,"role":"ok"}\n' % f)
    for i in range(200):
        if not port.pending():  # the monitor asks again once its last requests are answered
            port.feed(b'@nb {"id":5,"req":"frame"}\n')
            if i % 8 == 0:
                port.feed(b'@nb {"id":6,"req":"state"}\n@nb {"id":7,"req":"events","since":%d}\n' % t.event_seq)
        tick()
        if t.mode == "error":
            break
    turns += 1
gc.collect()
print(json.dumps({"turns": turns, "mode": t.mode, "error": t.error, "free": gc.mem_free()}))
