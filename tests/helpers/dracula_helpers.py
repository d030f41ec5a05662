"""Helpers for the Dracula hunt tests: explicit positions by room name, quick lookups, actions by the buttons,
a hunter team played on copies of the public view."""

import copy

from nightboard.games.dracula import state as D
from nightboard.games.dracula import rules as R

RED, BLUE, YELLOW, GREEN = range(4)


def position(dracula="c3", hunters=None, rules="playtest", **extra):
    """A position on the 5x5 map: hunters = ["a1", "e5"] (rooms by name); everything else by keyword."""
    hunters = hunters or ["a1"]
    obj = {"hunters": len(hunters), "positions": hunters, "dracula": dracula, "rules": rules, "seed": 7}
    obj.update(extra)
    return D.from_json(obj)


def kinds(events):
    return [e["e"] for e in events]


def of_kind(events, kind):
    return [e for e in events if e["e"] == kind]


def room(g, name):
    return g.map.room(name)


def names(g, rooms):
    return sorted(g.map.name(r) for r in rooms)


def move(g, path=(), bite=(), crypt=False):
    """Dracula's move with rooms by name and hunters by index."""
    if crypt:
        return g.dracula_turn({"crypt": True, "bite": list(bite)})
    return g.dracula_turn({"path": list(path), "bite": list(bite)})


def end_turns(g):
    """End every remaining hunter turn of the round (so that Dracula's turn is due)."""
    while g.active >= 0 and not g.over:
        g.submit(g.active, "end")


def play_on_public_views(g, team, rounds=40):
    """Play `g` with `team` choosing from a deep copy of the active hunter's view (never the game itself) and
    the board's Dracula, to the end or `rounds` rounds; the view must hold no hidden fact, and an action the
    rules refuse raises."""
    while not g.over and g.turn <= rounds:
        if g.active >= 0:
            v = copy.deepcopy(g.view(g.active))
            assert "dracula" not in v and "prng" not in v and "seed" not in v
            g.submit(g.active, team.choose(v))
        else:
            g.dracula_turn()


def legal_names(g, h):
    return sorted(g.action_name(a) for a in g.legal_actions(h))


def choose(d, kind, room_name=None):
    """Pick an action on the active hunter's buttons: mode until the kind, move until the room."""
    play = d.table.play
    h = d.table.game.active
    for _ in range(10):
        if play.kind == kind:
            break
        d.tap(h, "mode")
    assert play.kind == kind
    if room_name is not None:
        r = d.table.game.map.room(room_name)
        for _ in range(10):
            if play.targets[play.target] == r:
                break
            d.tap(h, "move")
        assert play.targets[play.target] == r


def do(d, kind, room_name=None):
    """The action chosen as choose() does, then played with ok."""
    choose(d, kind, room_name)
    d.tap(d.table.game.active, "ok")


__all__ = ["D", "R", "RED", "BLUE", "YELLOW", "GREEN", "position", "kinds", "of_kind", "room", "names", "move",
           "end_turns", "play_on_public_views", "legal_names", "choose", "do"]
