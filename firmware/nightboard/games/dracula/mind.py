"""Dracula's mind: the board chooses his turn from what the hunters know, his room and his own seed.

decide(map, view, room, prng, level) reads only the hunters' view (the public
state, games/dracula/__init__.py view()), his own room and his random stream, so by
construction nothing else hidden can steer him. Integers only; the work is
bounded: one pass over his legal walks (at most 1 + d + d^2 + d^3 for rooms
of d doors: 85 on a square map), one spread of the hunters' knowledge per
distinct set of bites, and a few loops over rooms and hunters per candidate.

How he plays is data: PLAY gives, per number of hunters and level, the percent of his turns played
carelessly, the chance a careless walk bites, a margin, the percent of rooms kept as hideouts and the
percent of bites declined. A careless turn draws the room he ends in (below), walks there and bites each
hunter in his way at that chance. Every other turn scores each distinct outcome (where he ends, whom he
bites, crypt or not):
  + bites (each worth his health / the hunters' lives left), kills, a win;
  - danger: the expected stake hits next round if the hunters, knowing only
    the set of rooms he may be in, search the rooms within their reach
    (a move and a neighbouring room: distance 2) one at a time and stake
    him once found;
  + the size of that set after his move, so he keeps it large and reveals
    himself only when it pays; the rooms out of every hunter's reach he could
    flee to next turn; hunters within striking range next turn.
Then he draws, from his own stream, among the outcomes scoring within the margin of the best (a win is
worth far more than any margin, so it is never thrown away) and, with hideouts kept, among the quiet walks
(no bite) to a hideout: the best of the rooms he may be in after a quiet turn, scored as from every room
he may have been in. A bite better than every quiet walk by more than the margin he declines, for a
hideout, at the level's percent; after a bite he chooses where he ends again among the best of the rooms
he can reach after those bites, leaning away from the bitten room. Every draw of a room, careless or not, is
weighted by RARE / how many of the rooms he may have been in reach that room (_common): the rooms the
hunters' knowledge favours are the ones he leans away from, so that running this public code on the
public record guesses his room little better than chance. PLAY was set against two strong hunter
teams (host/nightboard_host/games/dracula/bots.py) for each level's band of his win share (level 1
25-40%, level 2 45-60%, level 3 75-90%); the figures, the guess of a particle filter over this mind,
and the cost of a decision: host/nightboard_host/games/dracula/bench.py, reported by `make bench`.

steps(...) is the same decision as a generator, for the table to spread over frames
(table/thinking.py): before each piece of work (his walks, their outcomes, each outcome scored) it yields
what the piece will cost in work units (under 1 ms each on the board; a spread of the hunters'
knowledge is the heaviest), and its last yield is (move,). decide() runs it through at once: the same
move either way.
"""

from array import array

from nightboard.compat import const
from nightboard.games.dracula import know as K

REACH = 2  # a hunter's search: move one room, then garlic or stake a neighbour
WIN = 1000000
HIT = 1000  # one stake hit, the unit of every score
KILL = 500
# How he plays, per number of hunters (1 to 4, a row each) and level (1 to 3, _PER_LEVEL in each row),
# calibrated against two strong hunter teams (host/nightboard_host/games/dracula/bench.py): the percent of
# his turns played carelessly (a walk to a room drawn at random, see _gentle), the percent chance that a
# careless walk bites a hunter in its way, the margin (outcomes scoring within it of the best are drawn
# from), the percent of the rooms he may be in after a quiet turn that are hideouts (0: none), and the
# percent of the bites better than any quiet walk by more than the margin that he declines for a hideout.
PLAY = (
    (100, 40, 0, 0, 0, 100, 65, 0, 0, 0, 85, 70, 2000, 0, 0),  # 1 hunter: levels 1, 2, 3
    (85, 50, 2000, 0, 0, 60, 50, 1500, 60, 70, 0, 50, 1000, 70, 0),  # 2 hunters
    (30, 50, 2000, 0, 0, 0, 50, 1100, 70, 0, 0, 50, 650, 0, 0),  # 3 hunters
    (0, 50, 1350, 0, 0, 0, 50, 800, 0, 0, 0, 50, 450, 0, 0),  # 4 hunters
)
_PER_LEVEL = const(5)
RARE = 720720  # a room's draw weight is RARE / the rooms he may have been in that reach it (see _common)
_QUIET = const(8255)  # 1 << 13 | 63: an outcome's crypt bit and bite mask: a quiet outcome (a walk, no bite) has neither
_UNSCORED = const(-2000000)  # -2 * WIN: a room's quiet score not yet known
SPACE = 120  # per doubling of the rooms he may be in
ESCAPE = 45  # per safe room he can reach next turn (at most 6 counted)
STRIKE = 90  # per hunter he could reach next turn
# steps()'s work units, from the bench's per-piece counts (bench/thinking.py): his legal walks; their
# outcomes (WALKS_PIECE walks a piece, WALKS_PER_UNIT a unit); an outcome scored, by the map's size; one with a new spread of the hunters' knowledge
WALKS_COST = 5
WALKS_PIECE = 40
WALKS_PER_UNIT = 5
COMMON_PIECE = 8  # rooms he may have been in counted a piece (_common), a piece costing
COMMON_ROOMS = 40  # 1 + COMMON_PIECE * rooms // COMMON_ROOMS
OUTCOME_ROOMS = 24  # an outcome scored costs 1 + rooms // OUTCOME_ROOMS (its loops go over the rooms)
_DRAW_OUTCOMES = const(20)  # the draw costs 1 + outcomes // _DRAW_OUTCOMES (a few passes over them, a bite's again)
SPREAD_COST = 20  # a whole frame's budget (table/thinking.py): a spread is its frame's only thinking

