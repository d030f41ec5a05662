"""VampEmpire on a grid table: the 8x8 grid read as a hex map (odd rows half a cell to the right on the
printed overlay), the seat to move's buttons, and its panel (docs/table.md, "VampEmpire"). While the seats
choose their vampires (T1, public), the blood LEDs show them steadily, 1 to 4 lights (Baroness, Tyrant,
Feathered One, Beast): white the one on offer to the seat choosing, a seat's colour the one it has taken.
In play they show in turn, a second each, a seat's soul, its bodies and its vampire (in its colour).

Buttons of the seat to move: "mode" picks the next kind of action it may take (in the order of KINDS),
"move" the next action of that kind (its target hex blinks white on the map, a target seat's third
status LED blinks white), "ok" does it. "look" (anyone, any time) is held to see one's own rituals on
one's own panel. The board plays the last seats if the game says so (option "board"), one action every
BOARD_MS, from each seat's own view; it thinks over several frames meanwhile (table/thinking.py), a few
pieces of work a frame, and plays once both the time and its choice are there. A press of a seat that is not to move (or that the board plays) is refused: its status LEDs 2 and 3 blink
magenta and nothing changes. The map and the panels are filled from the public view; a hand is read
from its own seat's view only, while that seat holds look. turns_done counts applied actions (the table
saves after each). The pictures are made when the game changes; a frame only copies them. A person's
choices after an action are listed in a later frame of their own (board_step), so that the frame of the
action does the rules and the pictures only.

Animations show what an action did, from its public events only: a move (or a route journey), a suck,
an overtake, a ritual (or an intercept), a present that triggers, a vampire slowed by the Beast. Each is
ANIM_MS long, one after the other, drawn over the idle picture from integers kept in self.steps (no heap
per frame); then the idle picture is back. The board's seats wait for the end of an animation.
"""

from nightboard.games.vampempire.actions import split
from nightboard.games.vampempire import actions as A
from nightboard.games.vampempire import pieces as R
from nightboard.table import palette as P
from nightboard.table.eventlog import EventLog
from nightboard.table.layout import STATUS_AT
from nightboard.table.thinking import Thinking

CYCLE_MS = 500
REFUSED_MS = 600
BOARD_MS = 400  # the board plays its seats one action at a time, slowly enough to follow
SIDE = 8
# Colours of this game by meaning (table/palette.py): a community's type at a full die.
TYPE_COLOUR = (P.WILD, P.MORTAL, P.GOLD, P.HOLY)  # village, town, city (riches), cathedral
VATICAN = P.HOLY
ROUTE = P.TRAVEL
PRESENT = P.MAGIC
SOUL = P.BLOOD_HELD
SOUL_HIGH = P.TABLE
BODY = P.MORTAL
# action points 0..5 on status LED 2: white, brighter the more (4 and 5 alike)
AP_COLOUR = (P.OFF, P.scale(P.TABLE, 100), P.scale(P.TABLE, 150), P.scale(P.TABLE, 200), P.TABLE, P.TABLE)
RITUAL_COLOUR = {R.BUFF: P.MAGIC, R.ATTACK: P.BLOOD}
CURSOR = P.TABLE
OFF = P.OFF
ANIM_MS = 600  # one animation step
FLASH_MS = 100  # its flashes
MAX_STEPS = 4
# Animation steps: (what, a, b, c) in self.steps (docs/table.md, "VampEmpire": animations)
AN_MOVE = 1  # a seat, from hex, to hex: its colour left dim where it was, blinking where it lands
AN_SUCK = 2  # a seat, hex: the community flashes blood (rose)
AN_OVERTAKE = 3  # a seat, hex: the community flashes white and the seat's colour
AN_RITUAL = 4  # a seat, ritual type (0 buff, 1 attack), target (0 none, 1.. a seat + 1, 10.. a hex + 10)
AN_PRESENT = 5  # a seat, hex: the present flashes sky blue and that seat's colour
AN_SLOWED = 6  # a seat, by seat: its blood LEDs flash the Beast's seat colour
ANIMATED = {"move": AN_MOVE, "travel": AN_MOVE, "suck": AN_SUCK, "overtake": AN_OVERTAKE, "ritual": AN_RITUAL,
            "intercept": AN_RITUAL, "present": AN_PRESENT, "slowed": AN_SLOWED}
