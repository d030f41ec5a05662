"""VampEmpire on a player's phone (`nightboard party`): the seat's rituals in hand, its souls and bodies, from
its own view."""

from nightboard_host.games.vampempire.explain import ritual


def view_lines(v, seat):
    out = ["Your rituals: %s" % (", ".join(ritual(k) for k in v.get("hand") or []) or "none")]
    souls, bodies = v.get("soul") or [], v.get("bodies") or []
    if 0 <= seat < len(souls) and 0 <= seat < len(bodies):
        out.append("Your souls: %d; bodies: %d" % (souls[seat], bodies[seat]))
    return out
