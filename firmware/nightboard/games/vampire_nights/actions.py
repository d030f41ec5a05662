"""Vampire Nights' actions: integers kind << 10 | argument, and their written names.

Arguments: a guard k (0..7: player k // 2) with a cell (k * 64 + cell), a guard with another guard
(MASK), a guard with a direction mask (TORCH: bits of mansion.DIRS), an item or room kind, two things
paid for the Coffin (a * 32 + b: items 0..11, loot 16 + kind), two Entrance columns (PLACE: a * 4 + b).
"""

(MOVE, PASS, END, JUMP, MIRROR, MASK, CLOAK, CROSSBOW, GARLIC, CROSS, STAKE, BAG, WATER, TORCH, GLASS,
 COFFIN_BOTH, COFFIN_PAY, TAKE_BITE, DROP_LOOT, PLACE, DROP_ITEM, LOOT, CROWD) = range(23)
NAMES = ("move", "pass", "end", "jump", "mirror", "mask", "cloak", "crossbow", "garlic", "cross", "stake",
         "bag", "water", "torch", "glass", "coffin", "coffin-pay", "bitten", "drop-loot", "place",
         "drop-item", "loot", "crowd")
STAY = 63  # CROWD: the guard has nowhere to go and stays


def act(k, v):
    return (k << 10) | v


def kind(a):
    return a >> 10


def arg(a):
    return a & 1023


def name(a):
    k = a >> 10
    if 0 <= k < len(NAMES):
        return "%s %d" % (NAMES[k], a & 1023)
    return str(a)


def parse(s):
    """An action from its written form ("move 70", as name() writes it); GameError if malformed."""
    from nightboard.games.errors import GameError

    parts = s.split()
    if len(parts) == 2 and parts[0] in NAMES and parts[1].encode().isdigit() and int(parts[1]) < 1024:
        return act(NAMES.index(parts[0]), int(parts[1]))
    raise GameError("an action is written as a name and a number (like \"move 70\"), not %r" % s[:40])
