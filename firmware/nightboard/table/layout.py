"""Layout: logical cells (ring cards, grid cells, panel LEDs) -> LED chain indices.

Built once from a validated profile (table.profile.load_profile). Every lookup
reads a precomputed integer table, so renderers can call them per LED per
frame without allocating. Conventions:
- The ring is walked clockwise from position 0; clockwise means increasing
  card index in the games. On a grid table the ring is the grid's outer ring
  of cells, clockwise from the top-left cell (0, 0), one LED per position.
- Grid cells: x to the right, y down, (0, 0) top-left as seen from player 0. A hex grid (profile field
  "hex") is addressed the same way; only its drawing differs: rows 1, 3, 5... sit half a cell to the
  right, and rows are sqrt(3)/2 of a cell apart, so every LED is the centre of a hex.
- Panels: blood LEDs 0..7, then status LEDs 0..2, contiguous in the chain.
- Hand panels (optional, one per seat, all the same size): cells (x, y) with x to the seated player's
  right and y towards the player, (0, 0) top-left as that player sees it.
"""

from array import array

BLOOD_LEDS = 8  # a seat's panel: its blood LEDs, then its status LEDs (the validator, table/profile.py, checks)
STATUS_LEDS = 3

STATUS_AT = 3 * BLOOD_LEDS  # byte offset of a panel's status LEDs from its first LED


def play_area(profile):
    """The validated profile's play area segment (kind "ring" or "grid"), None without one. Here rather than
    in tablefit.py, which then need not be imported at a boot that finds a saved game (docs/performance.md)."""
    for s in profile["segments"]:
        if s["kind"] == "ring" or s["kind"] == "grid":
            return s
    return None


def hand_size(profile):
    """(width, height) of the seats' private hand panels ("hand" segments, all the same size), or None."""
    for s in profile["segments"]:
        if s["kind"] == "hand":
            return s["width"], s["height"]
    return None


