"""The board as a player of Vampire, the card game: it chooses from one seat's view only (its own hand
and the public table), never from the state, so it cannot know another hand or the pile's order.

Level 1 plays by simple habits (the bench's "scripted sensible player"); level 2 keeps a spare bone
against Fate while a Fate may be unseen, aims Fate at a weak Vampire, bites the weakest hand it can infer from public facts (the
fewest cards in hand: every card it might defend with is in a hand) with its highest bone, and saves
Fate for defence when it holds only one.

steps(view, level) is the same choice as a generator, for the table to spread over frames
(table/thinking.py, through the state's board_steps): each piece's cost in work units (under 1 ms each on
the board by the bench's model) before it, then (action,).
"""

from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import moves as M


# From this round on, with nobody declared, a lone bone is thrown away like any low card: it is far from
# three, and bones then gather in the hands that hold two (six hands keeping one or two each stall until
# dawn, when nobody wins: issue 42).
LONE_BONE_NIGHT = 5

# Work units of the decision's pieces (table/thinking.py), from the bench's counts over whole games: the
# seat's view, then the choice (measured worst: 2.4 and 3.3 ms).
VIEW_COST = 4
CHOOSE_COST = 6


def steps(view, level=2):
    """choose(view, level) as a generator: its cost before it, then (action,)."""
    yield CHOOSE_COST
    yield (choose(view, level),)


def choose(view, level=2):
    ph = view["phase"]
    if ph == "play":
        return _play(view, level)
    if ph == "bitten":
        return _bitten(view)
    if ph == "bite":
        return _bite(view, level)
    if ph == "defend":
        return _defend(view, D.value(view["cards"], view["pending"][1]) + 1, True)
    if ph == "shed":
        return _shed(view)
    if ph == "ward":
        return _defend(view, D.FATE_WARD, False)
    return None


def _pos(view, s):
    cards = view["cards"]
    return [i for i in range(len(view["hand"])) if cards[view["hand"][i]][0] == s]


def _main_suit(view):
    """The running suit it collects: the most cards, then the highest total."""
    cards, hand = view["cards"], view["hand"]
    best, key = D.LEAF, None
    for s in D.RUNNING:
        mine = [c for c in hand if cards[c][0] == s]
        k = (len(mine), D.total(cards, mine))
        if key is None or k > key:
            best, key = s, k
    return best


def _worth(view, c, main):
    s, v = view["cards"][c]
    if s == D.BONE:
        if view["vampire"] >= 0 or (view["night"] >= LONE_BONE_NIGHT and len(_pos(view, D.BONE)) == 1):
            return v
        return 90 + v
    if s == D.FATE:
        return 80
    if s == D.FEATHER:
        return 20 + v if view["vampire"] >= 0 else 5 + v
    return (60 if s == main else 10) + v


def _play(view, level):
    cards, hand = view["cards"], view["hand"]
    if view["vampire"] >= 0:
        for s in D.RUNNING:
            if len(_pos(view, s)) >= D.ESCAPE:
                return M.act(M.ESCAPE, 0, s)
    elif len(_pos(view, D.BONE)) >= 3:
        return M.act(M.DECLARE)
    bites = [t for t in range(view["players"]) if view["bites"][t] >= 0]
    feathers = _pos(view, D.FEATHER)
    if bites and feathers:
        need = [(D.value(cards, view["bites"][t]) + 1 - D.total(cards, view["feathers"][t]), t) for t in bites]
        need.sort()
        return M.act(M.FEATHER, need[0][1], feathers[-1])
    fates = _pos(view, D.FATE)
    if fates and view["vampire"] >= 0:
        if len(view["bones"]) <= (2 if level >= 2 else 1):
            return M.act(M.FATE, 0, fates[0])
        if bites and (level < 2 or len(fates) > 1):
            worst = sorted([(-D.value(cards, view["bites"][t]), t) for t in bites])[0][1]
            return M.act(M.HEAL, worst, fates[0])
    main = _main_suit(view)
    order = sorted([(_worth(view, hand[i], main), i) for i in range(len(hand))])
    # Before a Vampire it digs for bones (only bones and Fates are kept): a table where everybody keeps a
    # full hand draws nothing and nobody ever declares, and then nobody wins at dawn (C12).
    keep = 60 if view["vampire"] >= 0 else 80
    m = 0
    for w, i in order[:3]:
        if w < keep:
            m |= 1 << i
    return M.act(M.DISCARD, 0, m)


def _bitten(view):
    cards, me = view["cards"], view["me"]
    need = D.value(cards, view["bites"][me]) + 1 - D.total(cards, view["feathers"][me])
    feathers = _pos(view, D.FEATHER)
    fates = _pos(view, D.FATE)
    have = D.total(cards, [view["hand"][i] for i in feathers])
    if feathers and (have >= need or not fates):
        return M.act(M.FEATHER, me, feathers[-1])
    if fates:
        return M.act(M.HEAL, me, fates[0])
    return M.END


def _bite(view, level):
    bones, cards, n = view["bones"], view["cards"], view["players"]
    last = view["dawn"] and view["vturns"] >= view["dawn"]  # dawn breaks as this turn ends (C12): no Fate to fear
    keep = 2 if level >= 2 and not last and _fates_unseen(view) else 1
    if len(bones) <= keep:
        return M.END
    free = [i for i in range(len(bones)) if bones[i] not in view["tired"]]
    targets = [t for t in range(n) if t != view["me"] and not view["escaped"][t] and view["bites"][t] < 0
               and t not in view["warded"]]
    if not free or not targets:
        return M.END
    place = sorted([(-D.value(cards, bones[i]), i) for i in free])[0][1]
    if level >= 2:
        target = sorted([(view["sizes"][t], t) for t in targets])[0][1]
    else:
        target = targets[0]
    return M.act(M.BITE, target, place)


def _fates_unseen(view):
    """Fates that may still be in a hand or the pile (not among the discards or its own hand)."""
    cards = view["cards"]
    seen = [c for c in view["discard"] + view["hand"] if cards[c][0] == D.FATE]
    return len([c for c in cards if c[0] == D.FATE]) - len(seen)


def _defend(view, need, fate_ok):
    cards, hand = view["cards"], view["hand"]
    main = _main_suit(view)
    best = None
    for s in D.RUNNING:
        pos = sorted(_pos(view, s), key=lambda i: -cards[hand[i]][1])
        got, m = 0, 0
        for i in pos:
            if got >= need:
                break
            got += cards[hand[i]][1]
            m |= 1 << i
        if got >= need:
            k = (1 if s == main else 0, M._bits(m), got)
            if best is None or k < best[0]:
                best = (k, m)
    if best is not None:
        return M.act(M.DEFEND, 0, best[1])
    fates = _pos(view, D.FATE)
    if fate_ok and fates:
        return M.act(M.WARD, 0, fates[0])
    return M.END


def _shed(view):
    hand = view["hand"]
    keep = sorted([(-_keep_bitten(view, hand[i]), i) for i in range(len(hand))])[:D.KEEP]
    kept = [i for _, i in keep]
    m = 0
    for i in range(len(hand)):
        if i not in kept:
            m |= 1 << i
    return M.act(M.DISCARD, 0, m)


def _keep_bitten(view, c):
    s, v = view["cards"][c]
    if s == D.FATE:
        return 100
    if s == D.FEATHER:
        return 50 + v
    if s == D.BONE:
        return 40 + v  # kept, it does not go to the Vampire now
    return v
