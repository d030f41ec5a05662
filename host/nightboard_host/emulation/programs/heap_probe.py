"""Part of the probe (after probe.py): the heap sampled every _EVERY frames, after a collection when
_COLLECT (the heap in use), else with the garbage not yet collected
heap_now() prints it. _EVERY and _COLLECT
(consts) are put in front of it."""

heap = array("i", [0] * (N // _EVERY + 2))
heap_n = 0
_timed_tick = Table.tick


def heap_tick(self):
    global heap_n, table
    _timed_tick(self)
    table = self
    if n % _EVERY == 0 and heap_n < len(heap):
        if _COLLECT:  # in use only (after the frame's timing, so it is not counted as the frame's work)
            gc.collect()
        heap[heap_n] = gc.mem_alloc()  # else in use and garbage not yet collected
        heap_n += 1


Table.tick = heap_tick


def heap_now():
    gc.collect()
    print("HEAP", gc.mem_alloc(), gc.mem_free(), max(heap[:heap_n]) if heap_n else 0, probe_bytes)
