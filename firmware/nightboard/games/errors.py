"""What every game raises for a bad input (one class, so a caller catches any game's refusal alike)."""


class GameError(ValueError):
    """A bad input to a game: the message says what was wrong; nothing was changed."""


def show(v):
    """A value for a message, in JSON words and cut short (a seed of 10**100 does not fill the screen)."""
    if v is True:
        return "true"
    if v is False:
        return "false"
    if v is None:
        return "null"
    s = repr(v)
    return s if len(s) <= 40 else s[:37] + "..."
