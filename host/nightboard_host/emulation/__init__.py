"""Where the firmware runs off the board: the MicroPython unix port and its 32-bit WASI build, the virtual
board on a pseudo-terminal, and MicroPython for the RP2040 on an emulated Pico."""
