"""Test doubles for CircuitPython's lowest layer (board, digitalio, neopixel_write, microcontroller).

tests/runtime/test_cp_backend.py puts this directory first on sys.path so Adafruit's real
neopixel and adafruit_pixelbuf run on top of these instead of Blinka's modules
(which refuse to load on a machine that is not a Raspberry Pi). Under MicroPython
(run_mpy(..., extra_path=[FAKES_CP_DIR, ...])) they stand in the same way.
"""
