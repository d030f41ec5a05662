"""VampEmpire in words: for `nightboard replay`, the terminal table's log and the monitor's.

Teller(view)                its tell(event) gives one sentence for one public event; it follows the
                            events it is told (who plays which vampire, a ritual's target for its effect)
log_lines(log, game)        [(round, words)] for the table's event log, oldest first
run(record, as_json, out)   `nightboard replay` of a record: round by round, then how it ended

Seats are named by their colour as on the table (red, blue, ...), a seat that has chosen its vampire by the
vampire too ("the Baroness (red)"); hexes are named as on the map (a1 top left); a seat's own choice in the
rules' words (action_words), never the record's short forms. Only what the table shows is told: a ritual
hand is a number of cards, a drawn or stolen ritual is never named.
"""

import sys

from nightboard.games.record import replay, setup_from_record
from nightboard.games.vampempire import board as B
from nightboard.games.vampempire import pieces as V
from nightboard.games.vampempire import actions as A
from nightboard.games.vampempire.actions import BODIES
from nightboard.table.palette import SEAT_NAMES
from nightboard.games.vampempire.state import TYPES
from nightboard_host.commands.replay import write_public_view


def ritual(k):
    return V.KINDS[k][0] if isinstance(k, int) and 0 <= k < len(V.KINDS) else "ritual %s" % k


def item(i):
    if i > BODIES:
        n = i - BODIES
        return "%d bod%s" % (n, "y" if n == 1 else "ies")
    return ritual(i)


def seat(s):
    """A seat by its colour, as the table and the other games name it."""
    return SEAT_NAMES[s] if isinstance(s, int) and 0 <= s < len(SEAT_NAMES) else "seat %s" % (s,)


def _n(k, one, many):
    return "%d %s" % (k, one if k == 1 else many)


class Teller:
    """Sentences for a game's events, from its public view (vampires chosen, where the communities are)."""

    def __init__(self, view):
        self.vamp = list(view.get("vampires") or [])
        self.soul = list(view.get("soul") or [])  # each seat's soul, followed through the overtakes told
        self.types = {}
        for c in view.get("communities") or []:
            self.types[c[0]] = c[1]
        self.target = 0  # the last ritual's target, for its effect (0 none, 1 + seat, 10 + hex)

    def who(self, s):
        if isinstance(s, int) and 0 <= s < len(self.vamp) and self.vamp[s] >= 0:
            return "%s (%s)" % (V.NAMES[self.vamp[s]], seat(s))
        return seat(s)

    def at(self, h):
        t = self.types.get(h)
        return ("the %s at %s" % (TYPES[t], B.name(h))) if t is not None else B.name(h)

    def tell(self, e):
        """One sentence; an event of a kind this module does not know is named, never dumped."""
        say = SENTENCES.get(e.get("ev"))
        if say is None:
            return "(an event this version cannot tell: %s)" % e.get("ev", "?")
        words = say(self, e)
        if e.get("ev") == "ritual":
            self.target = e["target"]
        return words

    # --- the sentences that need more than a line -------------------------------------------------

    def choose(self, e):
        v = V.KEYS.index(e["vampire"])
        if 0 <= e["seat"] < len(self.vamp):
            self.vamp[e["seat"]] = v  # from now on the seat is named by its vampire
        return "%s chooses %s" % (seat(e["seat"]), V.NAMES[v])

    def ritual(self, e):
        t = e["target"]
        on = "" if t == 0 else " on " + (self.who(t - 1) if t < 10 else self.at(t - 10))
        return "%s plays %s%s" % (self.who(e["seat"]), ritual(e["kind"]), on)

    def effect(self, e):
        me, fx, t = self.who(e["seat"]), e["effect"], self.target
        them = self.who(t - 1) if 1 <= t < 10 else "its target"
        if fx == "bat":
            return "on its next night each move of %s may reach 3 hexes" % me
        if fx == "flies":
            return "next morning %s gets 1 more body from each community it controls" % me
        if fx == "potency":
            return "this night overtaking costs %s 2 bodies fewer" % me
        if fx == "haste":
            return "%s gains 2 action points" % me
        if fx == "thralls":
            return "%s gains 2 bodies" % me
        if fx == "tithe":
            return "%s gives %s %s" % (them, me, _n(e.get("bodies", 0), "body", "bodies"))
        if fx == "chains":
            return "%s may move only 1 hex in all on its next night" % them
        if fx == "sunrise":
            return "%s has 1 action point fewer on its next night" % them
        if fx == "uprising":
            place = self.at(t - 10) if t >= 10 else "the community"
            was = e.get("from", -1)
            return "%s rises up and throws off %s" % (place, self.who(was) if was >= 0 else "its master")
        if fx == "hunger":
            if "lost" in e:
                return "%s discards %s (a random ritual)" % (them, ritual(e["lost"]))
            return "%s has no ritual to lose" % them
        return "%s: %s" % (me, fx)

    def overtake(self, e):
        was = e.get("from", -1)
        words = "%s overtakes %s" % (self.who(e["seat"]), self.at(e["hex"]))
        if was is not None and was >= 0:
            words += " from %s" % self.who(was)
        if e.get("soul"):
            words += " and gains %s" % _n(e["soul"], "soul", "soul")
            if 0 <= e["seat"] < len(self.soul):
                self.soul[e["seat"]] += e["soul"]
        return words

    def offering(self, e):
        if "to" in e:
            return "%s starts an offer to %s" % (self.who(e["seat"]), self.who(e["to"]))
        return "%s puts %s in the offer" % (self.who(e["seat"]), item(e["give"]))

    def over(self, e):
        won = " and ".join(self.who(s) for s in e["winners"])
        many = len(e["winners"]) > 1
        if e["why"] == "vatican":
            s = e["winners"][0]
            soul = _n(self.soul[s], "soul", "soul") if 0 <= s < len(self.soul) else "10 soul or more"
            return "game over: %s enters the Vatican with %s and wins" % (won, soul)
        return "game over after the last round: %s win%s (the most soul, then communities, then bodies)" % (
            won, "" if many else "s")


