"""A simulated serial port for the protocol: what the host sends is fed in, what the board writes is taken out.

`feed(data)` queues bytes for the board, `readinto(buf)` (the board side) takes
up to len(buf) of them (or `chunk`, to mimic a slow link), `write(data)` (str
or bytes-like) is what the board sends and `take()` returns and clears it (or,
with `sink`, each write is handed to sink(bytes) at once). Same interface as
hal/serial_port.SerialPort; runs on CPython and MicroPython.
"""


class SimSerial:
    def __init__(self, chunk=None, sink=None):
        self.chunk = chunk
        self.sink = sink  # when given, called with each write's bytes instead of keeping them
        self._in = bytearray()
        self._pos = 0
        self._out = bytearray()
        self.bytes_in = 0  # fed so far
        self.bytes_out = 0  # written by the board so far

    def feed(self, data):
        if isinstance(data, str):
            data = data.encode()
        if self._pos and self._pos == len(self._in):
            self._in = bytearray()
            self._pos = 0
        self._in.extend(data)
        self.bytes_in += len(data)

    def pending(self):
        """Bytes fed but not yet read by the board."""
        return len(self._in) - self._pos

    def readinto(self, buf):
        left = len(self._in) - self._pos
        if not left:
            return 0
        n = len(buf)
        if left < n:
            n = left
        if self.chunk is not None and self.chunk < n:
            n = self.chunk
        p = self._pos
        src = self._in
        for i in range(n):
            buf[i] = src[p + i]
        self._pos = p + n
        if self._pos > 4096 and self._pos * 2 > len(self._in):
            self._in = self._in[self._pos:]
            self._pos = 0
        return n

    def write(self, data):
        if isinstance(data, str):
            data = data.encode()
        self.bytes_out += len(data)
        if self.sink is not None:
            self.sink(bytes(data))
        else:
            self._out.extend(data)

    def take(self):
        """Everything the board wrote since the last take()."""
        out = bytes(self._out)
        self._out = bytearray()
        return out
