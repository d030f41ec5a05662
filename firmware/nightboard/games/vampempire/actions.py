"""VampEmpire's actions as small integers: ((kind * 100 + x) * 100 + y) * 100 + z.

Kinds and their fields:
  CHOOSE x=vampire; PASS; OFFER x=seat, then GIVE x=item, then WANT x=item (an item is a ritual
  kind, or 10+n for n bodies);
  ACCEPT; REFUSE; END; MOVE z=hex; SUCK z=hex; OVERTAKE z=hex;
  RITUAL x=kind y=target (0 none, 1+seat, 10+hex) z=1 for the Feathered One's free play;
  DISCARD x=kind; ROUTE z=hex (place); UNROUTE z=hex (remove); TRAVEL x=1+kind paid (0 none) z=hex;
  MANIPULATE x=seat; RUMMAGE; INTERCEPT; LET.
"""

from nightboard.games.errors import show  # noqa: F401  (the games' one way to quote a value)


CHOOSE, PASS, OFFER, ACCEPT, REFUSE, END, MOVE, SUCK, OVERTAKE, RITUAL = 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
DISCARD, ROUTE, UNROUTE, TRAVEL, MANIPULATE, RUMMAGE, INTERCEPT, LET = 11, 12, 13, 14, 15, 16, 17, 18
GIVE, WANT = 19, 20
LAST = WANT
WORDS = ("", "choose", "pass", "offer", "accept", "refuse", "end", "move", "suck", "overtake", "ritual",
         "discard", "route", "unroute", "travel", "manipulate", "rummage", "intercept", "let", "give", "want")
BODIES = 10  # a trade item 10+n is n bodies (1..3)
NOT_YET = 99  # an offer being put together: the item not chosen yet


KIND = 1000000  # an action // KIND is its kind (split's first field, without building a tuple)


def act(kind, x=0, y=0, z=0):
    return ((kind * 100 + x) * 100 + y) * 100 + z


def split(a):
    return a // KIND, a // 10000 % 100, a // 100 % 100, a % 100


