"""The Dracula hunt on a hunter's phone (`nightboard party`): a hunter holds no secret (the board plays Dracula,
whose room is the one hidden fact), so the page says so plainly, then where the hunter stands and what it
carries, as the table shows it too."""

from nightboard.games.dracula import map as dracula_map
from nightboard_host.games.dracula.explain import _h

NOTHING_SECRET = ("Nothing here is secret: in the Dracula hunt the board plays Dracula, and his room is the only "
                  "hidden thing. Everything about you is on the table for all to see.")


def _count(n, one, many):
    return "%d %s" % (n, one if n == 1 else many)


def view_lines(v, seat):
    out = [NOTHING_SECRET]
    pos = v.get("positions") or []
    if not 0 <= seat < len(pos):
        return out
    try:
        room = dracula_map.from_json(v["map"]).name(pos[seat]) if pos[seat] >= 0 else None
    except (ValueError, KeyError, TypeError, IndexError):
        room = None
    out.append("You are %s, %s." % (_h(seat), "in room " + room if room else "out of the hunt"))
    carry = []
    for key, one, many in (("stakes", "stake", "stakes"), ("sun", "sunlight", "sunlight")):
        have = v.get(key) or []
        if seat < len(have):
            carry.append(_count(have[seat], one, many))
    if carry:
        out.append("You carry %s." % " and ".join(carry))
    lives = v.get("lives")
    if isinstance(lives, list) and seat < len(lives):
        out.append("You have %s left." % _count(lives[seat], "life", "lives"))
    elif isinstance(v.get("team_lives"), int):
        out.append("The hunters have %s left between them." % _count(v["team_lives"], "life", "lives"))
    skip = v.get("skip") or []
    if seat < len(skip) and skip[seat]:
        out.append("Dracula bit you: you miss your next turn.")
    return out
