"""VampiRing's hidden facts, for the non-interference test (docs/games.md): a family's confirmed choice.

Until the turn resolves, only that family may know it (its own view shows it). twins(state) gives
positions that differ from the state in that one fact, each with the seats allowed to know it.
"""

from nightboard.games.vampiring.state import ACTIONS, action_name


def twins(g):
    out = []
    if g.over:
        return out
    base = g.to_json()
    for f in range(g.families):
        if g.pending[f] < 0:
            continue
        for a in ACTIONS:
            if a != g.pending[f]:
                d = dict(base)
                d["pending"] = base["pending"][:]
                d["pending"][f] = action_name(a)
                out.append((d, [f]))
    return out
