"""Vampire Nights' hidden facts, for the non-interference test (docs/games.md).

Each twin differs from the state in one hidden fact, with the seats allowed to know it: a face-down room
(known to whoever lit it with a Torch), a card in a hand, a bite card, a loot tile, a Torch's memory (their
owner), the order of the room and item decks and the random stream (nobody).
"""

from nightboard.games.vampire_nights import mansion as M


def _swap_out(lst, i, pool):
    """Index j in pool holding a different value than lst[i], or -1."""
    for j in range(len(pool)):
        if pool[j] != lst[i]:
            return j
    return -1


def twins(g):
    if g.over:
        return []
    base = g.to_json()
    out = []

    def twin(**changes):
        d = dict(base)
        for k in changes:
            d[k] = changes[k]
        return d

    for x in range(g.players * 8):
        if g.tiles[x] != M.EMPTY and not g.up[x] and g.room_deck:
            j = _swap_out(list(g.tiles), x, g.room_deck)
            if j >= 0:
                tiles, deck = base["tiles"][:], base["room_deck"][:]
                tiles[x], deck[j] = deck[j], tiles[x]
                out.append((twin(tiles=tiles, room_deck=deck), [p for p in range(g.players) if x in g.peeks[p]]))
                break
    for p in range(g.players):
        for name, pool_name in (("hands", "item_deck"), ("bites", "bite_deck"), ("loot", "room_discard")):
            own = base[name][p]
            pool = base[pool_name]
            for i in range(len(own)):
                if own[i] > 12:
                    continue
                j = _swap_out(own, i, pool)
                if j >= 0:
                    mine, other = own[:], pool[:]
                    mine[i], other[j] = other[j], mine[i]
                    if name != "bites":
                        mine.sort()
                    lists = [h[:] for h in base[name]]
                    lists[p] = mine
                    out.append((twin(**{name: lists, pool_name: other}), [p]))
                    break
        if g.peeks[p]:
            peeks = [h[:] for h in base["peeks"]]
            peeks[p] = peeks[p][1:]
            out.append((twin(peeks=peeks), [p]))
    for name in ("room_deck", "item_deck"):
        deck = base[name]
        for i in range(1, len(deck)):
            if deck[i] != deck[0]:
                d = deck[:]
                d[0], d[i] = d[i], d[0]
                out.append((twin(**{name: d}), []))
                break
    out.append((twin(prng=(g.prng.state * 7 + 12345) % 0xFFFFFFFF or 1), []))
    return _mixed(out)


def _mixed(out):
    """One twin of each kind of fact first (a test may look at the first few only)."""
    firsts, rest, seen = [], [], []
    for t in out:
        key = tuple(sorted(k for k in t[0] if k not in ("room_deck", "item_deck", "bite_deck", "room_discard")))
        (rest if key in seen else firsts).append(t)
        seen.append(key)
    return firsts + rest
