"""Vampire, the card game, on a ring table: the buttons of the player whose choice it is, the public
table on the ring, and each hand on its own panel only while its player holds look.

Buttons of the seat the game waits for (docs/table.md): "mode" picks the next kind of action it may take
(discard, feather, heal, Fate, declare, escape, bite, defend, ward, end), "move" the next choice of that
kind (which cards, on whom), "ok" does it. "look" (any seat, any time) is held to see its own hand on its
panel's first six lights (colour: the suit; brightness: the value), with the cards of the current choice
blinking, and the current kind and target on its status lights. Presses of a seat the game is not waiting
for (or that the board plays: option "board", the last seats) are refused: its status lights 2 and 3
blink magenta, nothing changes. A seat the board plays acts 0.7 s after the board starts waiting for it, having
thought meanwhile a few pieces of work a frame (table/thinking.py). Any mode or move press gives
the same short white flash on status light 2, so the lights never tell others what was chosen.

The ring gives every seat the arc in front of its panel: its light 0 the seat's colour (blinking while the
game waits for it; ice once escaped), light 1 a bite (rose), light 2 feathers on that bite (spring green),
light 3 the Vampire (rose); the Vampire's face-up bones follow, one light each (dim: tired this turn),
more than the arc holds in pages of one light fewer, 1.5 s each (dark its last 0.2 s), a white light after every
page but the last.
Each applied action's public events go to `log` as they happen, and `turns_done` grows so the table saves;
what it did to a seat (a bite, a declaration, an escape, a heal, a bite fended off) flashes on that seat's arc.

On a table with private hand panels (table/hand_panel.py) the hand shows there instead, a row per card
(the suit's colour, the value as lights lit), with the choice on the last row: nothing of the hand or the
choice then shows on the small panel, which everybody can see.
"""

from nightboard.games.vampire_cards import moves as M
from nightboard.games.vampire_cards.deck import FATE as FATE_SUIT, HAND
from nightboard.games.vampire_cards.state import SEATS
from nightboard.table import palette as P
from nightboard.table.eventlog import EventLog
from nightboard.table.hand_panel import HandPanel
from nightboard.table.layout import STATUS_AT
from nightboard.table.thinking import Thinking

