"""`nightboard party`: the table on any screen and each player's own seat on their phone (docs/party.md).

A Starlette app served by uvicorn. One thread (party_driver.Driver) talks to the board; the pages get its
messages pushed as server-sent events, and a seat's tap comes back as the protocol's `act`.

Pages and what reaches them:
  /t/<table token>          the table page: the LEDs from the board's public frames, the words, the log, whose
                            turn it is, a join code (QR and address) for each seat, and the start of a game
  /s/<seat token>           a seat's page: its own view and choices, nothing of any other seat's
Every token is 128 bits from `secrets`, compared in constant time; a wrong or replaced one gets 403 and the
same short sentence, whatever it was. Bad requests get a 4xx with a sentence and change nothing.
"""

import asyncio
import hmac
import json
import secrets
import socket
import sys
import time

from nightboard_host import resources
from nightboard_host.link.client import ProtocolError

DEFAULT_HTTP_PORT = 8042
MAX_BODY = 4096  # bytes of a request body: an action or a game's options are a few dozen
MAX_STREAMS_PER_PAGE = 4  # pushed streams open at once for one token (a phone, its reload, a second tab)
MAX_STREAMS = 48  # and for the whole party
ACTS_PER_S = 4.0  # a seat's actions: this many a second on average...
ACT_BURST = 8  # ...and this many at once
ANSWER_S = 15.0  # how long a page's request waits for the board
HEARTBEAT_S = 15.0  # a comment line on every quiet stream, so that a dead phone's stream is noticed
STATIC = {"table-canvas.js": "table-canvas.js", "party.css": "party/party.css", "table.js": "party/table.js",
          "seat.js": "party/seat.js"}
TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8"}
ROLES = ("mode", "move", "look", "ok")
LONG_TAP_MS = 1200  # a long press (the profiles' long_ms is 800 or less)
FORBIDDEN = "This address is not (or no longer) a page of this table: ask for a fresh join code at the table."
SECURITY_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Content-Type-Options": "nosniff",
                    "X-Frame-Options": "DENY",
                    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                               "script-src 'self'; connect-src 'self'; frame-ancestors 'none'"}


def pages_dir():
    """web/ of the checkout, else the installed package's copy (nightboard_host/pages)."""
    for d in ([resources.CHECKOUT / "web"] if resources.in_checkout() else []) + [resources.HERE / "pages"]:
        if (d / "party" / "table.html").is_file():
            return d
    raise FileNotFoundError("the party's pages (web/party/) are missing from this installation")


def new_token():
    return secrets.token_urlsafe(16)  # 16 bytes: 128 bits


class Tokens:
    """The table's token and each seat's; `make` draws them (tests give a seeded one for twin games)."""

    def __init__(self, seats, make=new_token):
        self.make = make
        self.table = make()
        self.seats = [make() for _ in range(seats)]

    def seat_of(self, token):
        """The seat whose token this is, or None; every token is compared, each in constant time."""
        found = None
        given = token.encode("utf-8", "replace")
        for s in range(len(self.seats)):
            if hmac.compare_digest(given, self.seats[s].encode()):
                found = s
        return found

    def is_table(self, token):
        return hmac.compare_digest(token.encode("utf-8", "replace"), self.table.encode())

    def renew(self, seat):
        self.seats[seat] = self.make()
        return self.seats[seat]


class Limits:
    """Each seat's actions: a token bucket, and one at a time."""

    def __init__(self, seats, rate=ACTS_PER_S, burst=ACT_BURST, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.left = [float(burst)] * seats
        self.at = [clock()] * seats
        self.busy = [False] * seats

    def take(self, s):
        now = self.clock()
        self.left[s] = min(self.burst, self.left[s] + (now - self.at[s]) * self.rate)
        self.at[s] = now
        if self.left[s] < 1.0:
            return False
        self.left[s] -= 1.0
        return True


class Mailbox:
    """What a pushed stream has still to send: the newest message of each kind only (each is whole, so an older
    one is of no use), and whether its token was replaced. A phone that sleeps with its stream open holds at
    most one message of each kind here, never a growing queue."""

    def __init__(self):
        self.waiting = {}
        self.closed = False
        self.ready = asyncio.Event()

    def put_nowait(self, item):
        if item is None:
            self.closed = True
        else:
            self.waiting[item[0]] = item[1]
        self.ready.set()

    async def get(self):
        """[(kind, text)] waiting, or None once closed."""
        await self.ready.wait()
        self.ready.clear()
        if self.closed:
            return None
        out = sorted(self.waiting.items())
        self.waiting = {}
        return out


class Hub:
    """The pushed streams: each page's queue of (event, text), and the latest message of each kind for a page
    that comes (back). Lives in the event loop; the driver's thread hands it messages with call_soon_threadsafe."""

    def __init__(self):
        self.loop = None
        self.table = set()
        self.seats = {}

    def publish(self, kind, seat, text):  # from the driver's thread
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._deliver, kind, seat, text)

    def _deliver(self, kind, seat, text):
        if kind == "seat":
            for q in list(self.seats.get(seat, ())):
                q.put_nowait(("seat", text))
        else:
            for q in list(self.table):
                q.put_nowait((kind, text))

    def count(self):
        return len(self.table) + sum(len(v) for v in self.seats.values())

    def close_seat(self, seat):
        for q in list(self.seats.get(seat, ())):
            q.put_nowait(None)


