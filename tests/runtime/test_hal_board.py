"""Board backends (hal/rp2_*.py, hal/board.py) against fake machine/rp2/neopixel modules.

tests/fakes/ model the pins (levels, a key matrix with switches), the PIO state
machine, DMA channels (ctrl register layout as on the RP2040) and neopixel. The
same backends also run under MicroPython with the fakes on the path.
"""

import json

import pytest

import fakes
from mpy_harness import ROOT, run_mpy, run_mpy_json

PROFILES = ROOT / "hardware" / "profiles"


@pytest.fixture
def hw():
    mods = fakes.install()
    mods.machine.reset()
    del mods.fake_time.sleeps[:]
    yield mods
    fakes.uninstall()


def reads(machine):
    return [e for e in machine.LOG if e[0] == "read"]


# ---- direct GPIO keys ----


def test_gpio_keys_configure_and_read_their_pins(hw):
    m = hw.machine
    b = hw.rp2_buttons.GpioButtons([{"pin": 3, "player": 0, "role": "mode"}, {"pin": 4}, {"pin": 26}])
    for p in (3, 4, 26):
        assert m.PINS[p].mode == m.Pin.IN and m.PINS[p].pull == m.Pin.PULL_UP
    states = bytearray(3)
    m.LEVELS[4] = 0  # pressed: pulled to ground
    del m.LOG[:]
    b.scan(states)
    assert states == bytearray([0, 1, 0])
    assert [e[1] for e in reads(m)] == [3, 4, 26]
    m.LEVELS[4] = 1
    m.LEVELS[26] = 0
    b.scan(states)
    assert states == bytearray([0, 0, 1])


def test_a_gpio_press_made_and_let_go_between_two_scans_is_seen_by_the_next(hw):
    # The pin interrupt latches the press (a game's first import blocks the loop for about 300 ms).
    m = hw.machine
    b = hw.rp2_buttons.GpioButtons([{"pin": 3}, {"pin": 4}])
    pin = m.PINS[4]
    assert pin.irq_trigger == m.Pin.IRQ_FALLING and pin.irq_hard  # closing pulls a pull-up key low
    states = bytearray(2)
    b.scan(states)
    assert states == bytearray([0, 0])
    pin.irq_handler(pin)  # pressed, and let go before the next scan: the pin reads 1 again
    b.scan(states)
    assert states == bytearray([0, 1])
    b.scan(states)
    assert states == bytearray([0, 0])  # seen once, not held
    hw.rp2_buttons.GpioButtons([{"pin": 5}], pull="down")
    assert m.PINS[5].irq_trigger == m.Pin.IRQ_RISING


def test_gpio_keys_pull_down(hw):
    m = hw.machine
    b = hw.rp2_buttons.GpioButtons([{"pin": 5}, {"pin": 6}], pull="down")
    assert m.PINS[5].pull == m.Pin.PULL_DOWN
    m.LEVELS[6] = 1
    states = bytearray(2)
    b.scan(states)
    assert states == bytearray([0, 1])


@pytest.mark.parametrize(
    "keys, pull, msg",
    [
        ([{"pin": 3}, {"pin": 3}], "up", r"buttons.keys\[1\].pin: GP3 already used by buttons.keys\[0\]"),
        ([{"pin": 23}], "up", r"buttons.keys\[0\].pin: GPIO 23 is not a Pico pin"),
        ([{"pin": "3"}], "up", "not a Pico pin"),
        ([{"role": "ok"}], "up", r"buttons.keys\[0\].pin is missing"),
        ([], "up", "non-empty list"),
        ([{"pin": 3}], "sideways", "buttons.pull must be 'up' or 'down'"),
    ],
)
def test_gpio_bad_config(hw, keys, pull, msg):
    with pytest.raises(ValueError, match=msg):
        hw.rp2_buttons.GpioButtons(keys, pull)


def test_gpio_scan_wrong_length(hw):
    b = hw.rp2_buttons.GpioButtons([{"pin": 3}])
    with pytest.raises(ValueError, match="states has 2 bytes, there are 1 buttons"):
        b.scan(bytearray(2))


