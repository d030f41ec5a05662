"""Draws the Dracula hunt (a Scene, public facts only) on a grid table's LEDs.

Colours by meaning (table/palette.py). The map sits centred on the grid, one
cell per room. A room is dim unseen lavender (a crypt half white under the
playtest rules), holy warm white while sunlit, Dracula's rose (a vampire)
while the hunters know he is there (and at the end), dim rose while a hunter
holds look and he may be there. A hunter shows in its colour in its room;
when a room holds several things they take turns every half second. Beside
the map (the first free row or column): Dracula's health in rose, and under
the classic rules the team's lives (rose: blood) and the round's garlic
(lime). Each hunter's panel: blood LEDs = lives (rose) then stakes (orchid),
or lives then sunlight while it holds look (classic: no lives there, the
team's are on the grid); status LEDs: 1 the hunter's colour (blinking: its
turn, alternating with half rose: the round after a bite, dark: dead), 2 the action it
is choosing, 3 white when that action is a rest; 2 and 3 blink magenta when
a press is refused. Nothing here allocates per frame.
"""

from array import array

from nightboard.table import palette as P
from nightboard.games.dracula import scene as S
from nightboard.table.layout import STATUS_AT

# The hunt's own colours (hunters wear the seats' colours; shared meanings are in palette.py).
DR_ROOM = P.PLAIN                  # a room of the map, nothing known about it
DR_CRYPT = P.dim(P.TABLE, 1)       # a crypt (playtest rules): a brighter plain room
SUNLIGHT = P.HOLY                  # sunlight: a token on a room, a hunter's sunlight items
DRACULA = P.BLOOD                  # Dracula: where he is known to be, his health
DR_POSSIBLE = P.dim(P.BLOOD, 2)    # a room where he may be (shown while a hunter holds look)
STAKE = P.WEAPON                   # a stake: one thrown, a hunter's stakes
DR_END = P.TABLE                   # the "end my turn" choice

CYCLE_MS = 500
HEALTH_MAX = 9

KIND_COLOUR = (None, None, P.GARLIC, SUNLIGHT, STAKE, DR_END, SUNLIGHT, STAKE)  # by action kind


def fit_map(layout, m):
    """(x0, y0) where the map's top-left cell goes on the grid; ValueError if it does not fit."""
    if layout.kind != "grid":
        raise ValueError("the Dracula hunt needs a grid table; %s is a ring" % layout.name)
    if m.width > layout.width or m.height > layout.height:
        raise ValueError("a %dx%d map does not fit the %dx%d grid of table %s"
                         % (m.width, m.height, layout.width, layout.height, layout.name))
    return (layout.width - m.width) // 2, (layout.height - m.height) // 2


def strips(gw, gh, x0, y0, w, h):
    """Free lines of cells around the map, best first: the rows just above and below it, the columns
    right and left of it, then the rows and columns further out. Each is a list of (x, y)."""
    out = []
    for y in (y0 - 1, y0 + h):
        if 0 <= y < gh:
            out.append([(x, y) for x in range(x0, x0 + w)])
    for x in (x0 + w, x0 - 1):
        if 0 <= x < gw:
            out.append([(x, y) for y in range(y0, y0 + h)])
    for y in (y0 - 2, y0 + h + 1):
        if 0 <= y < gh:
            out.append([(x, y) for x in range(x0, x0 + w)])
    return out


