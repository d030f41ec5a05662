"""Vampire Nights on a player's phone (`nightboard party`): the player's items, loot, bite cards and what its
Torch showed, in words, from its own view."""

from nightboard_host.games.vampire_nights.explain import ITEMS, bare, place, tile


def view_lines(v, seat):
    out = ["Your items: %s" % (", ".join(ITEMS.get(i, i) for i in v.get("hand") or []) or "none"),
           "Your loot: %s" % (", ".join(bare(t) for t in v.get("my_loot") or []) or "none"),
           "Your bite cards: %s" % (", ".join(v.get("my_bites") or []) or "none")]
    if v.get("vampire"):
        out.append("You have turned Vampire.")
    for x, t in v.get("peeks") or []:
        out.append("Your Torch showed %s in %s." % (tile(t), place(x)))
    return out
