"""A player's turn in the Exploration phase: which actions are legal, and what each one does.

An action is an integer, kind << 10 | argument (actions.py names them). A turn is: any number of item
plays, one movement (or one pass), more item plays, then END. Entering a room with a vampire always asks
its player to defend or take the bite, whatever their hand (so that nobody learns what they hold).
Rulings named Mn are in docs/vampire_nights-rules-notes.md.
"""

from nightboard.games.vampire_nights import components as C
from nightboard.games.vampire_nights import mansion as M
from nightboard.games.vampire_nights.actions import (
    MOVE, PASS, END, JUMP, MIRROR, MASK, CLOAK, CROSSBOW, GARLIC, CROSS, STAKE, BAG, WATER, TORCH, GLASS,
    COFFIN_BOTH, COFFIN_PAY, TAKE_BITE, DROP_LOOT, act, kind, arg)

VAMPS = C.VAMPIRES
VILLS = C.VILLAGERS


def active(g, k):
    """A guard still exploring: placed, not passed, not in a Garden."""
    return g.gcell[k] >= 0 and not g.passed[k] and M.row(g.gcell[k]) != M.GARDEN


def usable(g, k):
    """A guard its player may move this turn (the Spiderweb holds it for one turn, M9)."""
    return active(g, k) and g.web[k] == 0


def _up_tile(g, k):
    x = g.gcell[k]
    if not M.is_room(x) or g.tiles[x] == M.EMPTY or not g.up[x]:
        return -1
    return g.tiles[x]


def _reaches_garden(g, k):
    x = g.gcell[k]
    c, r = M.col(x), M.row(x)
    if r == M.ENTRANCE or r == M.GARDEN:
        return False
    for rr in range(r + 1, 6):
        if g.tiles[M.cell(c, rr)] != M.EMPTY:
            return False
    return True


def _payables(g, p):
    """Things a player may pay for the Coffin: item kinds (0..11) and loot kinds (16 + kind), with counts."""
    out = []
    for i in sorted(set(g.hands[p])):
        out.append((i, g.hands[p].count(i)))
    for t in sorted(set(g.loot[p])):
        out.append((16 + t, g.loot[p].count(t)))
    return out


def defend_legal(g, p, k):
    out = []
    for item, kd in ((GARLIC, C.GARLIC), (CROSS, C.CROSS), (STAKE, C.STAKE)):
        if kd in g.hands[p]:
            out.append(act(item, k))
    out.append(act(TAKE_BITE, 0))
    return out


def legal(g, p):
    out = []
    hand = g.hands[p]
    mine = (2 * p, 2 * p + 1)
    for k in mine:
        if not active(g, k):
            continue
        t = _up_tile(g, k)
        if t in VAMPS:
            if C.STAKE in hand:
                out.append(act(STAKE, k))
            if C.CROSS in hand:
                out.append(act(CROSS, k))
        if t in (C.COINS, C.STONE) and C.BAG in hand:
            out.append(act(BAG, k))
        if t in VILLS and C.WATER in hand:
            out.append(act(WATER, k))
        if C.CROSSBOW in hand:
            for dc, dr in M.DIRS:
                y = M.next_room(g, g.gcell[k], dc, dr, 2)
                if y >= 0 and g.up[y] and g.tiles[y] in VAMPS:
                    out.append(act(CROSSBOW, k * 64 + y))
        if C.TORCH in hand:
            dirs = []
            for i in range(4):
                dc, dr = M.DIRS[i]
                y = M.next_room(g, g.gcell[k], dc, dr, 0)
                if y >= 0 and not g.up[y]:
                    dirs.append(i)
            for i in dirs:
                out.append(act(TORCH, k * 64 + (1 << i)))
                for j in dirs:
                    if j > i:
                        out.append(act(TORCH, k * 64 + (1 << i) + (1 << j)))
    if C.GLASS in hand:
        for i in sorted(set(g.item_discard)):
            out.append(act(GLASS, i))
    coffin = [k for k in mine if g.gcell[k] >= 0 and _up_tile(g, k) == C.COFFIN]  # M17: passed or not
    if len(coffin) == 2 and g.gcell[mine[0]] == g.gcell[mine[1]]:
        out.append(act(COFFIN_BOTH, 0))
    elif coffin:  # M17: paying is for a guard alone in the Coffin's room
        pay = _payables(g, p)
        for a in range(len(pay)):
            for b in range(a, len(pay)):
                if a != b or pay[a][1] >= 2:
                    out.append(act(COFFIN_PAY, pay[a][0] * 32 + pay[b][0]))
    if g.moved < 0:
        for k in mine:
            if not usable(g, k):
                continue
            for y in M.moves(g, k):
                out.append(act(MOVE, k * 64 + y))
            if C.JUMP in hand:
                for y in M.jumps(g, k):
                    out.append(act(JUMP, k * 64 + y))
            if C.MIRROR in hand:
                for y in M.mirrors(g, k):
                    out.append(act(MIRROR, k * 64 + y))
            if C.CLOAK in hand and _reaches_garden(g, k) and M.secret_free(g, M.col(g.gcell[k])):
                out.append(act(CLOAK, k))
            if not _passed_here(g, g.gcell[k]):
                out.append(act(PASS, k))
    if g.moved < 0 and not [a for a in out if kind(a) in (MOVE, PASS)]:
        for k in mine:  # M8: a guard that can neither move nor lie down alone may share the room
            if usable(g, k):
                out.append(act(PASS, k))
    for k in mine:
        if C.MASK in hand and g.moved < 0 and g.gcell[k] >= 0 and not g.passed[k] and g.web[k] == 0:
            for h in M.mask_partners(g, k):
                out.append(act(MASK, k * 64 + h))
        x = g.gcell[k]
        if C.CLOAK in hand and x >= 0 and M.row(x) == M.GARDEN and g.gspace[k] != M.SECRET \
                and M.secret_free(g, M.col(x)) and (g.moved < 0 or (g.moved == k and g.fresh)):
            out.append(act(CLOAK, k))
    if g.moved >= 0:
        out.append(act(END, 0))
    out.sort()
    return out