class Layout:
    """Integer lookup tables for one table; see the module docstring for the conventions."""

    def __init__(self, profile):
        self.name = profile["name"]
        self.led_count = profile["led"]["count"]
        self.max_players = profile["max_players"]
        self.blood_count = BLOOD_LEDS
        self.status_count = STATUS_LEDS
        play = play_area(profile)
        if play is None:
            raise ValueError("segments: no play area (was this profile validated by load_profile?)")
        self.play_id = play["id"]
        self.kind = play["kind"]
        if self.kind == "ring":
            self.width = self.height = 0
            self.hex = False
            self._grid = array("H")
            self.positions = play["positions"]
            self.leds_per_card = play["leds_per_position"]
            self._ring = _ring_table(play)
        else:
            self.width = play["width"]
            self.height = play["height"]
            self.hex = play.get("hex", False)
            self._grid = _grid_table(play)
            self.positions = 2 * (self.width + self.height) - 4
            self.leds_per_card = 1
            self._ring = array("H", [self._grid[y * self.width + x] for x, y in outer_ring(self.width, self.height)])
        self.ring_len = len(self._ring)
        self._panel = array("H", [0] * self.max_players)
        self._panel_id = [""] * self.max_players  # for geometry()
        for s in profile["segments"]:
            if s["kind"] == "panel":
                self._panel[s["player"]] = s["start"]
                self._panel_id[s["player"]] = s["id"]
        # Byte offset in the frame of each panel's first LED, for the per-frame drawing (Frame.put):
        # blood LED k at panel_at[p] + 3 * k, status LED k at panel_at[p] + STATUS_AT + 3 * k.
        self.panel_at = array("H", [3 * a for a in self._panel])
        # Private hand panels: byte offset of cell (x, y) of seat p at hand_at[(p * hand_h + y) * hand_w + x].
        size = hand_size(profile) or (0, 0)
        self.hand_w, self.hand_h = size
        self.hand_at = array("H", [0] * (self.max_players * size[0] * size[1]))
        self._hand_id = [""] * self.max_players
        for s in profile["segments"]:
            if s["kind"] == "hand":
                t = _grid_table(s)
                base = s["player"] * len(t)
                for i in range(len(t)):
                    self.hand_at[base + i] = 3 * t[i]
                self._hand_id[s["player"]] = s["id"]

    def card_position(self, card, n_cards):
        """Ring position of `card` when `n_cards` cards are spread evenly over the positions."""
        if not 0 < n_cards <= self.positions:
            raise ValueError("card_position: %d cards do not fit %d positions" % (n_cards, self.positions))
        if not 0 <= card < n_cards:
            raise ValueError("card_position: card %d out of range 0..%d" % (card, n_cards - 1))
        return card * self.positions // n_cards

    def card_led(self, card, n_cards, k=0):
        """Chain index of the k-th LED (k increasing clockwise) of `card` out of `n_cards`."""
        if not 0 < n_cards <= self.positions:
            raise ValueError("card_led: %d cards do not fit %d positions" % (n_cards, self.positions))
        if not 0 <= card < n_cards:
            raise ValueError("card_led: card %d out of range 0..%d" % (card, n_cards - 1))
        if not 0 <= k < self.leds_per_card:
            raise ValueError("card_led: LED %d out of range 0..%d" % (k, self.leds_per_card - 1))
        return self._ring[card * self.positions // n_cards * self.leds_per_card + k]

    def position_led(self, pos, k=0):
        """Chain index of the k-th LED (clockwise) of ring position `pos`."""
        if not 0 <= pos < self.positions:
            raise ValueError("position_led: position %d out of range 0..%d" % (pos, self.positions - 1))
        if not 0 <= k < self.leds_per_card:
            raise ValueError("position_led: LED %d out of range 0..%d" % (k, self.leds_per_card - 1))
        return self._ring[pos * self.leds_per_card + k]

    def ring_led(self, i):
        """Chain index of the i-th ring LED clockwise from position 0's first LED (wraps around)."""
        return self._ring[i % self.ring_len]

    def cell_led(self, x, y):
        """Chain index of grid cell (x, y); grid tables only."""
        if not self.width:
            raise ValueError("cell_led: table %s has no grid" % self.name)
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError("cell_led: cell (%d, %d) outside the %dx%d grid" % (x, y, self.width, self.height))
        return self._grid[y * self.width + x]

    def blood_led(self, player, k):
        """Chain index of blood LED k (0..7) on `player`'s panel."""
        if not 0 <= player < self.max_players:
            raise ValueError("blood_led: player %d out of range 0..%d" % (player, self.max_players - 1))
        if not 0 <= k < BLOOD_LEDS:
            raise ValueError("blood_led: LED %d out of range 0..%d" % (k, BLOOD_LEDS - 1))
        return self._panel[player] + k

    def status_led(self, player, k):
        """Chain index of status LED k (0..2) on `player`'s panel."""
        if not 0 <= player < self.max_players:
            raise ValueError("status_led: player %d out of range 0..%d" % (player, self.max_players - 1))
        if not 0 <= k < STATUS_LEDS:
            raise ValueError("status_led: LED %d out of range 0..%d" % (k, STATUS_LEDS - 1))
        return self._panel[player] + BLOOD_LEDS + k

    def hand_led(self, player, x, y):
        """Chain index of cell (x, y) of `player`'s private hand panel; tables with hand panels only."""
        if not self.hand_w:
            raise ValueError("hand_led: table %s has no hand panels" % self.name)
        if not 0 <= player < self.max_players:
            raise ValueError("hand_led: player %d out of range 0..%d" % (player, self.max_players - 1))
        if not (0 <= x < self.hand_w and 0 <= y < self.hand_h):
            raise ValueError("hand_led: cell (%d, %d) outside the %dx%d hand panel"
                             % (x, y, self.hand_w, self.hand_h))
        return self.hand_at[(player * self.hand_h + y) * self.hand_w + x] // 3

    def geometry(self):
        """[(led_index, x, y, segment_id)] sorted by LED, in abstract units (LED pitch about 1,
        y down), for drawing the table: ring on a circle or grid on a square (a hex grid's rows
        offset and closer, see the module docstring) centred on (0, 0),
        panels beside it with player 0 at the bottom and the others clockwise.
        Dark "skip" LEDs are left out."""
        import math

        out = []
        if self.kind == "ring":
            n = self.ring_len
            radius = max(n / (2 * math.pi), 3.0)
            half = (self.leds_per_card - 1) / 2  # centre position 0 at the top
            extent = radius
            for c in range(n):
                a = 2 * math.pi * (c - half) / n
                out.append((self._ring[c], radius * math.sin(a), -radius * math.cos(a), self.play_id))
        else:
            w, h = self.width, self.height
            extent = max(w, h) / 2
            for y in range(h):
                for x in range(w):
                    out.append((self._grid[y * w + x],) + hex_centre(x, y, w, h, self.hex) + (self.play_id,))
        gap = 0.5  # between blood and status LEDs
        half_len = (BLOOD_LEDS + STATUS_LEDS - 1 + gap) / 2
        dist = extent + 2.0
        if self.max_players >= 3:
            dist = max(dist, (half_len + 1.0) / math.tan(math.pi / self.max_players))
        for p in range(self.max_players):
            phi = math.pi + 2 * math.pi * p / self.max_players
            ux, uy = math.sin(phi), -math.cos(phi)  # outwards from the centre
            rx, ry = uy, -ux  # the seated player's right hand (facing the centre)
            start = self._panel[p]
            for j in range(BLOOD_LEDS + STATUS_LEDS):
                t = j - half_len + (gap if j >= BLOOD_LEDS else 0)
                out.append((start + j, dist * ux + t * rx, dist * uy + t * ry, self._panel_id[p]))
            # The hand panel beyond the small one, facing its player: row 0 nearest the table's middle.
            w, h = self.hand_w, self.hand_h
            for y in range(h):
                for x in range(w):
                    t = x - (w - 1) / 2
                    d = dist + 2.4 + y  # room for the small panel's labels
                    out.append((self.hand_led(p, x, y), d * ux + t * rx, d * uy + t * ry, self._hand_id[p]))
        out.sort(key=lambda e: e[0])
        for i in range(len(out)):  # in place: a second list would not fit a Pico's heap with hand panels
            e = out[i]
            out[i] = (e[0], _num(e[1]), _num(e[2]), e[3])
        return out


def hex_centre(x, y, w, h, hexed):
    """(x, y) of grid cell (x, y) in geometry()'s units, centred on (0, 0); on a hex grid the odd rows
    half a cell to the right and the rows sqrt(3)/2 apart (floats: host drawings only)."""
    if not hexed:
        return x - (w - 1) / 2, y - (h - 1) / 2
    row = 0.8660254
    return x + (y & 1) / 2 - (w - 1) / 2 - (0.25 if h > 1 else 0), (y - (h - 1) / 2) * row


def _num(v):
    v = round(v, 3)
    return 0.0 if v == 0 else v


def outer_ring(w, h):
    """Cells (x, y) of a w x h grid's outer ring, clockwise from the top-left cell."""
    cells = [(x, 0) for x in range(w)]
    cells += [(w - 1, y) for y in range(1, h)]
    cells += [(x, h - 1) for x in range(w - 2, -1, -1)]
    cells += [(0, y) for y in range(h - 2, 0, -1)]
    return cells


def _ring_table(seg):
    n = seg["positions"] * seg["leds_per_position"]
    step = 1 if seg["clockwise"] else -1
    return array("H", [seg["start"] + (seg["card0"] + step * c) % n for c in range(n)])


def _grid_table(seg):
    w, h = seg["width"], seg["height"]
    left = seg["origin"].endswith("left")
    top = seg["origin"].startswith("top")
    t = array("H", [0] * (w * h))
    for o in range(w * h):
        row, col = o // w, o % w
        if seg["serpentine"] and row % 2:
            col = w - 1 - col
        x = col if left else w - 1 - col
        y = row if top else h - 1 - row
        t[y * w + x] = seg["start"] + o
    return t
