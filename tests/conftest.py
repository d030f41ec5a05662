"""Test setup: the shared package and the test helpers importable without installing.

The tests are grouped like the code: runtime/ (table/ and hal/), contract/ (what every game promises),
host/ (the `nightboard` tool), pico/ (the emulated Pico), games/<name>/ (one game's rules, table and host
parts); helpers/ holds the set-ups they share, fakes/ and fakes_cp/ stand-in hardware modules, scripts/ the
MicroPython programs some tests run."""

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
for p in (ROOT / "firmware", ROOT / "host", ROOT / "tests", ROOT / "tests" / "helpers"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))


# pytest puts a test module's folder on the path to import it, so one test module could still import another
# by its name: such a file fails at collection here. The set-ups tests share live in helpers/.
_TEST_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+test_\w*[ \t]+import|import[ \t]+test_\w*)", re.M)
# (importer, imported) pairs allowed, each with its reason
_ALLOWED = {("test_sixth_game.py", "test_contract"): "the sixth game proves the contract test itself takes a new "
            "game: it runs that test's own checks for it, not copies of them"}


class _ImportsATestModule(pytest.File):
    def collect(self):
        raise self.CollectError("imports another test module (%s): take the set-up from tests/helpers/"
                                % self.line)


def pytest_collect_file(file_path, parent):
    if file_path.suffix == ".py" and file_path.name.startswith("test_"):
        text = file_path.read_text(encoding="utf-8")
        m = next((m for m in _TEST_IMPORT.finditer(text)
                  if (file_path.name, re.findall(r"test_\w*", m.group(0))[-1]) not in _ALLOWED), None)
        if m:
            f = _ImportsATestModule.from_parent(parent, path=file_path)
            f.line = m.group(0).strip()
            return f


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """`--dist loadgroup` (make test-pico) with pytest 9: pytest-xdist 3.8 marks a grouped test by writing
    `item._nodeid`, which pytest 9 no longer reads (a node's id is `_id` now), so every group was split across the
    workers and each played its emulated-Pico session again (9 minutes each). Give the id its `@group` here when
    xdist did not; once xdist does it itself, this changes nothing."""
    if not getattr(config.option, "loadgroup", False):
        return
    try:
        from _pytest.nodeid import NodeId
    except ImportError:  # an older pytest, where xdist's own renaming works
        return
    for item in items:
        names = sorted({str(m.args[0] if m.args else m.kwargs.get("name", "default"))
                        for m in item.iter_markers("xdist_group")})
        if names and "@" not in item.nodeid.rpartition("]")[2]:
            item._id = NodeId.parse("%s@%s" % (item.nodeid, "_".join(names)))
