"""Positions of Vampire, the card game: from_json checks every field of outside input (a save, a
position, a record's start) before it is believed, and names the first thing that is wrong.

Only loading and copying need this module.
"""

from nightboard.games.errors import GameError
from nightboard.games.vampire_cards.deck import show
from nightboard.games.vampire_cards import deck as D
from nightboard.prng import Prng

PHASES = ("play", "bitten", "bite", "defend", "shed", "ward", "over")
ENDS = (None, "count", "dawn", "slain", "dry")
FIELDS = ("game", "format", "seed", "players", "dawn", "board", "cards", "prng", "pile", "discard", "hands", "vampire",
          "bones", "tired", "warded", "bites", "feathers", "escaped", "turn", "seat", "phase", "pending",
          "queue", "night", "vturns", "winners", "end")


def _int(v, what, lo, hi):
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise GameError("%s must be an integer %d..%d, not %s" % (what, lo, hi, show(v)))
    return v


def _ints(v, what, lo, hi, n=None):
    if not isinstance(v, list):
        raise GameError("%s must be a list, not %s" % (what, show(v)))
    if n is not None and len(v) != n:
        raise GameError("%s must list %d entries, not %d" % (what, n, len(v)))
    for i in range(len(v)):
        _int(v[i], "%s[%d]" % (what, i), lo, hi)
    return list(v)


def _lists(v, what, n, top):
    if not isinstance(v, list) or len(v) != n:
        raise GameError("%s must be a list of %d lists" % (what, n))
    return [_ints(v[i], "%s[%d]" % (what, i), 0, top) for i in range(n)]


def check_deck(deck, players):
    """A deck of data (C1): [[suit, value], ...], suits 0..5, values 0..99, enough to deal."""
    if not isinstance(deck, list) or not 6 * players + 1 <= len(deck) <= D.MAX_CARDS:
        raise GameError("cards must be a list of %d..%d [suit, value] pairs" % (6 * players + 1, D.MAX_CARDS))
    out = []
    for i in range(len(deck)):
        c = _ints(deck[i], "cards[%d]" % i, 0, 99, 2)
        _int(c[0], "cards[%d] suit" % i, 0, len(D.SUITS) - 1)
        out.append(c)
    if [c[0] for c in out].count(D.BONE) > 64:  # a bite names its bone by its place in the row, 0..63
        raise GameError("cards may hold at most 64 bones")
    return out


def from_json(obj):
    from nightboard.games.vampire_cards.state import CardGame, DAWNS

    if not isinstance(obj, dict):
        raise GameError("a position is a JSON object, not %s" % show(obj))
    for k in sorted([str(k) for k in obj]):
        if k not in FIELDS:
            raise GameError("position has an unknown field %s" % show(k))
    for k in FIELDS:
        if k not in obj:
            raise GameError("position lacks the field %s" % k)
    if obj["game"] != "vampire_cards":
        raise GameError("game must be vampire_cards, not %s" % show(obj["game"]))
    _int(obj["format"], "format", 1, 1)
    n = _int(obj["players"], "players", 3, 6)
    if not isinstance(obj["dawn"], int) or isinstance(obj["dawn"], bool) or obj["dawn"] not in DAWNS:
        raise GameError("dawn must be 15, 25 or 0, not %s" % show(obj["dawn"]))
    g = CardGame(_int(obj["seed"], "seed", 0, 2 ** 62), n, obj["dawn"], check_deck(obj["cards"], n),
                 _int(obj["board"], "board", 0, n))
    fill(g, obj)
    return g


def fill(g, d):
    """Set g's fields from a position whose fixed fields (seed, players, dawn, board, cards) are g's."""
    n = g.n
    top = len(g.cards) - 1
    try:
        g.prng = Prng(state=d["prng"])
    except (ValueError, TypeError):
        raise GameError("prng must be an integer 1..2**96-1, not %s" % show(d["prng"]))
    g.pile = _ints(d["pile"], "pile", 0, top)
    g.discard = _ints(d["discard"], "discard", 0, top)
    g.hands = _lists(d["hands"], "hands", n, top)
    g.vampire = _int(d["vampire"], "vampire", -1, n - 1)
    g.bones = _ints(d["bones"], "bones", 0, top)
    g.tired = _ints(d["tired"], "tired", 0, top)
    g.warded = _ints(d["warded"], "warded", 0, n - 1)
    g.bites = _ints(d["bites"], "bites", -1, top, n)
    g.feathers = _lists(d["feathers"], "feathers", n, top)
    g.escaped = _lists(d["escaped"], "escaped", n, top)
    g.turn = _int(d["turn"], "turn", 1, 10 ** 6)
    g.seat = _int(d["seat"], "seat", 0, n - 1)
    if d["phase"] not in PHASES:
        raise GameError("phase must be one of %s, not %s" % (", ".join(PHASES), show(d["phase"])))
    g.phase = d["phase"]
    g.queue = _ints(d["queue"], "queue", 0, n - 1)
    g.night = _int(d["night"], "night", 1, 10 ** 6)
    g.vturns = _int(d["vturns"], "vturns", 0, 10 ** 6)
    if d["end"] not in ENDS:
        raise GameError("end must be null or one of count, dawn, slain, dry, not %s" % show(d["end"]))
    g.end = d["end"]
    g.over = g.phase == "over"
    g.winners = None if d["winners"] is None else _ints(d["winners"], "winners", 0, n - 1)
    if g.over != (g.winners is not None) or g.over != (g.end is not None):
        raise GameError("phase over, winners and end must agree")
    p = d["pending"]
    if g.phase in ("defend", "shed"):
        p = _ints(p, "pending", -1, max(top, n), 2)
        _int(p[0], "pending's seat", 0, n - 1)
    elif g.phase == "ward":
        p = _int(p, "pending", 0, n - 1)
    elif p is not None:
        raise GameError("pending must be null in phase %s" % g.phase)
    g.pending = p
    _check_cards(g)
    _check_people(g)


