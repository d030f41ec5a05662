"""A seat's private hand panel: a small matrix of lights that faces its own player only.

Drawing is by rows, the one idea a player has to learn: each row is one thing (a card, a kind of
thing held), its colour says what it is and the number of lights lit from the left how much (a card's
value, how many). A row of the current choice blinks. Games call these from their renderers, only for
a seat that holds look, and with nothing but that seat's own view; the table names no game here.

A panel is drawn into its own image (the panel's LEDs are one stretch of the chain) only when what it
shows changes -- the game gives a key that changes with it -- and copied into the frame by one C-level
copy every frame: a frame with every seat looking costs about what one without does. Nothing is
allocated per frame.
"""

from nightboard.table import palette as P

MORE = P.TABLE  # the last light of a row that holds more than it shows


class HandPanel:
    """Row drawing on the private hand panels of a table (Layout.hand_w x Layout.hand_h per seat)."""

    def __init__(self, layout, frame):
        self.w = w = layout.hand_w
        self.h = h = layout.hand_h
        cells = w * h
        seats = layout.max_players if cells else 0
        self.at = at = layout.hand_at  # byte offsets in the frame; less first[seat]: in the seat's image
        self.first = [min(at[p * cells:(p + 1) * cells]) if cells else 0 for p in range(seats)]
        self.img = [bytearray(3 * cells) for _ in range(seats)]
        self.zero = bytes(3 * cells)
        win = memoryview(frame.rgb)
        self.win = [win[f:f + 3 * cells] for f in self.first]
        self.key = [-1] * seats

    def present(self):
        """Whether the table has hand panels at all (else games keep a hand on the small panel)."""
        return self.w > 0

    def stale(self, seat, key):
        """True when `key` (a small int that changes whenever what the seat's panel shows changes) is not
        the one its image was drawn for: the image is then cleared, to be drawn again."""
        if self.key[seat] == key:
            return False
        self.key[seat] = key
        self.img[seat][:] = self.zero
        return True

    def show(self, seat):
        """Copy the seat's image into the frame (call it every frame the seat holds look)."""
        self.win[seat][:] = self.img[seat]

    def forget(self, seat):
        """The next stale() for this seat is true (call it when its player lets go of look)."""
        self.key[seat] = -1

    def cell(self, seat, x, y, c):
        """Colour c (r, g, b) at cell (x, y) of `seat`'s image; cells outside the panel are ignored."""
        if 0 <= x < self.w and 0 <= y < self.h:
            j = self.at[(seat * self.h + y) * self.w + x] - self.first[seat]
            rgb = self.img[seat]
            rgb[j] = c[0]
            rgb[j + 1] = c[1]
            rgb[j + 2] = c[2]

    def row(self, seat, y, c, count, start=0, step=1):
        """`count` lights of row y in colour c, from x = start, every `step`-th cell; when a row holds more
        than fits, its last light turns white: "and more"."""
        w = self.w
        if not 0 <= y < self.h or w == 0:
            return
        end = start + count * step
        more = end > w + step - 1
        if end > w:
            end = w
        base = (seat * self.h + y) * w
        at = self.at
        first = self.first[seat]
        rgb = self.img[seat]
        r, g, b = c
        x = start
        while x < end:  # (a range with a step that is not a constant allocates on MicroPython)
            j = at[base + x] - first
            rgb[j] = r
            rgb[j + 1] = g
            rgb[j + 2] = b
            x += step
        if more:
            j = at[base + w - 1] - first
            rgb[j] = rgb[j + 1] = rgb[j + 2] = 255


__all__ = ["HandPanel", "MORE"]
