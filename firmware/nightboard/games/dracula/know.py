"""What the hunters can know: the rooms Dracula may be in, from public facts only.

The set (a bytearray, 1 = possible) starts as Dracula's lair (everyone knows
he starts there, D2) and changes only through what the table announces:
a garlic or stake that finds nothing removes its room, one that finds him
leaves only his room (D3, D5), a crypt journey leaves only the far crypt
(D6), and after his turn without a journey it spreads to every room he could
have reached in 0 to 3 steps under the sunlight rules (D4), through the rooms
of every bite that was announced (D6). Dracula's own mind reads the same set
(games/dracula/mind.py): it is what he reasons about.

Also here: his legal walks (D4, D6), shared by the rules and his mind.
"""

STEPS = 3  # D6: up to three rooms a turn


def sun_rooms(n, sunlight):
    """bytearray n, 1 where a sunlight token lies; sunlight is [[room, hunter], ...]."""
    s = bytearray(n)
    for room, _h in sunlight:
        s[room] = 1
    return s


def placer_rooms(n, sunlight, room, hunter_pos):
    """bytearray n, 1 in the room of each hunter who put sunlight on `room` (D4: he may not go there)."""
    f = bytearray(n)
    for r, h in sunlight:
        if r == room:
            f[hunter_pos[h]] = 1
    return f


def trapped(m, room, sun, forbid):
    """True when no first step out of `room` is allowed (every neighbour sunlit or forbidden)."""
    for b in m.adj[room]:
        if not sun[b] and not forbid[b]:
            return False
    return True


def crypt_ok(m, room, sun, forbid, crypts_on):
    """The crypt journey from `room` is allowed (D6): a crypt, its opposite neither sunlit nor forbidden."""
    if not crypts_on or not m.is_crypt(room):
        return False
    far = m.opposite[room]
    return not sun[far] and not forbid[far]


def walks_into(m, start, sun, forbid, must_move, buf):
    """Every legal walk of 0 to 3 steps from `start` (D4, D6), written into `buf` (at least m.max_walks
    long); returns how many. Fixed order: stay (unless he must move), then by first step, second step...
    A walk may come back on itself but never enters a sunlit or forbidden room. Each walk is one small
    int: its length, then a byte per room entered (walk_rooms)."""
    k = 0
    if not must_move:
        buf[0] = 0
        k = 1
    adj = m.adj
    for a in adj[start]:
        if sun[a] or forbid[a]:
            continue
        wa = 1 | a << 2
        buf[k] = wa
        k += 1
        for b in adj[a]:
            if sun[b] or forbid[b]:
                continue
            wb = (wa & ~3) | 2 | b << 10
            buf[k] = wb
            k += 1
            for c in adj[b]:
                if sun[c] or forbid[c]:
                    continue
                buf[k] = (wb & ~3) | 3 | c << 18
                k += 1
    return k


def legal_walks_into(m, start, sun, forbid, must_move, crypt, buf):
    """The walks of his turn (D4): in sunlight and boxed in, he stays -- unless the crypt is his way out."""
    if must_move and trapped(m, start, sun, forbid):
        if crypt:
            return 0
        buf[0] = 0
        return 1
    return walks_into(m, start, sun, forbid, must_move, buf)


def legal_walks(m, start, sun, forbid, must_move, crypt):
    buf = [0] * m.max_walks
    return buf[:legal_walks_into(m, start, sun, forbid, must_move, crypt, buf)]


def walks(m, start, sun, forbid, must_move):
    buf = [0] * m.max_walks
    return buf[:walks_into(m, start, sun, forbid, must_move, buf)]


def walk_len(w):
    return w & 3


def walk_room(w, i):
    """The i-th room entered (0-based)."""
    return (w >> (2 + 8 * i)) & 255


def walk_end(w, start):
    k = w & 3
    return start if k == 0 else (w >> (2 + 8 * (k - 1))) & 255


def walk_enters(w, room):
    for i in range(w & 3):
        if (w >> (2 + 8 * i)) & 255 == room:
            return True
    return False


def walk_rooms(w):
    return tuple((w >> (2 + 8 * i)) & 255 for i in range(w & 3))


def _or_masks(S, bit, full):
    out = 0
    for mk in range(full + 1):
        if (S >> mk) & 1:
            out |= 1 << (mk | bit)
    return out


def _walk_ends(m, layer, sun, forbid, bitval, full, goal, out, stay_ok, ordered):
    """Mark in `out` every room where a walk from the sources in `layer` can end with all bites done. A
    source's value is a set of states, as bits: unordered, the bite rooms entered so far as a mask; ordered,
    how many of the bite rooms, in the order told, the walk has entered one after the other (bitval: the
    room's index + 1; unordered, its bit, `full` the mask of them all). `goal` is the bit of the state where
    every bite is done."""
    n = m.n
    adj = m.adj
    if stay_ok:
        for r in range(n):
            if layer[r] & goal:
                out[r] = 1
    for _step in range(STEPS):
        nxt = [0] * n
        for r in range(n):
            S = layer[r]
            if not S:
                continue
            for b in adj[r]:
                if sun[b] or (forbid is not None and forbid[b]):
                    continue
                v = bitval[b]
                if not v:
                    nxt[b] |= S
                elif ordered:
                    nxt[b] |= S | ((S >> (v - 1)) & 1) << v
                else:
                    nxt[b] |= _or_masks(S, v, full)
        layer = nxt
        for r in range(n):
            if layer[r] & goal:
                out[r] = 1
    return out


def spread(m, possible, sunlight, hunter_pos, bite_rooms=(), crypts_on=True, ordered=True):
    """The rooms he may be in after a turn without a crypt journey, from the rooms he may have been in
    (`possible`), the sunlight of the turn and the rooms of the bites announced (each must be entered).
    Bites are told in the order he comes to their rooms (D6), so by default the walk must enter them in
    the order given; ordered=False asks only that it enter them all (his mind's cheaper estimate)."""
    n = m.n
    sun = sun_rooms(n, sunlight)
    bitval = [0] * n
    rooms = []
    for r in bite_rooms:
        if r not in rooms:
            rooms.append(r)
    for i in range(len(rooms)):
        bitval[rooms[i]] = i + 1 if ordered else 1 << i
    full = (1 << len(rooms)) - 1
    goal = 1 << (len(rooms) if ordered else full)
    out = bytearray(n)
    layer = [0] * n
    for s in range(n):
        if possible[s] and not sun[s]:
            layer[s] = 1  # no bite room entered yet (starting in one does not count)
    _walk_ends(m, layer, sun, None, bitval, full, goal, out, True, ordered)
    for s in range(n):
        if not (possible[s] and sun[s]):
            continue
        # D4: in sunlight he must leave, never into the room of the hunter who put it there.
        forbid = placer_rooms(n, sunlight, s, hunter_pos)
        if trapped(m, s, sun, forbid):
            if not rooms and not crypt_ok(m, s, sun, forbid, crypts_on):
                out[s] = 1  # nowhere to go: he stays (and cannot bite)
            continue
        one = [0] * n
        one[s] = 1
        _walk_ends(m, one, sun, forbid, bitval, full, goal, out, False, ordered)
    return out


def only(n, room):
    s = bytearray(n)
    s[room] = 1
    return s


def count(possible):
    k = 0
    for v in possible:
        k += v
    return k


def rooms_of(possible):
    return [r for r in range(len(possible)) if possible[r]]
