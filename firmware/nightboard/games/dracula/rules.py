"""The Dracula hunt's transitions: hunters' actions, Dracula's turn, the end (rules notes D3-D7).

Functions over a DraculaHunt state (games/dracula/__init__.py); each returns the list
of public events it caused. Events never hold Dracula's room unless a rule
reveals it (D8): a garlic or stake that finds him, a bite (its room), a crypt
journey (both crypts), the end.

Hunter actions are integers: kind << 8 | room (END and the rests have room 0).
"""

from nightboard.games.errors import GameError  # noqa: F401  (re-exported)
from nightboard.games.dracula import know as K

MOVE = 1
GARLIC = 2
SUN = 3
STAKE = 4
END = 5
REST_SUN = 6
REST_STAKE = 7
KINDS = ("", "move", "garlic", "sun", "stake", "end", "rest sun", "rest stake")
MAX_ITEMS = 8  # the most tokens of one kind a hunter holds (the panel shows 8)
HEALTH = 3


def act(kind, room=0):
    return kind << 8 | room


def kind_of(a):
    return a >> 8


def room_of(a):
    return a & 255


# --- hunters ----------------------------------------------------------------------------

def legal(g, h):
    """The actions hunter h may take now, sorted (D3; classic: the garlic pool and resting)."""
    if g.over or h != g.active:
        return []
    m = g.map
    here = g.pos[h]
    out = []
    if not g.moved:
        for b in m.adj[here]:
            out.append(act(MOVE, b))
    if (g.team and g.garlic_left > 0) or (not g.team and g.garlics == 0):
        out.append(act(GARLIC, here))
        for b in m.adj[here]:
            out.append(act(GARLIC, b))
    if g.sun[h] > 0:
        for b in m.adj[here]:
            if not g.sunlit(b):
                out.append(act(SUN, b))
    if g.stakes[h] > 0:
        out.append(act(STAKE, here))
        for b in m.adj[here]:
            out.append(act(STAKE, b))
    out.append(act(END))
    if g.team and not g.moved and g.garlics == 0:
        if g.sun[h] < MAX_ITEMS:
            out.append(act(REST_SUN))
        if g.stakes[h] < MAX_ITEMS:
            out.append(act(REST_STAKE))
    out.sort()
    return out


def hunter_action(g, h, a):
    """Apply a legal action of the active hunter; returns its events (and those of the turns it ends)."""
    k = kind_of(a)
    r = room_of(a)
    ev = []
    ends = False
    if k == MOVE:
        ev.append({"e": "move", "hunter": h, "from": g.pos[h], "to": r})
        g.pos[h] = r
        g.moved = True
    elif k == GARLIC:
        found = r == g.room
        g.garlics += 1
        if g.team:
            g.garlic_left -= 1
        ev.append({"e": "garlic", "hunter": h, "room": r, "found": found})
        _observe(g, r, found)
    elif k == SUN:
        g.sun[h] -= 1
        g.sunlight.append([r, h])
        ev.append({"e": "sun", "hunter": h, "room": r})
        ends = True
    elif k == STAKE:
        g.stakes[h] -= 1
        hit = r == g.room
        if hit:
            g.health -= 1
            g.hit = True
        ev.append({"e": "stake", "hunter": h, "room": r, "hit": hit, "health": g.health})
        _observe(g, r, hit)
        ends = True
    elif k == END:
        ends = True
    else:  # classic: rest to receive an item
        if k == REST_SUN:
            g.sun[h] += 1
        else:
            g.stakes[h] += 1
        ev.append({"e": "rest", "hunter": h, "item": "sun" if k == REST_SUN else "stake"})
        ends = True
    _check_end(g, ev)
    if g.over:
        return ev
    if not ends and legal(g, h) == [act(END)]:
        ends = True  # nothing left to do but end: the turn ends by itself
    if ends:
        ev.append({"e": "done", "hunter": h})
        next_hunter(g, h + 1, ev)
    return ev


def _observe(g, room, found):
    """A garlic or a stake on `room` tells the hunters whether he is there (D3, D5)."""
    if found:
        g.possible = K.only(g.map.n, room)
        g.seen = room
        g.seen_turn = g.turn
    else:
        g.possible[room] = 0


def next_hunter(g, first, ev):
    """Hand the turn to the next hunter from seat `first` on (a bitten one misses it, D6); after the last,
    it is Dracula's turn (active -1)."""
    for h in range(first, g.hunters):
        if not g.alive(h):
            continue
        if g.skip[h]:
            g.skip[h] = 0
            ev.append({"e": "skip", "hunter": h})
            continue
        g.active = h
        g.moved = False
        g.garlics = 0
        return
    g.active = -1


# --- Dracula ----------------------------------------------------------------------------

def immune(g, h):
    """D6: a hunter bitten in Dracula's last turn cannot be bitten in this one."""
    return g.bitten[h] > 0 and g.bitten[h] == g.turn - 1


def biteable(g, h):
    return g.alive(h) and not g.hit and not immune(g, h)


def constraints(g):
    """(sun, forbid, must_move) for his turn from where he is (D4)."""
    n = g.map.n
    sun = K.sun_rooms(n, g.sunlight)
    if sun[g.room]:
        return sun, K.placer_rooms(n, g.sunlight, g.room, g.pos), True
    return sun, bytearray(n), False


