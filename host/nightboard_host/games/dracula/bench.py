"""Dracula's strength, how predictable he is, and the cost of his decisions, for `make bench` and the tests.

strength(level, team, games)  plays seeded games of the Dracula hunt against a hunter team ("strong":
                              the best the bench has; "scripted": plays sensibly; "random": any legal
                              action; all in games/dracula/bots.py) and returns Dracula's win rate.
strength_table()              that win rate against the strong team for 1 to 4 hunters, both rule sets
                              and levels 1-3 (300 games per level in the default game, 100 elsewhere).
calibration()                 issue 42: the win share per hunters (1-4), level and strong team ("strong",
                              "sweep"), with 95% Wilson intervals, against each level's band (BANDS).
guessability(level, hunters)  how often a particle filter over his public mind guesses his room,
                              against chance (limit GUESS_LIMIT times).
predictability(level)         how often an attacker who runs the public mind on the public record
                              guesses his room, against a uniform guess over the rooms he may be in.
decision_cost(level)          the work of his decisions over seeded positions: walks, outcomes and
                              spreads counted, and the time per decision measured under CPython and,
                              when the `micropython` command is there, under the MicroPython unix port
                              with the Pico's heap.
bench_figures()               all of it for `make bench`, which prints the table.

The teams see only the hunters' view (state.view()), never his room.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from nightboard.games.dracula import state as D
from nightboard.games.dracula.mind import Stats, decide
from nightboard.prng import Prng
from nightboard_host.emulation.mpy_runner import filled, params, program
from nightboard_host.games.dracula.bots import TEAMS, RandomTeam, ScriptedTeam, make_team, play_rounds  # noqa: F401

MAX_ROUNDS = 120


# --- playing ------------------------------------------------------------------------------

def play(seed, level, team="scripted", hunters=2, rules="playtest", size=5, record=False, max_rounds=MAX_ROUNDS):
    """One seeded game; returns (final state, record or None). Dracula is the board's mind."""
    g = D.new_game(seed, hunters, rules, level, size)
    t = make_team(team, seed * 7919 + 13)
    rounds = []
    cur = [[] for _ in range(hunters)]
    while not g.over and g.turn <= max_rounds:
        if g.active >= 0:
            h = g.active
            a = t.action(g, h)
            cur[h].append(g.action_name(a))
            g.submit(h, a)
        else:
            before = g.copy() if record else None
            g.dracula_turn()
            if record:
                move = (g.last_move["crypt"], tuple(g.last_move["rooms"]), tuple(g.last_move["bites"]))
                rounds.append({"hunters": cur, "dracula": before.move_json(move)})
            cur = [[] for _ in range(hunters)]
    if record and g.over and any(cur):
        rounds.append({"hunters": cur})
    rec = None
    if record:
        rec = {"game": "dracula", "setup": {"seed": seed, "hunters": hunters, "rules": rules, "level": level,
                                            "size": size}, "turns": rounds}
    return g, rec


def strength(level, team="scripted", games=500, hunters=2, rules="playtest", size=5, first_seed=1):
    """Dracula's results over `games` seeded games: wins, losses, unfinished (MAX_ROUNDS rounds), win rate."""
    won = lost = unfinished = rounds = 0
    why = {}
    for s in range(first_seed, first_seed + games):
        g, _ = play(s, level, team, hunters, rules, size)
        rounds += g.turn
        if not g.over:
            unfinished += 1
        elif g.winner == "dracula":
            won += 1
            why[g.why] = why.get(g.why, 0) + 1
        else:
            lost += 1
    return {"level": level, "team": team, "hunters": hunters, "rules": rules, "size": size, "games": games,
            "dracula_wins": won, "hunter_wins": lost, "unfinished": unfinished,
            "win_rate": won / games if games else 0.0, "rounds_mean": rounds / games if games else 0.0,
            "dracula_wins_by": dict(sorted(why.items()))}


# --- predictability -----------------------------------------------------------------------

