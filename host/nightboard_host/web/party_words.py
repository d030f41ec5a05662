"""The party's words: a game's title, its log, its labels and a seat's own view, from what the board told.

Everything here is made from the protocol's replies only (the public view, the public events, a seat's own
view), with the host's own words for each game (its hooks, docs/games.md); a game without words for a seat's
view gets its view's fields plainly. The words are a courtesy: a hook that fails gives plain text, never an
error page.
"""

import json

from nightboard.games import index
from nightboard_host import hooks
from nightboard_host.terminal.monitor import PublicGame


def title(game):
    try:
        return index.facts(game)["title"] if game else None
    except (KeyError, ValueError):
        return game


def over(view):
    """True when a game's public view says it is over (every game's view has "over": true or phase "over")."""
    return isinstance(view, dict) and (view.get("over") is True or view.get("phase") == "over")


def mirror(game, view, players):
    """The game as its public view tells it (what the log's and the labels' words read), or None."""
    if not game or not isinstance(view, dict):
        return None
    return PublicGame(view, players)


def _hook(game, key):
    if not game:
        return None
    try:
        return hooks.hook(game, key)
    except (ValueError, KeyError, ImportError, AttributeError):
        return None


def log_words(game, events, public):
    """[[turn, words]] of the public events, newest last."""
    fn = _hook(game, "log_lines")
    if fn is None or public is None:
        return [[0, json.dumps(ev, sort_keys=True)] for ev in events]
    try:
        return [[turn, words] for turn, words in fn(list(events), public)]
    except Exception as e:  # noqa: BLE001 - a courtesy: the log in plain JSON instead
        return [[0, "(the log in words failed: %s)" % e]] + [[0, json.dumps(ev, sort_keys=True)] for ev in events]


class _PublicTable:
    """What a labels hook reads of a table: its layout and the game's public view."""

    def __init__(self, layout, public):
        self.layout = layout
        self.game = public


def labels(game, layout, public):
    """[[leds, name, short]] of the game's places (card names, rooms), from the public view; [] without."""
    fn = _hook(game, "labels")
    if fn is None or public is None or layout is None:
        return []
    try:
        return [[list(leds), name, short] for leds, name, short in fn(_PublicTable(layout, public))]
    except Exception:  # noqa: BLE001 - labels are a courtesy too
        return []


def view_words(game, seat, view, public=None):
    """A seat's own view in lines of words: the game's own (its seat_page.view_lines), else each field that
    the public view does not have."""
    if not isinstance(view, dict):
        return []
    words = hooks.hook(game, "seat_page") if game in index.names() else None  # a board's game we may not know
    if words is not None:
        try:
            return [str(line) for line in words(view, seat)]
        except Exception as e:  # noqa: BLE001 - then the plain fields, and why
            return ["(the words for this view failed: %s)" % e] + _plain(view, public)
    return _plain(view, public)


KEYS = " (mode: "  # how the table's lines end with what its buttons do, "(mode: action, move: room, ok: do it)"


def without_keys(line):
    """A line of the table's words without the buttons' legend at its end: a phone's page has no buttons, and
    "hold look to read your choice" would only puzzle its player."""
    line = str(line)
    i = line.rfind(KEYS)
    return line[:i] if i >= 0 and line.endswith(")") and "(" not in line[i + 2:] else line


OWN_NUMBER = ("you", "me", "seat")  # the seat's own number, which its page says in its colour already


def holds_secrets(view, public):
    """True when a seat's own view tells something the public view does not (beyond the seat's own number): its
    page then says that only this seat sees it; else that nothing on it is secret (a seat its game hides
    nothing from)."""
    if not isinstance(view, dict):
        return False
    public = public if isinstance(public, dict) else {}
    return any(k not in OWN_NUMBER and (k not in public or public[k] != view[k]) for k in view)


def _plain(view, public):
    public = public if isinstance(public, dict) else {}
    out = []
    for k in sorted(k for k in view if (k not in public or public[k] != view[k]) and k not in OWN_NUMBER):
        text = json.dumps(view[k], sort_keys=True, separators=(",", ":"))
        out.append("%s: %s" % (k.replace("_", " "), text if len(text) <= 120 else text[:117] + "..."))
    return out
