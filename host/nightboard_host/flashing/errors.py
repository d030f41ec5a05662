"""FlashError: why flashing cannot go on, in words that say what to do (every flashing module raises it)."""


class FlashError(Exception):
    """Flashing cannot go on; the message says what to do."""
