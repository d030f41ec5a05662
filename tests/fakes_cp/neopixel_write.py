"""Fake neopixel_write: records the bytes that would go out on the wire."""

WRITES = []  # (pin name, bytes)


def neopixel_write(digitalinout, buf):
    WRITES.append((digitalinout.pin.name, bytes(buf)))
