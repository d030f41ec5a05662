"""Seeded whole games played by the board in every seat, written down as records (the words tests' and
docs/examples' source): a record entry is cut wherever the engine's turn count or phase changes. Also the
words tests' games with options other than the defaults, and twin positions that differ only in hidden facts."""

import json

from nightboard.games import index
from nightboard.games.record import setup_from_record

NON_DEFAULT = {"vampire_cards": ({"players": 4, "dawn": 25, "board": 1}, "ring4"),
               "vampire_nights": ({"players": 3, "vampire_bites": 5, "marks": False, "board": "last"}, "grid8"),
               "vampempire": ({"players": 3, "beast": "turn", "rounds": 20, "board": 2}, "grid8")}


def board_record(name, setup, say=None, limit=20000):
    """A record of the board playing every seat of a new game from `setup` to the end (or `limit`
    actions); actions are written with say(action) when given. Returns (record, final game)."""
    g = setup_from_record({"game": name, "setup": setup})
    turns, cur = [], []
    steps = 0
    while not g.over and steps < limit:
        s = g.to_move()[0]
        a = g.board_move(s)
        before = (g.turn, getattr(g, "phase", None))
        g.apply(s, a)
        cur.append([s, say(a) if say else a])
        steps += 1
        if (g.turn, getattr(g, "phase", None)) != before or g.over:
            turns.append(cur)
            cur = []
    if cur:
        turns.append(cur)
    return {"game": name, "setup": dict(setup), "turns": turns}, g


def hidden_twins(game):
    """Two positions of a game that differ only in hidden facts (hands, decks, face-down rooms)."""
    g = index.module(game).new_game(7, 3)
    a = g.to_json()
    b = json.loads(json.dumps(a))
    if game == "vampire_cards":
        b["hands"][0][0], b["pile"][0] = a["pile"][0], a["hands"][0][0]
        b["hands"][0].sort()
        b["pile"].sort()
    elif game == "vampire_nights":
        down = [x for x in range(len(a["tiles"])) if a["up"][x] == 0 and a["tiles"][x] != 255]
        pair = [x for x in down if a["tiles"][x] != a["tiles"][down[0]]][:1] + down[:1]
        b["tiles"][pair[0]], b["tiles"][pair[1]] = a["tiles"][pair[1]], a["tiles"][pair[0]]
        b["hands"][0][0], b["item_deck"][0] = a["item_deck"][0], a["hands"][0][0]
        b["hands"][0].sort()
    else:
        b["deck"] = list(reversed(a["deck"]))
    assert a != b
    return a, b
