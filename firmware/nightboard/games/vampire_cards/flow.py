"""The turn flow of Vampire, the card game: draws, whose turn is next, the Vampire's reset, the end.

Every function changes the state it is given and appends public events to `events` (None: no events).
Card ids in events are public only where a rule shows the card (discards, bones, escapes); a draw says
how many cards, never which.
"""

from nightboard.games.vampire_cards import deck as D


def _event(events, e):
    if events is not None:
        events.append(e)


def draw(g, seat, k, events):
    """Seat draws k cards, each from a random place of the pile (C3). An empty pile takes the discards,
    with a Vampire or not (C13)."""
    got = 0
    for _ in range(k):
        if not g.pile:
            if not g.discard:
                break
            g.pile = sorted(g.discard)
            g.discard = []
            _event(events, {"e": "reshuffle", "pile": len(g.pile)})
        c = g.pile.pop(g.prng.below(len(g.pile)))
        g.hands[seat].append(c)
        got += 1
    g.hands[seat].sort()
    if k:
        _event(events, {"e": "draw", "seat": seat, "n": got})


def to_discard(g, seat, cards, events, why):
    """Cards leave a hand for the discard pile; a bitten player's bones go to the Vampire instead (C7)."""
    hand = g.hands[seat]
    to_vamp = []
    for c in cards:
        hand.remove(c)
        if g.bites[seat] >= 0 and D.suit(g.cards, c) == D.BONE:
            to_vamp.append(c)
        else:
            g.discard.append(c)
    if to_vamp:
        g.bones.extend(to_vamp)
        g.bones.sort()
    _event(events, {"e": "discard", "seat": seat, "cards": [c for c in cards if c not in to_vamp], "why": why})
    if to_vamp:
        _event(events, {"e": "bones", "seat": seat, "cards": to_vamp})


def end_turn(g, events):
    """The turn of g.seat is over: the next seat plays (C5)."""
    if g.over:
        return
    n = g.n
    if g.vampire < 0:
        nxt = (g.seat + 1) % n
        if nxt == 0:
            g.night += 1
            if g.dawn and g.night > g.dawn:
                finish(g, [], "dawn", events)
                return
        begin_turn(g, nxt, events)
        return
    v = g.vampire
    if g.seat == v:
        if g.dawn and g.vturns >= g.dawn:  # C12: dawn breaks as the Vampire's last turn ends
            count(g, "dawn", events)
            return
        order = [(v + i) % n for i in range(1, n)]
        free = [s for s in order if not g.escaped[s] and g.bites[s] < 0]
        bitten = [s for s in order if not g.escaped[s] and g.bites[s] >= 0]
        g.queue = free + bitten
    while g.queue and g.escaped[g.queue[0]]:
        g.queue.pop(0)
    if g.queue:
        begin_turn(g, g.queue.pop(0), events)
    else:
        begin_turn(g, v, events)


def begin_turn(g, seat, events):
    g.turn += 1
    g.seat = seat
    g.pending = None
    _event(events, {"e": "turn", "seat": seat, "turn": g.turn})
    if seat == g.vampire:
        vampire_turn(g, events)
    elif g.bites[seat] >= 0:
        g.phase = "bitten"
        draw(g, seat, D.BITTEN_DRAW, events)  # C8
    else:
        g.phase = "play"


def vampire_turn(g, events):
    """The start of a Vampire turn other than its first: the count (C11), then the reset."""
    v = g.vampire
    g.vturns += 1
    g.night += 1
    others = [s for s in range(g.n) if s != v]
    if all(g.escaped[s] or g.bites[s] >= 0 for s in others):
        count(g, "count", events)
        return
    g.tired = []
    g.warded = []
    g.phase = "bite"
    if g.hands[v]:
        to_discard(g, v, list(g.hands[v]), events, "reset")
    g.pile = sorted(g.pile + g.discard)
    g.discard = []
    _event(events, {"e": "reshuffle", "pile": len(g.pile)})
    draw(g, v, D.HAND, events)
    drawn = [c for c in g.hands[v] if D.suit(g.cards, c) == D.BONE]
    if drawn:
        for c in drawn:
            g.hands[v].remove(c)
        g.bones = sorted(g.bones + drawn)
        _event(events, {"e": "bones", "seat": v, "cards": drawn})


def count(g, why, events):
    """C11: the Vampire wins when more players are bitten than have escaped; otherwise the players who
    are not bitten (the escaped and the free) win."""
    v = g.vampire
    bitten = [s for s in range(g.n) if s != v and g.bites[s] >= 0]
    escaped = [s for s in range(g.n) if g.escaped[s]]
    if len(bitten) > len(escaped):
        finish(g, [v], why, events)
    else:
        finish(g, [s for s in range(g.n) if s != v and g.bites[s] < 0], why, events)


def finish(g, winners, why, events):
    g.over = True
    g.phase = "over"
    g.pending = None
    g.winners = sorted(winners)
    g.end = why
    _event(events, {"e": "over", "why": why, "winners": list(g.winners)})