def _public(move):
    """What the hunters learn of a move of his beyond the spread of rooms: a crypt journey and the bites."""
    crypt, rooms, bites = move
    return crypt, tuple(sorted(bites))


def predictability(level, games=60, samples=6, hunters=2, rules="playtest", size=5, first_seed=1, mind=decide):
    """How well an attacker who knows the firmware and the public record guesses his room after his move.

    Games against the strong team; at each of his turns the attacker takes every room the public set said
    he could be in, and for each `samples` random streams (the seed is secret), runs the public mind `mind`
    on the hunters' view; he keeps the outcomes whose public part (crypt journey, bites) matches what was
    announced, and guesses the room where most of them end. Counted only where the public set after the
    move holds 2 rooms or more. Returns the attacker's hit rate and the uniform guess's (the mean of
    1 / rooms he may be in)."""
    pick = Prng(0xA77AC)
    turns = hits = 0
    uniform = 0.0
    for s in range(first_seed, first_seed + games):
        g = D.new_game(s, hunters, rules, level, size)
        t = make_team("strong", s * 7919 + 13)
        while not g.over and g.turn <= MAX_ROUNDS:
            if g.active >= 0:
                g.submit(g.active, t.action(g, g.active))
                continue
            v = g.view()
            g.dracula_turn()
            if g.over or len(g.possible_rooms()) < 2:
                continue
            seen = _public((g.last_move["crypt"], g.last_move["rooms"], g.last_move["bites"]))
            tally = {}
            for r in v["possible"]:
                for _ in range(samples):
                    mv = mind(g.map, v, r, Prng(state=1 + pick.below(0xFFFFFFF0)), level)
                    if _public(mv) != seen:
                        continue
                    crypt, rooms, _b = mv
                    end = g.map.opposite[r] if crypt else (rooms[-1] if rooms else r)
                    tally[end] = tally.get(end, 0) + 1
            guess = max(sorted(tally), key=lambda e: tally[e]) if tally else min(g.possible_rooms())
            turns += 1
            hits += guess == g.room
            uniform += 1.0 / len(g.possible_rooms())
    return {"level": level, "hunters": hunters, "rules": rules, "size": size, "games": games, "samples": samples,
            "turns": turns, "attacker_hit_rate": hits / turns if turns else 0.0,
            "uniform_hit_rate": uniform / turns if turns else 0.0}


def guessability(level, hunters=2, games=30, particles=96, rules="playtest", size=5, first_seed=20001, team="strong",
                 mind=decide):
    """How well a hunter team that runs a particle filter over his public mind guesses his room.

    The attacker knows the firmware and everything announced, not his seed. It keeps `particles` guesses
    of his room, all in his lair at the start (D2). Before each of his turns the guesses outside the public
    set of rooms he may be in are dropped; each remaining one runs the public mind `mind` on the hunters'
    view from its room with a fresh random stream, and lives on in the room its move ends in if the move's
    public part (crypt journey, bites) matches what was announced and it ends in the public set after;
    the survivors are resampled back to `particles`. (With none left it starts again from every room of
    the public set.) Its guess after his turn is the room most particles are in. Counted where the public
    set after his turn holds 2 rooms or more; `chance` is the mean of 1 / its size, and `ratio` the
    attacker's hit rate over it."""
    rng = Prng(0x5EED + level * 131 + hunters)
    turns = hits = 0
    chance = 0.0
    for s in range(first_seed, first_seed + games):
        g = D.new_game(s, hunters, rules, level, size)
        t = make_team(team, s * 7919 + 13)
        cloud = [g.room] * particles
        while not g.over and g.turn <= MAX_ROUNDS:
            if g.active >= 0:
                g.submit(g.active, t.action(g, g.active))
                continue
            v = g.view()
            before = set(v["possible"])
            cloud = [r for r in cloud if r in before] or sorted(before)
            g.dracula_turn()
            if g.over:
                break
            after = set(g.possible_rooms())
            seen = _public((g.last_move["crypt"], g.last_move["rooms"], g.last_move["bites"]))
            alive = []
            for r in cloud:
                mv = mind(g.map, v, r, Prng(state=1 + rng.below(0xFFFFFFF0)), level)
                if _public(mv) != seen:
                    continue
                crypt, rooms, _b = mv
                end = g.map.opposite[r] if crypt else (rooms[-1] if rooms else r)
                if end in after:
                    alive.append(end)
            if not alive:
                alive = sorted(after)
            cloud = [alive[rng.below(len(alive))] for _ in range(particles)]
            if len(after) < 2:
                continue
            tally = {}
            for r in cloud:
                tally[r] = tally.get(r, 0) + 1
            guess = max(sorted(tally), key=lambda e: tally[e])
            turns += 1
            hits += guess == g.room
            chance += 1.0 / len(after)
    rate = hits / turns if turns else 0.0
    chance = chance / turns if turns else 0.0
    return {"level": level, "hunters": hunters, "rules": rules, "size": size, "games": games, "particles": particles,
            "team": team, "turns": turns, "hits": hits, "hit_rate": rate, "chance": chance,
            "ratio": rate / chance if chance else 0.0}


