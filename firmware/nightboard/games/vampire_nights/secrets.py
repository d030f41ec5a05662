"""Vampire Nights' hidden facts, for the non-interference test (docs/games.md).

Each twin differs from the state in one hidden fact, with the seats allowed to know it: a face-down room
(known to whoever lit it with a Torch), a card in a hand, a bite card, a loot tile, a Torch's memory (their
owner), the order of the room and item decks and the random stream (nobody).

Some of these a rule shows to one seat alone, leaving no public trace: the next item card to whoever
draws it, a face-down room to whoever lights it with a Torch, a reshuffle's order to whoever is dealt from
it. twins(g) counts such seats among those that may know (the contract test stops only at a public
difference; any seat may come by a Torch, from a Chest or the Glass, so a face-down room's twin counts them
all); twins(g, strict=True) gives only those who know now, for tests that follow private reveals.
"""

from nightboard.games.vampire_nights import mansion as M


def _swap_out(lst, i, pool):
    """Index j in pool holding a different value than lst[i], or -1."""
    for j in range(len(pool)):
        if pool[j] != lst[i]:
            return j
    return -1


def _own_twin(g, base, p, name, pool_name, strict):
    """Swap one of p's cards (or tiles) with a different one: strict, with its deck or discard pile (which a
    later draw may show privately); otherwise with another player's, both of them then knowing."""
    own = base[name][p]
    for i in range(len(own)):
        if own[i] > 12:
            continue
        for q in ([p] if strict else range(g.players)):
            if q == p and not strict:
                continue
            pool = base[pool_name] if strict else base[name][q]
            j = _swap_out(own, i, pool)
            if j < 0 or pool[j] > 12:
                continue
            lists = [h[:] for h in base[name]]
            other = pool[:]
            lists[p][i], other[j] = other[j], lists[p][i]
            if strict:
                changes = {name: lists, pool_name: other}
            else:
                lists[q] = other
                changes = {name: lists}
            if name != "bites":
                lists[p].sort()
                lists[q].sort()
            return changes, sorted(set([p, q]))
    return None


def twins(g, strict=False):
    if g.over:
        return []
    base = g.to_json()
    out = []
    everyone = list(range(g.players))

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
                lit = [p for p in everyone if x in g.peeks[p]] if strict else everyone
                out.append((twin(tiles=tiles, room_deck=deck), lit))
                break
    for p in range(g.players):
        for name, pool_name in (("hands", "item_deck"), ("bites", "bite_deck"), ("loot", "room_discard")):
            t = _own_twin(g, base, p, name, pool_name, strict)
            if t is not None:
                out.append((twin(**t[0]), t[1]))
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
                out.append((twin(**{name: d}), [] if strict or name == "room_deck" else everyone))
                break
    out.append((twin(prng=(g.prng.state * 7 + 12345) % 0xFFFFFFFF or 1), [] if strict else everyone))
    return _mixed(out)


def _mixed(out):
    """One twin of each kind of fact first (a test may look at the first few only)."""
    firsts, rest, seen = [], [], []
    for t in out:
        key = tuple(sorted(k for k in t[0] if k not in ("room_deck", "item_deck", "bite_deck", "room_discard")))
        (rest if key in seen else firsts).append(t)
        seen.append(key)
    return firsts + rest
