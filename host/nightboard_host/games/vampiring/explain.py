"""VampiRing events in words, for `nightboard replay` (run) and the terminal table's log."""

import json
import sys

from nightboard.games.record import replay, setup_from_record
from nightboard.games.vampiring.cards import DIRS, FAMILIES, META, SHAPES


def _vamp(ref_fam, ref_v, shape=None):
    s = FAMILIES[ref_fam]
    return s + (" " + SHAPES[shape] if shape is not None else " vampire %d" % (ref_v + 1))


def _card(ring, i):
    return "%s (card %d)" % (ring[i], i)


def describe(event, ring, shapes=None):
    """One line for one event. ring: card names; shapes: current shape of vampire [fam][v] if known."""
    e = event["e"]

    def who(fam, v):
        if shapes is not None and shapes[fam] is not None:
            return FAMILIES[fam] + " " + shapes[fam][v]
        return _vamp(fam, v)

    if e == "reveal":
        return "%s chose metamorphosis %s, %s" % (FAMILIES[event["fam"]], META[event["meta"]],
                                                  "clockwise" if event["dir"] == 1 else "anticlockwise")
    if e == "morph":
        return "%s %s becomes a %s" % (FAMILIES[event["fam"]], SHAPES[event["from"]], SHAPES[event["to"]])
    if e == "move":
        how = "then rides the carriage" if event["why"] == "carriage" else "moves"
        return "%s %s %d %s from %s to %s" % (FAMILIES[event["fam"]] + " " + SHAPES[event["shape"]], how, event["steps"],
                                               "step" if event["steps"] == 1 else "steps", _card(ring, event["from"]),
                                               _card(ring, event["to"]))
    if e == "parchment":
        return "%s finds the parchment and goes home to %s" % (who(event["fam"], event["v"]), _card(ring, event["to"]))
    if e == "chain_cut":
        return "%s: carriage chain cut at %s" % (who(event["fam"], event["v"]), _card(ring, event["card"]))
    if e == "fight":
        names = ", ".join(FAMILIES[f] + " " + SHAPES[s] for f, _v, s in event["vampires"])
        if event.get("why") == "cross":  # a fight the cross forbids (see _merged): one line, not two
            return "no fight on %s: %s meet there, and the cross forbids it" % (_card(ring, event["card"]), names)
        return "fight on %s: %s" % (_card(ring, event["card"]), names)
    if e == "nofight":
        return "no fight on %s: the cross forbids it" % _card(ring, event["card"])
    if e == "wound":
        g, t = event["giver"], event["taker"]
        extra = {"base": "", "mirror": " (mirrored)", "tower": " (tower)", "forest": " (forest)",
                 "cave": " (cave)"}[event["effect"]]
        return "  %s wounds %s%s%s" % (who(g[0], g[1]), who(t[0], t[1]), extra, " x2 (garlic)" if event["doubled"] else "")
    if e == "blocked":
        g, t = event["giver"], event["taker"]
        why = "at home (castle)" if event["why"] == "castle" else "safe in the " + event["why"]
        return "  %s cannot wound %s: %s" % (who(g[0], g[1]), who(t[0], t[1]), why)
    if e == "haunt":
        t = event["taker"]
        return "the ghosts of %s haunt %s and wound %s" % (FAMILIES[event["ghost"]], _card(ring, event["card"]),
                                                          who(t[0], t[1]))
    if e == "drops":
        return "%s loses %d drop%s of blood (%d left)" % (FAMILIES[event["fam"]], event["lost"],
                                                          "" if event["lost"] == 1 else "s", event["left"])
    if e == "eliminated":
        return "%s is eliminated; its home will be haunted" % FAMILIES[event["fam"]]
    if e == "end":
        scores = ", ".join("%s %d" % (FAMILIES[f], s) for f, s in enumerate(event["scores"]))
        if event.get("why") == "quiet":  # V16
            return "game over: %d turns in a row without a wound, no winner. Scores: %s" % (event["turns"], scores)
        if event["winner"] is None:
            return "game over: nobody is left, no winner. Scores: " + scores
        return "game over: %s wins. Scores: %s" % (FAMILIES[event["winner"]], scores)
    return "(%s)" % e


def _merged(events):
    """The events with each fight the cross forbids told once: the engine gives "fight" (who meet there) then
    "nofight" (the cross forbids it) on the same card, which read as two lines that contradict each other."""
    out = []
    for ev in events:
        last = out[-1] if out else None
        if ev.get("e") == "nofight" and last is not None and last.get("e") == "fight" \
                and last.get("card") == ev.get("card"):
            out[-1] = dict(last, why=ev.get("why"))
            continue
        out.append(ev)
    return out


def describe_turn(events, ring, shapes_before=None):
    """All of a turn's lines, tracking shapes so fights name each vampire by its new shape."""
    shapes = [list(s) if s is not None else None for s in shapes_before] if shapes_before else None
    lines = []
    for ev in _merged(events):
        if ev["e"] == "morph" and shapes is not None and shapes[ev["fam"]] is not None:
            shapes[ev["fam"]][ev["v"]] = SHAPES[ev["to"]]
        if ev["e"] == "morph":
            continue  # told once per family by the reveal line
        lines.append(describe(ev, ring, shapes))
    return lines


__all__ = ["describe", "describe_turn", "DIRS"]


