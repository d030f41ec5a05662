"""`make bench ONLY=balance`: who wins each game, per table size, with the board (or the bench's strongest
player where the board takes no seat) at every seat.

Every game of the index with an `outcome` hook (host/nightboard_host/hooks.py) and a TOOLS["balance"] entry
(its sizes, what a size counts, what a game's length counts, who plays) is played GAMES seeded games per
size (seeds 0 to GAMES-1), two worker processes at most. For each size: each side's share of the games it
sat in that it won, with its 95% Wilson interval; the share of games with no winner (same interval); the
length of a game (mean, least, most); and how the games ended, when the game says. A game that ends in a
tie counts as won by every side in the tie, so the shares of one size can add up to more than 100%.
"""

import math
import time

GAMES = 200  # seeded games per game and size
MOST_ACTIONS = 100000  # far beyond any game: a game still going then is a fault, not a result
Z95 = 1.959964  # the normal quantile of a two-sided 95% interval
WORKERS = 2


def wilson(won, games, z=Z95):
    """The Wilson score interval (lo, hi) of `won` successes in `games` trials, as shares 0..1; (0, 1) for no
    trials. ValueError for counts that are not 0 <= won <= games."""
    if not (isinstance(won, int) and isinstance(games, int) and 0 <= won <= games):
        raise ValueError("a share is 0 <= won <= games, not %r of %r" % (won, games))
    if games == 0:
        return 0.0, 1.0
    p = won / games
    z2 = z * z
    mid = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z / (1 + z2 / games) * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games))
    return max(0.0, mid - half), min(1.0, mid + half)


def play_out(g, seed, size, over=lambda g: g.over):
    """Play the game g (from `seed`, `size` at the table) to its end with the board at every seat; RuntimeError
    naming the game when it is still going after MOST_ACTIONS actions (a board that cannot finish)."""
    for _ in range(MOST_ACTIONS):
        if over(g):
            return g
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    raise RuntimeError("seed %d, %d at the table: still going after %d actions" % (seed, size, MOST_ACTIONS))


def share(won, games):
    """{"won", "games", "share", "ci95": [lo, hi]}: shares rounded to 0.1%."""
    lo, hi = wilson(won, games)
    return {"won": won, "games": games, "share": round(won / games, 3) if games else None,
            "ci95": [round(lo, 3), round(hi, 3)]}


def tally(outcomes):
    """The figures of one size from its games' outcomes ({"sides", "won", "length"[, "end"]} each)."""
    if not outcomes:
        raise ValueError("no games to count")
    order, sat, won, ends = [], {}, {}, {}
    for o in outcomes:
        bad = [w for w in o["won"] if w not in o["sides"]]
        if bad:
            raise ValueError("%s won but did not play (sides %s)" % (", ".join(bad), ", ".join(o["sides"])))
        for side in o["sides"]:
            if side not in sat:
                order.append(side)  # the sides in the order the games name them (seats: in seat order)
            sat[side] = sat.get(side, 0) + 1
            won[side] = won.get(side, 0) + (side in o["won"])
        if "end" in o:
            ends[o["end"]] = ends.get(o["end"], 0) + 1
    n = len(outcomes)
    lengths = [o["length"] for o in outcomes]
    out = {"games": n, "sides": dict((side, share(won[side], sat[side])) for side in order),
           "no_winner": share(len([o for o in outcomes if not o["won"]]), n),
           "length": {"mean": round(sum(lengths) / n, 1), "least": min(lengths), "most": max(lengths)}}
    if ends:
        out["ends"] = dict(sorted(ends.items()))
    return out


def _play(job):
    from nightboard_host import hooks

    name, size, seeds = job
    outcome = hooks.hook(name, "outcome")
    if outcome is None:
        raise ValueError("%s has no outcome hook: it is not in the balance bench" % name)
    return [outcome(seed, size) for seed in seeds]


def balanced_games(names=None):
    """The games of the index with an outcome hook (and their TOOLS["balance"]), or of `names`."""
    from nightboard.games import index
    from nightboard_host import hooks

    return [n for n in index.names() if (names is None or n in names) and hooks.where(n, "outcome")]


def figures(games=GAMES, names=None, workers=WORKERS):
    """{game: {"size", "length", "board", "games", "seconds", "sizes": {size: tally}}}."""
    from multiprocessing import get_context

    from nightboard.games import index

    out = {}
    with get_context("spawn").Pool(workers) as pool:
        for name in balanced_games(names):
            facts = index.tools(name)["balance"]
            t0 = time.time()
            half = (games + 1) // 2
            jobs = [(name, size, part) for size in facts["sizes"]
                    for part in (range(0, half), range(half, games))]
            played = pool.map(_play, jobs)
            sizes = {}
            for i, size in enumerate(facts["sizes"]):
                sizes[str(size)] = tally(played[2 * i] + played[2 * i + 1])
            out[name] = {"size": facts["size"], "length": facts["length"], "board": facts["board"], "games": games,
                         "seconds": round(time.time() - t0, 1), "sizes": sizes}
    return out


def _pct(s):
    return "%.1f%% [%.1f-%.1f]" % (100 * s["share"], 100 * s["ci95"][0], 100 * s["ci95"][1])


def rows(results):
    """The report's rows (bench/costs.py table_rows) from the results' "balance" section."""
    from nightboard.games import index

    out = []
    for name, fig in sorted((results or {}).items()):
        if not isinstance(fig, dict) or "sizes" not in fig:
            continue
        title = index.facts(name)["title"]
        how = "%d seeded games per size; %s; 95%% Wilson interval" % (fig["games"], fig["board"])
        for size, t in fig["sizes"].items():
            where = "%s, %s %s" % (title, size, fig["size"])
            for side, s in t["sides"].items():
                out.append(("%s: %s wins" % (where, side), _pct(s), "-", "", "", how))
            out.append(("%s: no winner" % where, _pct(t["no_winner"]), "-", "", "", how))
            out.append(("%s: length (%s)" % (where, fig["length"]), "%.1f (%d-%d)" % (
                t["length"]["mean"], t["length"]["least"], t["length"]["most"]), "-", "", "", "mean (least-most)"))
    return out
