"""How a game's turn is played on the table when its TOOLS["bench"] gives no "drive": the table plays it by
itself (the board in every seat), so the frames run until a turn is done."""

def drive(t, hal, k):
    n = t.play.turns_done
    i = 0
    while i < 3000 and not t.game.over and t.play.turns_done == n:
        hal.clock.advance(16); t.tick()
        i += 1
