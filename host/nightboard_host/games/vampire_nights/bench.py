"""Vampire Nights figures for `make bench`: the board player's strength and the cost of its decisions.

strength(): the board (games/vampire_nights/mind.py) takes one seat of seeded games against random play
or against a scripted sensible player (below), and its wins are counted. decision_cost(): its decisions
over seeded positions, timed under CPython and the MicroPython unix port, with the busiest one counted in
x86 instructions (valgrind); a decision is board_move(seat): the seat's view, then the mind's choice and turned into a board estimate by nightboard_host.bench.costs's model.
Run alone: python -m nightboard_host.games.vampire_nights.bench [--games N].
"""

import json
import os
import subprocess
import sys
import time

from nightboard.games import vampire_nights as VN
from nightboard.games.vampire_nights import actions as A
from nightboard.prng import Prng
from nightboard_host.emulation.mpy_runner import filled, params, program

OPPONENTS = ("random", "sensible")


def random_player(g, seat, rng):
    legal = g.legal(seat)
    return legal[rng.below(len(legal))]


# A sensible person's plain habits: defend with what you hold, take what scores, walk forward, loot first.
SENSIBLE = {A.STAKE: 9, A.CROSS: 8, A.GARLIC: 7, A.COFFIN_BOTH: 9, A.BAG: 6, A.WATER: 6, A.CROSSBOW: 5,
            A.CLOAK: 4, A.MOVE: 3, A.TAKE_BITE: 1, A.END: 0, A.PASS: -1}


def sensible_player(g, seat, rng):
    legal = g.legal(seat)
    v = g.view(seat)
    best, val = None, None
    for a in legal:
        k = A.kind(a)
        s = SENSIBLE.get(k, -2)
        if k == A.MOVE:
            x = A.arg(a) & 63
            s += (x & 7)  # deeper is better
            r = x & 7
            name = v["rooms"][x >> 3][r - 1] if 1 <= r <= 5 else None
            if name in ("lord", "lady", "minion") and "stake" not in v["hand"]:
                s -= 6
        if k == A.PASS and (v["guards"][A.arg(a)][0] & 7) >= 4:
            s = 2
        if k in (A.LOOT, A.PLACE, A.DROP_ITEM, A.DROP_LOOT, A.CROWD):
            s = rng.below(100)
        if val is None or s > val:
            best, val = a, s
    return best


PLAYERS = {"random": random_player, "sensible": sensible_player}


def play(seed, players, opponent, board_seat=None):
    g = VN.new_game(seed, players)
    rng = Prng(seed + 5000)
    other = PLAYERS[opponent]
    if board_seat is None:
        board_seat = seed % players
    while g.result() is None:
        s = g.to_move()[0]
        a = g.board_move(s) if s == board_seat else other(g, s, rng)
        g.apply(s, a)
    return g, board_seat


def strength(opponent, games=300, first_seed=1):
    """The board in one seat (rotating) of `games` seeded games of 2, 3 and 4 players in turn."""
    wins = shared = 0
    expected = 0.0
    for i in range(games):
        seed = first_seed + i
        players = 2 + i % 3
        g, seat = play(seed, players, opponent)
        res = g.result()
        expected += 1.0 / players
        if seat in res["winners"]:
            if len(res["winners"]) == 1:
                wins += 1
            else:
                shared += 1
    return {"opponent": opponent, "games": games, "wins": wins, "shared_wins": shared,
            "win_rate": round(wins / games, 3), "fair_share": round(expected / games, 3)}


def positions(count=60, first_seed=1):
    """States where a seat is to move in an Exploration turn, from seeded random games."""
    out = []
    seed = first_seed
    while len(out) < count:
        g = VN.new_game(seed, 4)
        rng = Prng(seed)
        i = 0
        while g.result() is None:
            s = g.to_move()[0]
            if g.phase == "explore" and not g.pending and i % 25 == 0:
                out.append(g.to_json())
            g.apply(s, random_player(g, s, rng))
            i += 1
        seed += 1
    return out[:count]


# The programs the unix port runs (programs/*.py), their parameters written in (mpy_runner.filled), N in front.
TIME_DECISIONS = program(__file__, "time_decisions")
DECIDE = program(__file__, "decide")
HEAP = program(__file__, "heap")


def decision_cost(count=60):
    import tempfile

    states = positions(count)
    total = slowest = 0.0
    busiest, most = None, -1
    for st in states:
        g = VN.from_json(st)
        s = g.to_move()[0]
        t0 = time.perf_counter()
        g.board_move(s)
        dt = time.perf_counter() - t0
        total += dt
        slowest = max(slowest, dt)
        if len(g.legal(s)) > most:
            busiest, most = st, len(g.legal(s))
    out = {"positions": len(states), "most_legal_actions": most,
           "cpython_mean_ms": round(1000 * total / len(states), 3), "cpython_max_ms": round(1000 * slowest, 3)}
    from nightboard_host.emulation import mpy_runner

    try:
        exe = mpy_runner.micropython_exe()
    except RuntimeError:  # not installed: the CPython figures alone
        exe = None
    import nightboard

    base = os.path.dirname(os.path.dirname(os.path.abspath(nightboard.__file__)))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "states.jsonl")
        with open(path, "w") as fh:
            for st in states:
                fh.write(json.dumps(st) + "\n")
        if exe:
            code = filled(TIME_DECISIONS, {"PATH": path})
            proc = subprocess.run([exe, "-X", "heapsize=192k", "-c", code], capture_output=True, text=True,
                                  env=dict(os.environ, MICROPYPATH=base), timeout=600)
            if proc.returncode == 0:
                mp = json.loads(proc.stdout.strip().splitlines()[-1])
                out["micropython_mean_ms"] = mp["mean_us"] / 1000.0
                out["micropython_max_ms"] = mp["max_us"] / 1000.0
                out["micropython_heap_in_use"] = mp["heap_in_use"]
        import shutil

        if shutil.which("valgrind"):
            from nightboard_host.bench import costs as bench

            one = os.path.join(tmp, "state.json")
            with open(one, "w") as fh:
                json.dump(busiest, fh)
            per = bench.instructions_per(lambda n: params({"N": n}) + filled(DECIDE, {"PATH": one}), 20)
            out["x86_instructions"] = int(per)
            out["board_ms_estimate"] = round(bench.board_ms(per), 1)
    return out


def heap(seed=3):
    """The heap in use (bytes, code included, after a collection) at the fullest point of a 4-player game
    the board plays in every seat, under the MicroPython unix port with a Pico-sized heap, from .mpy files."""
    from nightboard_host.emulation.mpy_runner import run_mpy_json

    return run_mpy_json(filled(HEAP, {"SEED": seed}), compiled=True)


def bench_figures(games=300):
    return {"strength": dict((o, strength(o, games)) for o in OPPONENTS), "decision": decision_cost(),
            "heap": heap()}


def main(argv=None):
    import argparse

    ap = argparse.ArgumentParser(prog="vampire_nights_bench", description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    args = ap.parse_args(argv)
    print(json.dumps(bench_figures(args.games), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
