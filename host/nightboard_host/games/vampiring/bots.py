"""Opponents for measuring VampiRing's board families: players the board's mind knows nothing of.

They are written apart from mind.py, on the engine alone: every outcome they weigh is a real turn played
by turn.resolve on a copy of the state, so a mistake in the mind's model of fights is not repeated here.
They read the whole state, as a bench's opponent may (they decide before anyone has chosen, so the
state holds no choice of another family's that they could read).

  greedy(g, f, rng)     one ply: the action that wounds the others most and family f least this turn,
                        the others' actions taken as equally likely
  lookahead(g, f, rng)  one turn ahead at the others' best replies: for each of its actions, every other
                        family answers with the action best for itself against it (the others as equally
                        likely meanwhile); it plays the action whose outcome after those replies is best

Both count a wound as a drop actually lost (a family cannot lose more than it holds), and break exact
ties with their own stream `rng` (nightboard.prng.Prng).
"""

from nightboard.games.vampiring import turn as vampiring_turn
from nightboard.games.vampiring.state import VampiRing


def _clone(g):
    """A copy of the state's moving parts, enough for turn.resolve (faster than to_json/from_json)."""
    c = VampiRing.__new__(VampiRing)
    c.__dict__.update(g.__dict__)
    for k in ("pos", "shape", "drops", "lost_last", "elim_turn", "score_locked", "pending"):
        setattr(c, k, getattr(g, k)[:])
    return c


def lost(g, actions):
    """The drops each family loses when the turn is played with `actions` (one per family, None for out)."""
    c = _clone(g)
    c.quiet = 0
    before = c.drops[:]
    vampiring_turn.resolve(c, [a if a is not None else 0 for a in actions])
    return [before[f] - c.drops[f] for f in range(g.families)]


def outcomes(g):
    """{joint actions: drops each family loses}: every turn the living families could play now."""
    rows = [()]
    for h in range(g.families):
        rows = [r + (b,) for r in rows for b in ((0, 1, 2, 3) if g.alive(h) else (None,))]
    return {r: lost(g, r) for r in rows}


def _joint(f, a, others):
    """Every joint turn with family f playing a and each other family one of the actions others[h] lists
    (None for the out)."""
    rows = [()]
    for h in range(len(others)):
        rows = [r + (b,) for r in rows for b in ((a,) if h == f else others[h] or (None,))]
    return rows


def net(out, f):
    """Family f's drops given to the others minus its own lost, in a turn whose losses are `out`."""
    return sum(out) - 2 * out[f]


def _pick(values, rng):
    best = max(values)
    ties = [a for a in range(4) if values[a] == best]
    return ties[rng.below(len(ties))]


def _all(g, f):
    return [None if h == f or not g.alive(h) else (0, 1, 2, 3) for h in range(g.families)]


def greedy_values(g, f, table=None):
    """Each action's net (drops given minus drops lost), summed over the others' actions taken as equally
    likely (a sum, not a mean: the same order, integers)."""
    table = table or outcomes(g)
    others = _all(g, f)
    return [sum(net(table[j], f) for j in _joint(f, a, others)) for a in range(4)]


def greedy(g, f, rng):
    return _pick(greedy_values(g, f), rng)


def lookahead_values(g, f, table=None):
    """Each action's net once every other family has answered it with its own best reply (judged by that
    family's net, the rest as equally likely); a first best reply where several tie."""
    table = table or outcomes(g)
    others = _all(g, f)
    out = []
    for a in range(4):
        replies = others[:]
        for h in range(g.families):
            if others[h] is None:
                continue
            best = None
            for b in range(4):
                mine = others[:]
                mine[h] = (b,)
                v = sum(net(table[j], h) for j in _joint(f, a, mine))
                if best is None or v > best[0]:
                    best = (v, b)
            replies[h] = (best[1],)
        out.append(sum(net(table[j], f) for j in _joint(f, a, replies)))
    return out


def lookahead(g, f, rng):
    return _pick(lookahead_values(g, f), rng)


PLAYERS = {"greedy": greedy, "lookahead": lookahead}
