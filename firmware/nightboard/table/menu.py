"""The start menu, on the table's own lights and buttons.

Four fields: the game, the number of players, the variant, the preview.
Any player's "move" button picks the next field, "mode" changes its value,
"ok" starts the game. The ring is cut into four arcs, one per field, in that
order clockwise from card 0; the chosen field's arc pulses. Each arc shows its
value: the game by its colour (VampiRing red), the players as that many lit
LEDs (and each seated family's panel lights in its colour), the variant white
for Castle and purple for Mansion, the preview green when on, dark red when off.
"""

from nightboard.table import palette as P
from nightboard.table.profile import ProfileError, check_players

GAMES = ("vampiring",)
GAME_COLOUR = ((255, 0, 0),)
VARIANTS = ("castle", "mansion")
VARIANT_COLOUR = ((255, 255, 255), (170, 0, 255))
PREVIEW_COLOUR = ((120, 0, 0), (0, 255, 0))
FIELDS = ("game", "players", "variant", "preview")


def max_players_for(profile, game):
    """The most players this table can seat for `game`."""
    best = 0
    for n in range(2, 7):
        try:
            check_players(profile, game, n)
            best = n
        except ProfileError:
            pass
    return best


class Menu:
    def __init__(self, layout, frame, profile):
        self.layout = layout
        self.frame = frame
        self.profile = profile
        self.field = 0
        self.game = 0
        self.max_players = max_players_for(profile, GAMES[0])
        self.players = 2
        self.variant = 0
        self.preview = 1
        n = layout.positions
        self._arc = [(k * n) // 4 for k in range(5)]

    def press(self, role):
        """Returns the start options when "ok" starts a game, else None."""
        if role == "move":
            self.field = (self.field + 1) % len(FIELDS)
        elif role == "mode":
            f = FIELDS[self.field]
            if f == "game":
                self.game = (self.game + 1) % len(GAMES)
            elif f == "players":
                self.players = self.players + 1 if self.players < self.max_players else 2
            elif f == "variant":
                self.variant ^= 1
            else:
                self.preview ^= 1
        elif role == "ok":
            return self.options()
        return None

    def options(self):
        return {"game": GAMES[self.game], "players": self.players, "variant": VARIANTS[self.variant],
                "preview": self.preview == 1}

    def _arc_leds(self, field):
        lay = self.layout
        return self._arc[field] * lay.leds_per_card, self._arc[field + 1] * lay.leds_per_card

    def render(self, now):
        fr = self.frame
        lay = self.layout
        fr.clear()
        pulse = (now // 300) % 2 == 0
        for field in range(4):
            first, last = self._arc_leds(field)
            if field == 0:
                col = GAME_COLOUR[self.game]
            elif field == 2:
                col = VARIANT_COLOUR[self.variant]
            elif field == 3:
                col = PREVIEW_COLOUR[self.preview]
            else:
                col = P.FAMILY[5]
            for j in range(first, last):
                c = col
                if field == 1 and j - first >= self.players:
                    c = (0, 0, 0)
                if field == self.field and not pulse:
                    fr.set(lay.ring_led(j), c[0] >> 3, c[1] >> 3, c[2] >> 3)
                else:
                    fr.set(lay.ring_led(j), c[0], c[1], c[2])
        for p in range(lay.max_players):
            col = P.FAMILY[p] if p < self.players else (0, 0, 0)
            fr.set(lay.status_led(p, 0), col[0], col[1], col[2])

    def describe(self):
        marks = ["", "", "", ""]
        marks[self.field] = ">"
        o = self.options()
        return ["start menu (move: next field, mode: change, ok: start)",
                "%sgame %s  %splayers %d  %svariant %s  %spreview %s" % (
                    marks[0], o["game"], marks[1], o["players"], marks[2], o["variant"], marks[3],
                    "on" if o["preview"] else "off")]
