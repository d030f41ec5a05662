"""Which LEDs carry a seat's private view now, and the frame as every public surface shows it.

A seat's own secrets show on the table only on its hand panel (always private) or on its small panel
while its player holds look. The game's controller says which LEDs those are, from public facts only
(who holds look is seen by everybody):

- `PRIVATE_PANEL` (class data, optional): the panel LEDs (0..7 blood, 8..10 status) on which it draws
  a looking seat's private view; without it, the whole panel; `PRIVATE_PANEL_HANDS` the same on a table
  with hand panels (without it, PRIVATE_PANEL);
- `private_more(mask, seats)` (optional): marks further LEDs (mask[led] = 1) that carry the private view
  of a seat in the bit set `seats` now,
  e.g. a preview, on the shared ring, of where a looking seat's pieces would land; the LEDs it marks must not
  depend on a secret.

`Private(layout)` keeps a mask and an output frame, made once: `public(table)` is the frame without
those LEDs (the protocol's `frame`, and so the monitor and the party server's table page; the host's
snapshot and the browser table call it too), and `hide_phones(table)` darkens, in the frame itself, the
private LEDs of the seats played from a phone (its `phones`), so that the table draws nothing private
for them. Nothing is allocated once it is made.
"""

from nightboard.table.layout import STATUS_AT

WHOLE_PANEL = bytes(range(STATUS_AT // 3 + 3))  # every LED of a panel (8 blood, 3 status)


class Private:
    def __init__(self, layout):
        self.layout = layout
        n = layout.led_count
        self.mask = bytearray(n)
        self.zero = bytes(n)
        self.out = bytearray(3 * n)
        self.phones = 0  # bit s: seat s is played from a phone (Table.set_phone)

    def mark(self, t, seats):
        """The mask of the private LEDs of the seats in the bit set `seats` that hold look now (and their
        hand panels, whatever they hold): mask[led] = 1."""
        mask = self.mask
        mask[:] = self.zero
        lay = self.layout
        play = t.play
        looking = getattr(play, "looking", None) if play is not None else None
        cells = lay.hand_w * lay.hand_h
        hand = lay.hand_at
        if cells:
            for s in range(lay.max_players):
                if seats >> s & 1:
                    for j in range(s * cells, (s + 1) * cells):
                        mask[hand[j] // 3] = 1
        if looking is None:
            return mask
        leds = getattr(play, "PRIVATE_PANEL", WHOLE_PANEL)
        if cells:
            leds = getattr(play, "PRIVATE_PANEL_HANDS", leds)
        n = min(len(looking), lay.max_players)
        for s in range(n):
            if looking[s] and seats >> s & 1:
                first = lay.panel_at[s] // 3
                for k in leds:
                    mask[first + k] = 1
        more = getattr(play, "private_more", None)
        if more is not None:
            more(mask, seats)
        return mask

    def public(self, t):
        """The table's frame with every seat's private LEDs dark (a buffer kept here)."""
        out = self.out
        out[:] = t.frame.rgb
        if t.play is None:
            return out
        mask = self.mark(t, -1)
        for i in range(len(mask)):
            if mask[i]:
                j = 3 * i
                out[j] = out[j + 1] = out[j + 2] = 0
        return out

    def hide_phones(self, t):
        """Darken, in the frame itself, what is private of the seats played from a phone. Games draw a seat's
        own view only while it holds look: a frame in which no such seat looks costs nothing more."""
        looking = getattr(t.play, "looking", None)
        if looking is None:
            return
        phones = self.phones
        s = 0
        while s < len(looking) and not (looking[s] and phones >> s & 1):
            s += 1
        if s == len(looking):
            return
        mask = self.mark(t, phones)
        rgb = t.frame.rgb
        for i in range(len(mask)):
            if mask[i]:
                j = 3 * i
                rgb[j] = rgb[j + 1] = rgb[j + 2] = 0