SENTENCES = {
    "choose": Teller.choose,
    "morning": lambda t, e: "morning: %s collects %s" % (t.who(e["seat"]), _n(e["bodies"], "body", "bodies"))
    if e["bodies"] else "morning: %s collects nothing" % t.who(e["seat"]),
    "afternoon": lambda t, e: "afternoon of round %d: each vampire draws a ritual, then may offer a trade"
                              % e["round"],
    "pass": lambda t, e: "%s makes no trade" % t.who(e["seat"]),
    "offering": Teller.offering,
    "offer": lambda t, e: "%s offers %s %s for %s" % (t.who(e["seat"]), t.who(e["to"]), item(e["give"]),
                                                      item(e["want"])),
    "refuse": lambda t, e: "%s refuses the offer of %s" % (t.who(e["seat"]), t.who(e["from"])),
    "trade": lambda t, e: "%s accepts the offer of %s: the trade is made" % (t.who(e["seat"]), t.who(e["from"])),
    "priority": lambda t, e: "Priority Trading: %s and %s each draw one more ritual" % (
        t.who(e["seats"][0]), t.who(e["seats"][1])),
    "night": lambda t, e: "night of round %d: each vampire in turn spends its action points" % e["round"],
    "end": lambda t, e: ("%s has no action point left: its night ends" if e.get("auto") else "%s ends its night")
    % t.who(e["seat"]),
    "move": lambda t, e: "%s moves to %s" % (t.who(e["seat"]), B.name(e["hex"])),
    "suck": lambda t, e: "%s sucks a body from %s" % (t.who(e["seat"]), t.at(e["hex"])),
    "overtake": Teller.overtake,
    "ritual": Teller.ritual,
    "effect": Teller.effect,
    "intercept": lambda t, e: "%s bites and intercepts the %s of %s: it goes into the Feathered One's hand" % (
        t.who(e["seat"]), ritual(e["kind"]), t.who(e["from"])),
    "let": lambda t, e: "%s lets the ritual happen" % t.who(e["seat"]),
    "discard": lambda t, e: "%s discards %s for %s" % (t.who(e["seat"]), ritual(e["kind"]),
                                                      _n(e["bodies"], "body", "bodies")),
    "route": lambda t, e: "%s places a trade route at %s" % (t.who(e["seat"]), t.at(e["hex"])),
    "unroute": lambda t, e: "%s removes the trade route at %s" % (t.who(e["seat"]), t.at(e["hex"])),
    "travel": lambda t, e: "%s travels by trade route to %s%s" % (
        t.who(e["seat"]), t.at(e["hex"]), ", paying the Baroness a ritual" if e.get("paid") else ""),
    "manipulate": lambda t, e: "%s manipulates %s and takes a random ritual from its hand" % (
        t.who(e["seat"]), t.who(e["from"])),
    "rummage": lambda t, e: "%s rummages in the discards and takes %s" % (t.who(e["seat"]), ritual(e["kind"])),
    "gift": lambda t, e: "%s leaves a present at %s" % (t.who(e["seat"]), B.name(e["hex"])),
    "present": lambda t, e: "%s steps on the present at %s: %s" % (
        t.who(e["seat"]), B.name(e["hex"]), "the Feathered One takes a random ritual from it" if e.get("took")
        else "it has no ritual to give"),
    "slowed": lambda t, e: "%s tramples %s, who may move only 1 hex in all on its next night" % (
        t.who(e["by"]), t.who(e["seat"])),
    "over": Teller.over,
}