KINDS = (A.CHOOSE, A.PASS, A.OFFER, A.GIVE, A.WANT, A.ACCEPT, A.REFUSE, A.MOVE, A.SUCK, A.OVERTAKE, A.RITUAL,
         A.DISCARD, A.ROUTE, A.UNROUTE, A.TRAVEL, A.MANIPULATE, A.RUMMAGE, A.INTERCEPT, A.LET, A.END)
KIND_COLOUR = {A.MOVE: None, A.SUCK: P.BLOOD_HELD, A.OVERTAKE: P.TABLE, A.RITUAL: RITUAL_COLOUR[R.BUFF],
               A.DISCARD: BODY, A.ROUTE: ROUTE, A.UNROUTE: ROUTE, A.TRAVEL: ROUTE, A.MANIPULATE: P.dim(P.MAGIC, 1),
               A.RUMMAGE: P.dim(PRESENT, 2), A.OFFER: P.GOLD, A.GIVE: P.GOLD, A.WANT: P.GOLD, A.PASS: P.PLAIN,
               A.ACCEPT: P.SAFE, A.REFUSE: P.ERROR, A.INTERCEPT: P.WARD, A.LET: P.PLAIN, A.END: P.PLAIN,
               A.CHOOSE: P.TABLE}


# A ritual in a hand: its type's colour, and its place among the rituals of that type in the deck's table
# (pieces.KINDS: Bat Form 1, Bloodflies 2, ..., Blood Tithe 1, Silver Chains 2, ...): as many lights lit on a
# hand panel, as brightness on a small panel. Worked out once from the deck's data.
NTH = tuple(1 + len([j for j in range(k) if R.KINDS[j][1] == R.KINDS[k][1]]) for k in range(len(R.KINDS)))
NTH_MOST = max(NTH)


