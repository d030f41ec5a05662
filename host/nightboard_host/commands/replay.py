"""`nightboard replay RECORD.json`: replay a game record, turn by turn, in words or as JSON.

The game's own teller (its "replay" hook, host/nightboard_host/hooks.py: run(record, as_json, out)) tells
it; a game without one is told as each turn's events and the final state, as JSON.
"""

import json
import sys

from nightboard.games.record import RecordError, game_of, replay, setup_from_record
from nightboard_host import hooks
from nightboard_host.jsonfile import JsonFileError, load_json


def write_public_view(record, out):
    """A record's final public view (what every seat sees) as JSON: `replay --json` for a game whose
    explainer has nothing of its own to add. RecordError if it cannot be replayed."""
    out.write(json.dumps(replay(record).view(None), indent=2, sort_keys=True) + "\n")
    return 0


def load_record(path):
    try:
        return load_json(path)
    except JsonFileError as e:
        raise RecordError(str(e))


def run(path, as_json=False, out=None):
    out = out or sys.stdout
    record = load_record(path)
    if not isinstance(record, dict):
        raise RecordError("a record is a JSON object with game, setup and turns")
    try:
        tell = hooks.hook(game_of(record), "replay")
    except ValueError as e:
        raise RecordError("the record's %s" % e)
    if tell is not None:
        return tell(record, as_json, out)
    start = setup_from_record(record)

    def on_turn(number, choices, events):
        if not as_json:
            out.write("turn %d: %s\n" % (number, json.dumps(events, sort_keys=True)))

    state = replay(record, on_turn, start)
    out.write(json.dumps(state.view(None), indent=2, sort_keys=True) + "\n")
    return 0
