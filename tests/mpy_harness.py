"""Run code from firmware/ under the MicroPython unix port (see host/nightboard_host/mpy_runner.py)."""

from nightboard_host.mpy_runner import (  # noqa: F401
    FIRMWARE,
    PICO_HEAP,
    ROOT,
    compiled_firmware,
    micropython_exe,
    mpy_cross_exe,
    run_mpy,
    run_mpy_json,
)


def session_script(name):
    """A scripted table session from tests/scripts/, with the frame helpers it uses in front of it."""
    scripts = ROOT / "tests" / "scripts"
    return (scripts / "session_frames.py").read_text() + "\n" + (scripts / name).read_text()