class Party:
    """Everything the app needs: the board's driver, the tokens, the address the join codes carry."""

    def __init__(self, board, base_url, make_token=new_token, seats=None):
        from nightboard_host.web.party_driver import Driver

        self.board = board
        self.base_url = base_url.rstrip("/")
        self.hub = Hub()
        self.driver = Driver(board, self._publish)
        self.make_token = make_token
        self.tokens = None
        self.limits = None
        self._seats = seats
        self.pages = pages_dir()
        self._templates = {}

    def _publish(self, kind, seat, text):
        if kind == "roles":  # who plays each seat changed: the join codes follow (only a person's seat has one)
            if self.tokens is not None:  # (before them, no page is open: the first message is made whole)
                self.hub.publish("joins", None, json.dumps(self.joins(), sort_keys=True))
            return
        self.hub.publish(kind, seat, text)

    def begin(self, loop, wait_s=10.0):
        """Start the board and the driver; the seats' tokens once the board said how many seats it has."""
        self.hub.loop = loop
        self.board.start()
        self.driver.start()
        end = time.monotonic() + wait_s
        while self.driver.seats == 0 and self._seats is None and time.monotonic() < end:
            time.sleep(0.02)
        self.ready(self._seats or self.driver.seats or 6)

    def ready(self, seats):
        """The seats' tokens and limits, for a table of `seats` seats."""
        self.tokens = Tokens(seats, self.make_token)
        self.limits = Limits(seats)

    def end(self):
        self.driver.stop()
        self.board.stop()

    # --- what the pages show ------------------------------------------------------------------------------

    def seat_url(self, s):
        return "%s/s/%s" % (self.base_url, self.tokens.seats[s])

    def table_url(self):
        return "%s/t/%s" % (self.base_url, self.tokens.table)

    def joins(self):
        """Each seat of the table: its name and who plays it (party_driver.Driver.roles), and for a seat a person
        plays, its join code: its address and the address as a QR code (SVG)."""
        import segno

        from nightboard_host.web.party_driver import seat_name

        roles = self.driver.roles()
        out = []
        for s in range(len(self.tokens.seats)):
            role = roles[s] if s < len(roles) else "person"
            j = {"seat": s, "name": seat_name(s), "role": role, "open": len(self.hub.seats.get(s, ()))}
            if role == "person":
                j["url"] = url = self.seat_url(s)
                j["qr"] = segno.make(url, error="m").svg_inline(scale=3, dark="#000", light="#fff", border=2,
                                                               omitsize=True)
            out.append(j)
        return out

    def games(self):
        """The games the table page offers: name, title, players and options, from the games' facts."""
        from nightboard.games import index

        out = []
        for n in index.names():
            f = index.tools(n)
            out.append({"name": n, "title": f["title"], "players": list(f["players"]),
                        "options": [[opt, list(values)] for opt, values in f["options"]]})
        return out

    def template(self, name):
        if name not in self._templates:
            self._templates[name] = (self.pages / "party" / name).read_text(encoding="utf-8")
        return self._templates[name]

    def page(self, name, config):
        text = json.dumps(config, sort_keys=True, separators=(",", ":")).replace("<", "\\u003c")
        return self.template(name).replace("{{CONFIG}}", text)

    def table_page(self):
        return self.page("table.html", {"token": self.tokens.table, "games": self.games(),
                                        "shape": self.driver.shape, "joins": self.joins()})

    def seat_page(self, s):
        from nightboard_host.web.party_driver import seat_name

        return self.page("seat.html", {"token": self.tokens.seats[s], "seat": s, "name": seat_name(s)})


