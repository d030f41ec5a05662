"""The serial protocol, board side: line-based JSON requests over USB serial, answered between frames.

`Protocol(port)` is a table service (table.services): every frame `poll(table,
now)` takes what the port has (at most READS x CHUNK bytes, never blocking),
answers at most LINES complete lines (in a frame that does a part of a save, one
`frame` request only: table.serving; an `act` or a `start` only as a frame's
first line and last; one `frame` or `state` at most) and runs its own timers (taps). Requests
and replies are one line each, `@nb {json}\n` (docs/protocol.md). Every line
gets exactly one reply; a bad line gets {"ok": false, "error": ...} naming
what was wrong and changes nothing. `port` is anything with readinto(buf) ->
count (0 when nothing is waiting) and write(bytes-like): hal/serial_port.py on
the board, hal/sim_serial.py in simulation. Idle frames allocate nothing. The
request handlers (table/protocol_kinds.py) are imported at the first request
and leave RAM again after QUIET_POLLS frames without one, and so does the
line buffer, made when the first bytes come: a table nobody talks to holds
neither (about 3.5 KB of a Pico's heap). The frame that imports
them is longer (the import: some 20 ms with the code in ROMFS on the emulated
RP2040, more from .mpy files: docs/protocol.md); the import allocates only
small pieces, and if the heap has no room for them the request is answered
"out of memory" and the next one tries again.
"""

import gc
import json
from binascii import hexlify

from nightboard.compat import SMALL_HEAP, const, forget_module, json_dumps

PROTOCOL = 1
PREFIX = b"@nb "
MAX_LINE = 1024  # bytes of a request line before its "\n"
CHUNK = 64  # bytes read from the port at a time
OUT = 128  # bytes of a reply written to the port at a time
READS = 4  # reads per frame: at most 256 bytes a frame
LINES = 4  # lines answered per frame
TAP_MS = 100
QUIET_POLLS = 600  # frames (10 s) without a request after which the request handlers leave RAM again
GAP_MS = 60  # a tapped button stays up this long before a queued tap presses it again
_FRAME_ONLY = const(2)  # table.serving in a frame with room for a `frame` reply only (app.py _SERVE_FRAME)
# Requests that may do a frame's worth of work on their own (an `act` can resolve a turn, a `start` sets a game
# up): answered only as a frame's first line, and nothing after them in that frame. Found by their kind's name
# anywhere in the line (no parse): a line that merely holds the word is answered alone too, which costs a frame.
# (Names here are kept few: each new one is interned for good, docs/performance.md "Interned names".)
_ALONE = const(1)
# The replies that cost a Pico most (a `frame` on grid8 some 25 ms on the emulated RP2040, a `state` 17 to
# 18 ms, a `seat` with its choices in words more): at most one of them a frame (a `frame` and two `seat`s took
# 99 ms there, four phones' pages open on a 4-player grid game); the next waits for the next frame that answers.
_HEAVY = const(2)


# CPython's json.loads would guess UTF-16/32 from bytes: decode as UTF-8 first (MicroPython checks UTF-8 itself)
_DECODE_FIRST = hasattr(json, "JSONDecodeError")


class Hex:
    """A reply field written as the hex string of a buffer, a piece at a time (no big string)."""

    def __init__(self, buf):
        self.buf = buf


class BadRequest(ValueError):
    """A request that cannot be done; the message names what was wrong."""


def short(v):
    """A value as JSON for a message, cut to 40 characters."""
    t = json_dumps(v)
    return t if len(t) <= 40 else t[:37] + "..."


def parse_line(line):
    """(id, request object) from one line (bytes or a memoryview, without the newline); BadRequest."""
    if len(line) < len(PREFIX) or bytes(line[:len(PREFIX)]) != PREFIX:
        raise BadRequest("not a protocol line: requests start with '@nb '" if len(line) else "empty line")
    body = line[len(PREFIX):]
    try:
        if _DECODE_FIRST:
            body = str(bytes(body), "utf-8")
        obj = json.loads(body)  # MicroPython parses the line buffer in place: no copy on a small heap
    except UnicodeError:
        raise BadRequest("not UTF-8 text")
    except ValueError as e:
        raise BadRequest("not JSON: %s" % e)
    if not isinstance(obj, dict):
        raise BadRequest("a request is a JSON object (got %s)" % short(obj))
    rid = obj.get("id")
    if "id" not in obj:
        raise BadRequest("missing id")
    if isinstance(rid, bool) or not isinstance(rid, (int, str)):
        raise BadRequest("id must be an integer or a string (got %s)" % short(rid))
    return rid, obj