# --- cost ---------------------------------------------------------------------------------

def positions(level, count=40, hunters=(1, 2, 3, 4), rules=("playtest", "classic"), size=5):
    """Positions where Dracula is about to choose, from seeded games against the scripted team (the
    busiest first: most walks from his room)."""
    out = []
    seed = 1
    while len(out) < count and seed < 10 * count + 10:
        n = hunters[seed % len(hunters)]
        rs = rules[seed % len(rules)]
        g = D.new_game(seed, n, rs, level, size)
        t = ScriptedTeam(seed)
        while not g.over and g.turn <= 30:
            if g.active >= 0:
                g.submit(g.active, t.action(g, g.active))
            else:
                if g.turn % 3 == seed % 3:
                    out.append(g.to_json())
                g.dracula_turn()
        seed += 1
    return out[:count]


def _cpython_cost(states, level):
    worst = {"walks": 0, "outcomes": 0, "spreads": 0}
    total = 0.0
    slowest = 0.0
    for st in states:
        g = D.from_json(st)
        s = Stats()
        t0 = time.perf_counter()
        decide(g.map, g.view(), g.room, g.prng, level, s)
        dt = time.perf_counter() - t0
        total += dt
        slowest = max(slowest, dt)
        worst["walks"] = max(worst["walks"], s.walks)
        worst["outcomes"] = max(worst["outcomes"], s.outcomes)
        worst["spreads"] = max(worst["spreads"], s.spreads)
    return worst, 1000 * total / max(1, len(states)), 1000 * slowest


# The programs the unix port runs (programs/*.py), their parameters written in (mpy_runner.filled), N in front.
TIME_DECISIONS = program(__file__, "time_decisions")
DECIDE = program(__file__, "decide")
STEPS = program(__file__, "steps")


def micropython_exe():
    return shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))


def _micropython_cost(states, level, heap="192k"):
    exe = micropython_exe()
    if not exe:
        return None
    import tempfile

    import nightboard

    base = Path(nightboard.__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "states.jsonl")
        with open(path, "w") as fh:
            for st in states:
                fh.write(json.dumps(st) + "\n")
        env = dict(os.environ, MICROPYPATH=str(base))
        code = filled(TIME_DECISIONS, {"PATH": path, "LEVEL": level})
        proc = subprocess.run([exe, "-X", "heapsize=" + heap, "-c", code], capture_output=True, text=True, env=env,
                              timeout=600)
    if proc.returncode != 0:
        raise RuntimeError("MicroPython failed: %s%s" % (proc.stdout, proc.stderr))
    return json.loads(proc.stdout.strip().splitlines()[-1])


