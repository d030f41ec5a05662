"""The browser's table: the firmware's Table on the simulated hal, one frame per call from the page.

Runs on MicroPython's WebAssembly port (the page) and on CPython (the tests, which compare the two frame by
frame). The page calls, from JavaScript:

start(profile_text, store, random_bytes)  build the table on a validated profile (the start menu, or the game
                                          the store keeps: the table's own save and resume code reads it)
tick(ms)                                  advance the simulated clock by ms and run one frame (Table.tick);
                                          never a loop: MicroPython's wasm port collects garbage only when the
                                          outermost call from JavaScript returns
press(button, down)                       a button's contact, closed or open (mouse, touch, keys)
frame()                                   the frame's colours (Frame.rgb, before gamma) as a hex string
shape()                                   the table's drawing: LED positions, panels, seats (JSON text)
panel()                                   the side panel: describe() lines, the log in words, labels (JSON)
record()                                  the game's record for `nightboard replay` once it is over (JSON),
                                          else why there is none

Storage is `LocalStore`: flat file names over a key-value store (the page's localStorage, a dict in the
tests), behind the hal's storage interface, so the table's saves and resume run unchanged. Random bytes come
from the page (crypto.getRandomValues): seeds and the save key are the browser's, never a clock's.

The log and the labels in words come from the games' host hooks (TOOLS "log_lines", "labels") when the page
has them (web/build.py ships the explain modules); without them the log is each event as JSON.
"""

import nightboard.boot  # noqa: F401  first: the built-in C modules under their plain names, as on boards

import binascii
import json

from nightboard.games import index
from nightboard.hal.sim import SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard.table.palette import SEAT, SEAT_NAMES
from nightboard.table.profile import load_profile

PREFIX = "nb:"  # the store's keys for the table's files
RECORD_KEY = "nb~record"  # the game's record so far (setup and turns), kept beside its save
LOG_KEEP = 400  # events of the game the panel keeps (the table itself keeps only the newest few)


class LocalStore:
    """The hal's storage (hal/__init__.py) over a key-value store of strings: `get(key)` (None or
    undefined when absent), `set(key, value)`, `remove(key)`, `keys()` (every key, as JSON text). Files are kept
    in base64 under PREFIX + name; a write replaces the whole value at once, so `replace` needs no
    temporary file."""

    def __init__(self, kv):
        self.kv = kv

    def _key(self, name):
        from nightboard.hal.files import check_name

        return PREFIX + check_name(name)

    def read(self, name):
        v = self.kv.get(self._key(name))
        if not isinstance(v, str):
            return None
        return binascii.a2b_base64(v)

    def size(self, name):
        data = self.read(name)
        return None if data is None else len(data)

    def exists(self, name):
        return isinstance(self.kv.get(self._key(name)), str)

    def write(self, name, data):
        from nightboard.hal.files import as_bytes

        text = binascii.b2a_base64(as_bytes(name, data)).decode().strip()
        self.kv.set(self._key(name), text)

    def replace(self, name, data, tmp=None):
        self.write(name, data)

    def rename(self, old, new):
        v = self.kv.get(self._key(old))
        if not isinstance(v, str):
            from nightboard.hal.files import missing

            raise missing(old)
        self.kv.set(self._key(new), v)
        self.kv.remove(self._key(old))

    def remove(self, name):
        if not self.exists(name):
            from nightboard.hal.files import missing

            raise missing(name)
        self.kv.remove(self._key(name))

    def listdir(self):
        out = []
        for k in json.loads(self.kv.keys()):
            if isinstance(k, str) and k.startswith(PREFIX):
                out.append(k[len(PREFIX):])
        out.sort()
        return out


class DictStore:
    """A key-value store in a dict (CPython tests, and the node session)."""

    def __init__(self, items=None):
        self.items = dict(items or {})

    def get(self, key):
        return self.items.get(key)

    def set(self, key, value):
        self.items[key] = value

    def remove(self, key):
        self.items.pop(key, None)

    def keys(self):
        return json.dumps(sorted(self.items))


