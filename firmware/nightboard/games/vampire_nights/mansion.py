"""The mansion's geometry: cells, rays, and where a guard may go or aim (pure functions of a state).

A cell is col * 8 + row: row 0 the column's Entrance, rows 1..5 its rooms (top to bottom), row 6 its
Garden. A room holds a tile kind or EMPTY; `up` says whether it lies face up. Rulings named Mn are in
docs/vampire_nights-rules-notes.md.
"""

EMPTY = 255
ENTRANCE, GARDEN = 0, 6
SECRET = 3  # the Garden's secret space (1 and 2 are the regular ones)
DIRS = ((0, 1), (-1, 0), (1, 0), (0, -1))  # forward (down), left, right, back (up): bit i of a mask


def cell(c, r):
    return c * 8 + r


def col(x):
    return x >> 3


def row(x):
    return x & 7


def inside(g, c, r):
    return 0 <= c < g.players and ENTRANCE <= r <= GARDEN


def is_room(x):
    return 1 <= (x & 7) <= 5


def guards_at(g, x):
    return [k for k in range(2 * g.players) if g.gcell[k] == x]


def visited(g, k, x):
    return (g.visited[k] >> (col(x) * 7 + row(x))) & 1


def garden_free(g, c):
    """The regular Garden space the next guard takes in column c (M4: the lowest free), or 0 if full."""
    used = [g.gspace[k] for k in range(2 * g.players) if g.gcell[k] == cell(c, GARDEN)]
    for s in (1, 2):
        if s not in used:
            return s
    return 0


def secret_free(g, c):
    for k in range(2 * g.players):
        if g.gcell[k] == cell(c, GARDEN) and g.gspace[k] == SECRET:
            return False
    return True


def _walk(g, k, c, r, dc, dr, jump):
    """Destinations along one straight line: empty rooms may be skipped, the first room with a tile
    ends it, the Garden ends a forward line (M2). With jump, the first room with a tile is leapt over."""
    out = []
    leapt = not jump
    while True:
        c += dc
        r += dr
        if not inside(g, c, r) or r == ENTRANCE:
            return out
        x = cell(c, r)
        if r == GARDEN:
            if leapt and dc == 0 and garden_free(g, c):
                out.append(x)
            return out
        if g.tiles[x] == EMPTY:
            if leapt and not visited(g, k, x):
                out.append(x)
            continue
        if not leapt:
            leapt = True
            continue
        if not visited(g, k, x):
            out.append(x)
        return out


def moves(g, k, jump=False):
    """A guard's ordinary moves: forward, or sideways inside the rooms (M1: from the Entrance, forward only);
    jump: a Jump Potion's, over the next room (jumps)."""
    x = g.gcell[k]
    c, r = col(x), row(x)
    if r == GARDEN:
        return []
    out = _walk(g, k, c, r, 0, 1, jump)
    if r != ENTRANCE:
        out += _walk(g, k, c, r, -1, 0, jump) + _walk(g, k, c, r, 1, 0, jump)
    return out


def jumps(g, k):
    return moves(g, k, True)


def mirrors(g, k):
    """Diagonal moves forward, skipping empty rooms; never into or out of a Garden."""
    x = g.gcell[k]
    out = []
    if row(x) == GARDEN:
        return out
    for dc in (-1, 1):
        c, r = col(x), row(x)
        while True:
            c += dc
            r += 1
            if not inside(g, c, r) or r == GARDEN:
                break
            y = cell(c, r)
            if not visited(g, k, y):
                out.append(y)
            if g.tiles[y] != EMPTY:
                break
    return out


def next_room(g, x, dc, dr, reach):
    """The first room with a tile from x along (dc, dr), over empty rooms, at most `reach` cells away
    (0: no limit); -1 if none."""
    c, r = col(x), row(x)
    n = 0
    while True:
        c += dc
        r += dr
        n += 1
        if not inside(g, c, r) or not 1 <= r <= 5 or (reach and n > reach):
            return -1
        y = cell(c, r)
        if g.tiles[y] != EMPTY:
            return y


def mask_partners(g, k):
    """Opponents' guards one of ours may swap with (M6): the next guard along a line of rooms over empty
    rooms, or the other regular space of the same Garden."""
    x = g.gcell[k]
    p = k >> 1
    out = []
    if row(x) == GARDEN:
        if g.gspace[k] == SECRET:
            return out
        for h in range(2 * g.players):
            if h >> 1 != p and g.gcell[h] == x and g.gspace[h] != SECRET and not g.passed[h]:
                out.append(h)
        return out
    if not is_room(x):
        return out
    for dc, dr in DIRS:
        c, r = col(x), row(x)
        while True:
            c += dc
            r += dr
            if not inside(g, c, r) or not 1 <= r <= 5:
                break
            y = cell(c, r)
            here = guards_at(g, y)
            if here:
                for h in here:
                    if h >> 1 != p and not g.passed[h]:
                        out.append(h)
                break
            if g.tiles[y] != EMPTY:
                break
    return out