def _check_cards(g):
    """Every card is in exactly one place."""
    seen = bytearray(len(g.cards))
    places = [g.pile, g.discard, g.bones, g.bites] + g.hands + g.feathers + g.escaped
    if g.phase == "defend":
        places.append([g.pending[1]])
    for place in places:
        for c in place:
            if c < 0:
                continue
            if seen[c]:
                raise GameError("card %d (%s) is in two places" % (c, D.name(g.cards, c)))
            seen[c] = 1
    for c in range(len(g.cards)):
        if not seen[c]:
            raise GameError("card %d (%s) is nowhere" % (c, D.name(g.cards, c)))
    for place, what in ((g.pile, "pile"), (g.bones, "bones"), (g.tired, "tired"), (g.warded, "warded")):
        if place != sorted(place):
            raise GameError("%s must be sorted" % what)
    for s in range(g.n):
        if g.hands[s] != sorted(g.hands[s]) or len(g.hands[s]) > D.HAND:
            raise GameError("hands[%d] must be sorted and hold at most %d cards" % (s, D.HAND))
    for b in g.bones + [b for b in g.bites if b >= 0] + g.tired:
        if D.suit(g.cards, b) != D.BONE:
            raise GameError("card %d in bones, bites or tired is not a bone" % b)
    for b in g.tired:
        if b not in g.bones:
            raise GameError("tired bone %d is not face up" % b)


def _check_people(g):
    v = g.vampire
    if v < 0 and (g.bones or g.tired or g.warded or g.queue or [b for b in g.bites if b >= 0]
                  or [e for e in g.escaped if e]):
        raise GameError("without a Vampire there are no bones, bites, escapes or queue")
    if v >= 0 and (g.bites[v] >= 0 or g.escaped[v] or not (g.bones or g.over)):
        raise GameError("the Vampire cannot be bitten or escaped, and has a face-up bone until slain")
    for s in g.queue:
        if s == v or s == g.seat or g.queue.count(s) > 1:
            raise GameError("queue must list other seats, each once")
    for s in range(g.n):
        if g.escaped[s] and (g.hands[s] or g.bites[s] >= 0):
            raise GameError("escaped player %d holds no cards and no bite" % s)
        if g.feathers[s] and g.bites[s] < 0:
            raise GameError("feathers[%d] lie on no bite" % s)
    if g.escaped[g.seat] and not g.over:
        raise GameError("seat %d has escaped and cannot be on turn" % g.seat)
    if g.phase in ("bite", "defend", "shed", "ward") and v < 0:
        raise GameError("phase %s needs a Vampire" % g.phase)
    if g.phase in ("bite", "defend", "shed") and g.seat != v:
        raise GameError("phase %s is the Vampire's turn" % g.phase)
    if g.phase == "bitten" and g.bites[g.seat] < 0:
        raise GameError("phase bitten needs the player on turn to be bitten")
    if g.phase == "play" and (g.seat == v or g.bites[g.seat] >= 0):
        raise GameError("phase play is the turn of a player neither bitten nor the Vampire")
    if g.phase == "defend" and (g.pending[0] == v or g.pending[1] < 0 or D.suit(g.cards, g.pending[1]) != D.BONE):
        raise GameError("pending must be [a bitten seat, a bone]")
    if g.phase == "shed" and (g.pending[1] != -1 or g.bites[g.pending[0]] < 0 or len(g.hands[g.pending[0]]) <= D.KEEP):
        raise GameError("pending must be [a bitten seat with more than 3 cards, -1]")
    if g.phase == "ward" and (g.pending != g.seat or g.seat == v):
        raise GameError("pending must be the seat on turn that played the Fate")
