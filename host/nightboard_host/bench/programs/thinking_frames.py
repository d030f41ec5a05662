"""The frames of one decision stepped by a Thinking as the table does (bench.thinking.decision_frames), after
thinking_prepare.py and a setup that defines steps() (and may define prepare())
N and K in front: N decisions,
each stepped for K frames."""

class Game:
    def board_steps(self, seat):
        return steps()
def run(k):
    prepare()
    if k == 0:
        return
    th = Thinking()
    th.begin(Game(), 0)
    i = 0
    while i < k and not th.step():
        i += 1
for _ in range(N):
    run(K)