_buf = []


def _scores(k):
    """The outcomes' scores: one buffer kept from decision to decision (no large block per decision)."""
    if not _buf or len(_buf[0]) < k:
        _buf[:] = [array("i", range(k))]
    return _buf[0]


class Stats:
    """Work counters of one decision (for the bench): walks looked at, outcomes scored, spreads."""

    def __init__(self):
        self.walks = 0
        self.outcomes = 0
        self.spreads = 0


def play(hunters, level):
    """(careless percent, careless bite percent, margin, hideouts percent, declined bites percent) for
    `hunters` hunters at `level` (PLAY)."""
    if hunters < 1:
        hunters = 1
    row = PLAY[hunters - 1 if hunters <= len(PLAY) else len(PLAY) - 1]
    i = _PER_LEVEL * (level - 1)
    return row[i], row[i + 1], row[i + 2], row[i + 3], row[i + 4]


def decide(m, view, room, prng, level, stats=None):
    """Dracula's move (crypt, rooms, bites) for the position the hunters see in `view` (steps() run through)."""
    for out in steps(m, view, room, prng, level, stats):
        if isinstance(out, tuple):
            return out[0]
    raise ValueError("Dracula's mind ended without a move")  # never: steps() always ends with one


def steps(m, view, room, prng, level, stats=None):
    """decide() as a generator: each piece's cost in work units before it, then (move,)."""
    yield WALKS_COST
    n = m.n
    hunters = view["hunters"]
    pos = view["positions"]
    team = view["team_lives"] is not None
    alive = [team or view["lives"][h] > 0 for h in range(hunters)]
    sunlight = view["sunlight"]
    sun = K.sun_rooms(n, sunlight)
    forbid = bytearray(n)
    must = sun[room] == 1
    if must:
        forbid = K.placer_rooms(n, sunlight, room, pos)
    crypt_on = view["rules"] == "playtest"
    crypt = K.crypt_ok(m, room, sun, forbid, crypt_on)
    ws, outs, how = prepare(m)
    nw = K.legal_walks_into(m, room, sun, forbid, must, crypt, ws)
    turn = view["turn"]
    can = [h for h in range(hunters) if alive[h] and not view["hit"]
           and not (view["bitten"][h] > 0 and view["bitten"][h] == turn - 1)]
    if stats is not None:
        stats.walks += nw
    careless, bite, margin, keep, decline = play(hunters, level)
    common = bytearray(n)
    was = view["possible"]
    for i in range(0, len(was), COMMON_PIECE):
        yield 1 + COMMON_PIECE * n // COMMON_ROOMS
        _common(m, was, i, i + COMMON_PIECE, crypt_on, common)
    weight = array("i", range(n))
    for e in range(n):
        weight[e] = RARE // (common[e] if common[e] else 1)
    common = None
    if prng.below(100) < careless:
        yield (_gentle(m, room, ws, nw, crypt, can, pos, prng, bite, weight),)
        return

    # Distinct outcomes, each an int: crypt << 13 | end << 6 | bite mask over `can`; and the first walk
    # (a compact int, or -1 for the crypt) that gives it. Both in buffers made once per map.
    room_bites = bytearray(n)  # per room, the mask of the biteable hunters standing there
    for i in range(len(can)):
        room_bites[pos[can[i]]] |= 1 << i
    seen = bytearray(n * 16)  # (end, bite mask) already an outcome
    no = 0
    for i in range(nw):
        if i % WALKS_PIECE == 0:
            yield WALKS_PIECE // WALKS_PER_UNIT
        w = ws[i]
        k = w & 3
        end = room if k == 0 else (w >> (2 + 8 * (k - 1))) & 255
        mask = 0
        for j in range(k):
            mask |= room_bites[(w >> (2 + 8 * j)) & 255]
        key = end * 16
        if not seen[key]:
            seen[key] = 1
            outs[no] = end << 6
            how[no] = w
            no += 1
        if mask and not seen[key + mask]:
            seen[key + mask] = 1
            outs[no] = end << 6 | mask
            how[no] = w
            no += 1
    if crypt:
        far = m.opposite[room]
        outs[no] = 1 << 13 | far << 6
        how[no] = -1
        no += 1
        if room_bites[far]:
            outs[no] = 1 << 13 | far << 6 | room_bites[far]
            how[no] = -1
            no += 1

    # A generator's locals live across its yields, that is across frames: what is done with goes now (the
    # frames while he thinks are among the heap's fullest on the board).
    seen = room_bites = forbid = sun = None
    possible = bytearray(n)
    for r in view["possible"]:
        possible[r] = 1
    lives_left = 0
    for h in range(hunters):
        if alive[h]:
            lives_left += view["team_lives"] if team else view["lives"][h]
        if team:
            break
    health = view["health"]
    dist = m.dist
    # Rooms within some living hunter's reach (for his escape routes).
    watched = bytearray(n)
    for h in range(hunters):
        if alive[h]:
            base = pos[h] * n
            for r in range(n):
                if dist[base + r] <= REACH:
                    watched[r] = 1
    outcome_cost = 1 + n // OUTCOME_ROOMS
    know = {}  # (crypt, bite mask) -> (how many rooms he may be in after, per-hunter counts in reach)
    scores = _scores(no)
    best_score = 0
    escape_cache = [-1] * n
    # A quiet outcome (a walk, no bite) scores by where it ends alone: its score per room (`quiet`), for
    # every room he may be in after it, wherever he stands (for his hideouts, below).
    quiet = after0 = None
    if keep:
        quiet = array("i", range(n))
        for e in range(n):
            quiet[e] = _UNSCORED
    for oi in range(no + (n if keep else 0)):
        if oi < no:
            o = outs[oi]
            cr, end, mask = o >> 13, (o >> 6) & 127, o & 63
        else:
            cr, end, mask = 0, oi - no, 0
            if after0 is None or not after0[end] or quiet[end] != _UNSCORED:
                continue
        key = (end if cr else -1) * 64 + mask
        if key not in know:
            yield outcome_cost if cr else SPREAD_COST
            if cr:
                after = K.only(n, end)
            else:
                bite_rooms = [pos[can[i]] for i in range(len(can)) if (mask >> i) & 1]
                after = K.spread(m, possible, sunlight, pos, bite_rooms, crypt_on, False)
                if stats is not None:
                    stats.spreads += 1
            know[key] = (K.count(after), _in_reach(m, after, pos, hunters))
            if keep and key == -64:
                after0 = after
            after = None
        yield outcome_cost
        size, reach_counts = know[key]
        if stats is not None:
            stats.outcomes += 1
        score = _score(m, view, end, mask, reach_counts, can, alive, lives_left, health, team)
        if score < WIN:
            score += SPACE * _log2(size)
            e = escape_cache[end]
            if e < 0:
                e = _escape(m, end, pos, alive, hunters, watched)
                escape_cache[end] = e
            score += ESCAPE * (e & 15) + STRIKE * (e >> 4)
        if keep and key == -64:
            quiet[end] = score
        if oi < no:
            scores[oi] = score
            if oi == 0 or score > best_score:
                best_score = score
    # His hideouts: the best `keep` percent of the rooms he may be in after a quiet turn, by their quiet
    # score. Unless a bite is better by more than the margin, he draws among the hideouts he can reach as
    # well as among the outcomes within the margin of the best, so that over the rooms he may be in,
    # the hunters' knowledge and this code point to no room much more than to the others.
    hide = WIN
    if after0 is not None:
        ranked = sorted(quiet[e] for e in range(n) if after0[e])
        hide = ranked[len(ranked) - (len(ranked) * keep + 99) // 100]
        ranked = None
    quiet = after0 = None
    yield 1 + no // _DRAW_OUTCOMES
    floor = best_score - margin
    top = _UNSCORED  # the best quiet outcome he can reach
    for oi in range(no):
        if not outs[oi] & _QUIET and scores[oi] > top:
            top = scores[oi]
    if top < floor:
        # A bite better than every quiet walk by more than the margin: taken, but `decline` percent of
        # the time (the hunters learn as much from a bite he did not take as from one he took).
        if hide <= top and best_score < WIN and prng.below(100) < decline:
            floor = WIN
        else:
            hide = WIN
    total = 0
    for oi in range(no):
        if scores[oi] >= floor or (scores[oi] >= hide and not outs[oi] & _QUIET):
            total += weight[(outs[oi] >> 6) & 127]
    pick = prng.below(total)
    best_i = 0
    for oi in range(no):
        if scores[oi] >= floor or (scores[oi] >= hide and not outs[oi] & _QUIET):
            pick -= weight[(outs[oi] >> 6) & 127]
            if pick < 0:
                best_i = oi
                break
    o = outs[best_i]
    if keep and o & 63 and not o >> 13:
        i = 0
        while not (o >> i) & 1:
            i += 1
        best_i = _after_bite(m, outs, scores, no, best_i, keep, pos[can[i]], was, prng)
        o = outs[best_i]
    bites = tuple(can[i] for i in range(len(can)) if ((o & 63) >> i) & 1)
    if o >> 13:
        yield ((True, (m.opposite[room],), bites),)
    else:
        yield ((False, K.walk_rooms(how[best_i]), bites),)


def prepare(m):
    """The mind's working buffers for map m: walks, outcomes, and the walk of each outcome. The map makes
    them when it is built, so a decision never needs a large block of a fragmented heap."""
    return m.mind_buffers


def _common(m, possible, first, last, crypts, c):
    """Add to c, per room, how many of possible[first:last] (rooms he may have been in) reach it in one
    turn (3 steps or the crypt). Drawing each room with weight RARE / its count (at least 1) keeps the
    rooms the hunters' knowledge favours from being favoured by his choices too: a room reachable from many
    of the rooms he may be in is likelier whatever he does, so he leans the other way."""
    n = m.n
    dist = m.dist
    steps = K.STEPS
    for r in possible[first:last]:
        base = r * n
        for e in range(n):
            if dist[base + e] <= steps:
                c[e] += 1
        if crypts and m.is_crypt(r):
            c[m.opposite[r]] += 1


def _after_bite(m, outs, scores, no, chosen, keep, bitten, was, prng):
    """A bite tells the hunters whom he bit and where, not where he went on. The room he ends in is drawn
    again among the best `keep` percent of those he can end in after the same bites (all of them at least
    as good as his choice), each weighted by one over how many of the rooms he may have been in could
    have bitten there and ended in it (a walk enters the bite room, then goes on for the steps left):
    the bite room itself is where every walk could end, so he leans away from it."""
    n = m.n
    dist = m.dist
    near = [0, 0, 0, 0]  # rooms he may have been in within d steps of the bite room, d = 0 to 3
    for r in was:
        d = dist[bitten * n + r]
        for k in range(d, 4):
            near[k] += 1
    kind = outs[chosen] & _QUIET
    ranked = sorted(scores[oi] for oi in range(no) if outs[oi] & _QUIET == kind)
    low = min(ranked[len(ranked) - (len(ranked) * keep + 99) // 100], scores[chosen])
    ranked = None
    total = 0
    for step in (0, 1):
        if step:
            total = prng.below(total)
        for oi in range(no):
            if outs[oi] & _QUIET == kind and scores[oi] >= low:
                d = dist[bitten * n + ((outs[oi] >> 6) & 127)]
                w = RARE // (near[3 - d] if d <= 3 and near[3 - d] else 1)
                if not step:
                    total += w
                else:
                    total -= w
                    if total < 0:
                        return oi
    return chosen


def _gentle(m, room, ws, nw, crypt, can, pos, prng, bite, weight):
    """A careless turn: a room drawn among those his walks (and the crypt) end in, weighted as in
    _common, then the first walk that ends there; each hunter in its way bitten `bite` percent of the
    time."""
    n = m.n
    seen = bytearray(n)
    total = 0
    for i in range(nw):
        e = K.walk_end(ws[i], room)
        if not seen[e]:
            seen[e] = 1
            total += weight[e]
    far = m.opposite[room] if crypt else -1
    if far >= 0:
        total += weight[far]
    pick = prng.below(total)
    cr, rooms = True, (far,)
    for e in range(n):
        if seen[e]:
            pick -= weight[e]
            if pick < 0:
                for i in range(nw):
                    if K.walk_end(ws[i], room) == e:
                        cr, rooms = False, K.walk_rooms(ws[i])
                        break
                break
    bites = []
    for h in can:
        if pos[h] in rooms and prng.below(100) < bite:
            bites.append(h)
    return cr, rooms, tuple(bites)


def _in_reach(m, after, pos, hunters):
    """Per hunter: how many rooms he may be in lie within its reach."""
    n = m.n
    out = [0] * hunters
    dist = m.dist
    for h in range(hunters):
        base = pos[h] * n
        c = 0
        for r in range(n):
            if after[r] and dist[base + r] <= REACH:
                c += 1
        out[h] = c
    return out


def _score(m, view, end, mask, reach_counts, can, alive, lives_left, health, team):
    """Bites, kills and a win, less the stake hits he can expect next round where he ends."""
    hunters = view["hunters"]
    pos = view["positions"]
    stakes = view["stakes"]
    n = m.n
    score = 0
    lost = 0
    killed = 0  # hunters this move kills, as a mask over seats
    bitten = 0  # hunters this move bites, as a mask over seats
    for i in range(len(can)):
        if (mask >> i) & 1:
            h = can[i]
            bitten |= 1 << h
            lost += 1
            if not team and view["lives"][h] == 1:
                killed |= 1 << h
                score += KILL
    if lost:
        score += HIT * health // (lives_left if lives_left > 0 else 1) * lost
        if team:
            if view["team_lives"] - lost <= 0:
                return WIN
        else:
            anyone = False
            left = 0
            for h in range(hunters):
                if alive[h] and not (killed >> h) & 1:
                    anyone = True
                    left += stakes[h]
            if not anyone or left < health:
                return WIN
    # Danger next round: the hunters that will play, in seat order, each searching its reach.
    dist = m.dist
    share = 1
    if team:
        share = max(1, 4 // max(1, hunters - lost))  # classic: the round's four garlic cloves shared
    unfound = 1000
    hits = 0
    skip = view["skip"]
    for h in range(hunters):
        if not alive[h] or (bitten >> h) & 1 or skip[h]:
            continue
        if dist[pos[h] * n + end] > REACH:
            continue
        stake = stakes[h] > 0
        if stake:
            hits += 1000 - unfound
        c = reach_counts[h]
        p = 1000 * (share + (1 if stake and c <= 2 else 0)) // (c if c > 0 else 1)
        if p > 1000:
            p = 1000
        newly = unfound * p // 1000
        if stake:
            hits += newly
        unfound -= newly
    return score - hits * HIT // 1000


def _log2(k):
    b = 0
    while k > 1:
        k >>= 1
        b += 1
    return b


def _escape(m, start, pos, alive, hunters, watched):
    """Rooms within 3 steps of `start` out of every living hunter's reach (at most 6, low 4 bits), and
    hunters 3 or 4 rooms away, that he could strike next turn after they come closer (high bits)."""
    n = m.n
    dist = m.dist
    safe = 0
    base = start * n
    for r in range(n):
        if dist[base + r] <= K.STEPS and not watched[r]:
            safe += 1
    if safe > 6:
        safe = 6
    strike = 0
    for h in range(hunters):
        if alive[h]:
            d = dist[base + pos[h]]
            if d == 3 or d == 4:
                strike += 1
    return strike << 4 | safe