# ---- key matrix ----

ROWS = [6, 7, 8]
COLS = [10, 11, 12, 13]
# every position but (2, 3), in a scrambled id order
POSITIONS = [(1, 2), (0, 0), (2, 1), (0, 3), (1, 0), (2, 0), (0, 1), (1, 3), (2, 2), (0, 2), (1, 1)]
MATRIX_KEYS = [{"row": r, "col": c, "player": 0, "role": "ok"} for r, c in POSITIONS]


def test_matrix_pins_configured(hw):
    m = hw.machine
    hw.rp2_buttons.MatrixButtons(ROWS, COLS, MATRIX_KEYS)
    for p in ROWS:
        assert m.PINS[p].mode == m.Pin.OPEN_DRAIN and m.PINS[p].out == 1  # idle: released (high-Z)
    for p in COLS:
        assert m.PINS[p].mode == m.Pin.IN and m.PINS[p].pull == m.Pin.PULL_UP


@pytest.mark.parametrize("key", range(len(POSITIONS)))
def test_matrix_each_key_maps_to_its_id(hw, key):
    m = hw.machine
    b = hw.rp2_buttons.MatrixButtons(ROWS, COLS, MATRIX_KEYS)
    r, c = POSITIONS[key]
    m.CLOSED.add((ROWS[r], COLS[c]))
    states = bytearray(len(POSITIONS))
    b.scan(states)
    assert [i for i in range(len(states)) if states[i]] == [key]


def test_matrix_several_keys_and_the_unfitted_position(hw):
    m = hw.machine
    b = hw.rp2_buttons.MatrixButtons(ROWS, COLS, MATRIX_KEYS)
    m.CLOSED.update({(6, 10), (8, 11), (7, 13), (8, 13)})  # (8, 13) = row 2 col 3 has no key
    states = bytearray(len(POSITIONS))
    b.scan(states)
    pressed = sorted(POSITIONS[i] for i in range(len(states)) if states[i])
    assert pressed == [(0, 0), (1, 3), (2, 1)]
    m.CLOSED.clear()
    b.scan(states)
    assert states == bytearray(len(POSITIONS))


def test_matrix_drives_one_row_at_a_time_and_settles(hw):
    m = hw.machine
    b = hw.rp2_buttons.MatrixButtons(ROWS, COLS, MATRIX_KEYS)
    del m.LOG[:]
    b.scan(bytearray(len(POSITIONS)))
    col_reads = reads(m)
    assert len(col_reads) == len(POSITIONS)  # unfitted positions are not read
    for _, pin, low in col_reads:
        assert pin in COLS and len(low) == 1 and low[0] in ROWS
    assert [low[0] for _, _, low in col_reads] == sorted(low[0] for _, _, low in col_reads)
    assert all(m.PINS[p].out == 1 for p in ROWS)
    assert hw.fake_time.sleeps == [hw.rp2_buttons.SETTLE_US] * len(ROWS)


def test_matrix_without_open_drain_idles_rows_high(hw, monkeypatch):
    m = hw.machine
    monkeypatch.delattr(m.Pin, "OPEN_DRAIN")
    b = hw.rp2_buttons.MatrixButtons([6], [10, 11], [{"row": 0, "col": 1}])
    assert m.PINS[6].mode == m.Pin.OUT and m.PINS[6].out == 1
    m.CLOSED.add((6, 11))
    states = bytearray(1)
    b.scan(states)
    assert states[0] == 1


@pytest.mark.parametrize(
    "rows, cols, keys, msg",
    [
        ([6], [10], [{"row": 1, "col": 0}], r"buttons.keys\[0\].row: 1 is not a row index 0..0"),
        ([6], [10], [{"row": 0, "col": -1}], r"buttons.keys\[0\].col: -1 is not a column index 0..0"),
        ([6], [10, 11], [{"row": 0, "col": 1}, {"row": 0, "col": 1}], r"buttons.keys\[1\]: row 0 col 1 already used by buttons.keys\[0\]"),
        ([6, 10], [10], [{"row": 0, "col": 0}], r"buttons.cols\[0\]: GP10 already used by buttons.rows\[1\]"),
        ([6], [24], [{"row": 0, "col": 0}], r"buttons.cols\[0\]: GPIO 24 is not a Pico pin"),
        ([], [10], [{"row": 0, "col": 0}], "buttons.rows must be a non-empty list"),
        ([6], [10], [{"col": 0}], r"buttons.keys\[0\].row is missing"),
    ],
)
def test_matrix_bad_config(hw, rows, cols, keys, msg):
    with pytest.raises(ValueError, match=msg):
        hw.rp2_buttons.MatrixButtons(rows, cols, keys)


