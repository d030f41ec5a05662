"""Bench figures for VampiRing's board families (issue 19): the levels' strength and the cost of a decision.

strength: seeded 2-family games (quiet limit 30, Castle) of one level against a random family or against
another level, the seats swapped every other seed; and 4-family games of one level against three random
families (its seat turning round). A cell counts wins, losses and games with no winner (the quiet limit,
or both eliminated together). decision: the work of a decision (vampire pairs compared) and its time,
on CPython and on the MicroPython unix port (which runs at about the speed of a Pico's clock x 10: the
figure for the board is an estimate from it). Run alone: `python -m nightboard_host.games.vampiring.bench`.
"""

import json
import sys
import time

from nightboard.games import vampiring as V
from nightboard.games.vampiring import mind
from nightboard.prng import Prng
from nightboard_host.emulation.mpy_runner import filled, params, program

LEVELS = (1, 2, 3)
RANDOM = 0  # a family that picks one of its 4 actions uniformly (from the bench's own stream)


def play(seed, kinds, quiet=30):
    """One game, kinds[f] = a level (1..3) or RANDOM for each family; returns the finished state."""
    g = V.new_game(seed, len(kinds), quiet=quiet)
    rng = Prng(seed + 99991)
    while not g.over:
        acts = []
        for f in range(len(kinds)):
            if not g.alive(f):
                acts.append(None)
            elif kinds[f] == RANDOM:
                acts.append(rng.below(4))
            else:
                acts.append(mind.decide(g.view(f), kinds[f], g.prng))
        g.apply_actions(acts)
    return g


def duel(a, b, games=500):
    """Level a (or RANDOM) against b in 2-family games: a's wins, b's wins, no winner, and turns."""
    won = [0, 0, 0]
    turns = 0
    for seed in range(games):
        swap = seed % 2
        kinds = [b, a] if swap else [a, b]
        g = play(seed, kinds)
        turns += g.turn - 1
        if g.winner < 0:
            won[2] += 1
        else:
            won[0 if (g.winner == 1) == bool(swap) else 1] += 1
    return {"a": _name(a), "b": _name(b), "games": games, "a_wins": won[0], "b_wins": won[1], "no_winner": won[2],
            "a_rate": round(won[0] / games, 3), "mean_turns": round(turns / games, 1)}


def table4(level, games=500):
    """One family at `level` against three random ones (4 families; a fair share is 25%)."""
    won = draws = 0
    for seed in range(games):
        me = seed % 4
        kinds = [RANDOM] * 4
        kinds[me] = level
        g = play(seed, kinds)
        won += g.winner == me
        draws += g.winner < 0
    return {"level": level, "families": 4, "games": games, "wins": won, "no_winner": draws,
            "rate": round(won / games, 3)}


def _name(k):
    return "random" if k == RANDOM else "level %d" % k


def strength(games=500):
    cells = [duel(level, RANDOM, games) for level in LEVELS]
    cells += [duel(a, b, games) for a, b in ((2, 1), (3, 1), (3, 2))]
    return {"duels": cells, "four": [table4(level, games) for level in LEVELS]}


def decision_cost(games=30):
    """Decisions of every level in 4-family games: pairs compared (worst) and CPython's mean/worst us."""
    out = []
    for level in LEVELS:
        worst_pairs = worst = total = count = 0
        for seed in range(games):
            g = V.new_game(seed, 4, quiet=30)
            while not g.over:
                acts = []
                for f in range(4):
                    if not g.alive(f):
                        acts.append(None)
                        continue
                    st = mind.Stats()
                    t0 = time.perf_counter_ns()
                    acts.append(mind.decide(g.view(f), level, g.prng, st))
                    dt = (time.perf_counter_ns() - t0) // 1000
                    worst, total, count = max(worst, dt), total + dt, count + 1
                    worst_pairs = max(worst_pairs, st.pairs)
                g.apply_actions(acts)
        out.append({"level": level, "decisions": count, "worst_pairs": worst_pairs,
                    "cpython_mean_us": total // max(1, count), "cpython_worst_us": worst})
    return out


# The programs the unix port runs (programs/*.py), their parameters written in (mpy_runner.filled), N in front.
TIME_DECISIONS = program(__file__, "time_decisions")
DECIDE = program(__file__, "decide")
STEPS = program(__file__, "steps")


def micropython(games=4, families=4):
    """Each level's decision on the MicroPython unix port (Pico-sized heap): mean and worst us, the heap a
    decision allocates (before it is collected), and the heap in use after each turn's collection, engine
    and mind loaded (the worst point of the games; the unix port's 64-bit objects: an upper bound)."""
    from nightboard_host.emulation.mpy_runner import run_mpy

    out = []
    for part in run_mpy(filled(TIME_DECISIONS, {"GAMES": games, "FAMILIES": families})).strip().split(";"):
        level, n, mean, worst, heap, in_use = [int(x) for x in part.split()]
        out.append({"level": level, "families": families, "decisions": n, "unix_mean_us": mean,
                    "unix_worst_us": worst, "heap_per_decision_bytes": heap, "worst_heap_in_use_bytes": in_use})
    return out


def busiest(level=3, families=6, games=20):
    """The position (to_json) whose decision at `level` compares the most vampire pairs, from seeded
    all-board games of `families` families, and the family to decide."""
    best, most = None, -1
    for seed in range(games):
        g = V.new_game(seed, families, quiet=30)
        while not g.over:
            acts = []
            for f in range(families):
                if not g.alive(f):
                    acts.append(None)
                    continue
                st = mind.Stats()
                acts.append(mind.decide(g.view(f), level, g.prng, st))
                if st.pairs > most:
                    best, most = (g.to_json(), f), st.pairs
            g.apply_actions(acts)
    return best[0], best[1], most


def decision_instructions(level=3, families=6):
    """x86-64 instructions of the unix port for the busiest decision at `level` with `families` families,
    with the board estimate of nightboard.bench's model (3 Pico cycles an instruction at 125 MHz), and its
    worst single frame as the table spreads it (bench/thinking.py); None when valgrind is not installed."""
    import os
    import shutil
    import tempfile

    if not shutil.which("valgrind"):
        return None
    from nightboard_host.bench import costs as bench

    state, fam, pairs = busiest(level, families)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "state.json")
        with open(path, "w") as fh:
            json.dump(state, fh)
        at = {"PATH": path, "FAMILY": fam, "LEVEL": level}
        per = bench.instructions_per(lambda n: params({"N": n}) + filled(DECIDE, at), 10)
        from nightboard_host.bench.thinking import decision_frames

        v = V.from_json(state).view(fam)
        frames = decision_frames(filled(STEPS, at), lambda: mind.steps(v, level, Prng(state=7)))
    return {"level": level, "families": families, "pairs": pairs, "x86_instructions": int(per),
            "board_ms_estimate": round(bench.board_ms(per), 1), "spread": frames}


def bench_figures(games=500):
    return {"strength": strength(games), "decision": decision_cost(), "micropython": micropython(),
            "board": [decision_instructions(level) for level in LEVELS]}


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description="VampiRing's board families: strength of the levels, decision cost")
    p.add_argument("--games", type=int, default=500)
    p.add_argument("--no-micropython", action="store_true")
    a = p.parse_args(argv)
    s = strength(a.games)
    for cell in s["duels"] + s["four"]:
        print(json.dumps(cell))
    for cell in decision_cost():
        print(json.dumps(cell))
    if not a.no_micropython:
        for cell in micropython():
            print(json.dumps(cell))
        for level in LEVELS:
            print(json.dumps(decision_instructions(level)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
