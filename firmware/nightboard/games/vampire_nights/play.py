"""Vampire Nights on a grid table: the mansion on the grid, each seat's panel, the buttons of the seat to move.

The grid (docs/table.md): one column of cells per player's column of the mansion, Entrance at the top,
Garden at the bottom. A face-down room is dim lavender (unseen), an empty room dark, a face-up room the colour of
its tile; a guard shows in its seat's colour (dimmed once laid down); where a cell holds several things
they take turns every half second. The seat to move: "mode" picks the next kind of action, "move" the
next target of that kind (a cursor blinks on it), "ok" does it. Actions that would tell what a player
holds (items, the discard at setup, the tile given up to a bite) can be picked only while that player
holds "look". Nothing chosen under look shows on the grid, not even a public kind (which kinds mode
brings round, and in what order, depends on the hand): its target shows on the seat's own panel, and
letting go of look restores the choice made before it.

A panel (8 blood LEDs, 3 status LEDs): without look, loot tiles held (gold, from the left) and bite cards
drawn (rose, from the right); with look, in turn every 1.5 s, where its choice points (if it does:
first its column, then its place in the column), its hand of items, its loot, its bite cards (Vampire
rose, Shield lime) and what its Torch showed; status LED 3 says which. Status LED 1 is the
seat's colour, blinking while it is to move; LED 2 the kind of action chosen; LEDs 2 and 3 blink
magenta when a press is refused.
On a table with private hand panels (table/hand_panel.py) a seat holding look sees all of it at once on
its hand panel, a row each, with the kind of action chosen on the last row and its target blinking in the
right-hand columns, and its small panel keeps showing the public counts (LED 2 white for any choice made
under look). A room turned face up flashes white on its cell, a bite the bitten seat's blood LEDs rose.
Everything drawn comes from views: the public one, and a seat's own while it holds look.
"""

from nightboard.compat import const
from nightboard.games.errors import GameError
from nightboard.games.vampire_nights import actions as A
from nightboard.table import palette as P
from nightboard.table.eventlog import EventLog
from nightboard.table.hand_panel import MORE, HandPanel
from nightboard.table.thinking import Thinking
from nightboard.games.vampire_nights.components import ITEM_NAMES, ROOM_NAMES
from nightboard.games.vampire_nights.state import SEATS

_BLINK_MS = const(500)
ANIM_MS = 900
FLASH_BLINKS = 3
PAGE_MS = 1500
REFUSED_MS = 600
BOARD_MS = 700  # the board's seat acts this long after its turn comes: it thinks meanwhile, a few pieces of
# work a frame (table/thinking.py), so neither its decision's time nor a frozen frame shows
# The mansion by meaning (table/palette.py); things of one meaning differ in brightness.
DOWN = P.UNSEEN                 # a face-down room
ENTRANCE = P.PLAIN
GARDEN = P.dim(P.WILD, 2)
WHITE = P.TABLE
GOLD = P.GOLD
CRIMSON = P.BLOOD               # the older name of a vampire's rose
STEEL = P.WARD                  # a Shield bite card
TORCH = P.dim(P.HOLY, 2)
TILE = {
    "cat": P.WILD, "chest": P.dim(P.MAGIC, 1), "coffin": P.dim(GOLD, 1), "coins": GOLD,
    "stone": P.dim(P.TABLE, 1), "spiderweb": P.SIGHT, "lord": CRIMSON, "lady": CRIMSON,
    "minion": P.dim(CRIMSON, 2), "father": P.MORTAL, "mother": P.MORTAL, "daughter": P.MORTAL,
    "dog": P.dim(P.WILD, 1), "coffin8": P.dim(GOLD, 1), "coffin10": P.dim(GOLD, 1),
}
ITEM = {
    "cloak": P.MAGIC, "jump": P.dim(P.TRAVEL, 1), "mirror": P.SIGHT, "mask": P.dim(P.MAGIC, 2),
    "crossbow": P.dim(P.WEAPON, 1), "garlic": P.GARLIC, "cross": P.HOLY, "stake": P.WEAPON,
    "bag": GOLD, "water": P.dim(P.HOLY, 1), "torch": TORCH, "glass": P.dim(P.SIGHT, 1),
}
PUBLIC = (A.MOVE, A.PASS, A.END, A.TAKE_BITE, A.PLACE, A.LOOT, A.CROWD)
KIND_COLOUR = {A.MOVE: P.TRAVEL, A.PASS: P.PLAIN, A.END: WHITE, A.TAKE_BITE: CRIMSON,
               A.PLACE: P.TRAVEL, A.LOOT: GOLD, A.CROWD: P.TRAVEL}
