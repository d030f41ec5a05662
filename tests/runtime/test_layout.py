"""Layout: ring cards, grid cells and panel LEDs map to the right chain indices, allocation-free."""

import json
import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpy_harness import run_mpy
from nightboard.table.layout import Layout, outer_ring
from nightboard.table.profile import load_profile, load_profile_file

ROOT = Path(__file__).resolve().parents[2]
PROFILES = sorted((ROOT / "hardware" / "profiles").glob("*.json"))
ROLES = ["mode", "move", "look", "ok"]
ORIGINS = ["top-left", "top-right", "bottom-left", "bottom-right"]


def make(play, max_players=1, panels_first=False, extra=()):
    """A valid profile around `play` (a ring or grid segment without "start")."""
    n_play = play["width"] * play["height"] if play["kind"] == "grid" else \
        play["positions"] * play.get("leds_per_position", 1)
    n_pan = 11 * max_players
    play = dict(play, id="play", start=n_pan if panels_first else 0)
    base = 0 if panels_first else n_play
    segs = [play] + [{"id": "p%d" % p, "kind": "panel", "player": p, "start": base + 11 * p}
                     for p in range(max_players)] + list(extra)
    count = n_play + n_pan + sum(s["count"] for s in extra)
    keys = [{"pin": 3 + 4 * p + r, "player": p, "role": ROLES[r]} for p in range(max_players) for r in range(4)]
    return load_profile({
        "format": 1, "name": "t", "max_players": max_players,
        "led": {"pin": 2, "count": count}, "power": {"budget_ma": 2000},
        "segments": segs, "buttons": {"kind": "gpio", "keys": keys},
    })


def ring(positions=16, lpp=4, card0=0, clockwise=True, **kw):
    return Layout(make({"kind": "ring", "positions": positions, "leds_per_position": lpp,
                        "card0": card0, "clockwise": clockwise}, **kw))


def grid(w, h, serpentine, origin, **kw):
    return Layout(make({"kind": "grid", "width": w, "height": h, "serpentine": serpentine, "origin": origin}, **kw))


# --- ring ----------------------------------------------------------------------------------------


def test_ring_clockwise_card0_zero():
    lay = ring()
    assert (lay.kind, lay.positions, lay.leds_per_card, lay.ring_len) == ("ring", 16, 4, 64)
    assert [lay.card_led(c, 16, k) for c in range(16) for k in range(4)] == list(range(64))
    assert lay.card_led(3, 16) == 12


def test_ring_anticlockwise():
    lay = ring(clockwise=False)
    # position 0's first LED is chain LED 0; clockwise from there the chain index falls
    assert [lay.card_led(0, 16, k) for k in range(4)] == [0, 63, 62, 61]
    assert [lay.card_led(1, 16, k) for k in range(4)] == [60, 59, 58, 57]
    assert [lay.card_led(15, 16, k) for k in range(4)] == [4, 3, 2, 1]


def test_ring_nonzero_card0():
    lay = ring(card0=10)
    assert [lay.card_led(0, 16, k) for k in range(4)] == [10, 11, 12, 13]
    assert [lay.card_led(15, 16, k) for k in range(4)] == [6, 7, 8, 9]
    assert [lay.card_led(14, 16, k) for k in range(4)] == [2, 3, 4, 5]
    lay = ring(card0=10, clockwise=False)
    assert [lay.card_led(0, 16, k) for k in range(4)] == [10, 9, 8, 7]
    assert [lay.card_led(2, 16, k) for k in range(4)] == [2, 1, 0, 63]
    assert [lay.card_led(3, 16, k) for k in range(4)] == [62, 61, 60, 59]


def test_ring_after_panels_in_the_chain():
    lay = ring(card0=5, max_players=2, panels_first=True)
    assert lay.card_led(0, 16, 0) == 22 + 5
    assert lay.card_led(15, 16, 3) == 22 + 4
    assert lay.blood_led(0, 0) == 0 and lay.status_led(1, 2) == 21


def test_cards_spread_over_positions():
    lay = ring()
    assert [lay.card_position(c, 14) for c in range(14)] == [0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14]
    assert [lay.card_led(c, 14, 0) for c in range(14)] == [4 * p for p in (0, 1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14)]
    assert [lay.card_position(c, 4) for c in range(4)] == [0, 4, 8, 12]
    assert lay.card_led(3, 4, 2) == 4 * 12 + 2


