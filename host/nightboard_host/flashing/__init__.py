"""Putting the firmware on a board: `nightboard flash` and `reset`, the ROMFS partition, CircuitPython drives,
and which firmware files a board needs."""
