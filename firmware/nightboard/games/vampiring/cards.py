"""VampiRing's fixed data: families, shapes, card kinds and how each card changes a fight.

Kept as tables so the rules code stays short and the renderer, the replay
printer and the tests share one set of names.
"""

# V1: family colours in seating order.
FAMILIES = ("red", "blue", "yellow", "green", "purple", "cyan")  # the seats' names (table/palette.py)
OLD_NAME = ("white", 5)  # the sixth family's name before white became the table's own colour; still read
MIN_FAMILIES = 2
MAX_FAMILIES = 6
DROPS = 8

# Shapes; steps are shape + 1 (V5: Man 1, Wolf 2, Bat 3).
MAN = 0
WOLF = 1
BAT = 2
SHAPES = ("man", "wolf", "bat")

# Metamorphosis (V4): A turns Man->Wolf->Bat->Man, B turns Man->Bat->Wolf->Man.
META = ("A", "B")
META_SHIFT = (1, 2)

# Directions: clockwise is increasing card index (V2).
DIRS = ("cw", "ccw")
DIR_SIGN = (1, -1)

# Card kinds. A Home is HOME_BASE + family.
CARRIAGE = 1
PARCHMENT = 2
TOWER = 3
FOREST = 4
CAVE = 5
GARLIC = 6
MIRROR = 7
GRAVEYARD = 8
CROSS = 9
HOME_BASE = 16

KIND_NAMES = {
    CARRIAGE: "carriage",
    PARCHMENT: "parchment",
    TOWER: "tower",
    FOREST: "forest",
    CAVE: "cave",
    GARLIC: "garlic",
    MIRROR: "mirror",
    GRAVEYARD: "graveyard",
    CROSS: "cross",
}
# V2: one of each of these per ring, plus one Home and one Carriage per family.
SINGLE_CARDS = (PARCHMENT, TOWER, FOREST, CAVE, GARLIC, MIRROR, GRAVEYARD, CROSS)

# V9: the shape a card protects (it takes no wounds and also wounds the shape
# that would normally wound it), or -1.
FAVOURED = {TOWER: MAN, FOREST: WOLF, CAVE: BAT}

# V16: the longest quiet limit a game may set (and the most quiet turns counted).
QUIET_MAX = 1000

# How long a carriage chain may run before it is cut (V6 guard).
MAX_LEGS = 64


def ring_size(families):
    return 2 * families + 8


def is_home(card):
    return card >= HOME_BASE


def home_owner(card):
    return card - HOME_BASE if card >= HOME_BASE else -1


def card_name(card):
    if card >= HOME_BASE:
        return "home-" + FAMILIES[card - HOME_BASE]
    return KIND_NAMES[card]


def card_from_name(name, families):
    """Card code for a name like "tower" or "home-blue"; ValueError if unknown."""
    if isinstance(name, str):
        if name.startswith("home-"):
            fam = name[5:]
            for f in range(families):
                if FAMILIES[f] == fam or (fam, f) == OLD_NAME:
                    return HOME_BASE + f
            raise ValueError("no family %r in a %d-family game" % (fam, families))
        for code in KIND_NAMES:
            if KIND_NAMES[code] == name:
                return code
    raise ValueError("unknown card %r" % (name,))


def standard_deck(families):
    """The cards of a ring for this many families, in a fixed order before shuffling."""
    deck = [HOME_BASE + f for f in range(families)]
    deck += [CARRIAGE] * families
    deck += list(SINGLE_CARDS)
    return deck


# V8: each Man wounds each Bat, each Bat each Wolf, each Wolf each Man: the taker's shape is the
# giver's + WOUND_STEP (mod 3). V9 Mirror reverses every relation: + MIRROR_STEP.
WOUND_STEP = 2
MIRROR_STEP = 1