def _alone(line, n):
    """_ALONE when the request line line[:n] is one of the kinds answered alone (or holds one's name), _HEAVY
    when it is a `frame`, a `state` or a `seat` (or holds one of those words), else 0."""
    for word in (b'"act"', b'"start"'):
        if line.find(word, 0, n) >= 0:
            return _ALONE
    for word in (b'"frame"', b'"state"', b'"seat"'):
        if line.find(word, 0, n) >= 0:
            return _HEAVY
    return 0


def _look(line, n):
    """True when the request line line[:n] only looks (a `frame` request), or is bad and will be refused."""
    if n and line[n - 1] == 13:
        n -= 1
    try:
        req = parse_line(memoryview(line)[:n])[1]
    except BadRequest:
        return True
    return req.get("req") == "frame"


class Protocol:
    def __init__(self, port):
        self.port = port
        self._rbuf = bytearray(CHUNK)
        self._ob = bytearray(OUT)
        self._on = 0
        self._out_line = False
        self._rpos = 0
        self._rlen = 0
        self._line = None  # a request line's bytes (MAX_LINE): made when bytes first come, let go with kinds
        self._n = 0
        self._skip = False  # discarding the rest of a line that was too long
        self.pending = False  # a whole line is in the line buffer, kept for a frame that may answer it
        self._alone = 0  # ...and what kind of line it is (_alone: _ALONE, _HEAVY or 0)
        self.parts = None  # a request arriving in parts: the strings so far
        self.parts_size = 0
        self.kinds = None  # the request handlers (protocol_kinds), in RAM from a request to QUIET_POLLS after one
        self._quiet = 0
        self.lines = 0  # lines answered, errors included
        self.errors = 0
        self._nb = -1
        self.tap_ms = TAP_MS
        self.debounce_ms = 20

    # --- the service ----------------------------------------------------------------------------

    def setup(self, t):
        """Size the tap timers for the table's buttons (once, or again if the table changed)."""
        if self._nb == len(t.injected):
            return
        n = len(t.injected)
        self._nb = n
        self._up_at = [0] * n  # when a tapped button is let go
        self._free_at = [0] * n  # when a let-go button may be tapped again
        self._tapping = bytearray(n)  # 1: held by a tap, 2: waiting for its gap after one
        self._queue = []  # [button, ms] taps waiting for their button
        self._active = 0
        self.debounce_ms = t.profile["buttons"].get("debounce_ms", 20)
        self.tap_ms = max(TAP_MS, self.debounce_ms + 3 * t.frame_ms)

    def poll(self, table, now):
        if self._nb != len(table.injected):
            self.setup(table)
        if self._active:
            self._run_taps(table, now)
        serving = getattr(table, "serving", True)
        if not serving:
            return False  # the table has no room for a reply in this frame (app.py): the port waits
        if not self._answer(table, now, serving == _FRAME_ONLY):
            if self.kinds is not None or self._line is not None:
                self._quiet += 1
                if self._quiet >= QUIET_POLLS:
                    self._put_away()
            return False
        # True: this frame answered. A reply leaves garbage all over the heap: the table draws nothing more
        # in this frame and collects the garbage in the next (table/app.py), before any press is handled and
        # the game's own long-lived objects land in between, so the board's small heap stays in one piece.
        # Not in this frame: on a Pico the collection costs as much as the reply itself (a `state` reply and
        # its collection in one frame took 64 to 77 ms in a grid game on the emulated RP2040).
        if SMALL_HEAP and not hasattr(table, "_collect_due"):  # safe mode's table: nothing else in its frame
            gc.collect()
        return True

    def _answer(self, table, now, look=False):
        """Read and answer what the port has, within this frame's bounds; the number of lines answered.
        look: answer `frame` requests only (and lines that get an error, which read nothing either); the
        first other line is kept whole in the line buffer, unanswered, and nothing after it is read until a
        frame that may answer anything: every line is still answered in order."""
        answered = 0
        heavy = False  # a _HEAVY line answered in this frame
        reads = 0
        buf = self._rbuf
        line = self._line
        if self.pending:
            if look:
                return 0
            self.pending = False
            self._finish(table, now, line)
            if self._alone == _ALONE:
                return 1
            heavy = self._alone == _HEAVY
            answered = 1
        if line is None and self._rpos < self._rlen:
            line = self._line = bytearray(MAX_LINE)
        most = 1 if look else LINES  # a save's frame has room for one such reply
        while answered < most:
            if self._rpos >= self._rlen:
                if reads >= READS:
                    break
                reads += 1
                self._rlen = self.port.readinto(buf) or 0
                self._rpos = 0
                if not self._rlen:
                    break
                if line is None:
                    line = self._line = bytearray(MAX_LINE)
            i = self._rpos
            end = self._rlen
            while i < end:
                c = buf[i]
                i += 1
                if c == 10:
                    if self._skip:
                        self._skip = False
                        self._n = 0
                    else:
                        alone = _alone(line, self._n)
                        if (look and not _look(line, self._n)) or (alone == _ALONE and answered) or \
                                (alone == _HEAVY and heavy):
                            self.pending = True  # for a later frame (its first line, if alone)
                            self._alone = alone
                            self._rpos = i
                            return answered
                        self._finish(table, now, line)
                        answered += 1
                        if alone == _ALONE:
                            self._rpos = i
                            return answered
                        heavy = heavy or alone == _HEAVY
                        break
                elif not self._skip:
                    if self._n < MAX_LINE:
                        line[self._n] = c
                        self._n += 1
                    else:
                        self._skip = True
                        self._n = 0
                        self._send(None, None, "line too long (max %d bytes)" % MAX_LINE)
                        answered += 1
                        break
            self._rpos = i
        return answered

    def _finish(self, table, now, line):
        n = self._n
        self._n = 0
        if n and line[n - 1] == 13:
            n -= 1
        self.answer(table, memoryview(line)[:n], now)

    def _put_away(self):
        """The host has gone quiet: its request handlers and the line buffer leave the board's RAM (about
        3.5 KB of a Pico's heap with the code in ROMFS) until the next request brings them back."""
        self._quiet = 0
        if not self._n and not self._skip:  # no line half-read: its buffer goes too
            self._line = None
        if self.kinds is not None:
            self.kinds.put_away()
            self.kinds = None
            if SMALL_HEAP:  # on CPython a module read again would make its classes anew
                forget_module("nightboard.table.protocol_kinds")

    def answer(self, table, line, now):
        """Answer one request line (bytes, no newline): write the reply and return it (a dict)."""
        rid = None
        try:
            rid, req = parse_line(line)
            self._quiet = 0
            if self.kinds is None:
                from nightboard.table import protocol_kinds

                self.kinds = protocol_kinds
            fields = self.kinds.dispatch(self, table, req, now)
        except ValueError as e:  # BadRequest, or the table or engine refusing (StartError, GameError...)
            return self._send(rid, None, str(e))
        except MemoryError:
            return self._send(rid, None, "out of memory answering this request")
        except Exception as e:  # never let a request stop the table's loop
            return self._send(rid, None, "could not do it: %s: %s" % (type(e).__name__, e))
        return self._send(rid, fields, None)

    def _send(self, rid, fields, error):
        if error is None:
            reply = {"id": rid, "ok": True}
            for k in fields:
                reply[k] = fields[k]
        else:
            reply = {"id": rid, "ok": False, "error": error}
            self.errors += 1
        self.lines += 1
        self._out_line = False
        try:
            self._put("@nb ")
            if not self._dump(reply):
                self._emit(reply)
        except Exception as e:  # e.g. out of memory half-way: end the broken line, then say so
            self._on = 0
            self._put("\n@nb " if self._out_line else "@nb ")
            reply = {"id": rid, "ok": False, "error": "could not write the reply: %s: %s" % (type(e).__name__, e)}
            self._emit(reply)
        self._put("\n")
        self._flush()
        return reply

    # Replies are written a piece at a time through a small buffer: no reply is ever one big string,
    # which a fragmented heap on the board might not find room for.

    def _dump(self, reply):
        """Write the reply as one json.dumps text (C: a state reply in 10 ms instead of 80 on a Pico, measured
        on the emulated RP2040); False, having written nothing, when it holds a Hex (at the top, where the
        kinds put one; MicroPython's json would write its repr) or the heap has no room."""
        for k in reply:
            if isinstance(reply[k], Hex):
                return False
        try:
            text = json_dumps(reply)
        except (TypeError, ValueError, MemoryError):
            return False
        self._put(text)
        return True

    def _emit(self, obj):
        put = self._put
        if isinstance(obj, dict):
            put("{")
            first = True
            for k in obj:
                if not first:
                    put(",")
                first = False
                put(json_dumps(k))
                put(":")
                self._emit(obj[k])
            put("}")
        elif isinstance(obj, (list, tuple)):
            put("[")
            for i in range(len(obj)):
                if i:
                    put(",")
                self._emit(obj[i])
            put("]")
        elif isinstance(obj, Hex):
            put('"')
            mv = memoryview(obj.buf)
            for i in range(0, len(mv), OUT // 2):
                put(hexlify(mv[i:i + OUT // 2]))  # pyright: ignore[reportArgumentType]  hexlify takes any buffer
            put('"')
        else:
            put(json_dumps(obj))

    def _put(self, s):
        if isinstance(s, str):
            s = s.encode()
        k = len(s)
        n = self._on
        ob = self._ob
        if n + k > OUT:
            self._flush()
            n = 0
            if k > OUT:
                self.port.write(s)
                self._out_line = True
                return
        ob[n:n + k] = s
        self._on = n + k

    def _flush(self):
        if self._on:
            self.port.write(memoryview(self._ob)[:self._on])
            self._on = 0
            self._out_line = True  # part of the current line has gone out

    # --- host button presses ----------------------------------------------------------------------

    def hold(self, t, b, pressed):
        """Press (or let go of) button b until told otherwise; its queued taps are dropped."""
        self._drop_taps(b)
        t.inject(b, pressed)

    def let_go_all(self, t):
        """Every button the host holds or taps is let go, its queued taps dropped (a `reset`: presses meant for
        the abandoned game must not reach the start menu)."""
        self.setup(t)
        for b in range(self._nb):
            self._drop_taps(b)
            t.inject(b, False)

    def _drop_taps(self, b):
        q = self._queue
        for i in range(len(q) - 1, -1, -1):
            if q[i][0] == b:
                q.pop(i)
        if self._tapping[b]:
            self._tapping[b] = 0
            self._active -= 1

    def tap(self, t, b, ms, now):
        """Press b now for ms (or, while it is busy with a tap, queue it); True when queued."""
        if self._tapping[b] or t.injected[b]:
            if self._tapping[b] == 0:
                self._drop_taps(b)
                t.inject(b, False)  # a held button is let go, then tapped after the gap
                self._tapping[b] = 2
                self._free_at[b] = t.hal.clock.ticks_add(now, GAP_MS)
                self._active += 1
            self._queue.append([b, ms])
            return True
        self._press_for(t, b, ms, now)
        return False

    def _press_for(self, t, b, ms, now):
        t.inject(b, True)
        self._up_at[b] = t.hal.clock.ticks_add(now, ms)
        if not self._tapping[b]:
            self._active += 1
        self._tapping[b] = 1

    def _run_taps(self, t, now):
        clock = t.hal.clock
        tapping = self._tapping
        for b in range(self._nb):
            st = tapping[b]
            if st == 1 and clock.ticks_diff(now, self._up_at[b]) >= 0:
                t.inject(b, False)
                tapping[b] = 2
                self._free_at[b] = clock.ticks_add(now, GAP_MS)
            elif st == 2 and clock.ticks_diff(now, self._free_at[b]) >= 0:
                nxt = -1
                q = self._queue
                for i in range(len(q)):
                    if q[i][0] == b:
                        nxt = i
                        break
                if nxt < 0:
                    tapping[b] = 0
                    self._active -= 1
                else:
                    self._press_for(t, b, q.pop(nxt)[1], now)
