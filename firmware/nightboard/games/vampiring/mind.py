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
Level 3: the others' likely moves (each is expected to play as level 2 would, its best action weighted
most), the chance of finishing a family and of being finished, on top of level 2's fights, cards and
haunting. Integers only.

steps(view, level, prng) is the same decision as a generator, for the table to spread over frames
(table/thinking.py): before each piece of work (one family's landings, a few cards' fights, one
family's worth of one action) it yields what the piece will cost in work units (under 1 ms each on
the board), and its last yield is (action,). decide() runs it through at once, so the action is the
same either way.
"""

from nightboard.games.vampiring.cards import CROSS, DIR_SIGN, FAVOURED, GARLIC, HOME_BASE, META_SHIFT, MIRROR, \
    card_from_name
from nightboard.games.vampiring.turn import move_vampire

# per level: values this close to the best count as a tie (level 1 counts a wound it gives as 120; levels 2
# and 3 count one given as 60 and one taken as 480)
NEAR = (0, 60, 12, 6)
RANK = (12, 6, 4, 2)  # level 3: how likely another family's actions are, its best first
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
FINISH, FALL = 60, 90  # level 3: per chance of eliminating a family, of being eliminated
UNIFORM = (3, 3, 3, 3)


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


def _value(t, f, a, odds, level):
    """Family f's worth of action a, in twelfths of a wound, with each other family g's actions weighted
    by odds[g] (4 weights; None for f itself and the eliminated)."""
    base = t.own(f, a)
    take = base * 12
    worth = 0
    fall = 0
    drops = t.drops
    for g in range(t.n):
        w = odds[g]
        if w is None:
            continue
        total = w[0] + w[1] + w[2] + w[3]
        give_g = take_g = finish = hurt = 0
        for b in range(4):
            if not w[b]:
                continue
            gv = t.wounds(f, a, g, b)
            tk = t.wounds(g, b, f, a)
            give_g += w[b] * gv
            take_g += w[b] * tk
            if gv >= drops[g]:
                finish += w[b]
            if tk + base >= drops[f]:
                hurt += w[b]
        per = GIVE + (GIVE if drops[g] <= LOW else 0)
        worth += per * give_g * 12 // total
        take += take_g * 12 // total
        if level >= 3:
            worth += FINISH * finish * 12 // total
            fall += hurt * 12 // total
    cost = TAKE + (TAKE if drops[f] <= LOW + 1 else 0)
    value = worth - cost * take // 12
    if level >= 3:
        value -= FALL * (fall if base < drops[f] else 12 * 4)
    return value


def _odds(t, me, level, out):
    """How likely each other family's actions look to family `me` (4 weights each), into `out` (a list of
    t.n): a generator yielding the cost of each of level 3's worths of another family's action before it."""
    odds = [None] * t.n
    for g in range(t.n):
        if g != me and t.alive[g]:
            odds[g] = UNIFORM
    if level < 3:
        out[:] = odds
        return
    for g in range(t.n):
        if odds[g] is None:
            continue
        mine = odds[:]
        mine[g] = None
        mine[me] = UNIFORM  # g does not know what `me` will do either
        vals = [0, 0, 0, 0]
        for b in range(4):
            yield VALUE_COST * t.n
            vals[b] = _value(t, g, b, mine, 2)
        order = sorted(range(4), key=lambda b: -vals[b])
        w = [0, 0, 0, 0]
        k = 0
        while k < 4:  # tied actions share their ranks' weights
            e = k
            while e + 1 < 4 and vals[order[e + 1]] == vals[order[k]]:
                e += 1
            share = 0
            for r in range(k, e + 1):
                share += RANK[r]
            for r in range(k, e + 1):
                w[order[r]] = share // (e - k + 1)
            k = e + 1
        out[g] = w


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
    odds = [None] * t.n
    for cost in _odds(t, me, level, odds):
        yield cost
    for a in range(4):
        yield VALUE_COST * t.n
        out[a] = _value(t, me, a, odds, level)


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