def describe(event, view):
    """One sentence for one event, named from a public view (a Teller for a sequence of events)."""
    return Teller(view).tell(event)


def log_lines(log, g):
    """[(round, words)] for the table's log, oldest first. A round begins with the first seat's morning
    (the vampires' choices come before round 1); rounds are counted back from the view's round."""
    v = g.view(None)
    if not isinstance(v.get("vampires"), list):
        return []
    events = [ev for ev in log if isinstance(ev, dict)]
    teller = Teller(v)
    for ev in events:  # the view's soul is the soul after these events: back to before them
        s = ev.get("seat")
        if ev.get("ev") == "overtake" and isinstance(ev.get("soul"), int) and isinstance(s, int) \
                and 0 <= s < len(teller.soul):
            teller.soul[s] -= ev["soul"]
    rnd = v.get("round") if isinstance(v.get("round"), int) else 1
    rounds = [0] * len(events)
    for i in range(len(events) - 1, -1, -1):
        rounds[i] = max(1, rnd)
        ev = events[i]
        if ev.get("ev") == "morning" and ev.get("seat") == 0:
            rnd -= 1
    out = []
    for i in range(len(events)):
        try:
            words = teller.tell(events[i])
        except (KeyError, IndexError, TypeError, ValueError):
            words = "(%s)" % events[i].get("ev", "?")
        out.append((rounds[i], words))
    return out


def final_lines(state):
    """Where everybody stands at the end (or where the record stops): public facts only."""
    v = state.view(None)
    t = Teller(v)
    out = []
    for s in range(v["players"]):
        mine = [c for c in v["communities"] if c[3] == s]
        out.append("%s on %s: %s, %s, %s, %s" % (
            t.who(s), B.name(v["pos"][s]), _n(v["soul"][s], "soul", "soul"), _n(v["bodies"][s], "body", "bodies"),
            _n(len(mine), "community", "communities"), _n(v["hand_sizes"][s], "ritual", "rituals")))
    return out


def run(record, as_json=False, out=None):
    """Tell a record round by round (or print its final public state as JSON); RecordError if it cannot
    be replayed."""
    out = out or sys.stdout
    if as_json:
        return write_public_view(record, out)
    start = setup_from_record(record)
    v = start.view(None)
    n = v["players"]
    teller = Teller(v)
    out.write("VampEmpire: %d vampires, at most %d rounds; the Vatican is %s\n" % (n, v["rounds"],
                                                                                  B.name(v["vatican"])))
    out.write("start corners: %s\n" % ", ".join("%s %s" % (seat(s), B.name(v["pos"][s])) for s in range(n)))
    comms = sorted(v["communities"], key=lambda c: (c[1], c[0]))
    out.write("communities: %s\n" % ", ".join("%s %s" % (TYPES[c[1]], B.name(c[0])) for c in comms))
    for s in range(n):
        if v["vampires"][s] >= 0:
            out.write("%s plays %s\n" % (seat(s), V.NAMES[v["vampires"][s]]))

    track = {"round": v["round"] - 1 if v["phase"] == "choose" else v["round"]}
    if v["phase"] != "choose":
        out.write("\nRound %d (%s)\n" % (v["round"], v["phase"]))

    def on_turn(number, choices, events):
        for ev in events:
            k = ev.get("ev")
            if k == "morning" and ev.get("seat") == 0:
                track["round"] += 1
                out.write("\nRound %d\n" % track["round"])
            if k in ("afternoon", "night"):
                words = teller.tell(ev)
                out.write("  %s%s\n" % (words[0].upper(), words[1:]))
                continue
            out.write("    " + teller.tell(ev) + "\n")

    state = replay(record, on_turn, start)
    out.write("\n%s:\n" % ("At the end" if state.over else "The record stops here; the game is not over"))
    for line in final_lines(state):
        out.write("  " + line + "\n")
    return 0


