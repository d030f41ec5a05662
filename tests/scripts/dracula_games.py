"""Play seeded Dracula hunts (the board's Dracula against hunters drawing legal actions from their own
seeded stream) and print each final state as one JSON line, with a digest of every event.

Run by the tests under both CPython and MicroPython: the outputs must match.
Set GAMES_FROM / GAMES_COUNT before running (defaults 0, 60).
"""

import json

from nightboard.games.dracula import state as D
from nightboard.prng import Prng


def play(seed):
    hunters = 1 + seed % 4
    rules = ("playtest", "classic")[seed % 2]
    level = 1 + (seed // 2) % 3
    size = (5, 3, 7, 9, 5)[seed % 5]
    g = D.new_game(seed, hunters, rules, level, size)
    r = Prng(seed + 5000)
    n_events = 0
    digest = 0
    while not g.over and g.turn <= 60:
        if g.active >= 0:
            acts = g.legal_actions(g.active)
            possible = g.possible_rooms()
            # hunters that stake him when they know where he is, throw garlic at rooms where he may be,
            # and otherwise act at random (staking only now and then, so that games last)
            hit = [a for a in acts if (a >> 8) == 4 and len(possible) == 1 and (a & 255) == possible[0]]
            look = [a for a in acts if (a >> 8) == 2 and (a & 255) in possible]
            if hit:
                a = hit[0]
            elif look and r.below(2):
                a = look[r.below(len(look))]
            else:
                a = acts[r.below(len(acts))]
                if (a >> 8) == 4 and r.below(4):
                    a = acts[-1] if (acts[-1] >> 8) == 5 else acts[0]
            ev = g.submit(g.active, a)
        else:
            ev = g.dracula_turn()
        for e in ev:
            n_events += 1
            digest = (digest * 31 + len(json.dumps(e))) & 0x3FFFFFF
    out = g.to_json()
    out["n_events"] = n_events
    out["digest"] = digest
    return out


try:
    GAMES_FROM
except NameError:
    GAMES_FROM, GAMES_COUNT = 0, 60
for seed in range(GAMES_FROM, GAMES_FROM + GAMES_COUNT):
    print(json.dumps(play(seed)))
