"""A family's decision at one position made N times over, from the same stream each time, for valgrind's count
of its instructions (bench.decision_instructions). N in front (mpy_runner.params); PATH (the position's JSON
file), FAMILY and LEVEL written in (mpy_runner.filled)."""

import json
from nightboard.games import vampiring as V
from nightboard.games.vampiring import mind
from nightboard.prng import Prng
g = V.from_json(json.loads(open(PATH).read()))
v = g.view(FAMILY)
for _ in range(N):
    mind.decide(v, LEVEL, Prng(state=7))
