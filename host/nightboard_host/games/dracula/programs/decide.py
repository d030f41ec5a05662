"""One of Dracula's decisions made N times over, from the same stream each time, for valgrind's count of its
instructions (bench.decision_instructions). N in front (mpy_runner.params); PATH (the position's JSON file) and
LEVEL written in (mpy_runner.filled)."""

import json
from nightboard.games.dracula import state as D
from nightboard.games.dracula.mind import decide
from nightboard.prng import Prng
g = D.from_json(json.loads(open(PATH).read()))
for _ in range(N):
    decide(g.map, g.view(), g.room, Prng(state=g.prng.state), LEVEL)
