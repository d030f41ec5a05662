"""The machine module of the virtual board: the unix port's own, plus what the Pico has and tests use.
_RESET_EXIT (const: the exit status that restarts the board without "soft reboot") is put in front of it. The
stubs pyright checks it with describe the Pico's machine, not the unix port's."""
from umachine import *  # noqa: F403  # pyright: ignore[reportAssignmentType, reportWildcardImportFromLibrary]
import os, sys
PWRON_RESET = 1  # pyright: ignore[reportGeneralTypeIssues]
WDT_RESET = 3  # pyright: ignore[reportGeneralTypeIssues]
SOFT_RESET = 5
_CAUSE = {"power-on": PWRON_RESET, "soft": SOFT_RESET, "watchdog": WDT_RESET}

def reset():
    sys.exit(_RESET_EXIT)  # noqa: F405 (put in front)

def reset_cause():
    return _CAUSE.get(os.getenv("NBV_CAUSE"), PWRON_RESET)  # pyright: ignore[reportCallIssue, reportArgumentType]

def unique_id():
    return b"nbvboard"
