"""table/buttons.py: debouncing raw contacts into PRESS / RELEASE / LONG events."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpy_harness import run_mpy, run_mpy_json
from nightboard.prng import Prng
from nightboard.table.buttons import LONG, PRESS, RELEASE, Debouncer, event_button, event_kind

NAMES = {PRESS: "press", RELEASE: "release", LONG: "long"}


def drain(deb, t, out):
    while True:
        ev = deb.next_event()
        if ev is None:
            return
        out.append((t, NAMES[event_kind(ev)], event_button(ev)))


def run(deb, signal, t0, t1, step=1):
    """Sample `signal(t) -> list of raw states` every `step` ms in [t0, t1)."""
    events = []
    states = bytearray(deb.n)
    for t in range(t0, t1, step):
        states[:] = bytes(signal(t))
        deb.update(states, t)
        drain(deb, t, events)
    return events


def chatter(seed, start, length):
    """A contact bouncing every 1..5 ms for `length` ms: set of (from, to, level) spans."""
    r = Prng(seed)
    spans = []
    t, level = start, 1
    while t < start + length:
        d = 1 + r.below(5)
        spans.append((t, min(t + d, start + length), level))
        t += d
        level ^= 1
    return spans


def level_at(spans, t, default):
    for a, b, v in spans:
        if a <= t < b:
            return v
    return default


def test_constants_and_encoding():
    assert (PRESS, RELEASE, LONG) == (1, 2, 3)
    d = Debouncer(4, debounce_ms=0, long_ms=None)
    d.update(bytearray([0, 0, 1, 0]), 0)
    ev = d.next_event()
    assert ev == PRESS * 256 + 2 and event_kind(ev) == PRESS and event_button(ev) == 2
    assert d.next_event() is None


@pytest.mark.parametrize("seed", range(8))
def test_bouncing_contact_gives_one_press_and_one_release(seed):
    press = chatter(seed, 100, 15)
    release = chatter(seed + 100, 400, 15)

    def signal(t):
        if t < 100:
            return [0]
        if t < 115:
            return [level_at(press, t, 1)]
        if t < 400:
            return [1]
        if t < 415:
            return [1 - level_at(release, t, 0)]
        return [0]

    d = Debouncer(1, debounce_ms=20, long_ms=800)
    events = run(d, signal, 0, 700)
    assert [(k, b) for _, k, b in events] == [("press", 0), ("release", 0)]
    # each change counted 20 ms after the contact last moved
    last_bounce_in = max(a for a, b, v in press)
    assert events[0][0] <= 115 + 20 and events[0][0] >= last_bounce_in + 20
    assert 415 <= events[1][0] <= 415 + 20


@pytest.mark.parametrize("step", [1, 5, 16])
def test_held_key_gives_one_long_then_release(step):
    d = Debouncer(2, debounce_ms=20, long_ms=800)
    events = run(d, lambda t: [0, 1 if 100 <= t < 2100 else 0], 0, 2600, step)
    assert [(k, b) for _, k, b in events] == [("press", 1), ("long", 1), ("release", 1)]
    t_press, t_long, t_release = [e[0] for e in events]
    # sampling every `step` ms sees a change up to one step late, and acts on it
    # at the first sample 20 ms (or 800 ms for LONG) after that
    assert 120 <= t_press < 120 + 2 * step
    assert 900 <= t_long < 900 + 2 * step and t_long - t_press <= 800
    assert 2120 <= t_release < 2120 + 2 * step


def test_short_press_has_no_long():
    d = Debouncer(1, debounce_ms=20, long_ms=800)
    events = run(d, lambda t: [1 if 100 <= t < 800 else 0], 0, 1200)
    assert [k for _, k, _ in events] == ["press", "release"]


def test_chatter_while_held_neither_repeats_nor_delays_long():
    def signal(t):
        glitch = t in (300, 301, 302, 650)  # shorter than debounce
        return [1 if 100 <= t < 1500 and not glitch else 0]

    d = Debouncer(1, debounce_ms=20, long_ms=800)
    events = run(d, signal, 0, 2000)
    assert [(t, k) for t, k, _ in events] == [(120, "press"), (900, "long"), (1520, "release")]


def test_keys_pressed_together_come_in_id_order():
    d = Debouncer(5, debounce_ms=10, long_ms=500)
    # keys 4, 1 and 3 close in the same millisecond (listed out of order on purpose)
    events = run(d, lambda t: [0, int(t >= 50), 0, int(t >= 50), int(t >= 50)], 0, 100)
    assert events == [(60, "press", 1), (60, "press", 3), (60, "press", 4)]
    events = run(d, lambda t: [0, 0, 0, 0, 0], 100, 200)
    assert events == [(110, "release", 1), (110, "release", 3), (110, "release", 4)]


def test_stuck_key_from_boot():
    d = Debouncer(3, debounce_ms=20, long_ms=800)
    events = run(d, lambda t: [0, 1, 0], 5000, 20000, 7)
    assert [(k, b) for _, k, b in events] == [("press", 1), ("long", 1)]
    assert d.is_down(1) == 1 and d.is_down(0) == 0


def test_queue_overflow_drops_oldest_and_counts():
    d = Debouncer(6, debounce_ms=0, long_ms=None, queue_size=4)
    d.update(bytearray([1, 1, 1, 1, 1, 1]), 0)
    assert d.dropped == 2 and d.pending() == 4
    got = []
    drain(d, 0, got)
    assert [b for _, _, b in got] == [2, 3, 4, 5]
    d.update(bytearray(6), 1)
    assert d.pending() == 4 and d.dropped == 4


def test_ticks_wrap_at_2_pow_30():
    period = 1 << 30
    d = Debouncer(1, debounce_ms=20, long_ms=100)
    events = []
    states = bytearray(1)
    for k in range(400):
        t = period - 150 + k
        states[0] = 1 if 0 <= k - 50 < 200 else 0
        d.update(states, t % period)
        drain(d, k, events)
    assert [(k, e) for k, e, _ in events] == [(70, "press"), (150, "long"), (270, "release")]


def test_zero_debounce_counts_every_change():
    d = Debouncer(1, debounce_ms=0, long_ms=None)
    events = run(d, lambda t: [t % 2], 0, 6)
    assert [k for _, k, _ in events] == ["press", "release", "press", "release", "press"]


@pytest.mark.parametrize(
    "kw, msg",
    [
        (dict(n_buttons=0), "n_buttons"),
        (dict(n_buttons=300), "n_buttons"),
        (dict(n_buttons=2, debounce_ms=-1), "debounce_ms"),
        (dict(n_buttons=2, debounce_ms=50, long_ms=50), "long_ms"),
        (dict(n_buttons=2, long_ms="x"), "long_ms"),
        (dict(n_buttons=2, queue_size=0), "queue_size"),
    ],
)
def test_bad_arguments_are_named(kw, msg):
    with pytest.raises(ValueError, match=msg):
        Debouncer(**kw)


def test_wrong_states_length():
    with pytest.raises(ValueError, match="states has 2 bytes, expected 3"):
        Debouncer(3).update(bytearray(2), 0)


# ---- property: for any raw signal, the events follow the rules ----

signals = st.lists(
    st.tuples(st.integers(1, 60), st.lists(st.booleans(), min_size=3, max_size=3)),
    min_size=1,
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(signals, st.integers(0, 30), st.integers(1, 7))
def test_events_follow_the_rules(spans, deb_ms, step):
    long_ms = deb_ms + 40
    n = 3
    samples = []  # (t, [raw...])
    t = 0
    for dur, levels in spans:
        for _ in range(0, dur, step):
            samples.append((t, [int(v) for v in levels]))
            t += step
    d = Debouncer(n, debounce_ms=deb_ms, long_ms=long_ms, queue_size=64)
    per_sample = []
    states = bytearray(n)
    for t, raw in samples:
        states[:] = bytes(raw)
        d.update(states, t)
        evs = []
        drain(d, t, evs)
        per_sample.append(evs)
        ids = [(b, {"press": 0, "release": 0, "long": 1}[k]) for _, k, b in evs]
        assert ids == sorted(ids), "events of one update in button-id order"
    assert d.dropped == 0

    for key in range(n):
        stable = 0
        run_start = None
        prev = None
        pressed_run_start = None
        long_seen = False
        for (t, raw), evs in zip(samples, per_sample):
            v = raw[key]
            if v != prev:
                run_start, prev = t, v
                run_event = False
            mine = [k for _, k, b in evs if b == key]
            held = t - run_start
            for k in mine:
                if k in ("press", "release"):
                    # alternation, and only after the contact held the new state for deb_ms
                    assert k == ("press" if stable == 0 else "release")
                    assert v == (1 if k == "press" else 0)
                    assert held >= deb_ms
                    assert not run_event, "at most one change per stable run"
                    run_event = True
                    stable = v
                    if k == "press":
                        pressed_run_start, long_seen = run_start, False
                    else:
                        pressed_run_start = None
                else:
                    assert stable == 1 and not long_seen
                    assert t - pressed_run_start >= long_ms
                    long_seen = True
            # liveness: a run held for deb_ms has been accepted by now
            if held >= deb_ms:
                assert stable == v
            if stable == 1 and t - pressed_run_start >= long_ms:
                assert long_seen


# ---- MicroPython: same events, and no allocation per update ----

SCENARIO = """
from nightboard.table.buttons import Debouncer
from nightboard.prng import Prng
import json
r = Prng(11)
d = Debouncer(4, debounce_ms=15, long_ms=300, queue_size=16)
st = bytearray(4)
out = []
for t in range(0, 3000, 3):
    if r.below(10) == 0:
        k = r.below(4)
        st[k] ^= 1
    d.update(st, t)
    while True:
        ev = d.next_event()
        if ev is None:
            break
        out.append([t, ev])
