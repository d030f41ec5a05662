"""The WS2812 PIO program: bit timing and bit order measured in a cycle-exact PIO emulator.

The reference program is pioasm text assembled by adafruit_pioasm and run in
rp2040-pio-emulator, fed as the DMA feeds it (each byte replicated into the four
lanes of a FIFO word). The @rp2.asm_pio program in hal/rp2_ws2812.py is rendered
to pioasm by the recording fake rp2 (tests/fakes/rp2.py) and must assemble to
the same opcodes and settings, and give the same timing.
"""

from collections import deque

import adafruit_pioasm
import pytest
from pioemu import State, emulate

import fakes

REFERENCE = """
.program ws2812
.side_set 1
.wrap_target
bitloop:
    out x, 1        side 0 [8]    ; T3 - 1
    jmp !x do_zero  side 1 [7]    ; T1 - 1
    jmp bitloop     side 1 [7]    ; T2 - 1
do_zero:
    nop             side 0 [7]    ; T2 - 1
.wrap
"""

NS_PER_CYCLE = 50  # 20 MHz state machine clock
BIT0 = (400, 850)  # high, low in ns
BIT1 = (800, 450)
RESET_CYCLES = 300 * 1000 // NS_PER_CYCLE


@pytest.fixture
def ws():
    mods = fakes.install()
    yield mods
    fakes.uninstall()


def assemble(text):
    prog = adafruit_pioasm.Program(text)
    return list(prog.assembled), prog.pio_kwargs


def pin_runs(text, data, shift_left=True, pull_thresh=8, tail_cycles=RESET_CYCLES + 2000):
    """Run the program on `data` bytes; return [(level, cycles), ...] of the side-set pin."""
    opcodes, kw = assemble(text)
    words = deque(b * 0x01010101 for b in data)  # a byte write lands in all four lanes
    limit = len(data) * 8 * 25 + tail_cycles
    gen = emulate(
        opcodes,
        stop_when=lambda _op, st: st.clock >= limit,
        initial_state=State(transmit_fifo=words),
        auto_pull=True,
        pull_threshold=pull_thresh,
        shift_osr_right=not shift_left,
        side_set_base=0,
        side_set_count=kw.get("sideset_pin_count", 0) + (1 if kw.get("sideset_enable") else 0),
        wrap_target=kw.get("wrap_target", 0),
        wrap_top=kw.get("wrap", len(opcodes) - 1),
    )
    runs = []
    for before, after in gen:
        level = after.pin_values & 1
        cycles = after.clock - before.clock
        if runs and runs[-1][0] == level:
            runs[-1][1] += cycles
        else:
            runs.append([level, cycles])
    return [tuple(r) for r in runs]


def bits_of(runs):
    """[(high_ns, low_ns)] for each bit; the last bit's low is the idle tail."""
    assert runs[0][0] == 0, "line must start low"
    out = []
    i = 1
    while i < len(runs):
        assert runs[i][0] == 1
        high = runs[i][1] * NS_PER_CYCLE
        low = runs[i + 1][1] * NS_PER_CYCLE if i + 1 < len(runs) else 0
        out.append((high, low))
        i += 2
    return out


def decode(bits):
    val = []
    for k in range(0, len(bits) - len(bits) % 8, 8):
        b = 0
        for high, _low in bits[k : k + 8]:
            b = b << 1 | (1 if high == BIT1[0] else 0)
        val.append(b)
    return bytes(val)


DATA = bytes([0x00, 0xFF, 0xA5, 0x5A, 0x01, 0x80, 0xC3, 0x3C, 0x12])


