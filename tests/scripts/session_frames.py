"""What the scripted table sessions share: running frames, tapping a seat's button, waiting out a save,
and counting the heap a frame allocates.

The tests put this in front of a session script (tests/scripts/*_session.py), which then defines the
simulated `hal` and the table `t` these functions use.
"""

import gc
from binascii import hexlify


def tick(n=1, keep=True):
    """Run n frames; print every third frame's LED bytes (hex) unless keep is False."""
    for _ in range(n):
        hal.clock.advance(t.frame_ms)
        t.tick()
        if keep and t.frames % 3 == 0:
            print_hex(hal.pixels.last)


def print_hex(buf):
    """A line of hex, written a piece at a time: the printing asks the heap for no big block of its own (a
    grid8hands frame's 2.3 KB of hex did not find one, in the 64-bit unix port's Pico-sized heap)."""
    view = memoryview(buf)
    for i in range(0, len(view), 128):
        print(hexlify(view[i:i + 128]).decode(), end="")
    print()


def tap(p, role):
    b = t.button_id(p, role)
    hal.buttons.press(b)
    tick(5)
    hal.buttons.release(b)
    tick(3)


def saved():
    """Frames until the last turn's save is done (it runs a bounded part a frame) and its garbage collected
    (a held frame): not steady state."""
    while t._save_due or t._publish_upto >= 0 or t.saves.pending or t._collect_due:
        tick(1)


def alloc_per_frame(n):
    """Heap allocated over n frames with the collector off; None on CPython, which has no gc.mem_alloc."""
    if not hasattr(gc, "mem_alloc"):
        tick(n, keep=False)
        return None
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    tick(n, keep=False)
    b = gc.mem_alloc()
    gc.enable()
    return b - a
