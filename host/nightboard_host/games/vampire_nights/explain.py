"""Vampire Nights in words: for `nightboard replay`, the terminal table's log and the monitor's.

kind(event)                 the kind of an engine event (its one key from KIND_KEYS)
describe(event, players)    one sentence for one public event
log_lines(log, game)        [(turn, words)] for the table's event log, oldest first
run(record, as_json, out)   `nightboard replay` of a record: what the table saw, then what the end revealed

Places: columns are numbered from 1 on the left; a column is its Entrance, rooms 1 to 5 from the
Entrance down, and its Garden. A guard is its player's guard 1 or 2. Only what the table shows is told:
hands, loot, bite cards and what a Torch showed stay secret until the game's end reveals the piles.
"""

import sys

from nightboard.games.record import replay, setup_from_record
from nightboard.games.vampire_nights.state import SEATS
from nightboard.games.vampire_nights.say import ITEMS, bare, guard, place, tile, words
from nightboard_host.commands.replay import write_public_view

SPACES = {0: "with no regular space left", 1: "space 1", 2: "space 2", 3: "the secret space"}


def _p(p):
    return SEATS[p] if isinstance(p, int) and 0 <= p < len(SEATS) else "player %s" % p


def _night(e, n):
    ups = "; ".join("%s in %s" % (tile(name), place(x)) for x, name in e["up"])
    return "night %d begins: %s starts; each column's room 3 lies face up: %s" % (e["night"], _p(e["first"]), ups)


def _place(e, n):
    a, b = e["at"]
    if a == b:
        return "%s puts both guards on the Entrance of column %d" % (_p(e["place"]), a + 1)
    return "%s puts its guards on the Entrances of columns %d and %d" % (_p(e["place"]), a + 1, b + 1)


def _move(e, n):
    how = {"step": "moves to", "jump": "drinks a Jump Potion and leaps to", "mirror": "goes through a Mirror to"}
    return "%s %s %s" % (guard(e["move"]), how.get(e["by"], "moves to"), place(e["to"]))


def _coffin(e, n):
    if e["by"] == "both":
        return "%s claims the Coffin with both guards (worth 8)" % _p(e["coffin"])
    return "%s claims the Coffin by giving up two things (worth 10)" % _p(e["coffin"])


def _over(e, n):
    scores = ", ".join("%s %d" % (_p(p), e["scores"][p]) for p in range(len(e["scores"])))
    won = [_p(w) for w in e["winners"]]
    who = won[0] + " wins" if len(won) == 1 else " and ".join(won) + " share the win"
    return "game over: %s (scores: %s)" % (who, scores)


SENTENCES = {
    "night": _night,
    "place": _place,
    "drop": lambda e, n: "%s discards the %s" % (_p(e["drop"]), ITEMS.get(e["item"], e["item"])),
    "skip": lambda e, n: "%s's guards are held by the Spiderweb: %s misses this turn" % (_p(e["skip"]), _p(e["skip"])),
    "move": _move,
    "reveal": lambda e, n: "%s is turned face up: %s" % (place(e["reveal"]), tile(e["tile"])),
    "garden": lambda e, n: "%s enters the Garden, %s" % (guard(e["garden"]), SPACES.get(e["space"], e["space"])),
    "cat": lambda e, n: "the Cat takes a Coins tile from %s's loot, if there is one, and runs off" % _p(e["cat"]),
    "chest": lambda e, n: "%s opens the Chest and draws an item" % _p(e["chest"]),
    "web": lambda e, n: "%s is caught in the Spiderweb and is held during %s's next turn" % (
        guard(e["web"]), _p(e["web"] >> 1)),
    "bite": lambda e, n: "%s is bitten: draws a bite card and gives up a loot tile, if any, face down" % _p(e["bite"]),
    "pass": lambda e, n: "%s lies down and stays there for the night" % guard(e["pass"]),
    "mask": lambda e, n: "%s plays the Mask and swaps places with %s" % (guard(e["mask"]), guard(e["with"])),
    "cloak": lambda e, n: "%s puts on the Cloak of Invisibility and takes the Garden's secret space" % guard(e["cloak"]),
    "bag": lambda e, n: "%s fills the Bag: %s goes to %s's loot" % (guard(e["bag"]), tile(e["tile"]), _p(e["bag"] >> 1)),
    "water": lambda e, n: "%s uses Blessed Water: %s is rescued to %s's loot" % (
        guard(e["water"]), tile(e["tile"]), _p(e["water"] >> 1)),
    "crossbow": lambda e, n: "%s shoots %s in %s with the Crossbow: it goes to %s's loot" % (
        guard(e["crossbow"]), tile(e["tile"]), place(e["at"]), _p(e["crossbow"] >> 1)),
    "torch": lambda e, n: "%s lights a Torch and looks at face-down rooms next to it, in secret" % guard(e["torch"]),
    "glass": lambda e, n: "%s uses the Magnifying Glass to take the %s from the item discards" % (
        _p(e["glass"]), ITEMS.get(e["took"], e["took"])),
    "coffin": _coffin,
    "garlic": lambda e, n: "%s holds up Garlic: no bite, and the vampire stays" % guard(e["garlic"]),
    "cross": lambda e, n: "%s holds up the Sacred Cross: %s leaves the mansion" % (guard(e["cross"]), tile(e["tile"])),
    "stake": lambda e, n: "%s stakes %s: it goes to %s's loot" % (guard(e["stake"]), tile(e["tile"]),
                                                                   _p(e["stake"] >> 1)),
    "end_of_exploration": lambda e, n: "the exploring of night %d is over" % e["end_of_exploration"],
    "stays": lambda e, n: "%s has nowhere free to go and stays in its crowded room" % guard(e["stays"]),
    "crowd": lambda e, n: "%s leaves the crowded room for %s" % (guard(e["crowd"]), place(e["to"])),
    "loot": lambda e, n: "%s loots %s from %s" % (guard(e["loot"]), tile(e["tile"]), place(e["at"])),
    "end_of_night": lambda e, n: "night %d ends: what is left of the mansion goes face down to the discards"
                                 % e["end_of_night"],
    "over": _over,
}
KIND_KEYS = tuple(sorted(SENTENCES))


