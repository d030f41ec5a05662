"""VampEmpire's hidden facts, for the non-interference test (docs/games.md): each ritual hand (known to
its owner), the order of the deck and the random stream (known to nobody until a draw or a random pick
shows someone a card).

twins(state) gives positions that differ from the state in one hidden fact each, with the seats that
may know it: a hand with one card swapped for another kind from the deck (its owner; and the seats a
rule could show it to: a Tyrant who may manipulate it, H1), the deck's bottom two cards swapped (nobody),
and another random stream (all seats: whoever draws or rummages next may see what it gave).
"""


def twins(g):
    from nightboard.games.vampempire import pieces as V

    out = []
    if g.over:
        return out
    base = g.to_json()
    p = g.pending
    for s in range(g.n):
        hand = list(base["hands"][s])
        if p is not None and p[0] in ("draft", "offer") and p[1] == s and p[3] in hand:
            hand.remove(p[3])  # the offered ritual is shown to everybody: not hidden
        if not hand:
            continue
        i = base["hands"][s].index(hand[-1])
        for j in range(len(base["deck"])):
            if base["deck"][j] != hand[-1]:
                d = _fresh(base)
                d["hands"][s][i], d["deck"][j] = d["deck"][j], d["hands"][s][i]
                d["hands"][s].sort()
                knowers = [s] + [t for t in range(g.n) if t != s and g.vamp[t] == V.TYRANT and g.soul[t] >= 5]
                out.append((d, knowers))
                break
    deck = base["deck"]
    if len(deck) >= 12 and deck[0] != deck[1]:
        d = _fresh(base)
        d["deck"][0], d["deck"][1] = d["deck"][1], d["deck"][0]
        out.append((d, []))
    d = _fresh(base)
    d["prng"] = (g.prng.state * 7 + 12345) % 0xFFFFFFFF or 1
    out.append((d, list(range(g.n))))
    return out


def _fresh(base):
    d = dict(base)
    d["hands"] = [list(h) for h in base["hands"]]
    d["deck"] = list(base["deck"])
    return d
