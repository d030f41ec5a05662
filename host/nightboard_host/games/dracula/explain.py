"""The Dracula hunt's events in words: for `nightboard replay` and the terminal table's log.

describe(event, m)      one line for one public event (m: the game's map, for room names)
log_lines(log, game)    [(round, words)] for the table's event log, oldest first
run(record, ...)        `nightboard replay` of a Dracula record: round by round, the public
                        events and (a record knows everything) where Dracula went
"""

import json
import sys

from nightboard.games.dracula import map as dracula_map
from nightboard.games.dracula.state import HUNTERS
from nightboard.games.record import replay, setup_from_record

WHY = {
    "staked": "Dracula is staked for the last time",
    "dead": "every hunter is dead",
    "stakes": "the hunters have fewer stakes left than Dracula has health",
    "bites": "the hunters have no lives left",
}


def _h(h):
    return HUNTERS[h] if 0 <= h < len(HUNTERS) else "hunter %d" % h


def describe(event, m):
    """One line of words for one event."""
    e = event["e"]
    name = m.name
    if e == "move":
        return "%s moves from %s to %s" % (_h(event["hunter"]), name(event["from"]), name(event["to"]))
    if e == "garlic":
        found = "Dracula is there!" if event["found"] else "nothing there"
        return "%s throws garlic into %s: %s" % (_h(event["hunter"]), name(event["room"]), found)
    if e == "sun":
        return "%s puts sunlight on %s" % (_h(event["hunter"]), name(event["room"]))
    if e == "stake":
        if event["hit"]:
            return "%s stakes %s: a hit! Dracula's health %d" % (_h(event["hunter"]), name(event["room"]),
                                                                 event["health"])
        return "%s stakes %s: a miss" % (_h(event["hunter"]), name(event["room"]))
    if e == "rest":
        return "%s rests and takes a %s" % (_h(event["hunter"]), "stake" if event["item"] == "stake" else "sunlight")
    if e == "done":
        return "%s's turn ends" % _h(event["hunter"])
    if e == "skip":
        return "%s misses this turn (bitten)" % _h(event["hunter"])
    if e == "night":
        return "Dracula's turn"
    if e == "crypt":
        return "Dracula travels through the crypts from %s to %s" % (name(event["from"]), name(event["to"]))
    if e == "bite":
        if "stake_from" in event:
            lost = "" if event["stake_from"] is None else ", %s gives up a stake" % _h(event["stake_from"])
            return "Dracula bites %s in %s: the team has %d %s left%s" % (
                _h(event["hunter"]), name(event["room"]), event["lives"], "life" if event["lives"] == 1 else "lives",
                lost)
        return "Dracula bites %s in %s: %d %s left" % (_h(event["hunter"]), name(event["room"]), event["lives"],
                                                        "life" if event["lives"] == 1 else "lives")
    if e == "dead":
        return "%s is dead" % _h(event["hunter"])
    if e == "sunset":
        return "the sunlight fades from " + ", ".join(name(r) for r in event["rooms"])
    if e == "round":
        return "round %d begins" % event["turn"]
    if e == "over":
        who = "the hunters win" if event["winner"] == "hunters" else "Dracula wins"
        return "game over: %s (%s); Dracula is in %s" % (who, WHY.get(event["why"], event["why"]), name(event["room"]))
    return "(%s)" % e


QUIET = ("done", "round")  # told by the round headings in the log


def log_lines(log, game):
    """[(round, words)] for the table's log of events, oldest first; the round of each is counted back
    from the game's current round with the "round" events."""
    try:
        m = dracula_map.from_json(game.view(None)["map"])  # what everybody sees: a game, or the board's view
    except (ValueError, KeyError, TypeError):
        return []
    events = [ev for ev in log if isinstance(ev, dict)]
    rounds = sum(1 for ev in events if ev.get("e") == "round")
    turn = game.turn - rounds
    out = []
    for ev in events:
        if ev.get("e") == "round":
            turn += 1
            continue
        if ev.get("e") in QUIET:
            continue
        try:
            words = describe(ev, m)
        except (KeyError, IndexError, TypeError):
            words = "(%s)" % ev.get("e", "?")
        out.append((turn, words))
    return out


def _rooms(m, rooms):
    return " -> ".join(m.name(r) for r in rooms)


def run(record, as_json=False, out=None):
    """Print a Dracula record round by round (or the final state as JSON); returns 0."""
    out = out or sys.stdout
    if as_json:
        state = replay(record)
        out.write(json.dumps(state.to_json(), indent=2, sort_keys=True) + "\n")
        return 0
    start = setup_from_record(record)
    m = start.map
    out.write("Dracula hunt, %s rules, level %d, %d hunter%s (%s), a %dx%d map of %d rooms\n" % (
        start.rules, start.level, start.hunters, "" if start.hunters == 1 else "s", ", ".join(HUNTERS[:start.hunters]),
        m.width, m.height, m.n))
    out.write("start: %s; Dracula in %s\n" % (", ".join("%s in %s" % (HUNTERS[h], m.name(start.pos[h]))
                                                        for h in range(start.hunters)), m.name(start.room)))
    carry = []

    def on_turn(number, choices, events):
        out.write("\nRound %d\n" % number)
        for line in carry:
            out.write(line)
        del carry[:]
        nxt = False
        for ev in events:
            if ev["e"] == "round":
                nxt = True  # what follows (turns missed) belongs to the next round
            if ev["e"] in QUIET:
                continue
            line = "  " + describe(ev, m) + "\n"
            if nxt:
                carry.append(line)
            else:
                out.write(line)
            if ev["e"] == "night":
                lm = start.last_move
                if lm["crypt"]:
                    how = "goes through the crypts"
                elif lm["rooms"]:
                    how = "goes " + _rooms(m, [lm["from"]] + lm["rooms"])
                else:
                    how = "stays in " + m.name(lm["from"])
                out.write("  (hidden from the hunters: Dracula %s)\n" % how)

    state = replay(record, on_turn, start)
    if carry:
        out.write("\nRound %d\n" % state.turn)
        for line in carry:
            out.write(line)
    out.write("\nAfter round %d: Dracula's health %d, hunters %s\n" % (
        state.turn, state.health, ", ".join(
            "%s %s" % (HUNTERS[h], ("dead" if not state.alive(h) else "in " + m.name(state.pos[h])))
            for h in range(state.hunters))))
    if not state.over:
        out.write("The game is not over.\n")
    return 0


def place_labels(table):
    """The terminal's labels: [(leds, name, short)] for each room of the map (its coordinates)."""
    m = table.game.map
    room_led = table.play.draw.room_led
    return [((room_led[r],), m.name(r), m.name(r)) for r in range(m.n)]
