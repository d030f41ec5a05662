"""The party's one conversation with the board: a thread that asks it what everybody may see, what each seat may
see and do, and carries the seats' actions to it (docs/party.md).

It speaks only the protocol: `hello`, `profile`, `state`, `frame`, `events` for the table page, `seat` for each
seat's own view and choices, `act` for a seat's action, `start` and `tap` for the table page's own controls. Every
message it publishes is whole (a snapshot, never a difference), so a page that comes back after a sleep or a
reload is right with the first message it gets. A board that stops answering is opened again every second; the
pages are told so in words meanwhile.
"""

import json
import queue
import threading
import time
from concurrent.futures import Future

from nightboard.table.layout import Layout
from nightboard.table.palette import SEAT, SEAT_NAMES
from nightboard.table.profile import ProfileError, load_profile
from nightboard_host.link.client import SOFT_REBOOT, BoardTimeout, ProtocolError, RequestFailed, decode, encode
from nightboard_host.web import party_words

LINES = 4  # requests sent at once: the board answers up to 4 lines in a frame (docs/protocol.md)
# Between rounds the party waits this long for a page's request (a round itself takes some 3 frames). The board
# answers no request in the two frames after one that answered (docs/protocol.md), and an `act` only as a frame's
# first line: asked without pause, it would always be in those frames, and a tap would wait some 4 frames for the
# next that answers. With this gap a tap mostly finds the board ready (its picture on the table page, some
# 5 rounds a second, and the board's own frames drawn more often).
ROUND_GAP_S = 0.05
STATE_EVERY_S = 0.25  # the words, the log and the seats' views (also at once after anything a page did)
SEATS_EVERY_S = 2.0  # each seat's view, asked again even when nothing public moved
HEAVY = ("frame", "state", "seat")  # the replies the board gives one a frame (docs/protocol.md): one a round
RETRY_S = 1.0
LOG_KEPT = 60


def plan_round(acts, work, framed):
    """What one round asks besides the `acts` pages' requests it sends first: (ask for the frame, how many of
    `work`'s first requests go with it). `work` holds the waiting requests, each (kind, ...); `framed`: the
    last round asked for the frame. A round asks for one of the costliest replies on a Pico (the frame, the words or a seat's view,
    HEAVY): the board answers one `frame`, `state` or `seat` a frame, so a second would keep every line behind
    it, a page's action too, three frames more (a round of a frame and four seats' views took some 12 frames).
    After an action the frame comes first (its turn's picture, during the save); then the words when they are
    due, the log's `events` with the next frame (a `state` and its `events` took 34 to 36 ms of a frame on a
    Pico); the seats' views waiting take every other round, the frame the others."""
    words = not acts and bool(work) and work[0][0] == "state"
    seat = not acts and not words and bool(work) and work[0][0] == "seat" and framed
    frame = not (words or seat)
    kinds = ["frame"] if frame else []
    room = LINES - acts if acts else LINES - 1  # the board answers up to LINES lines in a frame
    n = 0
    while n < len(work) and len(kinds) < room:
        kind = work[n][0]
        if kind in HEAVY and any(k in HEAVY for k in kinds) or kind == "state" and not words or \
                kind == "events" and (words or "events" in kinds):
            break
        kinds.append(kind)
        n += 1
    return frame, n


def dumps(obj):
    """The one way the party writes a message: the same object always gives the same bytes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def shape_of(profile):
    """The table's shape for web/table-canvas.js (as web/py/webtable.py gives it to the browser table)."""
    lay = Layout(profile)
    panels = []
    for p in range(lay.max_players):
        hand = None
        if lay.hand_w:
            w, h = lay.hand_w, lay.hand_h
            hand = [lay.hand_led(p, 0, 0), lay.hand_led(p, w - 1, 0), lay.hand_led(p, w - 1, h - 1), w, h]
        panels.append({"blood": [lay.blood_led(p, 0), lay.blood_led(p, lay.blood_count - 1)],
                       "status": [lay.status_led(p, 0), lay.status_led(p, lay.status_count - 1)],
                       "hand": hand, "name": SEAT_NAMES[p] if p < len(SEAT_NAMES) else "player %d" % p,
                       "colour": list(SEAT[p % len(SEAT)])})
    return {"name": lay.name, "kind": lay.kind, "geometry": [list(g) for g in lay.geometry()], "panels": panels}