def _passed_here(g, x):
    """M8: no two guards may lie down in the same room (the Entrance is no room)."""
    if not M.is_room(x):
        return False
    for k in range(2 * g.players):
        if g.passed[k] and g.gcell[k] == x:
            return True
    return False


def _use(g, p, item):
    g.hands[p].remove(item)
    g.item_discard.append(item)
    g.item_discard.sort()


def _to_loot(g, p, x):
    g.loot[p].append(g.tiles[x])
    g.loot[p].sort()
    g.tiles[x] = M.EMPTY


def _discard_room(g, x):
    g.room_discard.append(g.tiles[x])
    g.tiles[x] = M.EMPTY


def last_active(g, k):
    for h in range(2 * g.players):
        if h != k and active(g, h):
            return False
    return True


def enter(g, p, k, x, ev):
    """Guard k lands on cell x by a movement: reveal, then the room's effect."""
    g.gcell[k] = x
    g.visited[k] |= 1 << (M.col(x) * 7 + M.row(x))
    if M.row(x) == M.GARDEN:
        g.gspace[k] = M.garden_free(g, M.col(x))
        ev.append({"garden": k, "space": g.gspace[k]})
        return
    t = g.tiles[x]
    if t == M.EMPTY:
        return
    if not g.up[x]:
        g.up[x] = 1
        _forget(g, x)
        ev.append({"reveal": x, "tile": C.ROOM_NAMES[t]})
    if t == C.CAT:
        if C.COINS in g.loot[p]:  # M10: done in secret, the loot pile is face down
            g.loot[p].remove(C.COINS)
            g.room_discard.append(C.COINS)
        _discard_room(g, x)
        ev.append({"cat": p})
    elif t == C.CHEST:
        draw_item(g, p)
        _discard_room(g, x)
        ev.append({"chest": p})
    elif t == C.WEB:
        if not last_active(g, k):
            g.web[k] = 2
            ev.append({"web": k})
    elif t in VAMPS:
        g.pending.append([0, p, k])


def _forget(g, x):
    for q in range(g.players):
        if x in g.peeks[q]:
            g.peeks[q].remove(x)


def draw_item(g, p):
    if not g.item_deck and g.item_discard:
        g.item_deck = g.item_discard[:]
        g.item_discard = []
        g.prng.shuffle(g.item_deck)
    if g.item_deck:
        g.hands[p].append(g.item_deck.pop())
        g.hands[p].sort()


def bite(g, p, ev):
    if g.bite_deck:
        g.bites[p].append(g.bite_deck.pop())  # M11: an empty Bite deck gives no card
    ev.append({"bite": p})
    if g.loot[p]:
        g.pending.append([1, p, 0])


