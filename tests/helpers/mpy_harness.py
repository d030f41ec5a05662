"""Run code from firmware/ under the MicroPython unix port (see host/nightboard_host/emulation/mpy_runner.py)."""

from nightboard_host.emulation.mpy_runner import (  # noqa: F401
    FIRMWARE,
    PICO_HEAP,
    ROOT,
    compiled_firmware,
    micropython_exe,
    mpy_cross_exe,
    run_mpy,
    run_mpy_json,
)


def with_session_frames(code):
    """`code` (a session defining the simulated `hal` and table `t`) with the frame helpers of
    tests/scripts/session_frames.py in front of it."""
    return (ROOT / "tests" / "scripts" / "session_frames.py").read_text() + "\n" + code


def session_script(name):
    """A scripted table session from tests/scripts/, with the frame helpers it uses in front of it."""
    return with_session_frames((ROOT / "tests" / "scripts" / name).read_text())
