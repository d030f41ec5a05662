"""VampiRing on the table: each family's buttons, secret choices, and the turn's animation.

Buttons of family f (its own panel): "mode" toggles metamorphosis A/B, "move"
toggles clockwise/anticlockwise, "look" is held to see the choice (status
LEDs 2 and 3) and, when the preview option is on, where its vampires would
land (their slots blink on the ring), "ok" confirms (final for the turn, V14).
Status LED 1 is the family's colour: blinking while its choice is awaited,
steady once confirmed, dark when eliminated. Any toggle gives the same short
white flash on status LED 2 whatever the new value, so the lights never tell
another family what was chosen. When the last family confirms the turn is
resolved by the engine and its events are played on the Scene's timeline.

A family the board plays (option board) chooses as the turn begins, one family after the other, from its
own view (the engine's mind): its choice is as secret as a person's. Each decision is spread over frames,
a few pieces of work a frame (table/thinking.py), so presses and the lights go on meanwhile; it is the
same choice the engine makes in one go. Its status LEDs 1 and 3 stay steady in its colour, and its
buttons do nothing.
"""

from nightboard.games.vampiring.cards import FAMILIES
from nightboard.games.vampiring.state import parse_action
from nightboard.games.vampiring.turn import morph
from nightboard.table import palette as P
from nightboard.games.vampiring import draw as VD
from nightboard.table.eventlog import EventLog
from nightboard.table.layout import STATUS_AT
from nightboard.table.thinking import Thinking
from nightboard.games.vampiring.draw import OFF, Renderer
from nightboard.games.vampiring.scene import Scene, Timeline

FLASH_MS = 150
WHITE = P.TABLE


