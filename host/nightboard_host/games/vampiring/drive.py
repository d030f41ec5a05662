"""How `nightboard bench` plays VampiRing on the table: drive(t, hal, k), run under MicroPython beside the table
`t` (the bench's heap program, programs/heap.py, calls it k = 0, 1 ...; TOOLS["bench"]["drive"] names this module):
every family confirms a choice of its own.
"""

def drive(t, hal, k):
    for f in t.game.living():
        t.play.meta[f] = (k + f) % 2
        t.play.confirm(f, hal.clock.ticks_ms())
