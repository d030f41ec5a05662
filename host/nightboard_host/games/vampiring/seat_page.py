"""VampiRing on a family's phone (`nightboard party`): its choice this turn once confirmed (a secret until the
reveal), and where its vampires would land, from its own view."""

from nightboard_host.games.vampiring.explain import CLOCK_WORDS, _card


def view_lines(v, seat):
    mine = v.get("your_choice")
    if not mine:
        return ["No choice confirmed this turn yet."]
    meta, _, way = mine.partition(" ")
    out = ["Your choice this turn: metamorphosis %s, %s (confirmed)" % (meta, CLOCK_WORDS.get(way, way))]
    land, ring = v.get("your_landing"), v.get("ring")
    if isinstance(land, list) and isinstance(ring, list):
        out.append("Your vampires land on: %s" % ", ".join(_card(ring, c) for c in land))
    return out
