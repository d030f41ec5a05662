"""VampiRing's positions: a game from an explicit position or a saved state, every field checked.

Kept apart from state.py so that a game started from the menu never loads it.
"""

from nightboard.games.errors import GameError
from nightboard.games.vampiring.cards import DROPS, FAMILIES, SHAPES, card_from_name, card_name, ring_size, standard_deck
from nightboard.games.vampiring.state import (FORMAT, NAME, QUIET_MAX, SEED_MAX, VampiRing, _check_options,
                                              board_seats, check_level, check_quiet, family_index, parse_action)
from nightboard.prng import Prng, STATE_MAX


def _get(obj, key, default=None, required=False):
    if key in obj:
        return obj[key]
    if required:
        raise GameError("position has no %r" % key)
    return default


def _int_field(value, name, lo, hi, allow_none=False):
    if value is None and allow_none:
        return -1
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise GameError("%s must be an integer in %d..%d, not %r" % (name, lo, hi, value))
    return value


def _family_list(obj, key, families, default):
    value = _get(obj, key, default)
    if not isinstance(value, list) or len(value) != families:
        raise GameError("%s must be a list of %d entries, one per family" % (key, families))
    return value


# Every field a position may hold, and its type (games/spec.py); the meaning is checked below. The
# derived fields of a view or a saved state (haunted, submitted, scores, winner, you...) are accepted.
POSITION = (
    ("game", "str", None), ("format", "int", None), ("families", "int", None), ("variant", "str", None),
    ("preview", "bool", None), ("seed", "int?", (0, SEED_MAX)), ("turn", "int", (1, 1000000)),
    ("ring", "list", None), ("vampires", "list", None), ("drops", "list", None), ("lost_last", "list", None),
    ("eliminated_turn", "list?", None), ("eliminated", "list", None), ("pending", "list", None),
    ("lost_total", "int", None), ("score_locked", "list", None), ("over", "bool", None),
    ("winner", "int?", None), ("scores", "list", None), ("haunted", "list", None), ("submitted", "list", None),
    ("you", "int?", None), ("your_choice", "any", None), ("your_landing", "any", None),
    ("quiet", "int", (0, QUIET_MAX)), ("quiet_turns", "int", (0, QUIET_MAX)), ("board", "list", None),
    ("level", "int", (1, 3)), ("prng", "int", (1, STATE_MAX)),
)


