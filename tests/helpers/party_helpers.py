"""`nightboard party` in a test: the real app served by uvicorn on a free port of 127.0.0.1 in a thread, and
small clients for its pages (HTTP requests, and its pushed server-sent events read line by line)."""

import json
import socket
import threading
import time

import httpx

from nightboard_host.web import party as P
from nightboard_host.web.party_link import SimBoard
from table_driver import profile


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Counter:
    """Tokens a test can tell apart and repeat: 128 bits, from a counter (twin games get the same ones)."""

    def __init__(self):
        self.n = 0

    def __call__(self):
        self.n += 1
        return "%032x" % (0x5EED0000 + self.n)


class PartyServer:
    """The party on a simulated table (profile name, start options) served on 127.0.0.1:<free port>."""

    def __init__(self, name="ring4", start=None, board=None, make_token=None, speed=1.0):
        import uvicorn

        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.board = board if board is not None else SimBoard(profile(name), start, speed=speed)
        self.party = P.Party(self.board, self.url, make_token=make_token or P.new_token)
        config = uvicorn.Config(P.make_app(self.party), host="127.0.0.1", port=self.port, log_level="warning",
                                lifespan="on", limit_concurrency=P.MAX_STREAMS + 16)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        end = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > end or not self.thread.is_alive():
                raise RuntimeError("the party's server did not start")
            time.sleep(0.02)
        self.http = httpx.Client(base_url=self.url, timeout=20)

    @property
    def tokens(self):
        return self.party.tokens

    def table(self, path=""):
        return "/t/%s%s" % (self.tokens.table, path)

    def seat(self, s, path=""):
        return "/s/%s%s" % (self.tokens.seats[s], path)

    def post(self, path, obj=None, content=None):
        return self.http.post(path, content=content if content is not None else json.dumps(obj),
                              headers={"Content-Type": "application/json"})

    def close(self):
        self.http.close()
        self.server.should_exit = True
        self.thread.join(10)


class Events:
    """A pushed stream, read as it comes: next(kind) -> the data of the next event of that kind (JSON)."""

    def __init__(self, server, path):
        self.client = httpx.Client(base_url=server.url, timeout=httpx.Timeout(20, read=20))
        self.cm = self.client.stream("GET", path)
        self.response = self.cm.__enter__()
        self.lines = self.response.iter_lines()
        self.latest = {}

    def next(self, kind=None, test=None, timeout=20.0):
        end = time.monotonic() + timeout
        event = None
        while time.monotonic() < end:
            line = next(self.lines)
            if line.startswith("event: "):
                event = line[7:]
            elif line.startswith("data: "):
                data = json.loads(line[6:])
                self.latest[event] = data
                if (kind is None or event == kind) and (test is None or test(data)):
                    return event, data
        raise AssertionError("no %s event in %.0f s (latest: %r)" % (kind, timeout, self.latest.get(kind)))

    def close(self):
        try:
            self.cm.__exit__(None, None, None)
        finally:
            self.client.close()


class LocalBoard:
    """A simulated table ticked only as its link reads (LocalLink): the same requests give the same replies,
    frame for frame, so two twin games can be compared message by message."""

    def __init__(self, table):
        self.table = table
        self._link = None

    def start(self):
        return self

    def stop(self):
        pass

    def link(self):
        from nightboard_host.link.client import LocalLink

        if self._link is None:
            self._link = LocalLink(self.table)
            self._link.close = lambda: None
        return self._link

    def describe(self):
        return "a simulated table ticked by its link"


def party_messages(name, position, steps=12, prof=None):
    """(the table page's HTML, every message published in order as (kind, seat, text)) of a party on a table
    started from `position` (a game's whole state as JSON), asked the same questions the same number of times."""
    from nightboard.games import index
    from nightboard.hal.sim import make_sim_hal
    from nightboard.table.app import Table

    prof = prof or profile(index.tools(name)["profile"])
    table = Table(prof, make_sim_hal(prof), {"game": name, "position": position})
    out = []
    party = P.Party(LocalBoard(table), "http://127.0.0.1:8042", make_token=Counter())
    party.driver.publish = lambda kind, seat, text: out.append((kind, seat, text))
    party.driver._connect()
    party.ready(party.driver.seats)
    for _ in range(steps):
        party.driver.round()
    return party.table_page(), out


class UnpluggableBoard(SimBoard):
    """The simulated table behind a cable a test can pull: while `unplugged`, the link fails as a serial port
    that went away does, and opening it again fails until the cable is back."""

    unplugged = False

    def link(self):
        from nightboard_host.link.client import PortError, ProtocolError

        if self.unplugged:
            raise PortError("cannot open /dev/ttyACM0: there is no such serial port")
        link = SimBoard.link(self)
        write = link._write

        def _write(data):
            if self.unplugged:
                raise ProtocolError("cannot write to /dev/ttyACM0: [Errno 5] Input/output error")
            write(data)
        link._write = _write
        return link


class Follow:
    """A pushed stream read by a thread of its own: `latest[kind]` is the newest message of each kind and
    `count` grows with every message, so a test can look without waiting for the next one."""

    def __init__(self, server, path):
        self.events = Events(server, path)
        self.latest = self.events.latest
        self.count = 0
        self.error = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            while True:
                self.events.next(timeout=3600)
                self.count += 1
        except Exception as e:  # noqa: BLE001 - closed by the test, or the server went away
            self.error = e

    def wait(self, test, timeout=20.0, what="a message"):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if test(self):
                return True
            time.sleep(0.02)
        raise AssertionError("no %s in %.0f s (latest: %r)" % (what, timeout, self.latest))

    def close(self):
        self.events.close()


class RecordingBoard(SimBoard):
    """The simulated table, keeping every reply it writes with whether a save was under way as it was written
    (the table's sink is called inside its frame, so that is exact)."""

    def __init__(self, *args, **kw):
        self._written = bytearray()
        self._lines = []  # (reply line, a save under way)
        SimBoard.__init__(self, *args, **kw)

    def _sink(self, data):
        self._written.extend(data)
        while b"\n" in self._written:
            i = self._written.index(b"\n")
            self._lines.append((bytes(self._written[:i]), self.table.saves.pending))
            del self._written[:i + 1]
        SimBoard._sink(self, data)

    def replies(self):
        from nightboard_host.link.client import decode

        with self.lock:
            lines = list(self._lines)
        return [(r, p) for r, p in ((decode(t.decode("utf-8", "replace")), p) for t, p in lines) if r is not None]
