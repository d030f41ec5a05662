"""After pico_setup.py: the board player's move, timed at once (board_move), printed as a DECIDE line."""

t = time.ticks_us()
a = g.board_move(SEAT)
print('DECIDE', time.ticks_diff(time.ticks_us(), t)); g = None; gc.collect()
