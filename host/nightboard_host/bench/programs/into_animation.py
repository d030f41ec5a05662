"""Brings a table (t, hal: common.py's) into its first animation: the game's drive, a call at a time (a call
may end on an action that animates nothing, as a move into a room already face up), each followed by frames
until it animates, until one does; then the frames measured are inside it (bench.costs.frame_instructions)."""
def _still():
    return t.play is None or not t.play.animating()
k = 0
while _still() and k < 400 and not t.game.over:
    drive(t, hal, k)
    j = 0
    while _still() and j < 20:
        hal.clock.advance(16); t.tick(); j += 1
    k += 1
assert t.play.animating(), 'no animation'
