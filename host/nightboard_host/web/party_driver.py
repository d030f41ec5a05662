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
from nightboard_host.link.client import ProtocolError, RequestFailed
from nightboard_host.web import party_words

FRAME_EVERY_S = 0.04  # the table page's LEDs: about 25 pictures a second
STATE_EVERY_S = 0.25  # the words, the log and the seats' views (also at once after anything a page did)
SEATS_EVERY_S = 2.0  # each seat's view, asked again even when nothing public moved
RETRY_S = 1.0
LOG_KEPT = 60


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
        self._last = {}  # what was last published: (kind, seat) -> text
        self._state = None
        self._public_key = None
        self._log = []
        self._log_game = None
        self._last_seq = 0
        self._to_move = []
        self.phones = set()  # seats whose page has been opened: marked on the board as played from a phone
        self._marked = set()  # seats the board said are marked so
        self._seat_due = 0.0
        self._stop = threading.Event()
        self._thread = None
        self.frame_count = 0  # frames published (the bench)

    # --- the web side asks ------------------------------------------------------------------------------

    def submit(self, kind, **args):
        """A Future with the board's reply to a request done for a page (act, start, tap), or its error."""
        fut = Future()
        self.commands.put((kind, args, fut))
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
                self._pass()
            except ProtocolError as e:
                self._lost(str(e))
            except (OSError, ValueError) as e:  # a port gone under pyserial, a reply that is no JSON object
                self._lost(str(e))

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

    def _pass(self):
        """One round: the pages' requests first, then the frame, and the words when due."""
        deadline = time.monotonic() + FRAME_EVERY_S
        acted = False
        while True:
            try:
                item = self.commands.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                break
            if item is None:
                return
            self._do(*item)
            acted = True
            if time.monotonic() >= deadline:
                break
        self._frame()
        now = time.monotonic()
        if acted or now >= getattr(self, "_state_due", 0.0):
            self._state_due = now + STATE_EVERY_S
            self._words(force_seats=acted)

    def _do(self, kind, args, fut):
        if fut is None:
            return  # a wake: the words and the views follow
        if fut.set_running_or_notify_cancel():
            try:
                reply = self.link.request(kind, **args)
            except ProtocolError as e:
                fut.set_exception(e)
                raise
            fut.set_result(reply)

    def _frame(self):
        r = self.link.call("frame")
        leds = r.get("leds")
        if not isinstance(leds, str):
            raise ProtocolError("the board's frame reply has no leds")
        if self._emit("frame", None, dumps({"leds": leds})):
            self.frame_count += 1

    def _words(self, force_seats=False):
        r = self.link.call("state")
        self._state = r
        self._events(r)
        key = dumps([r.get("mode"), r.get("game"), r.get("turn"), r.get("describe"), r.get("state"), self._last_seq])
        now = time.monotonic()
        changed = key != self._public_key
        self._public_key = key
        if changed or force_seats or now >= self._seat_due:
            self._seat_due = now + SEATS_EVERY_S
            self._seat_views()
        self._publish_table()

    def _events(self, r):
        game, turn = r.get("game"), r.get("turn")
        if game != self._log_game:
            self._log, self._log_game = [], game
            self._marked = set()  # a new game: its seats are marked afresh
        events, last = self.link.events(self._last_seq)
        if last < self._last_seq:  # the board restarted: its numbering starts again
            self._log = []
            self._last_seq = 0
            events, last = self.link.events(0)
        for seq, ev in events:
            self._log.append(ev)
            self._last_seq = seq
        del self._log[:max(0, len(self._log) - LOG_KEPT)]
        del turn

    def _seat_views(self):
        r = self._state or {}
        self.players = _players(r)
        to_move = []
        for s in range(self.seats):
            reply = None
            if r.get("mode") in ("game", "confirm_quit") and s < self.players:
                args = {"seat": s}
                if s in self.phones and s not in self._marked:
                    args["phone"] = True  # a page of this seat is open: the table draws nothing of its secrets
                reply = self.link.request("seat", **args)
                if reply.get("ok") and reply.get("phone"):
                    self._marked.add(s)
                else:
                    self._marked.discard(s)
                if reply.get("ok") and reply.get("to_move"):
                    to_move.append(s)
            self._publish_seat(s, reply)
        self._to_move = to_move

    # --- the messages -----------------------------------------------------------------------------------

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
               "title": party_words.title(game), "describe": list(r.get("describe") or []), "turn": r.get("turn"),
               "playing": bool(game) and s < self.players, "over": bool(game) and party_words.over(r.get("state")),
               "to_move": False, "board": False, "note": None, "view": [], "actions": [], "error": None}
        if reply is None:
            return msg
        if not reply.get("ok"):
            msg["error"] = reply.get("error", "?")
            return msg
        msg["to_move"] = bool(reply.get("to_move"))
        msg["board"] = bool(reply.get("board"))
        msg["note"] = reply.get("note")
        msg["view"] = party_words.view_words(game, s, reply.get("view"), r.get("state"))
        acts = []
        for a in reply.get("choices") or []:
            if isinstance(a, dict) and "action" in a:
                acts.append({"action": a["action"], "words": str(a.get("words") or a["action"])})
        msg["actions"] = acts
        return msg

    def _publish_table(self):
        self._emit("table", None, dumps(self.table_message()))

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
