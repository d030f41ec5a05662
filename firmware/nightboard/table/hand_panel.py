"""A seat's private hand panel: a small matrix of lights that faces its own player only.

Drawing is by rows, the one idea a player has to learn: each row is one thing (a card, a kind of
thing held), its colour says what it is and the number of lights lit from the left how much (a card's
value, how many). A row of the current choice blinks. Games call these from their renderers, only for
a seat that holds look, and with nothing but that seat's own view; the table names no game here.
Every call writes the frame in place through the layout's precomputed offsets: nothing is allocated.
"""


class HandPanel:
    """Row drawing on the private hand panels of a table (Layout.hand_w x Layout.hand_h per seat)."""

    def __init__(self, layout, frame):
        self.w = layout.hand_w
        self.h = layout.hand_h
        self.at = layout.hand_at
        self.rgb = frame.rgb

    def present(self):
        """Whether the table has hand panels at all (else games keep a hand on the small panel)."""
        return self.w > 0

    def cell(self, seat, x, y, c):
        """Colour c (r, g, b) at cell (x, y) of `seat`'s panel; cells outside the panel are ignored."""
        if 0 <= x < self.w and 0 <= y < self.h:
            j = self.at[(seat * self.h + y) * self.w + x]
            rgb = self.rgb
            rgb[j] = c[0]
            rgb[j + 1] = c[1]
            rgb[j + 2] = c[2]

    def row(self, seat, y, c, count, start=0):
        """`count` lights of row y in colour c, from x = start; the last light of a full row that
        holds more than fits turns white: "and more"."""
        w = self.w
        n = count if start + count <= w else w - start
        for x in range(start, start + n):
            self.cell(seat, x, y, c)
        if start + count > w and w > 0:
            self.cell(seat, w - 1, y, MORE)

    def shade(self, seat, x, y, buf, k):
        """The colour at buf[k..k+2] (a bytearray of shades) at cell (x, y): no tuple made."""
        if 0 <= x < self.w and 0 <= y < self.h:
            j = self.at[(seat * self.h + y) * self.w + x]
            rgb = self.rgb
            rgb[j] = buf[k]
            rgb[j + 1] = buf[k + 1]
            rgb[j + 2] = buf[k + 2]


MORE = (255, 255, 255)

__all__ = ["HandPanel", "MORE"]
