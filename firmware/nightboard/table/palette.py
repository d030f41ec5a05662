"""The table's colours: one fixed meaning per colour, the same in every game and every screen.

Colours are logical (full scale); gamma, brightness and the current limit are
applied by the encoder. A seat's colour means that seat and nothing else. Every
other colour is a MEANING below, shared by all the games: a game maps its
things onto these meanings (a Cross and the Vatican are both HOLY, a hunted
vampire and a bite card both BLOOD) and tells things of one meaning apart by the table's
patterns (dim, blink, position, a second LED), never by a new hue. No module
under table/ writes an RGB triple of its own: they take them from here, by
meaning, and may dim them (a dimmed colour keeps its meaning).

Hues are chosen so that on a WS2812, after the encoder's gamma 2.6, no two
meanings and no meaning and a seat look alike: see MIN_APART below.
"""

# The seats' colours and names, the same in every game (seat 0 is red): SEAT[s] means
# seat s and nothing else. The sixth is cyan, not white: white is the table's own
# voice (TABLE below).
SEAT_NAMES = ("red", "blue", "yellow", "green", "purple", "cyan")
SEAT = (
    (255, 0, 0),
    (0, 40, 255),
    (255, 170, 0),
    (0, 255, 0),
    (170, 0, 255),
    (0, 200, 200),
)

# Each meaning: its name and colour; the comment above it gives the colour's name and the one meaning it
# has in every game (read by tests/runtime/test_palette.py and written out in docs/table.md; comments cost no RAM).
MEANINGS = (
    # white: the table itself: a choice you may make, the cursor, a press seen, a fight; dim: nothing there, a pass
    ("TABLE", (255, 255, 255)),
    # magenta: no: refused, a press that did nothing, a fault of the table
    ("ERROR", (255, 0, 255)),
    # rose: a vampire and what it does: blood, a bite, a wound, an attack; dim: blood lost, where a vampire may be
    ("BLOOD", (255, 0, 170)),
    # warm white: holy, what burns a vampire: a Cross, sunlight, holy water, a torch, a cathedral, the Vatican
    ("HOLY", (255, 255, 190)),
    # lime: a guard against a vampire or its power: garlic, a shield, a defence, an interception
    ("WARD", (200, 255, 0)),
    # orchid: a mortal's weapon that strikes a vampire: a stake, a crossbow
    ("WEAPON", (255, 200, 255)),
    # gold: gain: coins, loot, a bag, riches, a trade
    ("GOLD", (255, 255, 0)),
    # lavender: the unseen: a mirror, a magnifying glass, a web, a ghost, a haunted house, a secret shown
    ("SIGHT", (180, 180, 255)),
    # sky blue: a power that bends rules: a cloak, a potion, a mask, a Parchment, Fate, a Buff, a present, a shape-change
    ("MAGIC", (0, 200, 255)),
    # spring green: safe: healed, agreed, carry on
    ("SAFE", (0, 255, 170)),
    # ice: a way elsewhere: a Carriage, a route taken, a direction, an escape
    ("TRAVEL", (200, 255, 255)),
    # blush: mortals and their homes: a family, a villager, a town, a body
    ("MORTAL", (255, 200, 200)),
    # mint: beasts and wild places: a forest, a cave, a garden, a dog, a cat, a village among fields
    ("WILD", (200, 255, 200)),
)

# On a WS2812 brightness is the table's pattern (dim = past, home, less), so
# colours are told apart by hue alone: each is gamma-corrected (as the encoder
# does), divided by its largest component, and two colours are "apart" when
# those vectors are at least MIN_APART apart (Euclidean, 0..1 per component).
# At 0.3 the weaker component of one differs by a third of the stronger; below
# it, side by side through a diffuser, they read as one colour (the old
# crimson (255, 0, 60) was 0.02 from red, orange (255, 80, 0) 0.05).
MIN_APART = 0.3

TABLE = MEANINGS[0][1]
ERROR = MEANINGS[1][1]
BLOOD = MEANINGS[2][1]
HOLY = MEANINGS[3][1]
WARD = MEANINGS[4][1]
WEAPON = MEANINGS[5][1]
GOLD = MEANINGS[6][1]
SIGHT = MEANINGS[7][1]
MAGIC = MEANINGS[8][1]
SAFE = MEANINGS[9][1]
TRAVEL = MEANINGS[10][1]
MORTAL = MEANINGS[11][1]
WILD = MEANINGS[12][1]
OFF = (0, 0, 0)


def dim(c, shift):
    """c at 1/2**shift of its brightness: the same meaning, less of it (computed once, at import)."""
    return (c[0] >> shift, c[1] >> shift, c[2] >> shift)


def scale(c, n):
    """c at n/255 of its brightness (computed once, at import)."""
    return (c[0] * n // 255, c[1] * n // 255, c[2] * n // 255)


# The table's screens, by meaning.
BLOOD_HELD = dim(BLOOD, 0)      # blood (lives, drops) still held
BLOOD_LOST = dim(BLOOD, 2)      # blood lost a moment ago
WOUND = dim(BLOOD, 1)           # a wound, a bite: half blood, so it flashes against held blood
GARLIC = WARD                   # garlic, in every game
PLAIN = dim(TABLE, 3)           # a place with nothing on it; a pass
UNSEEN = dim(SIGHT, 2)          # a place not yet seen (a face-down room, a room nothing is known of)
MENU_FIELD = TABLE
QUIT_ASK = TABLE
RESUME_ASK = SAFE