@given(st.integers(2, 40), st.data())
def test_cards_spread_evenly(positions, data):
    lay = ring(positions=positions, lpp=1)
    n = data.draw(st.integers(1, positions))
    pos = [lay.card_position(c, n) for c in range(n)]
    assert pos[0] == 0 and pos == sorted(set(pos)) and pos[-1] < positions
    gaps = [b - a for a, b in zip(pos, pos[1:] + [pos[0] + positions])]
    assert max(gaps) - min(gaps) <= 1


def test_ring_led_walks_clockwise_and_wraps():
    lay = ring(card0=62)
    assert [lay.ring_led(i) for i in range(4)] == [62, 63, 0, 1]
    assert lay.ring_led(64) == lay.ring_led(0) and lay.ring_led(-1) == 61
    assert lay.position_led(1, 3) == lay.card_led(1, 16, 3) == 1 + 4


@settings(max_examples=200)
@given(st.integers(2, 40), st.integers(1, 5), st.booleans(), st.booleans(), st.data())
def test_ring_mapping_property(positions, lpp, clockwise, panels_first, data):
    n = positions * lpp
    card0 = data.draw(st.integers(0, n - 1))
    lay = ring(positions=positions, lpp=lpp, card0=card0, clockwise=clockwise, panels_first=panels_first)
    start = 11 if panels_first else 0
    leds = [lay.position_led(p, k) for p in range(positions) for k in range(lpp)]
    assert sorted(leds) == list(range(start, start + n))
    assert leds[0] == start + card0
    step = 1 if clockwise else n - 1
    for a, b in zip(leds, leds[1:] + leds[:1]):
        assert (b - a) % n == step  # neighbours clockwise are neighbours in the chain
    assert [lay.card_led(c, positions, k) for c in range(positions) for k in range(lpp)] == leds


# --- grid ----------------------------------------------------------------------------------------

# chain index at [y][x] of a 3x2 grid for every origin, plain and serpentine
GRIDS = {
    ("top-left", False): [[0, 1, 2], [3, 4, 5]],
    ("top-left", True): [[0, 1, 2], [5, 4, 3]],
    ("top-right", False): [[2, 1, 0], [5, 4, 3]],
    ("top-right", True): [[2, 1, 0], [3, 4, 5]],
    ("bottom-left", False): [[3, 4, 5], [0, 1, 2]],
    ("bottom-left", True): [[5, 4, 3], [0, 1, 2]],
    ("bottom-right", False): [[5, 4, 3], [2, 1, 0]],
    ("bottom-right", True): [[3, 4, 5], [2, 1, 0]],
}


@pytest.mark.parametrize("origin, serpentine", sorted(GRIDS))
def test_grid_cells(origin, serpentine):
    lay = grid(3, 2, serpentine, origin)
    assert (lay.kind, lay.width, lay.height, lay.positions, lay.leds_per_card) == ("grid", 3, 2, 6, 1)
    assert [[lay.cell_led(x, y) for x in range(3)] for y in range(2)] == GRIDS[(origin, serpentine)]


@pytest.mark.parametrize("origin, serpentine", sorted(GRIDS))
def test_grid_cells_offset_in_chain(origin, serpentine):
    lay = grid(3, 2, serpentine, origin, max_players=2, panels_first=True)
    want = GRIDS[(origin, serpentine)]
    assert [[lay.cell_led(x, y) for x in range(3)] for y in range(2)] == [[v + 22 for v in row] for row in want]


@settings(max_examples=100)
@given(st.integers(2, 12), st.integers(2, 12), st.booleans(), st.sampled_from(ORIGINS))
def test_grid_mapping_property(w, h, serpentine, origin):
    lay = grid(w, h, serpentine, origin)
    where = {}
    for y in range(h):
        for x in range(w):
            where[lay.cell_led(x, y)] = (x, y)
    assert sorted(where) == list(range(w * h))
    corner = (0 if origin.endswith("left") else w - 1, 0 if origin.startswith("top") else h - 1)
    assert where[0] == corner
    for i in range(w * h - 1):
        (x0, y0), (x1, y1) = where[i], where[i + 1]
        if (i + 1) % w:  # along a row: the chain runs along x
            assert y0 == y1 and abs(x1 - x0) == 1
        elif serpentine:  # row change: the next row starts right beside
            assert x0 == x1 and abs(y1 - y0) == 1
        else:
            assert abs(y1 - y0) == 1 and abs(x1 - x0) == w - 1


