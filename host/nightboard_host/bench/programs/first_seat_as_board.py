"""A drive a game's TOOLS["bench"] may name, "first seat as the board": it waits, frames at a time, while the
board plays every seat but the first (it thinks and acts by itself), then plays for the first seat what the
board would choose, through the controller's play_action, as its buttons would. So one drive serves every game
whose board may take any seat. Put in front of heap.py (and the frame counts) by the bench."""

def drive(t, hal, k):
    i = 0
    while i < 400 and not t.game.over and 0 not in t.game.to_move():
        hal.clock.advance(16); t.tick()
        i += 1
    if not t.game.over and 0 in t.game.to_move():
        t.play.play_action(0, t.game.board_move(0), hal.clock.ticks_ms())
