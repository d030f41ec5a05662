"""Putting the firmware on a board: `nightboard flash` and `reset`, the ROMFS partition, CircuitPython drives,
and which firmware files a board needs.

command.py (the CLI) -> flash.py (flash(), in order) -> build.py (the firmware compiled on this side),
repl.py (the board's raw REPL through mpremote; board_info.py: what it runs), sync.py (what to write; layout.py:
the board's files), profile_check.py, hello.py (the firmware's answer), progress.py; romfs.py for --romfs,
circuitpy.py for a CIRCUITPY drive, board_code.py for the files a board imports. board/ holds the MicroPython
programs sent to the board (programs.py fills and sends them); errors.py the FlashError they all raise.
"""
