"""The frames of a board player's decision as the table spreads it (table/thinking.py), for the bench.

decision_frames(setup) counts, under valgrind on the MicroPython unix port (the firmware compiled with
mpy-cross), the x86 instructions of each frame of one decision stepped by a Thinking, as the table does.
Frame k costs the first k frames' run minus the first k-1 frames' run, each over `reps` repetitions less
the run with none, so the figures are exact and repeatable. The board estimate is nightboard.bench's model
(3 Pico cycles an x86 instruction at 125 MHz), next to one frame time.
"""

FRAMES = """
from nightboard.table.thinking import Thinking
%s
class Game:
    def board_steps(self, seat):
        return steps()
def run(k):
    th = Thinking()
    th.begin(Game(), 0)
    i = 0
    while i < k and not th.step():
        i += 1
for _ in range(N):
    run(K)
"""


def frames_of(steps):
    """(frames, work units announced) of one decision stepped by a Thinking, on CPython."""
    from nightboard.table.thinking import Thinking

    class Game:
        def board_steps(self, seat):
            return steps()

    th = Thinking()
    th.begin(Game(), 0)
    while not th.step():
        pass
    units = sum(c for c in steps() if not isinstance(c, tuple))
    return th.frames, units


def decision_frames(setup, steps, reps=10):
    """setup: MicroPython code that defines steps(), a fresh generator of the decision at each call; steps:
    the same on CPython (to count its frames). None when valgrind is not installed."""
    import shutil

    if not shutil.which("valgrind"):
        return None
    from nightboard.table.app import FRAME_MS
    from nightboard.table.thinking import BUDGET
    from nightboard_host import bench

    frames, units = frames_of(steps)

    def code(n, k):
        return "N = %d\nK = %d\n" % (n, k) + FRAMES % setup

    base = bench._valgrind_instructions(code(0, 0))
    prefix = [0.0]
    for k in range(1, frames + 1):
        prefix.append((bench._valgrind_instructions(code(reps, k)) - base) / reps)
    per = [prefix[k] - prefix[k - 1] for k in range(1, frames + 1)]
    worst = max(per)
    return {"work_units": units, "budget_units": BUDGET, "frames": frames,
            "x86_instructions": int(prefix[-1]), "board_ms_estimate": round(bench.board_ms(prefix[-1]), 1),
            "worst_frame_x86_instructions": int(worst), "worst_frame_board_ms_estimate": round(bench.board_ms(worst), 1),
            "frame_board_ms_estimates": [round(bench.board_ms(x), 1) for x in per], "frame_ms": FRAME_MS}
