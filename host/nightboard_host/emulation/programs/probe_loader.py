"""The loader of `nightboard flash` with the frame timing probe in front (emulated Pico only): the
board's /main.py. SLOT (the slot's folder) is put in front of it."""

import sys
sys.path.insert(0, SLOT)
import nbprobe  # noqa: F401 (the probe wraps the table as it is imported)  # pyright: ignore[reportMissingImports]
with open(SLOT + "/main.py") as f:
    code = compile(f.read(), SLOT + "/main.py", "exec")
del f, SLOT
exec(code)