def check_timing(runs, data):
    bits = bits_of(runs)
    assert len(bits) == 8 * len(data)
    for k, (high, low) in enumerate(bits):
        byte, bit = data[k // 8], 7 - k % 8  # MSB first
        want = BIT1 if byte >> bit & 1 else BIT0
        assert high == want[0], "bit %d of byte %d: high %d ns, want %d" % (bit, k // 8, high, want[0])
        if k < len(bits) - 1:
            assert low == want[1], "bit %d of byte %d: low %d ns, want %d" % (bit, k // 8, low, want[1])
            assert high + low == 1250
    # after the last bit the state machine stalls on `out` with the line low: the reset gap
    assert runs[-1][0] == 0 and runs[-1][1] * NS_PER_CYCLE >= 300000
    assert decode(bits) == bytes(data)


def test_reference_bit_timing_and_order():
    check_timing(pin_runs(REFERENCE, DATA), DATA)


@pytest.mark.parametrize("byte", [0x00, 0xFF, 0x80, 0x01, 0xAA, 0x55])
def test_single_bytes_msb_first(byte):
    runs = pin_runs(REFERENCE, [byte, 0])
    bits = bits_of(runs)
    assert [1 if h == BIT1[0] else 0 for h, _ in bits[:8]] == [byte >> (7 - i) & 1 for i in range(8)]


def test_three_led_frame_in_wire_order():
    frame = bytes([0x10, 0x20, 0x30, 0xF0, 0x0F, 0x81, 0x00, 0x7E, 0xFF])  # G,R,B per LED already
    check_timing(pin_runs(REFERENCE, frame), frame)


def test_measurement_catches_a_wrong_delay():
    broken = REFERENCE.replace("side 1 [7]    ; T1 - 1", "side 1 [6]    ; T1 - 1")
    with pytest.raises(AssertionError):
        check_timing(pin_runs(broken, DATA), DATA)


def test_wrong_shift_direction_is_lsb_first():
    runs = pin_runs(REFERENCE, [0x01, 0], shift_left=False, pull_thresh=8)
    assert decode(bits_of(runs))[:1] != b"\x01"


def test_board_program_is_the_reference(ws):
    prog = ws.rp2_ws2812.ws2812_program
    got_ops, got_kw = assemble(prog.text)
    want_ops, want_kw = assemble(REFERENCE)
    assert got_ops == want_ops
    assert got_kw == want_kw
    assert prog.kw == {
        "sideset_init": ws.rp2.PIO.OUT_LOW,
        "out_shiftdir": ws.rp2.PIO.SHIFT_LEFT,
        "autopull": True,
        "pull_thresh": 8,
    }


def test_board_program_timing_in_emulator(ws):
    prog = ws.rp2_ws2812.ws2812_program
    runs = pin_runs(
        prog.text,
        DATA,
        shift_left=prog.kw["out_shiftdir"] == ws.rp2.PIO.SHIFT_LEFT,
        pull_thresh=prog.kw["pull_thresh"],
    )
    check_timing(runs, DATA)


def test_module_timing_constants(ws):
    m = ws.rp2_ws2812
    assert m.FREQ == 20_000_000 and 1_000_000_000 // m.FREQ == NS_PER_CYCLE
    assert (m.T1 * NS_PER_CYCLE, (m.T2 + m.T3) * NS_PER_CYCLE) == BIT0
    assert ((m.T1 + m.T2) * NS_PER_CYCLE, m.T3 * NS_PER_CYCLE) == BIT1
    assert m.BIT_NS == 1250
    assert m.frame_us(3 * 108) == 3240
    assert m.RESET_US >= 300
    assert [m.treq_for(i) for i in range(8)] == [0, 1, 2, 3, 8, 9, 10, 11]


def test_fake_asm_pio_swaps_globals_like_micropython(ws):
    # A body that reads a module global fails under the real asm_pio (globals are
    # swapped for the DSL); the fake must fail the same way, and restore them after.
    import types

    mod = types.ModuleType("probe")
    exec(
        "import rp2\nDELAY = 3\n"
        "def body():\n    nop()[DELAY]\n"
        "def ok():\n    nop()[3]\n",
        mod.__dict__,
    )
    with pytest.raises(NameError):
        ws.rp2.asm_pio()(mod.body)
    assert mod.DELAY == 3
    assert "nop [3]" in ws.rp2.asm_pio()(mod.ok).text
    with pytest.raises(TypeError):
        ws.rp2.asm_pio(pull_threshold=8)