REFUSED_MS = 600
BOARD_MS = 700  # a seat the board plays acts this long after the board starts waiting for it, always
FLASH_MS = 150
OFF = P.OFF
WHITE = P.TABLE
BONE = P.BLOOD                  # a bone is a bite
BONE_TIRED = P.dim(P.BLOOD, 2)  # fended off: may not bite again this turn
FEATHER = P.SAFE                # feathers heal a bite
VAMPIRE = P.BLOOD
ESCAPED = P.TRAVEL
# a suit's colour (bone, leaf, track, wave, feather, fate) and its value as brightness, 1..10 (0: Fate);
# the running suits are the wild, the road and a ward (they defend)
SUIT = (BONE, P.WILD, P.TRAVEL, P.WARD, FEATHER, P.MAGIC)
# r, g, b of suit s at value v (0..10) at byte 33 * s + 3 * v: one small buffer, not 66 tuples (heap)
SHADES = bytearray(c * (v + 2) // 12 for col in SUIT for v in range(11) for c in col)
ANIM_MS = 900
DEAL_MS = 110  # one dealt card's way along its seat's arc to the seat's own light
DEAL_MAX = 64  # dealt cards still to show, at most (the start deal of six players is 36)
FLASH_BLINKS = 3
# What an action did, flashed on the arc of the seat it happened to: the first kind found, in this order.
# (event, its field that names the seat, colour)
FLASHES = (("bitten", "seat", P.WOUND), ("bite", "on", P.WOUND), ("declare", "seat", VAMPIRE),
           ("escape", "seat", ESCAPED), ("healed", "seat", FEATHER), ("defended", "seat", WHITE),
           ("warded", "seat", WHITE))
# made once: a tuple of names written in a function is built again at every call (heap per frame)
AIMED = (M.FEATHER, M.HEAL, M.BITE)  # actions aimed at a seat
MASKED = (M.DISCARD, M.DEFEND)  # actions with a mask of hand positions
ONE_CARD = (M.FEATHER, M.HEAL, M.FATE, M.WARD)  # actions with one hand position
# by action kind: end, discard, feather, heal with Fate, Fate at the Vampire, declare, escape, bite,
# defend, ward with Fate; kinds of one meaning differ in brightness (heal, bite and ward are the dim ones)
KIND_COLOUR = (WHITE, P.PLAIN, FEATHER, P.dim(FEATHER, 2), P.MAGIC, VAMPIRE, ESCAPED,
               P.dim(P.BLOOD, 2), P.WARD, P.dim(P.WARD, 2))


# The panel LEDs (0..7 blood, 8..10 status) that carry a looking seat's own view on a table without hand
# panels (table/private.py: every public surface shows them dark); with hand panels none do.
PRIVATE_SMALL = (0, 1, 2, 3, 4, 5, 6, 7, 9, 10)

# Why the game ended, in the words of the game-over line (the engine's end codes).
ENDED = {"count": "every other player is bitten or has escaped", "dawn": "dawn came",
         "slain": "the Vampire is slain", "dry": "the deck ran dry with no Vampire"}

class VampireCardsPlay:
    PRIVATE_PANEL = PRIVATE_SMALL  # (table/private.py)
    PRIVATE_PANEL_HANDS = ()
    def __init__(self, layout, frame, game):
        self.layout = layout
        self.frame = frame
        self.game = game
        seats = layout.max_players
        self.looking = bytearray(seats)
        self.refused_until = [0] * seats
        self.flash_until = [0] * seats
        self.kind = 0  # the kind of action shown, and the choice within it, for the seat the game waits for
        self.pick = 0
        self.dirty = True  # the state changed: the waiting seat's actions are read again
        self.waiting = -1
        self.wait_since = -1  # when the waiting seat began to wait (-1: at the next frame drawn)
        self.lit = True  # the waiting seat's lights in this frame (they blink)
        self.legal = []
        self.chosen = None
        self.version = 0
        self.anim_seat = -1  # the seat whose arc flashes what just happened to it, until anim_until
        self.anim_colour = WHITE
        self.anim_until = 0
        self.now = 0
        self.board_at = 0  # when the board acts for the seat it plays (0: not yet set)
        self.thinking = Thinking()  # its decision, spread over the frames while it waits
        self.log = EventLog()  # the table hands over its own
        self.turns_done = 0
        self.hand_panel = HandPanel(layout, frame)
        # Cards dealt and not yet shown arriving: their seats, oldest first, in a ring of DEAL_MAX. Only who
        # gets how many is shown (public), never which card. deal_t0: when the first one set off (-1: at
        # the next frame).
        self.deal_q = bytearray(DEAL_MAX)
        self.deal_head = 0
        self.deal_len = 0
        self.deal_t0 = -1
        if _fresh(game):  # a game just dealt: the start deal is shown, one card a seat in turn
            for _ in range(max(len(h) for h in game.hands)):
                for s in range(game.n):
                    self._deal(s, 1, -1)

    # --- the waiting seat's choice -----------------------------------------------------------------

    def _refresh(self):
        if not self.dirty:
            return
        g = self.game
        self.dirty = False
        w = -1 if g.over else g.to_move()[0]
        if w != self.waiting:
            self.wait_since = -1
        self.waiting = w
        self.legal = [] if g.over else g.legal(self.waiting)
        self.kind = 0
        self.pick = 0
        self._choose()

    def _kinds(self):
        out = []
        for a in self.legal:
            k = a // 1024
            if k not in out:
                out.append(k)
        return out

    def _of_kind(self):
        kinds = self._kinds()
        if not kinds:
            return []
        k = kinds[self.kind % len(kinds)]
        return [a for a in self.legal if a // 1024 == k]

    def _choose(self):
        """The action shown, worked out when the choice changes (a frame only reads it: no heap)."""
        self.version += 1  # what the hand panels show has changed
        same = self._of_kind()
        self.chosen = same[self.pick % len(same)] if same else None

    def chosen_action(self):
        self._refresh()
        return self.chosen

    def press(self, player, role, now):
        g = self.game
        if player >= g.n:
            return
        if role == "look":
            self.looking[player] = 1
            return
        self._refresh()
        if player != self.waiting or g.board_plays(player):
            self.refused_until[player] = now + REFUSED_MS
            return
        if role == "mode":
            self.kind += 1
            self.pick = 0
            self._choose()
            self.flash_until[player] = now + FLASH_MS
        elif role == "move" or role == "back":  # back: a long press of move, whose press stepped on
            self.pick += 1 if role == "move" else -2
            self._choose()
            self.flash_until[player] = now + FLASH_MS
        elif role == "ok":
            a = self.chosen_action()
            if a is not None:
                self._do(player, a, now)

    def play_action(self, seat, action, now):
        """Play `action` for `seat` as its buttons would (the bench's drives and the tests: one name for
        every game's controller)."""
        self._do(seat, action, now)

    def _do(self, seat, a, now):
        self.thinking.cancel()  # a decision begun was for the position before this action
        events = self.game.apply(seat, a)
        self.log.extend(events)
        self._flash(events, now)
        for e in events:
            if e.get("e") == "draw":
                self._deal(e["seat"], e["n"], now)
        self.turns_done += 1
        self.dirty = True
        self.board_at = 0

    def board_step(self, now, room):
        """The table's call before each frame it draws (docs/games.md): the seat the board plays acts
        BOARD_MS after it began to wait, whatever it holds (the time tells nothing); in a frame with room,
        a frame's worth of its thinking, or, in a frame that does not think, its action."""
        self._refresh()
        s = self.waiting
        if s < 0 or not self.game.board_plays(s):
            return
        if self.deal_len:  # the deal is seen whole before the board goes on
            self.board_at = 0
            return
        if not self.board_at:
            self.board_at = now + BOARD_MS
        if not room:
            return
        th = self.thinking
        if not th.busy:
            th.begin(self.game, s)  # from that seat's view only, a few pieces of work a frame
        if th.ready and now >= self.board_at:
            self._do(s, th.take(), now)
            return
        th.step()

    def release(self, player, role, now):
        if role == "look" and player < len(self.looking):
            self.looking[player] = 0

    def _flash(self, events, now):
        """What the action did, shown on the arc of the seat it happened to (public events only): the
        flash of the first event of FLASHES' kinds, FLASH_BLINKS times over ANIM_MS."""
        self.anim_seat = -1
        for kind, field, colour in FLASHES:
            for e in events:
                if e.get("e") == kind:
                    self.anim_seat = e[field]
                    self.anim_colour = colour
                    self.anim_until = now + ANIM_MS
                    return

    def animating(self):
        return self.deal_len > 0 or (self.anim_seat >= 0 and self.now < self.anim_until)

    def _deal(self, seat, k, now):
        """k cards dealt to seat, shown after those still on their way (now -1: from the next frame)."""
        if not self.deal_len:
            self.deal_t0 = now
        while k > 0 and self.deal_len < DEAL_MAX:
            self.deal_q[(self.deal_head + self.deal_len) % DEAL_MAX] = seat
            self.deal_len += 1
            k -= 1

    def _dealing(self, now, ring, sector):
        """The card on its way: a light in its seat's colour running along the seat's arc, from the arc's
        far end to the seat's own light, DEAL_MS a card; the cards arrived leave the queue."""
        if self.deal_t0 < 0:
            self.deal_t0 = now
        while self.deal_len and now - self.deal_t0 >= DEAL_MS:
            self.deal_head = (self.deal_head + 1) % DEAL_MAX
            self.deal_len -= 1
            self.deal_t0 += DEAL_MS
        if not self.deal_len:
            return
        s = self.deal_q[self.deal_head]
        step = (now - self.deal_t0) * sector // DEAL_MS
        self.frame.put(3 * self.layout.ring_led(ring // 2 + s * sector + sector - 1 - step), P.SEAT[s])

    # --- drawing -----------------------------------------------------------------------------------

    def render(self, now):
        g = self.game
        fr = self.frame
        lay = self.layout
        fr.clear()
        self._refresh()
        n = g.n
        blink = (now // 400) % 2 == 0
        waiting = self.waiting
        # The seat the game waits for blinks from when it began to wait, dark first: the frame that hands the
        # table to the next seat changes a light at once, whatever the clock (a tap from a phone is seen on
        # the table within a frame of the turn, not up to 25 frames later when the blink came round).
        if self.wait_since < 0:
            self.wait_since = now
        lit = self.lit = ((now - self.wait_since) // 400) % 2 == 1
        ring = lay.ring_len
        seats = lay.max_players
        sector = ring // seats
        for s in range(n):
            if s >= seats:
                break
            at = ring // 2 + s * sector  # the arc in front of its panel (panel 0 faces ring position 0 across the table)
            col = ESCAPED if g.escaped[s] else P.SEAT[s]
            if s == waiting and not lit:
                col = OFF
            fr.put(3 * lay.ring_led(at), col)
            if g.bites[s] >= 0:
                fr.put(3 * lay.ring_led(at + 1), BONE)
            if g.feathers[s]:
                fr.put(3 * lay.ring_led(at + 2), FEATHER)
            if s == g.vampire:
                fr.put(3 * lay.ring_led(at + 3), VAMPIRE)
                # its face-up bones (public) from light 4 on; more than the arc holds: pages of room - 1 in
                # turn, 1.5 s each and its last 0.2 s dark, the light after a page white while another follows
                bones = g.bones
                b = len(bones)
                room = sector - 4
                first = 0
                last = min(b, room)
                if b > room > 1:
                    room -= 1
                    first = (now // 1500) % ((b + room - 1) // room) * room
                    last = min(b, first + room)
                    if now % 1500 >= 1300:
                        last = first  # dark a moment: two pages alike are seen as two
                    elif last < b:
                        fr.put(3 * lay.ring_led(at + 4 + room), WHITE)
                for i in range(first, last):
                    fr.put(3 * lay.ring_led(at + 4 + i - first), BONE_TIRED if bones[i] in g.tired else BONE)
            self._panel(s, now, blink)
        self.now = now
        if self.deal_len:
            self._dealing(now, ring, sector)
        a = self.anim_seat
        if 0 <= a < seats and now < self.anim_until:
            lit = ((self.anim_until - now) // (ANIM_MS // (2 * FLASH_BLINKS))) & 1
            at = ring // 2 + a * sector
            for k in range(4):
                fr.put(3 * lay.ring_led(at + k), self.anim_colour if lit else OFF)

    def _panel(self, s, now, blink):
        g = self.game
        fr = self.frame
        a = self.layout.panel_at[s]
        st = a + STATUS_AT
        fr.put(st, P.SEAT[s] if (s != self.waiting or self.lit) else OFF)
        if now < self.refused_until[s]:
            fr.put(st + 3, P.ERROR if blink else OFF)
            fr.put(st + 6, P.ERROR if blink else OFF)
            return
        fr.put(st + 3, WHITE if now < self.flash_until[s] else OFF)
        if not self.looking[s] or s >= g.n:
            return
        hand = g.hands[s]  # its own hand, on its own panel, while it holds look
        chosen = self.chosen_action() if s == self.waiting else None
        cards = _cards_of(chosen, len(hand))
        hp = self.hand_panel
        if hp.present():  # the choice is shown on the private panel, never on the small one others can see
            if hp.stale(s, (self.version << 1) | (1 if blink else 0)):
                self._hand(s, hand, cards, blink, chosen)
            hp.show(s)
            return
        self._small_hand(s, hand, cards, blink, a)
        if chosen is not None:
            fr.put(st + 3, KIND_COLOUR[chosen // 1024])
            t = (chosen % 1024) // 64
            if chosen // 1024 in AIMED:
                fr.put(st + 6, P.SEAT[t])

    def _hand(self, s, hand, cards, blink, chosen):
        """The hand on the seat's private hand panel: a row per card, in the suit's colour, as many lights
        as its value (a Fate card: the whole row, every other light); the cards of the choice blink.
        The last row shows the choice: its first light the kind of action, the second the seat it aims at."""
        hp = self.hand_panel
        g = self.game
        if chosen is not None:
            hp.cell(s, 0, hp.h - 1, KIND_COLOUR[chosen // 1024])
            if chosen // 1024 in AIMED:
                hp.cell(s, 1, hp.h - 1, P.SEAT[(chosen % 1024) // 64])
        for i in range(len(hand)):
            if cards >> i & 1 and not blink:
                continue
            suit, value = g.cards[hand[i]]
            if suit == FATE_SUIT:
                hp.row(s, i, SUIT[suit], (hp.w + 1) // 2, 0, 2)
            else:
                hp.row(s, i, SUIT[suit], value)

    def _small_hand(self, s, hand, cards, blink, a):
        """A table without hand panels: the hand on the panel's first six lights, its value as brightness."""
        g = self.game
        fr = self.frame
        for i in range(len(hand)):
            suit, value = g.cards[hand[i]]
            if cards >> i & 1 and not blink:
                continue
            k = 33 * suit + 3 * (value if value <= 10 else 10)
            rgb = fr.rgb
            j = a + 3 * i
            rgb[j] = SHADES[k]
            rgb[j + 1] = SHADES[k + 1]
            rgb[j + 2] = SHADES[k + 2]

    # --- text for the host -------------------------------------------------------------------------

    def describe(self):
        g = self.game
        v = g.view(None)
        lines = ["Vampire (the card game), turn %d, %s to play" % (g.turn, SEATS[g.seat])]
        if g.over:
            w = g.winners
            names = [SEATS[s] for s in w]
            who = " and ".join(names) + (" wins" if len(names) == 1 else " win") if names else "nobody wins"
            lines.append("game over, %s: %s" % (ENDED.get(g.end, g.end), who))
            return lines
        lines.append("waiting for: %s (%s)" % (SEATS[g.to_move()[0]], g.phase))
        lines.append("hands: " + ", ".join("%s %d" % (SEATS[s], v["sizes"][s]) for s in range(g.n))
                     + "; pile %d, discards %d" % (v["pile"], len(v["discard"])))
        if g.vampire >= 0:
            lines.append("Vampire: %s, %d bones face up" % (SEATS[g.vampire], len(g.bones)))
        return lines


def _fresh(g):
    """Whether nothing has happened yet in this game (it was just dealt): public facts only."""
    return (g.turn == 1 and g.phase == "play" and g.vampire < 0 and not g.discard
            and all(len(h) == HAND for h in g.hands))


def _cards_of(a, n):
    """The hand positions an action uses (a mask), for the blinking cards of the choice."""
    if a is None:
        return 0
    kind, x = a // 1024, a % 64
    if kind in MASKED:
        return x
    if kind in ONE_CARD:
        return 1 << x
    return 0


__all__ = ["VampireCardsPlay"]
