"""Fake board modules (machine, rp2, neopixel, fake_time) for testing hal's board backends.

On CPython: install() puts this directory first on sys.path, imports the board
backends against the fakes and points their `time` at fake_time (CPython's time
has no ticks_*); uninstall() undoes it. Under MicroPython (tests/helpers/mpy_harness.py
run_mpy(..., extra_path=[FAKES_DIR])) the fakes shadow the missing modules and
the real time module is used.
"""

import os
import sys

FAKES_DIR = os.path.dirname(os.path.abspath(__file__))
_FAKE_MODULES = ("machine", "rp2", "neopixel", "fake_time")
_HAL_BOARD_MODULES = (
    "nightboard.hal.board",
    "nightboard.hal.rp2_ws2812",
    "nightboard.hal.rp2_buttons",
    "nightboard.hal.rp2_clock",
    "nightboard.hal.rp2_storage",
)


def _purge():
    for name in _FAKE_MODULES + _HAL_BOARD_MODULES:
        sys.modules.pop(name, None)


def install():
    """Fresh fakes and freshly imported board backends; returns a namespace of modules."""
    _purge()
    if FAKES_DIR not in sys.path:
        sys.path.insert(0, FAKES_DIR)
    import importlib

    mods = {}
    for name in _FAKE_MODULES:
        mods[name] = importlib.import_module(name)
    for name in _HAL_BOARD_MODULES:
        mod = importlib.import_module(name)
        if hasattr(mod, "time"):
            mod.time = mods["fake_time"]
        mods[name.rsplit(".", 1)[1]] = mod
    return type("Fakes", (), mods)


def uninstall():
    _purge()
    while FAKES_DIR in sys.path:
        sys.path.remove(FAKES_DIR)
