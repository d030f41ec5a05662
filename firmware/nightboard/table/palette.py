"""The table's colours: one fixed meaning per colour across every mode.

Colours are logical (full scale); gamma, brightness and the current limit are
applied by the encoder. Family colours follow the rules notes' V1 order.
"""

# The seats' colours and names, the same in every game (seat 0 is red).
SEAT_NAMES = ("red", "blue", "yellow", "green", "purple", "white")
FAMILY = (
    (255, 0, 0),
    (0, 40, 255),
    (255, 170, 0),
    (0, 255, 0),
    (170, 0, 255),
    (255, 255, 255),
)

# VampiRing card kinds (codes from games/vampiring/cards.py); a Home shows its family's colour, dimmed.
CARD = {
    1: (255, 60, 0),     # carriage: orange
    2: (255, 110, 140),  # parchment: pink
    3: (0, 200, 200),    # tower: cyan
    4: (0, 90, 25),      # forest: dark green
    5: (90, 40, 0),      # cave: brown
    6: (150, 255, 60),   # garlic: pale lime
    7: (140, 140, 255),  # mirror: lavender
    8: (40, 40, 40),     # graveyard: grey
    9: (255, 255, 190),  # cross: warm white
}
HOME_DIM_SHIFT = 2  # a Home is its family colour / 4, so it never reads as a vampire

BLOOD_HELD = (200, 0, 0)
BLOOD_LOST_LAST = (90, 25, 0)   # lost in the last turn: dim amber
BLOOD_LOST = (0, 0, 0)          # lost before: dark

WOUND = (255, 0, 0)
BLOCKED = (255, 255, 255)
FIGHT = (255, 255, 255)
GHOST = (120, 160, 255)
PREVIEW = (255, 255, 255)

META_COLOUR = ((255, 255, 255), (170, 0, 255))   # A white, B violet (shown only to the owner, while looking)
DIR_COLOUR = ((0, 255, 0), (255, 80, 0))         # cw green, ccw orange

# The Dracula hunt (table/dracula_draw.py); hunters wear the FAMILY colours.
DR_ROOM = (45, 35, 70)       # a room of the map, nothing known about it
DR_CRYPT = (110, 110, 140)   # a crypt (playtest rules)
SUNLIGHT = (255, 225, 110)   # sunlight: a token on a room, a hunter's sunlight items
DRACULA = (255, 0, 110)      # Dracula: where he is known to be, his health
DR_POSSIBLE = (100, 0, 45)   # a room where he may be (shown while a hunter holds look)
STAKE = (150, 80, 20)        # a stake: one thrown, a hunter's stakes
GARLIC = CARD[6]             # garlic, the same colour as VampiRing's garlic card
DR_END = (255, 255, 255)     # the "end my turn" choice

MENU_FIELD = (255, 255, 255)
QUIT_ASK = (255, 255, 255)
RESUME_ASK = (0, 255, 80)
ERROR = (255, 0, 255)
OFF = (0, 0, 0)
