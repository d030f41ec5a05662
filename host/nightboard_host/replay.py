"""`nightboard replay RECORD.json`: replay a game record, turn by turn, in words or as JSON."""

import json
import sys

from nightboard.games.record import RecordError, replay, setup_from_record
from nightboard.games.vampiring.cards import FAMILIES
from nightboard_host.explain import describe_turn


def load_record(path):
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except OSError as e:
        raise RecordError("cannot read %s: %s" % (path, e.strerror or e))
    try:
        return json.loads(text)
    except ValueError as e:
        raise RecordError("%s is not valid JSON: %s" % (path, e))


def final_summary(state):
    """The final state as JSON: positions, shapes, drops, eliminations, winner, scores."""
    d = state.to_json()
    d["eliminated"] = [FAMILIES[f] for f in range(state.families) if not state.alive(f)]
    return d


def run(path, as_json=False, out=None):
    out = out or sys.stdout
    record = load_record(path)
    if isinstance(record, dict) and record.get("game") == "dracula":  # each game has its own explainer
        from nightboard_host import explain_dracula

        return explain_dracula.run(record, as_json, out)
    if as_json:
        state = replay(record)
        out.write(json.dumps(final_summary(state), indent=2, sort_keys=True) + "\n")
        return 0
    start = setup_from_record(record)
    ring = start.public()["ring"]
    out.write("VampiRing, %d families (%s), %s variant\n" % (
        start.families, ", ".join(FAMILIES[:start.families]), start.variant))
    out.write("ring: " + " ".join("%d:%s" % (i, c) for i, c in enumerate(ring)) + "\n")
    shapes = [[v["shape"] for v in vs] if vs else None for vs in start.public()["vampires"]]
    tracker = {"shapes": shapes}

    def on_turn(number, choices, events):
        out.write("\nTurn %d\n" % number)
        for line in describe_turn(events, ring, tracker["shapes"]):
            out.write("  " + line + "\n")
        for ev in events:
            if ev["e"] == "morph" and tracker["shapes"][ev["fam"]] is not None:
                tracker["shapes"][ev["fam"]][ev["v"]] = ("man", "wolf", "bat")[ev["to"]]
            if ev["e"] == "eliminated":
                tracker["shapes"][ev["fam"]] = None

    state = replay(record, on_turn)
    drops = ", ".join("%s %d" % (FAMILIES[f], state.drops[f]) for f in range(state.families))
    out.write("\nAfter turn %d: drops %s\n" % (state.turn - 1, drops))
    if not state.over:
        out.write("The game is not over; scores so far: %s\n" % state.scores())
    return 0
