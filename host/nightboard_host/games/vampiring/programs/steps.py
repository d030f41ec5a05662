"""The setup of thinking_frames.py for a family's decision (bench.decision_instructions): steps(), its mind's
steps at a position, from the same stream each time. PATH (the position's JSON file), FAMILY and LEVEL written
in (mpy_runner.filled)."""

import json
from nightboard.games import vampiring as V
from nightboard.games.vampiring import mind
from nightboard.prng import Prng
g = V.from_json(json.loads(open(PATH).read()))
v = g.view(FAMILY)
def steps():
    return mind.steps(v, LEVEL, Prng(state=7))