def decision_cost(level, count=40, size=5):
    """The work of Dracula's decisions at `level` over `count` seeded positions: the most walks, outcomes
    and knowledge spreads of one decision, and the mean and worst time per decision in milliseconds under
    CPython and under the MicroPython unix port (None when `micropython` is not installed)."""
    states = positions(level, count, size=size)
    worst, mean_ms, max_ms = _cpython_cost(states, level)
    out = {"level": level, "size": size, "positions": len(states), "max_walks": worst["walks"], "max_outcomes": worst["outcomes"],
           "max_spreads": worst["spreads"], "cpython_mean_ms": round(mean_ms, 3), "cpython_max_ms": round(max_ms, 3),
           "micropython_mean_ms": None, "micropython_max_ms": None}
    mp = _micropython_cost(states, level)
    if mp is not None:
        out["micropython_mean_ms"] = mp["mean_us"] / 1000.0
        out["micropython_max_ms"] = mp["max_us"] / 1000.0
        out["micropython_heap_in_use"] = mp["heap_in_use"]
    return out


def decision_instructions(level=3, size=5, count=40):
    """x86-64 instructions of the unix port for the busiest of `count` seeded decisions at `level` (the
    position with the most outcomes to score), with the board estimate of nightboard.bench's model, and its
    worst single frame as the table spreads it (bench/thinking.py); None when valgrind is not installed."""
    if not shutil.which("valgrind"):
        return None
    import tempfile

    from nightboard_host.bench import costs as bench

    states = positions(level, count, size=size)
    best, most = None, -1
    for st in states:
        g = D.from_json(st)
        s = Stats()
        decide(g.map, g.view(), g.room, Prng(state=g.prng.state), level, s)
        if s.outcomes + s.walks > most:
            best, most = st, s.outcomes + s.walks
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "state.json")
        with open(path, "w") as fh:
            json.dump(best, fh)
        per = bench.instructions_per(lambda n: params({"N": n}) + filled(DECIDE, {"PATH": path, "LEVEL": level}), 20)
        from nightboard.games.dracula.mind import steps as mind_steps
        from nightboard_host.bench.thinking import decision_frames

        g = D.from_json(best)
        frames = decision_frames(filled(STEPS, {"PATH": path, "LEVEL": level}),
                                 lambda: mind_steps(g.map, g.view(), g.room, Prng(state=g.prng.state), level))
    return {"level": level, "size": size, "x86_instructions": int(per), "board_ms_estimate": round(bench.board_ms(per), 1),
            "spread": frames}


# --- calibration: each level in its band for 1 to 4 hunters, against two strong teams (issue 42) -----------

BANDS = {1: (25, 40), 2: (45, 60), 3: (75, 90)}  # Dracula's win share in percent, per level
CAL_TEAMS = ("strong", "sweep")  # two strong hunter teams written apart (bots.py)
CAL_GAMES = 200  # games per cell
CAL_SEED = 100001  # first seed: the tuning of mind.PLAY used seeds 5001 to 5200
GUESS_GAMES = 20  # games per cell of the particle filter's guess
GUESS_LIMIT = 1.5  # the most a guess may beat chance by


