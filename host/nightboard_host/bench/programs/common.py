"""Helpers for a table on the simulated hal (bench.scripts.COMMON), put in front of frame_cost.py and
latency.py, and of the bench's frame counts (bench.costs._table_script): used(), alloc_over(fn, n), table(profile,
start)."""

import gc, json, time  # noqa: F401 (json, time: for the program after this one)
gc.collect()
BASE0 = gc.mem_alloc()
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file

def used():
    gc.collect()
    return gc.mem_alloc()

def alloc_over(fn, n):
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    for _ in range(n):
        fn()
    b = gc.mem_alloc()
    gc.enable()
    return (b - a) // n

def table(profile, start):
    prof = load_profile_file('hardware/profiles/%s.json' % profile)
    hal = make_sim_hal(prof)
    return Table(prof, hal, start), hal
