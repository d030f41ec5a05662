"""A night's frame: setting up the mansion, dealing, placing guards, the End of Night (crowded rooms,
looting, upkeep) and the final scores. Rulings named Mn are in docs/vampire_nights-rules-notes.md.
"""

from nightboard.games.vampire_nights import components as C
from nightboard.games.vampire_nights import mansion as M
from nightboard.games.vampire_nights.turn import draw_item
from nightboard.games.vampire_nights.actions import PLACE, DROP_ITEM, LOOT, CROWD, STAY, act


def draw_room(g):
    if not g.room_deck:
        g.room_deck = g.room_discard[:]
        g.room_discard = []
        g.prng.shuffle(g.room_deck)
    return g.room_deck.pop()


def start_night(g, ev):
    """N2: one column a player, 5 face-down rooms each, the third face up; deal; then placing (M3)."""
    P = g.players
    for i in range(P * 8):
        g.tiles[i] = M.EMPTY
        g.up[i] = 0
    for c in range(P):
        for r in range(1, 6):
            g.tiles[M.cell(c, r)] = draw_room(g)
        g.up[M.cell(c, 3)] = 1
    deal = C.FIRST_DEAL if g.night == 1 else C.LATER_DEAL
    for _ in range(deal):
        for i in range(P):
            draw_item(g, (g.first + i) % P)
    for k in range(2 * P):
        g.gcell[k] = -1
        g.gspace[k] = 0
        g.passed[k] = 0
        g.web[k] = 0
        g.visited[k] = 0
    for p in range(P):
        g.peeks[p] = []
    g.phase = "place"
    g.active = g.first
    g.step = 0
    ev.append({"night": g.night, "first": g.first,
               "up": [[M.cell(c, 3), C.ROOM_NAMES[g.tiles[M.cell(c, 3)]]] for c in range(P)]})


def setup_legal(g, p):
    if g.phase == "place":
        return [act(PLACE, a * 4 + b) for a in range(g.players) for b in range(a, g.players)]
    return [act(DROP_ITEM, i) for i in sorted(set(g.hands[p]))]


def setup_apply(g, p, a, ev):
    v = a & 1023
    if g.phase == "place":
        for k, c in ((2 * p, v >> 2), (2 * p + 1, v & 3)):
            g.gcell[k] = M.cell(c, M.ENTRANCE)
        ev.append({"place": p, "at": [v >> 2, v & 3]})
    else:
        g.hands[p].remove(v)
        g.item_discard.append(v)
        g.item_discard.sort()
        ev.append({"drop": p, "item": C.ITEM_NAMES[v]})
    g.step += 1
    _next_setup(g, ev)


def _next_setup(g, ev):
    P = g.players
    while True:
        if g.step >= P:
            if g.phase == "place":
                g.phase = "discard"
                g.step = 0
            else:
                g.phase = "explore"
                g.active = g.first
                g.moved = -1
                g.begin_turn(ev)
                return
        g.active = (g.first + g.step) % P
        if g.phase == "place" or g.hands[g.active]:
            return
        g.step += 1  # an empty hand has nothing to discard


# --- End of Night --------------------------------------------------------------------------------

def _concerned(g):
    """Guards that must leave a crowded room (M14): still active, sharing a room, not yet stuck."""
    out = []
    for k in range(2 * g.players):
        x = g.gcell[k]
        if g.passed[k] or not M.is_room(x) or g.stuck[k]:
            continue
        if len(M.guards_at(g, x)) > 1:
            out.append(k)
    return out


def _crowd_dests(g, k):
    return [y for y in M.moves(g, k) if M.row(y) == M.GARDEN or not M.guards_at(g, y)]


def end_exploration(g, ev):
    ev.append({"end_of_exploration": g.night})
    g.pending = []
    g.stuck = bytearray(2 * g.players)
    g.phase = "crowd"
    _next_crowd(g, ev)


def _next_crowd(g, ev):
    ks = _concerned(g)
    if not ks:
        start_loot(g, ev)
        return
    for i in range(g.players):  # the starting player's turn order
        p = (g.first + i) % g.players
        if [k for k in ks if k >> 1 == p]:
            g.active = p
            return


def crowd_legal(g, p):
    out = []
    for k in _concerned(g):
        if k >> 1 != p:
            continue
        ds = _crowd_dests(g, k)
        for y in ds:
            out.append(act(CROWD, k * 64 + y))
        if not ds:
            out.append(act(CROWD, k * 64 + STAY))
    return out


