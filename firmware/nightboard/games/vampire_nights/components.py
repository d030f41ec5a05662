"""Vampire Nights' components as data: room tiles, item cards, bite cards, player-count marks, scores.

Everything here may be changed without touching the rules code (ruling N1 of
docs/vampire_nights-rules-notes.md: the bite split and the player-count marks are
ours to decide, so they live here as tables).
"""

from nightboard.compat import const

# Room tiles (kind numbers are stored in states and actions: never renumber)
CAT, CHEST, COFFIN, COINS, STONE, WEB, LORD, LADY, MINION, FATHER, MOTHER, DAUGHTER, DOG = range(13)
COFFIN_BOTH = 13  # a Coffin in a loot pile, claimed with both guards (worth 8)
COFFIN_PAID = 14  # a Coffin in a loot pile, claimed by paying two things (worth 10)
ROOM_NAMES = ("cat", "chest", "coffin", "coins", "stone", "spiderweb", "lord", "lady", "minion",
              "father", "mother", "daughter", "dog", "coffin8", "coffin10")
ROOM_COUNTS = (2, 2, 1, 6, 6, 1, 3, 3, 13, 5, 5, 5, 2)  # 54 tiles
VAMPIRES = (LORD, LADY, MINION)
VILLAGERS = (FATHER, MOTHER, DAUGHTER)
LOOTABLE = (COINS, STONE, FATHER, MOTHER, DAUGHTER, DOG)  # what the end of the night loots

# Item cards
CLOAK, JUMP, MIRROR, MASK, CROSSBOW, GARLIC, CROSS, STAKE, BAG, WATER, TORCH, GLASS = range(12)
ITEM_NAMES = ("cloak", "jump", "mirror", "mask", "crossbow", "garlic", "cross", "stake", "bag", "water",
              "torch", "glass")
ITEM_COUNTS = (1, 2, 2, 1, 2, 2, 2, 5, 2, 2, 2, 2)  # 25 cards

# Bite cards (N1, our decision B1): 15 cards, VAMPIRE_BITES of them Vampire, the rest Shield.
SHIELD, VAMPIRE = 0, 1
BITE_NAMES = ("shield", "vampire")
BITE_CARDS = 15
VAMPIRE_BITES = (6, 5, 7)  # the option's values, the default first
_TURNS_AT = const(2)  # a player holding this many Vampire bite cards has turned Vampire

# Player-count marks (N1, our decision B2): how many tiles/cards of a kind carry the "3" mark and the
# "4" mark. With 2 players both are removed, with 3 players the "4" ones, with 4 players none.
ROOM_MARKS = {COINS: (1, 1), STONE: (1, 1), MINION: (3, 3), FATHER: (1, 1), MOTHER: (1, 1), DAUGHTER: (1, 1)}
ITEM_MARKS = {STAKE: (1, 1), TORCH: (1, 0), GARLIC: (0, 1)}

# Dealing (the text): 4 items each on the first night, 3 more on each later night; 1 discarded each night.
FIRST_DEAL = 4
LATER_DEAL = 3
NIGHTS = 3

# Scores: (guard player, vampire player)
VAMPIRE_VALUE = {LORD: (5, 0), LADY: (5, 0), MINION: (2, 0)}
VAMPIRE_SET = (15, 0)
VILLAGER_VALUE = (2, 4)
VILLAGER_SET = (9, 12)
VILLAGER_DOG_SET = (14, 18)
_COINS_VALUE = const(3)
STONE_ALONE, STONE_CURSED = 6, 2  # a guard player with more than one Stone scores 2 for each
COFFIN_VALUE = {COFFIN_BOTH: 8, COFFIN_PAID: 10}


def _deck(counts, marks, players, bad_marks):
    out = []
    for kind in range(len(counts)):
        n = counts[kind]
        m = marks.get(kind)
        if m is not None and bad_marks:
            if players < 3:
                n -= m[0]
            if players < 4:
                n -= m[1]
        out.extend([kind] * n)
    return out


def room_tiles(players, marks=True):
    """The room tiles in play for this many players (sorted by kind; the game shuffles them)."""
    return _deck(ROOM_COUNTS, ROOM_MARKS, players, marks)


def item_cards(players, marks=True):
    return _deck(ITEM_COUNTS, ITEM_MARKS, players, marks)


def bite_cards(vampires):
    return [SHIELD] * (BITE_CARDS - vampires) + [VAMPIRE] * vampires


def is_vampire(bites):
    n = 0
    for b in bites:
        if b == VAMPIRE:
            n += 1
    return n >= _TURNS_AT


def score(loot, vampire):
    """The score of one loot pile (a list of room kinds) for a guard player or a player turned Vampire."""
    side = 1 if vampire else 0
    c = [0] * 15
    for t in loot:
        c[t] += 1
    total = 0
    sets = min(c[LORD], c[LADY], c[MINION])
    total += sets * VAMPIRE_SET[side]
    for v in VAMPIRES:
        total += (c[v] - sets) * VAMPIRE_VALUE[v][side]
    vsets = min(c[FATHER], c[MOTHER], c[DAUGHTER])
    dogs = min(vsets, c[DOG])
    total += dogs * VILLAGER_DOG_SET[side] + (vsets - dogs) * VILLAGER_SET[side]
    for v in VILLAGERS:
        total += (c[v] - vsets) * VILLAGER_VALUE[side]
    total += c[COINS] * _COINS_VALUE
    if c[STONE] > 1 and not vampire:
        total += c[STONE] * STONE_CURSED
    else:
        total += c[STONE] * STONE_ALONE
    total += c[COFFIN_BOTH] * COFFIN_VALUE[COFFIN_BOTH] + c[COFFIN_PAID] * COFFIN_VALUE[COFFIN_PAID]
    return total