class Renderer:
    def __init__(self, layout, frame, scene):
        m = scene.map
        self.layout = layout
        self.frame = frame
        self.map = m
        n = m.n
        x0, y0 = fit_map(layout, m)
        self.room_led = array("H", [layout.cell_led(x0 + m.x(r), y0 + m.y(r)) for r in range(n)])
        self._room_at = array("H", [3 * led for led in self.room_led])  # byte offsets, for Frame.put
        self.crypt = bytearray(n)
        if scene.crypts_on:
            for r in range(n):
                self.crypt[r] = 1 if m.is_crypt(r) else 0
        lines = strips(layout.width, layout.height, x0, y0, m.width, m.height)
        want = [("health", 3)]
        if scene.team:
            want.append(("lives", scene.team_lives))
            want.append(("garlic", scene.garlic_pool))
        self.health_led = array("H")
        self.lives_led = array("H")
        self.garlic_led = array("H")
        used = 0
        for name, k in want:
            while used < len(lines) and len(lines[used]) < k:
                used += 1
            if used >= len(lines):
                break  # no room left: it is told on the panels' look and by describe()
            cells = lines[used]
            first = (len(cells) - k) // 2
            leds = array("H", [layout.cell_led(cells[first + i][0], cells[first + i][1]) for i in range(k)])
            if name == "health":
                self.health_led = leds
            elif name == "lives":
                self.lives_led = leds
            else:
                self.garlic_led = leds
            used += 1
        self._count = bytearray(n)
        self.players = layout.max_players

    # --- pieces ------------------------------------------------------------------------

    def room(self, r, c):
        self.frame.put(self._room_at[r], c)

    def _nth(self, sc, r, k):
        for h in range(sc.hunters):
            if sc.alive[h] and sc.pos[h] == r:
                if k == 0:
                    return h
                k -= 1
        return 0

    def base(self, sc, r, looking):
        """The colour of a room before the hunters in it (a plain room or crypt, or something special)."""
        if sc.over and r == sc.dracula:
            return DRACULA
        if sc.known == r:
            return DRACULA
        if sc.sunlit[r]:
            return SUNLIGHT
        if looking and sc.possible[r] and not sc.over:
            return DR_POSSIBLE
        if self.crypt[r]:
            return DR_CRYPT
        return DR_ROOM

    def draw_map(self, sc, now, looking, steady):
        cnt = self._count
        for r in range(sc.n):
            cnt[r] = 0
        for h in range(sc.hunters):
            if sc.alive[h]:
                cnt[sc.pos[h]] += 1
        phase = 0 if steady else now // CYCLE_MS
        for r in range(sc.n):
            col = self.base(sc, r, looking)
            k = cnt[r]
            if k == 0:
                self.room(r, col)
                continue
            items = k + (0 if col is DR_ROOM or col is DR_CRYPT else 1)  # a special room takes turns too
            slot = phase % items
            if slot < k:
                self.room(r, P.SEAT[self._nth(sc, r, slot)])
            else:
                self.room(r, col)

    def draw_strip(self, sc):
        fr = self.frame
        leds = self.health_led
        for i in range(len(leds)):
            c = DRACULA if i < sc.health else P.OFF
            fr.set(leds[i], c[0], c[1], c[2])
        leds = self.lives_led
        for i in range(len(leds)):
            c = P.BLOOD_HELD if i < sc.team_lives else P.OFF
            fr.set(leds[i], c[0], c[1], c[2])
        leds = self.garlic_led
        for i in range(len(leds)):
            c = P.GARLIC if i < sc.garlic_left else P.OFF
            fr.set(leds[i], c[0], c[1], c[2])

    def draw_panel(self, sc, h, look):
        """Lives then stakes (or sunlight while looking) on the blood LEDs."""
        fr = self.frame
        at = self.layout.panel_at[h]
        lives = sc.lives[h] if sc.alive[h] else 0
        items = sc.sun[h] if look else sc.stakes[h]
        item_col = SUNLIGHT if look else STAKE
        if not sc.alive[h]:
            items = 0
        for k in range(self.layout.blood_count):
            if k < lives:
                c = P.BLOOD_HELD
            elif k < lives + items:
                c = item_col
            else:
                c = P.OFF
            fr.put(at + 3 * k, c)

    def status(self, h, k, c):
        self.frame.put(self.layout.panel_at[h] + STATUS_AT + 3 * k, c)

    def draw_status(self, sc, h, now, steady, kind, refused):
        """LED 1: the hunter; LED 2: the action being chosen (kind, 0 none); LED 3: white for a rest."""
        col = P.SEAT[h]
        if not sc.alive[h]:
            self.status(h, 0, P.OFF)
        elif steady:
            self.status(h, 0, col)
        elif sc.active == h:
            self.status(h, 0, col if (now // 400) % 2 == 0 else P.OFF)
        elif sc.skip[h]:
            self.status(h, 0, col if (now // 600) % 2 == 0 else P.WOUND)
        else:
            self.status(h, 0, col)
        if refused and not steady:
            c = P.ERROR if (now // 100) % 2 == 0 else P.OFF
            self.status(h, 1, c)
            self.status(h, 2, c)
            return
        if kind:
            c = KIND_COLOUR[kind] if kind != 1 else col
            self.status(h, 1, c)
            self.status(h, 2, DR_END if kind >= 6 else P.OFF)
        else:
            self.status(h, 1, P.OFF)
            self.status(h, 2, P.OFF)

    def cursor(self, r, c, now):
        """The chosen room flickers between the action's colour and half white."""
        if (now // 150) % 2 == 0:
            self.room(r, c)
        else:
            w = DR_END
            self.frame.set(self.room_led[r], w[0] >> 1, w[1] >> 1, w[2] >> 1)

    # --- the animation of events ---------------------------------------------------------

    def draw_step(self, sc, st, elapsed, now):
        kind = st[0]
        local = elapsed - st[1]
        on = (local // 100) % 2 == 0
        a = st[3]
        if kind == S.MOVE:
            if on:
                self.room(st[4], P.SEAT[a])
        elif kind == S.GARLIC:
            self.room(a, P.GARLIC if on else P.OFF)
        elif kind == S.FOUND:
            self.room(a, DRACULA if on else DR_END)
        elif kind == S.EMPTY:
            self.room(a, P.OFF)
        elif kind == S.SUN:
            self.room(a, SUNLIGHT if on else P.OFF)
        elif kind == S.STAKE:
            self.room(a, STAKE if on else P.OFF)
        elif kind == S.HIT:
            self.room(a, DRACULA if on else P.WOUND)
            k = st[4]
            if k < len(self.health_led):
                c = P.WOUND if on else P.OFF
                self.frame.set(self.health_led[k], c[0], c[1], c[2])
        elif kind == S.REST:
            lay = self.layout
            c = (STAKE if st[4] else SUNLIGHT) if on else P.OFF
            for k in range(lay.blood_count):
                self.frame.put(lay.panel_at[a] + 3 * k, c)
        elif kind == S.SKIP:
            self.status(a, 0, P.WOUND if on else P.OFF)
        elif kind == S.CRYPT_FROM or kind == S.CRYPT_TO:
            self.room(a, DRACULA if on else P.OFF)
        elif kind == S.BITE:
            self.room(st[4], DRACULA if on else P.WOUND)
            if not sc.team:
                k = sc.lives[a]
                if k < self.layout.blood_count:
                    self.frame.put(self.layout.panel_at[a] + 3 * k, P.WOUND if on else P.OFF)
            else:
                k = sc.team_lives
                if k < len(self.lives_led):
                    c = P.WOUND if on else P.OFF
                    self.frame.set(self.lives_led[k], c[0], c[1], c[2])
        elif kind == S.DEAD:
            c = P.SEAT[a] if on else P.OFF
            lay = self.layout
            for k in range(lay.blood_count):
                self.frame.put(lay.panel_at[a] + 3 * k, c)
        elif kind == S.SUNSET:
            rooms = a
            shift = 1 + local * 4 // S.DUR[S.SUNSET]
            c = SUNLIGHT
            for i in range(len(rooms)):
                self.frame.set(self.room_led[rooms[i]], c[0] >> shift, c[1] >> shift, c[2] >> shift)

    def draw_end(self, sc, now):
        """Hunters won: his room flashes; Dracula won: every room pulses his colour around his own."""
        on = (now // 250) % 2 == 0
        if sc.hunters_won:
            if sc.dracula >= 0:
                self.room(sc.dracula, DRACULA if on else DR_END)
            return
        shift = 2 + (now // 300) % 2
        c = DRACULA
        for r in range(sc.n):
            if r != sc.dracula and self._count[r] == 0:
                self.frame.set(self.room_led[r], c[0] >> shift, c[1] >> shift, c[2] >> shift)
        if sc.dracula >= 0:
            self.room(sc.dracula, DRACULA)
