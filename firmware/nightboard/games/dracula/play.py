"""The Dracula hunt on a grid table: the active hunter's buttons, the animation, Dracula's turn.

Buttons of the hunter whose turn it is (docs/table.md): "mode" picks the next
action it may take (move, garlic, stake, sunlight, end the turn; classic:
rest for a stake or a sunlight), "move" puts the cursor on the next room that
action may target (its own room first, then the neighbours clockwise from the
top), "ok" does it. "look" (anyone, any time) is held to see the rooms where
Dracula may be and, on that hunter's panel, its sunlight instead of its
stakes. Presses of a hunter whose turn it is not are refused: its status
LEDs 2 and 3 blink magenta, and nothing changes.

After the last hunter's turn comes Dracula's: the board first holds one
unchanging picture ("night", 700 ms), decides his move during it, a budget
of work a frame from the hold's second frame on (table/thinking.py: no frame
holds more than a frame time of it), and plays it in the hold's PLAY_AT-th
frame whatever the time his thinking took (that time depends on his room,
so it must not show on the LEDs, in the events' timing or in the save's).
Then the table shows only the public events of his turn. The table draws a Scene filled from the hunters' view, never from his
room (D8). turns_done counts finished rounds; every event goes to `log` (the
table's EventLog) as it happens.
"""

from nightboard.games.dracula.state import HUNTERS, GameError
from nightboard.games.dracula import rules as R
from nightboard.table import palette as P
from nightboard.games.dracula.draw import KIND_COLOUR, Renderer
from nightboard.games.dracula.scene import DUR, NIGHT, Scene, Timeline
from nightboard.table.eventlog import EventLog
from nightboard.table.thinking import Thinking

KIND_ORDER = (R.MOVE, R.GARLIC, R.STAKE, R.SUN, R.END, R.REST_STAKE, R.REST_SUN)
REFUSED_MS = 600
PLAY_AT = 30  # the hold's frame (of about 43) in which his move is played: his longest thinking is ~12


def clock_key(dx, dy):
    """An integer that grows clockwise from straight up (y grows downwards); -1 for (0, 0)."""
    if dx == 0 and dy == 0:
        return -1
    if dx >= 0 and dy < 0:
        q, a, b = 0, dx, -dy
    elif dx > 0 and dy >= 0:
        q, a, b = 1, dy, dx
    elif dx <= 0 and dy > 0:
        q, a, b = 2, -dx, dy
    else:
        q, a, b = 3, -dy, -dx
    return q * 1001 + a * 1000 // (a + b)


def action_name(m, a):
    k = R.kind_of(a)
    if k == R.END or k == R.REST_SUN or k == R.REST_STAKE:
        return R.KINDS[k]
    return R.KINDS[k] + " " + m.name(R.room_of(a))


