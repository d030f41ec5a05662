"""The Dracula hunt's map: rooms, their neighbours, the crypts, where everyone starts.

A map is a graph of rooms (rules notes D2). The default is a square of size x size
rooms whose neighbours are up, down, left and right, with a crypt in each
corner (each crypt's opposite is the diagonally opposite corner), the hunters
starting in the corners and Dracula in the centre. Any other map is given as a
room graph in JSON:

  {"rooms": [[x, y], ...],        the cell of each room (x right, y down), distinct
   "doors": [[a, b], ...],        pairs of neighbouring rooms (room numbers)
   "crypts": [[a, b], ...],       pairs of crypts, each the other's opposite
   "starts": [a, b, ...],         the hunters' start rooms, in seat order (1 to 4)
   "lair": r}                     Dracula's start room

Rooms are numbered in the order given; a square map numbers them row by row
from the top-left. Each room has a name from its cell: a letter for the column
(a = the leftmost) and a number for the row (1 = the bottom row, nearest
player 0), like a chess board: on the 5x5 map a1 is the bottom-left crypt and
c3 the centre.
"""

from array import array

MAX_ROOMS = 81
MAX_DOORS = 8  # per room
MAX_CELL = 31
SIZES = (3, 5, 7, 9)  # D2: odd square sizes 3 to 9
COLUMNS = "abcdefghijklmnopqrstuvwxyzABCDEF"
FAR = 255  # distance between rooms that are not connected (never in a checked map)
NO_CRYPT = 255


class MapError(ValueError):
    """A map that cannot be played on; the message names the field."""


class Map:
    """A checked room graph. Lists are indexed by room number."""

    def __init__(self, cells, doors, crypts, starts, lair, size=0):
        n = len(cells)
        degree = bytearray(n)
        for a, b in doors:
            degree[a] += 1
            degree[b] += 1
        d = max(degree)
        self.max_walks = 1 + d + d * d + d * d * d  # walks of 0 to 3 steps from one room, at most
        # Dracula's mind works in these (dracula_mind.prepare); made first, while the heap is in one piece.
        k = self.max_walks
        self.mind_buffers = (array("i", range(k)), array("i", range(2 * k + 2)), array("i", range(2 * k + 2)))
        self.n = n
        self.size = size  # the side of a square map, 0 for a room graph
        self.xy = bytearray(2 * n)
        for r in range(n):
            self.xy[2 * r] = cells[r][0]
            self.xy[2 * r + 1] = cells[r][1]
        self.width = max(c[0] for c in cells) + 1
        self.height = max(c[1] for c in cells) + 1
        nbrs = [[] for _ in range(n)]
        for a, b in doors:
            nbrs[a].append(b)
            nbrs[b].append(a)
        self.adj = [tuple(sorted(x)) for x in nbrs]
        self.opposite = bytearray([NO_CRYPT] * n)
        for a, b in crypts:
            self.opposite[a] = b
            self.opposite[b] = a
        self.starts = tuple(starts)
        self.lair = lair
        self.graph = None  # the JSON of a room-graph map (graph.py); square maps are just a size
        self.dist = self._distances()

    def _distances(self):
        n = self.n
        d = bytearray(b"\xff" * (n * n))  # FAR everywhere (a list first would cost 8 bytes a room pair)
        for s in range(n):
            base = s * n
            d[base + s] = 0
            frontier = [s]
            k = 0
            while frontier:
                k += 1
                nxt = []
                for r in frontier:
                    for b in self.adj[r]:
                        if d[base + b] == FAR:
                            d[base + b] = k
                            nxt.append(b)
                frontier = nxt
        return d

    def distance(self, a, b):
        return self.dist[a * self.n + b]

    def x(self, r):
        return self.xy[2 * r]

    def y(self, r):
        return self.xy[2 * r + 1]

    def is_crypt(self, r):
        return self.opposite[r] != NO_CRYPT

    def room(self, ref, what="room"):
        """A room number from a number or a name ("c3"); MapError naming `what` if there is none."""
        if isinstance(ref, int) and not isinstance(ref, bool):
            if 0 <= ref < self.n:
                return ref
            raise MapError("%s: no room %d (this map has rooms 0..%d)" % (what, ref, self.n - 1))
        if isinstance(ref, str):
            for r in range(self.n):
                if self.name(r) == ref:
                    return r
            raise MapError("%s: no room named %r on this map" % (what, ref))
        raise MapError("%s: a room is a number or a name like \"c3\", not %r" % (what, ref))

    def name(self, r):
        return COLUMNS[self.xy[2 * r]] + str(self.height - self.xy[2 * r + 1])

    def to_json(self):
        if self.size:
            return {"size": self.size}
        return self.graph


def square(size=5):
    """The size x size map of D2: rooms row by row from the top-left, crypts in the corners."""
    if not isinstance(size, int) or isinstance(size, bool) or size not in SIZES:
        raise MapError("size must be one of 3, 5, 7, 9 (an odd square, D2), not %r" % (size,))
    s = size
    cells = [(r % s, r // s) for r in range(s * s)]
    doors = []
    for r in range(s * s):
        x, y = r % s, r // s
        if x + 1 < s:
            doors.append((r, r + 1))
        if y + 1 < s:
            doors.append((r, r + s))
    tl, tr, bl, br = 0, s - 1, s * (s - 1), s * s - 1
    crypts = [(tl, br), (tr, bl)]
    # Seat 0 (bottom of the table) starts bottom-left, seat 1 in the opposite corner, then the others,
    # so that any number of hunters starts spread out.
    starts = (bl, tr, tl, br)
    return Map(cells, doors, crypts, starts, (s // 2) * s + s // 2, size=s)


def from_json(obj):
    """A Map from {"size": s} or a room graph (checked in graph.py, loaded only for such maps)."""
    if isinstance(obj, dict) and len(obj) == 1 and "size" in obj:
        return square(obj["size"])
    from nightboard.games.dracula import graph as dracula_graph

    return dracula_graph.from_json(obj)


def load(size=5, graph=None):
    """The map of a game: the room graph when one is given, else the square of that size."""
    if graph is not None:
        return from_json(graph)
    return square(size)
