"""The board's decision at one position (board_move) made N times over, for valgrind's count of its
instructions (bench.decision_cost). N in front (mpy_runner.params); PATH (the position's JSON file) written in
(mpy_runner.filled). The mind is imported unnamed, before the count."""

import json
from nightboard.games import vampire_nights as VN
from nightboard.games.vampire_nights import mind
g = VN.from_json(json.loads(open(PATH).read()))
s = g.to_move()[0]
for _ in range(N):
    g.board_move(s)
