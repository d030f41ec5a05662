"""The start menu, on the table's own lights and buttons.

Fields: the game, the number of players, then the game's own options (see
table/programs.py). Any player's "move" button picks the next field, "mode"
changes its value, "ok" starts. The ring is cut into one arc per field,
clockwise from card 0; the chosen field's arc pulses. Every arc shows a
number in white LEDs from its start (white: a choice you may make; a hue
would take a meaning of its own): the game's place in the list, the number
of players (and each seated player's panel lights in its colour), an
option's value (1 the first, its default).
"""

from nightboard.table import palette as P
from nightboard.table import programs
from nightboard.table.tablefit import ProfileError, check_players


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


def offered(profile):
    """The names of the programs a table with this profile can seat, in the index's order (every game's
    package is imported once to find out)."""
    return programs.fitting(lambda prog: bool(seats(profile, prog)))


class Menu:
    """`kept`: what a menu showed (kept()), for the menu made again when the table comes back from a game."""

    def __init__(self, layout, frame, profile, games=None, kept=None):
        self.layout = layout
        self.frame = frame
        self.profile = profile
        # The names of the programs this table can seat (`games`, as offered() found them at an earlier
        # boot, or found now); the facts of the one shown are in self.prog (a game's facts are read from
        # its package when it is shown, not kept for every game).
        names = programs.names()
        if games and all(n in names for n in games):
            self.progs = list(games)
        else:
            self.progs = offered(profile)
        self.prog = None
        self.field = 0
        self.game = 0
        if kept is not None and kept[0] in self.progs:
            self._return_to(kept)
        else:
            self._choose_game(0)

    def kept(self):
        """What the menu shows: (the game's name, the field, players, the options' values)."""
        return (self.prog["name"], self.field, self.players, bytes(self.values))

    def _return_to(self, kept):
        name, field, players, values = kept
        self.field = field
        self._choose_game(self.progs.index(name))
        if players in self.seats:
            self.players = players
        if len(values) == len(self.values):
            self.values[:] = values

    def _choose_game(self, k):
        self.game = k
        self.prog = prog = None  # the facts shown before are garbage before the next are read
        self.prog = prog = programs.find(self.progs[k])
        self.seats = seats(self.profile, prog)
        self.players = self.seats[0]
        self.values = bytearray(len(prog["options"]))
        self.fields = 2 + len(prog["options"])
        self._arc = self._arcs(prog)
        if self.field >= self.fields:
            self.field = 0

    def show(self, name):
        """Show the game `name` (one started from elsewhere: the host, a resumed save): the menu and the table
        then hold one copy of its facts, not also those of the game the menu showed before."""
        prog = self.prog
        if (prog is None or prog["name"] != name) and name in self.progs:
            self.prog = None
            self._choose_game(self.progs.index(name))

    def _arcs(self, prog):
        """Where each field's arc starts (in positions), the last entry the end: each arc long enough for
        the largest number it shows and a dark LED, the positions left over shared (evenly if they do not fit)."""
        n = self.layout.positions
        per = self.layout.leds_per_card
        f = self.fields
        need = [len(self.progs), self.seats[-1]] + [len(o[1]) for o in prog["options"]]
        gap = 1  # one dark LED after the largest number, so two full arcs never run together
        if sum((k + 1 + per - 1) // per for k in need) > n:
            gap = 0
        need = [(k + gap + per - 1) // per for k in need]
        spare = n - sum(need)
        if spare < 0:
            return [(i * n) // f for i in range(f + 1)]
        arc = [0]
        for i in range(f):
            arc.append(arc[i] + need[i] + spare * (i + 1) // f - spare * i // f)
        return arc

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
                lit = self.game + 1
            elif field == 1:
                lit = self.players
            else:
                lit = self.values[field - 2] + 1
            for j in range(first, last):
                c = P.MENU_FIELD if j - first < lit else P.OFF
                if field == self.field and not pulse:
                    fr.set(lay.ring_led(j), c[0] >> 3, c[1] >> 3, c[2] >> 3)
                else:
                    fr.set(lay.ring_led(j), c[0], c[1], c[2])
        for p in range(lay.max_players):
            col = P.SEAT[p] if p < self.players else P.OFF
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
