"""What each ritual effect does when it resolves (the effect words of pieces.py; notes R1-R4).

"Next Night" effects wait in the seat's *_next fields and start with that seat's next Night turn,
which may come later in the same round (R2). The card is already paid and discarded when this runs.
"""

from nightboard.games.vampempire import pieces as R


def resolve(g, s, k, y):
    e = R.KINDS[k][4]
    fx = g.fx
    t = y - 1 if 1 <= y < 10 else -1
    ev = {"ev": "effect", "seat": s, "effect": e}
    if e == "bat":
        fx["bat_next"][s] = 1
    elif e == "flies":
        fx["flies"][s] = 1
    elif e == "potency":
        fx["potency"][s] = 1
    elif e == "haste":
        g.ap += 2
    elif e == "thralls":
        g.bodies[s] += 2
    elif e == "tithe":
        n = min(2, g.bodies[t])
        g.bodies[t] -= n
        g.bodies[s] += n
        ev["bodies"] = n
    elif e == "chains":
        fx["chains_next"][t] = 1
    elif e == "sunrise":
        fx["sunrise"][t] += 1
    elif e == "uprising":
        c = g.community(y - 10)
        ev["from"] = c[3]
        c[3] = -1
    elif e == "hunger":
        h = g.hands[t]
        if h:
            lost = h.pop(g.prng.below(len(h)))
            g.discard.append(lost)
            ev["lost"] = lost  # the discard is face up: everybody sees what went
    return [ev]
