"""Last in the probe: what its own arrays and functions hold of the heap (its code as loaded is not counted),
so that the heap figures can leave it out."""

gc.collect()
probe_bytes = gc.mem_alloc() - _before
