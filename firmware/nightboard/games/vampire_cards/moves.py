"""The actions of Vampire, the card game: their integers, which are legal, and what they do.

An action is kind * 1024 + target * 64 + argument. The argument is a position in the actor's own hand
(hands are sorted), a mask of positions (bit i: the card at position i), a place in the Vampire's row
of face-up bones, or a suit. END (0) is the one "no more": end the Vampire's biting, take the bite,
give up healing, let the Fate take a bone.
"""

from nightboard.games.errors import GameError
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import flow as F

END = 0
DISCARD = 1  # + mask: up to 3 cards, ends an ordinary turn (C4); exactly down to 3 after a bite (C7)
FEATHER = 2  # + target * 64 + position: a feather on that seat's bite (C8)
HEAL = 3  # + target * 64 + position: a Fate heals that seat's bite (C8)
FATE = 4  # + position: a Fate against the Vampire (C9)
DECLARE = 5  # lay every bone of the hand face up: become the Vampire (C4)
ESCAPE = 6  # + suit: lay five of a running suit and escape (C10)
BITE = 7  # + target * 64 + place: the bone at that place of the Vampire's row bites (C5)
DEFEND = 8  # + mask: cards of one running suit against a bite (total above the bone) or a Fate (10+)
WARD = 9  # + position: a Fate against a bite (C6)
KINDS = ("end", "discard", "feather", "heal", "fate", "declare", "escape", "bite", "defend", "ward")


def act(kind, target=0, arg=0):
    return kind * 1024 + target * 64 + arg


def split(a):
    return a // 1024, (a % 1024) // 64, a % 64


def masks(n, lo, hi):
    """Every mask over n positions with lo..hi bits set, in increasing order."""
    out = []
    for m in range(1 << n):
        k = _bits(m)
        if lo <= k <= hi:
            out.append(m)
    return out


def _bits(m):
    k = 0
    while m:
        k += m & 1
        m >>= 1
    return k


def picked(hand, mask):
    return [hand[i] for i in range(len(hand)) if mask >> i & 1]


def _positions(g, seat, s):
    cards = g.cards
    return [i for i in range(len(g.hands[seat])) if cards[g.hands[seat][i]][0] == s]


def _defences(g, seat, need):
    """Masks of cards of one running suit whose total is at least `need` (C2: C6, C9)."""
    out = []
    hand = g.hands[seat]
    for s in D.RUNNING:
        pos = _positions(g, seat, s)
        for sub in range(1, 1 << len(pos)):
            m = 0
            for j in range(len(pos)):
                if sub >> j & 1:
                    m |= 1 << pos[j]
            if D.total(g.cards, picked(hand, m)) >= need:
                out.append(m)
    out.sort()
    return out


def legal(g, seat):
    ph = g.phase
    hand = g.hands[seat]
    out = []
    if ph == "play":
        bitten = [t for t in range(g.n) if g.bites[t] >= 0]
        feathers = _positions(g, seat, D.FEATHER)
        fates = _positions(g, seat, D.FATE)
        for t in bitten:
            for p in feathers:
                out.append(act(FEATHER, t, p))
            for p in fates:
                out.append(act(HEAL, t, p))
        if g.vampire >= 0:
            for p in fates:
                out.append(act(FATE, 0, p))
            for s in D.RUNNING:
                if len(_positions(g, seat, s)) >= D.ESCAPE:
                    out.append(act(ESCAPE, 0, s))
        elif len(_positions(g, seat, D.BONE)) >= 3:
            out.append(act(DECLARE))
        for m in masks(len(hand), 0, 3):
            out.append(act(DISCARD, 0, m))
    elif ph == "bitten":
        out.append(END)
        for p in _positions(g, seat, D.FEATHER):
            out.append(act(FEATHER, seat, p))
        for p in _positions(g, seat, D.FATE):
            out.append(act(HEAL, seat, p))
    elif ph == "bite":
        out.append(END)
        if len(g.bones) > 1:  # C5: one bone always stays face up
            for i in range(len(g.bones)):
                if g.bones[i] in g.tired:
                    continue
                for t in range(g.n):
                    if t != g.vampire and not g.escaped[t] and g.bites[t] < 0 and t not in g.warded:
                        out.append(act(BITE, t, i))
    elif ph == "defend":
        out.append(END)
        bone = g.pending[1]
        for m in _defences(g, seat, D.value(g.cards, bone) + 1):
            out.append(act(DEFEND, 0, m))
        for p in _positions(g, seat, D.FATE):
            out.append(act(WARD, 0, p))
    elif ph == "shed":
        for m in masks(len(hand), len(hand) - D.KEEP, len(hand) - D.KEEP):
            out.append(act(DISCARD, 0, m))
    elif ph == "ward":
        out.append(END)
        for m in _defences(g, seat, D.FATE_WARD):
            out.append(act(DEFEND, 0, m))
    out.sort()
    return out


