"""The hidden facts of Vampire, the card game, for the non-interference test (docs/games.md).

twins(state) gives positions that differ from the state in one hidden fact each, with the seats that
may know it:
- a card of one hand swapped with a card of another hand: only those two seats know;
- a card of a hand swapped with a card of the pile: only that seat knows now, but a draw may show the
  pile's card to anyone, so every player is listed (what no player may see is checked by view(None));
- the pile's random stream: no player knows it, but any draw shows its effect (likewise).
"""


def twins(g):
    out = []
    if g.over:
        return out
    base = g.to_json()
    n = g.n
    for a in range(n):
        for b in range(a + 1, n):
            ha, hb = g.hands[a], g.hands[b]
            pair = _different(g, ha, hb)
            if pair is None:
                continue
            d = _with_hands(base)
            d["hands"][a] = sorted([c for c in ha if c != pair[0]] + [pair[1]])
            d["hands"][b] = sorted([c for c in hb if c != pair[1]] + [pair[0]])
            out.append((d, [a, b]))
    everyone = list(range(n))
    for a in range(n):
        pair = _different(g, g.hands[a], g.pile)
        if pair is not None:
            d = _with_hands(base)
            d["hands"][a] = sorted([c for c in g.hands[a] if c != pair[0]] + [pair[1]])
            d["pile"] = sorted([c for c in g.pile if c != pair[1]] + [pair[0]])
            out.append((d, everyone))
    d = dict(base)
    d["prng"] = (g.prng.state * 7 + 12345) % 0xFFFFFFFF or 1
    out.append((d, everyone))
    return out


def _different(g, xs, ys):
    """A card of xs and a card of ys that are not the same card face (the first such pair)."""
    for x in xs:
        for y in ys:
            if g.cards[x] != g.cards[y]:
                return x, y
    return None


def _with_hands(base):
    d = dict(base)
    d["hands"] = [list(h) for h in base["hands"]]
    return d