def apply(g, p, a, ev):
    """Apply a legal action of the player p to move in the Exploration phase."""
    kd, v = kind(a), arg(a)
    k, y = v >> 6, v & 63
    if kd in (PASS, CLOAK, GARLIC, CROSS, STAKE, BAG, WATER):
        k = v
    if g.pending:
        task = g.pending.pop(0)
        if task[0] == 1:
            g.loot[p].remove(v)
            g.gave[p] = v
            g.room_discard.append(C.COFFIN if v > C.DOG else v)  # a claimed Coffin is a Coffin tile again
            return
        x = g.gcell[k]
        if kd == TAKE_BITE:
            bite(g, p, ev)
            return
        defend(g, p, kd, k, x, ev)
        return
    if kd == END:
        g.end_turn(ev)
        return
    if kd == PASS:
        g.passed[k] = 1
        ev.append({"pass": k})
        g.moved = k
        g.end_turn(ev)
        return
    if kd in (MOVE, JUMP, MIRROR):
        if kd != MOVE:
            _use(g, p, C.JUMP if kd == JUMP else C.MIRROR)
        g.moved = k
        g.fresh = 1 if M.row(y) == M.GARDEN else 0
        ev.append({"move": k, "to": y, "by": ("step", "jump", "mirror")[(MOVE, JUMP, MIRROR).index(kd)]})
        enter(g, p, k, y, ev)
        if g.fresh:
            g.check_end(ev)
        return
    if kd == MASK:
        _use(g, p, C.MASK)
        h = y
        g.gcell[k], g.gcell[h] = g.gcell[h], g.gcell[k]
        g.gspace[k], g.gspace[h] = g.gspace[h], g.gspace[k]
        for j in (k, h):
            x = g.gcell[j]
            g.visited[j] |= 1 << (M.col(x) * 7 + M.row(x))
        g.moved = k
        g.fresh = 0
        ev.append({"mask": k, "with": h})
        return
    if kd == CLOAK:
        _use(g, p, C.CLOAK)
        x = g.gcell[k]
        ev.append({"cloak": k, "moved": 1 if g.moved < 0 else 0})  # 1: it is the turn's move (M24)
        if M.row(x) != M.GARDEN:
            g.gcell[k] = M.cell(M.col(x), M.GARDEN)
            g.fresh = 1
        g.moved = k  # M24: on a later turn too, it is the turn's move
        g.gspace[k] = M.SECRET
        g.check_end(ev)
        return
    if kd in (STAKE, CROSS):
        defend(g, p, kd, k, g.gcell[k], ev)
    elif kd == BAG or kd == WATER:
        _use(g, p, C.BAG if kd == BAG else C.WATER)
        ev.append({"bag" if kd == BAG else "water": k, "tile": C.ROOM_NAMES[g.tiles[g.gcell[k]]]})
        _to_loot(g, p, g.gcell[k])
    elif kd == CROSSBOW:
        _use(g, p, C.CROSSBOW)
        ev.append({"crossbow": k, "at": y, "tile": C.ROOM_NAMES[g.tiles[y]]})
        _to_loot(g, p, y)  # M13: a defeated vampire is loot, as with the Stake
    elif kd == TORCH:
        _use(g, p, C.TORCH)
        for i in range(4):
            if y & (1 << i):
                dc, dr = M.DIRS[i]
                z = M.next_room(g, g.gcell[k], dc, dr, 0)
                if z not in g.peeks[p]:
                    g.peeks[p].append(z)
                    g.peeks[p].sort()
        ev.append({"torch": k})
    elif kd == GLASS:
        g.hands[p].remove(C.GLASS)
        g.item_discard.remove(v)
        g.hands[p].append(v)
        g.hands[p].sort()
        g.item_discard.append(C.GLASS)
        g.item_discard.sort()
        ev.append({"glass": p, "took": C.ITEM_NAMES[v]})
    elif kd == COFFIN_BOTH:
        x = g.gcell[2 * p]
        g.tiles[x] = C.COFFIN_BOTH
        _to_loot(g, p, x)
        ev.append({"coffin": p, "by": "both"})
    elif kd == COFFIN_PAY:
        for thing in (v >> 5, v & 31):
            if thing >= 16:
                g.loot[p].remove(thing - 16)
                g.room_discard.append(C.COFFIN if thing - 16 > C.DOG else thing - 16)
            else:
                _use(g, p, thing)
        for k2 in (2 * p, 2 * p + 1):
            if g.gcell[k2] >= 0 and _up_tile(g, k2) == C.COFFIN:
                x = g.gcell[k2]
        g.tiles[x] = C.COFFIN_PAID
        _to_loot(g, p, x)
        ev.append({"coffin": p, "by": "paying"})


def defend(g, p, kd, k, x, ev):
    if kd == GARLIC:
        _use(g, p, C.GARLIC)
        ev.append({"garlic": k})
    elif kd == CROSS:
        _use(g, p, C.CROSS)
        ev.append({"cross": k, "tile": C.ROOM_NAMES[g.tiles[x]]})
        _discard_room(g, x)
    else:
        _use(g, p, C.STAKE)
        ev.append({"stake": k, "tile": C.ROOM_NAMES[g.tiles[x]]})
        _to_loot(g, p, x)


def pending_legal(g):
    task = g.pending[0]
    if task[0] == 1:
        return [act(DROP_LOOT, t) for t in sorted(set(g.loot[task[1]]))]
    return defend_legal(g, task[1], task[2])