# ---- PIO + DMA LED driver ----


@pytest.mark.parametrize("sm_id, treq", [(0, 0), (1, 1), (3, 3), (4, 8), (5, 9), (7, 11)])
def test_dma_driver_configures_sm_and_dma(hw, sm_id, treq):
    px = hw.rp2_ws2812.Ws2812Dma(2, 4, sm_id)
    sm = px._sm
    assert sm.id == sm_id and sm.freq == 20_000_000 and sm.running == 1
    assert sm.program is hw.rp2_ws2812.ws2812_program
    assert sm.sideset_base.id == 2
    ctrl = hw.rp2.DMA.unpack_ctrl(px._ctrl)
    assert ctrl["treq_sel"] == treq and px.treq == treq
    assert ctrl["size"] == 0  # byte transfers: the bus replicates each byte into the FIFO word
    assert ctrl["inc_read"] == 1 and ctrl["inc_write"] == 0 and ctrl["enable"] == 1


def test_dma_write_hands_over_the_buffer_itself(hw):
    t = hw.fake_time
    px = hw.rp2_ws2812.Ws2812Dma(2, 4)
    dma = px._dma
    buf = bytearray(range(12))
    assert not px.busy()
    px.write(buf)
    assert dma.read is buf  # no copy: DMA reads the wire buffer
    assert dma.write is px._sm and dma.count == 12 and dma.triggers == 1 and dma.ctrl == px._ctrl
    start = t.now_us
    assert px.busy()
    px.wait()
    # wait() polled the DMA to its end, then slept out the frame and the reset gap
    assert dma.left == 0 and dma.polls > 1 and not px.busy()
    assert t.now_us - start >= hw.rp2_ws2812.frame_us(12) + hw.rp2_ws2812.RESET_US
    mv = memoryview(buf)
    px.write(mv)
    assert dma.read is mv and dma.triggers == 2


def test_dma_next_write_waits_for_frame_and_reset_gap(hw):
    t = hw.fake_time
    m = hw.rp2_ws2812
    px = m.Ws2812Dma(2, 100)
    dma = px._dma
    starts = []
    real_config = dma.config

    def config(**kw):
        starts.append(t.now_us)
        real_config(**kw)

    dma.config = config
    buf = bytearray(300)
    px.write(buf)
    px.write(buf)
    px.write(buf)
    assert dma.triggers == 3
    gaps = [b - a for a, b in zip(starts, starts[1:])]
    assert all(g >= m.frame_us(300) + m.RESET_US for g in gaps), gaps
    assert m.frame_us(300) == 3000


def test_dma_driver_errors_and_deinit(hw):
    m = hw.rp2_ws2812
    px = m.Ws2812Dma(2, 4)
    with pytest.raises(ValueError, match="buffer has 11 bytes, the chain needs 12"):
        px.write(bytearray(11))
    px.deinit()
    assert px._dma.closed and px._sm.running == 0
    for args, msg in (((30, 4), "LED data pin"), ((2, 0), "LED count"), ((2, 4, 8), "state machine id")):
        with pytest.raises(ValueError, match=msg):
            m.Ws2812Dma(*args)


# ---- neopixel fallback ----


