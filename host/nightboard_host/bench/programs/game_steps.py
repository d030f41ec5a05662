"""The setup of thinking_frames.py for a game of the index: its board player's decision at a position.
In front: NAME (the game), PATH (the position's JSON file), _SEAT (const: the seat the board decides for)."""

import json
from nightboard.games import index
M = index.module(NAME)
st = json.load(open(PATH))
list(M.from_json(st).board_steps(_SEAT))  # the mind is in already, as on a table that has decided once
g = None
def prepare():  # a fresh copy each run (a mind may draw from the game's stream), one at a time
    global g
    g = None
    g = M.from_json(st)
def steps():
    return g.board_steps(_SEAT)