# Reasons a Dracula move is refused (worded by why.py, which is loaded only to say why).
TOO_LONG, NOT_NEXT, SUNLIT, PLACER, MUST_LEAVE, MUST_CRYPT, NO_CRYPTS, NOT_CRYPT, FAR_CLOSED, TWICE, DEAD, \
    WAS_HIT, IMMUNE, NOT_ENTERED = range(1, 15)


def move_fault(g, crypt, rooms, bites):
    """None if (crypt, rooms, bites) is a legal move now, else (reason, room or hunter, room)."""
    m = g.map
    sun, forbid, must = constraints(g)
    if crypt:
        if not g.crypts_on:
            return NO_CRYPTS, 0, 0
        if not m.is_crypt(g.room):
            return NOT_CRYPT, g.room, 0
        if not K.crypt_ok(m, g.room, sun, forbid, True):
            return FAR_CLOSED, m.opposite[g.room], 0
        rooms = (m.opposite[g.room],)
    else:
        if len(rooms) > K.STEPS:
            return TOO_LONG, len(rooms), 0
        at = g.room
        for r in rooms:
            if r not in m.adj[at]:
                return NOT_NEXT, r, at
            if sun[r]:
                return SUNLIT, r, 0
            if forbid[r]:
                return PLACER, r, 0
            at = r
        if must and not rooms:
            if not K.trapped(m, g.room, sun, forbid):
                return MUST_LEAVE, g.room, 0
            if K.crypt_ok(m, g.room, sun, forbid, g.crypts_on):
                return MUST_CRYPT, g.room, 0
    for i in range(len(bites)):
        h = bites[i]
        if h in bites[:i]:
            return TWICE, h, 0
        if not g.alive(h):
            return DEAD, h, 0
        if g.hit:
            return WAS_HIT, h, 0
        if immune(g, h):
            return IMMUNE, h, 0
        if g.pos[h] not in rooms:
            return NOT_ENTERED, h, 0
    return None


def dracula_move(g, crypt, rooms, bites):
    """Apply a checked move; returns the public events of his turn and of the start of the next round."""
    m = g.map
    ev = [{"e": "night", "turn": g.turn}]
    start = g.room
    if crypt:
        far = m.opposite[start]
        rooms = (far,)
        ev.append({"e": "crypt", "from": start, "to": far})
    g.room = rooms[-1] if rooms else start
    g.last_move = {"from": start, "crypt": crypt, "rooms": list(rooms), "bites": sorted(bites)}
    bite_rooms = []
    done = []
    for r in rooms:  # bites in the order he comes to them (D6)
        for h in range(g.hunters):
            if h in bites and h not in done and g.pos[h] == r:
                done.append(h)
                _bite(g, h, r, ev)
                if r not in bite_rooms:
                    bite_rooms.append(r)
    if crypt:
        g.possible = K.only(m.n, g.room)
    else:
        g.possible = K.spread(m, g.possible, g.sunlight, g.pos, bite_rooms, g.crypts_on)
    if crypt or bite_rooms:
        g.seen = g.room if crypt else bite_rooms[-1]
        g.seen_turn = g.turn
    if g.sunlight:
        ev.append({"e": "sunset", "rooms": sorted(s[0] for s in g.sunlight)})  # D4: gone after his turn
        g.sunlight = []
    _check_end(g, ev)
    if not g.over:
        g.turn += 1
        g.hit = False
        if g.team:
            g.garlic_left = g.garlic_pool
        ev.append({"e": "round", "turn": g.turn})
        next_hunter(g, 0, ev)
    return ev


def _bite(g, h, r, ev):
    g.bitten[h] = g.turn
    e = {"e": "bite", "hunter": h, "room": r}
    if g.team:  # classic: the team loses a life and a stake token, the bitten hunter's first
        g.team_lives -= 1
        e["lives"] = g.team_lives
        giver = None
        for k in range(g.hunters):
            hh = (h + k) % g.hunters
            if g.stakes[hh] > 0:
                giver = hh
                g.stakes[hh] -= 1
                break
        e["stake_from"] = giver
    else:
        g.lives[h] -= 1
        e["lives"] = g.lives[h]
    ev.append(e)
    if g.alive(h):
        g.skip[h] = 1
    else:
        g.skip[h] = 0
        ev.append({"e": "dead", "hunter": h})


# --- the end (D7) ------------------------------------------------------------------------

def stakes_left(g):
    t = 0
    for h in range(g.hunters):
        if g.alive(h):
            t += g.stakes[h]
    return t


def winner_now(g):
    """(winner, why) when the game is decided, else (None, None)."""
    if g.health <= 0:
        return "hunters", "staked"
    if g.team:
        if g.team_lives <= 0:
            return "dracula", "bites"
        return None, None
    if not any(g.alive(h) for h in range(g.hunters)):
        return "dracula", "dead"
    if stakes_left(g) < g.health:
        return "dracula", "stakes"
    return None, None


def _check_end(g, ev):
    w, why = winner_now(g)
    if w is None:
        return
    g.over = True
    g.winner = w
    g.why = why
    g.active = -1
    g.possible = K.only(g.map.n, g.room)  # D8: the end shows where he is
    ev.append({"e": "over", "winner": w, "why": why, "room": g.room})
