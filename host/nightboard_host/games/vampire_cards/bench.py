"""Bench figures for Vampire, the card game (issue 18): the board player's strength, the rules' balance,
the cost of a decision and the engine's heap on the MicroPython unix port.

strength: the board (level 2) takes one seat (seat seed % players, so it sits everywhere) against
random players or against the scripted sensible player (level 1); its win rate as the Vampire (games in
which it became the Vampire) and as a player (games in which someone else was), each over 300 games. balance: all seats
played by the board; how often the Vampire wins, and how games end. bite_bound: the same games with a
Vampire that bites knowing every hand, the most any inference of its target could give it. Run alone:
`python -m nightboard_host.games.vampire_cards.bench [--games N] [--bite-bound]`.
"""

import json
import sys
import time

from nightboard.games import vampire_cards as V
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import moves as MV
from nightboard.prng import Prng
from nightboard_host.emulation.mpy_runner import filled, program

OPPONENTS = ("random", "sensible")


def _game(seed, players, chooser, events=None, dawn=15, cap=None):
    g = V.new_game(seed, players, dawn)
    steps = 0
    while not g.over and (cap is None or steps < cap):
        s = g.to_move()[0]
        for e in g.apply(s, chooser(g, s)):
            if events is not None and e["e"] in EVENTS:
                events[e["e"]] = events.get(e["e"], 0) + 1
        steps += 1
    return g


EVENTS = ("bite", "defended", "bitten", "healed", "escape", "declare")


