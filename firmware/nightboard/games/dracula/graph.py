"""Room-graph maps for the Dracula hunt: the JSON form checked field by field (see map.py).

Kept apart from map.py so that a game on the square map never loads it.
"""

from nightboard.games.dracula.map import FAR, MAX_CELL, MAX_DOORS, MAX_ROOMS, Map, MapError, square


def _int(v, what, lo, hi):
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise MapError("%s: must be an integer %d..%d, not %r" % (what, lo, hi, v))
    return v


def _list(v, what):
    if not isinstance(v, list):
        raise MapError("%s: must be a list, not %r" % (what, v))
    return v


def _pair(v, what, n):
    if not isinstance(v, list) or len(v) != 2:
        raise MapError("%s: must be a pair of room numbers [a, b], not %r" % (what, v))
    a = _int(v[0], what + "[0]", 0, n - 1)
    b = _int(v[1], what + "[1]", 0, n - 1)
    if a == b:
        raise MapError("%s: a room cannot pair with itself (%d)" % (what, a))
    return a, b


def from_json(obj):
    """A Map from {"size": s} or a room graph (see the module docstring); MapError if it cannot be played."""
    if not isinstance(obj, dict):
        raise MapError("map: must be an object ({\"size\": 5} or a room graph), not %r" % (obj,))
    if "size" in obj:
        for k in obj:
            if k != "size":
                raise MapError("map.%s: a square map has only a size" % k)
        return square(obj["size"])
    for k in obj:
        if k not in ("rooms", "doors", "crypts", "starts", "lair"):
            raise MapError("map.%s: unknown field (known: rooms, doors, crypts, starts, lair)" % k)
    for k in ("rooms", "doors", "starts", "lair"):
        if k not in obj:
            raise MapError("map.%s: required field is missing" % k)
    rooms = _list(obj["rooms"], "map.rooms")
    n = len(rooms)
    if not 2 <= n <= MAX_ROOMS:
        raise MapError("map.rooms: a map has 2 to %d rooms, not %d" % (MAX_ROOMS, n))
    cells = []
    seen = {}
    for r in range(n):
        c = rooms[r]
        what = "map.rooms[%d]" % r
        if not isinstance(c, list) or len(c) != 2:
            raise MapError("%s: must be a cell [x, y], not %r" % (what, c))
        x = _int(c[0], what + "[0]", 0, MAX_CELL)
        y = _int(c[1], what + "[1]", 0, MAX_CELL)
        key = y * 64 + x
        if key in seen:
            raise MapError("%s: cell [%d, %d] is already room %d" % (what, x, y, seen[key]))
        seen[key] = r
        cells.append((x, y))
    doors = []
    have = {}
    degree = [0] * n
    ds = _list(obj["doors"], "map.doors")
    for i in range(len(ds)):
        a, b = _pair(ds[i], "map.doors[%d]" % i, n)
        key = min(a, b) * 128 + max(a, b)
        if key in have:
            raise MapError("map.doors[%d]: rooms %d and %d are already neighbours (map.doors[%d])" % (i, a, b, have[key]))
        have[key] = i
        degree[a] += 1
        degree[b] += 1
        if degree[a] > MAX_DOORS or degree[b] > MAX_DOORS:
            raise MapError("map.doors[%d]: a room has at most %d neighbours" % (i, MAX_DOORS))
        doors.append((a, b))
    crypts = []
    in_pair = [-1] * n
    cs = _list(obj.get("crypts", []), "map.crypts")
    for i in range(len(cs)):
        a, b = _pair(cs[i], "map.crypts[%d]" % i, n)
        for r in (a, b):
            if in_pair[r] >= 0:
                raise MapError("map.crypts[%d]: room %d is already a crypt (map.crypts[%d])" % (i, r, in_pair[r]))
            in_pair[r] = i
        crypts.append((a, b))
    lair = _int(obj["lair"], "map.lair", 0, n - 1)
    starts = _list(obj["starts"], "map.starts")
    if not 1 <= len(starts) <= 4:
        raise MapError("map.starts: 1 to 4 start rooms, one per hunter seat, not %d" % len(starts))
    for i in range(len(starts)):
        _int(starts[i], "map.starts[%d]" % i, 0, n - 1)
        if starts[i] == lair:
            raise MapError("map.starts[%d]: a hunter cannot start in Dracula's lair (room %d)" % (i, lair))
        if starts[i] in starts[:i]:
            raise MapError("map.starts[%d]: room %d is already a start" % (i, starts[i]))
    m = Map(cells, doors, crypts, starts, lair)
    m.graph = {"rooms": [[c[0], c[1]] for c in cells], "doors": sorted([min(a, b), max(a, b)] for a, b in doors),  # pyright: ignore[reportAttributeAccessIssue]
               "crypts": [[a, b] for a, b in crypts], "starts": list(starts), "lair": lair}
    far = [r for r in range(n) if m.dist[r] == FAR]
    if far:
        raise MapError("map.doors: room %d cannot be reached from room 0 (every room must be connected)" % far[0])
    return m


