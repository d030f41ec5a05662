"""A stand-in for MicroPython's time.ticks_* on CPython: a manual microsecond clock.

Every ticks_us()/ticks_ms() call moves the clock on by 1 us, so busy-wait loops
end; sleep_us/sleep_ms advance it and are logged in `sleeps` (microseconds).
"""

PERIOD = 1 << 30
_MASK = PERIOD - 1
_HALF = PERIOD >> 1

now_us = 0
sleeps = []


def set_now_us(us):
    global now_us
    now_us = us


def ticks_us():
    global now_us
    now_us += 1
    return now_us & _MASK


def ticks_ms():
    global now_us
    now_us += 1
    return (now_us // 1000) & _MASK


def ticks_add(a, d):
    return (a + d) & _MASK


def ticks_diff(a, b):
    return ((a - b + _HALF) & _MASK) - _HALF


def sleep_us(us):
    global now_us
    sleeps.append(us)
    now_us += us


def sleep_ms(ms):
    sleep_us(ms * 1000)