def wilson(k, n, z=1.96):
    """The 95% Wilson score interval of k successes in n trials, as (low, high) fractions."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / d
    return max(0.0, c - h), min(1.0, c + h)


def _cal_cell(job):
    hunters, level, team, games, first = job
    r = strength(level, team, games, hunters, "playtest", 5, first)
    lo, hi = wilson(r["dracula_wins"], games)
    band = BANDS[level]
    r.update({"low": lo, "high": hi, "band": list(band), "first_seed": first,
              "in_band": band[0] <= 100 * r["win_rate"] <= band[1]})
    return r


def _guess_cell(job):
    hunters, level, games = job
    return guessability(level, hunters, games)


def _pooled(fn, jobs, workers):
    if workers <= 1:
        return [fn(j) for j in jobs]
    from multiprocessing import Pool

    with Pool(workers) as p:
        return p.map(fn, jobs)


def calibration(games=CAL_GAMES, first_seed=CAL_SEED, teams=CAL_TEAMS, hunters=(1, 2, 3, 4), workers=2):
    """Dracula's win share at each level for 1 to 4 hunters against each team (playtest rules, 5x5), with
    its 95% Wilson interval and whether it lies in the level's band, on seeds disjoint from the tuning's."""
    jobs = [(h, level, t, games, first_seed) for h in hunters for level in D.LEVELS for t in teams]
    return _pooled(_cal_cell, jobs, workers)


def guess_table(games=GUESS_GAMES, hunters=(1, 2, 3, 4), workers=2):
    """guessability() for each number of hunters and level."""
    return _pooled(_guess_cell, [(h, level, games) for h in hunters for level in D.LEVELS], workers)


def format_calibration(cells, guesses=()):
    """The calibration table `make bench` prints: per hunters and level, each team's win share with its
    interval (a * marks a share outside the band), then the particle filter's guess against chance."""
    teams = sorted({c["team"] for c in cells}, key=lambda t: CAL_TEAMS.index(t) if t in CAL_TEAMS else 9)
    lines = ["Dracula's win share, playtest rules, 5x5, %s games a cell from seed %d, 95%% Wilson interval;"
             " * outside the level's band (level 1 25-40%%, 2 45-60%%, 3 75-90%%)"
             % (cells[0]["games"] if cells else 0, cells[0].get("first_seed", CAL_SEED) if cells else CAL_SEED),
             "%-8s %-6s " % ("hunters", "level") + " ".join("%-22s" % t for t in teams)]
    by = {(c["hunters"], c["level"], c["team"]): c for c in cells}
    for h in sorted({c["hunters"] for c in cells}):
        for level in D.LEVELS:
            row = []
            for t in teams:
                c = by.get((h, level, t))
                row.append("%-22s" % ("%5.1f%% (%4.1f-%4.1f)%s" % (100 * c["win_rate"], 100 * c["low"], 100 * c["high"],
                                                                  "" if c["in_band"] else " *") if c else "-"))
            lines.append("%-8d %-6d " % (h, level) + " ".join(row))
    if guesses:
        lines.append("His room guessed by a particle filter over his public mind (after each of his turns),"
                     " against chance (1 / rooms he may be in); limit %.1fx:" % GUESS_LIMIT)
        for q in guesses:
            lines.append("  %d hunters, level %d: %.1f%% against %.1f%%, %.2fx%s (%d turns, %d games)"
                         % (q["hunters"], q["level"], 100 * q["hit_rate"], 100 * q["chance"], q["ratio"],
                            "" if q["ratio"] <= GUESS_LIMIT else " *", q["turns"], q["games"]))
    return "\n".join(lines)


TABLE_HUNTERS = (1, 2, 3, 4)
TABLE_RULES = ("playtest", "classic")
DEFAULT_GAMES = 300  # per level in the default game (2 hunters, 5x5, playtest rules)
OTHER_GAMES = 100  # per level in the other cells of the table
PREDICT_GAMES, PREDICT_SAMPLES = 40, 6


def strength_table(default_games=DEFAULT_GAMES, other_games=OTHER_GAMES, team="strong", size=5):
    """Dracula's win rate at each level against `team`, for 1 to 4 hunters and both rule sets: seeds 1 to
    the number of games, `default_games` in the default game (2 hunters, playtest), `other_games` elsewhere."""
    cells = []
    for rules in TABLE_RULES:
        for hunters in TABLE_HUNTERS:
            games = default_games if (hunters, rules) == (2, "playtest") else other_games
            for level in D.LEVELS:
                cells.append(strength(level, team, games, hunters, rules, size))
    return cells


