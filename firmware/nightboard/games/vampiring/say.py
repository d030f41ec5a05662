"""VampiRing's choices in words ("metamorphosis B, anticlockwise"): the protocol's `seat` request
(GAME["words"]). Imported only when asked."""

META = ("metamorphosis A", "metamorphosis B")
DIRS = ("clockwise", "anticlockwise")


def words(game, v, a):
    """Choice `a` (metamorphosis * 2 + direction, 0..3) in words."""
    if isinstance(a, int) and not isinstance(a, bool) and 0 <= a < 4:
        return "%s, %s" % (META[a >> 1], DIRS[a & 1])
    return str(a)
