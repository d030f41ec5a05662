"""The board as a VampiRing family: its metamorphosis and direction, from its own family's view only.

decide(view, level, prng) reads the view of the family it plays (the ring, where every vampire stands
and in which shape, the drops, the Haunted Houses: public facts, plus that family's own choice, which it
has not made yet) and the game's random stream. No view holds another family's choice, confirmed or
not, so nothing the others chose can steer it; the table asks it as the turn begins, when the people
choose.

Movement never interacts (V7), and every wound is given by one vampire to another on the card where
both stop, by a rule that depends on that card and their two shapes alone (V8, V9): the wounds of a
turn add up pair by pair. So the mind works out, for every living family and each of its 4 actions,
where its vampires stop and in which shape, then the wounds between two such (family, action) pairs:
only vampires that stop on the same card are compared (72 landings at most, with 6 families, spread over
20 cards), and the rest is arithmetic over a table of at most 24 x 24 small numbers.

Level 1 (careless): avoids wounding itself and the Haunted Houses and goes where its vampires would
wound the others if they stood still; it minds neither where they may go nor what they could give back,
and takes any action within half a wound of its best.
Level 2 (sensible): the others are as likely to take any of their 4 actions; it weighs the wounds it
expects to give against those it expects to take (one taken costs as much as 8 given: the bench found
that staying whole wins far more games than hitting hard), more so near an elimination.
Level 3: a duel with each other family: the 4 x 4 outcomes of its actions against that family's, in
drops lost by one and the other (a family running dry worth a little more), and how likely that family's
answers look: half on the action that would serve it best if it knew nothing of ours, half on its
safest one (the least it can lose to our best answer). With two families left, each outcome also counts
half the duel of the turn after it, from where it leaves both. It plays the action worth most against
those answers, summed over the families; exact ties are drawn from the stream. Integers only.

steps(view, level, prng) is the same decision as a generator, for the table to spread over frames
(table/thinking.py): before each piece of work (one family's landings, a few cards' fights, one family's
worth of one action at level 2, one duel at level 3) it yields what the piece will cost in work units
(under 1 ms each on the board), and its last yield is (action,). decide() runs it through at once, so the
action is the same either way.
"""

from nightboard.games.vampiring.cards import CROSS, DIR_SIGN, FAVOURED, GARLIC, HOME_BASE, META_SHIFT, MIRROR, \
    card_from_name
from nightboard.games.vampiring.turn import move_vampire

# per level: values this close to the best count as a tie (level 1 counts a wound it gives as 120; level 2
# counts one given as 60 and one taken as 480; level 3's worths are drops x 24: only exact ties)
NEAR = (0, 60, 12, 0)
# steps()'s work units, from the bench's per-piece counts (bench/thinking.py): reading the view;
# landings of a family; a fights piece (FIGHT_PAIRS vampire pairs compared, a row more at most); one
# worth, per family
READ_COST = 4
LANDINGS_COST = 5
FIGHT_PAIRS = 64
FIGHT_COST = 9
VALUE_COST = 1
CARELESS = 0  # level 1: how much (in twelfths) it minds the wounds the others could give where they stand
GIVE, TAKE = 5, 40  # the worth of a wound given, and the cost of one taken: staying whole wins games
L1_GIVE, L1_TAKE = 10, 12  # level 1's own (it takes no wound from the others into account)
LOW = 2  # a family with this many drops or fewer is close to elimination
FINISH = 3  # level 3: a family run dry is worth this many drops more (to the one that does it)
DUEL_COST = 8  # level 3: one other family's duel and its replies
NEXT_LANDINGS_COST = 7  # level 3, DEEP: a family's next landings from one action, and its own wounds then
BEST, SAFE = 12, 12  # level 3: the weights of another family's best answer and its safest (multiples of 12)
DEEP = 2  # level 3 looks at the next turn too when this many families or fewer are left
NEXT_COST = 7  # level 3, DEEP: one outcome's next turn
ZERO16 = bytes(16)
# WOUNDS[kind * 9 + gs * 3 + ts]: what hit() gives, a vampire of shape gs to one of shape ts (man, wolf, bat),
# on a card of each kind (0: a Home, where the Castle is judged apart, or any card without an effect)
WOUNDS = (
    b"\x00\x00\x01\x01\x00\x00\x00\x01\x00"  # 0: ordinary
    b"\x00\x00\x01\x01\x00\x00\x00\x01\x00"  # carriage
    b"\x00\x00\x01\x01\x00\x00\x00\x01\x00"  # parchment
    b"\x00\x01\x01\x00\x00\x00\x00\x01\x00"  # tower
    b"\x00\x00\x01\x01\x00\x01\x00\x00\x00"  # forest
    b"\x00\x00\x00\x01\x00\x00\x01\x01\x00"  # cave
    b"\x00\x00\x02\x02\x00\x00\x00\x02\x00"  # garlic
    b"\x00\x01\x00\x00\x00\x01\x01\x00\x00"  # mirror
    b"\x00\x00\x01\x01\x00\x00\x00\x01\x00"  # graveyard
    b"\x00\x00\x00\x00\x00\x00\x00\x00\x00"  # cross
)


