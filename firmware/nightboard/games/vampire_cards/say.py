"""The card game's actions in words for the seat that may take them ("discard Bone 7, Leaf 3, draw back to
6"): the protocol's `seat` request (GAME["words"]) and the host's tools. Imported only when asked.

words(game, view, action): `view` is the acting seat's own view (its hand names the cards); nothing
else of the game is read.
"""

from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards import moves as M
from nightboard.games.vampire_cards.state import SEATS

END_WORDS = {"bitten": "give up healing and end the turn", "bite": "stop biting and end the turn",
             "defend": "take the bite", "ward": "let the Fate take your lowest bone"}


def _seat(s):
    return SEATS[s] if isinstance(s, int) and 0 <= s < len(SEATS) else "seat %s" % s


def _cards(cards, ids):
    return ", ".join(D.name(cards, c) for c in ids)


def words(game, v, a):
    """Action `a` of the seat whose view `v` is, in words."""
    kind, t, x = M.split(a)
    cards, hand = v["cards"], v["hand"] or []
    if kind == M.END:
        return END_WORDS.get(v["phase"], "end")
    if kind in (M.DISCARD, M.DEFEND):
        picked = M.picked(hand, x)
        if kind == M.DEFEND:
            return "defend with %s" % _cards(cards, picked)
        if v["phase"] == "shed":
            return "discard %s (down to 3)" % _cards(cards, picked)
        return ("discard %s, draw back to 6" % _cards(cards, picked)) if picked else "discard nothing, end the turn"
    if kind == M.FEATHER:
        return "lay %s on %s bite" % (D.name(cards, hand[x]), "your" if t == v["me"] else _seat(t) + "'s")
    if kind == M.HEAL:
        return "heal %s bite with a Fate" % ("your" if t == v["me"] else _seat(t) + "'s")
    if kind == M.FATE:
        return "play a Fate against the Vampire"
    if kind == M.DECLARE:
        return "lay your bones face up and be the Vampire"
    if kind == M.ESCAPE:
        return "lay five %ss and escape" % D.SUIT_NAMES[x]
    if kind == M.BITE:
        return "bite %s with %s" % (_seat(t), D.name(cards, v["bones"][x]))
    if kind == M.WARD:
        return "play a Fate against the bite"
    return M.KINDS[kind] if 0 <= kind < len(M.KINDS) else str(a)
