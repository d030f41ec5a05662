"""The table's colours: one fixed meaning per colour across every mode and every game.

Colours are logical (full scale); gamma, brightness and the current limit are
applied by the encoder. The seats' colours are here, with the colours whose
meaning is shared by games (blood, a wound, garlic) and by the table's own
screens; a game's own colours live in its renderer (table/<game>_draw.py) and
take none of these meanings.
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

BLOOD_HELD = (200, 0, 0)        # blood (lives, drops) still held
WOUND = (255, 0, 0)             # a wound, a bite
GARLIC = (150, 255, 60)         # garlic, in every game: pale lime

MENU_FIELD = (255, 255, 255)
QUIT_ASK = (255, 255, 255)
RESUME_ASK = (0, 255, 80)
ERROR = (255, 0, 255)
OFF = (0, 0, 0)