# --- the app --------------------------------------------------------------------------------------------

def _text(status, sentence):
    from starlette.responses import JSONResponse

    return JSONResponse({"error": sentence}, status_code=status, headers=SECURITY_HEADERS)


async def _body(request):
    """The request's JSON object, or a (status, sentence) saying why not."""
    size = request.headers.get("content-length")
    if size is not None and (not size.isdigit() or int(size) > MAX_BODY):
        return None, (413, "the request is too large (at most %d bytes)" % MAX_BODY)
    data = bytearray()
    async for chunk in request.stream():
        data.extend(chunk)
        if len(data) > MAX_BODY:
            return None, (413, "the request is too large (at most %d bytes)" % MAX_BODY)
    try:
        obj = json.loads(bytes(data).decode("utf-8"))
    except UnicodeDecodeError:
        return None, (400, "the request is not UTF-8 text")
    except ValueError as e:
        return None, (400, "the request is not JSON: %s" % e)
    if not isinstance(obj, dict):
        return None, (400, "the request must be a JSON object")
    return obj, None


async def _ask(party, kind, **args):
    """The board's reply to a request for a page, or a (status, sentence)."""
    fut = party.driver.submit(kind, **args)
    try:
        reply = await asyncio.wait_for(asyncio.wrap_future(fut), ANSWER_S)
    except asyncio.TimeoutError:
        return None, (504, "the board did not answer in time: try again")
    except ProtocolError as e:
        return None, (503, "the board is not answering (%s): the request was not done" % e)
    if not reply.get("ok"):
        return None, (409, str(reply.get("error", "refused")))
    return reply, None


