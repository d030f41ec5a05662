"""The four vampires of VampEmpire and the soul at which each ability opens (0, 2, 5 and 8).

Abilities are checked against the soul a vampire holds at the moment they are used: none works
backwards (nothing is refunded or given again when a threshold is passed, note A1).
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