def _dim(c, num, den):
    return (c[0] * num // den, c[1] * num // den, c[2] * num // den)


# 8 LEDs lit in a colour, then 8 dark: bar[24 - 3 * n:48 - 3 * n] is a row of blood LEDs with the first n lit,
# copied in C rather than drawn LED by LED
SOUL_BAR = bytes(tuple(SOUL) * 8 + tuple(OFF) * 8)
BODY_BAR = bytes(tuple(BODY) * 8 + tuple(OFF) * 8)


class VampEmpirePlay:
    # The panel LEDs that carry a looking seat's own view (table/private.py: dark on every public surface):
    # its hand on the blood LEDs and its choice on status LED 3; none on a table with hand panels.
    PRIVATE_PANEL = (0, 1, 2, 3, 4, 5, 6, 7, 10)
    PRIVATE_PANEL_HANDS = ()
    def __init__(self, layout, frame, game):
        if layout.kind != "grid" or layout.width < SIDE or layout.height < SIDE:
            raise ValueError("VampEmpire needs a grid table of at least 8x8 cells; %s is not one" % layout.name)
        self.layout = layout
        self.frame = frame
        self.game = game
        n = layout.max_players
        self.looking = bytearray(n)
        self.refused_until = [0] * n
        self.log = EventLog()
        self.turns_done = 0
        self.cells = [layout.cell_led(h % SIDE, h // SIDE) * 3 for h in range(SIDE * SIDE)]
        self.maps = (bytearray(3 * SIDE * SIDE), bytearray(3 * SIDE * SIDE))
        self.panels = [(bytearray(24), bytearray(24), bytearray(9)) for _ in range(n)]  # soul, bodies, status
        # slices of the status pictures made once, so that a frame allocates nothing
        self.views = [(memoryview(p[2])[0:3], memoryview(p[2])[3:6]) for p in self.panels]
        self.moving = bytearray(n)
        self.hands = [bytearray(24) for _ in range(n)]
        self.influence = [bytearray(16) for _ in range(n)]  # hexes where each seat has influence (255: none)
        self.influence_colour = [_dim(P.SEAT[s], 1, 2) for s in range(n)]
        self.kinds = []
        self.kind = 0
        self.choices_due = False  # the choices of the seat to move are still to be worked out (sync)
        self.actions = []
        self.choice = 0
        self.board_at = -1  # when the board plays its next action (the first frame after a change)
        self.thinking = Thinking()  # the board's decision for the seat it plays, spread over frames
        self.trail = [_dim(P.SEAT[s], 1, 4) for s in range(len(P.SEAT))]
        self.steps = [[0, 0, 0, 0] for _ in range(MAX_STEPS)]
        self.n_steps = 0
        self.anim_at = 0  # when the first step started
        self.now = 0  # the last frame's time, for animating()
        self.pos = [0] * n  # where each vampire stood at the last sync, for a move's trail
        self.hand_panel = None  # private hand panels, on a table that has them (hand_panel.py imported only then)
        if layout.hand_w:
            from nightboard.table.hand_panel import HandPanel
            from nightboard.games.vampempire.hands import draw_hand

            self.hand_panel = HandPanel(layout, frame)
            self.draw_hand = draw_hand
        self.version = 0  # grows whenever what a hand panel shows may change (the game, the choice)
        # what the chosen action names, for its player's eyes only (worked out in _aim, read by frames):
        self.pick_ritual = -1  # a ritual of its own hand (play, discard, give, pay a route with)
        self.pick_at = -1  # that ritual's place in its hand
        self.pick_item = -1  # the item named: a ritual kind, or BODIES + n for n bodies (give, want)
        self.pick_seat = -1  # the seat it aims at (or, answering, the seat that offers or plays)
        self.pick_bodies = 0  # answering an offer that asks for bodies: how many
        self.cursor_at = -1
        # An offer waiting for its answer (public, T3): what the offering seat gives on its blood LEDs, what it
        # asks on the asked seat's (pictures made in sync)
        self.offer_from = self.offer_to = -1
        self.offer_pics = (bytearray(24), bytearray(24))
        self.sync()

    # --- what is shown, made when the game changes --------------------------------------------------

    def sync(self, choices=True):
        """Everything shown, made again from the game: the map's two pictures, the small panels' and a looking
        seat's hand (from the public view, and a hand from its own seat's), and the seat to move. Its choices
        too, if a person plays it, unless `choices` is false: then they are due (choices_due) and the next
        frame with room works them out (board_step), or a press that comes first. A seat the board plays has
        none: its mind works out its own while it thinks."""
        g = self.game
        self.version += 1
        v = g.view(None)
        a, b = self.maps
        blank = bytes(len(a))  # copied in C: a loop over the bytes took some 10 ms of a change on the emulated RP2040
        a[:] = blank
        b[:] = blank
        _put(a, v["vatican"], VATICAN)
        _put(b, v["vatican"], VATICAN)
        for h in v["presents"]:
            _put(a, h, PRESENT)
            _put(b, h, PRESENT)
        for c in v["communities"]:
            col = _dim(TYPE_COLOUR[c[1]], 1 + c[2], 2 + c[1])  # brighter the more bodies its die holds
            _put(a, c[0], col)
            _put(b, c[0], _dim(P.SEAT[c[3]], 1, 4) if c[3] >= 0 else col)
        for h in v["routes"]:
            _put(b, h, ROUTE)
        for s in range(v["players"] - 1, -1, -1):
            _put(a, v["pos"][s], P.SEAT[s])
            if s < len(self.pos):
                self.pos[s] = v["pos"][s]
        for s in range(min(v["players"], len(self.influence))):
            inf = self.influence[s]
            k = 0
            for c in v["communities"]:
                if c[4] & (1 << s) and k < len(inf):
                    inf[k] = c[0]
                    k += 1
            for i in range(k, len(inf)):
                inf[i] = 255
        for s in range(min(v["players"], len(self.panels))):
            soul, bodies, status = self.panels[s]
            n = 3 * max(0, min(v["soul"][s], 8))
            soul[:] = SOUL_BAR[24 - n:48 - n]
            n = 3 * max(0, min(v["bodies"][s], 8))
            bodies[:] = BODY_BAR[24 - n:48 - n]
            if v["soul"][s] >= 9:
                _put(soul, 7, SOUL_HIGH)
            if v["soul"][s] >= 10:
                _put(soul, 6, SOUL_HIGH)
            if v["bodies"][s] > 8:
                _put(bodies, 7, SOUL_HIGH)
            if v["phase"] == "choose":  # T1: steadily, the vampire each seat has taken, 1 to 4 in its colour
                for k in range(8):
                    _put(soul, k, P.SEAT[s] if k <= v["vampires"][s] else OFF)
                bodies[:] = soul
            _put(status, 0, P.SEAT[s])
            ap = v["ap"] if (v["phase"] == "night" and v["active"] == s) else 0
            _put(status, 1, AP_COLOUR[min(ap, 5)])
            if self.looking[s]:
                self._hand(s)
        self.offer_from = self.offer_to = -1
        p = g.pending
        if p is not None and p[0] == "offer":
            self.offer_from, self.offer_to = p[1], p[2]
            _item(self.offer_pics[0], p[3])
            _item(self.offer_pics[1], p[4])
        moving = g.to_move()  # kept for the frames: to_move() builds a list, which a frame must not
        self.board_turn = bool(moving) and not g.over and g.board_plays(moving[0])
        self.mover = moving[0] if moving else -1
        for s in range(len(self.moving)):
            self.moving[s] = 1 if s in moving else 0
        self.actions = []
        self.kinds = []
        self.choices_due = self.mover >= 0 and not self.board_turn
        self._aim()
        if choices and self.choices_due:
            self._choices()

    def _hand(self, s):
        """Seat s's rituals on its small panel's blood LEDs, from its own view: read only while it holds look
        (when it starts to, and at each change meanwhile), as only then are they shown."""
        hand = self.game.view(s).get("hand", [])
        for k in range(8):
            _put(self.hands[s], k, _dim(RITUAL_COLOUR[R.KINDS[hand[k]][1]], 1 + NTH[hand[k]], 1 + NTH_MOST)
                 if k < len(hand) else OFF)

    def _choices(self):
        """The kinds of action and the targets the buttons of the seat to move step through, from its legal
        actions, worked out once here (a Night's list takes some 6 ms on the emulated RP2040). After
        an action this is a frame's work of its own (board_step), or a press's that comes first. Returns
        the legal actions."""
        self.choices_due = False
        self.kinds = []
        legal = self.game.legal(self.mover)
        unit = A.KIND
        found = set()
        for x in legal:
            found.add(x // unit)  # one pass over them, not one a kind
        for k in KINDS:
            if k in found:
                self.kinds.append(k)
        if self.kind not in self.kinds:
            self.kind = self.kinds[0]
        self._targets(legal)
        return legal

    def _targets(self, legal):
        k = self.kind
        unit = A.KIND
        self.actions = [x for x in legal if x // unit == k]
        self.choice = 0
        self._aim()

    def chosen(self):
        return self.actions[self.choice] if self.actions else None

    # --- input ---------------------------------------------------------------------------------------

    def press(self, player, role, now):
        g = self.game
        if role == "look":
            if player < len(self.looking):
                self.looking[player] = 1
                if player < self.game.n:
                    self._hand(player)
            return
        if g.over or player not in g.to_move() or g.board_plays(player):
            if player < len(self.refused_until):
                self.refused_until[player] = now + REFUSED_MS
            return
        legal = self._choices() if self.choices_due else None
        if role == "mode":
            self.kind = self.kinds[(self.kinds.index(self.kind) + 1) % len(self.kinds)]
            self._targets(legal if legal is not None else g.legal(player))
        elif role == "move" or role == "back":  # back: a long press of move, whose press stepped on
            self.choice = (self.choice + (1 if role == "move" else -2)) % len(self.actions)
            self._aim()
        elif role == "ok":
            self._apply(player, self.chosen(), now)

    def play_action(self, seat, action, now):
        """Play `action` for `seat` as its buttons would (the bench's drives and the tests: one name for
        every game's controller)."""
        self._apply(seat, action, now)

    def _apply(self, seat, action, now):
        events = self.game.apply(seat, action)
        self.thinking.cancel()  # a decision begun was for the position before this action
        self.log.extend(events)
        self.turns_done += 1
        self.animate(events, now)
        self.board_at = now + BOARD_MS + self.n_steps * ANIM_MS
        self.sync(False)  # a person's choices next, in a frame of their own

    def animate(self, events, now):
        """The steps that show these (public) events, from now; before sync(), which moves self.pos."""
        self.n_steps = 0
        self.anim_at = now
        for e in events:
            what = ANIMATED.get(e["ev"], 0)
            if not what or self.n_steps == MAX_STEPS:
                continue
            s = e["seat"]
            st = self.steps[self.n_steps]
            st[0], st[1], st[2], st[3] = what, s, e.get("hex", 0), 0
            if what == AN_MOVE:
                st[2], st[3] = self.pos[s] if s < len(self.pos) else e["hex"], e["hex"]
            elif what == AN_RITUAL:
                st[2] = 0 if R.KINDS[e["kind"]][1] == R.BUFF else 1
                st[3] = e.get("target", 0)
            elif what == AN_SLOWED:
                st[2] = e["by"]
            self.n_steps += 1

    def release(self, player, role, now):
        if role == "look" and player < len(self.looking):
            self.looking[player] = 0

    def animating(self):
        """True while an action is animated. The board's pause before it plays one of its seats is not an
        animation (as in every game): `nightboard bench` counts the heap of animation frames, and a window
        that held the board's next action and its save counted a turn, not a steady frame."""
        return self.n_steps > 0 and self.now < self.anim_at + self.n_steps * ANIM_MS

    # --- drawing: copies of the pictures made in sync() ---------------------------------------------------

    def board_step(self, now, room):
        """The table's call before each frame it draws (docs/games.md): the seat the board plays acts once
        the pause is over; in a frame with room, a frame's worth of its thinking, or, in a frame that
        does not think, its action. For a seat a person plays, the first frame with room after a change
        works out its choices, so that no frame both applies an action and lists the next."""
        if self.choices_due:
            if room:
                self._choices()
            return
        if not self.board_turn:
            return
        if self.board_at < 0:
            self.board_at = now + BOARD_MS
        if not room:
            return
        th = self.thinking
        if not th.busy:
            th.begin(self.game, self.mover)  # its mind reads that seat's view only, a few pieces a frame
        if th.ready and now >= self.board_at:
            self._apply(th.seat, th.take(), now)
            return
        th.step()

    def render(self, now):
        g = self.game
        self.now = now
        f = self.frame
        rgb = f.rgb
        f.clear()
        phase = (now // CYCLE_MS) & 1
        m = self.maps[phase]
        cells = self.cells
        for h in range(SIDE * SIDE):
            j = cells[h]
            rgb[j] = m[3 * h]
            rgb[j + 1] = m[3 * h + 1]
            rgb[j + 2] = m[3 * h + 2]
        if phase:
            for s in range(len(self.looking)):
                if self.looking[s]:
                    col = self.influence_colour[s]
                    inf = self.influence[s]
                    for i in range(len(inf)):  # an index loop: a for over the bytearray would allocate
                        if inf[i] != 255:
                            f.put(cells[inf[i]], col)
        lay = self.layout
        moving = self.moving
        blink = (now // 250) & 1
        hp = self.hand_panel is not None  # private hand panels: a hand shows there, not on the small one
        choosing = g.phase == "choose"  # no hands yet: the blood LEDs show the vampires, look or not
        third = (now // 1000) % 3  # the blood LEDs' second: soul, bodies, then the seat's vampire
        for s in range(min(g.n, len(self.panels))):
            at = lay.panel_at[s]
            soul, bodies, status = self.panels[s]
            own = self.looking[s] and not hp and not choosing
            blood = self.hands[s] if own else (soul if third == 0 else bodies)
            if s == self.offer_from:
                blood = self.offer_pics[0]
            elif s == self.offer_to and not own:
                blood = self.offer_pics[1]
            rgb[at:at + 24] = blood
            if third == 2 and blood is bodies and not choosing:
                w = g.vamp[s]  # its vampire in its colour: 1 the Baroness, 2 the Tyrant, 3 the Feathered One, 4 the Beast
                for k in range(8):
                    f.put(at + 3 * k, P.SEAT[s] if k <= w else OFF)
            if own and blink and s == self.mover and 0 <= self.pick_at < 8:
                f.put(at + 3 * self.pick_at, OFF)  # the ritual of the choice blinks
            if self.looking[s] and hp:
                hand = self.hand_panel
                if hand.stale(s, (self.version << 1) | (blink if s == self.mover else 0)):
                    self.draw_hand(self, s, blink)
                hand.show(s)
            st = at + STATUS_AT
            first, second = self.views[s]
            if not (moving[s] and blink):
                rgb[st:st + 3] = first
            rgb[st + 3:st + 6] = second
            if now < self.refused_until[s]:
                if blink:
                    f.put(st + 3, P.ERROR)
                    f.put(st + 6, P.ERROR)
            elif moving[s] and self.kind and self.looking[s] and not hp and not self.board_turn:
                # The choice shows only while its player holds look: which kinds and targets it may choose
                # can depend on its hidden hand (an accept it can make, a ritual's target).
                c = KIND_COLOUR[self.kind]
                f.put(st + 6, P.SEAT[s] if c is None else c)
        if self.n_steps:
            k = (now - self.anim_at) // ANIM_MS
            if 0 <= k < self.n_steps:
                self._draw_step(self.steps[k], now - self.anim_at - k * ANIM_MS)
            elif k >= self.n_steps:
                self.n_steps = 0
        if self.cursor_at >= 0 and blink and self.mover >= 0 and self.looking[self.mover]:
            f.put(self.cursor_at, CURSOR)

    def _aim(self):
        """Where the chosen action's target blinks (a byte offset of the frame, -1: nowhere), and what it
        names for its player's hand panel, worked out when the choice changes: split() builds a tuple,
        which a frame must not."""
        self.cursor_at = -1
        self.version += 1
        self.pick_ritual = self.pick_at = self.pick_item = self.pick_seat = -1
        self.pick_bodies = 0
        a = self.chosen()
        g = self.game
        if g.phase == "choose" and not self.board_turn and 0 <= self.mover < len(self.panels):
            # T1, public: the vampire on offer, 1 to 4 white lights on the chooser's blood LEDs (before its
            # choices are listed: the first free, the one they will offer first)
            x = 0
            while x < 3 and x in g.vamp:
                x += 1
            if a is not None:
                x = split(a)[1]
            soul, bodies, st = self.panels[self.mover]
            for k in range(8):
                _put(soul, k, CURSOR if k <= x else OFF)
            bodies[:] = soul
        if a is None:
            return
        kind, x, y, z = split(a)
        p = self.game.pending
        if kind in (A.ACCEPT, A.REFUSE, A.INTERCEPT, A.LET) and p is not None:
            # an answer: the offer (public, T3) or the ritual played (face up) is what it is about
            self.pick_seat = p[1]
            self.pick_item = p[3] if p[0] == "offer" else p[2]
            if p[0] == "offer":
                if p[4] >= A.BODIES:
                    self.pick_bodies = p[4] - A.BODIES
                else:
                    self.pick_ritual = p[4]  # asked of it: its row blinks, if it holds one
                    hand = self.game.hands[self.mover]
                    self.pick_at = hand.index(p[4]) if p[4] in hand else -1
            return
        if kind in (A.RITUAL, A.DISCARD) or (kind == A.GIVE and x < A.BODIES) or (kind == A.TRAVEL and x):
            self.pick_ritual = x - 1 if kind == A.TRAVEL else x
            hand = self.game.hands[self.mover]
            self.pick_at = hand.index(self.pick_ritual) if self.pick_ritual in hand else -1
            self.pick_item = self.pick_ritual
        elif kind in (A.GIVE, A.WANT, A.CHOOSE):  # a vampire chosen: its number, 0 to 3
            self.pick_item = x
        if kind in (A.OFFER, A.MANIPULATE):
            self.pick_seat = x
        elif kind == A.RITUAL and 1 <= y < 10:
            self.pick_seat = y - 1
        if kind in (A.MOVE, A.SUCK, A.OVERTAKE, A.ROUTE, A.UNROUTE, A.TRAVEL):
            self.cursor_at = self.cells[z]
        elif kind == A.RITUAL and y >= 10:
            self.cursor_at = self.cells[y - 10]
        elif (kind == A.RITUAL and 1 <= y < 10) or kind in (A.MANIPULATE, A.OFFER):
            t = y - 1 if kind == A.RITUAL else x
            if t < len(self.panels) and self.hand_panel is None:  # else: on the chooser's hand panel
                self.cursor_at = self.layout.panel_at[t] + STATUS_AT + 6

    def _draw_step(self, st, local):
        """One animation step, `local` ms into it, over the idle picture."""
        f = self.frame
        cells = self.cells
        on = (local // FLASH_MS) & 1 == 0
        what = st[0]  # one at a time: unpacking four at once would build a tuple on MicroPython
        s = st[1]
        b = st[2]
        c = st[3]
        fam = P.SEAT[s]
        if what == AN_MOVE:
            if local < ANIM_MS // 2 and b != c:
                f.put(cells[b], self.trail[s])
            f.put(cells[c], fam if on else OFF)
        elif what == AN_SUCK:
            f.put(cells[b], P.BLOOD_HELD if on else OFF)
        elif what == AN_OVERTAKE:
            f.put(cells[b], CURSOR if on else fam)
        elif what == AN_PRESENT:
            f.put(cells[b], PRESENT if on else fam)
        elif what == AN_RITUAL:
            col = (RITUAL_COLOUR[R.BUFF] if b == 0 else RITUAL_COLOUR[R.ATTACK]) if on else OFF
            self._flash_panel(s, col)
            if c >= 10:
                f.put(cells[c - 10], col)
            elif c >= 1:
                self._flash_panel(c - 1, col)
        elif what == AN_SLOWED:
            self._flash_panel(s, P.SEAT[b] if on else OFF)

    def _flash_panel(self, s, col):
        if s < len(self.panels):
            at = self.layout.panel_at[s]
            for k in range(8):
                self.frame.put(at + 3 * k, col)

    # --- text for the host -----------------------------------------------------------------------------

    def describe(self):
        V = R
        g = self.game
        v = g.view(None)
        names = P.SEAT_NAMES
        lines = ["VampEmpire, round %d of %d, %s" % (v["round"], v["rounds"], v["phase"])]
        if v["board"]:
            lines[0] += "; the board plays %s" % ", ".join(names[s] for s in range(g.n - v["board"], g.n))
        if g.over:
            lines.append("game over: %s win%s" % (" and ".join(names[w] for w in v["winners"]),
                                                  "" if len(v["winners"]) > 1 else "s"))
        elif self.board_turn:
            lines.append("%s to play (the board plays it)" % names[self.mover])
        elif self.mover >= 0:
            # Not the choice itself: it may be a ritual from a hidden hand, and these lines go to everyone
            # (the protocol's state, the monitor). Its player reads it on their panel while holding look.
            lines.append("%s to play%s (mode: action, move: target, ok: do it; hold look to read your choice)"
                         % (names[self.mover], ", %d action points left" % v["ap"] if v["phase"] == "night" else ""))
        for s in range(g.n):
            who = V.NAMES[v["vampires"][s]] if v["vampires"][s] >= 0 else "not chosen yet"
            lines.append("%s, %s: soul %d, bodies %d, rituals %d" % (names[s], who, v["soul"][s], v["bodies"][s],
                                                                      v["hand_sizes"][s]))
        return lines


def _item(buf, item):
    """A trade item on 8 blood LEDs: a ritual as on a hand panel's row (its type's colour, as many LEDs as its
    place in its type's list), or bodies (one amber LED a body)."""
    if item >= A.BODIES:
        c, k = BODY, item - A.BODIES
    else:
        c, k = RITUAL_COLOUR[R.KINDS[item][1]], NTH[item]
    for i in range(8):
        _put(buf, i, c if i < k else OFF)


def _put(buf, i, c):
    buf[3 * i] = c[0]
    buf[3 * i + 1] = c[1]
    buf[3 * i + 2] = c[2]
