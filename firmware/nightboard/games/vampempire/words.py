"""VampEmpire's actions in words, both ways: say(action) for records, replays and the terminal, and
parse(text) for the written forms a record may use (apply() takes either). Imported only when used.

  choose baroness | pass | accept | refuse | end | rummage | intercept | let
  offer 2 | give bat-form | want 3-bodies | move c3 | suck c3 | overtake c3 | route c3 | unroute c3
  ritual sunrise at 2 [free] | ritual mob-uprising at c3 | ritual thralls | discard bat-form
  travel c3 [paying bat-form] | manipulate 1
Seats are numbers from 0; hexes are named as on the map (a1 top left); rituals by name, dashed.
"""

from nightboard.games.errors import GameError
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire import actions as A
from nightboard.games.vampempire.actions import act, split, show

PLAIN = (A.PASS, A.ACCEPT, A.REFUSE, A.END, A.RUMMAGE, A.INTERCEPT, A.LET)
HEXED = (A.MOVE, A.SUCK, A.OVERTAKE, A.ROUTE, A.UNROUTE)


def ritual_word(k):
    return R.KINDS[k][0].lower().replace(" ", "-")


def item_word(i):
    return "%d-bodies" % (i - A.BODIES) if i > A.BODIES else ritual_word(i)


def say(a):
    kind, x, y, z = split(a)
    w = A.WORDS[kind]
    if kind == A.CHOOSE:
        return "choose " + V.KEYS[x]
    if kind in PLAIN:
        return w
    if kind in HEXED:
        return "%s %s" % (w, B.name(z))
    if kind == A.OFFER:
        return "offer %d" % x
    if kind in (A.GIVE, A.WANT):
        return "%s %s" % (w, item_word(x))
    if kind == A.RITUAL:
        out = "ritual " + ritual_word(x)
        if 1 <= y < 10:
            out += " at %d" % (y - 1)
        elif y >= 10:
            out += " at " + B.name(y - 10)
        return out + (" free" if z else "")
    if kind == A.DISCARD:
        return "discard " + ritual_word(x)
    if kind == A.TRAVEL:
        return "travel %s" % B.name(z) + (" paying " + ritual_word(x - 1) if x else "")
    return "manipulate %d" % x


def _hex(w):
    for h in range(B.HEXES):
        if B.name(h) == w:
            return h
    raise GameError("%s is no hex of the map (a1..h8)" % show(w))


def _ritual(w):
    for k in range(len(R.KINDS)):
        if ritual_word(k) == w:
            return k
    raise GameError("%s is no ritual (%s)" % (show(w), ", ".join(ritual_word(k) for k in range(len(R.KINDS)))))


def _item(w):
    if w.endswith("-bodies") and w[:-7].encode().isdigit():
        return A.BODIES + int(w[:-7])
    return _ritual(w)


def _seat(w):
    if not w.encode().isdigit() or len(w) > 1:
        raise GameError("%s is no seat number" % show(w))
    return int(w)


def parse(text):
    ws = text.strip().lower().split()
    if not ws or ws[0] not in A.WORDS[1:]:
        raise GameError("%s is no VampEmpire action (%s)" % (show(text), ", ".join(A.WORDS[1:])))
    kind = A.WORDS.index(ws[0])
    rest = ws[1:]
    try:
        if kind in PLAIN and not rest:
            return act(kind)
        if kind in HEXED and len(rest) == 1:
            return act(kind, 0, 0, _hex(rest[0]))
        if kind == A.CHOOSE and len(rest) == 1 and rest[0] in V.KEYS:
            return act(kind, V.KEYS.index(rest[0]))
        if kind == A.OFFER and len(rest) == 1:
            return act(kind, _seat(rest[0]))
        if kind in (A.GIVE, A.WANT) and len(rest) == 1:
            return act(kind, _item(rest[0]))
        if kind == A.RITUAL and rest:
            k = _ritual(rest[0])
            free = 1 if rest[-1] == "free" else 0
            more = rest[1:len(rest) - free]
            if not more:
                return act(kind, k, 0, free)
            if len(more) == 2 and more[0] == "at":
                y = 1 + _seat(more[1]) if more[1].encode().isdigit() else 10 + _hex(more[1])
                return act(kind, k, y, free)
        if kind == A.DISCARD and len(rest) == 1:
            return act(kind, _ritual(rest[0]))
        if kind == A.TRAVEL and len(rest) in (1, 3):
            pay = 1 + _ritual(rest[2]) if len(rest) == 3 and rest[1] == "paying" else 0
            if len(rest) == 1 or pay:
                return act(kind, pay, 0, _hex(rest[0]))
        if kind == A.MANIPULATE and len(rest) == 1:
            return act(kind, _seat(rest[0]))
    except ValueError:
        pass
    raise GameError("%s: not a way to write %s" % (show(text), ws[0]))


def words(game, v, a):
    """An action in words for the protocol's `seat` request (GAME["words"]): its written form."""
    return say(a)