def strength(opponent, games=300, cap=12000):
    """The board (level 2) at one seat against `opponent`, in seeded games (3 to 6 players in turn, the board
    at seat seed % players) until it has been the Vampire in `games` games and a player facing another seat's
    Vampire in `games` games (or `cap` seeds are played). Games with no Vampire count in neither role.
    A random opponent picks a kind of action at random, then one action of that kind (picking among all
    actions at once would almost always pick one of the many ways to discard, and it would seldom declare)."""
    rng = Prng(12345)
    as_vamp = [0, 0]
    as_player = [0, 0]
    seed = 0
    while seed < cap and (as_vamp[0] < games or as_player[0] < games):
        n = 3 + seed % 4
        me = seed % n

        def choose(g, s):
            if s == me:
                return g.board_move(s, 2)
            if opponent == "sensible":
                return g.board_move(s, 1)
            legal = g.legal(s)
            kinds = sorted(set(a // 1024 for a in legal))
            k = kinds[rng.below(len(kinds))]
            same = [a for a in legal if a // 1024 == k]
            return same[rng.below(len(same))]

        g = _game(seed, n, choose)
        seed += 1
        if g.vampire < 0:
            continue
        side = as_vamp if g.vampire == me else as_player
        if side[0] >= games:
            continue  # this role has its games: the figures are over `games` games each
        side[0] += 1
        side[1] += me in (g.winners or [])
    return {"opponent": opponent, "games": games, "seeds": seed,
            "as_vampire": {"games": as_vamp[0], "won": as_vamp[1], "rate": _rate(as_vamp)},
            "as_player": {"games": as_player[0], "won": as_player[1], "rate": _rate(as_player)}}


def balance(games=300, level=2, chooser=None):
    """All-board seeded games (3 to 6 players in turn), every seat at `level`, or as `chooser(g, s)` says."""
    chooser = chooser or (lambda g, s: g.board_move(s, level))
    ends = {}
    vamp = [0, 0]
    by_players = {}
    events = {}
    for seed in range(games):
        n = 3 + seed % 4
        g = _game(seed, n, chooser, events)
        ends[g.end] = ends.get(g.end, 0) + 1
        if g.vampire >= 0:
            vamp[0] += 1
            vamp[1] += g.vampire in (g.winners or [])
            row = by_players.setdefault(str(n), [0, 0])
            row[0] += 1
            row[1] += g.vampire in (g.winners or [])
    return {"games": games, "level": level, "with_a_vampire": vamp[0], "vampire_won": vamp[1],
            "vampire_rate": _rate(vamp), "ends": dict(sorted(ends.items())), "events": dict(sorted(events.items())),
            "vampire_won_by_players": {k: {"games": v[0], "won": v[1]} for k, v in sorted(by_players.items())}}


def _weakness(g, t, bone):
    """How well seat t's hidden hand meets a bite of this bone: (can fend it off, holds a Fate, best suit)."""
    cards, hand = g.cards, g.hands[t]
    best = max(D.total(cards, [c for c in hand if cards[c][0] == s]) for s in D.RUNNING)
    fate = len([c for c in hand if cards[c][0] == D.FATE]) > 0
    return (fate or best > D.value(cards, bone), fate, best)


def knowing_bites(g, s):
    """The level-2 board, except that its Vampire bites, with the bone the board chose, the seat whose hand
    (read from the whole state: no player can) is least able to fend it off."""
    a = g.board_move(s, 2)
    if g.phase != "bite" or a is None or MV.split(a)[0] != MV.BITE:
        return a
    place = MV.split(a)[2]
    targets = sorted(set(MV.split(x)[1] for x in g.legal(s) if MV.split(x)[0] == MV.BITE and MV.split(x)[2] == place))
    return MV.act(MV.BITE, sorted((_weakness(g, t, g.bones[place]), t) for t in targets)[0][1], place)


def bite_bound(games=300):
    """The most any inference of the bite's target could give the Vampire: all-board games in which it knows
    every hand when it bites (knowing_bites), against the same seeds played by the board (balance)."""
    return dict(balance(games, 2, knowing_bites), level="2, bites knowing every hand")


def no_dawn(games=150, cap=20000):
    """All-board games (level 2) with dawn 0 (no limit), cut after `cap` moves: how they end."""
    ends = {}
    for seed in range(games):
        g = _game(seed, 3 + seed % 4, lambda g, s: g.board_move(s, 2), dawn=0, cap=cap)
        key = "still going after %d moves" % cap if not g.over else "%s, %s" % (
            g.end, "the Vampire won" if g.vampire in (g.winners or []) else "the Vampire lost" if g.vampire >= 0 else "no Vampire")
        ends[key] = ends.get(key, 0) + 1
    return {"games": games, "ends": dict(sorted(ends.items()))}


def decision_cost(games=20):
    """Decisions of the board in all-board games: how many, and CPython's mean and worst microseconds."""
    worst = 0
    total = 0
    count = 0
    for seed in range(games):
        g = V.new_game(seed, 4)
        while not g.over:
            s = g.to_move()[0]
            t0 = time.perf_counter_ns()
            a = g.board_move(s)
            dt = (time.perf_counter_ns() - t0) // 1000
            worst = max(worst, dt)
            total += dt
            count += 1
            g.apply(s, a)
    return {"decisions": count, "cpython_mean_us": total // max(1, count), "cpython_worst_us": worst}


# The board's decisions and the heap on the unix port (programs/time_decisions.py; GAMES: mpy_runner.filled).
TIME_DECISIONS = program(__file__, "time_decisions")


def micropython(games=5):
    """Heap at the worst point (after a collection, each step) and the worst decision, unix port."""
    from nightboard_host.emulation.mpy_runner import run_mpy

    heap, us, n = [int(x) for x in run_mpy(filled(TIME_DECISIONS, {"GAMES": games})).split()]
    return {"games": games, "players": 4, "worst_heap_bytes": heap, "worst_decision_us_unix": us, "steps": n}


def _rate(pair):
    return round(pair[1] / pair[0], 3) if pair[0] else None


def bench_figures(games=300):
    return {"strength": [strength(o, games) for o in OPPONENTS], "balance": balance(games),
            "balance_level1": balance(games, 1), "decision": decision_cost(), "micropython": micropython()}


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description="Vampire, the card game: the board player's strength and the balance")
    p.add_argument("--games", type=int, default=300)
    p.add_argument("--no-micropython", action="store_true")
    p.add_argument("--no-dawn", action="store_true", help="only: 150 all-board games without the dawn limit")
    p.add_argument("--bite-bound", action="store_true",
                   help="only: the all-board games again, the Vampire biting knowing every hand (an upper bound)")
    a = p.parse_args(argv)
    if a.no_dawn:
        print(json.dumps(no_dawn()))
        return 0
    if a.bite_bound:
        print(json.dumps(bite_bound(a.games)))
        return 0
    for o in OPPONENTS:
        print(json.dumps(strength(o, a.games)))
    print(json.dumps(balance(a.games)))
    print(json.dumps(balance(a.games, 1)))
    print(json.dumps(decision_cost()))
    if not a.no_micropython:
        print(json.dumps(micropython()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
