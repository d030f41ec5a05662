"""The card game on a player's phone (`nightboard party`): the player's own hand in words, from its own view."""

from nightboard.games.vampire_cards import deck as D


def card(cards, c):
    return D.name(cards, c)


def view_lines(v, seat):
    """Lines for seat's page: its hand in suit order, whether it is the Vampire, whether it is bitten."""
    cards, hand = v["cards"], sorted(v.get("hand") or [], key=lambda c: (v["cards"][c][0], v["cards"][c][1]))
    out = ["Your hand (%d): %s" % (len(hand), ", ".join(card(cards, c) for c in hand) if hand else "no card")]
    if v.get("vampire") == seat:
        out.append("You are the Vampire.")
    bites = v.get("bites") or []
    if 0 <= seat < len(bites) and bites[seat] >= 0:
        out.append("You are bitten.")
    return out
