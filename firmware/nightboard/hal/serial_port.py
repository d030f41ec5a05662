"""The USB serial port of the board (and of MicroPython's unix port) for the protocol: sys.stdin/stdout.

`SerialPort().readinto(buf)` copies the bytes that are waiting into `buf` and
returns how many (0 when none), never blocking: the board's stdin reads a
byte at a time only after select.poll says one is there (a longer read would
wait for the whole buffer). Nothing is allocated when no byte is waiting.
`write(data)` sends str or bytes to stdout.

Ctrl-C stays the REPL's: on the board the USB stack turns it into a
KeyboardInterrupt before it reaches stdin (micropython.kbd_intr is left as it
is), and if a 0x03 byte does arrive (a raw pseudo-terminal on the unix port)
readinto raises KeyboardInterrupt itself, so mpremote can always take over.
"""

import sys

try:
    import select
except ImportError:  # older MicroPython
    import uselect as select

CTRL_C = 3


class SerialPort:
    def __init__(self, stdin=None, stdout=None):
        src = stdin if stdin is not None else sys.stdin
        out = stdout if stdout is not None else sys.stdout
        self._in = getattr(src, "buffer", src)
        self._text = out
        self._out = getattr(out, "buffer", out)
        self._flush = getattr(out, "flush", None)
        self._poller = select.poll()
        self._poller.register(src, select.POLLIN)
        self._ipoll = hasattr(self._poller, "ipoll")
        self._byte = bytearray(1)
        self.closed = False  # stdin reached its end (unix port, a closed pipe)

    def _waiting(self):
        if self._ipoll:  # MicroPython: ipoll allocates nothing
            for _obj, ev in self._poller.ipoll(0):
                return ev
            return 0
        got = self._poller.poll(0)
        return got[0][1] if got else 0

    def readinto(self, buf):
        if self.closed:
            return 0
        n = 0
        one = self._byte
        for i in range(len(buf)):
            if not self._waiting():
                break
            if not self._in.readinto(one):  # pyright: ignore[reportAttributeAccessIssue]  stdin.buffer or a raw stream
                self.closed = True  # end of input: stop asking
                break
            c = one[0]
            if c == CTRL_C:
                raise KeyboardInterrupt
            buf[i] = c
            n += 1
        return n

    def write(self, data):
        """Send str (as UTF-8 text) or bytes."""
        if isinstance(data, str):
            self._text.write(data)
        else:
            if self._text is not self._out and self._flush is not None:
                self._flush()  # CPython: text written before must go out first
            self._out.write(data)
        if self._flush is not None:
            self._flush()