# --- records ------------------------------------------------------------------------------------
# A game's record turn from the (seat, action) pairs the table applied in it, in the game's own record format
# (its TOOLS "record_turn"; docs/records.md): "pairs" [[seat, action], ...] (the default), "one_each" one action
# per players' seat in seat order (null for a seat that did not act), "rounds" {"hunters": [[actions] per
# players' seat], <the board's seat>: "auto" (the board chooses again, from the same stream)}.

def _index(seat, game):
    return seat if isinstance(seat, int) else game.seats().index(seat)


def _pairs(pairs, game):
    return [[s, a] for s, a in pairs]


def _one_each(pairs, game):
    out = [None] * game.players_count()
    for s, a in pairs:
        out[_index(s, game)] = a
    return out


def _rounds(pairs, game):
    n = game.players_count()
    out = {"hunters": [[] for _ in range(n)]}
    for s, a in pairs:
        i = _index(s, game)
        if i < n:
            out["hunters"][i].append(a)
        else:
            out[game.seats()[i]] = "auto"  # the board's own choice, drawn from the game's stream again
    return out


TURN_SHAPES = {"pairs": _pairs, "one_each": _one_each, "rounds": _rounds}


def setup_of(name, opts):
    """A record's setup from a game's Table start options (seed, players and the game's options, its
    defaults for those left out, as the table fills them in)."""
    fields = index.tools(name)["setup"]
    facts = index.facts(name)
    setup = {"seed": opts.get("seed", 0), fields[1]: opts.get("players", facts["players"][0])}
    for opt, values in facts["options"]:
        if opt in fields:
            setup[opt] = opts.get(opt, values[0])
    return setup


class Recorder:
    """Writes down every action the table's game takes, turn by turn, in the store (so that it outlives a
    reload with the save). The record is given only once the game is over (its seed, which tells every
    hidden fact, is public then), and only after it has been replayed to the very state the table ends in."""

    def __init__(self, kv):
        self.kv = kv
        self.data = None
        self.game = None
        self._checked = None  # (game, record or None, why)

    def started(self, name, opts):
        """A game started from these options (the menu's, the page's or a new game's)."""
        self.data = {"game": name, "setup": setup_of(name, opts), "turns": [], "pending": [], "complete": True}
        self.game = None
        self._save()

    def _save(self):
        self.kv.set(RECORD_KEY, json.dumps(self.data))

    def follow(self, table):
        """Watch the table's game (a new one, or one read from a save: the record kept with it goes on)."""
        g = table.game
        if g is None or g is self.game or table.program is None or table.program.get("kind") == "tool":
            return
        self.game = g
        self._checked = None
        name = table.program["name"]
        if self.data is None or self.data.get("game") != name:
            kept = _load(self.kv.get(RECORD_KEY))
            self.data = kept if kept is not None and kept.get("game") == name else \
                {"game": name, "setup": {}, "turns": [], "pending": [], "complete": False}
            self._align(g)
        shape = TURN_SHAPES[index.tools(name).get("record_turn", "pairs")]
        apply = g.apply
        rec = self

        def recorded(seat, action):
            turn = g.turn
            events = apply(seat, action)
            data = rec.data
            data["pending"].append([seat, action])
            if g.turn != turn or g.over:
                data["turns"].append(shape(data["pending"], g))
                data["pending"] = []
            rec._save()
            return events

        g.apply = recorded

    def _align(self, g):
        """A game read from a save: the record kept beside it may be a turn ahead (the page was reloaded
        after a turn was written down and before its save was), or the turn in progress half written. Keep
        the turns that replay to the saved game (the last, or the one or two before it), else call the record
        incomplete."""
        data = self.data
        data["pending"] = []  # a save holds whole turns only
        if not data.get("complete"):
            return
        from nightboard.games.record import replay

        turns = data["turns"]
        state = _facts(g.to_json())
        for k in range(len(turns), max(-1, len(turns) - 3), -1):
            try:
                if _facts(replay({"game": data["game"], "setup": data["setup"], "turns": turns[:k]}).to_json()) == state:
                    del turns[k:]
                    self._save()
                    return
            except ValueError:
                pass
        data["complete"] = False
        self._save()

    def record(self, table):
        """(record, None) once the game is over and its record replays to it, else (None, why not)."""
        g = table.game
        if g is None or self.data is None or g is not self.game:
            return None, "no game is being played"
        if not g.over:
            return None, "the record is given once the game is over (its seed tells every hidden fact)"
        if self._checked is not None and self._checked[0] is g:
            return self._checked[1], self._checked[2]
        rec, why = None, None
        if not self.data.get("complete") or self.data["pending"]:
            why = "this game's actions were not all written down (it was resumed from an older save)"
        else:
            rec = {"game": self.data["game"], "setup": self.data["setup"], "turns": self.data["turns"]}
            try:
                from nightboard.games.record import replay

                if _facts(replay(rec).to_json()) != _facts(g.to_json()):
                    rec, why = None, "the record written down does not replay to this game"
            except ValueError as e:
                rec, why = None, "the record written down does not replay: %s" % e
        self._checked = (g, rec, why)
        return rec, why


