"""Vampire Nights' actions in words for the seat that may take them ("move red's guard 1 to room 2 of
column 3"): the protocol's `seat` request (GAME["words"]) and the host's tools. Imported only when asked.

Places: columns are numbered from 1 on the left; a column is its Entrance, rooms 1 to 5 from the
Entrance down, and its Garden. A guard is its player's guard 1 or 2.
"""

from nightboard.games.vampire_nights import actions as A
from nightboard.games.vampire_nights.components import ITEM_NAMES, ROOM_NAMES
from nightboard.games.vampire_nights.state import SEATS

TILES = {"cat": "a Cat", "chest": "a Chest", "coffin": "the Coffin", "coins": "Coins", "stone": "a Cursed Stone",
         "spiderweb": "the Spiderweb", "lord": "a vampire Lord", "lady": "a vampire Lady",
         "minion": "a vampire Minion", "father": "a Father", "mother": "a Mother", "daughter": "a Daughter",
         "dog": "a Dog", "coffin8": "the Coffin (claimed with both guards, 8)",
         "coffin10": "the Coffin (paid for, 10)"}
ITEMS = {"cloak": "Cloak of Invisibility", "jump": "Jump Potion", "mirror": "Mirror", "mask": "Mask",
         "crossbow": "Crossbow", "garlic": "Garlic", "cross": "Sacred Cross", "stake": "Stake", "bag": "Bag",
         "water": "Blessed Water", "torch": "Torch", "glass": "Magnifying Glass"}
GOES = {A.MOVE: "move %s to %s", A.JUMP: "drink a Jump Potion: %s leaps to %s",
        A.MIRROR: "use a Mirror: %s goes to %s"}
WITH_GUARD = {A.PASS: "lay %s down for the night", A.CLOAK: "put the Cloak of Invisibility on %s",
              A.GARLIC: "hold up Garlic (%s)", A.CROSS: "hold up the Sacred Cross (%s)",
              A.STAKE: "stake the vampire (%s)", A.BAG: "fill the Bag (%s)", A.WATER: "use Blessed Water (%s)"}


def _p(p):
    return SEATS[p] if isinstance(p, int) and 0 <= p < len(SEATS) else "player %s" % p


def guard(k):
    return "%s's guard %d" % (_p(k >> 1), (k & 1) + 1)


def place(x):
    c, r = (x >> 3) + 1, x & 7
    if r == 0:
        return "the Entrance of column %d" % c
    if r == 6:
        return "the Garden of column %d" % c
    return "room %d of column %d" % (r, c)


def tile(name):
    return TILES.get(name, name)


def bare(name):
    """A tile without its article: 'vampire Lord', 'Coins'."""
    t = tile(name)
    for a in ("a ", "the "):
        if t.startswith(a):
            return t[len(a):]
    return t


def item(i):
    return ITEMS.get(ITEM_NAMES[i], "item") if 0 <= i < len(ITEM_NAMES) else "item"


def words(game, v, a):
    """Action `a` in words (A.name(a) for one this does not know); `v`, the seat's own view, is not needed."""
    k, arg = A.kind(a), A.arg(a)
    g, y = arg >> 6, arg & 63
    if k in GOES:
        return GOES[k] % (guard(g), place(y))
    if k in WITH_GUARD:
        return WITH_GUARD[k] % guard(arg)
    if k == A.END:
        return "end your turn"
    if k == A.MASK:
        return "play the Mask: swap %s with %s" % (guard(g), guard(y))
    if k == A.CROSSBOW:
        return "shoot the Crossbow from %s at %s" % (guard(g), place(y))
    if k == A.TORCH:
        return "light a Torch by %s" % guard(g)
    if k == A.GLASS:
        return "take the %s from the item discards" % item(arg)
    if k == A.COFFIN_BOTH:
        return "claim the Coffin with both guards"
    if k == A.COFFIN_PAY:
        things = []
        for t in (arg >> 5, arg & 31):
            things.append(bare(ROOM_NAMES[t - 16]) if t >= 16 else item(t))
        return "claim the Coffin, paying %s and %s" % (things[0], things[1])
    if k == A.TAKE_BITE:
        return "take the bite"
    if k == A.DROP_LOOT:
        return "give up %s from your loot" % bare(ROOM_NAMES[arg])
    if k == A.PLACE:
        return "put your guards on the Entrances of columns %d and %d" % ((arg >> 2) + 1, (arg & 3) + 1)
    if k == A.DROP_ITEM:
        return "discard the %s" % item(arg)
    if k == A.LOOT:
        return "loot %s" % place(arg)
    if k == A.CROWD:
        return "%s stays" % guard(g) if y == A.STAY else "move %s out to %s" % (guard(g), place(y))
    return A.name(a)
