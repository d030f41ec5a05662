"""VampEmpire's map: an 8x8 hex grid in offset rows (odd rows sit half a hex to the right).

Hex h is row h // 8, column h % 8; row 0 is the far edge. Distances are hex steps. Corners, the
four middle hexes and the Vatican's place (notes M1-M3 in docs/vampempire-rules-notes.md) live here.
"""

SIDE = 8
HEXES = SIDE * SIDE
# Start corners in the order seats take them (M2): counterclockwise round the map from the top left.
CORNERS = (0, 56, 63, 7)
CORNERS_TWO = (0, 63)  # two players start on opposite corners
MIDDLE = (27, 28, 35, 36)


def distance(a, b):
    """Hex steps from a to b (cube coordinates, worked out inline: legal() asks this often)."""
    ar, br = a // SIDE, b // SIDE
    dx = (a % SIDE - (ar - (ar & 1)) // 2) - (b % SIDE - (br - (br & 1)) // 2)
    dz = ar - br
    dy = dx + dz
    if dx < 0:
        dx = -dx
    if dy < 0:
        dy = -dy
    if dz < 0:
        dz = -dz
    return dx if dx >= dy and dx >= dz else (dy if dy >= dz else dz)


def neighbours(h):
    """The hexes next to h, in increasing order. Odd rows sit half a hex to the right, so the rows above
    and below touch columns c - 1 and c from an even row, c and c + 1 from an odd one."""
    out = []
    r, c = h // SIDE, h % SIDE
    lo = c - 1 + (r & 1)
    for rr in (r - 1, r, r + 1):
        if rr < 0 or rr >= SIDE:
            continue
        for cc in ((c - 1, c + 1) if rr == r else (lo, lo + 1)):
            if 0 <= cc < SIDE:
                out.append(rr * SIDE + cc)
    return out


def within(h, d):
    """Every hex at distance 1..d from h, in increasing order: row by row, the run of columns whose cube
    coordinates lie within d (no distance worked out hex by hex: the board's thinking asks this often)."""
    out = []
    r = h // SIDE
    x = h % SIDE - (r - (r & 1)) // 2
    for rr in range(max(0, r - d), min(SIDE, r + d + 1)):
        dz = rr - r
        shift = (rr - (rr & 1)) // 2
        for dx in range(max(-d, -d - dz), min(d, d - dz) + 1):
            cc = x + dx + shift
            if 0 <= cc < SIDE and (dx or dz):
                out.append(rr * SIDE + cc)
    return out


def starts(players):
    return list(CORNERS_TWO if players == 2 else CORNERS[:players])


def vatican(players):
    """M3: the middle hex nearest the last seat's corner; on a tie, the one nearer in rows, then columns."""
    last = starts(players)[-1]

    def key(h):
        return (distance(h, last), abs(h // SIDE - last // SIDE), abs(h % SIDE - last % SIDE), h)

    best = MIDDLE[0]
    for h in MIDDLE:
        if key(h) < key(best):
            best = h
    return best


def name(h):
    """A hex's name: column letter and row number, a1 at the top left."""
    return "abcdefgh"[h % SIDE] + str(h // SIDE + 1)
