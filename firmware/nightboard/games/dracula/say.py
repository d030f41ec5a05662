"""The Dracula hunt's hunter actions in words ("throw garlic into c3"): the protocol's `seat` request
(GAME["words"]). Imported only when asked; rooms are named as on the map (a1 bottom left)."""

from nightboard.games.dracula import rules as R

DOING = ("", "move to %s", "throw garlic into %s", "put sunlight on %s", "stake %s", "end the turn",
         "rest and take a sunlight", "rest and take a stake")


def words(game, v, a):
    """Hunter action `a` in words; `game` gives the map's names (public)."""
    k = R.kind_of(a)
    if not 0 < k < len(DOING):
        return str(a)
    w = DOING[k]
    return w % game.map.name(R.room_of(a)) if "%s" in w else w
