"""A session on the emulated Pico played through its buttons, and the same session on the simulated table.

`play_on_board(profile, actions)` boots the firmware as `nightboard flash` leaves a board (with the
frame timing probe of nightboard_host.pico_emu), performs the button actions in emulated time and
returns what the board did: the decoded LED frames, every frame's start and work time, the presses.
`replay_in_sim(...)` runs the simulated table (hal/sim.py) through exactly the frames the board ran
(the same clock reading at each, the buttons as the board saw them), so the two frame sequences can be
compared byte for byte.

Actions: ("click", player, role) a press of HOLD_MS and a pause of GAP_MS; ("wait", ms);
("until_calm", ms) runs `ms` more milliseconds (the turn's animation and save).
"""

from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard_host.pico_emu import PicoEmu, board_files, littlefs_image, probe_files

HOLD_MS = 70
GAP_MS = 90
SCAN_US = 150  # a press this soon after a frame started is taken as seen by that frame's scan


class BoardRun:
    def __init__(self, emu, ticks, presses, marks):
        self.emu = emu
        self.frames = [f.rgb for f in emu.frames]
        self.ticks = ticks  # [(start_us, work_us)] of every frame of the table's loop
        self.presses = presses  # [(button, press_us, release_us)]
        self.marks = marks  # {name: emulated us} for the test's own points in the session
        self.boot_us = emu.frames[0].t_us if emu.frames else None


def button_of(profile, player, role):
    for i, k in enumerate(profile["buttons"]["keys"]):
        if k["player"] == player and k["role"] == role:
            return i
    raise ValueError("no %s button for player %d" % (role, player))


def play_on_board(profile_name, actions, boot_timeout_ms=4000):
    emu = PicoEmu(profile_name, fs=littlefs_image(board_files(profile_name, extra=probe_files())))
    emu.run_until(lambda: len(emu.frames) > 0, boot_timeout_ms, "the first LED frame")
    presses = []
    marks = {"first_frame": emu.frames[0].t_us}
    for act in actions:
        if act[0] == "click":
            b = button_of(emu.profile, act[1], act[2])
            t0 = emu.now_us()
            emu.press(b)
            emu.run_ms(HOLD_MS)
            t1 = emu.now_us()
            emu.release(b)
            presses.append((b, t0, t1))
            emu.run_ms(GAP_MS)
        elif act[0] == "mark":
            marks[act[1]] = emu.now_us()
        else:
            emu.run_ms(act[1])
    ticks = emu.probe_frames()
    return BoardRun(emu, ticks, presses, marks)


def replay_in_sim(profile, run):
    """The simulated table's LED frames through the very frames the board ran."""
    hal = make_sim_hal(profile, keep=True)
    clock = hal.clock
    first = run.ticks[0][0]
    clock._us = (first // 1000) * 1000
    table = Table(profile, hal)
    held = set()
    for start, _work in run.ticks:
        clock._us = (start // 1000) * 1000
        seen = start + SCAN_US
        for b, t0, t1 in run.presses:
            down = t0 <= seen < t1
            if down and b not in held:
                hal.buttons.press(b)
                held.add(b)
            elif not down and b in held:
                hal.buttons.release(b)
                held.discard(b)
        table.tick()
    return table, list(hal.pixels.history)


def long_frames(run, t_from, t_to, limit_us):
    """[(start ms, work ms)] of the frames in [t_from, t_to) (emulated us) whose work took over limit_us."""
    return [(round(s / 1000, 1), round(w / 1000, 1)) for s, w in run.ticks
            if t_from <= s < t_to and w > limit_us]