# --- the terminal: the map's names, and a seat's own rituals while it holds look --------------------------

def place_labels(table):
    """The terminal's labels: [(leds, name, short)] for the Vatican and each community (its hex and its
    type, or the type's letter where that is all that fits), from the public view."""
    play = table.play
    v = table.game.view(None)
    out = [((play.cells[v["vatican"]] // 3,), "%s Vatican" % B.name(v["vatican"]), "VAT")]
    for c in v["communities"]:
        out.append(((play.cells[c[0]] // 3,), "%s %s" % (B.name(c[0]), TYPES[c[1]]), TYPES[c[1]][:1].upper()))
    return out


def own_rituals(table, seat):
    """A seat's rituals in words, and its choice when the game waits for it, for the terminal while that
    seat holds look (its secret: only shown then); None when it is not in the game."""
    play = table.play
    g = play.game
    if seat >= g.n:
        return None
    v = g.view(seat)
    t = Teller(v)
    out = "%s holds %s" % (t.who(seat), ", ".join(ritual(k) for k in v["hand"]) or "no ritual")
    out += "; %s, %s" % (_n(v["soul"][seat], "soul", "soul"), _n(v["bodies"][seat], "body", "bodies"))
    if not g.over and seat in g.to_move() and not g.board_plays(seat) and play.chosen() is not None:
        if v["phase"] == "night" and v["active"] == seat:
            out += "; %s left tonight" % _n(v["ap"], "action point", "action points")
        out += "; ok would %s (mode: another kind, move: another choice, move held: the one before)" % action_words(t, play.chosen())
    return out


def action_words(t, a):
    """An action in the rules' words for the seat that may take it ("play Dark Haste", "offer blue a trade"),
    not the record's short form (words.say: "ritual dark-haste", "offer 1"); t: a Teller for the names."""
    kind, x, y, z = A.split(a)
    said = DOING.get(kind)
    if said is None:
        return A.WORDS[kind] if 0 < kind < len(A.WORDS) else "act"
    return said(t, x, y, z)


def _ritual_on(t, x, y, z):
    on = "" if y == 0 else " on " + (t.who(y - 1) if y < 10 else t.at(y - 10))
    return "play %s%s%s" % (ritual(x), on, " (free)" if z else "")


DOING = {  # kind -> (teller, x, y, z) -> the words; a table, one entry a kind of action
    A.CHOOSE: lambda t, x, y, z: "choose %s" % V.NAMES[x],
    A.PASS: lambda t, x, y, z: "make no trade",
    A.OFFER: lambda t, x, y, z: "offer %s a trade" % t.who(x),
    A.GIVE: lambda t, x, y, z: "give %s in the trade" % item(x),
    A.WANT: lambda t, x, y, z: "ask for %s in return" % item(x),
    A.ACCEPT: lambda t, x, y, z: "accept the offer",
    A.REFUSE: lambda t, x, y, z: "refuse the offer",
    A.END: lambda t, x, y, z: "end your night",
    A.MOVE: lambda t, x, y, z: "move to %s" % B.name(z),
    A.SUCK: lambda t, x, y, z: "suck a body from %s" % t.at(z),
    A.OVERTAKE: lambda t, x, y, z: "overtake %s" % t.at(z),
    A.RITUAL: _ritual_on,
    A.DISCARD: lambda t, x, y, z: "discard %s for bodies" % ritual(x),
    A.ROUTE: lambda t, x, y, z: "place a trade route at %s" % t.at(z),
    A.UNROUTE: lambda t, x, y, z: "remove the trade route at %s" % t.at(z),
    A.TRAVEL: lambda t, x, y, z: "travel by trade route to %s%s" % (
        t.at(z), ", paying the Baroness %s" % ritual(x - 1) if x else ""),
    A.MANIPULATE: lambda t, x, y, z: "manipulate %s: take a random ritual from its hand" % t.who(x),
    A.RUMMAGE: lambda t, x, y, z: "rummage in the discards for a ritual",
    A.INTERCEPT: lambda t, x, y, z: "bite and intercept the ritual",
    A.LET: lambda t, x, y, z: "let the ritual happen",
}
