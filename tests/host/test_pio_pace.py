"""The emulated PIO keeps its time while the emulated core sleeps (emulation/pio_pace.py).

A bare emulated RP2040 (rp2040py) runs a state machine that toggles GPIO 0 (`set pins, 1 [7]`, `set pins, 0 [7]`:
16 PIO clocks a period, the PIO clock at 125 MHz / 6) while its core sleeps in WFI and the clock's only alarm is
200 us away, as a timer's would be. rp2040py gives a sleeping core's PIO one instruction per jump of the clock, so
without pio_pace the pin hardly moves in those 200 us; with it, it toggles as often as the program's timing says.
Skipped, saying why, without rp2040py.
"""

import pytest

pytest.importorskip("rp2040py", reason="the RP2040 emulator (rp2040py, the test extras) is not installed")

CTRL, INSTR_MEM0, SM0_CLKDIV, SM0_EXECCTRL, SM0_INSTR, SM0_PINCTRL = 0x000, 0x048, 0x0C8, 0x0CC, 0x0D8, 0x0DC
GPIO0_CTRL = 0x40014004  # IO_BANK0: FUNCSEL 6 gives the pin to PIO0
SET_PINS_1, SET_PINS_0, SET_PINDIRS_1 = 0xE701, 0xE700, 0xE081  # set pins, 1 [7]; set pins, 0 [7]; set pindirs, 1
DIV = 6
RUN_US = 200
PERIOD_CYCLES = 2 * 8 * DIV  # 96 system clocks from one rising edge to the next


def _rises_while_the_core_sleeps(paced):
    from rp2040py.gpio_pin import GPIOPinState
    from rp2040py.simulator import Simulator

    from nightboard_host.emulation.pio_pace import pace

    sim = Simulator()
    mcu = sim.rp2040
    if paced:
        pace(mcu)
    mcu.write_uint32(GPIO0_CTRL, 6)
    pio = mcu.pio[0]
    pio.write_uint32(INSTR_MEM0, SET_PINS_1)
    pio.write_uint32(INSTR_MEM0 + 4, SET_PINS_0)
    pio.write_uint32(SM0_EXECCTRL, 1 << 12)  # wrap after instruction 1
    pio.write_uint32(SM0_PINCTRL, 1 << 26)  # SET drives one pin from GPIO 0
    pio.write_uint32(SM0_CLKDIV, DIV << 16)
    pio.write_uint32(SM0_INSTR, SET_PINDIRS_1)
    rises = []
    mcu.gpio[0].add_listener(lambda new, old: rises.append(mcu.clock.nanos) if new == GPIOPinState.HIGH else None)
    far = mcu.clock.create_alarm(lambda: None)
    far.schedule(RUN_US * 1000)  # the only other alarm, as a timer's would be
    pio.write_uint32(CTRL, 1)  # state machine 0 on
    mcu.core.waiting = True  # WFI, no interrupt enabled: the core sleeps throughout
    sim.stopped = False
    while mcu.clock.nanos < RUN_US * 1000:
        sim._execute_batch()
    return [t for t in rises if t < RUN_US * 1000]


def test_without_pacing_a_sleeping_core_s_pio_hardly_runs():
    assert len(_rises_while_the_core_sleeps(False)) < 5


def test_with_pacing_the_pio_keeps_its_rate_through_the_core_s_sleep():
    rises = _rises_while_the_core_sleeps(True)
    expected = RUN_US * 125 // PERIOD_CYCLES  # 260
    assert expected - 3 <= len(rises) <= expected + 1, (len(rises), expected)
    gaps = {round((b - a) / 8) for a, b in zip(rises[1:], rises[2:])}  # in system clocks, after the first
    assert gaps == {PERIOD_CYCLES}, gaps