class DraculaPlay:
    PRIVATE_PANEL = ()  # a hunter's look shows only what every hunter knows (table/private.py)

    def __init__(self, layout, frame, game):
        self.layout = layout
        self.frame = frame
        self.game = game  # held to apply actions; everything shown comes from the hunters' view
        v = game.view()  # what the hunters (and everybody) may see
        self.scene = Scene(v, game.map)  # the map is public: the view's "map", already read
        self.draw = Renderer(layout, frame, self.scene)
        self._sync = self.sync  # bound once: the timeline calls it without allocating per frame
        seats = layout.max_players
        self.looking = bytearray(seats)
        self.refused_until = [0] * seats
        self.timeline = None
        self.t0 = 0
        self.night = False
        self.decided = False
        self.hold_frames = 0
        self.pending_night = not v["over"] and v["active"] is None
        self.kinds = []
        self.kind = 0
        self.kind_turn = -1  # the round * 8 + hunter whose turn self.kind belongs to
        self.targets = []
        self.target = 0
        self.here = 0
        self.log = EventLog()  # the table hands over its own
        self.turns_done = 0
        self.thinking = Thinking()
        self._next = None  # the view after a hunter's action: his successor's choices, made a frame later
        self._next_wait = False
        self.choices(v)

    # --- the active hunter's choice ---------------------------------------------------------

    def sync(self):
        self.scene.sync(self.game.view())

    def choices(self, v):
        """The kinds of action the active hunter may take, and the rooms of the chosen one (v: the hunters'
        view now)."""
        self.kinds = []
        self.targets = []
        active = v["active"]
        if v["over"] or active is None:
            self.kind = 0
            return
        self.here = v["positions"][active]
        legal = self.game.legal(active)
        for k in KIND_ORDER:
            for a in legal:
                if R.kind_of(a) == k:
                    self.kinds.append(k)
                    break
        now_turn = v["turn"] * 8 + active
        if self.kind_turn != now_turn:
            # A hunter's turn starts on moving, never on the previous hunter's last choice (an "end" there
            # would let one reflexive ok skip the turn).
            self.kind_turn = now_turn
            self.kind = 0
        if self.kind not in self.kinds:
            self.kind = R.MOVE if R.MOVE in self.kinds else self.kinds[0]
        self._targets(legal)

    def _targets(self, legal):
        m = self.scene.map
        here = self.here
        rooms = [R.room_of(a) for a in legal if R.kind_of(a) == self.kind]
        if self.kind in (R.END, R.REST_SUN, R.REST_STAKE):
            rooms = [here]
        hx, hy = m.x(here), m.y(here)
        rooms.sort(key=lambda r: clock_key(m.x(r) - hx, m.y(r) - hy))
        self.targets = rooms
        self.target = 0

    def chosen_action(self):
        if self.kind in (R.END, R.REST_SUN, R.REST_STAKE):
            return R.act(self.kind)
        return R.act(self.kind, self.targets[self.target])

    # --- input ---------------------------------------------------------------------------

    def press(self, player, role, now):
        g = self.game
        if role == "look":
            if player < len(self.looking):
                self.looking[player] = 1
            return
        sc = self.scene
        if sc.over or self.timeline is not None or self.pending_night or player >= sc.hunters:
            return
        if player != sc.active:
            self.refuse(player, now)
            return
        if role == "mode":
            i = self.kinds.index(self.kind)
            self.kind = self.kinds[(i + 1) % len(self.kinds)]
            self._targets(g.legal(player))
        elif role == "move" or role == "back":  # back: a long press of move, whose press stepped on
            self.target = (self.target + (1 if role == "move" else -2)) % len(self.targets)
        elif role == "ok":
            self.act(player, now)

    def release(self, player, role, now):
        if role == "look" and player < len(self.looking):
            self.looking[player] = 0

    def refuse(self, player, now):
        self.refused_until[player] = now + REFUSED_MS

    def play_action(self, seat, action, now):
        """Play `action` for hunter `seat` as its buttons would (the protocol's `act`, the tests: one name for
        every game's controller)."""
        self.act(seat, now, action)

    def act(self, h, now, action=None):
        g = self.game
        try:
            events = g.apply(h, self.chosen_action() if action is None else action)
        except GameError:
            self.refuse(h, now)
            return
        self._events(events)
        v = g.view()
        self.scene.sync(v)
        self.timeline = Timeline(events)
        self.t0 = now
        if v["over"]:
            self._round_done()
        elif v["active"] is None:
            self.pending_night = True
        # The next hunter's choices wait for the next frame: this one (the rules, the scene's sync, the
        # animation's set-up) was already the fullest of the turn on a Pico. Nothing shows them before:
        # the animation runs and presses wait for its end.
        self.kinds = []
        self.targets = []
        self._next = v
        self._next_wait = True

    def _settle(self):
        """Make the choices act() left for the next frame now (describe() may want them sooner)."""
        v = self._next
        if v is not None:
            self._next = None
            self.choices(v)

    def _events(self, events):
        self.log.extend(events)

    def _round_done(self):
        self.turns_done += 1

    # --- Dracula's turn ------------------------------------------------------------------

    def _start_night(self, now):
        self.pending_night = False
        self.night = True
        self.decided = False
        self.hold_frames = 0
        self.timeline = Timeline((), night=True)
        self.t0 = now

    def board_step(self, now, room):
        """The table's call before each frame it draws (docs/games.md): during his night's hold, from its
        second frame on, in a frame with room, a frame's worth of his thinking, or, in a frame that does
        not think, his move played: from the hold's PLAY_AT-th frame drawn on (or, should his thinking
        ever take longer, in the first frame with room after it is ready)."""
        if not (room and self.night and self.timeline is not None and self.hold_frames >= 1 and not self.decided):
            return
        g = self.game
        th = self.thinking
        if not th.busy:
            th.begin(g, g.hunters)  # his mind reads the hunters' view, his room and his own seed
        if not th.ready:
            th.step()
        elif self.hold_frames >= PLAY_AT:
            self._dracula(th.take())

    def _dracula(self, move):
        g = self.game
        events = g.apply(g.hunters, move)
        self.decided = True
        self._events(events)
        self.timeline.add(events)
        self._round_done()
        v = g.view()  # the scene takes it at the timeline's SYNC, after the hold
        if not v["over"] and v["active"] is None:
            self.pending_night = True  # every hunter misses this round: his turn again
        self.kinds = []  # the next hunter's choices: a frame later, as after a hunter's action
        self.targets = []
        self._next = v
        self._next_wait = True

    def animating(self):
        return self.timeline is not None or self.pending_night

    # --- drawing ---------------------------------------------------------------------------

    def render(self, now):
        if self._next is not None:
            if self._next_wait:
                self._next_wait = False
            else:
                self._settle()
        sc = self.scene
        if self.timeline is None and self.pending_night and not sc.over:
            self._start_night(now)
        step = None
        elapsed = 0
        tl = self.timeline
        if tl is not None:
            elapsed = now - self.t0
            if self.night:
                self.hold_frames += 1  # he thinks from the hold's second frame on (board_step)
            step = tl.current(elapsed, self._sync)
            if tl.done(elapsed) and (self.decided or not self.night):
                self.timeline = None
                self.night = False
                step = None
        steady = step is not None and step[0] == NIGHT
        dr = self.draw
        self.frame.clear()
        looking = False
        for p in range(len(self.looking)):
            if self.looking[p]:
                looking = True
        dr.draw_map(sc, now, looking, steady)
        dr.draw_strip(sc)
        for h in range(sc.hunters):
            dr.draw_panel(sc, h, self.looking[h])
            busy = self.timeline is not None or self.pending_night or sc.over
            kind = self.kind if (h == sc.active and not busy) else 0
            dr.draw_status(sc, h, now, steady, kind, now < self.refused_until[h])
        if step is not None:
            dr.draw_step(sc, step, elapsed, now)
        elif sc.over:
            dr.draw_end(sc, now)
        elif self.timeline is None and not self.pending_night and sc.active >= 0 and self.targets:
            h = sc.active
            c = P.SEAT[h] if self.kind == R.MOVE else KIND_COLOUR[self.kind]
            dr.cursor(self.targets[self.target], c, now)

    # --- text for the host ---------------------------------------------------------------

    def describe(self):
        self._settle()
        sc = self.scene
        m = sc.map
        lines = ["Dracula hunt, %s rules, level %d, round %d" % (sc.rules, sc.level, sc.turn)]
        if sc.over:
            lines.append("game over: %s; Dracula was in %s" % (
                "the hunters win" if sc.hunters_won else "Dracula wins", m.name(sc.dracula) if sc.dracula >= 0 else "?"))
        elif self.night or self.pending_night:
            lines.append("Dracula's turn")
        elif sc.active >= 0 and self.targets:
            a = self.chosen_action()
            lines.append("%s to play: %s (mode: action, move: room, ok: do it)" % (
                HUNTERS[sc.active], action_name(m, a)))
        health = "Dracula: health %d" % sc.health
        if sc.over:
            pass
        elif sc.known >= 0:
            health += ", known to be in %s" % m.name(sc.known)
        else:
            health += ", may be in %d rooms" % sum(sc.possible)
        lines.append(health)
        parts = []
        for h in range(sc.hunters):
            if not sc.alive[h]:
                parts.append("%s dead" % HUNTERS[h])
                continue
            s = "%s %s" % (HUNTERS[h], m.name(sc.pos[h]))
            if not sc.team:
                s += " lives %d" % sc.lives[h]
            s += " stakes %d sun %d" % (sc.stakes[h], sc.sun[h])
            if sc.skip[h]:
                s += " (bitten: misses this round)"
            parts.append(s)
        lines.append("; ".join(parts))
        if sc.team:
            lines.append("team lives %d, garlic left this round %d" % (sc.team_lives, sc.garlic_left))
        return lines


__all__ = ["DraculaPlay", "clock_key", "DUR"]
