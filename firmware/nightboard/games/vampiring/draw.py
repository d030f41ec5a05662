"""Draws a VampiRing Scene onto the table's LEDs.

Per card position: LED 0 shows the card's kind (one fixed colour per kind, a
Home in its family's colour dimmed); with 4 or more LEDs per card, LEDs 1-3
are the Man, Wolf and Bat slots, lit in the colour of the family whose vampire
of that shape stands there (several families take turns every half second).
With fewer LEDs per card (the grid table's outer ring) the card's LEDs take
turns between the card colour and the vampires on it.
Each family's panel: 8 blood LEDs in the three states of V15 (held, lost in
the last turn, lost before) and 3 status LEDs (see games/vampiring/play.py).
Nothing here allocates per frame. The ring is drawn once per change: while
the cards, the vampires and the time phases it shows stay the same, the
next frame starts from a copy of the last drawing (one C-level copy instead
of a Python loop over every card LED).
"""

from array import array

from nightboard.games.vampiring.cards import HOME_BASE
from nightboard.table import palette as P
from nightboard.games.vampiring import scene as S

# VampiRing's cards by meaning (codes from games/vampiring/cards.py); a Home shows its family's colour,
# dimmed. Forest and Cave share WILD and are told apart by brightness (the Cave is the dark one).
CARD = {
    1: P.TRAVEL,         # carriage: the vampire goes on
    2: P.MAGIC,          # parchment: the spell that sends it home
    3: P.MORTAL,         # tower: the Men's stronghold
    4: P.WILD,           # forest: the Wolves'
    5: P.dim(P.WILD, 2), # cave: the Bats', dark
    6: P.GARLIC,         # garlic
    7: P.SIGHT,          # mirror
    8: P.PLAIN,          # graveyard: an ordinary place
    9: P.HOLY,           # cross
}
HOME_DIM_SHIFT = 2  # a Home is its family colour / 4, so it never reads as a vampire
BLOOD_LOST_LAST = P.BLOOD_LOST  # lost in the last turn: dim blood
BLOOD_LOST = P.OFF              # lost before: dark
BLOCKED = P.TABLE
FIGHT = P.TABLE
GHOST = P.SIGHT
PREVIEW = P.TABLE
META_COLOUR = (P.TABLE, P.MAGIC)   # A white, B sky blue (shown only to the owner, while looking)
DIR_COLOUR = (P.TABLE, P.TRAVEL)   # cw white, ccw ice

CYCLE_MS = 500


HOME = tuple(P.dim(c, HOME_DIM_SHIFT) for c in P.SEAT)
OFF = P.OFF


def _copy_list(dst, src):
    # Item by item: a slice assignment to a list allocates under MicroPython.
    for i in range(len(src)):
        dst[i] = src[i]


