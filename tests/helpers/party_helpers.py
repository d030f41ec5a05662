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

    def __init__(self, name="ring4", start=None, board=None, make_token=None):
        import uvicorn

        self.port = free_port()
        self.url = "http://127.0.0.1:%d" % self.port
        self.board = board if board is not None else SimBoard(profile(name), start)
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