class VampiRingPlay:
    PRIVATE_PANEL = (9, 10)  # status LEDs 2 and 3: a looking family's choice (table/private.py)

    def __init__(self, layout, frame, game):
        self.layout = layout
        self.frame = frame
        self.game = game  # held to apply choices; what is shown comes from views
        n = game.families
        self.scene = Scene(game.view())
        self.draw = Renderer(layout, frame, self.scene)
        # Each family's confirmed choice this turn (-1: none): what it entered here, or what its own view
        # says for a game loaded mid-turn. Only its own panel shows it, while it holds look.
        self.chosen = [-1] * n
        self.board = bytearray(n)  # 1: the board plays this family (a public fact of the game)
        for f in game.view()["board"]:
            self.board[f] = 1
        for f in range(n):
            if self.board[f]:
                continue
            mine = game.view(f)["your_choice"]
            if mine is not None:
                self.chosen[f] = parse_action(mine)
        self.meta = bytearray(n)
        self.dir = bytearray(n)
        self.looking = bytearray(n)
        self.flash_until = [0] * n
        self._landing = [[0, 0, 0] for _ in range(n)]
        self._landing_for = [-1] * n
        self._may_land = None  # private_more: [[turn, the cards any choice could land on]] a family, made when asked
        self.timeline = None
        self.t0 = 0
        self.cut_at = -1  # a person's ok ended the animation at this time: it finishes in a later frame
        self.log = EventLog()  # the table hands over its own
        self.turns_done = 0
        self.thinking = Thinking()

    # --- input -----------------------------------------------------------

    def press(self, player, role, now):
        """A button of `player` (a family) was pressed (for "ok": a short press released)."""
        g = self.game
        if player >= g.families or g.over or not g.alive(player) or self.board[player]:
            return
        if role == "look":
            self.looking[player] = 1
            return
        if self.chosen[player] >= 0:
            return  # confirmed: final for this turn (V14)
        if role == "mode":
            self.meta[player] ^= 1
            self.flash_until[player] = now + FLASH_MS
        elif role == "move":
            self.dir[player] ^= 1
            self.flash_until[player] = now + FLASH_MS
        elif role == "ok":
            self.confirm(player, now)

    def release(self, player, role, now):
        if role == "look" and player < self.game.families:
            self.looking[player] = 0

    def play_action(self, seat, action, now):
        """Confirm `action` (0..3) for family `seat` as its buttons would: its toggles are set to it first, so
        its panel shows the choice it confirmed (the protocol's `act`, the tests)."""
        self.meta[seat] = action >> 1
        self.dir[seat] = action & 1
        self.confirm(seat, now)

    def action(self, f):
        return self.meta[f] * 2 + self.dir[f]

    def confirm(self, f, now):
        g = self.game
        if self.timeline is not None:
            left = g.awaiting()
            # A person's ok ends the last turn's animation. At once only when it resolves the turn (the next
            # animation starts from the end of this one); else in the next frame drawn (render): finishing it
            # (the scene made again from the game's view, the ring drawn afresh) in the frame of the press
            # took that frame over two frame times on the emulated RP2040 (docs/performance.md, issue 44).
            if not left or left == [f]:
                self.finish_animation()
            else:
                self.cut_at = now
        turn = g.turn
        a = self.action(f)
        events = g.apply(f, a)
        if g.turn == turn:
            self.chosen[f] = a
            return
        self._resolved(events, now)

    def board_step(self, now, room):
        """The table's call before each frame it draws (docs/games.md); in a frame with room and no turn
        being animated, a frame's worth of the board's thinking for the first family it plays that has
        not chosen this turn, or, in a later frame, that choice played (which may resolve the turn);
        False if none is left to choose. Not in a frame that draws the ring afresh (its slots' turns, a
        Haunted House's blink, the vampires moved: some 9 ms more than the ring's copy on the emulated
        RP2040): with a frame's thinking and the frame's sending on top, such frames went over two frame
        times (docs/performance.md, issue 44)."""
        g = self.game
        if not room or not g.board or g.over or self.timeline is not None:
            return False
        if self.draw.ring_due(now):  # the ring drawn afresh in this frame: the board's work in the next
            return True
        th = self.thinking
        if not th.busy:
            f = 0
            while f < g.families and not (self.board[f] and g.alive(f) and g.pending[f] < 0):
                f += 1
            if f == g.families:
                return False
            th.begin(g, f)  # the engine's mind, from family f's view only
        if th.ready:  # decided in an earlier frame: a frame that thought has no room for a turn's rules
            turn = g.turn
            events = g.apply(th.seat, th.take())
            if g.turn != turn:
                self._resolved(events, now)
        else:
            th.step()
        return True

    def _resolved(self, events, now):
        for p in range(len(self.chosen)):
            self.chosen[p] = -1  # the turn is resolved: every choice is revealed by its events
        self.start_animation(events, now)

    # --- animation ---------------------------------------------------------

    def start_animation(self, events, now):
        self.turns_done += 1
        self.log.extend(events)
        self.timeline = Timeline(events, self.scene)
        self.t0 = now
        self.cut_at = -1

    def finish_animation(self):
        self.timeline = None
        self.cut_at = -1
        self.scene.sync(self.game.view())

    def animating(self):
        return self.timeline is not None

    # --- drawing -----------------------------------------------------------

    def render(self, now):
        g = self.game
        sc = self.scene
        step = None
        elapsed = 0
        if self.timeline is not None:
            elapsed = now - self.t0
            step = self.timeline.current(elapsed)
            if self.timeline.done(elapsed) or (self.cut_at >= 0 and now != self.cut_at):
                self.finish_animation()
                step = None
        dr = self.draw
        dr.draw_ring(now)  # clears the frame first
        for f in range(g.families):
            dr.draw_blood(f, now)
            self._status(f, now)
        if step is not None:
            dr.draw_step(step, elapsed, now)
        elif sc.over:
            dr.draw_end(now)
        else:
            for f in range(g.families):
                if self.looking[f] and g.alive(f) and g.preview_on:
                    self._preview(f, now)

    def _status(self, f, now):
        fr = self.frame
        g = self.game
        a = self.layout.panel_at[f] + STATUS_AT
        b, c = a + 3, a + 6
        if not self.scene.alive[f]:
            fr.put(a, OFF)
            fr.put(b, OFF)
            fr.put(c, OFF)
            return
        mine = self.chosen[f]
        awaited = not g.over and mine < 0 and self.timeline is None
        if self.board[f]:  # the board plays it: steady in its colour, LED 2 dark (its choice is secret)
            fr.put(a, P.SEAT[f])
            fr.put(b, OFF)
            fr.put(c, P.SEAT[f])
            return
        lit = (not awaited) or (now // 400) % 2 == 0
        fr.put(a, P.SEAT[f] if lit else OFF)
        if self.looking[f]:
            shown = mine if mine >= 0 else self.action(f)
            m = VD.META_COLOUR[shown >> 1]
            d = VD.DIR_COLOUR[shown & 1]
            fr.put(b, m)
            fr.put(c, d)
        else:
            fr.put(b, WHITE if now < self.flash_until[f] else OFF)
            fr.put(c, OFF)

    def private_more(self, mask, seats):
        """Mark (mask[led] = 1) the ring's cards where a looking family's vampires could land by any of its
        four choices, while the preview shows it one (table/private.py): all four, so that which cards are
        marked tells nothing of the choice. Worked out once a turn per family."""
        g = self.game
        if not g.preview_on or g.over or self.timeline is not None:
            return
        dr = self.draw
        per = dr.per_card
        at = dr._card_at
        if self._may_land is None:
            self._may_land = [[-1, bytearray()] for _ in range(g.families)]
        for f in range(g.families):
            if not (self.looking[f] and seats >> f & 1 and g.alive(f)):
                continue
            known = self._may_land[f]
            cards = known[1]
            if known[0] != g.turn:
                known[0] = g.turn
                cards[:] = b""
                for a in range(4):
                    got = g.preview(f, a)
                    for v in range(3):
                        i = 0
                        while i < len(cards) and cards[i] != got[v]:  # (MicroPython: no `in` on a bytearray)
                            i += 1
                        if i == len(cards):
                            cards.append(got[v])
            for i in range(len(cards)):
                c = cards[i]
                for k in range(per):
                    mask[at[c * per + k] // 3] = 1

    def _preview(self, f, now):
        g = self.game
        a = self.chosen[f] if self.chosen[f] >= 0 else self.action(f)
        land = self._landing[f]
        if self._landing_for[f] != a + 4 * g.turn:
            got = g.preview(f, a)  # public facts and f's own choice; once per change of choice, not per frame
            for v in range(3):
                land[v] = got[v]
            self._landing_for[f] = a + 4 * g.turn
        if (now // 200) % 2:
            return
        meta = a >> 1
        col = P.SEAT[f]
        for v in range(3):
            shape = morph(self.scene.shape[f * 3 + v], meta)
            self.draw.set_card(land[v], self.draw.slot_led(land[v], shape), col)
            if self.draw.per_card >= 4:
                self.draw.set_card(land[v], 0, VD.PREVIEW)

    # --- text for the host -------------------------------------------------

    def describe(self):
        v = self.game.view()  # what everybody sees
        names = FAMILIES
        n = v["families"]
        lines = ["VampiRing, %s, turn %d" % (v["variant"], v["turn"])]
        if v["board"]:
            lines.append("the board plays: %s (level %d)" % (", ".join(names[f] for f in v["board"]), v["level"]))
        if v["over"]:
            s = v["scores"]
            w = v["winner"]
            quiet = w is None and v["quiet"] and v["quiet_turns"] >= v["quiet"]
            lines.append("game over: " + (names[w] + " wins" if w is not None else "no winner") +
                         (" (%d turns without a wound)" % v["quiet"] if quiet else ""))
            lines.append("scores: " + ", ".join("%s %d" % (names[f], s[f]) for f in range(n)))
            return lines
        waiting = [names[f] for f in range(n) if v["eliminated_turn"][f] is None and not v["submitted"][f]]
        lines.append("waiting for: " + (", ".join(waiting) if waiting else "-"))
        lines.append("drops: " + ", ".join("%s %d" % (names[f], v["drops"][f]) for f in range(n)))
        return lines


__all__ = ["VampiRingPlay", "OFF", "Renderer"]