def test_neopixel_fallback_writes_the_bytes_in_order(hw):
    t = hw.fake_time
    px = hw.rp2_ws2812.NeoPixelFallback(2, 3)
    np = hw.neopixel.INSTANCES[-1]
    assert (np.pin.id, np.n, np.bpp, np.timing) == (2, 3, 3, 1)
    wire = bytes([0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99])
    px.write(bytearray(wire))
    assert np.writes == [wire]  # byte for byte, not reordered
    assert px.busy()
    before = t.now_us
    px.write(bytes(9))
    assert t.now_us - before >= hw.rp2_ws2812.RESET_US - 5  # reset gap between frames
    assert np.writes == [wire, bytes(9)]
    with pytest.raises(ValueError, match="buffer has 3 bytes, the chain needs 9"):
        px.write(bytes(3))


# ---- make_board_hal ----


def load(name):
    return json.loads((PROFILES / name).read_text())


def test_board_hal_from_gpio_profile(hw, tmp_path):
    prof = load("ring4.json")
    hal = hw.board.make_board_hal(prof, storage_dir=str(tmp_path / "data"))
    assert isinstance(hal.pixels, hw.rp2_ws2812.Ws2812Dma)
    assert hal.pixels.n == prof["led"]["count"] and hal.pixels._sm.sideset_base.id == prof["led"]["pin"]
    assert isinstance(hal.buttons, hw.rp2_buttons.GpioButtons)
    assert hal.buttons.pin_ids == [k["pin"] for k in prof["buttons"]["keys"]]
    assert hal.clock.ticks_ms is hw.fake_time.ticks_ms and hal.clock.ticks_diff(5, 3) == 2
    hal.storage.write("a.json", b"{}")
    assert (tmp_path / "data" / "a.json").read_bytes() == b"{}"


def test_board_hal_from_matrix_profile(hw, tmp_path):
    prof = load("grid8.json")
    hal = hw.board.make_board_hal(prof, storage_dir=str(tmp_path))
    assert isinstance(hal.buttons, hw.rp2_buttons.MatrixButtons)
    b = prof["buttons"]
    k = b["keys"][5]
    hw.machine.CLOSED.add((b["rows"][k["row"]], b["cols"][k["col"]]))
    states = bytearray(len(b["keys"]))
    hal.buttons.scan(states)
    assert [i for i in range(len(states)) if states[i]] == [5]


def test_board_hal_falls_back_to_neopixel_without_dma(hw, tmp_path, capsys, monkeypatch):
    monkeypatch.delattr(hw.rp2, "DMA")
    hal = hw.board.make_board_hal(load("ring4.json"), storage_dir=str(tmp_path))
    assert isinstance(hal.pixels, hw.rp2_ws2812.NeoPixelFallback)
    assert "no rp2.DMA" in capsys.readouterr().out


def test_board_hal_falls_back_when_no_dma_channel_is_free(hw, tmp_path, capsys):
    hogs = [hw.rp2.DMA() for _ in range(12)]
    hal = hw.board.make_board_hal(load("ring4.json"), storage_dir=str(tmp_path))
    assert isinstance(hal.pixels, hw.rp2_ws2812.NeoPixelFallback)
    assert "PIO/DMA LED driver unavailable" in capsys.readouterr().out
    assert len(hogs) == 12


@pytest.mark.parametrize(
    "prof, msg",
    [
        ({"buttons": {}}, "profile.led is missing"),
        ({"led": {"pin": 2}, "buttons": {}}, "profile.led.count is missing"),
        ({"led": {"pin": 2, "count": 3}, "buttons": {"kind": "knobs", "keys": []}}, "buttons.kind must be 'gpio' or 'matrix'"),
        ({"led": {"pin": 2, "count": 3}, "buttons": {"kind": "matrix", "keys": [], "cols": [3]}}, "profile.buttons.rows is missing"),
    ],
)
def test_board_hal_bad_profile(hw, tmp_path, prof, msg):
    with pytest.raises(ValueError, match=msg):
        hw.board.make_board_hal(prof, storage_dir=str(tmp_path))


def test_flash_storage_is_a_dir_storage(hw, tmp_path):
    s = hw.rp2_storage.FlashStorage(str(tmp_path / "flash"))
    s.write("g.tmp", b"1")
    s.rename("g.tmp", "g.json")
    assert s.listdir() == ["g.json"] and s.read("g.json") == b"1"
    assert hw.rp2_storage.DEFAULT_DIR == "/data"


