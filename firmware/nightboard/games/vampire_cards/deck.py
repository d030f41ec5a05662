"""The cards: suits, the default deck (C1) and small helpers. A deck is data, a list of [suit, value];
a card is its index in that list, so hands, piles and events hold small integers.
"""

from nightboard.games.errors import show  # noqa: F401  (the games' one way to quote a value)


BONE = 0
LEAF = 1
TRACK = 2
WAVE = 3
FEATHER = 4
FATE = 5
SUITS = ("bone", "leaf", "track", "wave", "feather", "fate")
SUIT_NAMES = ("Bone", "Leaf", "Track", "Wave", "Feather", "Fate")  # (MicroPython's str has no capitalize)
LETTERS = "BLTWFX"  # one letter per suit, for short words (X: Fate)
RUNNING = (LEAF, TRACK, WAVE)  # the suits that run, hide and flee: defences and escapes (C6, C10)
HAND = 6  # a full hand (dealt, drawn back to)
KEEP = 3  # a bitten player keeps this many (C7)
BITTEN_DRAW = 3  # a bitten player draws this many at the start of its turn (C8)
ESCAPE = 5  # cards of one running suit to escape (C10)
FATE_WARD = 10  # the Vampire's defence against a Fate must total this or more (C2, C9)
MAX_CARDS = 120  # a deck of data is at most this long


def default_deck():
    """C1: Bone, Leaf, Track, Wave and Feather, each 1 to 10, and 5 Fate cards (value 0): 55 cards."""
    d = []
    for s in (BONE, LEAF, TRACK, WAVE, FEATHER):
        for v in range(1, 11):
            d.append([s, v])
    for _ in range(5):
        d.append([FATE, 0])
    return d


def name(deck, c):
    """A card in words: 'Bone 7', 'Fate'."""
    s, v = deck[c]
    if s == FATE:
        return "Fate"
    return "%s %d" % (SUIT_NAMES[s], v)


def short(deck, c):
    s, v = deck[c]
    return LETTERS[s] + ("" if s == FATE else str(v))


def suit(deck, c):
    return deck[c][0]


def value(deck, c):
    return deck[c][1]


def total(deck, cards):
    t = 0
    for c in cards:
        t += deck[c][1]
    return t