def seat_name(p):
    return SEAT_NAMES[p] if 0 <= p < len(SEAT_NAMES) else "player %d" % p


class Driver:
    """Owns the link to `board` (party_link.SimBoard or PortBoard) in a thread; `publish(kind, seat, text)` is
    called with each new message (kind "frame", "table" or "seat"; seat None but for "seat")."""

    def __init__(self, board, publish):
        self.board = board
        self.publish = publish
        self.commands = queue.Queue()
        self.link = None
        self.profile = None
        self.shape = None
        self.layout = None
        self.status = "connecting to %s" % board.describe()
        self.seats = 0  # seats of the table (its panels), known once the profile came
        self.players = 0
        self.game_seats = 0  # the game's seats: its players' and any the board alone plays (a hidden player's)
        self._last = {}  # what was last published: (kind, seat) -> text
        self._state = None
        self._public_key = None
        self._log = []
        self._log_game = None
        self._last_seq = 0
        self._to_move = []
        self._framed = True  # the last round asked for the frame (the seats' views waiting take every other round)
        self.phones = set()  # seats whose page has been opened: marked on the board as played from a phone
        self._marked = set()  # seats the board said are marked so
        self._board_seats = set()  # seats of the game the board said it plays
        self._seat_due = 0.0
        self._words_due = 0.0
        self._work = []  # the questions to ask next: (kind, args, what to do with the reply)
        self._force = False
        self._seats_wanted = False
        self._stop = threading.Event()
        self._thread = None
        self._inflight = []  # the pages' requests sent and not yet answered (their Futures)
        self._hurry = False  # a page's request went out behind a round: the next round asks for the frame at once
        self.frame_count = 0  # frames published (the bench)

    # --- the web side asks ------------------------------------------------------------------------------

    def submit(self, kind, **args):
        """A Future with the board's reply to a request done for a page (act, start, tap), or its error."""
        fut = Future()
        self.commands.put((kind, args, fut))
        self._poke()
        return fut

    def wake(self):
        """Ask the board for the words and the seats' views at once (a page just opened)."""
        self.commands.put(("", None, None))

    def start(self):
        self._thread = threading.Thread(target=self._run, name="nightboard-party-driver", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self.commands.put(None)
        if self._thread is not None:
            self._thread.join(3.0)
        self._close()

    # --- the thread -------------------------------------------------------------------------------------

    def _run(self):
        while not self._stop.is_set():
            try:
                if self.link is None:
                    self._connect()
                hurry, self._hurry = self._hurry, False
                self.round(0.0 if hurry else ROUND_GAP_S)
            except Restarted:  # back at its start menu, answering again: ask everything afresh
                self._work = []
                self._force = True
                self._words_due = 0.0
            except ProtocolError as e:
                self._lost(str(e))
            except (OSError, ValueError) as e:  # a port gone under pyserial, a reply that is no JSON object
                self._lost(str(e))
            except Exception as e:  # noqa: BLE001 - a fault of ours: said on the pages and the terminal, then on
                import traceback

                traceback.print_exc()
                self._lost("the party's own fault: %s: %s" % (type(e).__name__, e))

    def _connect(self):
        link = self.board.link()
        try:
            link.call("hello")
            try:
                profile = load_profile(link.call("profile")["profile"])
            except ProfileError as e:
                raise ProtocolError("the board's profile does not check out here: %s" % e)
        except Exception:
            _close(link)
            raise
        self.link = link
        if self.profile is None or profile != self.profile:
            self.profile = profile
            self.layout = Layout(profile)
            self.shape = shape_of(profile)
            self.seats = profile["max_players"]
        self.status = ""
        self._public_key = None
        self._marked = set()
        self._last_seq = 0
        self._log = []
        self._seat_due = 0.0
        self._words_due = 0.0
        self._work = []
        self._force = True
        self._publish_table()

    def _lost(self, why):
        self._close()
        self.status = "the board is not answering (%s): trying again every second" % why
        self._fail_commands(self.status)
        self._publish_table()
        for s in range(self.seats):
            self._publish_seat(s, None)
        self._stop.wait(RETRY_S)

    def _close(self):
        link, self.link = self.link, None
        _close(link)

    def _fail_commands(self, why):
        while True:
            try:
                item = self.commands.get_nowait()
            except queue.Empty:
                return
            if item is not None and item[2] is not None:
                item[2].set_exception(ProtocolError(why))

    def round(self, wait_s=0.0):
        """One exchange with the board: the pages' requests first, the frame (or, when they are due and no page
        acted, the words), and the next questions of the seats' views, sent at once (the board answers up to
        LINES in one frame, and a frame
        that answered is followed by two that answer nothing: one request at a time would cost three frames
        each). Without a page's request the round leaves one line of room, and a page's request that comes
        while the round waits is sent at once behind it (docs/party.md): it is answered in the same frame
        rather than three frames after the round. Each reply is used as it comes: the board answers a
        `frame` during a save and the rest after it."""
        cmds = self._commands(wait_s)
        if cmds is None:
            return
        now = time.monotonic()
        if cmds or self._force or now >= self._words_due:
            self._words_due = now + STATE_EVERY_S
            if not any(k in ("state", "events") for k, _a, _h in self._work):
                self._work[:0] = [("state", {}, self._got_state), ("events", {"since": self._last_seq},
                                                                    self._got_events)]
            self._force = self._force or bool(cmds)
        frame, n = plan_round(len(cmds), self._work, self._framed)
        self._framed = frame
        reqs = ([("frame", {}, self._got_frame)] if frame else []) + self._work[:n]
        del self._work[:n]
        try:
            exchange(self.link, [self._command(c) for c in cmds] + reqs, more=self._more)
        except Exception as e:  # the board gone, or a reply the party could not use: no page waits for ever
            self._fail_inflight(e if isinstance(e, ProtocolError) else ProtocolError(str(e)))
            raise
        if not self._work and self._seats_wanted:
            self._seats_wanted = False
            self._ask_seats()

    def _commands(self, wait_s):
        """The pages' requests waiting (up to LINES - 1, waiting up to wait_s for the first), or None to stop."""
        cmds = []
        try:
            item = self.commands.get(timeout=wait_s) if wait_s > 0 else self.commands.get_nowait()
            while True:
                if item is None:
                    return None
                if item[2] is None:
                    self._force = True  # a wake: the views at once
                elif item[2].set_running_or_notify_cancel():
                    cmds.append(item)
                if len(cmds) >= LINES - 1:
                    break
                item = self.commands.get_nowait()
        except queue.Empty:
            pass
        return cmds

    def _command(self, item):
        kind, args, fut = item
        self._inflight.append(fut)

        def done(reply):
            self._inflight.remove(fut)
            fut.set_result(reply)
        return kind, args, done

    def _more(self):
        """A page's requests that came while a round waits: sent at once (exchange's `more`)."""
        out = []
        while True:
            try:
                item = self.commands.get_nowait()
            except queue.Empty:
                return out
            if item is None:
                self._stop.set()
                self.commands.put(None)  # (seen again by the next round, which ends the thread)
                return out
            if item[2] is None:
                self._force = True
            elif item[2].set_running_or_notify_cancel():
                out.append(self._command(item))
                self._hurry = True  # its turn's picture: the board shows it during the save to a `frame` waiting

    def _fail_inflight(self, e):
        futs, self._inflight = self._inflight, []
        for fut in futs:
            if not fut.done():
                fut.set_exception(e)

    def _poke(self):
        """Wake the round that waits on the board, so that it sends a page's request at once."""
        link = self.link
        poke = getattr(link, "poke", None)
        if poke is not None:
            poke()

    def _got_frame(self, r):
        leds = r.get("leds")
        if not r.get("ok") or not isinstance(leds, str):
            raise ProtocolError("the board's frame reply has no leds: %s" % r.get("error", r))
        if self._emit("frame", None, dumps({"leds": leds})):
            self.frame_count += 1

    def _got_state(self, r):
        if not r.get("ok"):
            raise ProtocolError("the board refused state: %s" % r.get("error"))
        self._state = r
        game = r.get("game")
        if game != self._log_game:
            self._log, self._log_game = [], game
            self._marked = set()  # a new game: its seats are marked afresh
            self._board_seats = set()
        self.players = _players(r)
        seats = r.get("seats")
        self.game_seats = seats if isinstance(seats, int) and not isinstance(seats, bool) else self.players
        key = dumps([r.get("mode"), game, r.get("turn"), r.get("describe"), r.get("state")])
        now = time.monotonic()
        if key != self._public_key or self._force or now >= self._seat_due:
            self._seat_due = now + SEATS_EVERY_S
            self._seats_wanted = True
        self._force = False
        self._public_key = key
        self._publish_table()
        self._publish_roles()

    def _got_events(self, r):
        if not r.get("ok"):
            raise ProtocolError("the board refused events: %s" % r.get("error"))
        last = r.get("last", 0)
        if last < self._last_seq:  # the board restarted: its numbering starts again
            self._log = []
            self._last_seq = 0
            self._work.append(("events", {"since": 0}, self._got_events))
            return
        for seq, ev in r.get("events") or []:
            self._log.append(ev)
            self._last_seq = seq
        del self._log[:max(0, len(self._log) - LOG_KEPT)]
        if r.get("more"):
            self._work.append(("events", {"since": self._last_seq}, self._got_events))
        self._publish_table()

    def _ask_seats(self):
        """The seats' views: asked of the board for the seats in the game, said plainly for the others."""
        r = self._state or {}
        playing = r.get("mode") in ("game", "confirm_quit")
        self._to_move = [s for s in self._to_move if s < self.players] if playing else []
        # The seats the game waits for first: their choices are what a phone in a hand is waiting for.
        for s in sorted(range(self.seats), key=lambda s: s not in self._to_move):
            if not playing or s >= self.game_seats:
                self._publish_seat(s, None)
                continue
            args = {"seat": s}
            if s in self.phones and s not in self._marked:
                args["phone"] = True  # a page of this seat is open: the table draws nothing of its secrets
            self._work.append(("seat", args, lambda reply, s=s: self._got_seat(s, reply)))

    def _got_seat(self, s, reply):
        if reply.get("ok") and reply.get("phone"):
            self._marked.add(s)
        else:
            self._marked.discard(s)
        if reply.get("ok") and reply.get("board"):
            self._board_seats.add(s)
        else:
            self._board_seats.discard(s)
        self._publish_roles()
        moving = bool(reply.get("ok") and reply.get("to_move"))
        if moving != (s in self._to_move):
            self._to_move = sorted(set(self._to_move) ^ {s})
            self._publish_table()
        # (whom a page waits for is as the seats' replies so far tell: the seats are asked in turn, again every
        # SEATS_EVERY_S; a page's message made again from an older reply would show choices already played)
        self._publish_seat(s, reply)

    # --- the messages -----------------------------------------------------------------------------------

    def roles(self):
        """Who plays each seat of the table: "person" (a join code for it), "board" (the board plays it) or
        "out" (not in the game being played). In the start menu every seat is a person's: anyone may join
        before the game is chosen."""
        r = self._state or {}
        if r.get("mode") not in ("game", "confirm_quit"):
            return ["person"] * self.seats
        return ["out" if s >= self.game_seats else "board" if s in self._board_seats else "person"
                for s in range(self.seats)]

    def table_message(self):
        r = self._state or {}
        game = r.get("game") if r.get("mode") in ("game", "confirm_quit") else None
        mirror = party_words.mirror(game, r.get("state"), self.players)
        return {"status": self.status, "mode": r.get("mode"), "game": game,
                "title": party_words.title(game), "describe": list(r.get("describe") or []),
                "turn": r.get("turn"), "players": self.players, "to_move": list(self._to_move),
                "over": bool(game) and party_words.over(r.get("state")),
                "log": party_words.log_words(game, self._log, mirror),
                "labels": party_words.labels(game, self.layout, mirror), "seed": r.get("seed")}

    def seat_message(self, s, reply):
        r = self._state or {}
        game = r.get("game") if r.get("mode") in ("game", "confirm_quit") else None
        msg = {"seat": s, "name": seat_name(s), "colour": list(SEAT[s % len(SEAT)]), "status": self.status,
               "title": party_words.title(game), "turn": r.get("turn"),
               "describe": [party_words.without_keys(line) for line in r.get("describe") or []],
               "waiting": [seat_name(x) for x in self._to_move if x != s],
               "playing": bool(game) and s < self.players, "over": bool(game) and party_words.over(r.get("state")),
               "to_move": False, "board": False, "note": None, "view": [], "secret": False, "actions": [],
               "error": None}
        if reply is None:
            return msg
        if not reply.get("ok"):
            msg["error"] = reply.get("error", "?")
            return msg
        msg["to_move"] = bool(reply.get("to_move"))
        msg["board"] = bool(reply.get("board"))
        msg["note"] = reply.get("note")
        msg["view"] = party_words.view_words(game, s, reply.get("view"), r.get("state"))
        msg["secret"] = party_words.holds_secrets(reply.get("view"), r.get("state"))
        acts = []
        for a in reply.get("choices") or []:
            if isinstance(a, dict) and "action" in a:
                acts.append({"action": a["action"], "words": str(a.get("words") or a["action"])})
        msg["actions"] = acts
        return msg

    def _publish_table(self):
        self._emit("table", None, dumps(self.table_message()))

    def _publish_roles(self):
        self._emit("roles", None, dumps(self.roles()))

    def _publish_seat(self, s, reply):
        self._emit("seat", s, dumps(self.seat_message(s, reply)))

    def _emit(self, kind, seat, text):
        if self._last.get((kind, seat)) == text:
            return False
        self._last[(kind, seat)] = text
        self.publish(kind, seat, text)
        return True

    def latest(self, kind, seat=None):
        return self._last.get((kind, seat))


class Restarted(ProtocolError):
    """The board restarted into its start menu (a game was left) before it answered everything."""


def exchange(link, reqs, timeout=None, more=None):
    """Send every request of reqs ([(kind, args, handler)]) at once, in order, and call each handler with its
    reply as it comes; more(), asked after each read while replies are missing, gives requests to send at once
    behind them (each one's wait starts when it is sent). Short requests only (no parts). Restarted when the
    board restarted meanwhile (after its hello again)."""
    waiting = {}  # id -> (kind, handler)
    order = []

    def send(items):
        data = bytearray()
        for kind, args, handler in items:
            rid = link._next
            link._next += 1
            waiting[rid] = (kind, handler)
            order.append(rid)
            data.extend(encode(rid, kind, args))
        link._write(bytes(data))
        link.sent += len(items)

    send(reqs)
    deadline = link._deadline(timeout)
    while waiting:
        lines = link._lines(deadline)
        for i in range(len(lines)):
            text = lines[i]
            obj = decode(text)
            if obj is None:
                if SOFT_REBOOT in text:
                    link._unread = lines[i + 1:] + link._unread
                    link.wait_restarted(link.restart_wait, seen=True)
                    raise Restarted("%s restarted into its start menu" % link.name)
                link._note(text)
            elif type(obj.get("id")) is int and obj["id"] in waiting:
                waiting.pop(obj["id"])[1](obj)
            else:
                link._keep(link.stray, obj)
        if waiting and more is not None:
            extra = more()
            if extra:
                send(extra)
                deadline = link._deadline(timeout)
        if waiting and link._expired(deadline):
            rid = [r for r in order if r in waiting][0]
            raise BoardTimeout(link._timeout_message(waiting[rid][0], rid, timeout))


def _players(r):
    """The players of the running game (the `state` reply's players; 0 in the menu)."""
    v = r.get("players")
    return v if isinstance(v, int) and not isinstance(v, bool) else 0


def _close(link):
    if link is not None:
        try:
            link.close()
        except Exception:  # noqa: BLE001 - a port already gone
            pass


__all__ = ["Driver", "dumps", "shape_of", "RequestFailed"]