def format_table(cells, predict=()):
    """The table `make bench` prints: Dracula's win rate per rule set, hunters and level; then how well the
    public mind predicts his room."""
    lines = ["Dracula's win rate against the strong hunter team (5x5; seeded games per cell in brackets;"
             " the default game is 2 hunters, playtest)",
             "%-9s %-8s %14s %14s %14s" % ("rules", "hunters", "level 1", "level 2", "level 3")]
    by = {(c["rules"], c["hunters"], c["level"]): c for c in cells}
    for rules in TABLE_RULES:
        for hunters in TABLE_HUNTERS:
            row = []
            for level in D.LEVELS:
                c = by.get((rules, hunters, level))
                row.append("%3d%% (%d)" % (round(100 * c["win_rate"]), c["games"]) if c else "-")
            mark = " <- default" if (rules, hunters) == ("playtest", 2) else ""
            lines.append("%-9s %-8d %14s %14s %14s%s" % (rules, hunters, row[0], row[1], row[2], mark))
    if predict:
        lines.append("His room guessed by running the public mind on the public record (secret seed), against"
                     " a uniform guess over the rooms he may be in:")
        for p in predict:
            lines.append("  level %d: attacker %.1f%%, uniform %.1f%% (%d turns, %d games, %d streams per room)"
                         % (p["level"], 100 * p["attacker_hit_rate"], 100 * p["uniform_hit_rate"], p["turns"],
                            p["games"], p["samples"]))
    return "\n".join(lines)


def bench_figures(default_games=DEFAULT_GAMES, other_games=OTHER_GAMES, out=None):
    """What `make bench` reports for the Dracula hunt, and prints as a table on `out` (stdout by default):
    the cost of his decisions at each level (counted, timed under CPython and the unix port, and the
    busiest one counted in x86 instructions with the board model of nightboard.bench); the calibration
    (his win share per hunters, level and strong team, with intervals, and the particle filter's guess of
    his room against chance); his win rate against the strong team under both rule sets; and how well
    the older one-turn attacker guesses his room."""
    cal = calibration()
    guesses = guess_table()
    cells = strength_table(default_games, other_games)
    predict = [predictability(level, PREDICT_GAMES, PREDICT_SAMPLES) for level in D.LEVELS]
    out = out if out is not None else sys.stdout
    out.write(format_calibration(cal, guesses) + "\n")
    out.write(format_table(cells, predict) + "\n")
    keep = ("level", "team", "hunters", "games", "first_seed", "dracula_wins", "hunter_wins", "unfinished", "win_rate", "low",
            "high", "band", "in_band", "rounds_mean")
    return {"calibration": {"first_seed": CAL_SEED, "cells": [{k: c[k] for k in keep} for c in cal],
                            "guess": [{k: q[k] for k in ("hunters", "level", "games", "turns", "hit_rate", "chance",
                                                         "ratio")} for q in guesses]},
            "decision": [decision_cost(level) for level in D.LEVELS],
            "decision_instructions": [decision_instructions(3, 5), decision_instructions(3, 7)],
            "strength": [{k: c[k] for k in ("level", "team", "hunters", "rules", "games", "dracula_wins",
                                            "hunter_wins", "unfinished", "win_rate")} for c in cells],
            "predictability": predict}


def main(argv=None):
    import argparse

    p = argparse.ArgumentParser(description="Dracula's strength against the strong hunter team, the "
                                "predictability of his room, and his decision cost")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, help="games per level in the default game")
    p.add_argument("--other-games", type=int, default=OTHER_GAMES, help="games per level in the other cells")
    p.add_argument("--calibration", action="store_true", help="only the calibration table (issue 42)")
    p.add_argument("--cal-games", type=int, default=CAL_GAMES, help="games per calibration cell")
    p.add_argument("--guess-games", type=int, default=GUESS_GAMES, help="games per cell of the particle filter")
    p.add_argument("--json", help="also write the calibration's figures to this file")
    a = p.parse_args(argv)
    cal, guesses = calibration(a.cal_games), guess_table(a.guess_games)
    print(format_calibration(cal, guesses))
    if a.json:
        with open(a.json, "w") as fh:
            json.dump({"first_seed": CAL_SEED, "cells": cal, "guess": guesses}, fh, indent=1, sort_keys=True)
    if a.calibration:
        return 0
    cells = strength_table(a.games, a.other_games)
    predict = [predictability(level, PREDICT_GAMES, PREDICT_SAMPLES) for level in D.LEVELS]
    print(format_table(cells, predict))
    for level in D.LEVELS:
        print(json.dumps(decision_cost(level)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
