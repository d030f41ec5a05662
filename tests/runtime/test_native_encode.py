"""The LED encoder's loop compiled by viper (hal/native_encode.py, what the Pico's hal gives the table) writes
the same wire bytes, current estimate and limit as table/frame.py's Python loop: every colour order, several
brightnesses, frames under and over the power budget, run under the MicroPython unix port (whose x64 viper
emitter compiles the same source the Pico's compiles for Thumb). On CPython there is no compiled loop and the
Encoder runs its own."""

import random

from mpy_harness import run_mpy_json

from nightboard.hal.native_encode import compiled
from nightboard.table.frame import Encoder, Frame

ORDERS = ("RGB", "GRB", "BRG", "RBG", "GBR", "BGR")


def test_cpython_has_no_compiled_loop_and_the_encoder_runs_its_own():
    assert compiled() is None
    p = {"led": {"count": 4, "order": "GRB", "ma_per_channel": 20, "idle_ma_per_led": 1},
         "power": {"budget_ma": 1000, "brightness": 255}}
    f = Frame(4)
    f.set(1, 255, 10, 0)
    assert bytes(Encoder(p, loop=None).encode(f)) == b"\x00\x00\x00" + b"\x00\xff\x00" + bytes(6)


def test_the_compiled_loop_writes_what_the_python_loop_writes():
    rng = random.Random(5)
    cases = []
    for i in range(18):
        n = rng.choice((1, 7, 60, 108))
        rgb = [rng.choice((0, 0, 255, rng.randrange(256))) for _ in range(3 * n)]
        cases.append([ORDERS[i % 6], rng.choice((0, 1, 80, 255)), rng.choice((100, 1800, 60000)), n, rgb])
    code = """
import json
from nightboard.hal.native_encode import compiled
from nightboard.table.frame import Encoder, Frame
loop = compiled()
assert loop is not None, "the unix port's viper emitter built no loop"
out = []
for order, bright, budget, n, rgb in json.loads(%r):
    p = {"led": {"count": n, "order": order, "ma_per_channel": 20, "idle_ma_per_led": 1},
         "power": {"budget_ma": budget, "brightness": bright}}
    f = Frame(n)
    f.rgb[:] = bytes(rgb)
    row = []
    for e in (Encoder(p, 2), Encoder(p, 2, loop=loop)):
        a = bytes(e.encode(f))
        b = bytes(e.encode(f))  # the second buffer too
        row.append([list(a), a == b, e.last_ma, e.limited])
    out.append(row)
import gc
e = Encoder(p, 2, loop=loop)
e.encode(f)
gc.collect()
free = gc.mem_free()
for _ in range(50):
    e.encode(f)
out.append(free - gc.mem_free())
print(json.dumps(out))
""" % __import__("json").dumps(cases)
    res = run_mpy_json(code)
    grown = res.pop()
    limited = 0
    for (python, native), case in zip(res, cases):
        assert native == python, case[:4]
        limited += python[3]
    assert 0 < limited < len(cases)  # both sides of the power limit were tried
    assert grown == 0  # 50 encodes with the compiled loop allocated nothing
