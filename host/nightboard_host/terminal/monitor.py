"""`nightboard monitor`: a board's LEDs live in the terminal, its event log, its buttons on the keyboard.

RemoteTable  looks like a Table to terminal.TerminalView, filled from protocol replies: the
             layout from the board's profile, the frame from "frame", the side panel from
             "state" and the log from "events"
RemoteKeys   keys -> "tap" / "press" / "release" requests (the same key map as `nightboard play`)
dump/load    the state to a file (the save itself once debug mode is shown on the table, else
             the public position) and back onto the board
run()        the interactive loop; `--dump FILE` / `--load FILE` do one thing without a terminal
"""

import json
import os
import sys
import time

from nightboard.games import index
from nightboard.table import programs
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import ProfileError, load_profile
from nightboard_host.terminal import view as terminal
from nightboard_host.link.client import Client, ProtocolError, RequestFailed
from nightboard_host.jsonfile import load_json

DUMP_FORMAT = "nightboard-dump"
DEFAULT_FILE = "nightboard-dump.json"
LOG_KEPT = 60
STATE_EVERY_S = 0.25  # how often the side panel and the log are asked for (the frame: every pass)
COMMANDS = {"1": "dump", "2": "load", "3": "debug"}
HELP = "1: dump to file  2: load it  3: debug mode"


class PublicGame:
    """What the board told of its game: the public view, with the little TerminalView and the
    explainers read (players_count, turn, view). Nothing is rebuilt and nothing is invented: the
    monitor never holds more than everybody may see."""

    def __init__(self, view, players=None):
        self._view = view
        self.turn = view.get("turn", 1) if isinstance(view.get("turn"), int) else 1
        self._players = players if isinstance(players, int) and not isinstance(players, bool) else 0

    def players_count(self):
        return self._players

    def view(self, seat=None):
        return self._view

    def public(self):
        return self._view


def mirror(program, view, players=None):
    """The game as the board's public view tells it (for TerminalView's words), or None."""
    if program is None or not isinstance(view, dict):
        return None
    return PublicGame(view, players)


