"""Checks made on a file's JSON before it is parsed: its nesting depth, in bounded time and memory.

A file that is merely deeply nested (`[[[[...`) makes json.loads fail badly:
MicroPython runs out of heap building the nest, CPython's decoder recurses
until RecursionError. The board's loaders (saves, profile) and the host's
(host/nightboard_host/jsonfile.py) refuse such text first with too_deep(); a
file's size is checked before it is even read (os.stat), by the caller.
"""


def too_deep(data, limit):
    """True when the JSON text `data` (bytes, bytearray or memoryview) opens more than `limit` arrays or
    objects inside one another (brackets inside strings do not count). Allocates nothing."""
    count = getattr(data, "count", None)  # not on a memoryview
    if count is not None and count(b"[") + count(b"{") <= limit:  # in C: no nest is deeper than its brackets
        return False
    depth = 0
    in_str = False
    esc = False
    for c in data:
        if in_str:
            if esc:
                esc = False
            elif c == 92:  # backslash
                esc = True
            elif c == 34:  # closing quote
                in_str = False
        elif c == 34:
            in_str = True
        elif c == 91 or c == 123:  # [ {
            depth += 1
            if depth > limit:
                return True
        elif c == 93 or c == 125:  # ] }
            depth -= 1
    return False
