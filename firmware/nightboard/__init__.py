"""Nightboard: the engine shared by the board (MicroPython) and the host tool (CPython)."""

VERSION = "0.1.0"