def from_json(obj):
    """A game from an explicit position (or a saved state): every field checked, GameError if impossible.

    Required: families, ring, vampires. Optional: variant, preview, turn, drops,
    lost_last, eliminated_turn (or eliminated: list of families), pending, seed,
    lost_total, score_locked, quiet, quiet_turns, board, level, prng. A position or save without quiet
    is from before V16's limit existed and is played without it (quiet 0).
    """
    from nightboard.games import spec

    spec.fields(obj, POSITION)
    if _get(obj, "game", NAME) != NAME:
        raise GameError("this is a %r position, not vampiring" % (obj["game"],))
    fmt = _get(obj, "format", FORMAT)
    if fmt != FORMAT:
        raise GameError("position format %r is not supported (this engine reads format %d)" % (fmt, FORMAT))
    families = _get(obj, "families", 0, required=True)  # the 0 is never used: required
    variant = _get(obj, "variant", "castle")
    preview = _get(obj, "preview", True)
    _check_options(families, variant, preview)
    seed = _get(obj, "seed", None)

    names = _get(obj, "ring", required=True)
    if not isinstance(names, list) or len(names) != ring_size(families):
        raise GameError("ring must list %d cards for %d families (V2)" % (ring_size(families), families))
    ring = []
    for i in range(len(names)):
        try:
            ring.append(card_from_name(names[i], families))
        except ValueError as e:
            raise GameError("ring[%d]: %s" % (i, e))
    want = sorted(standard_deck(families))
    if sorted(ring) != want:
        wrong = []
        for code in sorted(set(want)):
            have, need = ring.count(code), want.count(code)
            if have != need:
                wrong.append("%d %s card%s, needs %d" % (have, card_name(code), "" if have == 1 else "s", need))
        raise GameError("ring has " + "; ".join(wrong) + " (V2)")
    g = VampiRing(families, variant, preview, seed, ring, check_quiet(_get(obj, "quiet", 0)),
                  board_seats(_get(obj, "board", []), families), check_level(_get(obj, "level", 2)))
    g.turn = _int_field(_get(obj, "turn", 1), "turn", 1, 1000000)
    g.quiet_turns = _int_field(_get(obj, "quiet_turns", 0), "quiet_turns", 0, g.quiet or QUIET_MAX)
    if "prng" in obj:
        g.prng = Prng(state=obj["prng"])

    elim = _get(obj, "eliminated_turn", None)
    if elim is None:
        elim = [None] * families
        for name in _get(obj, "eliminated", []):
            elim[family_index(name, families)] = max(1, g.turn - 1)  # pyright: ignore[reportCallIssue, reportArgumentType]  list[None] inferred
    elif not isinstance(elim, list) or len(elim) != families:
        raise GameError("eliminated_turn must be a list of %d entries, one per family" % families)
    for f in range(families):
        g.elim_turn[f] = _int_field(elim[f], "eliminated_turn[%d]" % f, 1, g.turn - 1 if g.turn > 1 else 1, True)
        if g.elim_turn[f] >= g.turn:
            raise GameError("eliminated_turn[%d] must be before the current turn %d" % (f, g.turn))

    drops = _family_list(obj, "drops", families, [0 if g.elim_turn[f] >= 0 else DROPS for f in range(families)])
    for f in range(families):
        g.drops[f] = _int_field(drops[f], "drops[%d]" % f, 0, DROPS)
        if g.alive(f) and g.drops[f] == 0:
            raise GameError("family %s has 0 drops but is not eliminated" % FAMILIES[f])
        if not g.alive(f) and g.drops[f] != 0:
            raise GameError("eliminated family %s must have 0 drops" % FAMILIES[f])

    vamps = _family_list(obj, "vampires", families, None)
    for f in range(families):
        entry = vamps[f]
        if not g.alive(f):
            if entry is not None:
                raise GameError("eliminated family %s has vampires on the ring" % FAMILIES[f])
            continue
        if not isinstance(entry, list) or len(entry) != 3:
            raise GameError("vampires[%d] (%s) must list 3 vampires" % (f, FAMILIES[f]))
        seen = 0
        for v in range(3):
            d = entry[v]
            if not isinstance(d, dict) or "card" not in d or "shape" not in d:
                raise GameError("vampires[%d][%d] must be {\"card\": n, \"shape\": \"man|wolf|bat\"}" % (f, v))
            g.pos[f * 3 + v] = _int_field(d["card"], "vampires[%d][%d].card" % (f, v), 0, len(ring) - 1)
            if d["shape"] not in SHAPES:
                raise GameError("vampires[%d][%d].shape must be man, wolf or bat, not %r" % (f, v, d["shape"]))
            s = SHAPES.index(d["shape"])
            g.shape[f * 3 + v] = s
            seen |= 1 << s
        if seen != 7:
            raise GameError("family %s must have one man, one wolf and one bat (V3, V4)" % FAMILIES[f])

    lost_last = _family_list(obj, "lost_last", families, [0] * families)
    for f in range(families):
        g.lost_last[f] = _int_field(lost_last[f], "lost_last[%d]" % f, 0, DROPS - g.drops[f])

    pending = _family_list(obj, "pending", families, [None] * families)
    for f in range(families):
        if pending[f] is not None:
            if not g.alive(f):
                raise GameError("eliminated family %s cannot have a pending choice" % FAMILIES[f])
            g.pending[f] = parse_action(pending[f])

    lost_sum = 0
    for f in range(families):
        lost_sum += DROPS - g.drops[f]
    g.lost_total = _int_field(_get(obj, "lost_total", lost_sum), "lost_total", lost_sum, lost_sum)
    locked = _family_list(obj, "score_locked", families, None) if "score_locked" in obj else None
    for f in range(families):
        if g.alive(f):
            if locked is not None and locked[f] is not None:
                raise GameError("score_locked[%d] is set for a family still playing" % f)
            continue
        if locked is not None and locked[f] is not None:
            g.score_locked[f] = _int_field(locked[f], "score_locked[%d]" % f, DROPS, g.lost_total)
        else:
            # A hand-written position does not say how much had been lost when the family fell:
            # count what everyone has lost so far (V13 then gives a lower bound of nothing).
            g.score_locked[f] = g.lost_total
    living = g.living()
    quiet_end = g.quiet > 0 and g.quiet_turns >= g.quiet  # V16: ended by the quiet limit, no winner
    if len(living) <= 1 or quiet_end:
        g.over = True
        g.winner = living[0] if len(living) == 1 else -1
        for f in range(families):
            g.pending[f] = -1
    over = _get(obj, "over", g.over)
    if over != g.over:
        raise GameError("over is %r but %d families are still playing" % (over, len(living)))
    return g
