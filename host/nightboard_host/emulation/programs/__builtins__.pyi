# For pyright only (tests/host/test_typecheck.py): the names a program here finds in front of it when it runs,
# never defined in its own file: the parameters the host puts in front (pico_emu.probe_files, virtual_board), and
# what probe.py defines for heap_probe.py and probe_end.py, which follow it in the same module.
from array import array as array

import gc as gc

from nightboard.table.app import Table as Table

SLOT: str
_COLLECT: int
_EVERY: int
_RESET_EXIT: int
N: int
n: int
_before: int
probe_bytes: int

def getenv(key: str) -> str: ...
def getcwd() -> str: ...
