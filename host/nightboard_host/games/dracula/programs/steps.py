"""The setup of thinking_frames.py for one of Dracula's decisions (bench.decision_instructions): steps(), his
mind's steps at a position, from the same stream each time. PATH (the position's JSON file) and LEVEL written
in (mpy_runner.filled)."""

import json
from nightboard.games.dracula import state as D
from nightboard.games.dracula.mind import steps as mind_steps
from nightboard.prng import Prng
g = D.from_json(json.loads(open(PATH).read()))
v = g.view()
def steps():
    return mind_steps(g.map, v, g.room, Prng(state=g.prng.state), LEVEL)
