"""VampiRing turn resolution: metamorphosis, movement legs, fights, haunting, blood, the end.

Pure functions over a VampiRing state (games/vampiring/__init__.py). They return the
events of the turn as plain dicts, in the order a person would tell them, so
the table can animate them and the replay printer can explain them:

  reveal     {fam, meta, dir}                      a family's secret choice shown
  morph      {fam, v, from, to}                    shapes as indices into SHAPES
  move       {fam, v, shape, from, to, steps, dir, why}   why: "step" or "carriage"
  parchment  {fam, v, from, to}                    sent home by the Parchment
  chain_cut  {fam, v, card}                        V6 guard after MAX_LEGS legs
  fight      {card, kind, vampires: [[fam, v, shape], ...]}
  nofight    {card, why}                           a Cross stops a fight
  wound      {card, giver: [fam, v], taker: [fam, v], n, effect, doubled}
             effect: "base", "tower", "forest", "cave" (the card's extra wound) or "mirror"
  blocked    {card, giver, taker, why}             why: "tower"/"forest"/"cave" or "castle"
  haunt      {card, ghost, taker: [fam, v]}        ghost = the eliminated family
  drops      {fam, wounds, lost, left}
  eliminated {fam}
  end        {winner, scores}                      winner is a family or None
             (+ why: "quiet", turns: the limit, when V16's quiet limit ended it: no winner)
"""

from nightboard.games.vampiring.cards import (
    CARRIAGE,
    CROSS,
    DIR_SIGN,
    FAVOURED,
    GARLIC,
    KIND_NAMES,
    MAX_LEGS,
    META_SHIFT,
    MIRROR,
    MIRROR_STEP,
    PARCHMENT,
    QUIET_MAX,
    WOUND_STEP,
    HOME_BASE,
    card_name,
    home_owner,
)


def morph(shape, meta):
    return (shape + META_SHIFT[meta]) % 3


def move_vampire(ring, home_card, start, shape, sign, fam, v, events):
    """Walk one vampire from `start`; append its legs to events; return where it stops."""
    size = len(ring)
    steps = shape + 1
    pos = start
    why = "step"
    legs = 0
    while True:
        dest = (pos + sign * steps) % size
        if events is not None:
            events.append({"e": "move", "fam": fam, "v": v, "shape": shape, "from": pos, "to": dest,
                           "steps": steps, "dir": sign, "why": why})
        pos = dest
        legs += 1
        card = ring[pos]
        if card == PARCHMENT:
            home = home_card
            if events is not None:
                events.append({"e": "parchment", "fam": fam, "v": v, "from": pos, "to": home})
            return home
        if card != CARRIAGE:
            return pos
        if legs >= MAX_LEGS:
            if events is not None:
                events.append({"e": "chain_cut", "fam": fam, "v": v, "card": pos})
            return pos
        why = "carriage"


def landing(state, fam, action):
    """Where each of a family's vampires would stop with this action (the V14 preview)."""
    meta = action >> 1
    sign = DIR_SIGN[action & 1]
    home = state.home_index(fam)
    out = []
    for v in range(3):
        i = fam * 3 + v
        new_shape = morph(state.shape[i], meta)
        out.append(move_vampire(state.ring, home, state.pos[i], new_shape, sign, fam, v, None))
    return out


