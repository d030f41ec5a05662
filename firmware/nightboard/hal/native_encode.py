"""The LED encoder's per-LED loop compiled to machine code by MicroPython's viper emitter, where the port has one.

table/frame.py's Encoder turns logical colours into wire bytes with a Python loop over every LED: on a Pico
that is some 34 us an LED (3.7 ms of a 33 ms frame on grid8's 108 LEDs, measured on the emulated Pico). The
same loop compiled by viper takes 149 us for all 108, and allocates nothing. compiled() builds it once, at the
hal's start; the Encoder calls it when it has it and runs its own Python loop otherwise (CPython, the browser's
MicroPython, a build without the emitter). Both give the same bytes (tests/runtime/test_native_encode.py).

The source is text compiled on the board by exec(), not a decorated function in this file, because mpy-cross
compiles viper code only for a given architecture and the project builds the same .py files for every board,
the desktop and the browser. It costs the board some 13 ms of its start and about 450 bytes of heap.
"""

_SOURCE = """
@micropython.viper
def encode_loop(src: ptr8, dst: ptr8, table: ptr8, n3: int, o_r: int, o_g: int, o_b: int) -> int:
    s = 0
    j = 0
    while j < n3:
        r = table[src[j]]
        g = table[src[j + 1]]
        b = table[src[j + 2]]
        dst[j + o_r] = r
        dst[j + o_g] = g
        dst[j + o_b] = b
        s += r + g + b
        j += 3
    return s
"""


def compiled():
    """encode_loop(src, dst, table, n3, o_r, o_g, o_b) -> the sum of the bytes written: dst[j + o_x] =
    table[src[j + x]] for each LED's three bytes at j. None where this interpreter cannot build it."""
    space = {}
    try:
        exec(_SOURCE, space)
    except Exception:  # noqa: BLE001 - CPython (no `micropython`), no viper emitter, no room: the Python loop
        return None
    return space.get("encode_loop")
