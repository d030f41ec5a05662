"""What the Dracula table shows, copied from the hunters' view only, and the animation of events.

A Scene holds the public picture of the game in preallocated arrays: where
the hunters stand, their lives and items, the sunlight, the rooms Dracula may
be in, his health. It copies exactly the fields of the hunters' view
(`game.view()`, handed over by the controller), which never holds his room until a rule reveals it (D8), so
nothing the table draws can depend on where he hides (the tests compare the
two, and compare tables that differ only in his room).

A Timeline turns the public events of one action (or of Dracula's turn) into
overlay steps (kind, start_ms, duration_ms, a, b); it is built once per
action and playing it allocates nothing per frame. A SYNC step has the
controller copy the hunters' view into the scene when it is reached (used after the "night"
hold, during which the picture must not change).
"""

MOVE = 1
GARLIC = 2
FOUND = 3
EMPTY = 4
SUN = 5
STAKE = 6
HIT = 7
REST = 8
SKIP = 9
NIGHT = 10
CRYPT_FROM = 11
CRYPT_TO = 12
BITE = 13
DEAD = 14
SUNSET = 15
SYNC = 16

DUR = {MOVE: 300, GARLIC: 600, FOUND: 1200, EMPTY: 350, SUN: 500, STAKE: 600, HIT: 1200, REST: 500, SKIP: 800,
       NIGHT: 700, CRYPT_FROM: 600, CRYPT_TO: 800, BITE: 1100, DEAD: 1000, SUNSET: 600, SYNC: 0}


class Scene:
    """Public arrays for the renderer; sized for one game. Filled from the hunters' view only."""

    def __init__(self, view, m):
        from nightboard.games.dracula.state import RULESETS

        spec = RULESETS[view["rules"]]
        self.map = m  # the map everybody sees (the view's "map", already read)
        self.n = m.n
        self.hunters = view["hunters"]
        self.rules = view["rules"]
        self.level = view["level"]
        self.team = spec["team_lives"] > 0
        self.crypts_on = spec["crypts"]
        self.garlic_pool = spec["garlic"]
        h = self.hunters
        self.pos = bytearray(h)
        self.lives = bytearray(h)
        self.stakes = bytearray(h)
        self.sun = bytearray(h)
        self.alive = bytearray(h)
        self.skip = bytearray(h)
        self.sunlit = bytearray(self.n)
        self.possible = bytearray(self.n)
        self.known = -1  # the room he is known to be in (one possible room), else -1
        self.health = 0
        self.team_lives = 0
        self.garlic_left = 0
        self.active = -1
        self.over = False
        self.hunters_won = False
        self.dracula = -1  # shown at the end only (D8)
        self.turn = 1
        self.sync(view)

    def sync(self, v):
        """Copy the hunters' view (game.view(): his room only once the game is over, D8) into the arrays."""
        h = self.hunters
        turn = v["turn"]
        for i in range(h):
            self.pos[i] = v["positions"][i]
            self.stakes[i] = v["stakes"][i]
            self.sun[i] = v["sun"][i]
            # bitten in his last turn: misses its turn this round and cannot be bitten in his next (D6)
            b = v["bitten"][i]
            self.skip[i] = 1 if b > 0 and b == turn - 1 else 0
            self.lives[i] = 0 if self.team else v["lives"][i]
            self.alive[i] = 1 if self.team or v["lives"][i] > 0 else 0
        for r in range(self.n):
            self.sunlit[r] = 0
            self.possible[r] = 0
        rooms = v["possible"]
        for r in rooms:
            self.possible[r] = 1
        self.known = rooms[0] if len(rooms) == 1 else -1
        for s in v["sunlight"]:
            self.sunlit[s[0]] = 1
        self.health = v["health"]
        self.team_lives = v["team_lives"] or 0
        self.garlic_left = v["garlic_left"] or 0
        self.over = v["over"]
        self.active = v["active"] if v["active"] is not None and not self.over else -1
        self.hunters_won = v["winner"] == "hunters"
        self.dracula = v["dracula"] if self.over else -1
        self.turn = turn


class Timeline:
    """Overlay steps from public events; `night` starts with the constant hold and a SYNC after it."""

    def __init__(self, events, night=False):
        self.steps = []
        t = 0
        if night:
            self.steps.append((NIGHT, 0, DUR[NIGHT], 0, 0))
            t = DUR[NIGHT]
            self.steps.append((SYNC, t, 0, 0, 0))
        self.t = t
        self.add(events)
        self.next = 0

    def _step(self, kind, a=0, b=0):
        self.steps.append((kind, self.t, DUR[kind], a, b))
        self.t += DUR[kind]

    def add(self, events):
        """Append the steps of more events (Dracula's turn, once decided, after the hold)."""
        for e in events:
            k = e["e"]
            if k == "move":
                self._step(MOVE, e["hunter"], e["to"])
            elif k == "garlic":
                self._step(GARLIC, e["room"])
                self._step(FOUND if e["found"] else EMPTY, e["room"])
            elif k == "sun":
                self._step(SUN, e["room"])
            elif k == "stake":
                self._step(STAKE, e["room"])
                self._step(HIT if e["hit"] else EMPTY, e["room"], e["health"])
            elif k == "rest":
                self._step(REST, e["hunter"], 1 if e["item"] == "stake" else 0)
            elif k == "skip":
                self._step(SKIP, e["hunter"])
            elif k == "crypt":
                self._step(CRYPT_FROM, e["from"])
                self._step(CRYPT_TO, e["to"])
            elif k == "bite":
                self._step(BITE, e["hunter"], e["room"])
            elif k == "dead":
                self._step(DEAD, e["hunter"])
            elif k == "sunset":
                self._step(SUNSET, e["rooms"])
        self.length = self.t

    def current(self, elapsed, sync):
        """Call sync() at the SYNC steps passed by `elapsed`; return the overlay step playing now, or None."""
        steps = self.steps
        while self.next < len(steps):
            st = steps[self.next]
            if elapsed < st[1] + st[2]:
                return st if elapsed >= st[1] else None
            if st[0] == SYNC:
                sync()
            self.next += 1
        return None

    def done(self, elapsed):
        return elapsed >= self.length and self.next >= len(self.steps)