def test_outer_ring_order():
    assert outer_ring(3, 3) == [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    assert outer_ring(2, 2) == [(0, 0), (1, 0), (1, 1), (0, 1)]
    assert outer_ring(4, 2) == [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (2, 1), (1, 1), (0, 1)]
    for w, h in ((8, 8), (5, 3), (2, 7)):
        cells = outer_ring(w, h)
        assert len(cells) == len(set(cells)) == 2 * (w + h) - 4
        for (x0, y0), (x1, y1) in zip(cells, cells[1:] + cells[:1]):
            assert abs(x1 - x0) + abs(y1 - y0) == 1


def test_grid8_outer_ring_is_the_card_ring():
    lay = Layout(load_profile_file(str(ROOT / "hardware/profiles/grid8.json")))
    assert (lay.positions, lay.ring_len, lay.leds_per_card) == (28, 28, 1)
    ring_cells = outer_ring(8, 8)
    assert [lay.position_led(p) for p in range(28)] == [lay.cell_led(x, y) for x, y in ring_cells]
    # serpentine from the top-left: row 1 runs right to left, row 7 too
    assert [lay.position_led(p) for p in (0, 7, 8, 13, 14, 21, 27)] == [0, 7, 8, 55, 56, 63, 15]
    assert [lay.card_led(c, 16) for c in range(16)] == [lay.position_led(c * 28 // 16) for c in range(16)]


# --- panels and errors ------------------------------------------------------------------------------


def test_panels_ring4():
    lay = Layout(load_profile_file(str(ROOT / "hardware/profiles/ring4.json")))
    for p in range(4):
        assert [lay.blood_led(p, k) for k in range(8)] == list(range(64 + 11 * p, 72 + 11 * p))
        assert [lay.status_led(p, k) for k in range(3)] == list(range(72 + 11 * p, 75 + 11 * p))


def test_lookup_errors_name_the_problem():
    lay = ring()
    cases = [
        (lambda: lay.card_led(16, 16), "card_led: card 16 out of range 0..15"),
        (lambda: lay.card_led(-1, 16), "card_led: card -1 out of range 0..15"),
        (lambda: lay.card_led(0, 17), "card_led: 17 cards do not fit 16 positions"),
        (lambda: lay.card_led(0, 0), "card_led: 0 cards do not fit 16 positions"),
        (lambda: lay.card_led(0, 16, 4), "card_led: LED 4 out of range 0..3"),
        (lambda: lay.position_led(16), "position_led: position 16 out of range 0..15"),
        (lambda: lay.cell_led(0, 0), "cell_led: table t has no grid"),
        (lambda: lay.blood_led(1, 0), "blood_led: player 1 out of range 0..0"),
        (lambda: lay.blood_led(0, 8), "blood_led: LED 8 out of range 0..7"),
        (lambda: lay.status_led(0, 3), "status_led: LED 3 out of range 0..2"),
        (lambda: grid(3, 2, True, "top-left").cell_led(3, 0), "cell_led: cell (3, 0) outside the 3x2 grid"),
        (lambda: grid(3, 2, True, "top-left").cell_led(0, -1), "cell_led: cell (0, -1) outside the 3x2 grid"),
    ]
    for fn, msg in cases:
        with pytest.raises(ValueError) as e:
            fn()
        assert str(e.value) == msg


# --- every LED is one logical cell ---------------------------------------------------------------------


def logical_leds(lay, profile):
    """Every chain index reachable through the layout, with what it is."""
    out = []
    if lay.kind == "ring":
        out += [(lay.position_led(p, k), "ring") for p in range(lay.positions) for k in range(lay.leds_per_card)]
    else:
        out += [(lay.cell_led(x, y), "grid") for y in range(lay.height) for x in range(lay.width)]
    for p in range(lay.max_players):
        out += [(lay.blood_led(p, k), "blood") for k in range(8)]
        out += [(lay.status_led(p, k), "status") for k in range(3)]
        out += [(lay.hand_led(p, x, y), "hand") for y in range(lay.hand_h) for x in range(lay.hand_w)]
    return out


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_every_led_of_shipped_profile_is_one_cell(path):
    profile = load_profile_file(str(path))
    lay = Layout(profile)
    leds = [i for i, _ in logical_leds(lay, profile)]
    dark = [i for s in profile["segments"] if s["kind"] == "skip" for i in range(s["start"], s["start"] + s["count"])]
    assert sorted(leds + dark) == list(range(profile["led"]["count"]))
    assert lay.led_count == profile["led"]["count"]
    if lay.kind == "grid":
        cells = {lay.cell_led(x, y) for y in range(lay.height) for x in range(lay.width)}
        assert {lay.position_led(p) for p in range(lay.positions)} <= cells


def test_skip_segments_belong_to_no_cell():
    prof = make({"kind": "ring", "positions": 4}, extra=[{"id": "dark", "kind": "skip", "start": 15, "count": 3}])
    lay = Layout(prof)
    assert sorted(i for i, _ in logical_leds(lay, prof)) == list(range(15))
    assert [g[0] for g in lay.geometry()] == list(range(15))


# --- geometry --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_geometry_looks_like_the_table(path):
    profile = load_profile_file(str(path))
    lay = Layout(profile)
    geo = lay.geometry()
    assert [g[0] for g in geo] == list(range(profile["led"]["count"]))
    assert all(type(x) is float and type(y) is float for _, x, y, _ in geo)
    seg = {g[0]: g[3] for g in geo}
    pos = {g[0]: (g[1], g[2]) for g in geo}
    play = [pos[i] for i in pos if seg[i] == lay.play_id]
    if lay.kind == "ring":
        radii = [math.hypot(x, y) for x, y in play]
        assert max(radii) - min(radii) < 1e-2
        # position 0 at the top, a quarter of the way round clockwise is on the right (y down)
        x0, y0 = pos[lay.position_led(0)]
        xq, yq = pos[lay.position_led(lay.positions // 4)]
        assert y0 < 0 and abs(x0) < 2 and xq > 0
    elif lay.hex:
        # every LED the centre of a hex: its neighbours along the row and in the rows above and below
        # (odd rows half a cell to the right) all one pitch away
        for y in range(lay.height):
            for x in range(lay.width):
                xa, ya = pos[lay.cell_led(x, y)]
                right = [(x + 1, y), (x + (y & 1), y + 1), (x + (y & 1) - 1, y + 1)]
                for nx, ny in right:
                    if 0 <= nx < lay.width and ny < lay.height:
                        xb, yb = pos[lay.cell_led(nx, ny)]
                        assert abs(math.hypot(xb - xa, yb - ya) - 1) < 1e-3, (x, y, nx, ny)
        x0, y0 = pos[lay.cell_led(0, 0)]
        assert x0 < 0 and y0 < 0 and pos[lay.cell_led(0, 1)][0] == x0 + 0.5
    else:
        xs = sorted({x for x, _ in play})
        assert len(xs) == lay.width and all(abs(b - a - 1) < 1e-9 for a, b in zip(xs, xs[1:]))
        x0, y0 = pos[lay.cell_led(0, 0)]
        assert x0 < 0 and y0 < 0
    extent = max(max(abs(x), abs(y)) for x, y in play)
    centres = []
    for p in range(lay.max_players):
        pts = [pos[lay.blood_led(p, k)] for k in range(8)] + [pos[lay.status_led(p, k)] for k in range(3)]
        assert all(seg[lay.blood_led(p, 0)] == s for s in [seg[lay.blood_led(p, k)] for k in range(8)])
        cx = sum(x for x, _ in pts) / len(pts)
        cy = sum(y for _, y in pts) / len(pts)
        assert math.hypot(cx, cy) > extent  # beside the play area, not on it
        centres.append((cx, cy))
        for (xa, ya), (xb, yb) in zip(pts, pts[1:]):
            assert 0.9 < math.hypot(xb - xa, yb - ya) < 1.6  # a straight row of LEDs
    # player 0 at the bottom (y down), blood 0 at that player's left
    assert centres[0][1] > 0 and abs(centres[0][0]) < 0.5
    assert pos[lay.blood_led(0, 0)][0] < pos[lay.blood_led(0, 7)][0]
    if lay.max_players == 4:
        assert centres[1][0] < 0 and centres[2][1] < 0 and centres[3][0] > 0  # left, top, right
        assert pos[lay.blood_led(2, 0)][0] > pos[lay.blood_led(2, 7)][0]  # seen from the top seat
    # no two LEDs drawn on top of each other
    pts = sorted(pos.values())
    for i, (xa, ya) in enumerate(pts):
        for xb, yb in pts[i + 1:i + 40]:
            assert math.hypot(xb - xa, yb - ya) > 0.5


# --- MicroPython ----------------------------------------------------------------------------------------


def dump_code(name):
    return (
        "from nightboard.table.profile import load_profile_file\n"
        "from nightboard.table.layout import Layout\n"
        "import json\n"
        "L = Layout(load_profile_file('hardware/profiles/%s.json'))\n"
        "r = [L.position_led(p, k) for p in range(L.positions) for k in range(L.leds_per_card)]\n"
        "c = [L.card_led(i, n, 0) for n in range(1, L.positions + 1) for i in range(n)]\n"
        "b = [L.blood_led(p, k) for p in range(L.max_players) for k in range(8)]\n"
        "s = [L.status_led(p, k) for p in range(L.max_players) for k in range(3)]\n"
        "g = [L.cell_led(x, y) for y in range(L.height) for x in range(L.width)]\n"
        "print(json.dumps([r, c, b, s, g]))\n"
        "print(json.dumps(L.geometry()))\n"
    ) % name


@pytest.mark.micropython
@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_same_layout_under_micropython(path):
    lines = run_mpy(dump_code(path.stem)).strip().splitlines()
    tables, geo = json.loads(lines[-2]), json.loads(lines[-1])
    lay = Layout(load_profile_file(str(path)))
    want = [
        [lay.position_led(p, k) for p in range(lay.positions) for k in range(lay.leds_per_card)],
        [lay.card_led(i, n, 0) for n in range(1, lay.positions + 1) for i in range(n)],
        [lay.blood_led(p, k) for p in range(lay.max_players) for k in range(8)],
        [lay.status_led(p, k) for p in range(lay.max_players) for k in range(3)],
        [lay.cell_led(x, y) for y in range(lay.height) for x in range(lay.width)],
    ]
    assert tables == want
    mine = lay.geometry()
    assert len(geo) == len(mine)
    for (i, x, y, s), (j, x2, y2, s2) in zip(geo, mine):
        assert (i, s) == (j, s2) and abs(x - x2) < 2e-3 and abs(y - y2) < 2e-3


@pytest.mark.micropython
@pytest.mark.parametrize("name", ["ring4", "grid8"])
def test_lookups_allocate_nothing_under_micropython(name):
    code = (
        "import gc, micropython\n"
        "from nightboard.table.profile import load_profile_file\n"
        "from nightboard.table.layout import Layout\n"
        "L = Layout(load_profile_file('hardware/profiles/%s.json'))\n"
        "def work():\n"
        "    s = 0\n"
        "    for c in range(16):\n"
        "        for k in range(L.leds_per_card):\n"
        "            s += L.card_led(c, 16, k) + L.position_led(c, k)\n"
        "        s += L.card_led(c, 16) + L.card_position(c, 16) + L.ring_led(c + 100)\n"
        "    for p in range(L.max_players):\n"
        "        for k in range(8):\n"
        "            s += L.blood_led(p, k)\n"
        "        for k in range(3):\n"
        "            s += L.status_led(p, k)\n"
        "    for y in range(L.height):\n"
        "        for x in range(L.width):\n"
        "            s += L.cell_led(x, y)\n"
        "    return s\n"
        "def ten():\n"
        "    for _ in range(10):\n"
        "        work()\n"
        "ten()\n"
        "a = b = 0\n"  # globals created before measuring: a new global allocates
        "locked = None\n"
        "gc.collect(); gc.disable()\n"
        "a = gc.mem_alloc()\n"
        "ten()\n"
        "b = gc.mem_alloc()\n"
        "micropython.heap_lock()\n"
        "try:\n"
        "    work(); locked = 'none'\n"
        "except MemoryError:\n"
        "    locked = 'allocated'\n"
        "micropython.heap_unlock()\n"
        "gc.enable()\n"
        "print(a, b, locked)\n"
    ) % name
    a, b, locked = run_mpy(code).split()
    assert a == b, "Layout lookups allocated %d bytes" % (int(b) - int(a))
    assert locked == "none"


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_panel_byte_offsets_agree_with_the_checked_lookups(path):
    # The per-frame drawing writes panels through panel_at (unchecked, Frame.put); it must land on
    # exactly the LEDs blood_led and status_led name.
    from nightboard.table.layout import STATUS_AT

    lay = Layout(load_profile_file(str(path)))
    for p in range(lay.max_players):
        for k in range(lay.blood_count):
            assert lay.panel_at[p] + 3 * k == 3 * lay.blood_led(p, k)
        for k in range(3):
            assert lay.panel_at[p] + STATUS_AT + 3 * k == 3 * lay.status_led(p, k)
