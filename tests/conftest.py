"""Test setup: the shared package and the test helpers importable without installing.

The tests are grouped like the code: runtime/ (table/ and hal/), contract/ (what every game promises),
host/ (the `nightboard` tool), pico/ (the emulated Pico), games/<name>/ (one game's rules, table and host
parts); helpers/ holds the set-ups they share, fakes/ and fakes_cp/ stand-in hardware modules, scripts/ the
MicroPython programs some tests run."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "firmware", ROOT / "host", ROOT / "tests", ROOT / "tests" / "helpers"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
# Some tests still take a set-up from another test module by its name (from test_protocol import ...): every
# test folder is on the path, so that works whichever folder either is in and whatever order they run in.
for p in sorted({t.parent for t in (ROOT / "tests").rglob("test_*.py") if "_artifacts" not in t.parts}):
    if str(p) not in sys.path:
        sys.path.append(str(p))