print(json.dumps(out))
"""


def scenario_cpython():
    r = Prng(11)
    d = Debouncer(4, debounce_ms=15, long_ms=300, queue_size=16)
    states = bytearray(4)
    out = []
    for t in range(0, 3000, 3):
        if r.below(10) == 0:
            k = r.below(4)
            states[k] ^= 1
        d.update(states, t)
        while True:
            ev = d.next_event()
            if ev is None:
                break
            out.append([t, ev])
    return out


@pytest.mark.micropython
def test_same_events_under_micropython():
    want = scenario_cpython()
    assert len(want) > 20
    assert run_mpy_json(SCENARIO) == want


@pytest.mark.micropython
def test_update_allocates_nothing_under_micropython():
    code = """
import gc
from nightboard.table.buttons import Debouncer
d = Debouncer(16, debounce_ms=20, long_ms=100, queue_size=8)
st = bytearray(16)
def step(t0):
    for k in range(300):
        t = t0 + k
        st[k % 16] = (k // 37) & 1
        st[(k * 7) % 16] = 1 if k % 50 < 30 else 0
        d.update(st, t)
        d.next_event()
        d.next_event()
def measure():
    step(0)
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    step(1073741500)  # across the 2**30 tick wrap
    b = gc.mem_alloc()
    gc.enable()
    return b - a
print(measure(), d.dropped)
"""
    out = run_mpy(code).split()
    assert out[0] == "0", "Debouncer.update/next_event allocated %s bytes" % out[0]


# ---- eager mode (what the table uses): the first edge at once, then a lockout ----


@pytest.mark.parametrize("seed", range(10))
def test_eager_bouncing_contact_gives_one_press_at_the_first_edge_and_one_release(seed):
    press = chatter(seed, 100, 15)  # bounces for 15 ms, then held
    release = chatter(seed + 50, 400, 15)

    def signal(t):
        if t < 100:
            return [0]
        if t < 400:
            return [level_at(press, t, 1)]
        v = level_at(release, t, 0)
        return [1 - v if t < 415 else 0]

    d = Debouncer(1, debounce_ms=20, long_ms=None, eager=True)
    events = run(d, signal, 0, 600)
    assert [k for _, k, _ in events] == ["press", "release"]
    assert events[0][0] == 100  # no waiting: the press counts at its first contact
    assert 400 <= events[1][0] < 420


@settings(max_examples=300, deadline=None)
@given(signals, st.integers(0, 30), st.integers(1, 7))
def test_eager_events_follow_the_rules(spans, deb_ms, step):
    """Alternation, each change reported in a sample whose raw level matches it, two changes of a key at
    least deb_ms apart, and liveness: a level held for deb_ms after the lockout has been reported."""
    n = 3
    samples = []
    t = 0
    for dur, levels in spans:
        for _ in range(0, dur, step):
            samples.append((t, [int(v) for v in levels]))
            t += step
    d = Debouncer(n, debounce_ms=deb_ms, long_ms=None, queue_size=64, eager=True)
    per_sample = []
    states = bytearray(n)
    for t, raw in samples:
        states[:] = bytes(raw)
        d.update(states, t)
        evs = []
        drain(d, t, evs)
        per_sample.append(evs)
    for key in range(n):
        stable = 0
        last_change = None
        for (t, raw), evs in zip(samples, per_sample):
            for _, k, b in evs:
                if b != key:
                    continue
                assert k == ("press" if stable == 0 else "release")
                assert raw[key] == (1 if k == "press" else 0)
                assert last_change is None or t - last_change >= deb_ms
                stable = 1 - stable
                last_change = t
            if last_change is None or t - last_change >= deb_ms:
                assert stable == raw[key], "a level past the lockout is reported in that very update"


@pytest.mark.micropython
def test_eager_update_allocates_nothing_under_micropython():
    out = run_mpy(
        "import gc\n"
        "from nightboard.table.buttons import Debouncer\n"
        "d = Debouncer(16, eager=True)\n"
        "st = bytearray(16)\n"
        "def work():\n"
        "    for t in range(0, 400, 4):\n"
        "        st[(t // 8) % 16] ^= 1\n"
        "        d.update(st, t)\n"
        "        while d.next_event() is not None:\n"
        "            pass\n"
        "work()\n"
        "gc.collect(); gc.disable(); a = gc.mem_alloc(); work(); b = gc.mem_alloc()\n"
        "print(b - a)\n"
    )
    assert int(out.strip().splitlines()[-1]) == 0