def do(g, seat, a, ev):
    """Carry out a legal action (checked before: nothing here can fail)."""
    kind, t, x = split(a)
    ph = g.phase
    hand = g.hands[seat]
    if ph == "play" and kind == DISCARD:
        cards = picked(hand, x)
        if cards:
            F.to_discard(g, seat, cards, ev, "turn")
        F.draw(g, seat, D.HAND - len(hand), ev)
        F.end_turn(g, ev)
    elif kind == FEATHER:
        c = hand[x]
        hand.remove(c)
        g.feathers[t].append(c)
        ev.append({"e": "feather", "seat": seat, "on": t, "card": c})
        if D.total(g.cards, g.feathers[t]) > D.value(g.cards, g.bites[t]):
            _heal(g, t, [], ev)
    elif kind == HEAL:
        c = hand[x]
        hand.remove(c)
        _heal(g, t, [c], ev)
    elif kind == FATE:
        c = hand[x]
        hand.remove(c)
        g.discard.append(c)
        ev.append({"e": "fate", "seat": seat, "card": c})
        g.phase = "ward"
        g.pending = seat
    elif kind == DECLARE:
        bones = [c for c in hand if D.suit(g.cards, c) == D.BONE]
        for c in bones:
            hand.remove(c)
        g.vampire = seat
        g.bones = bones
        g.tired = []
        g.warded = []
        g.phase = "bite"
        ev.append({"e": "declare", "seat": seat, "bones": list(bones)})
    elif kind == ESCAPE:
        laid = picked(hand, _mask(_positions(g, seat, x)[:D.ESCAPE]))
        for c in laid:
            hand.remove(c)
        g.escaped[seat] = laid
        ev.append({"e": "escape", "seat": seat, "cards": list(laid)})
        if hand:
            F.to_discard(g, seat, list(hand), ev, "escape")
        F.end_turn(g, ev)
    elif kind == BITE:
        bone = g.bones.pop(x)
        g.pending = [t, bone]
        g.phase = "defend"
        ev.append({"e": "bite", "seat": seat, "on": t, "bone": bone})
    elif ph == "defend":
        _answer_bite(g, seat, kind, x, ev)
    elif ph == "shed":
        F.to_discard(g, seat, picked(hand, x), ev, "bitten")
        g.phase = "bite"
        g.pending = None
    elif ph == "ward":
        if kind == DEFEND:
            F.to_discard(g, seat, picked(hand, x), ev, "defend")
            ev.append({"e": "warded", "seat": seat})
        else:
            low = g.bones[0]
            for b in g.bones:
                if D.value(g.cards, b) < D.value(g.cards, low):
                    low = b
            g.bones.remove(low)  # C9: the lowest bone goes
            g.discard.append(low)
            g.tired = [b for b in g.tired if b != low]
            ev.append({"e": "lost", "seat": seat, "bone": low})
            if not g.bones:
                F.finish(g, [s for s in range(g.n) if s != g.vampire], "slain", ev)  # C11
                return
        g.phase = "play"
        g.pending = None
    elif ph == "bitten" and kind == END:
        if hand:
            F.to_discard(g, seat, list(hand), ev, "still bitten")
        F.end_turn(g, ev)
    elif ph == "bite" and kind == END:
        F.end_turn(g, ev)


def _answer_bite(g, seat, kind, x, ev):
    t, bone = g.pending
    hand = g.hands[seat]
    if kind == END:
        g.bites[t] = bone
        g.feathers[t] = []
        ev.append({"e": "bitten", "seat": t, "bone": bone})
        if len(hand) > D.KEEP:
            g.phase = "shed"
            g.pending = [t, -1]
            return
    else:
        if kind == DEFEND:
            F.to_discard(g, seat, picked(hand, x), ev, "defend")
        else:
            c = hand[x]
            hand.remove(c)
            g.discard.append(c)
            g.warded.append(t)
            g.warded.sort()
            ev.append({"e": "ward", "seat": t, "card": c})
        g.bones = sorted(g.bones + [bone])
        g.tired.append(bone)
        g.tired.sort()
        ev.append({"e": "defended", "seat": t, "bone": bone})
    g.phase = "bite"
    g.pending = None


def _heal(g, t, extra, ev):
    bone = g.bites[t]
    cards = [bone] + g.feathers[t] + extra
    g.discard.extend(cards)
    g.bites[t] = -1
    g.feathers[t] = []
    ev.append({"e": "healed", "seat": t, "cards": cards})
    if g.phase == "bitten" and t == g.seat:
        g.phase = "play"


def _mask(positions):
    m = 0
    for p in positions:
        m |= 1 << p
    return m


def why_not(g, seat, a):
    """Why an action is refused, in words built from what this seat may see."""
    if a < 0 or a // 1024 >= len(KINDS):
        return "no action has the number %d" % a
    kind, t, x = split(a)
    what = {"play": "play feathers or Fate, declare, escape, or discard up to 3 to end the turn",
            "bitten": "heal your bite with a feather or Fate, or end the turn",
            "bite": "bite with a face-up bone (one always stays) or end the turn",
            "defend": "defend with one running suit above the bone, a Fate, or take the bite",
            "shed": "discard down to 3 cards",
            "ward": "defend the Fate with one running suit totalling 10 or more, or lose a bone"}[g.phase]
    return "%s is not possible now: %s" % (KINDS[kind], what)


def parse(g, seat, text):
    """The written form of an action: its number, as a record keeps it."""
    try:
        return int(text)
    except ValueError:
        raise GameError("an action is written as its number, not %r" % text[:40])