def kind(event):
    """An event's kind: the one key of it that names a kind (the engine's events have no "e")."""
    for k in KIND_KEYS:
        if k in event:
            return k
    return None


def describe(event, players=4):
    """One sentence for one event; an event of a kind this module does not know is named, never dumped."""
    k = kind(event)
    if k is None:
        return "(an event this version cannot tell: %s)" % ", ".join(sorted(str(x) for x in event)[:3])
    return SENTENCES[k](event, players)


def _actor(ev, k):
    """The player an event is about (to count turns in the log), or None."""
    if k in ("move", "garden", "web", "pass", "mask", "cloak", "bag", "water", "crossbow", "torch", "garlic",
             "cross", "stake"):
        return ev[k] >> 1
    if k in ("cat", "chest", "bite", "glass", "coffin", "skip"):
        return ev[k]
    return None


MOVEMENTS = ("move", "pass", "mask")  # a turn's one movement (the Cloak is one too, or may come just after one)


def log_lines(log, g):
    """[(turn, words)] for the table's log, oldest first. The engine's turn count grows when a player
    ends a turn, which leaves no event of its own: a turn is told to begin where the exploring player
    changes, at a second movement, or after a pass or a missed turn; the numbers are counted back from the
    game's turn (its public view says whether the turn under way has begun)."""
    v = g.view(None)
    players = v.get("players") if isinstance(v.get("players"), int) else 4
    events = [ev for ev in log if isinstance(ev, dict)]
    kinds = [kind(ev) for ev in events]
    starts = [False] * len(events)
    last, ended, moved = None, False, False
    gardens = set()  # guards seen reaching a Garden this night
    for i in range(len(events)):
        k = kinds[i]
        if k in ("garden", "cloak"):
            gardens.add(events[i][k])
        if k == "end_of_exploration" and len(gardens) < players + 1:
            ended = True  # not the Gardens filling up: the last turn's end (a press, no event) ended it
        if k in ("night", "end_of_exploration"):
            last, moved = None, False  # (a pass that ended the night still ended a turn)
            gardens = set()
            continue
        a = _actor(events[i], k) if k else None
        if a is None:
            continue
        movement = k in MOVEMENTS or (k == "cloak" and events[i].get("moved"))  # a Cloak says if it was the move
        if ended or (last is not None and (a != last or (moved and movement))):
            starts[i] = True  # another player, a second movement (one a turn), or after a pass
            moved = False
        last = a
        ended = k in ("pass", "skip")
        moved = moved or movement
    turn = v.get("turn") if isinstance(v.get("turn"), int) else 1
    if ended:
        turn -= 1  # the pass (or missed turn) that ended the last turn has already moved the count on
    elif v.get("phase") == "explore" and last is not None and (
            last not in (v.get("to_move") or []) or (v.get("moved") == -1 and moved)):
        turn -= 1  # the last turn ended with its end press, which leaves no event
    turn -= sum(1 for s in starts if s)
    out = []
    for i in range(len(events)):
        if starts[i]:
            turn += 1
        try:
            words = describe(events[i], players)
        except (KeyError, IndexError, TypeError, ValueError):
            words = "(%s)" % (kinds[i] or "?")
        out.append((turn, words))
    return out


def revealed_lines(state):
    """What the end of the game shows everybody: each loot pile and each player's bite cards."""
    v = state.view(None)
    out = []
    for p in range(v["players"]):
        pile = v["piles"][p]
        bites = v["bite_cards"][p]
        turned = sum(1 for b in bites if b == "vampire") >= 2
        out.append("%s scores %d%s: loot %s; bite cards %s" % (
            _p(p), v["scores"][p], ", turned Vampire" if turned else "",
            ", ".join(bare(t) for t in pile) if pile else "none",
            ", ".join(b.capitalize() for b in bites) if bites else "none"))
    return out


