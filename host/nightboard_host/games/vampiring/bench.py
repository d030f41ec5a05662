"""Bench figures for VampiRing's board families (issues 19, 42): the levels' strength and the cost of a decision.

strength: seeded 2-family games (quiet limit 30, Castle) of one level against a player nobody wrote for
the mind (bots.py: the one-ply greedy player and the one that looks at the others' best replies), against
a random family, or against another level, the seats swapped every other seed; and 4-family games of one
level against three random families (its seat turning round). A cell counts wins, losses and games with
no winner (the quiet limit, or both eliminated together), with a 95% interval (Wilson's) on the win
share. decision: the work of a decision (vampire pairs compared) and its time,
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
from nightboard_host.games.vampiring import bots

LEVELS = (1, 2, 3)
RANDOM = 0  # a family that picks one of its 4 actions uniformly (from the bench's own stream)


def play(seed, kinds, quiet=30):
    """One game, kinds[f] = a level (1..3), RANDOM or a name of bots.PLAYERS for each family; returns the
    finished state."""
    g = V.new_game(seed, len(kinds), quiet=quiet)
    rng = Prng(seed + 99991)
    while not g.over:
        acts = []
        for f in range(len(kinds)):
            if not g.alive(f):
                acts.append(None)
            elif kinds[f] == RANDOM:
                acts.append(rng.below(4))
            elif kinds[f] in bots.PLAYERS:
                acts.append(bots.PLAYERS[kinds[f]](g, f, rng))
            else:
                acts.append(mind.decide(g.view(f), kinds[f], g.prng))
        g.apply_actions(acts)
    return g


def duel(a, b, games=200):
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
            "a_rate": round(won[0] / games, 3), "a_rate_95": interval(won[0], games),
            "mean_turns": round(turns / games, 1)}


def interval(wins, games, z=1.96):
    """Wilson's 95% interval of a win share: [low, high], 3 decimals."""
    if games <= 0:
        return [0.0, 1.0]
    p = wins / games
    d = 1 + z * z / games
    mid = (p + z * z / (2 * games)) / d
    half = z * ((p * (1 - p) / games + z * z / (4 * games * games)) ** 0.5) / d
    return [round(max(0.0, mid - half), 3), round(min(1.0, mid + half), 3)]


def table4(level, games=200):
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
            "rate": round(won / games, 3), "rate_95": interval(won, games)}


def _name(k):
    return "random" if k == RANDOM else k if isinstance(k, str) else "level %d" % k


OPPONENTS = ("greedy", "lookahead", RANDOM)  # the 2-family duels' opponents for every level (bots.PLAYERS)


def strength(games=200):
    cells = [duel(level, other, games) for other in OPPONENTS for level in LEVELS]
    cells += [duel(a, b, games) for a, b in ((2, 1), (3, 1), (3, 2))]
    cells.append(duel("lookahead", "greedy", games))  # the two opponents' own order
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
    """The position (to_json) whose decision at `level` announces the most work units (mind.steps; the
    most vampire pairs compared among equals), from seeded all-board games of `families` families, the
    family to decide, and its pairs."""
    best, most = None, None
    for seed in range(games):
        g = V.new_game(seed, families, quiet=30)
        while not g.over:
            acts = []
            for f in range(families):
                if not g.alive(f):
                    acts.append(None)
                    continue
                st = mind.Stats()
                out = list(mind.steps(g.view(f), level, Prng(state=g.prng.state), st))
                key = (sum(out[:-1]), st.pairs)
                if most is None or key > most:
                    best, most = (g.to_json(), f), key
                acts.append(mind.decide(g.view(f), level, g.prng))
            g.apply_actions(acts)
    return best[0], best[1], most[1]


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


def bench_figures(games=200):
    return {"strength": strength(games), "decision": decision_cost(), "micropython": micropython(),
            "board": [decision_instructions(level) for level in LEVELS]}


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description="VampiRing's board families: strength of the levels, decision cost")
    p.add_argument("--games", type=int, default=200)
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
