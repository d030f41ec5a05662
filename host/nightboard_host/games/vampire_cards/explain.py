"""Vampire, the card game, in words: for `nightboard replay`, the terminal table's log and the monitor's.

describe(event, cards, vampire)  one sentence for one public event (cards: the deck, a list of
                                 [suit, value]; vampire: the Vampire's seat, -1 before one is declared)
log_lines(log, game)             [(turn, words)] for the table's event log, oldest first
run(record, as_json, out)        `nightboard replay` of a record: turn by turn, then how it ended

Only what the table shows is told: a draw is a number of cards, never which; hands stay hidden.
"""

import sys

from nightboard.games.record import replay, setup_from_record
from nightboard.games.vampire_cards import deck as D
from nightboard.games.vampire_cards.state import SEATS
from nightboard_host.commands.replay import write_public_view

WHY_OVER = {
    "count": "at the start of the Vampire's turn every other player was bitten or had escaped",
    "dawn": "dawn came: the night's rounds were over",
    "slain": "the Vampire lost its last face-up bone and is slain",
    "dry": "the draw pile ran dry before anybody declared themselves the Vampire",
}


def _seat(s):
    return SEATS[s] if isinstance(s, int) and 0 <= s < len(SEATS) else "seat %s" % s


def _cards(cards, ids):
    return ", ".join(D.name(cards, c) for c in ids)


def _n(k, word):
    return "%d %s%s" % (k, word, "" if k == 1 else "s")


def _draw(e, cards, v):
    if e["n"] == 0:
        return "%s draws no card: the pile is empty" % _seat(e["seat"])
    return "%s draws %s" % (_seat(e["seat"]), _n(e["n"], "card"))


def _discard(e, cards, v):
    who, what, why = _seat(e["seat"]), _cards(cards, e["cards"]), e["why"]
    if not e["cards"]:
        return "%s has no other card to discard" % who
    if why == "reset":
        return "the Vampire (%s) discards its hand: %s" % (who, what)
    if why == "escape":
        return "%s discards the rest of its hand: %s" % (who, what)
    if why == "defend":
        if len(e["cards"]) == 1:
            return "%s defends with %s" % (who, what)
        return "%s defends with %s (%d in all)" % (who, what, D.total(cards, e["cards"]))
    if why == "bitten":
        return "%s, bitten, discards down to 3 cards: %s" % (who, what)
    if why == "still bitten":
        return "%s is still bitten and discards its hand: %s" % (who, what)
    return "%s discards %s" % (who, what)


def _bones(e, cards, v):
    if e["seat"] == v:
        return "the Vampire (%s) drew %s and lays %s face up" % (_seat(v), _cards(cards, e["cards"]),
                                                                 "it" if len(e["cards"]) == 1 else "them")
    return "%s's discarded %s %s into play for the Vampire" % (
        _seat(e["seat"]), _cards(cards, e["cards"]), "goes" if len(e["cards"]) == 1 else "go")


def _over(e, cards, v):
    won = [_seat(s) for s in e["winners"]]
    if not won:
        who = "nobody wins"
    elif len(won) == 1:
        who = "%s wins" % won[0]
    else:
        who = "%s and %s win" % (", ".join(won[:-1]), won[-1])
    if e["winners"] == [v]:
        who = "the Vampire (%s) wins" % _seat(v)
    return "game over: %s (%s)" % (who, WHY_OVER.get(e["why"], e["why"]))


def _vamp(e, v):
    return "the Vampire (%s)" % _seat(e["seat"])


SENTENCES = {
    "turn": lambda e, c, v: "%s's turn%s" % (_seat(e["seat"]), " (the Vampire)" if e["seat"] == v else ""),
    "draw": _draw,
    "reshuffle": lambda e, c, v: "the discards are shuffled into the draw pile (%s)" % _n(e["pile"], "card"),
    "discard": _discard,
    "bones": _bones,
    "declare": lambda e, c, v: "%s lays %s face up and is the Vampire" % (_seat(e["seat"]), _cards(c, e["bones"])),
    "bite": lambda e, c, v: "%s bites %s with %s" % (_vamp(e, v), _seat(e["on"]), D.name(c, e["bone"])),
    "defended": lambda e, c, v: "%s fends off %s: the bone goes back to the Vampire and may not bite again "
                                "this turn" % (_seat(e["seat"]), D.name(c, e["bone"])),
    "ward": lambda e, c, v: "%s plays a Fate against the bite: the Vampire may not bite %s again this turn" % (
        _seat(e["seat"]), _seat(e["seat"])),
    "bitten": lambda e, c, v: "%s takes the bite: %s stays on it" % (_seat(e["seat"]), D.name(c, e["bone"])),
    "feather": lambda e, c, v: "%s lays %s on %s bite" % (
        _seat(e["seat"]), D.name(c, e["card"]), "its own" if e["on"] == e["seat"] else _seat(e["on"]) + "'s"),
    "healed": lambda e, c, v: "%s's bite is healed; %s go to the discards" % (_seat(e["seat"]), _cards(c, e["cards"])),
    "fate": lambda e, c, v: "%s plays a Fate against the Vampire" % _seat(e["seat"]),
    "warded": lambda e, c, v: "%s answers the Fate with 10 or more and keeps its bones" % _vamp(e, v),
    "lost": lambda e, c, v: "%s does not answer the Fate and loses %s" % (_vamp(e, v), D.name(c, e["bone"])),
    "escape": lambda e, c, v: "%s lays %s and escapes" % (_seat(e["seat"]), _cards(c, e["cards"])),
    "over": _over,
}


