"""Helpers for VampiRing tests: build explicit positions and run parts of a turn."""

from nightboard.games.vampiring import state as V
from nightboard.games.vampiring import turn as T
from nightboard.games.vampiring.cards import FAMILIES, SHAPES

RED, BLUE, YELLOW, GREEN, PURPLE, WHITE = range(6)
MAN, WOLF, BAT = 0, 1, 2

# A 4-family ring (16 cards) used by the fight tests: every kind of card at a known index.
RING4 = [
    "graveyard", "tower", "forest", "cave", "garlic", "mirror", "cross", "parchment",
    "home-red", "home-blue", "home-yellow", "home-green", "carriage", "carriage", "carriage", "carriage",
]
# Cards where vampires not taking part in a test wait, one card per shape, so they never fight.
PARK = {MAN: 12, WOLF: 13, BAT: 14}


def position(ring, placed, families=None, variant="castle", drops=None, turn=1, eliminated_turn=None, park=None, **extra):
    """An explicit position: placed = [(family, shape, card), ...]; other vampires parked by shape."""
    families = families or (len(ring) - 8) // 2
    park = park or PARK
    eliminated_turn = eliminated_turn or [None] * families
    vamps = []
    for f in range(families):
        if eliminated_turn[f] is not None:
            vamps.append(None)
            continue
        cards = {}
        for (pf, shape, card) in placed:
            if pf == f:
                assert shape not in cards, "one vampire of each shape per family"
                cards[shape] = card
        vamps.append([{"card": cards.get(s, park[s]), "shape": SHAPES[s]} for s in (MAN, WOLF, BAT)])
    if drops is None:
        drops = [0 if eliminated_turn[f] is not None else 8 for f in range(families)]
    pos = {"families": families, "variant": variant, "ring": list(ring), "vampires": vamps, "drops": drops,
           "turn": turn, "eliminated_turn": eliminated_turn}
    pos.update(extra)
    return pos


def settle(pos):
    """Load a position whose vampires already stand where they stopped, and run fights and blood."""
    g = V.from_json(pos)
    before = g.drops[:]
    events = []
    T.settle(g, events)
    lost = [before[f] - g.drops[f] for f in range(g.families)]
    return g, events, lost


def wounds(events):
    """(giver family, giver shape, taker family, n, effect) for each wound event, in order."""
    return [(e["giver"][0], e["taker"][0], e["n"], e["effect"]) for e in events if e["e"] == "wound"]


def of_kind(events, kind):
    return [e for e in events if e["e"] == kind]


def family(name):
    return FAMILIES.index(name)
