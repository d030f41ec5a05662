"""The RP2040's hardware watchdog, and why the board last restarted.

machine.WDT cannot be stopped once started; stop() clears the enable bit of
the RP2040 watchdog's CTRL register directly, so that Ctrl-C (mpremote, the
flash tool) can take the REPL without the board resetting under it 8 s later.
"""

import machine

WATCHDOG_CTRL = 0x40058000  # RP2040 datasheet 4.7: WATCHDOG_BASE + CTRL
ENABLE = 1 << 30
MAX_MS = 8300  # the RP2040's longest watchdog period (MicroPython accepts up to 8388 ms)


class Watchdog:
    def __init__(self, timeout_ms=8000):
        self.timeout_ms = min(timeout_ms, MAX_MS)
        self._wdt = None

    def start(self):
        if self._wdt is None:
            self._wdt = machine.WDT(timeout=self.timeout_ms)
        else:
            machine.mem32[WATCHDOG_CTRL] |= ENABLE
            self._wdt.feed()

    def feed(self):
        if self._wdt is not None:
            self._wdt.feed()

    def stop(self):
        if self._wdt is not None:
            machine.mem32[WATCHDOG_CTRL] &= ~ENABLE


def reset_cause():
    cause = machine.reset_cause()
    if cause == getattr(machine, "WDT_RESET", -1):
        return "watchdog"
    if cause == getattr(machine, "PWRON_RESET", -1):
        return "power-on"
    if cause == getattr(machine, "SOFT_RESET", -1):
        return "soft"
    return "unknown"