def _facts(state):
    """A game's state without its random stream's position: a board seat's thinking at the table draws from
    it (VampiRing's board families), a replay of the actions it chose does not, and the game is the same."""
    state = dict(state)
    state.pop("prng", None)
    return state


def _load(text):
    if not isinstance(text, str):
        return None
    try:
        v = json.loads(text)
    except ValueError:
        return None
    return v if isinstance(v, dict) and isinstance(v.get("turns"), list) and isinstance(v.get("pending"), list) \
        else None


# --- the table ----------------------------------------------------------------------------------

class WebTable:
    """One table: the firmware's Table on a SimClock the page advances, its buttons pressed by the page."""

    def __init__(self, profile_text, kv, random_bytes, start=None):
        try:
            self.profile = load_profile(profile_text)
        except ValueError as e:
            raise ValueError("profile: %s" % e)
        self.kv = kv
        self.clock = SimClock(0)
        self.hal = make_sim_hal(self.profile, storage=LocalStore(kv), clock=self.clock, random_bytes=random_bytes)
        self.recorder = Recorder(kv)
        if start is not None:
            self.recorder.started(start.get("game", index.default()), start)
        self.table = Table(self.profile, self.hal, start)
        begin = self.table.start_game
        rec = self.recorder

        def start_game(opts, save=True):  # every start (the menu's, a new game's) is written down
            begin(opts, save)
            if "position" not in opts:
                rec.started(opts.get("game", index.default()), opts)
            rec.follow(self.table)

        self.table.start_game = start_game
        self.recorder.follow(self.table)
        self.log = []
        self._log_seen = 0
        self._log_play = None
        self._hooks = {}

    def tick(self, ms):
        if ms:
            self.clock.advance(ms)
        t = self.table
        t.tick()
        if t.game is not self.recorder.game:
            self.recorder.follow(t)  # a game read from the save
        return t.frames

    def frame_hex(self):
        """The frame as every public surface shows it: no seat's private view (table/private.py), unless
        debug mode is on and announced."""
        t = self.table
        rgb = t.frame.rgb
        if t.play is not None and not t.debug_visible(t.hal.clock.ticks_ms()):
            rgb = t.private().public(t)
        return binascii.hexlify(rgb).decode()

    def shape(self):
        lay = self.table.layout
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
        keys = []
        for k in self.profile["buttons"]["keys"]:
            keys.append([k["player"], k["role"]])
        return json.dumps({"name": lay.name, "kind": lay.kind, "geometry": [list(g) for g in lay.geometry()],
                           "panels": panels, "buttons": keys, "description": self.profile.get("description", "")})

    def _hook(self, key):
        t = self.table
        if t.program is None or t.program.get("kind") == "tool" or t.play is None:
            return None
        name = t.program["name"]
        if (name, key) not in self._hooks:
            fn = None
            path = index.tools(name).get(key)
            if path:
                module, _, attr = path.partition(":")
                try:
                    fn = getattr(__import__(module, None, None, [attr]), attr)
                except (ImportError, AttributeError):
                    fn = None  # the page was built without the host's words: the plain log
            self._hooks[(name, key)] = fn
        return self._hooks[(name, key)]

    def _events(self):
        t = self.table
        if t.play is not self._log_play or t.log_mark < self._log_seen:
            self._log_play = t.play
            self.log = list(t.log)
            self._log_seen = t.log_mark
        new = t.log_mark - self._log_seen
        if new > 0:
            if t.events.keep < LOG_KEEP:
                t.events.keep = LOG_KEEP
            self.log.extend(t.events.recent(min(new, len(t.events))))
            self._log_seen = t.log_mark
            del self.log[:max(0, len(self.log) - LOG_KEEP)]
        return self.log

    def panel(self):
        t = self.table
        events = self._events()
        words = []
        log_lines = self._hook("log_lines")
        if t.game is not None and t.play is not None:
            if log_lines is not None:
                try:
                    words = [[turn, w] for turn, w in log_lines(events, t.game)]
                except Exception as e:  # noqa: BLE001 - the words are a courtesy; the table plays on
                    words = [[0, "(the log in words failed: %s)" % e]]
            else:
                words = [[ev.get("turn", 0) if isinstance(ev, dict) else 0, json.dumps(ev)] for ev in events]
        labels = []
        place = self._hook("labels")
        if place is not None:
            try:
                labels = [[list(leds), name, short] for leds, name, short in place(t)]
            except Exception:  # noqa: BLE001 - labels are a courtesy too
                labels = []
        g = t.game
        turn_word = "turn"
        if t.program is not None and t.program.get("kind") != "tool":
            turn_word = index.tools(t.program["name"]).get("turn_words", ("turn",))[0]
        return json.dumps({
            "lines": list(t.describe()), "log": words, "labels": labels, "mode": t.mode,
            "game": t.program["name"] if t.program is not None and g is not None else None,
            "title": index.facts(t.program["name"])["title"] if t.program is not None and g is not None
            and t.program.get("kind") != "tool" else None,
            "over": bool(g is not None and g.over), "players": g.players_count() if g is not None else 0,
            "turn_word": turn_word, "record": self.record_ready()})

    def record_ready(self):
        return self.recorder.record(self.table)[0] is not None

    def record(self):
        """{"text": the record as its file holds it, "name": a file name, "why": why there is none}. The text is
        made here: a seed is 62 bits, more than a JavaScript number keeps exactly, so the page never parses it."""
        rec, why = self.recorder.record(self.table)
        if rec is None:
            return json.dumps({"text": None, "name": None, "why": why})
        return json.dumps({"text": json.dumps(rec) + "\n", "name": "%s-%s.json" % (rec["game"], rec["setup"].get("seed")),
                           "why": None})

    def new_game(self):
        """After a game is over: the start menu again (the page's "ok" does this as the terminal does)."""
        t = self.table
        t.play = None
        t.mode = "menu"


TABLE = []  # the one table of the page


def start(profile_text, kv, random_hex, start_json=None):
    """Build the page's table; returns its shape (JSON). ValueError with the reason for a bad profile.
    random_hex(n): n random bytes as hex text (the page's crypto.getRandomValues); start_json: a game to
    start at once (its Table start options, seed included), else the start menu or the saved game."""
    del TABLE[:]
    opts = json.loads(start_json) if start_json else None

    def random_bytes(n):
        return binascii.unhexlify(str(random_hex(n)))

    TABLE.append(WebTable(profile_text, kv, random_bytes, opts))
    return TABLE[0].shape()


def tick(ms):
    return TABLE[0].tick(ms)


def press(button, down):
    TABLE[0].hal.buttons.set(button, 1 if down else 0)


def frame():
    return TABLE[0].frame_hex()


def panel():
    return TABLE[0].panel()


def record():
    return TABLE[0].record()


def new_game():
    TABLE[0].new_game()


def games():
    """[[name, title]] of the games in the index (the page's help)."""
    return json.dumps([[n, index.facts(n)["title"]] for n in index.names()])
