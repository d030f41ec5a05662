"""The board's clock: time.ticks_* bound straight onto the object (no wrapper calls)."""

import time


class Clock:
    def __init__(self):
        self.ticks_ms = time.ticks_ms
        self.ticks_us = time.ticks_us
        self.ticks_diff = time.ticks_diff
        self.ticks_add = time.ticks_add
        self.sleep_ms = time.sleep_ms
        self.sleep_us = time.sleep_us