def make_app(party):
    from starlette.applications import Starlette
    from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
    from starlette.routing import Route

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app):
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(None, party.begin, loop)
        try:
            yield
        finally:
            await loop.run_in_executor(None, party.end)

    def seat_or_none(request):
        return party.tokens.seat_of(request.path_params["token"])

    def table_ok(request):
        return party.tokens.is_table(request.path_params["token"])

    def html(text):
        return HTMLResponse(text, headers=SECURITY_HEADERS)

    async def home(request):
        return HTMLResponse("<!doctype html><meta charset=utf-8><title>Nightboard party</title><p>%s</p>"
                            % "This is a Nightboard party: open the address that `nightboard party` printed, or a "
                              "join code the table shows.", status_code=404, headers=SECURITY_HEADERS)

    async def static(request):
        name = request.path_params["name"]
        if name not in STATIC:
            return _text(404, "no such file")
        path = party.pages / STATIC[name]
        return Response(path.read_bytes(), media_type=TYPES[path.suffix],
                        headers={"X-Content-Type-Options": "nosniff", "Cache-Control": "no-cache"})

    async def table_page(request):
        if not table_ok(request):
            return _text(403, FORBIDDEN)
        return html(party.table_page())

    async def seat_page(request):
        s = seat_or_none(request)
        if s is None:
            return _text(403, FORBIDDEN)
        return html(party.seat_page(s))

    def stream(q, first, check):
        async def gen():
            try:
                for item in first:
                    yield _event(*item)
                while True:
                    try:
                        items = await asyncio.wait_for(q.get(), HEARTBEAT_S)
                    except asyncio.TimeoutError:
                        yield b": still here\n\n"
                        continue
                    if items is None or not check():
                        yield _event("gone", json.dumps({"error": FORBIDDEN}))
                        return
                    for item in items:
                        yield _event(*item)
            finally:
                check.forget()
        headers = dict(SECURITY_HEADERS)
        headers["X-Accel-Buffering"] = "no"
        return StreamingResponse(gen(), media_type="text/event-stream", headers=headers)

    class Forget:
        """A stream's token still valid (called), and its queue's removal when it ends (forget)."""

        def __init__(self, where, q, valid, after=None):
            self.where, self.q, self.valid, self.after = where, q, valid, after

        def __call__(self):
            return self.valid()

        def forget(self):
            self.where.discard(self.q)
            if self.after is not None:
                self.after()

    async def table_events(request):
        if not table_ok(request):
            return _text(403, FORBIDDEN)
        if len(party.hub.table) >= MAX_STREAMS_PER_PAGE * 2 or party.hub.count() >= MAX_STREAMS:
            return _text(429, "too many table pages are open: close one and reload")
        q = Mailbox()
        party.hub.table.add(q)
        first = [(k, party.driver.latest(k)) for k in ("table", "frame") if party.driver.latest(k) is not None]
        first.append(("joins", json.dumps(_public_joins(party), sort_keys=True)))
        token = party.tokens.table
        return stream(q, first, Forget(party.hub.table, q, lambda: party.tokens.table == token))

    async def seat_events(request):
        s = seat_or_none(request)
        if s is None:
            return _text(403, FORBIDDEN)
        where = party.hub.seats.setdefault(s, set())
        if len(where) >= MAX_STREAMS_PER_PAGE or party.hub.count() >= MAX_STREAMS:
            return _text(429, "too many pages are open for this seat (at most %d): close one and reload"
                         % MAX_STREAMS_PER_PAGE)
        q = Mailbox()
        where.add(q)
        party.driver.phones.add(s)
        party.driver.wake()
        _joins_changed(party)
        latest = party.driver.latest("seat", s)
        token = party.tokens.seats[s]
        check = Forget(where, q, lambda: party.tokens.seats[s] == token, lambda: _joins_changed(party))
        return stream(q, [("seat", latest)] if latest is not None else [], check)

    async def act(request):
        s = seat_or_none(request)
        if s is None:
            return _text(403, FORBIDDEN)
        obj, bad = await _body(request)
        if bad or obj is None:
            return _text(*(bad or (400, "no request")))
        if set(obj) != {"action"}:
            return _text(400, "an action is {\"action\": one of the seat's actions}, nothing else (got %s)"
                         % ", ".join(sorted(obj)) if obj else "an action is {\"action\": one of the seat's actions}")
        if party.limits.busy[s]:
            return _text(429, "this seat's last action is still being done: wait for it")
        if not party.limits.take(s):
            return _text(429, "too many actions from this seat (at most %g a second): wait a moment" % ACTS_PER_S)
        party.limits.busy[s] = True
        try:
            reply, bad = await _ask(party, "act", seat=s, action=obj["action"])
        finally:
            party.limits.busy[s] = False
        if bad:
            return _text(*bad)
        return JSONResponse({"ok": True}, headers=SECURITY_HEADERS)

    async def start(request):
        if not table_ok(request):
            return _text(403, FORBIDDEN)
        obj, bad = await _body(request)
        if bad or obj is None:
            return _text(*(bad or (400, "no request")))
        bad = _check_start(party, obj)
        if bad:
            return _text(400, bad)
        reply, bad = await _ask(party, "start", **{str(k): v for k, v in obj.items()})
        if bad or reply is None:
            return _text(*(bad or (503, "no reply")))
        return JSONResponse({"ok": True, "game": reply.get("game")}, headers=SECURITY_HEADERS)

    async def renew(request):
        if not table_ok(request):
            return _text(403, FORBIDDEN)
        obj, bad = await _body(request)
        if bad or obj is None:
            return _text(*(bad or (400, "no request")))
        s = obj.get("seat")
        if set(obj) != {"seat"} or not isinstance(s, int) or isinstance(s, bool) or not 0 <= s < len(
                party.tokens.seats):
            return _text(400, "give {\"seat\": a seat's number, 0 to %d}" % (len(party.tokens.seats) - 1))
        party.tokens.renew(s)
        party.hub.close_seat(s)
        _joins_changed(party)
        return JSONResponse({"ok": True}, headers=SECURITY_HEADERS)

    async def button(request):
        """The table page's own buttons: a seat's button tapped on the board (carry on with a saved game...)."""
        if not table_ok(request):
            return _text(403, FORBIDDEN)
        obj, bad = await _body(request)
        if bad or obj is None:
            return _text(*(bad or (400, "no request")))
        p, role, long = obj.get("player"), obj.get("role"), obj.get("long", False)
        if set(obj) - {"player", "role", "long"} or not isinstance(p, int) or isinstance(p, bool) or \
                role not in ROLES or not isinstance(long, bool):
            return _text(400, "give {\"player\": a seat's number, \"role\": one of %s, \"long\": true or false}"
                         % ", ".join(ROLES))
        args = {"player": p, "role": role}
        if long:
            args["ms"] = LONG_TAP_MS
        reply, bad = await _ask(party, "tap", **args)
        if bad:
            return _text(*bad)
        return JSONResponse({"ok": True}, headers=SECURITY_HEADERS)

    routes = [Route("/", home), Route("/static/{name}", static),
              Route("/t/{token}", table_page), Route("/t/{token}/events", table_events),
              Route("/t/{token}/start", start, methods=["POST"]), Route("/t/{token}/renew", renew, methods=["POST"]),
              Route("/t/{token}/button", button, methods=["POST"]),
              Route("/s/{token}", seat_page), Route("/s/{token}/events", seat_events),
              Route("/s/{token}/act", act, methods=["POST"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.party = party
    return app


def _event(kind, text):
    return ("event: %s\ndata: %s\n\n" % (kind, text)).encode("utf-8")


def _public_joins(party):
    return party.joins()


def _joins_changed(party):
    text = json.dumps(_public_joins(party), sort_keys=True)
    for q in list(party.hub.table):
        q.put_nowait(("joins", text))


def _check_start(party, obj):
    """None when obj is a start the table page may ask for, else why not (the board checks the values)."""
    from nightboard.games import index

    game = obj.get("game")
    if game not in index.names():
        return "game must be one of %s (got %s)" % (", ".join(index.names()), json.dumps(game))
    allowed = {"game", "players"} | set(opt for opt, _values in index.tools(game)["options"])
    extra = sorted(set(obj) - allowed)
    if extra:
        return "%s: not %s of %s (its options: %s)" % (", ".join(extra), "an option" if len(extra) == 1 else
                                                       "options", game, ", ".join(sorted(allowed - {"game"})))
    return None


# --- the command ----------------------------------------------------------------------------------------

def lan_address():
    """This computer's address on its local network (the one its default route uses), or None."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.254.254.254", 1))  # no packet is sent: it only picks the interface
        return s.getsockname()[0]
    except OSError:
        return None
    finally:
        s.close()


def add_party_command(sub):
    p = sub.add_parser("party", help="a web server for the table page and each player's phone (their own cards, "
                                     "items and choices), driving a board or the simulated table")
    p.add_argument("--port", default=None, help="the board's serial port (a Pico, or the pty `nightboard "
                   "virtual-board` prints); without it, the simulated table runs in this process")
    p.add_argument("--profile", default=None, help="the simulated table's profile (default ring4; not with --port)")
    p.add_argument("--http-port", type=int, default=DEFAULT_HTTP_PORT, help="the web server's port (default %d)"
                   % DEFAULT_HTTP_PORT)
    p.add_argument("--lan", action="store_true", help="serve the local network (the phones), not only this "
                   "computer: the address is printed, and the join codes carry it")
    p.set_defaults(func=run)


def board_for(args):
    from nightboard_host.web.party_link import PortBoard, SimBoard

    if args.port:
        if args.profile:
            raise ValueError("--profile is for the simulated table: a board on --port has its own")
        return PortBoard(args.port)
    from nightboard_host.commands import play

    return SimBoard(play.load(args.profile or play.DEFAULT_PROFILE))


def run(args):
    from nightboard.table.profile import ProfileError

    if not 0 < args.http_port < 65536:
        print("nightboard party: --http-port must be 1..65535 (got %d)" % args.http_port, file=sys.stderr)
        return 2
    try:
        board = board_for(args)
    except (ProfileError, ValueError) as e:
        print("nightboard party: %s" % e, file=sys.stderr)
        return 2
    bind = "0.0.0.0" if args.lan else "127.0.0.1"
    shown = (lan_address() or "0.0.0.0") if args.lan else "127.0.0.1"
    try:
        probe = socket.socket()
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        probe.bind((bind, args.http_port))
        probe.close()
    except OSError as e:
        print("nightboard party: cannot listen on %s:%d: %s" % (bind, args.http_port, e.strerror or e),
              file=sys.stderr)
        return 2
    party = Party(board, "http://%s:%d" % (shown, args.http_port))
    app = make_app(party)
    import uvicorn

    config = uvicorn.Config(app, host=bind, port=args.http_port, log_level="warning", lifespan="on",
                            limit_concurrency=MAX_STREAMS + 16, timeout_keep_alive=5)
    server = uvicorn.Server(config)
    orig_startup = server.startup

    async def startup(sockets=None):
        await orig_startup(sockets)
        print("Nightboard party: %s" % board.describe())
        print("The table page (open it on the screen everybody sees; it shows each seat's join code):")
        print("  %s" % party.table_url())
        if args.lan:
            print("Serving the local network at http://%s:%d/ : phones on the same network join with the codes"
                  % (shown, args.http_port))
        else:
            print("Only this computer can reach it; `--lan` lets the phones of your network in")
        print("Ctrl-C stops it.")
        sys.stdout.flush()

    server.startup = startup
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    return 0
