"""The frames of a board player's decision as the table spreads it (table/thinking.py), for the bench.

decision_frames(setup) counts, under valgrind on the MicroPython unix port (the firmware compiled with
mpy-cross), the x86 instructions of each frame of one decision stepped by a Thinking, as the table does.
Frame k costs the first k frames' run minus the first k-1 frames' run, each over `reps` repetitions less
the run with none, so the figures are exact and repeatable. The board estimate is nightboard.bench's model
(3 Pico cycles an x86 instruction at 125 MHz), next to one frame time.
"""

from nightboard_host.emulation.mpy_runner import params, program

# The program that steps a decision (programs/thinking_prepare.py, the decision's setup, programs/thinking_frames.py).
PREPARE = program(__file__, "thinking_prepare")
FRAMES = program(__file__, "thinking_frames")


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
    """setup: MicroPython code that defines steps(), a fresh generator of the decision at each call, and
    may define prepare(), run before each decision and not counted in its frames; steps: the same on
    CPython (to count its frames). None when valgrind is not installed."""
    import shutil

    if not shutil.which("valgrind"):
        return None
    from nightboard.table.app import FRAME_MS
    from nightboard.table.thinking import BUDGET
    from nightboard_host.bench import costs as bench

    frames, units = frames_of(steps)

    def code(n, k):
        return params({"N": n, "K": k}) + PREPARE + setup + FRAMES

    base = bench._valgrind_instructions(code(0, 0))
    prefix = [(bench._valgrind_instructions(code(reps, 0)) - base) / reps]  # prepare() alone: no frame's
    for k in range(1, frames + 1):
        prefix.append((bench._valgrind_instructions(code(reps, k)) - base) / reps)
    per = [prefix[k] - prefix[k - 1] for k in range(1, frames + 1)]
    prefix[-1] -= prefix[0]
    worst = max(per)
    return {"work_units": units, "budget_units": BUDGET, "frames": frames,
            "x86_instructions": int(prefix[-1]), "board_ms_estimate": round(bench.board_ms(prefix[-1]), 1),
            "worst_frame_x86_instructions": int(worst), "worst_frame_board_ms_estimate": round(bench.board_ms(worst), 1),
            "frame_board_ms_estimates": [round(bench.board_ms(x), 1) for x in per], "frame_ms": FRAME_MS}


# --- every game of the index, from its declared facts ------------------------------------------------------
# A game's TOOLS["bench"]["thinking"] says how the board decides in it: {"players": n, "options": new_game's
# options that give the board seats (and its level)}. The bench plays seeded games so started (the board's
# own choices for the seats it plays, random legal play for the others), finds the decision with the most
# work, and measures its frames as the table spreads them.

GAME_STEPS = program(__file__, "game_steps")  # a game's decision at a position: NAME, PATH, _SEAT in front


def _thinking(name):
    from nightboard.games import index

    return (index.tools(name).get("bench") or {}).get("thinking")


def _slowest_piece(g, seat):
    """The CPython seconds of the slowest piece of the board's decision for `seat` (on a copy): which
    decision holds the longest frame, to measure it on the unix port."""
    import time

    it = g.copy().board_steps(seat)
    worst = 0.0
    while True:
        t = time.perf_counter()
        out = next(it)
        worst = max(worst, time.perf_counter() - t)
        if isinstance(out, tuple):
            return worst


def decisions(name, games=4, limit=600):
    """[(units, state, seat, CPython seconds of its slowest piece)] of the board's decisions along seeded
    games of `name` started as its TOOLS["bench"]["thinking"] says (a game declaring none: [])."""
    from nightboard.games import index
    from nightboard.games.errors import GameError
    from nightboard.prng import Prng

    how = _thinking(name)
    if how is None:
        return []
    mod = index.module(name)
    out = []
    for seed in range(1, games + 1):
        g = mod.new_game(seed, how["players"], **how.get("options", {}))
        rng = Prng(seed + 99)
        for _ in range(limit):
            if g.result() is not None:
                break
            s = g.to_move()[0]
            try:
                pieces = list(g.copy().board_steps(s))
            except GameError:
                legal = g.legal(s)
                g.apply(s, legal[rng.below(len(legal))])
                continue
            out.append((sum(pieces[:-1]), g.to_json(), s, _slowest_piece(g, s)))
            g.apply(s, pieces[-1][0])
    return out


def game_spread(name, games=4):
    """The board's decisions in `name` as the table spreads them: how many were looked at, the most frames
    one took and, under valgrind, the frames of the one with the most work and of the one whose slowest
    piece was slowest on CPython, the worst frame of the two; the mind's import on its own (the first piece
    of a decision, once per session). None when the game declares no thinking."""
    import json
    import os
    import shutil
    import tempfile

    from nightboard.games import index
    from nightboard_host.bench import costs as bench

    found = decisions(name, games)
    if not found:
        return None
    mod = index.module(name)

    def frames(state, seat):
        return frames_of(lambda: mod.from_json(state).board_steps(seat))[0]

    most_frames = max(frames(st, s) for _, st, s, _ in found)
    busiest = max(found, key=lambda d: d[0])
    slowest = max(found, key=lambda d: d[3])
    out = {"decisions": len(found), "most_frames": most_frames, "busiest_units": busiest[0]}
    if not shutil.which("valgrind"):
        return out
    with tempfile.TemporaryDirectory() as tmp:
        for key, (_, state, seat, _) in (("busiest", busiest), ("slowest_piece", slowest)):
            path = os.path.join(tmp, key + ".json")
            with open(path, "w") as fh:
                json.dump(state, fh)
            out[key] = decision_frames(params({"NAME": name, "PATH": path}, {"_SEAT": seat}) + GAME_STEPS,
                                       lambda: mod.from_json(state).board_steps(seat))
    out["worst_frame_board_ms_estimate"] = max(out["busiest"]["worst_frame_board_ms_estimate"],
                                               out["slowest_piece"]["worst_frame_board_ms_estimate"])
    # on a table the game's state module is in already: the mind's own modules are what its import reads
    before = "from nightboard.games import index\nM = index.module(%r)\nimport nightboard.games.%s.state\n" % (
        name, name)
    x = bench._valgrind_instructions(before + "import nightboard.games.%s.mind\n" % name) - \
        bench._valgrind_instructions(before)
    out["mind_import_board_ms_estimate"] = round(bench.board_ms(x), 1)
    return out


def spread_figures(games=None):
    """{game: game_spread(game)} for the index's games (or those named)."""
    from nightboard.games import index

    return {name: game_spread(name) for name in index.names() if games is None or name in games}