def _fight_at(state, card_index, members, wounds, events):
    """Resolve the fight on one card. members: sorted list of vampire indices."""
    shape = state.shape
    kind = state.ring[card_index]
    shapes_here = 0
    for i in members:
        shapes_here |= 1 << shape[i]
    if shapes_here in (1, 2, 4):
        return
    add = events.append
    add({"e": "fight", "card": card_index, "kind": card_name(kind),
         "vampires": [[i // 3, i % 3, shape[i]] for i in members]})
    if kind == CROSS:
        add({"e": "nofight", "card": card_index, "why": "cross"})
        return
    favoured = FAVOURED.get(kind, -1)
    # Who wounds whom (V8, V9): the taker's shape is the giver's + the step, judged inline for every pair.
    mirror = kind == MIRROR
    reach = MIRROR_STEP if mirror else WOUND_STEP
    effect_of = "mirror" if mirror else "base"
    n = 2 if kind == GARLIC else 1
    castle_owner = home_owner(kind) if state.castle else -1
    for g in members:
        gs = shape[g]
        hit_shape = (gs + reach) % 3
        bonus = not mirror and gs == favoured  # the favoured shape also wounds the shape that wounds it
        for t in members:
            ts = shape[t]
            if ts == hit_shape:
                effect = effect_of
            elif bonus and ts == (favoured + 1) % 3:
                effect = KIND_NAMES[kind]
            else:
                continue
            giver = [g // 3, g % 3]
            taker = [t // 3, t % 3]
            if ts == favoured:
                add({"e": "blocked", "card": card_index, "giver": giver, "taker": taker, "why": KIND_NAMES[kind]})
                continue
            if t // 3 == castle_owner:
                add({"e": "blocked", "card": card_index, "giver": giver, "taker": taker, "why": "castle"})
                continue
            wounds[t // 3] += n
            add({"e": "wound", "card": card_index, "giver": giver, "taker": taker, "n": n,
                 "effect": effect, "doubled": n == 2})


def resolve(state, actions):
    """Resolve one turn with every living family's action; mutate state; return the events."""
    # Hot on the board (budget: 5 ms a turn): state lists are read through locals, and a vampire's
    # index i = family * 3 + v is counted up rather than recomputed.
    events = []
    add = events.append
    nfam = state.families
    shape = state.shape
    pos = state.pos
    ring = state.ring
    elim = state.elim_turn
    for f in range(nfam):
        if elim[f] < 0:
            a = actions[f]
            add({"e": "reveal", "fam": f, "meta": a >> 1, "dir": DIR_SIGN[a & 1]})
    # Metamorphosis, then movement (V4-V7); vampires never meet while moving.
    for f in range(nfam):
        if elim[f] >= 0:
            continue
        shift = META_SHIFT[actions[f] >> 1]
        i = f * 3
        for v in range(3):
            old = shape[i]
            new = (old + shift) % 3
            shape[i] = new
            add({"e": "morph", "fam": f, "v": v, "from": old, "to": new})
            i += 1
    for f in range(nfam):
        if elim[f] >= 0:
            continue
        sign = DIR_SIGN[actions[f] & 1]
        home = ring.index(HOME_BASE + f)
        i = f * 3
        for v in range(3):
            pos[i] = move_vampire(ring, home, pos[i], shape[i], sign, f, v, events)
            i += 1
    settle(state, events)
    return events


def settle(state, events):
    """Everything after movement: fights, haunting, blood, eliminations, the end (V8-V13)."""
    add = events.append
    nfam = state.families
    ring = state.ring
    pos = state.pos
    elim = state.elim_turn
    drops = state.drops
    turn = state.turn
    size = len(ring)
    # Fights (V8, V9), card by card in index order.
    wounds = [0] * nfam
    occupants: list = [None] * size  # a card's vampire indices, or None
    for i in range(nfam * 3):
        p = pos[i]
        if p >= 0:
            here = occupants[p]
            if here is None:
                occupants[p] = [i]
            else:
                here.append(i)
    for c in range(size):
        here = occupants[c]
        if here is not None and len(here) > 1:
            _fight_at(state, c, here, wounds, events)
    # Haunted Houses (V11): from the turn after the owner's elimination; 1 wound, never doubled or mirrored.
    haunted = []  # their Homes, in card order; most turns: none
    for g in range(nfam):
        if 0 <= elim[g] < turn:
            haunted.append(ring.index(HOME_BASE + g))
    haunted.sort()
    for c in haunted:
        here = occupants[c]
        if here is None:
            continue
        ghost = ring[c] - HOME_BASE
        for i in here:
            wounds[i // 3] += 1
            add({"e": "haunt", "card": c, "ghost": ghost, "taker": [i // 3, i % 3]})
    # Blood (V10): all wounds together, never below 0; then eliminations (V11).
    turn_lost = 0
    for f in range(nfam):
        lost = 0
        if elim[f] < 0:
            w = wounds[f]
            lost = w if w < drops[f] else drops[f]
            drops[f] -= lost
            turn_lost += lost
            if w:
                add({"e": "drops", "fam": f, "wounds": w, "lost": lost, "left": drops[f]})
        state.lost_last[f] = lost
    state.lost_total += turn_lost
    # V16: the turns in a row without a wound
    state.quiet_turns = 0 if turn_lost else min(state.quiet_turns + 1, QUIET_MAX)
    for f in range(nfam):
        if elim[f] < 0 and drops[f] == 0:
            elim[f] = turn
            state.score_locked[f] = state.lost_total
            for v in range(3):
                pos[f * 3 + v] = -1
            add({"e": "eliminated", "fam": f})
    state.turn = turn + 1
    pending = state.pending
    for f in range(nfam):
        pending[f] = -1
    # V12: the end.
    living = state.living()
    if len(living) <= 1:
        state.over = True
        state.winner = living[0] if living else -1
        add({"e": "end", "winner": living[0] if living else None, "scores": state.scores()})
    elif state.quiet and state.quiet_turns >= state.quiet:
        # V16: the quiet limit: no winner, every family still in scores as at any end (V13), no bonus.
        state.over = True
        state.winner = -1
        add({"e": "end", "winner": None, "scores": state.scores(), "why": "quiet", "turns": state.quiet})
