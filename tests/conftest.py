"""Test setup: the shared package and the test helpers importable without installing."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "firmware", ROOT / "host", ROOT / "tests"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))
