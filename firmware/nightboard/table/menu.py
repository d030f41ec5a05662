"""The start menu, on the table's own lights and buttons.

Fields: the game, the number of players, then the game's own options (see
table/programs.py). Any player's "move" button picks the next field, "mode"
changes its value, "ok" starts. The ring is cut into one arc per field,
clockwise from card 0; the chosen field's arc pulses. The game's arc shows
the game's colour; the players' arc lights one LED per player (and each seated
player's panel lights in its colour); an option's arc shows which of its
values is chosen: the first white, the second purple, the third cyan, the
fourth orange.
"""

from nightboard.table import palette as P
from nightboard.table import programs
from nightboard.table.tablefit import ProfileError, check_players

VALUE_COLOUR = ((255, 255, 255), (170, 0, 255), (0, 200, 200), (255, 80, 0))


def seats(profile, prog):
    """The player counts this table can seat for a program, in order."""
    out = []
    lo, hi = prog["players"]
    if prog.get("kind") == "tool":  # a tool (the self-test) needs no ring of cards
        return list(range(lo, min(hi, profile["max_players"]) + 1))
    for n in range(lo, hi + 1):
        try:
            check_players(profile, prog, n)
            out.append(n)
        except ProfileError:
            pass
    return out


class Menu:
    def __init__(self, layout, frame, profile):
        self.layout = layout
        self.frame = frame
        self.profile = profile
        # The names of the programs this table can seat; the facts of the one shown are in self.prog (a
        # game's facts are read from its package when it is shown, not kept for every game).
        self.progs = [n for n in programs.names() if seats(profile, programs.find(n))]
        self.prog = None
        self.field = 0
        self.game = 0
        self._choose_game(0)

    def _choose_game(self, k):
        self.game = k
        self.prog = prog = None  # the facts shown before are garbage before the next are read
        self.prog = prog = programs.find(self.progs[k])
        self.seats = seats(self.profile, prog)
        self.players = self.seats[0]
        self.values = bytearray(len(prog["options"]))
        self.fields = 2 + len(prog["options"])
        n = self.layout.positions
        self._arc = [(i * n) // self.fields for i in range(self.fields + 1)]
        if self.field >= self.fields:
            self.field = 0

    def show(self, name):
        """Show the game `name` (one started from elsewhere: the host, a resumed save): the menu and the table
        then hold one copy of its facts, not also those of the game the menu showed before."""
        prog = self.prog
        if (prog is None or prog["name"] != name) and name in self.progs:
            self.prog = None
            self._choose_game(self.progs.index(name))

    def press(self, role):
        """Returns the start options when "ok" starts a game, else None."""
        if role == "move":
            self.field = (self.field + 1) % self.fields
        elif role == "mode":
            if self.field == 0:
                self._choose_game((self.game + 1) % len(self.progs))
            elif self.field == 1:
                i = self.seats.index(self.players)
                self.players = self.seats[(i + 1) % len(self.seats)]
            else:
                k = self.field - 2
                self.values[k] = (self.values[k] + 1) % len(self.prog["options"][k][1])
        elif role == "ok":
            return self.options()
        return None

    def options(self):
        prog = self.prog
        out = {"game": prog["name"], "players": self.players}
        opts = prog["options"]
        for k in range(len(opts)):
            out[opts[k][0]] = opts[k][1][self.values[k]]
        return out

    def render(self, now):
        fr = self.frame
        lay = self.layout
        fr.clear()
        pulse = (now // 300) % 2 == 0
        per = lay.leds_per_card
        for field in range(self.fields):
            first = self._arc[field] * per
            last = self._arc[field + 1] * per
            if field == 0:
                col = self.prog["colour"]
            elif field == 1:
                col = P.FAMILY[5]
            else:
                col = VALUE_COLOUR[self.values[field - 2] % len(VALUE_COLOUR)]
            for j in range(first, last):
                c = col
                if field == 1 and j - first >= self.players:
                    c = P.OFF
                if field == self.field and not pulse:
                    fr.set(lay.ring_led(j), c[0] >> 3, c[1] >> 3, c[2] >> 3)
                else:
                    fr.set(lay.ring_led(j), c[0], c[1], c[2])
        for p in range(lay.max_players):
            col = P.FAMILY[p] if p < self.players else P.OFF
            fr.set(lay.status_led(p, 0), col[0], col[1], col[2])

    def describe(self):
        o = self.options()
        prog = self.prog
        parts = ["game %s" % prog["title"], "players %d" % o["players"]]
        for name, _values in prog["options"]:
            v = o[name]
            parts.append("%s %s" % (name, ("on" if v else "off") if v is True or v is False else v))
        parts[self.field] = ">" + parts[self.field]
        return ["start menu (move: next field, mode: change, ok: start)", "  ".join(parts)]
