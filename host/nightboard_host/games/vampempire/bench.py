"""VampEmpire's balance and the cost of the board's decisions, for `make bench`.

balance(games)      board-only 4-player games, the 24 seatings of the four vampires in turn: each
                    vampire's share of the wins, the mean number of rounds, how many ended in the Vatican
decision_cost()     the board's decisions over seeded board-only games: timed under CPython and, when the
                    `micropython` command is there, under the MicroPython unix port with the Pico's heap
                    (mean and worst, in microseconds), with the heap in use after a whole game there

Every seat is played by the board (mind.py), each from its own seat's view.
"""

import json
import sys
import time

from nightboard.games import vampempire as M
from nightboard.games.vampempire import pieces as V
from nightboard_host.emulation.mpy_runner import filled, program

SEATINGS = []
for _a in range(4):
    for _b in range(4):
        for _c in range(4):
            for _d in range(4):
                if len({_a, _b, _c, _d}) == 4:
                    SEATINGS.append([V.KEYS[_a], V.KEYS[_b], V.KEYS[_c], V.KEYS[_d]])


def play(seed, beast="turn"):
    g = M.new_game(seed, 4, beast=beast, vampires=SEATINGS[seed % len(SEATINGS)])
    while g.result() is None:
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    return g


def balance(games=400, beast="turn"):
    wins = [0.0] * 4
    rounds = 0
    vatican = 0
    for seed in range(games):
        g = play(seed, beast)
        winners = g.result()["winners"]
        for w in winners:
            wins[g.vamp[w]] += 1.0 / len(winners)
        rounds += g.turn
        vatican += 1 if g.soul[winners[0]] >= 10 and g.pos[winners[0]] == g.vatican else 0
    return {"games": games, "beast": beast,
            "win_percent": dict((V.KEYS[v], round(100.0 * wins[v] / games, 1)) for v in range(4)),
            "mean_rounds": round(rounds / games, 2), "vatican_ends": vatican}


# The board's decisions timed on the unix port (programs/time_decisions.py; GAMES: mpy_runner.filled).
TIME_DECISIONS = program(__file__, "time_decisions")


def decision_cost(games=20):
    n = 0
    total = 0.0
    worst = 0.0
    for seed in range(games):
        g = M.new_game(seed, 4)
        while g.result() is None:
            s = g.to_move()[0]
            t = time.perf_counter()
            a = g.board_move(s)
            dt = time.perf_counter() - t
            total += dt
            worst = max(worst, dt)
            n += 1
            g.apply(s, a)
    out = {"cpython": {"decisions": n, "mean_us": int(total / n * 1e6), "worst_us": int(worst * 1e6)}}
    if _has_mpy():
        from nightboard_host.emulation.mpy_runner import run_mpy

        code = filled(TIME_DECISIONS, {"GAMES": games})
        out["micropython_unix"] = json.loads(run_mpy(code, compiled=True).strip().splitlines()[-1])
    return out


def _has_mpy():
    try:
        from nightboard_host.emulation.mpy_runner import micropython_exe

        return bool(micropython_exe())
    except Exception:  # noqa: BLE001 - no MicroPython here: CPython figures only
        return False


def bench_figures(games=400):
    return {"balance": balance(games), "balance_beast_move": balance(games, "move"), "decision": decision_cost()}


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description="VampEmpire's balance and the board's decision cost")
    p.add_argument("--games", type=int, default=400)
    a = p.parse_args(argv)
    print(json.dumps(bench_figures(a.games), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