PAGES = (WHITE, GOLD, CRIMSON, TORCH)  # hand, loot, bites, torch
PAGE_FIELDS = ("hand", "my_loot", "my_bites", "peeks")


DARK = P.OFF
DIMMED = tuple((c[0] >> 2, c[1] >> 2, c[2] >> 2) for c in P.SEAT)  # a guard laid down (made once)


# The panel LEDs (0..7 blood, 8..10 status) that carry a looking seat's own view on a table without hand
# panels (table/private.py: every public surface shows them dark); with hand panels none do.
PRIVATE_SMALL = (0, 1, 2, 3, 4, 5, 6, 7, 9, 10)

class VampireNightsPlay:
    PRIVATE_PANEL = PRIVATE_SMALL  # (table/private.py)
    PRIVATE_PANEL_HANDS = ()
    def __init__(self, layout, frame, game):
        if layout.kind != "grid" or layout.width < game.players or layout.height < 7:
            raise ValueError("Vampire Nights needs a grid of at least %dx7 cells" % game.players)
        self.layout = layout
        self.frame = frame
        self.game = game
        self.x0 = (layout.width - game.players) // 2
        self.y0 = (layout.height - 7) // 2
        seats = layout.max_players
        self.looking = bytearray(seats)
        self.refused_until = [0] * seats
        self.own = [None] * seats  # a seat's own view, held only while it holds look
        self.log = EventLog()  # the table hands over its own
        self.turns_done = 0
        self.board_at = -1
        self.thinking = Thinking()  # the board's decision for its seat, spread over frames
        self.version = 0  # grows whenever what a hand panel shows may have changed
        self.anim_cell = -1  # a cell or a seat flashing what just happened there, until anim_until
        self.anim_seat = -1
        self.anim_until = 0
        self.now = 0
        self.hand_panel = HandPanel(layout, frame)
        self.page_from = 0  # the small panels' pages (look held, no hand panels) count from here
        # The still picture (the rooms, the small panels: _draw_still) is drawn again only when something
        # in it changed (the version, or a seat's own page) and what it lit kept in `image`; every other
        # frame clears the frame and copies that back, a C-level copy a stretch of the chain. What blinks
        # or takes turns is drawn over it every frame (_draw_moving: a few LEDs, and the hand panels of
        # the seats looking, whose images HandPanel keeps): a whole picture is some 20 ms on the emulated
        # RP2040, too much to draw every blink in a frame that may also think for the board.
        self.spans = spans = _spans(layout)
        n = 0
        for sp in spans:
            n += sp[1] - sp[0]
        self.image = bytearray(n)
        win, img = memoryview(frame.rgb), memoryview(self.image)
        self.wins = []  # (the stretch of the frame, its copy in image)
        n = 0
        for sp in spans:
            self.wins.append((win[sp[0]:sp[1]], img[n:n + sp[1] - sp[0]]))
            n += sp[1] - sp[0]
        self.drawn = -1  # the version drawn in image (-1: none)
        self.drawn_page = -1
        self.cell_at = [3 * layout.cell_led(self.x0 + c, self.y0 + r) for c in range(game.players) for r in range(7)]
        self.shared = []  # [(byte offset, colours)] of the cells where things take turns (_refresh)
        self.refreshes = 0  # grows whenever the game's state changes
        self.before_look = None  # (kind, index, refreshes): the choice of the seat to move as it pressed look
        self._refresh()

    # --- choosing (recomputed when something changes, never per frame) ------------------

    def _seat(self):
        m = self.public["to_move"]
        return m[0] if m else -1

    def _kinds(self, secret):
        kinds = []
        for a in self.legal:
            k = a >> 10
            if k not in kinds and (secret or k in PUBLIC):
                kinds.append(k)
        return kinds

    def _pick(self, kind):
        self.version += 1  # what the hand panels show has changed
        self.kind = kind
        self.index = 0
        self.acts = [a for a in self.legal if a >> 10 == kind]

    def chosen(self):
        if not self.acts:
            return None
        return self.acts[self.index % len(self.acts)]

    def _refresh(self):
        self.refreshes += 1
        g = self.game
        self.public = v = _public(g)
        self.shared = self._shared(v)
        seat = self._seat()
        self.legal = g.legal(seat) if seat >= 0 else []
        kinds = self._kinds(False)
        self._pick(kinds[0] if kinds else -1)
        for p in range(len(self.own)):
            self.own[p] = _own(g, p) if self.looking[p] and p < g.players else None

    def _shared(self, v):
        """[(byte offset, colours)] of the cells that hold guards: the guards in turn in the order of the
        view (in their seat's colour, dimmed once laid down), then the room unless it is empty, one
        every BLINK_MS (_BLINK_MS)."""
        out = []
        guards = v["guards"]
        for k in range(len(guards)):
            x = guards[k][0]
            if x < 0 or x >> 3 >= v["players"] or (x & 7) > 6:
                continue
            at = self.cell_at[(x >> 3) * 7 + (x & 7)]
            for cell in out:
                if cell[0] == at:
                    break
            else:
                cols = [DIMMED[j >> 1] if guards[j][2] else P.SEAT[j >> 1] for j in range(len(guards)) if guards[j][0] == x]
                base = self._base(v, x >> 3, x & 7)
                if base is not DARK:
                    cols.append(base)
                out.append((at, cols))
        return out

    # --- input ---------------------------------------------------------------------------

    def press(self, player, role, now):
        g = self.game
        if role == "look":
            if player < len(self.looking):
                self.looking[player] = 1
                self.version += 1
                self.page_from = now
                if player == self._seat():
                    self.before_look = (self.kind, self.index, self.refreshes)
                if player < g.players:
                    self.own[player] = _own(g, player)  # its own view, only while it holds look
            return
        if g.over or player >= g.players:
            return
        seat = self._seat()
        if player != seat or g.board_plays(player):
            self.refuse(player, now)
            return
        secret = self.looking[player] == 1
        if role == "mode":
            kinds = self._kinds(secret)
            if not kinds:
                self.refuse(player, now)
                return
            i = kinds.index(self.kind) + 1 if self.kind in kinds else 0
            self._pick(kinds[i % len(kinds)])
            self.page_from = now  # a choice with a target: the small panel shows where first
        elif role == "move" or role == "back":  # back: a long press of move, whose press stepped on
            self.index += 1 if role == "move" else -2
            self.version += 1
            self.page_from = now
        elif role == "ok":
            a = self.chosen()
            if a is None or (self.kind not in PUBLIC and not secret):
                self.refuse(player, now)
                return
            self._do(seat, a, now)

    def play_action(self, seat, action, now):
        """Play `action` for `seat` as its buttons would (the bench's drives and the tests: one name for
        every game's controller)."""
        self._do(seat, action, now)

    def _do(self, seat, a, now):
        self.thinking.cancel()  # a decision begun was for the position before this action
        try:
            events = self.game.apply(seat, a)
        except GameError:
            self.refuse(seat, now)
            return
        self.log.extend(events)
        self._flash(events, now)
        self.turns_done += 1
        self._refresh()

    def release(self, player, role, now):
        if role == "look" and player < len(self.looking):
            self.looking[player] = 0
            self.own[player] = None
            self.version += 1
            if player == self._seat():
                # Back to the choice it had before look (or the first one, if the game moved on): what was
                # chosen under look may tell what it holds, even a public kind (mode went round the
                # secret ones to reach it), so it never shows on the grid.
                b = self.before_look
                if b is not None and b[2] == self.refreshes:
                    self._pick(b[0])
                    self.index = b[1]
                else:
                    kinds = self._kinds(False)
                    self._pick(kinds[0] if kinds else -1)
                self.before_look = None

    def refuse(self, player, now):
        if player < len(self.refused_until):
            self.refused_until[player] = now + REFUSED_MS
            self.version += 1

    def _flash(self, events, now):
        """What the action did (public events only): a room turned face up flashes white on its cell, a
        bite flashes the bitten seat's blood LEDs rose, FLASH_BLINKS times over ANIM_MS."""
        self.anim_cell = self.anim_seat = -1
        for e in events:
            if "reveal" in e:
                self.anim_cell = e["reveal"]
            elif "bite" in e:
                self.anim_seat = e["bite"]
        if self.anim_cell >= 0 or self.anim_seat >= 0:
            self.anim_until = now + ANIM_MS

    def animating(self):
        return (self.anim_cell >= 0 or self.anim_seat >= 0) and self.now < self.anim_until

    # --- drawing -----------------------------------------------------------------------------

    def _cell(self, x, y, c):
        lay = self.layout
        self.frame.put(3 * lay.cell_led(self.x0 + x, self.y0 + y), c)

    def board_step(self, now, room):
        """The table's call before each frame it draws (docs/games.md): the seat the board plays acts
        BOARD_MS after its turn came; in a frame with room, a frame's worth of its thinking, or, in a
        frame that does not think, its action."""
        g = self.game
        seat = self._seat()
        if g.over or seat < 0 or not g.board_plays(seat):
            return
        if self.board_at < 0:
            self.board_at = now + BOARD_MS
        if not room or self.drawn != self.version or self.drawn_page != self._page(now):
            return  # (nor in a frame that draws the still picture afresh: some 20 ms on the emulated RP2040)
        th = self.thinking
        if not th.busy:
            th.begin(g, seat)  # from that seat's view only, a few pieces of work a frame
        if th.ready and now >= self.board_at:
            self.board_at = -1
            self._do(seat, th.take(), now)  # the board plays that seat
            return
        th.step()

    def render(self, now):
        self.now = now
        wins = self.wins
        page = self._page(now)
        if self.drawn == self.version and self.drawn_page == page:
            self.frame.clear()  # nothing in the still picture changed: it is put back
            for k in range(len(wins)):
                w = wins[k]
                w[0][:] = w[1]
        else:
            self.drawn = self.version
            self.drawn_page = page
            self._draw_still(now)
            for k in range(len(wins)):
                w = wins[k]
                w[1][:] = w[0]
        self._draw_moving(now)
        if now < self.anim_until:
            self._flashing(now)  # over the picture, never kept in it: a flash costs no redraw

    def _draw(self, now):
        """The whole picture drawn afresh, nothing kept (the tests compare render's with it)."""
        self._draw_still(now)
        self._draw_moving(now)
        if now < self.anim_until:
            self._flashing(now)

    def _page(self, now):
        """What the small panels' pages depend on: -1 while no seat shows its own pages there (it holds look
        on a table without hand panels), else the half page the time is in."""
        if self.hand_panel.present():
            return -1
        own = self.own
        for p in range(len(own)):
            if own[p] is not None:
                return (now - self.page_from) // (PAGE_MS // 2)
        return -1

    def _draw_still(self, now):
        """The picture but what blinks or takes turns (_draw_moving): the rooms and the small panels."""
        v = self.public
        fr = self.frame  # fr.put(...) is called directly: fetching the bound method would allocate
        fr.clear()
        at = self.cell_at
        for c in range(v["players"]):
            for r in range(7):
                fr.put(at[c * 7 + r], self._base(v, c, r))
        seat = self._seat()
        for p in range(v["players"]):
            self._panel(v, p, now, seat)

    def _draw_moving(self, now):
        """What changes with the time, over the still picture, every frame: the guards and rooms that take
        turns on a cell, the cursor on the chosen target, the hand panels of the seats holding look, the
        blinking status LED of the seat to move and the refusals."""
        fr = self.frame
        phase = (now // _BLINK_MS) & 1023
        blink = phase & 1
        shared = self.shared
        for k in range(len(shared)):
            cell = shared[k]
            fr.put(cell[0], cell[1][phase % len(cell[1])])
        seat = self._seat()
        x = self._aim()
        if x >= 0 and not self.looking[seat] and blink:
            # Only a choice made without look shows on the grid: one made while look is held may be
            # secret (and which kinds of choice come up as mode is pressed tells what is held), so it
            # shows on its player's own panel only.
            self._cell(x >> 3, x & 7, P.SEAT[seat])
        hp = self.hand_panel
        panels = self.layout.panel_at
        for p in range(self.public["players"]):
            own = self.own[p]
            if own is not None and hp.present():
                if hp.stale(p, (self.version << 1) | (blink if p == seat else 0)):
                    self._hand(own, p, now, seat)
                hp.show(p)
            at = panels[p]
            if p != seat or blink:
                fr.put(at + 3 * 8, P.SEAT[p])
            if now < self.refused_until[p] and blink:
                fr.put(at + 3 * 9, P.ERROR)
                fr.put(at + 3 * 10, P.ERROR)

    def _flashing(self, now):
        """What the last action did, blinking over the picture (FLASH_BLINKS times over ANIM_MS)."""
        lit = ((self.anim_until - now) // (ANIM_MS // (2 * FLASH_BLINKS))) & 1
        x = self.anim_cell
        if x >= 0:
            self._cell(x >> 3, x & 7, WHITE if lit else DARK)
        p = self.anim_seat
        if 0 <= p < self.game.players:
            at = self.layout.panel_at[p]
            for k in range(8):
                self.frame.put(at + 3 * k, P.WOUND if lit else DARK)

    def _aim(self):
        """The cell the chosen action points at, or -1."""
        a = self.chosen()
        return _target(a) if a is not None and self._seat() >= 0 else -1

    def _base(self, v, c, r):
        """The colour of a cell of the mansion, guards aside."""
        if r == 0:
            return ENTRANCE
        if r == 6:
            return GARDEN
        name = v["rooms"][c][r - 1]
        return DARK if name is None else DOWN if name == "?" else TILE[name]

    def _panel(self, v, p, now, seat):
        lay = self.layout
        at = lay.panel_at[p]
        fr = self.frame  # fr.put(...) is called directly: fetching the bound method would allocate
        own = self.own[p]
        hp = self.hand_panel
        if hp.present():
            own = None  # its own view shows on its hand panel (_draw_moving); this one shows what all see
        page = 0
        if own is not None:
            # Its own pages in turn; while its choice has a target, first the page of where (page -1).
            x = self._aim() if p == seat else -1
            t = now - self.page_from
            page = (t // PAGE_MS) % (5 if x >= 0 else 4) - (1 if x >= 0 else 0)
            if page < 0:
                self._where(v, p, x, at, t % PAGE_MS < PAGE_MS // 2)
        if page < 0:
            pass
        elif own is not None:
            things = own[PAGE_FIELDS[page]]  # drawn one by one: no list made, not even on a page's change
            for i in range(min(8, len(things))):
                n = things[i]
                if page == 0:
                    c = ITEM[n]
                elif page == 2:
                    c = CRIMSON if n == "vampire" else STEEL
                else:
                    c = TILE[n[1] if page == 3 else n]
                fr.put(at + 3 * i, c)
            fr.put(at + 3 * 10, PAGES[page])
        else:
            for i in range(min(8, v["loot"][p])):
                fr.put(at + 3 * i, GOLD)
            for i in range(min(8, v["bites"][p])):
                fr.put(at + 3 * (7 - i), CRIMSON)
        if p == seat and self.kind >= 0:
            if not self.looking[p]:
                c = KIND_COLOUR[self.kind]  # without look only the public kinds come up
            elif hp.present():
                c = WHITE  # any choice made under look: which shows on the hand panel only
            else:
                c = KIND_COLOUR[self.kind] if self.kind in PUBLIC else ITEM_KIND.get(self.kind, WHITE)
            fr.put(at + 3 * 9, c)

    def _where(self, v, p, x, at, column):
        """The target of the seat's choice on its small panel (while it holds look, on a table without hand
        panels): first which column, its blood light in the seat's colour among the columns' (grey), then
        the seven places of that column, Entrance first, as the grid shows them, the target in the seat's
        colour. Status LED 3 is the seat's colour on this page."""
        fr = self.frame
        c = x >> 3
        if column:
            for k in range(v["players"]):
                fr.put(at + 3 * k, P.SEAT[p] if k == c else ENTRANCE)
        else:
            for r in range(7):
                fr.put(at + 3 * r, P.SEAT[p] if r == x & 7 else self._base(v, c, r))
        fr.put(at + 3 * 10, P.SEAT[p])

    def _hand(self, own, p, now, seat):
        """The seat's own view on its private hand panel, a row each (docs/table.md): 0 its items, 1 and 2
        its loot tiles, 3 its bite cards, 4 what its Torch showed, 5 all rose once it has turned
        Vampire, 6 the kind of action chosen. Each light is one thing in its colour; the things the
        choice being made would spend blink, and so does its target, over the right-hand columns."""
        hp = self.hand_panel
        item, tile = (None, None)
        if p == seat and not ((now // _BLINK_MS) & 1):
            item, tile = _uses(self.chosen())
        hand = own["hand"]
        for i in range(len(hand)):
            if hand[i] != item:
                hp.cell(p, i, 0, ITEM[hand[i]])
        loot = own["my_loot"]
        w = hp.w
        for i in range(len(loot)):
            if loot[i] != tile:
                hp.cell(p, i % w, 1 + i // w, TILE[loot[i]])
        if len(loot) > 2 * w:
            hp.cell(p, w - 1, 2, MORE)
        bites = own["my_bites"]
        for i in range(len(bites)):
            hp.cell(p, i, 3, CRIMSON if bites[i] == "vampire" else STEEL)
        peeks = own["peeks"]
        for i in range(len(peeks)):
            hp.cell(p, i, 4, TILE[peeks[i][1]])
        if own["vampire"]:
            hp.row(p, 5, CRIMSON, w)
        if p == seat and self.kind >= 0:  # the kind of action chosen, secret ones included
            hp.cell(p, 0, 6, KIND_COLOUR[self.kind] if self.kind in PUBLIC else ITEM_KIND.get(self.kind, WHITE))
            x = self._aim()
            if x >= 0 and (now // _BLINK_MS) & 1:
                # Its target: the right-hand columns of the panel stand for the mansion's, a row each
                # for its rows (Entrance on top); the target blinks there in the seat's colour.
                hp.cell(p, w - self.game.players + (x >> 3), x & 7, P.SEAT[p])

    # --- text for the host ---------------------------------------------------------------

    def describe(self):
        v = self.game.view(None)  # (the whole public view, made for the words only)
        lines = ["Vampire Nights, night %d of 3, %s" % (v["night"], v["phase"])]
        if v["over"]:
            lines.append("game over: scores %s, won by %s" % (
                ", ".join(str(s) for s in v["scores"]), ", ".join(SEATS[w] for w in v["winners"])))
        else:
            seat = self._seat()
            a = self.chosen()
            # Under look only its player's panel shows the choice (the terminal may face everybody).
            what = A.name(a) if a is not None and not self.looking[seat] else "a choice made under look"
            if a is not None and a >> 10 == A.PLACE:  # public: the guards' columns, counted from 1
                what = "guards to columns %d and %d" % (((a & 1023) >> 2) + 1, (a & 3) + 1)
            if a is None:
                what = "a secret choice (hold look)"
            lines.append("%s to play (%s): %s (mode: action, move: target, ok: do it)" % (
                SEATS[seat], v["waiting"], what))
        # A short line a column (the Entrance and the Garden named only when someone stands there), so that a
        # 4-player game's words fit beside the board at 80x24; the public counts on a line or two.
        lines.append("columns (entrance to garden):")
        guards = v["guards"]
        at = {}  # room -> its guards' letters, in the guards' order (one pass: the protocol's `state` says these)
        for k in range(len(guards)):
            g = guards[k]
            at[g[0]] = at.get(g[0], "") + SEATS[k >> 1][0] + ("_" if g[2] else "")
        for c in range(v["players"]):
            row = []
            for r in range(7):
                who = at.get(c * 8 + r, "")
                if r in (0, 6) and not who:
                    continue
                name = "entrance" if r == 0 else "garden" if r == 6 else (v["rooms"][c][r - 1] or "-")
                row.append(name + " " + who if who else name)
            lines.append("%d: %s" % (c + 1, ", ".join(row)))
        lines.append("hand/loot/bites: " + "; ".join("%s %d/%d/%d" % (SEATS[p], v["hands"][p], v["loot"][p],
                                                                        v["bites"][p]) for p in range(v["players"])))
        return lines


ITEM_KIND = {A.CLOAK: ITEM["cloak"], A.JUMP: ITEM["jump"], A.MIRROR: ITEM["mirror"], A.MASK: ITEM["mask"],
             A.CROSSBOW: ITEM["crossbow"], A.GARLIC: ITEM["garlic"], A.CROSS: ITEM["cross"],
             A.STAKE: ITEM["stake"], A.BAG: ITEM["bag"], A.WATER: ITEM["water"], A.TORCH: ITEM["torch"],
             A.GLASS: ITEM["glass"]}


AIMED = (A.MOVE, A.JUMP, A.MIRROR, A.CROSSBOW, A.CROWD)  # made once: a tuple written in a function is remade


def _uses(a):
    """(item name, loot tile name) a secret action spends, for its blinking light; None where none."""
    if a is None:
        return None, None
    k, v = a >> 10, a & 1023
    if JUMP_ <= k <= GLASS_:
        return A.NAMES[k], None
    if k == A.DROP_ITEM and v < len(ITEM_NAMES):
        return ITEM_NAMES[v], None
    if k == A.DROP_LOOT and v < len(ROOM_NAMES):
        return None, ROOM_NAMES[v]
    if k == A.COFFIN_PAY:  # two things, each an item (0..11) or a loot tile (16 + its kind)
        x, y = v >> 5, v & 31
        item = ITEM_NAMES[x] if x < 16 else ITEM_NAMES[y] if y < 16 else None
        tile = ROOM_NAMES[y - 16] if y >= 16 else ROOM_NAMES[x - 16] if x >= 16 else None
        return item, tile
    return None, None


JUMP_, GLASS_ = A.JUMP, A.GLASS


def _public(g):
    """What the picture is drawn from: the public view's fields it uses (the rest is let go: heap)."""
    v = g.view(None)
    return {"players": v["players"], "to_move": v["to_move"], "rooms": v["rooms"], "guards": v["guards"],
            "loot": v["loot"], "bites": v["bites"]}


def _own(g, p):
    """What a seat's panel shows of its own view (the rest of the view is let go at once: heap)."""
    v = g.view(p)
    return {"hand": v["hand"], "my_loot": v["my_loot"], "my_bites": v["my_bites"], "peeks": v["peeks"],
            "vampire": v["vampire"]}


def _spans(layout):
    """[(first byte, end byte)] of the frame's stretches holding the grid and the small panels, adjacent ones
    merged."""
    out = []
    leds = [layout.cell_led(x, y) for x in range(layout.width) for y in range(layout.height)]
    out.append([3 * min(leds), 3 * max(leds) + 3])
    for p in range(layout.max_players):
        out.append([layout.panel_at[p], layout.panel_at[p] + 33])
    out.sort()
    merged = [out[0]]
    for sp in out[1:]:
        if sp[0] <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], sp[1])
        else:
            merged.append(sp)
    return merged


def _target(a):
    """The cell an action points at, or -1."""
    k, v = a >> 10, a & 1023
    if k in AIMED:
        return v & 63 if v & 63 != A.STAY else -1
    if k == A.LOOT:
        return v
    if k == A.PLACE:
        return (v >> 2) * 8
    return -1