def test_flash_storage_replaces_a_file_by_writing_over_it(hw, tmp_path):
    # littlefs commits a file at close, so the board writes a save straight over the old one: one write, no
    # temporary file, no rename (the emulated Pico's tests run it on the real littlefs)
    s = hw.rp2_storage.FlashStorage(str(tmp_path / "flash"))
    s.replace("g.json", b"old", "g.tmp")  # a new file: littlefs would commit it empty at open, so not in place
    assert s.listdir() == ["g.json"] and s.read("g.json") == b"old"
    calls = []
    s.rename = lambda old, new: calls.append((old, new))
    s.replace("g.json", b"new", "g.tmp")
    assert calls == [] and s.listdir() == ["g.json"] and s.read("g.json") == b"new"


# ---- the same backends under MicroPython (real time module, fake machine/rp2/neopixel) ----

MPY_BOARD = """
import json, gc
import machine, neopixel, rp2
from nightboard.hal.board import make_board_hal
from nightboard.hal.rp2_ws2812 import Ws2812Dma, NeoPixelFallback
from nightboard.hal.rp2_buttons import GpioButtons, MatrixButtons
out = {}
prof = json.loads(%(profile)r)
hal = make_board_hal(prof, storage_dir=%(store)r)
px = hal.pixels
buf = bytearray(px.nbytes)
px.write(buf)
out["dma"] = [px._dma.read is buf, px._dma.count, rp2.DMA.unpack_ctrl(px._ctrl)["treq_sel"], px._sm.freq]
g = GpioButtons([{"pin": 3}, {"pin": 4}])
machine.LEVELS[4] = 0
st = bytearray(2); g.scan(st); out["gpio"] = list(st)
mx = MatrixButtons([6, 7], [10, 11], [{"row": 0, "col": 0}, {"row": 1, "col": 1}, {"row": 1, "col": 0}])
machine.CLOSED.add((7, 10))
sm = bytearray(3); mx.scan(sm); out["matrix"] = list(sm)
npx = NeoPixelFallback(9, 2)
npx.write(bytearray([1, 2, 3, 4, 5, 6]))
out["np"] = list(neopixel.INSTANCES[-1].writes[-1])
hal.storage.write("x.tmp", "hi"); hal.storage.rename("x.tmp", "x.json"); out["store"] = hal.storage.listdir()
t0 = hal.clock.ticks_ms(); hal.clock.sleep_ms(2); out["clock"] = hal.clock.ticks_diff(hal.clock.ticks_ms(), t0) >= 1

machine.LOGGING = False
def measure(fn):
    fn()
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    fn()
    b = gc.mem_alloc()
    gc.enable()
    return b - a
def scans():
    for k in range(20):
        g.scan(st)
        mx.scan(sm)
def writes():
    for k in range(5):
        px.write(buf)
    px.wait()
out["alloc"] = [measure(scans), measure(writes)]
print(json.dumps(out))
"""


@pytest.mark.micropython
def test_board_backends_under_micropython(tmp_path):
    prof = (PROFILES / "ring4.json").read_text()
    got = run_mpy_json(MPY_BOARD % {"profile": prof, "store": str(tmp_path / "flash")}, extra_path=[fakes.FAKES_DIR])
    n = json.loads(prof)["led"]["count"]
    assert got["dma"] == [True, 3 * n, 0, 20_000_000]
    assert got["gpio"] == [0, 1]
    assert got["matrix"] == [0, 0, 1]
    assert got["np"] == [1, 2, 3, 4, 5, 6]
    assert got["store"] == ["x.json"] and got["clock"] is True
    assert got["alloc"] == [0, 0], "scan / pixel write allocated (bytes): %r" % got["alloc"]


@pytest.mark.micropython
def test_pio_program_decorates_under_micropython():
    out = run_mpy(
        "from nightboard.hal import rp2_ws2812 as m\nprint(m.ws2812_program.text)\nprint(m.FREQ, m.T1)\n",
        extra_path=[fakes.FAKES_DIR],
    )
    assert "out x, 1 side 0 [8]" in out and "jmp !x do_zero side 1 [7]" in out
    assert "20000000 8" in out
