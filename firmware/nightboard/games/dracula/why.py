"""Why an action or a move is refused, in words (loaded only when something is refused).

The rules (rules.py) decide legality without words, to keep the game small in RAM; this module
says why, naming the ruling where one applies.
"""

from nightboard.games.dracula import rules as R


def illegal_action(g, h, a):
    """Words for a refused action (the legal list says no; this says why)."""
    k = R.kind_of(a)
    name = g.hunter_name(h)
    if g.over:
        return "the game is over"
    if g.active != h:
        if g.active < 0:
            return "it is Dracula's turn, not %s's" % name
        return "it is %s's turn, not %s's" % (g.hunter_name(g.active), name)
    if k < R.MOVE or k > R.REST_STAKE:
        return "unknown action %r" % (a,)
    m = g.map
    r = R.room_of(a)
    here = g.pos[h]
    near = r in m.adj[here]
    if k == R.MOVE:
        if g.moved:
            return "%s has already moved this turn (D3)" % name
        return "%s cannot move from %s to %s: not a neighbouring room" % (name, m.name(here), m.name(r))
    if k == R.GARLIC:
        if g.team and g.garlic_left == 0:
            return "the hunters' garlic is used up for this round (classic rules)"
        if not g.team and g.garlics:
            return "%s has already thrown garlic this turn (D3)" % name
        return "garlic goes into your own room or a neighbouring one, not %s" % m.name(r)
    if k == R.SUN:
        if g.sun[h] == 0:
            return "%s has no sunlight left" % name
        if g.sunlit(r) and near:
            return "%s already has sunlight" % m.name(r)
        return "sunlight goes on a neighbouring room, not %s (D4)" % m.name(r)
    if k == R.STAKE:
        if g.stakes[h] == 0:
            return "%s has no stakes left" % name
        return "a stake reaches your own room or a neighbouring one, not %s (D5)" % m.name(r)
    if k == R.REST_SUN or k == R.REST_STAKE:
        if not g.team:
            return "resting for an item is a classic rule; these are the playtest rules"
        if g.moved or g.garlics:
            return "only a hunter who has done nothing this turn may rest for an item"
        return "%s already holds %d of that item" % (name, R.MAX_ITEMS)
    return "%s cannot do that now" % name



def bad_move(g, fault):
    """Words for a refused Dracula move; fault is (reason, x, y) from dracula_rules.move_fault."""
    m = g.map
    code, x, y = fault
    if code == R.TOO_LONG:
        return "Dracula moves at most 3 rooms (D6), not %d" % x
    if code == R.NOT_NEXT:
        return "%s is not next to %s" % (m.name(x), m.name(y))
    if code == R.SUNLIT:
        return "Dracula cannot enter %s: sunlight (D4)" % m.name(x)
    if code == R.PLACER:
        return "Dracula cannot go into %s, where the hunter who sunlit his room stands (D4)" % m.name(x)
    if code == R.MUST_LEAVE:
        return "Dracula is in sunlight and must leave (D4)"
    if code == R.MUST_CRYPT:
        return "Dracula is in sunlight and must leave by the crypt (D4)"
    if code == R.NO_CRYPTS:
        return "no crypt journeys under the classic rules"
    if code == R.NOT_CRYPT:
        return "Dracula is not in a crypt"
    if code == R.FAR_CLOSED:
        return "the far crypt %s is closed to him (sunlight, D4)" % m.name(x)
    name = g.hunter_name(x)
    if code == R.TWICE:
        return "a hunter is bitten at most once a turn (D6)"
    if code == R.DEAD:
        return "%s is dead" % name
    if code == R.WAS_HIT:
        return "Dracula was staked this round and cannot bite (D5)"
    if code == R.IMMUNE:
        return "%s was bitten in Dracula's last turn and cannot be bitten again yet (D6)" % name
    return "%s is not in a room Dracula enters" % name


def not_his_turn(g):
    if g.over:
        return "the game is over"
    return "it is %s's turn, not Dracula's" % g.hunter_name(g.active)
