"""The table runtime and the VampiRing renderer under the MicroPython unix port (Pico heap)."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy, session_script

pytestmark = pytest.mark.micropython
SCRIPT = session_script("table_session.py")


def _cpython(profile):
    code = "PROFILE = %r\n" % profile + SCRIPT
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT),
                         env={"PYTHONPATH": str(ROOT / "firmware")}).stdout
    return _parse(out)


def _parse(out):
    lines = out.splitlines()
    return lines[:-2], json.loads(lines[-2]), json.loads(lines[-1])


@pytest.mark.parametrize("profile", ["ring4", "grid8"])
def test_same_frames_as_cpython_and_no_allocation_per_frame(profile):
    # The firmware as the board runs it: .mpy from mpy-cross, in a Pico-sized heap.
    m_frames, m_state, m_alloc = _parse(run_mpy("PROFILE = %r\n" % profile + SCRIPT, compiled=True))
    c_frames, c_state, _ = _cpython(profile)
    assert len(m_frames) > 100
    assert m_frames == c_frames
    assert m_state == c_state
    # GUIDE section 6: no heap allocated per steady-state frame (idle, looking, animating).
    assert m_alloc == {"idle": 0, "look": 0, "animation": 0}
