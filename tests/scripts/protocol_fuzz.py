"""A protocol fuzz under MicroPython with a Pico-sized heap: every line of LINES_FILE (one request line each,
as bytes the host could send, mutated by tests/helpers/fuzz_lines.py) goes to the table's protocol, and the
table runs frames until that line is answered (or FRAMES_MAX frames pass). A restart the table asks for (its
crash path's last resort) is counted and the table is built again on the same flash, as the board would be.
Prints one JSON line: lines, answered, ok (replies saying yes), started (games started or loaded),
unanswered (their numbers), out_of_memory replies, restarts, errors the
table recovered from (its crash path), and the heap free at the end. LINES_FILE, PROFILE and FRAMES_MAX are put
in front of it (tests/runtime/test_evening_micropython.py)."""

import gc
import json

from nightboard.hal.sim import BoardRestart, MemStorage, make_sim_hal, sim_restart
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.protocol import Protocol
from nightboard.table.tablefit import load_profile_once

prof = load_profile_once(PROFILE)  # noqa: F821 (put in front)
storage = MemStorage()
got = [0]
oom = [0]
fine = [0]
started = [0]
tail = [b""]


def sink(data):
    buf = tail[0] + bytes(data)
    lines = buf.split(b"\n")
    tail[0] = lines.pop()
    for ln in lines:
        if ln.startswith(b"@nb "):
            got[0] += 1
            if b"out of memory" in ln:
                oom[0] += 1
            if b'"ok":true' in ln:
                fine[0] += 1
                if b'"mode":"game"' in ln and b'"describe"' not in ln:
                    started[0] += 1


def build():
    hal = make_sim_hal(prof, storage=storage, reset_cause="watchdog", restart=sim_restart)
    table = Table(prof, hal)
    port = SimSerial(sink=sink)
    table.services.append(Protocol(port))
    return hal, table, port


hal, t, port = build()
restarts = 0
recovered = 0
unanswered = []
n = 0
with open(LINES_FILE, "rb") as f:  # noqa: F821
    for line in f:
        n += 1
        want = got[0] + 1
        port.feed(line)
        frames = 0
        while got[0] < want and frames < FRAMES_MAX:  # noqa: F821
            frames += 1
            hal.clock.advance(t.frame_ms)
            crashes = t.crashes
            try:
                t.tick()
            except BoardRestart:
                restarts += 1
                hal = t = port = None
                gc.collect()
                hal, t, port = build()
                break
            if t.crashes > crashes:
                recovered += 1
        if got[0] < want:
            unanswered.append(n)
        if n % 500 == 0:
            gc.collect()
gc.collect()
print(json.dumps({"lines": n, "answered": got[0], "ok": fine[0], "started": started[0], "unanswered": unanswered[:20], "unanswered_count": len(unanswered),
                  "out_of_memory": oom[0], "restarts": restarts, "recovered": recovered, "free": gc.mem_free()}))