class Renderer:
    def __init__(self, layout, frame, scene):
        self.layout = layout
        self.frame = frame
        self.scene = scene
        self.n_cards = scene.size
        self.per_card = layout.leds_per_card
        self._count = bytearray(scene.size * 4)  # vampires per (card, shape) and per card (index 3)
        self._first = bytearray(scene.size * 4)  # family of the first vampire counted in each slot
        self._zero = bytes(scene.size * 4)
        self._rgb = frame.rgb
        # Byte offsets into the frame, looked up once: the per-frame code writes the colours straight in
        # (the colours are the palette's, always valid), one call less per LED than Frame.set.
        self._card_at = array("H", [0] * (scene.size * self.per_card))
        for c in range(scene.size):
            for k in range(self.per_card):
                self._card_at[c * self.per_card + k] = 3 * layout.card_led(c, scene.size, k)
        # The last ring drawn (on an otherwise dark frame) and what it showed.
        self._img = bytearray(len(frame.rgb))
        self._seen_ring = list(scene.ring)
        self._seen_pos = list(scene.pos)
        self._seen_shape = list(scene.shape)
        self._seen_alive = bytearray(scene.alive)
        self._seen_haunted = bytearray(scene.haunted)
        self._seen_time = -1  # -1: nothing drawn yet
        self._no_haunt = bytes(scene.size)

    def set_card(self, c, k, col):
        self.frame.put(self._card_at[c * self.per_card + k], col)

    def card_colour(self, c, now):
        card = self.scene.ring[c]
        if card >= HOME_BASE:
            if self.scene.haunted[c]:
                return GHOST if (now // 150) % 4 == 0 else HOME[card - HOME_BASE]
            return HOME[card - HOME_BASE]
        return CARD[card]

    def _count_slots(self):
        """Fill the slot counts; True when some LED takes turns (a shared slot, or a small card in use)."""
        sc = self.scene
        cnt = self._count
        first = self._first
        cnt[:] = self._zero
        n3 = 3 * sc.families
        turns = False
        for i in range(n3):
            if sc.alive[i // 3]:
                j = sc.pos[i] * 4 + sc.shape[i]
                if not cnt[j]:
                    first[j] = i // 3  # the slot's colour when it holds one vampire (the usual case)
                else:
                    turns = True
                cnt[j] += 1
                cnt[sc.pos[i] * 4 + 3] += 1
        return turns or (n3 > 0 and self.per_card < 4)

    def _ring_time(self, now):
        """What of `now` the ring's picture shows: its slots' turns and the Haunted Houses' blink."""
        t = (now // CYCLE_MS) * 2 if self._count_slots() else 0
        if self.scene.haunted != self._no_haunt and (now // 150) % 4 == 0:
            t += 1
        return t

    def _ring_kept(self, t):
        sc = self.scene
        return (t == self._seen_time and sc.pos == self._seen_pos and sc.shape == self._seen_shape
                and sc.ring == self._seen_ring and sc.alive == self._seen_alive
                and sc.haunted == self._seen_haunted)

    def ring_due(self, now):
        """True when draw_ring(now) would draw the ring afresh (some 9 ms more than its copy on the
        emulated RP2040): such a frame has no room for the board's thinking (play.board_step)."""
        return not self._ring_kept(self._ring_time(now))

    def draw_ring(self, now):
        """Clear the frame and draw the ring (from the copy of the last drawing when nothing changed)."""
        sc = self.scene
        t = self._ring_time(now)
        if self._ring_kept(t):
            self._rgb[:] = self._img
            return
        self.frame.clear()
        self._draw_cards(now)
        self._img[:] = self._rgb
        self._seen_time = t
        _copy_list(self._seen_pos, sc.pos)
        _copy_list(self._seen_shape, sc.shape)
        _copy_list(self._seen_ring, sc.ring)
        self._seen_alive[:] = sc.alive
        self._seen_haunted[:] = sc.haunted

    def _draw_cards(self, now):
        cnt = self._count
        first = self._first
        phase = now // CYCLE_MS
        per = self.per_card
        for c in range(self.n_cards):
            base = self.card_colour(c, now)
            if per >= 4:
                self.set_card(c, 0, base)
                for s in range(3):
                    k = cnt[c * 4 + s]
                    if k == 0:
                        self.set_card(c, 1 + s, OFF)
                    elif k == 1:
                        self.set_card(c, 1 + s, P.SEAT[first[c * 4 + s]])
                    else:
                        self.set_card(c, 1 + s, P.SEAT[self._nth(c, s, phase % k)])
                for k in range(4, per):
                    self.set_card(c, k, base)
            else:
                # Too few LEDs for a slot per shape: each LED takes turns between the card and its vampires.
                total = cnt[c * 4 + 3]
                for k in range(per):
                    slot = (phase + k) % (total + 1)
                    self.set_card(c, k, base if slot == 0 else P.SEAT[self._nth(c, -1, slot - 1)])

    def _nth(self, card, shape, n):
        """The family of the n-th vampire (in family order) on card with shape (-1: any shape)."""
        sc = self.scene
        for i in range(3 * sc.families):
            if sc.alive[i // 3] and sc.pos[i] == card and (shape < 0 or sc.shape[i] == shape):
                if n == 0:
                    return i // 3
                n -= 1
        return 0

    def slot_led(self, c, shape):
        """(card, k) of the LED showing this shape on card c."""
        return 1 + shape if self.per_card >= 4 else 0

    def draw_blood(self, f, now, panel_player=None):
        sc = self.scene
        lay = self.layout
        p = f if panel_player is None else panel_player
        held = sc.drops[f] if sc.alive[f] else 0
        last = sc.lost_last[f]
        rgb = self._rgb
        j = lay.panel_at[p]
        for k in range(lay.blood_count):
            if k < held:
                c = P.BLOOD_HELD
            elif k < held + last:
                c = BLOOD_LOST_LAST
            else:
                c = BLOOD_LOST
            rgb[j] = c[0]  # written here rather than through Frame.put: one call less per LED, every frame
            rgb[j + 1] = c[1]
            rgb[j + 2] = c[2]
            j += 3

    def draw_step(self, st, elapsed, now):
        """The overlay of the timeline step playing now."""
        kind = st[0]
        local = elapsed - st[1]
        on = (local // 80) % 2 == 0
        if kind == S.STEP or kind == S.PARCHMENT:
            i = st[2]
            f = i // 3
            c = self.scene.pos[i]
            if kind == S.PARCHMENT and on:
                self.set_card(c, 0, CARD[2])
            k = self.slot_led(c, self.scene.shape[i])
            self.set_card(c, k, P.SEAT[f])
        elif kind == S.MORPH:
            pass
        elif kind == S.FIGHT:
            if on:
                self.set_card(st[2], 0, FIGHT)
        elif kind == S.WOUND or kind == S.BLOCKED or kind == S.HAUNT:
            i = st[3]
            c = st[2]
            col = P.WOUND if kind == S.WOUND else (BLOCKED if kind == S.BLOCKED else GHOST)
            if on:
                self.set_card(c, self.slot_led(c, self.scene.shape[i]), col)
                if kind == S.HAUNT:
                    self.set_card(c, 0, GHOST)
        elif kind == S.DROPS:
            f = st[2]
            lay = self.layout
            for k in range(st[4], st[4] + st[3]):
                if k < lay.blood_count:
                    self.frame.put(lay.panel_at[f] + 3 * k, P.WOUND if on else BLOOD_LOST)
        elif kind == S.ELIM:
            f = st[2]
            lay = self.layout
            c = P.SEAT[f] if on else OFF
            for k in range(lay.blood_count):
                self.frame.put(lay.panel_at[f] + 3 * k, c)

    def draw_end(self, now):
        """The winner's colour runs round the ring; each panel shows its score as a bar."""
        sc = self.scene
        w = sc.winner
        head = (now // 60) % self.n_cards
        if w >= 0:
            col = P.SEAT[w]
            for d in range(3):
                self.set_card((head + d * self.n_cards // 3) % self.n_cards, 0, col)
        top = 1
        for f in range(sc.families):
            if sc.scores[f] > top:
                top = sc.scores[f]
        lay = self.layout
        for f in range(sc.families):
            lit = (sc.scores[f] * lay.blood_count + top - 1) // top
            col = P.SEAT[f]
            for k in range(lay.blood_count):
                c = col if k < lit else OFF
                if f == w and k < lit and (now // 300) % 2:
                    c = P.BLOOD_HELD
                self.frame.put(lay.panel_at[f] + 3 * k, c)