class Stats:
    """Work counted in one decision (for the bench): vampire pairs compared."""

    def __init__(self):
        self.pairs = 0


def hit(kind, gs, ts, tf, castle):
    """Wounds a vampire of shape gs gives to one of shape ts (family tf) on a card of this kind (V8, V9)."""
    if kind == CROSS or gs == ts:
        return 0
    if kind == MIRROR:
        if ts != (gs + 1) % 3:
            return 0
    else:
        fav = FAVOURED.get(kind, -1)
        if ts != (gs + 2) % 3 and not (gs == fav and ts == (fav + 1) % 3):
            return 0
        if ts == fav:
            return 0
    if castle and kind - HOME_BASE == tf:
        return 0
    return 2 if kind == GARLIC else 1


class Turn:
    """Every living family's landings for each of its 4 actions, and the wounds between them."""

    def __init__(self, view, stats=None, fights=True, later=False):
        """later: leave the landings and fights to the caller, who runs work() (a piece a step)."""
        n = view["families"]
        self.n = n
        self.ring = [card_from_name(c, n) for c in view["ring"]]
        self.castle = view["variant"] == "castle"
        self.alive = [view["eliminated_turn"][f] is None for f in range(n)]
        self.drops = view["drops"]
        self.stats = stats
        haunted = bytearray(len(self.ring))
        for c in view["haunted"]:
            haunted[c] = 1
        self.haunted = haunted
        self.vamps = view["vampires"]
        self.now_card = bytearray(3 * n)  # where each vampire stands now, and its shape
        self.now_shape = bytearray(3 * n)
        self.card = bytearray(12 * n)  # (f * 4 + a) * 3 + v: where it stops, and its new shape
        self.shape = bytearray(12 * n)
        self.nfa = 4 * n
        self.fights = fights  # level 1 does without
        self.hits = None
        if not later:
            for _ in self.work():
                pass

    def work(self):
        """Every family's landings, then the fights: a generator yielding each piece's cost before it."""
        n = self.n
        vamps = self.vamps
        for f in range(n):
            if not self.alive[f]:
                continue
            yield LANDINGS_COST
            home = self.ring.index(HOME_BASE + f)
            for v in range(3):
                c = vamps[f][v]["card"]
                s = ("man", "wolf", "bat").index(vamps[f][v]["shape"])
                self.now_card[f * 3 + v] = c
                self.now_shape[f * 3 + v] = s
                for a in range(4):
                    ns = (s + META_SHIFT[a >> 1]) % 3
                    i = (f * 4 + a) * 3 + v
                    self.shape[i] = ns
                    self.card[i] = move_vampire(self.ring, home, c, ns, DIR_SIGN[a & 1], f, v, None)
        if self.fights:
            for cost in self._hits():
                yield cost

    def _hits(self):
        """hits[x * nfa + y]: the wounds (family, action) x gives (family, action) y of another family. Only
        vampires that stop on the same card can fight: they are found card by card, not pair by pair. A
        generator yielding the cost of each piece (about FIGHT_PAIRS pairs) before it; self.hits is set at
        its end."""
        n = self.n
        nfa = self.nfa
        ring = self.ring
        card = self.card
        shape = self.shape
        castle = self.castle
        at: list = [None] * len(ring)  # per card, the landings (f * 4 + a) * 3 + v that stop there
        for f in range(n):
            if not self.alive[f]:
                continue
            for i in range(f * 12, f * 12 + 12):
                c = card[i]
                if at[c] is None:
                    at[c] = [i]
                else:
                    at[c].append(i)
        out = bytearray(nfa * nfa)
        compared = 0
        left = 0  # pairs of the piece under way still to compare
        for c in range(len(ring)):
            here = at[c]
            if here is None or len(here) < 2:
                continue
            kind = ring[c]
            for i in here:
                if left <= 0:  # a new piece: FIGHT_PAIRS pairs or a little more, its cost first
                    yield FIGHT_COST
                    left = FIGHT_PAIRS
                left -= len(here)
                fi = i // 12
                row = (i // 3) * nfa
                si = shape[i]
                for j in here:
                    fj = j // 12
                    if fi != fj:
                        compared += 1
                        out[row + j // 3] += hit(kind, si, shape[j], fj, castle)
        if self.stats is not None:
            self.stats.pairs += compared
        self.hits = out

    def wounds(self, f, a, g, b):
        """Wounds family f, playing action a, gives to family g playing b (g != f)."""
        return self.hits[(f * 4 + a) * self.nfa + g * 4 + b]

    def own(self, f, a):
        """Wounds family f takes this turn whatever the others do: from itself, and from Haunted Houses (V11)."""
        card, shape, ring = self.card, self.shape, self.ring
        i0 = (f * 4 + a) * 3
        out = 0
        for i in range(i0, i0 + 3):
            c = card[i]
            out += self.haunted[c]
            for j in range(i0, i0 + 3):
                if j != i and card[j] == c:
                    out += hit(ring[c], shape[i], shape[j], f, self.castle)
        return out

    def against_still(self, f, a):
        """Level 1: (given, taken) with the others standing where they are, in their shapes now."""
        card, shape, ring = self.card, self.shape, self.ring
        i0 = (f * 4 + a) * 3
        give = take = 0
        for g in range(self.n):
            if g == f or not self.alive[g]:
                continue
            for i in range(i0, i0 + 3):
                c = card[i]
                for j in range(g * 3, g * 3 + 3):
                    if self.now_card[j] == c:
                        give += hit(ring[c], shape[i], self.now_shape[j], g, self.castle)
                        take += hit(ring[c], self.now_shape[j], shape[i], f, self.castle)
        return give, take


def _value(t, f, a):
    """Level 2: family f's worth of action a, in twelfths of a wound, every other family's 4 actions
    taken as equally likely."""
    base = t.own(f, a)
    take = base * 12
    worth = 0
    drops = t.drops
    for g in range(t.n):
        if g == f or not t.alive[g]:
            continue
        give_g = take_g = 0
        for b in range(4):
            give_g += t.wounds(f, a, g, b)
            take_g += t.wounds(g, b, f, a)
        per = GIVE + (GIVE if drops[g] <= LOW else 0)
        worth += per * give_g * 3
        take += take_g * 3
    cost = TAKE + (TAKE if drops[f] <= LOW + 1 else 0)
    return worth - cost * take // 12


def worth(gv, tk, d_me, d_g):
    """Level 3: one outcome's worth in drops to `me` when the other family loses gv and me tk (each capped
    at what the family holds, d_g and d_me), FINISH more when the other runs dry, FINISH less when me does."""
    v = 0
    if gv >= d_g:
        gv = d_g
        v = FINISH
    if tk >= d_me:
        tk = d_me
        v -= FINISH
    return v + gv - tk


def duel(t, me, g, own_me, own_g, m):
    """Level 3: m[a * 4 + b] (into m, 16 entries), family me's worth (worth()) when it plays a and g plays
    b: the drops g loses, to me or to itself, against those me loses."""
    d_me = t.drops[me]
    d_g = t.drops[g]
    hits = t.hits
    nfa = t.nfa
    for a in range(4):
        give = (me * 4 + a) * nfa + g * 4  # hits[give + b]: what me playing a gives g playing b
        take = g * 4 * nfa + me * 4 + a  # hits[take + b * nfa]: what g playing b gives me playing a
        for b in range(4):
            m[a * 4 + b] = worth(hits[give + b] + own_g[b], hits[take + b * nfa] + own_me[a], d_me, d_g)


def replies(m, out, work):
    """Level 3: how likely each of the other family's 4 actions looks (weights into out, BEST + SAFE in
    all): BEST on its best answer to an unknown choice (the least worth to me summed over my 4 actions),
    SAFE on its safest one (the least of my best worths against it); tied actions share their weight.
    work: a list of 8 to count in (a decision allocates its buffers once)."""
    for b in range(4):
        s = m[b]
        w = m[b]
        for a in range(1, 4):
            x = m[a * 4 + b]
            s += x
            if x > w:
                w = x
        work[b] = s
        work[4 + b] = w
    lo_s = min(work[0], work[1], work[2], work[3])
    lo_w = min(work[4], work[5], work[6], work[7])
    ns = nw = 0
    for b in range(4):
        ns += work[b] == lo_s
        nw += work[4 + b] == lo_w
    for b in range(4):
        out[b] = (BEST // ns if work[b] == lo_s else 0) + (SAFE // nw if work[4 + b] == lo_w else 0)


def _level3(t, me, out):
    """Level 3: against each other family, a duel of 4 x 4 outcomes (duel; with DEEP families or fewer
    left, each outcome with the next turn's duel from where it leaves both: further) and how likely its
    answers look (replies); each action's worth summed over them, into out. A generator yielding each
    piece's cost before it."""
    own_me = [t.own(me, a) for a in range(4)]
    m = [0] * 16
    q = [0, 0, 0, 0]
    work = [0] * 8
    deep = sum(t.alive) <= DEEP
    for g in range(t.n):
        if g == me or not t.alive[g]:
            continue
        yield DUEL_COST
        duel(t, me, g, own_me, [t.own(g, b) for b in range(4)], m)
        if deep:
            for cost in further(t, me, g, m, work):
                yield cost
        replies(m, q, work)
        for a in range(4):
            r = a * 4
            out[a] += m[r] * q[0] + m[r + 1] * q[1] + m[r + 2] * q[2] + m[r + 3] * q[3]


def _next_landings(t, f, a, cards, shapes, own):
    """Where family f's vampires would stop next turn, from where action a leaves them now: for each next
    action a2, cards and shapes [a * 12 + a2 * 3 + v], and own[a * 4 + a2], the wounds f would take then
    from itself and the Haunted Houses."""
    ring = t.ring
    home = ring.index(HOME_BASE + f)
    base = a * 12
    for v in range(3):
        i = (f * 4 + a) * 3 + v
        c = t.card[i]
        s = t.shape[i]
        for a2 in range(4):
            ns = (s + META_SHIFT[a2 >> 1]) % 3
            shapes[base + a2 * 3 + v] = ns
            cards[base + a2 * 3 + v] = move_vampire(ring, home, c, ns, DIR_SIGN[a2 & 1], f, v, None)
    for a2 in range(4):
        i0 = base + a2 * 3
        n = 0
        for i in range(i0, i0 + 3):
            c = cards[i]
            n += t.haunted[c]
            for j in range(i0, i0 + 3):
                if j != i and cards[j] == c:
                    n += hit(ring[c], shapes[i], shapes[j], f, t.castle)
        own[a * 4 + a2] = n


def further(t, me, g, m, work):
    """Level 3, DEEP families or fewer: each outcome m[a * 4 + b] of this turn's duel becomes 48 times
    itself plus the next turn's duel from where it leaves both families, as much as me expects to make of
    it against g's likely answers (x 24): the next turn weighs half as much as this one. An outcome where
    a family runs dry has no next turn. A generator yielding each piece's cost before it."""
    d_me = t.drops[me]
    d_g = t.drops[g]
    hits = t.hits
    nfa = t.nfa
    ring = t.ring
    size = len(ring)
    home_me = ring.index(HOME_BASE + me) if t.castle else -1
    home_g = ring.index(HOME_BASE + g) if t.castle else -1
    # each family's next landings (_next_landings), all in a few flat buffers
    my_cards, my_shapes, their_cards, their_shapes = bytearray(48), bytearray(48), bytearray(48), bytearray(48)
    my_own, their_own = bytearray(16), bytearray(16)
    first = bytearray(b"\xff" * (4 * size))  # first[b * size + c]: g's first next landing on card c after b
    after = bytearray(48)  # after[j]: g's next landing on the same card after j (255: none)
    for a in range(4):
        yield NEXT_LANDINGS_COST
        _next_landings(t, me, a, my_cards, my_shapes, my_own)
    for b in range(4):
        yield NEXT_LANDINGS_COST
        _next_landings(t, g, b, their_cards, their_shapes, their_own)
        for j in range(b * 12 + 11, b * 12 - 1, -1):
            x = b * size + their_cards[j]
            after[j] = first[x]
            first[x] = j
    m2 = [0] * 16
    q2 = [0, 0, 0, 0]
    give = bytearray(16)  # the next turn's wounds, me's next action x 4 + g's
    take = bytearray(16)
    for a in range(4):
        for b in range(4):
            yield NEXT_COST
            k = a * 4 + b
            gv = hits[(me * 4 + a) * nfa + g * 4 + b] + t.own(g, b)
            tk = hits[(g * 4 + b) * nfa + me * 4 + a] + t.own(me, a)
            if gv >= d_g or tk >= d_me:
                m[k] *= 48
                continue
            give[:] = ZERO16
            take[:] = ZERO16
            for i in range(a * 12, a * 12 + 12):
                c = my_cards[i]
                j = first[b * size + c]
                if j == 255:
                    continue
                si = my_shapes[i]
                kind = ring[c]
                k9 = (kind if kind < HOME_BASE else 0) * 9
                mine_safe = c == home_me  # the Castle keeps me whole on my Home, g on its own
                their_safe = c == home_g
                row = (i - a * 12) // 3 * 4 - b * 4
                while j != 255:
                    sj = their_shapes[j]
                    if not their_safe:
                        give[row + j // 3] += WOUNDS[k9 + si * 3 + sj]
                    if not mine_safe:
                        take[row + j // 3] += WOUNDS[k9 + sj * 3 + si]
                    j = after[j]
            for a2 in range(4):
                for b2 in range(4):
                    x = a2 * 4 + b2
                    m2[x] = worth(give[x] + their_own[b * 4 + b2], take[x] + my_own[a * 4 + a2], d_me - tk,
                                  d_g - gv)
            replies(m2, q2, work)
            best = None
            for a2 in range(4):
                r = a2 * 4
                v = m2[r] * q2[0] + m2[r + 1] * q2[1] + m2[r + 2] * q2[2] + m2[r + 3] * q2[3]
                if best is None or v > best:
                    best = v
            m[k] = m[k] * 48 + best


def _values(view, level, stats, out):
    """The worth of each of the 4 actions for the family whose view this is (higher is better), into
    `out`: a generator yielding each piece's cost before it."""
    me = view["you"]
    t = Turn(view, stats, level > 1, True)
    for cost in t.work():
        yield cost
    if level <= 1:
        for a in range(4):
            give, take = t.against_still(me, a)
            out[a] = L1_GIVE * 12 * give - L1_TAKE * (CARELESS * take + 12 * t.own(me, a))
        return
    if level >= 3:
        for cost in _level3(t, me, out):
            yield cost
        return
    for a in range(4):
        yield VALUE_COST * t.n
        out[a] = _value(t, me, a)


def values(view, level, stats=None):
    """The worth of each of the 4 actions for the family whose view this is (higher is better)."""
    out = [0, 0, 0, 0]
    for _ in _values(view, level, stats, out):
        pass
    return out


def steps(view, level, prng, stats=None):
    """The action (0..3) the board plays for the family whose view this is, as a generator: each piece's
    cost in work units before it, then (action,)."""
    yield READ_COST  # reading the view
    vals = [0, 0, 0, 0]
    for cost in _values(view, level, stats, vals):
        yield cost
    best = max(vals)
    near = [a for a in range(4) if vals[a] >= best - NEAR[level]]
    yield (near[prng.below(len(near))],)


def decide(view, level, prng, stats=None):
    """The action (0..3) the board plays for the family whose view this is (steps() run through)."""
    for out in steps(view, level, prng, stats):
        if isinstance(out, tuple):
            return out[0]
    raise ValueError("the mind ended without an action")  # never: steps() always ends with one
