"""Game records: a setup plus each turn's choices, replayed to the same final state.

A record is plain JSON (documented in docs/records.md):
  {"game": "<name>",             (a name from games/index.py; none: its position's game, else the index's first)
   "setup": {"seed": 5, ...the fields of the game's TOOLS["setup"]...}
            or {"position": {...an explicit position...}} (alone: it holds its own seed and options),
   "turns": [...each turn's actions, in the game's own record format...]}
"""


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the part that is wrong."""


def _game_module(name):
    from nightboard.games import index

    try:
        return index.module(name)
    except ValueError:
        raise RecordError("unknown game %s in record (known: %s)" % (repr(name)[:40], ", ".join(index.names())))


def _said(record):
    """The game a record's position names in its own "game" field (every to_json's does), or None."""
    setup = record.get("setup")
    pos = setup.get("position") if isinstance(setup, dict) else None
    said = pos.get("game") if isinstance(pos, dict) else None
    return said if isinstance(said, str) else None


def game_of(record):
    """The game a record (a dict) plays: its "game"; without one, the game its position names; else the index's
    first."""
    if "game" in record:
        return record["game"]
    from nightboard.games import index

    return _said(record) or index.default()


def setup_from_record(record):
    """The game state at the start of a record."""
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with game, setup and turns")
    mod = _game_module(game_of(record))
    setup = record.get("setup")
    if not isinstance(setup, dict):
        raise RecordError("record has no setup object")
    try:
        if "position" in setup:
            for key in sorted(setup):  # a seed or an option beside it would be silently left unused
                if key != "position":
                    raise RecordError("setup: position and %s exclude each other: a position holds its own seed and "
                                      "options (give a seed with the options, or a position alone)" % key[:40])
            said = _said(record)
            if said is not None and said != mod.GAME["name"]:  # before the game reads fields that are not its
                raise RecordError("setup: the position is for %s, not %s" % (said[:40], mod.GAME["name"]))
            return mod.from_json(setup["position"])
        if "seed" not in setup:
            raise RecordError("setup needs a seed or a position")
        from nightboard.games import index

        kw = {}
        allowed = index.tools(mod.GAME["name"])["setup"]
        for key in sorted(setup):
            if key not in allowed:
                raise RecordError("setup has an unknown field %s (known: %s)" % (repr(key)[:40], ", ".join(allowed)))
            if key != "seed":
                kw[key] = setup[key]
        return mod.new_game(setup["seed"], **kw)
    except ValueError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError("setup: %s" % e)


def replay(record, on_turn=None, start=None):
    """Replay a whole record; return the final state. on_turn(number, choices, events) is called per turn.
    `start` is the record's starting state when the caller has already built it (it is played on)."""
    state = setup_from_record(record) if start is None else start
    turns = record.get("turns", [])
    if not isinstance(turns, list):
        raise RecordError("turns must be a list")
    for k in range(len(turns)):
        if state.over:
            raise RecordError("turns[%d]: the game was already over after %d turns" % (k, k))
        number = state.turn
        try:
            events = state.apply_actions(turns[k])
        except ValueError as e:
            raise RecordError("turns[%d] (turn %d): %s" % (k, number, e))
        if on_turn is not None:
            on_turn(number, turns[k], events)
    return state