class RemoteTable:
    """A board seen through the protocol, shaped like the Table that TerminalView draws."""

    def __init__(self, link):
        self.link = link
        hello = link.call("hello")
        self.firmware = hello.get("firmware")
        self.board_profile = hello.get("profile")
        try:
            self.profile = load_profile(link.call("profile")["profile"])
        except ProfileError as e:
            raise ProtocolError("the board's profile does not check out here: %s" % e)
        self.layout = Layout(self.profile)
        self.frame = Frame(self.profile["led"]["count"])
        self.mode = hello.get("mode")
        self.program_name = hello.get("game")
        self.program = None  # the running program's entry in table/programs.py (as Table.program)
        self.game = None
        self.view = None
        self.hidden = None
        self.debug = False
        self.turn = None
        self.lines = []
        self.log = []
        self.log_mark = 0  # grows with every event fetched: the terminal redraws when it changes
        self.last_seq = 0
        self.frames = 0
        self.status = ""
        keys = self.profile["buttons"]["keys"]
        self._ids = {}
        for i in range(len(keys)):
            self._ids[(keys[i]["player"], keys[i]["role"])] = i

    def button_id(self, player, role):
        try:
            return self._ids[(player, role)]
        except KeyError:
            raise ValueError("no %s button for player %d" % (role, player))

    def describe(self):
        out = list(self.lines)
        if self.debug:
            out.append("DEBUG mode on" + (": hidden facts shown" if self.hidden is not None else " (being announced)"))
            out.extend(self.hidden_lines())
        out.append(HELP)
        if self.status:
            out.append(self.status)
        return out

    def hidden_lines(self):
        """What debug mode shows beyond the public view: each hidden field, one line each."""
        if not isinstance(self.hidden, dict):
            return []
        public = self.view if isinstance(self.view, dict) else {}
        out = []
        for k in sorted(self.hidden):
            if k != "format" and (k not in public or public[k] != self.hidden[k]):
                text = json.dumps(self.hidden[k], separators=(",", ":"))
                out.append("  %s: %s" % (k, text if len(text) <= 60 else text[:57] + "..."))
        return out

    def refresh(self):
        self.refresh_frame()
        self.refresh_state()
        self.refresh_events()

    def refresh_frame(self):
        r = self.link.call("frame")
        rgb = bytes.fromhex(r["leds"])
        if len(rgb) != len(self.frame.rgb):
            raise ProtocolError("the board sent %d LEDs, its profile has %d" % (len(rgb) // 3, self.frame.n))
        self.frame.rgb[:] = rgb
        self.frames = r.get("frames", 0)

    def refresh_state(self):
        r = self.link.call("state")
        program, turn = r.get("game"), r.get("turn")
        if program != self.program_name or (turn is not None and self.turn is not None and turn < self.turn):
            self.log = []  # another game: its events start afresh
        self.program_name = program
        try:
            self.program = programs.find(program) if program is not None else None
        except ValueError:
            self.program = {"name": program}
        self.turn = turn
        self.mode = r.get("mode")
        self.lines = list(r.get("describe") or [])
        self.view = r.get("state")
        self.hidden = r.get("hidden")
        self.debug = bool(r.get("debug"))
        self.game = mirror(program, self.view, r.get("players"))
        return r

    def refresh_events(self):
        events, last = self.link.events(self.last_seq)
        if last < self.last_seq:  # the board restarted: its numbering starts again
            self.last_seq = 0
            self.log = []
            events, last = self.link.events(0)
        for seq, ev in events:
            self.log.append(ev)
            self.last_seq = seq
            self.log_mark += 1
        if len(self.log) > LOG_KEPT:
            del self.log[:len(self.log) - LOG_KEPT]

    # --- dump and load ----------------------------------------------------------------------

    def dump(self):
        """Everything the board will tell about its game, as one JSON-able object."""
        r = self.refresh_state()
        events, last = self.link.events(0)
        d = {"format": DUMP_FORMAT, "version": 1, "firmware": self.firmware, "profile": self.board_profile,
             "mode": r.get("mode"), "game": r.get("game"), "turn": r.get("turn"), "describe": r.get("describe"),
             "state": r.get("state"), "events": events, "last_event": last}
        save = None
        if r.get("hidden") is not None:
            try:
                save = self.link.call("save").get("state")
            except RequestFailed:
                save = None
        if save is not None:
            d["save"] = save  # the whole game, secrets included (debug mode is shown on the table)
            d["position"] = r["hidden"]
        elif r.get("state") is not None:
            d["position"] = r["state"]  # the public position: no pending choices
        return d

    def load(self, obj):
        """Put a dump, a save (game.json) or a position onto the board; returns what was done."""
        if not isinstance(obj, dict):
            raise ValueError("not a dump, a save or a position (a JSON object)")
        if "save" in obj and isinstance(obj["save"], dict):
            try:
                self.link.call("load", state=obj["save"])
                return "loaded the saved game"
            except RequestFailed as e:
                if "not supported" not in e.error or "position" not in obj:
                    raise
        if "program" in obj and isinstance(obj.get("state"), dict):  # a save payload as the board writes it
            self.link.call("load", state=obj)
            return "loaded the saved game"
        game = obj.get("game") or index.default()
        if "position" in obj:
            pos = obj["position"]
        elif obj:
            pos = obj  # a bare position: it names its game, or is one of the index's first (older dumps)
        else:
            raise ValueError("not a dump, a save or a position: it is empty")
        if not isinstance(pos, dict):
            raise ValueError("its position is not an object")
        self.link.call("start", game=game, position=pos)
        return "started %s from the position" % game


class RemoteKeys:
    """Keys -> button requests: a tap, a long tap (capital) or, for look, a press / release toggle."""

    def __init__(self, remote, keymap, tap_ms=None, long_ms=terminal.LONG_MS):
        self.remote = remote
        self.keymap = keymap
        self.tap_ms = tap_ms
        self.long_ms = long_ms
        self.looking = set()

    def key(self, ch):
        hit = self.keymap.lookup(ch)
        if hit is None:
            return False
        button, role, long = hit
        link = self.remote.link
        if role == "look" and not long:
            if button in self.looking:
                self.looking.discard(button)
                link.call("release", button=button)
            else:
                self.looking.add(button)
                link.call("press", button=button)
        elif long:
            self.looking.discard(button)
            link.call("tap", button=button, ms=self.long_ms)
        elif self.tap_ms is not None:
            link.call("tap", button=button, ms=self.tap_ms)
        else:
            link.call("tap", button=button)
        return True

    def release_all(self):
        for b in sorted(self.looking):
            try:
                self.remote.link.call("release", button=b)
            except ProtocolError:
                pass
        self.looking.clear()


def write_dump(remote, path):
    d = remote.dump()
    with open(path, "w", encoding="utf-8") as f:
        json.dump(d, f, indent=1)
        f.write("\n")
    what = "the whole game (debug mode)" if "save" in d else ("the public position" if "position" in d else
                                                             "the table (no game running)")
    return "dumped %s to %s" % (what, os.path.abspath(path))  # the full path: the default is relative


def read_file(path):
    return load_json(path)  # JsonFileError (a ValueError) saying what is wrong with the file


def command(remote, name, path):
    """Run a monitor command; returns the line to show (errors too, never raises for a board's no)."""
    try:
        if name == "dump":
            return write_dump(remote, path)
        if name == "load":
            return "%s: %s" % (path, remote.load(read_file(path)))
        if name == "debug":
            on = not remote.debug
            remote.link.call("debug", on=on)
            remote.debug = on
            return "debug mode %s" % ("on: the table announces it first" if on else "off")
    except RequestFailed as e:
        return "the board said no: %s" % e.error
    except (OSError, ValueError) as e:
        return str(e)
    return "unknown command %r" % name


def run(remote, console=None, stdin=None, path=DEFAULT_FILE, title="Nightboard monitor", subtitle=""):
    """Show the board until Esc or Ctrl-C; returns 0. terminal.NotATerminal when stdin is not a TTY."""
    import termios
    import tty

    from rich.console import Console
    from rich.live import Live

    stdin = stdin if stdin is not None else sys.stdin
    if not stdin.isatty():
        raise terminal.NotATerminal("stdin is not a terminal")
    console = console or Console(color_system="truecolor")
    fd = stdin.fileno()
    saved = termios.tcgetattr(fd)
    keymap = terminal.KeyMap.for_table(remote)
    long_ms = remote.profile["buttons"].get("long_ms", 800)
    keys = RemoteKeys(remote, keymap, long_ms=max(terminal.LONG_MS, long_ms + 200))
    view = terminal.TerminalView(remote, keymap, title, subtitle)
    remote.refresh()
    try:
        tty.setcbreak(fd)
        with Live(console=console, screen=True, auto_refresh=False, transient=True) as live:
            shown = None
            next_state = 0.0
            while True:
                for k in terminal.read_keys(fd, 0.02):
                    if k == terminal.ESC or k == terminal.CTRL_C:
                        return 0
                    if k in COMMANDS:
                        remote.status = command(remote, COMMANDS[k], path)
                        next_state = 0.0
                    else:
                        try:
                            keys.key(k)
                        except RequestFailed as e:
                            remote.status = "the board said no: %s" % e.error
                remote.refresh_frame()
                if time.monotonic() >= next_state:
                    remote.refresh_state()
                    remote.refresh_events()
                    next_state = time.monotonic() + STATE_EVERY_S
                size = console.size
                key = (view.state_key(), size.width, size.height)
                if key != shown:
                    live.update(view.render(size.width, size.height), refresh=True)
                    shown = key
    except KeyboardInterrupt:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        try:
            keys.release_all()
        except ProtocolError:
            pass


# --- the command ---------------------------------------------------------------------------

def add_monitor_command(sub):
    m = sub.add_parser("monitor", help="show a board's LEDs and events live; its buttons on the keyboard")
    m.add_argument("--port", help="serial port of the board or the virtual board (found automatically when omitted)")
    m.add_argument("--file", default=DEFAULT_FILE, help="the file the dump (key 1) writes and load (key 2) reads "
                                                        "(default %s)" % DEFAULT_FILE)
    m.add_argument("--dump", metavar="FILE", help="write the board's state to FILE and exit (no terminal needed)")
    m.add_argument("--load", metavar="FILE", help="load a dump, a save or a position from FILE onto the board and exit")
    m.add_argument("--timeout", type=float, default=2.0, help="seconds to wait for each reply (default 2)")
    m.set_defaults(func=main)
    return m


def _fail(msg, code=1):
    print("nightboard monitor: %s" % msg, file=sys.stderr)
    return code


def main(args, stdin=None, out=None, connect=None):
    from nightboard_host.link import boards

    out = out if out is not None else sys.stdout
    stdin = stdin if stdin is not None else sys.stdin
    if args.dump and args.load:
        return _fail("give --dump or --load, not both", 2)
    if args.timeout <= 0:
        return _fail("--timeout: must be more than 0 seconds (got %s)" % args.timeout, 2)
    if not (args.dump or args.load) and not stdin.isatty():
        return _fail("needs an interactive terminal to show the board and read keys, and stdin is not one "
                     "(use --dump FILE or --load FILE without a terminal)", 2)
    loading = None
    if args.load:
        try:
            loading = read_file(args.load)  # a bad file is refused before the board is touched
        except ValueError as e:
            return _fail(e)
        if not isinstance(loading, dict):
            return _fail("%s: not a dump, a save or a position (a JSON object)" % args.load)
    try:
        port = boards.find_board(args.port)
    except LookupError as e:
        return _fail(e)
    try:
        link = connect(port) if connect is not None else Client(port, timeout=args.timeout)
    except ProtocolError as e:
        return _fail(e)
    try:
        remote = RemoteTable(link)
        if args.dump:
            out.write(write_dump(remote, args.dump) + "\n")
            return 0
        if args.load:
            out.write("%s: %s\n" % (args.load, remote.load(loading)))
            return 0
        sub = "%s on %s\nfirmware %s" % (remote.board_profile, port, remote.firmware)
        return run(remote, stdin=stdin, path=args.file, subtitle=sub)
    except RequestFailed as e:
        return _fail("the board said no: %s" % e.error)
    except ProtocolError as e:
        return _fail(e)
    except (OSError, ValueError) as e:
        return _fail(e)
    finally:
        close = getattr(link, "close", None)
        if close is not None:
            close()
