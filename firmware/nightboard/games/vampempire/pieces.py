"""VampEmpire's pieces as data: the four vampires (the soul at which each ability opens: 0, 2, 5, 8) and
the default ritual deck (ruling E1: 40 cards).

Abilities are checked against the soul a vampire holds at the moment they are used: none works
backwards (nothing is refunded or given again when a threshold is passed, note A1).

Each ritual kind: (name, type, body cost, copies, effect, target). The effect is one of the words that
effects.py knows; the target is "self", "seat" (another vampire) or "community" (one another vampire
controls). Names, costs, copies and which effect a kind has can be changed here without touching the
rules; the balance is explained in docs/vampempire-rules-notes.md (R1-R4).
"""

BARONESS, TYRANT, FEATHERED, BEAST = 0, 1, 2, 3
NAMES = ("the Baroness", "the Tyrant", "the Feathered One", "the Lumbering Beast")
KEYS = ("baroness", "tyrant", "feathered", "beast")
LEVELS = (0, 2, 5, 8)

START_BODIES = 3
IRON_FIST = 3  # the Tyrant's extra bodies at the start
ROUTES = 2  # the Baroness's trade routes at the start; one more at 5 soul
INTERCEPT_COST = 5  # the Feathered One's Bite and Intercept
PRESENTS = 3  # "present" tokens in the box


def has(soul, level):
    """Does a vampire holding this soul have its ability of this level (0, 1, 2, 3)?"""
    return soul >= LEVELS[level]


ATTACK = "attack"
BUFF = "buff"

KINDS = (
    ("Bat Form", BUFF, 3, 4, "bat", "self"),  # next Night: each move reaches up to 3 hexes
    ("Bloodflies", BUFF, 2, 5, "flies", "self"),  # next Morning: +1 body from every community you control
    ("Blood Potency", BUFF, 2, 5, "potency", "self"),  # this Night: overtaking costs 2 bodies fewer
    ("Dark Haste", BUFF, 2, 4, "haste", "self"),  # this Night: 2 more action points
    ("Thralls", BUFF, 0, 6, "thralls", "self"),  # gain 2 bodies now
    ("Blood Tithe", ATTACK, 1, 5, "tithe", "seat"),  # the target gives you up to 2 bodies
    ("Silver Chains", ATTACK, 2, 4, "chains", "seat"),  # the target moves 1 hex in all on its next Night
    ("Sunrise", ATTACK, 3, 3, "sunrise", "seat"),  # the target has 1 action point fewer on its next Night
    ("Mob Uprising", ATTACK, 5, 2, "uprising", "community"),  # a community loses its controller
    ("Hunger Curse", ATTACK, 2, 2, "hunger", "seat"),  # the target discards a random ritual
)

EFFECTS = ("bat", "flies", "potency", "haste", "thralls", "tithe", "chains", "sunrise", "uprising", "hunger")


def deck():
    """Every card of the deck as its kind's index, in kind order (the game shuffles it)."""
    out = []
    for k in range(len(KINDS)):
        out.extend([k] * KINDS[k][3])
    return out


def cost(k):
    return KINDS[k][2]