def final_summary(state):
    """The final state as JSON: positions, shapes, drops, eliminations, winner, scores."""
    d = state.to_json()
    d["eliminated"] = [FAMILIES[f] for f in range(state.families) if not state.alive(f)]
    return d


def run(record, as_json=False, out=None):
    """Tell a VampiRing record turn by turn (or its final state as JSON); RecordError if it cannot be replayed."""
    out = out or sys.stdout
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

    state = replay(record, on_turn, start)
    drops = ", ".join("%s %d" % (FAMILIES[f], state.drops[f]) for f in range(state.families))
    out.write("\nAfter turn %d: drops %s\n" % (state.turn - 1, drops))
    if not state.over:
        out.write("The game is not over; scores so far: %s\n" % state.scores())
    return 0


def log_lines(log, g):
    """[(turn number, words)] for the table's log of events, oldest first (a family's morphs are told by
    its reveal line). The newest turn in the log is the one just played; a turn starts with the
    families' reveals; turns the bounded log only holds part of number 0 or less."""
    ring = g.view(None).get("ring")  # what everybody sees: a game, or the monitor's copy of the board's view
    if not isinstance(ring, list):
        return []
    events = [ev for ev in log if isinstance(ev, dict)]
    shapes = _shapes_before(events, g.view(None).get("vampires"))
    told = []
    for ev in _merged(events):  # the morphs move the shapes on, as in replay, and are told by the reveals
        if ev.get("e") == "morph":
            _morph(shapes, ev, "to")
            continue
        try:
            told.append((ev, describe(ev, ring, shapes)))
        except (KeyError, IndexError, TypeError):
            told.append((ev, "(%s)" % ev.get("e", "?")))
    events = [ev for ev, _words in told]
    starts = 0
    for i in range(len(events)):
        if events[i].get("e") == "reveal" and (i == 0 or events[i - 1].get("e") != "reveal"):
            starts += 1
    turn = g.turn - 1 - starts
    out = []
    for i in range(len(events)):
        ev = events[i]
        if ev.get("e") == "reveal" and (i == 0 or events[i - 1].get("e") != "reveal"):
            turn += 1
        out.append((turn, told[i][1].rstrip()))
    return out


def _morph(shapes, ev, which):
    try:
        if shapes[ev["fam"]] is not None:
            shapes[ev["fam"]][ev["v"]] = SHAPES[ev[which]]
    except (KeyError, IndexError, TypeError):
        pass


def _shapes_before(events, vampires):
    """Each vampire's shape before the logged events: today's shapes (the public view), with the logged
    morphs undone from the newest back, so the live log names pieces as replay does ("red man")."""
    if not isinstance(vampires, list):
        return None
    shapes = [[v.get("shape") for v in vs] if isinstance(vs, list) else None for vs in vampires]
    for ev in reversed(events):
        if ev.get("e") == "morph":
            _morph(shapes, ev, "from")
    return shapes



CLOCK_WORDS = {"cw": "clockwise", "ccw": "anticlockwise"}


def place_labels(table):
    """The terminal's labels: [(leds, name, short)] for each card on the ring, from the public view.
    short is the name cut to fit a small picture (a home keeps its family's initial)."""
    lay = table.layout
    ring = table.game.public()["ring"]
    out = []
    for c in range(len(ring)):
        pos = lay.card_position(c, len(ring))
        leds = tuple(lay.position_led(pos, k) for k in range(lay.leds_per_card))
        name = ring[c]
        short = ("H" + name[5:6]) if name.startswith("home-") else name[:3]
        out.append((leds, name, short))
    return out


def _and(words):
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _own_place(ring, c, seat):
    """A card of the ring as a family's player says it: "your home", "blue's home", "the tower" (card 3)."""
    name = ring[c]
    if name.startswith("home-"):
        owner = name[5:]
        return "%s home (card %d)" % ("your" if owner == FAMILIES[seat] else owner + "'s", c)
    return "the %s (card %d)" % (name, c)


def own_choice(table, seat):
    """A family's own pieces and choice in words ("red: your man on the cross (card 8), wolf and bat on your
    home (card 6)..."), for the terminal while that family holds "look" (its secret: only ever shown then);
    None when it has nothing to choose."""
    play = table.play
    g = play.game
    if g.over or seat >= g.families or not g.alive(seat):
        return None
    done = g.pending[seat] >= 0
    a = g.pending[seat] if done else play.action(seat)
    v = g.public()
    where = []  # [(card, [shapes])], a card once: "man and wolf on tower (card 3), bat on cross (card 7)"
    for p in v["vampires"][seat]:
        for w in where:
            if w[0] == p["card"]:
                w[1].append(p["shape"])
                break
        else:
            where.append((p["card"], [p["shape"]]))
    pieces = "your " + ", ".join("%s on %s" % (_and(shapes), _own_place(v["ring"], c, seat)) for c, shapes in where)
    choice = "metamorphosis %s, %s" % (META[a >> 1], CLOCK_WORDS[DIRS[a & 1]])
    if done:
        return "%s: %s; %d drops of blood; chose %s (confirmed)" % (FAMILIES[seat], pieces, g.drops[seat], choice)
    return "%s: %s; %d drops of blood; ok would choose %s (mode: A/B, move: direction)" % (
        FAMILIES[seat], pieces, g.drops[seat], choice)
