"""What every game raises for a bad input (one class, so a caller catches any game's refusal alike)."""


class GameError(ValueError):
    """A bad input to a game: the message says what was wrong; nothing was changed."""
