"""Positions of Vampire, the card game, written by hand for the rule tests: cards by short names
("B7" Bone 7, "L3" Leaf 3, "T10", "W1", "F5" Feather 5, "X" a Fate), everything not placed is in the pile."""

from nightboard.games.vampire_cards import from_json, new_game
from nightboard.games.vampire_cards import moves as M

LETTER = {"B": 0, "L": 1, "T": 2, "W": 3, "F": 4}


def cid(word, used=None):
    """A card id of the default deck (C1). Fates are 50..54: each "X" takes the next one not in used."""
    if word == "X":
        for c in range(50, 55):
            if used is None or c not in used:
                if used is not None:
                    used.add(c)
                return c
        raise ValueError("only five Fates")
    c = LETTER[word[0]] * 10 + int(word[1:]) - 1
    if used is not None:
        assert c not in used, word
        used.add(c)
    return c


def ids(words, used=None):
    return sorted(cid(w, used) for w in words.split())


def position(players=3, hands=(), vampire=-1, bones="", bites=None, feathers=None, escaped=None, discard="",
             seat=0, phase="play", pending=None, queue=(), tired="", warded=(), dawn=15, turn=5, night=2,
             vturns=0, seed=7):
    used = set()
    g = new_game(seed, players, dawn)
    d = g.to_json()
    hs = [ids(h, used) for h in hands] + [[] for _ in range(players - len(hands))]
    bone_row = ids(bones, used)
    bite_row = [-1] * players
    for s, w in (bites or {}).items():
        bite_row[s] = cid(w, used)
    fs = [[] for _ in range(players)]
    for s, w in (feathers or {}).items():
        fs[s] = ids(w, used)
    es = [[] for _ in range(players)]
    for s, w in (escaped or {}).items():
        es[s] = ids(w, used)
    if phase == "defend":
        pending = [pending[0], cid(pending[1], used)]
    dis = [cid(w, used) for w in discard.split()]
    d.update(hands=hs, vampire=vampire, bones=bone_row, bites=bite_row, feathers=fs, escaped=es,
             discard=dis, seat=seat, phase=phase, pending=pending, queue=list(queue),
             tired=sorted(cid(w) for w in tired.split()), warded=list(warded), turn=turn, night=night,
             vturns=vturns)
    d["pile"] = sorted(c for c in range(55) if c not in used)
    return from_json(d)


def names(g, cards):
    return sorted(g.card_name(c) for c in cards)


def hand(g, s):
    return " ".join(sorted(_short(g, c) for c in g.hands[s]))


def _short(g, c):
    from nightboard.games.vampire_cards.deck import short

    return short(g.cards, c)


def mask(g, s, words):
    """The mask of these cards in seat s's hand."""
    m = 0
    for w in words.split():
        m |= 1 << g.hands[s].index(cid(w) if w != "X" else [c for c in g.hands[s] if c >= 50][0])
    return m


def pos_of(g, s, word):
    c = cid(word) if word != "X" else [c for c in g.hands[s] if c >= 50][0]
    return g.hands[s].index(c)


def act(kind, target=0, arg=0):
    return M.act(kind, target, arg)