def crowd_apply(g, p, a, ev):
    v = a & 1023
    k, y = v >> 6, v & 63
    if y == STAY:
        g.stuck[k] = 1
        ev.append({"stays": k})
    else:
        g.gcell[k] = y
        g.visited[k] |= 1 << (M.col(y) * 7 + M.row(y))
        if M.row(y) == M.GARDEN:
            g.gspace[k] = M.garden_free(g, M.col(y))
        elif g.tiles[y] != M.EMPTY and not g.up[y]:
            g.up[y] = 1  # M14: revealed, but a room's effect acts only in the Exploration phase
            ev.append({"reveal": y, "tile": C.ROOM_NAMES[g.tiles[y]]})
        ev.append({"crowd": k, "to": y})
    _next_crowd(g, ev)


def loot_order(g, c):
    """The guards of column c in looting order (M15): the Garden's secret space, #1, #2, then the rooms
    from the bottom up; guards sharing a room in turn order from the night's starting player."""
    keyed = []
    for k in range(2 * g.players):
        x = g.gcell[k]
        if x < 0 or M.col(x) != c or M.row(x) == M.ENTRANCE:
            continue
        s = g.gspace[k]
        depth = M.row(x) * 4 + ((3 if s == M.SECRET else 3 - s) if M.row(x) == M.GARDEN else 0)
        keyed.append((-depth, ((k >> 1) - g.first) % g.players, k))
    keyed.sort()
    return [t[2] for t in keyed]


def reach(g, k):
    """The face-up lootable rooms a guard reaches: its own room and those above it, to the Entrance."""
    x = g.gcell[k]
    c = M.col(x)
    top = 5 if M.row(x) == M.GARDEN else M.row(x)
    return [M.cell(c, r) for r in range(1, top + 1)
            if g.up[M.cell(c, r)] and g.tiles[M.cell(c, r)] in C.LOOTABLE]


def start_loot(g, ev):
    g.phase = "loot"
    g.lcol = 0
    g.lpos = 0
    _next_loot(g, ev)


def _next_loot(g, ev):
    """Find the next guard that must loot; a single choice is taken for its player (nothing is hidden)."""
    while g.lcol < g.players:
        order = loot_order(g, g.lcol)
        if not [k for k in order if reach(g, k)]:
            g.lcol += 1
            g.lpos = 0
            continue
        k = order[g.lpos % len(order)]
        opts = reach(g, k)
        if not opts:
            g.lpos += 1
            continue
        if len(opts) == 1:
            take_loot(g, k, opts[0], ev)
            continue
        g.active = k >> 1
        g.looter = k
        return
    end_night(g, ev)


def take_loot(g, k, x, ev):
    p = k >> 1
    ev.append({"loot": k, "at": x, "tile": C.ROOM_NAMES[g.tiles[x]]})
    g.loot[p].append(g.tiles[x])
    g.loot[p].sort()
    g.tiles[x] = M.EMPTY
    g.lpos += 1


def loot_legal(g, p):
    return [act(LOOT, x) for x in reach(g, g.looter)]


def loot_apply(g, p, a, ev):
    take_loot(g, g.looter, a & 1023, ev)
    _next_loot(g, ev)


def end_night(g, ev):
    for i in range(g.players * 8):  # upkeep: what is left goes face down to the room discard
        if g.tiles[i] != M.EMPTY:
            g.room_discard.append(g.tiles[i])
            g.tiles[i] = M.EMPTY
        g.up[i] = 0
    ev.append({"end_of_night": g.night})
    if g.night >= C.NIGHTS:
        finish(g, ev)
        return
    g.night += 1
    g.first = (g.start + g.night - 1) % g.players  # M3
    start_night(g, ev)


def finish(g, ev):
    g.phase = "over"
    g.over = True
    g.active = -1
    g.scores = [C.score(g.loot[p], C.is_vampire(g.bites[p])) for p in range(g.players)]
    best = max(g.scores)
    win = [p for p in range(g.players) if g.scores[p] == best]
    fewest = min([len(g.bites[p]) for p in win])
    win = [p for p in win if len(g.bites[p]) == fewest]
    fewest = min([len(g.loot[p]) for p in win])
    g.winners = [p for p in win if len(g.loot[p]) == fewest]
    ev.append({"over": True, "scores": g.scores[:], "winners": g.winners[:]})
