"""Reading a tally position (from_json's checks), loaded only when a position is read: a game started from the
menu never imports it, nor the spec it checks fields with."""

from nightboard.games.errors import GameError
from nightboard.games.spec import fields
from nightboard.games.tally.state import GOALS, Tally
from nightboard.prng import SEED_MAX

SPEC = (("game", "str", ("tally",)), ("format", "int", (1, 1)), ("seed", "int", (0, SEED_MAX)),
        ("players", "int", (2, 2)), ("goal", "int", (GOALS[0], GOALS[-1])), ("tally", "int", (0, GOALS[-1] + 1)),
        ("turn", "int", (1, 2 * GOALS[-1])), ("winner", "int", (-1, 1)))


def from_json(d):
    fields(d, SPEC)
    for name, _kind, _rule in SPEC:
        if name not in d:
            raise GameError("a position needs %s" % name)
    tally, turn, winner = d["tally"], d["turn"], d["winner"]
    if not (tally + 1) // 2 <= turn - 1 <= tally:
        raise GameError("turn %d cannot follow from a tally of %d (1 or 2 a turn)" % (turn, tally))
    if (winner >= 0) != (tally >= d["goal"]) or tally > d["goal"] + 1:
        raise GameError("winner %d does not fit a tally of %d and a goal of %d" % (winner, tally, d["goal"]))
    if winner >= 0 and winner != (turn - 2) % d["players"]:
        raise GameError("winner %d did not play the last turn" % winner)
    return Tally(d["seed"], d["players"], d["goal"], tally, turn, winner)
