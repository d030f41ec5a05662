"""The MicroPython side of `nightboard bench`: small programs run under the unix port, read from programs/.

Each prints one JSON line of figures. They run the firmware as the board does
(.mpy from mpy-cross) unless the bench says otherwise, in a Pico-sized heap.
What each program is, and the names the bench puts in front of it, is said at
the top of its file.
"""

from nightboard_host.emulation.mpy_runner import program


def _program(name):
    return program(__file__, name)


COMMON = _program("common")  # helpers for a table on the simulated hal, put in front of some programs below
ROMFS = _program("romfs")  # the firmware imported from a ROMFS image: put in front of a program
HEAP = _program("heap")  # heap in use after boot, after setup and at the worst point of a whole game
FRAME_COST = COMMON + _program("frame_cost")  # our render + encode against the plain way
TURN = _program("turn")  # a game's turns: seeded games replayed through the contract's apply
LATENCY = COMMON + _program("latency")  # frames from a button's first contact to the frame that shows it
BOOT = _program("boot")  # importing the firmware as .py or .mpy: time and heap

# Drives a game's TOOLS["bench"] may name instead of giving its own (bench.bench_games): "first seat as the
# board" lets the board play every seat but the first and plays for the first what the board would choose.
FIRST_SEAT_AS_BOARD = _program("first_seat_as_board")
DRIVES = {"first seat as the board": FIRST_SEAT_AS_BOARD}
