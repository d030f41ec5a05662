"""Keep the emulated PIO on time while the emulated core sleeps.

rp2040py steps a PIO state machine at most one instruction per step of its main loop: one per instruction the
core executes, or one per idle jump while the core sleeps (WFI), and an idle jump goes straight to the next alarm
of the clock, however far away. A state machine owed more than 8 cycles then has the rest written off
(`backlog_drops`), so while the core sleeps through a frame's DMA the WS2812 program's pulses come out longer than
the program says, and the LED decoder reads some 0-bits as 1 ("stretched" frames in compare_frames). The faster the
firmware, the longer it sleeps, the more frames come out so.

`pace(rp2040)` adds one alarm that fires every STEP_NS (8 system clocks) while a state machine has something to do
(`next_due_fp` of its block is not NEVER_DUE), and every IDLE_NS otherwise, to notice one that starts. So an idle
jump is never longer than 8 clocks while a PIO runs, and no instruction is written off. It costs the emulator a
Python call each time it fires: measured in docs/performance.md ("The emulated PIO kept on time").
"""

STEP_NS = 64  # 8 cycles of the 125 MHz system clock: rp2040py writes off a backlog over 8 cycles
IDLE_NS = 1000
NEVER_DUE = 1 << 62  # rp2040py's "nothing due" (peripherals/_pio.py)


def pace(rp2040):
    """Make the PIO blocks of `rp2040` run on time through the core's sleep (see the module's docstring); the
    pacing alarm."""
    pios = list(rp2040.pio)

    def fire():  # (up to 15.6 million times an emulated second while a PIO runs: only the checks it needs)
        for p in pios:
            if p.next_due_fp != NEVER_DUE and not p.stopped:
                alarm.schedule(STEP_NS)
                return
        alarm.schedule(IDLE_NS)

    alarm = rp2040.clock.create_alarm(fire)
    alarm.schedule(IDLE_NS)
    return alarm