def run(record, as_json=False, out=None):
    """Tell a record as the table saw it (or print its final public state as JSON); RecordError if it cannot
    be replayed."""
    out = out or sys.stdout
    if as_json:
        return write_public_view(record, out)
    start = setup_from_record(record)
    v = start.view(None)
    n = v["players"]
    out.write("Vampire Nights: %d players (%s), three nights in a mansion of %d columns\n" % (
        n, ", ".join(SEATS[:n]), n))
    ups = "; ".join("%s in %s" % (tile(v["rooms"][c][2]), place(c * 8 + 3)) for c in range(n))
    out.write("\nNight 1: %s starts; each column's room 3 lies face up: %s\n" % (_p(v["first"]), ups))
    shadow = [start.copy()]  # played action by action, to know whose turn each action was taken in
    told = {"turn": None}

    def on_turn(number, choices, events):
        g = shadow[0]
        for seat, action in choices:
            if g.phase == "explore" and (g.night, g.turn) != told["turn"]:
                told["turn"] = (g.night, g.turn)
                out.write("\nTurn %d: %s\n" % (g.turn, _p(g.active)))
            for ev in g.apply(seat, action):
                k = kind(ev)
                if k == "night":
                    out.write("\nNight %d: %s starts; each column's room 3 lies face up: %s\n" % (
                        ev["night"], _p(ev["first"]), "; ".join("%s in %s" % (tile(t), place(x)) for x, t in ev["up"])))
                elif k == "end_of_exploration":
                    out.write("\nThe end of night %d: the exploring is over\n" % ev[k])
                else:
                    out.write("  " + describe(ev, n) + "\n")
        shadow[0] = start.copy()  # (replay plays on `start`: the same state, now checked by the engine)

    state = replay(record, on_turn, start)
    if state.over:
        out.write("\nRevealed at the end:\n")
        for line in revealed_lines(state):
            out.write("  " + line + "\n")
    else:
        out.write("\nThe record stops here: night %d, the game is not over.\n" % state.night)
    return 0


# --- the terminal: the mansion's names, and a seat's own secrets while it holds look --------------------

def action_words(v, a):
    """An action of the seat whose own view v is, in words: the board's own words (say.words)."""
    return words(None, v, a)


def own_secrets(table, seat):
    """A player's items, loot, bite cards and Torch sightings in words, and its choice when the game waits
    for it, for the terminal while that player holds look (its secrets: only shown then)."""
    play = table.play
    g = play.game
    if seat >= g.players:
        return None
    v = g.view(seat)
    words = "%s holds %s; loot %s; bite cards %s%s" % (
        _p(seat), ", ".join(ITEMS.get(i, i) for i in v["hand"]) or "no item",
        ", ".join(bare(t) for t in v["my_loot"]) or "none", ", ".join(v["my_bites"]) or "none",
        " (you have turned Vampire)" if v["vampire"] else "")
    if v["peeks"]:
        words += "; the Torch showed " + ", ".join("%s in %s" % (tile(t), place(x)) for x, t in v["peeks"])
    from nightboard.games.vampire_nights.components import ROOM_NAMES

    gave = getattr(play, "gave", None)
    if gave is not None and seat < len(gave) and 0 <= gave[seat] < len(ROOM_NAMES):
        words += "; you last gave up %s face down" % bare(ROOM_NAMES[gave[seat]])
    if not g.over and seat == g.to_move()[0] and not g.board_plays(seat):
        a = play.chosen()
        if a is not None:
            words += "; ok would %s (mode: another kind, move: another choice, move held: the one before)" % action_words(v, a)
    return words


def place_labels(table):
    """The terminal's labels: [(leds, name, short)] for the mansion's cells, from the public view: the
    Entrances and Gardens by column (E1, G1), a face-up room by its tile's first letters; face-down and
    empty rooms stay unlabelled (the side panel's picture of the mansion shows them)."""
    play = table.play
    lay = table.layout
    v = table.game.view(None)
    out = []
    for c in range(v["players"]):
        for r in range(7):
            led = lay.cell_led(play.x0 + c, play.y0 + r)
            if r == 0 or r == 6:  # short: the column's number alone, which fits clear of the next column
                name, short = "%s%d" % ("E" if r == 0 else "G", c + 1), "%d" % (c + 1)
            else:
                t = v["rooms"][c][r - 1]
                if t is None or t == "?":
                    continue
                name, short = SHORT.get(t, t[:3]), t[:1]
            out.append(((led,), name, short))
    return out


SHORT = {"coffin8": "cof", "coffin10": "cof", "spiderweb": "web", "daughter": "dau", "mother": "mot",
         "father": "fat", "minion": "min"}
