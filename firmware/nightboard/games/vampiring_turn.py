"""VampiRing turn resolution: metamorphosis, movement legs, fights, haunting, blood, the end.

Pure functions over a VampiRing state (games/vampiring.py). They return the
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
"""

from nightboard.games.vampiring_cards import (
    CARRIAGE,
    CROSS,
    DIR_SIGN,
    FAVOURED,
    GARLIC,
    KIND_NAMES,
    MAX_LEGS,
    META_SHIFT,
    MIRROR,
    PARCHMENT,
    HOME_BASE,
    base_wounds,
    card_name,
    home_owner,
    mirrored_wounds,
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
    kind = state.ring[card_index]
    shapes_here = 0
    for i in members:
        shapes_here |= 1 << state.shape[i]
    if shapes_here in (1, 2, 4):
        return
    events.append({"e": "fight", "card": card_index, "kind": card_name(kind),
                   "vampires": [[i // 3, i % 3, state.shape[i]] for i in members]})
    if kind == CROSS:
        events.append({"e": "nofight", "card": card_index, "why": "cross"})
        return
    favoured = FAVOURED.get(kind, -1)
    mirror = kind == MIRROR
    n = 2 if kind == GARLIC else 1
    castle_owner = home_owner(kind) if state.castle else -1
    for g in members:
        gs = state.shape[g]
        for t in members:
            ts = state.shape[t]
            if gs == ts:
                continue
            if mirror:
                hits = mirrored_wounds(gs, ts)
                effect = "mirror"
            else:
                hits = base_wounds(gs, ts)
                effect = "base"
                if not hits and gs == favoured and ts == (favoured + 1) % 3:
                    hits = True
                    effect = KIND_NAMES[kind]
            if not hits:
                continue
            giver = [g // 3, g % 3]
            taker = [t // 3, t % 3]
            if ts == favoured:
                events.append({"e": "blocked", "card": card_index, "giver": giver, "taker": taker,
                               "why": KIND_NAMES[kind]})
                continue
            if t // 3 == castle_owner:
                events.append({"e": "blocked", "card": card_index, "giver": giver, "taker": taker,
                               "why": "castle"})
                continue
            wounds[t // 3] += n
            events.append({"e": "wound", "card": card_index, "giver": giver, "taker": taker, "n": n,
                           "effect": effect, "doubled": n == 2})


def resolve(state, actions):
    """Resolve one turn with every living family's action; mutate state; return the events."""
    events = []
    nfam = state.families
    for f in range(nfam):
        if state.alive(f):
            a = actions[f]
            events.append({"e": "reveal", "fam": f, "meta": a >> 1, "dir": DIR_SIGN[a & 1]})
    # Metamorphosis, then movement (V4-V7); vampires never meet while moving.
    for f in range(nfam):
        if not state.alive(f):
            continue
        a = actions[f]
        meta = a >> 1
        for v in range(3):
            i = f * 3 + v
            old = state.shape[i]
            state.shape[i] = morph(old, meta)
            events.append({"e": "morph", "fam": f, "v": v, "from": old, "to": state.shape[i]})
    for f in range(nfam):
        if not state.alive(f):
            continue
        sign = DIR_SIGN[actions[f] & 1]
        home = state.home_index(f)
        for v in range(3):
            i = f * 3 + v
            state.pos[i] = move_vampire(state.ring, home, state.pos[i], state.shape[i], sign, f, v, events)
    settle(state, events)
    return events


def settle(state, events):
    """Everything after movement: fights, haunting, blood, eliminations, the end (V8-V13)."""
    nfam = state.families
    size = len(state.ring)
    # Fights (V8, V9), card by card in index order.
    wounds = [0] * nfam
    occupants = [None] * size
    for i in range(nfam * 3):
        p = state.pos[i]
        if p >= 0:
            if occupants[p] is None:
                occupants[p] = []
            occupants[p].append(i)
    for c in range(size):
        if occupants[c] is not None and len(occupants[c]) > 1:  # pyright: ignore[reportArgumentType]  list[None] inferred
            _fight_at(state, c, occupants[c], wounds, events)
    # Haunted Houses (V11): from the turn after the owner's elimination; 1 wound, never doubled or mirrored.
    for c in range(size):
        card = state.ring[c]
        if card < HOME_BASE or occupants[c] is None:
            continue
        ghost = card - HOME_BASE
        et = state.elim_turn[ghost]
        if et < 0 or et >= state.turn:
            continue
        for i in occupants[c]:  # pyright: ignore[reportOptionalIterable, reportGeneralTypeIssues]  list[None] inferred
            wounds[i // 3] += 1
            events.append({"e": "haunt", "card": c, "ghost": ghost, "taker": [i // 3, i % 3]})
    # Blood (V10): all wounds together, never below 0; then eliminations (V11).
    turn_lost = 0
    for f in range(nfam):
        lost = 0
        if state.alive(f):
            lost = wounds[f] if wounds[f] < state.drops[f] else state.drops[f]
            state.drops[f] -= lost
            turn_lost += lost
            if wounds[f]:
                events.append({"e": "drops", "fam": f, "wounds": wounds[f], "lost": lost, "left": state.drops[f]})
        state.lost_last[f] = lost
    state.lost_total += turn_lost
    for f in range(nfam):
        if state.alive(f) and state.drops[f] == 0:
            state.elim_turn[f] = state.turn
            state.score_locked[f] = state.lost_total
            for v in range(3):
                state.pos[f * 3 + v] = -1
            events.append({"e": "eliminated", "fam": f})
    state.turn += 1
    for f in range(nfam):
        state.pending[f] = -1
    # V12: the end.
    living = state.living()
    if len(living) <= 1:
        state.over = True
        state.winner = living[0] if living else -1
        events.append({"e": "end", "winner": living[0] if living else None, "scores": state.scores()})
