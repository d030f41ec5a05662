"""After pico_setup.py: a board player's decision as the table makes it, spread over frames by
table/thinking.py, a frame's pieces at a time (the table stopped: only the thinking is timed, not the frame's
drawing around it); printed as a THINK line (THINKNO: the game does not decide so)."""

from nightboard.table.thinking import Thinking
th = Thinking()
w = []
try:
    th.begin(g, SEAT)
except Exception as e:
    print('THINKNO', e)
else:
    while True:
        t = time.ticks_us()
        r = th.step()
        w.append(time.ticks_diff(time.ticks_us(), t))
        if r:
            break
    print('THINK', max(w), sum(w), len(w))
g = th = None
gc.collect()