def describe(event, cards, vampire=-1):
    """One sentence for one event; an event of a kind this module does not know is named, never dumped."""
    say = SENTENCES.get(event.get("e"))
    if say is None:
        return "(an event this version cannot tell: %s)" % event.get("e", "?")
    return say(event, cards, vampire)


def log_lines(log, g):
    """[(turn, words)] for the table's log, oldest first. g is the game or the monitor's copy of the
    board's public view; the "turn" events carry their own numbers, so turns only partly in the bounded
    log are numbered right too. A turn's heading names the player, so its "turn" event is not repeated."""
    v = g.view(None)
    cards, vampire = v.get("cards"), v.get("vampire", -1)
    if not isinstance(cards, list):
        return []
    events = [ev for ev in log if isinstance(ev, dict)]
    turn = None
    for ev in events:
        if ev.get("e") == "turn" and isinstance(ev.get("turn"), int):
            turn = ev["turn"] - 1
            break
    if turn is None:
        turn = v.get("turn", 1) if isinstance(v.get("turn"), int) else 1
    out = []
    for ev in events:
        if ev.get("e") == "turn" and isinstance(ev.get("turn"), int):
            turn = ev["turn"]
        try:
            words = describe(ev, cards, vampire)
        except (KeyError, IndexError, TypeError, ValueError):
            words = "(%s)" % ev.get("e", "?")
        out.append((turn, words))
    return out


def final_lines(state):
    """How the table stands at the end (or where the record stops): public facts only."""
    v = state.view(None)
    cards = v["cards"]
    out = []
    if v["vampire"] >= 0:
        out.append("the Vampire is %s, with %s face up" % (
            _seat(v["vampire"]), _cards(cards, v["bones"]) if v["bones"] else "no bone left"))
    else:
        out.append("nobody declared themselves the Vampire")
    for s in range(v["players"]):
        if s == v["vampire"]:
            continue
        if v["escaped"][s]:
            what = "escaped with " + _cards(cards, v["escaped"][s])
        elif v["bites"][s] >= 0:
            what = "bitten by %s" % D.name(cards, v["bites"][s])
            if v["feathers"][s]:
                what += ", feathers on it: " + _cards(cards, v["feathers"][s])
        else:
            what = "free"
        out.append("%s: %s, %s in hand" % (_seat(s), what, _n(v["sizes"][s], "card")))
    return out


def run(record, as_json=False, out=None):
    """Tell a record turn by turn (or print its final public state as JSON); RecordError if it cannot be
    replayed."""
    out = out or sys.stdout
    if as_json:
        return write_public_view(record, out)
    start = setup_from_record(record)
    v = start.view(None)
    n = v["players"]
    dawn = "dawn after %d rounds" % v["dawn"] if v["dawn"] else "no dawn"
    out.write("Vampire, the card game: %d players (%s), %s, a deck of %d cards\n" % (
        n, ", ".join(SEATS[:n]), dawn, len(v["cards"])))
    out.write("each player is dealt 6 cards\n")
    track = {"vampire": v["vampire"], "seat": v["seat"], "told": 0}

    def heading(number, ev):
        if track["told"] == 0 and number > v["turn"]:
            out.write("  %s discards nothing and keeps its hand\n" % _seat(track["seat"]))
        out.write("\nTurn %d: %s\n" % (number, describe(ev, v["cards"], track["vampire"])))
        track["seat"], track["told"] = ev["seat"], 0

    heading(v["turn"], {"e": "turn", "seat": v["seat"]})
    track["told"] = 1  # (the first heading follows no turn)

    def on_turn(number, choices, events):
        for ev in events:
            if ev["e"] == "declare":
                track["vampire"] = ev["seat"]
            if ev["e"] == "turn":
                heading(ev["turn"], ev)
            else:
                out.write("  " + describe(ev, v["cards"], track["vampire"]) + "\n")
                track["told"] += 1

    state = replay(record, on_turn, start)
    out.write("\n%s:\n" % ("At the end" if state.over else "The record stops here; the game is not over"))
    for line in final_lines(state):
        out.write("  " + line + "\n")
    return 0


# --- the terminal: a seat's own hand and choice, only while it holds look ------------------------------

def action_words(v, a):
    """An action of the seat whose view v is, in words (its own hand names the cards): the board's own words."""
    from nightboard.games.vampire_cards.say import words

    return words(None, v, a)


def own_hand(table, seat):
    """A player's hand in words, and its choice when the game waits for it, for the terminal while that
    player holds look (its secret: only shown then); None when it is not in the game."""
    play = table.play
    g = play.game
    if seat >= g.n:
        return None
    v = g.view(seat)
    words = "%s holds %s" % (_seat(seat), _cards(v["cards"], v["hand"]) if v["hand"] else "no card")
    if not g.over and seat == g.to_move()[0] and not g.board_plays(seat):
        a = play.chosen_action()
        if a is not None:
            words += "; ok would %s (mode: another kind, move: another choice, move held: the one before)" % action_words(v, a)
    return words
