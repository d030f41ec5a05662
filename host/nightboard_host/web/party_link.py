"""The board behind `nightboard party`: a real one on a serial port, or the simulated table in this process.

Either way the party speaks the board's line protocol (docs/protocol.md) through a link of
nightboard_host.link.client, and only that: it never reads the table's state directly.

SimBoard   the firmware's Table on the simulated hal, ticking at its frame pace in a thread of its own,
           with a Protocol service on a SimSerial; ThreadLink talks to it as Client talks to a board
PortBoard  a board (or the virtual board) on a serial port, opened again when it was unplugged
"""

import threading
import time

from nightboard_host.link.client import Client, Link, ProtocolError, WallClock, open_serial

POLL_S = 0.004  # a read of a board on a port waits this long at most (a quarter of a frame)


TIMES_KEPT = 3000  # frames whose durations a simulated board keeps (some 50 s)

class ThreadLink(WallClock, Link):
    """A Link to a SimBoard: lines go into its SimSerial, replies come back as its frames answer them."""

    name = "the simulated table"

    def __init__(self, board, timeout=2.0):
        Link.__init__(self)
        self.board = board
        self.timeout = timeout

    def _write(self, data):
        with self.board.lock:
            self.board.serial.feed(data)

    def _read(self, deadline):
        data = self.board.take(min(0.05, max(0.0, deadline - time.monotonic())))
        return data

    def poke(self):
        """Wake a read that waits for the table (a page's request is to be sent at once)."""
        with self.board.lock:
            self.board._replied.notify_all()

    def close(self):
        pass


class SimBoard:
    """The simulated table, run in real time in a thread: `link()` gives a ThreadLink to it.

    profile: a checked profile; start: Table start options or None for the start menu. The table's own
    randomness (seeds drawn by its menu) is os.urandom, as `nightboard play` has it. Its clock moves a frame
    time at each frame; `speed` > 1 runs the frames that much faster than real time (tests)."""

    def __init__(self, profile, start=None, speed=1.0):
        from nightboard.hal.sim import SimClock, make_sim_hal
        from nightboard.hal.sim_serial import SimSerial
        from nightboard.table.app import Table
        from nightboard.table.protocol import Protocol

        self.lock = threading.Lock()
        self._replied = threading.Condition(self.lock)
        self.clock = SimClock(0)
        self.speed = speed
        self.hal = make_sim_hal(profile, clock=self.clock)
        self.table = Table(profile, self.hal, start)
        self._out = bytearray()
        self.serial = SimSerial(sink=self._sink)
        self.table.services.append(Protocol(self.serial))
        self.frame_ms = self.table.frame_ms
        self.frame_times = []  # the latest frames' durations in ms (the bench's figure)
        self.frames_timed = 0  # frames timed since start (frame_times keeps the latest TIMES_KEPT)
        self._stop = threading.Event()
        self._thread = None

    def _sink(self, data):  # called by the table's protocol, inside tick(), with the lock held
        self._out.extend(data)
        self._replied.notify_all()

    def take(self, wait_s):
        """What the table wrote since the last take, waiting up to wait_s for something."""
        with self.lock:
            if not self._out and wait_s > 0:
                self._replied.wait(wait_s)
            out = bytes(self._out)
            del self._out[:]
            return out

    def start(self):
        self._thread = threading.Thread(target=self._run, name="nightboard-sim-table", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        if self._thread is not None:
            self._thread.join(2.0)

    def _run(self):
        due = time.monotonic()
        step = self.frame_ms / 1000.0 / self.speed
        while not self._stop.is_set():
            t0 = time.perf_counter()
            with self.lock:
                self.clock.advance(self.frame_ms)
                self.table.tick()
            spent = (time.perf_counter() - t0) * 1000.0
            self.frame_times.append(spent)
            self.frames_timed += 1
            if len(self.frame_times) > 2 * TIMES_KEPT:
                del self.frame_times[:TIMES_KEPT]
            due += step
            wait = due - time.monotonic()
            if wait > 0:
                self._stop.wait(wait)
            elif wait < -step:
                due = time.monotonic()  # fell behind: no burst to catch up

    def link(self):
        return ThreadLink(self)

    def describe(self):
        return "the simulated table (%s) in this process" % self.table.profile["name"]


class PortBoard:
    """A board on a serial port (a Pico, or the virtual board's pty): each `link()` opens it afresh."""

    def __init__(self, port, timeout=2.0):
        self.port = port
        self.timeout = timeout

    def start(self):
        return self

    def stop(self):
        pass

    def link(self):
        # Reads that wait at most POLL_S: the party sends a page's request while a round waits for its replies
        # (party_driver.exchange), and a serial read cannot be woken from another thread.
        return Client(self.port, timeout=self.timeout,
                      serial_port=open_serial(self.port, timeout=POLL_S, write_timeout=self.timeout))

    def describe(self):
        return "the board on %s" % self.port


__all__ = ["SimBoard", "PortBoard", "ThreadLink", "ProtocolError"]
