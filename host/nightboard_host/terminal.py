"""The simulated table in a terminal: the LEDs in true colour, the keyboard as the players' buttons.

KeyMap      keys -> button ids (player 0: q w e r, player 1: a s d f, ... for mode, move, look, ok)
KeyFeeder   turns key taps into button presses and timed releases on the simulated buttons
TerminalView  one rich renderable: the LEDs where Layout.geometry() puts them, the key map,
              Table.describe() and the last events in words
run()       the interactive loop (cbreak terminal, non-blocking keys, frame pacing, rich Live)

Terminals give no key-up events, so a tap is a press now and a release TAP_MS
later (on the clock, never by sleeping); "look" is a hold button, so its key
toggles; shift + key (a capital) holds the button LONG_MS, a long press.
"""

import math
import textwrap

from rich.console import Group
from rich.style import Style
from rich.table import Table as Grid
from rich.text import Text

from nightboard.games import index
from nightboard.table.palette import SEAT_NAMES
from nightboard.table import palette as P

ROLES = ("mode", "move", "look", "ok")
KEY_ROWS = ("qwer", "asdf", "zxcv", "uiop", "hjkl", "bnm,")
SHIFTED = {",": "<"}  # keys whose shifted form is not a capital letter
TAP_MS = 150
LONG_MS = 1000
GAP_MS = 60  # a key stays up at least this long before a queued tap presses it again
SIDE_MIN = 34  # columns kept for the side panel
MIN_SIZE = (60, 16)  # the smallest terminal the view draws in
TABLE_TOP = (30, 24, 20)  # the dark table behind the LEDs (an off LED is black, so it shows)
HALF_BLOCK = "\u2580"  # upper half block: foreground = top pixel, background = bottom pixel
ESC = "\x1b"
CTRL_C = "\x03"


class KeyMap:
    """Which key presses which button: `lookup(ch)` -> (button_id, role, long) or None."""

    def __init__(self, button_id, players, rows=KEY_ROWS):
        if not isinstance(players, int) or isinstance(players, bool) or players < 1:
            raise ValueError("KeyMap: players must be a positive integer (got %r)" % (players,))
        if players > len(rows):
            raise ValueError("KeyMap: keys are laid out for %d players, the table has %d" % (len(rows), players))
        self.players = players
        self.rows = tuple(rows[:players])
        self._keys = {}
        for p in range(players):
            chars = self.rows[p]
            if len(chars) != len(ROLES):
                raise ValueError("KeyMap: player %d needs %d keys (%s), got %r" % (p, len(ROLES), ", ".join(ROLES), chars))
            for r in range(len(ROLES)):
                b = button_id(p, ROLES[r])
                self._add(chars[r], (b, ROLES[r], False))
                up = SHIFTED.get(chars[r], chars[r].upper())
                if up != chars[r]:
                    self._add(up, (b, ROLES[r], True))

    def _add(self, ch, entry):
        if ch in self._keys:
            raise ValueError("KeyMap: key %r is given twice" % (ch,))
        self._keys[ch] = entry

    @classmethod
    def for_table(cls, table, rows=KEY_ROWS):
        return cls(table.button_id, table.layout.max_players, rows)

    def lookup(self, ch):
        return self._keys.get(ch)

    def keys_of(self, player):
        """The player's keys for mode, move, look, ok, e.g. "q w e r"."""
        return " ".join(self.rows[player])


class KeyFeeder:
    """Key taps -> presses and releases on `buttons` (SimButtons), timed by `clock`.

    key(ch) presses at once when the button is up, else queues the tap until it
    is up again and has stayed up GAP_MS (so the table sees every tap); "look"
    acts at once (press and hold / release). update(now) releases what is due
    and starts queued taps. Call update() before every Table.tick().
    """

    def __init__(self, buttons, keymap, clock, tap_ms=TAP_MS, long_ms=LONG_MS, gap_ms=GAP_MS):
        self.buttons = buttons
        self.keymap = keymap
        self.clock = clock
        self.tap_ms = tap_ms
        self.long_ms = long_ms
        self.gap_ms = gap_ms
        self._up_at = {}  # button -> tick of its release; None: held until the look key is tapped again
        self._free_at = {}  # button -> tick from which it may be pressed again
        self._queue = {}  # button -> [hold ms, ...] taps waiting for the button

    def _now(self, now):
        return self.clock.ticks_ms() if now is None else now

    def _due(self, t, now):
        return self.clock.ticks_diff(now, t) >= 0

    def is_down(self, button):
        return button in self._up_at

    def busy(self):
        """True while any key is down or a tap is waiting."""
        return bool(self._up_at) or bool(self._queue)

    def key(self, ch, now=None):
        """One key from the terminal; False (and nothing happens) for a key that is not mapped."""
        hit = self.keymap.lookup(ch)
        if hit is None:
            return False
        button, role, long = hit
        now = self._now(now)
        if role == "look":
            self._look(button, long, now)
            return True
        hold = self.long_ms if long else self.tap_ms
        if button in self._queue or button in self._up_at or not self._due(self._free_at.get(button, now), now):
            self._queue.setdefault(button, []).append(hold)
        else:
            self._press(button, hold, now)
        return True

    def _look(self, button, long, now):
        # A hold button acts at once, never queued: a release shorter than the debounce time
        # is not seen by the table, which then keeps looking -- as the feeder says it does.
        if long:
            if button not in self._up_at:
                self.buttons.press(button)
            self._up_at[button] = self.clock.ticks_add(now, self.long_ms)
        elif button in self._up_at and self._up_at[button] is None:
            self._release(button, now)
        elif button in self._up_at:
            self._up_at[button] = None  # a timed hold becomes a toggled one
        else:
            self._press(button, None, now)

    def _press(self, button, hold, now):
        self.buttons.press(button)
        self._up_at[button] = None if hold is None else self.clock.ticks_add(now, hold)

    def _release(self, button, now):
        self.buttons.release(button)
        del self._up_at[button]
        self._free_at[button] = self.clock.ticks_add(now, self.gap_ms)

    def update(self, now=None):
        """Release the keys whose time is up and press queued ones that are free again."""
        now = self._now(now)
        for b in sorted(self._up_at):
            t = self._up_at[b]
            if t is not None and self._due(t, now):
                self._release(b, now)
        for b in sorted(self._queue):
            if b not in self._up_at and self._due(self._free_at.get(b, now), now):
                waiting = self._queue[b]
                self._press(b, waiting.pop(0), now)
                if not waiting:
                    del self._queue[b]

    def release_all(self):
        now = self._now(None)
        for b in sorted(self._up_at):
            self._release(b, now)
        self._queue.clear()


class Picture:
    """Where each LED goes in a grid of cols x rows character cells (two pixels tall each)."""

    def __init__(self, geometry, cols, rows):
        if cols < 4 or rows < 2:
            raise ValueError("Picture: %dx%d cells is too small to draw the table" % (cols, rows))
        xs = [g[1] for g in geometry]
        ys = [g[2] for g in geometry]
        x0, y0 = min(xs), min(ys)
        span_x = max(max(xs) - x0, 1.0)
        span_y = max(max(ys) - y0, 1.0)
        h = 2 * rows
        scale = min((cols - 1) / span_x, (h - 1) / span_y)
        dot = 1 if scale < 2.5 else min(4, int(scale * 0.55 + 0.5))  # LEDs a little over half their pitch
        scale = min((cols - dot) / span_x, (h - dot) / span_y)
        self.scale = scale
        self.dot = dot
        self.cols = min(cols, int(math.ceil(span_x * scale)) + dot)
        self.rows = rows
        self.height = h
        ox = (self.cols - dot - span_x * scale) / 2
        oy = (h - dot - span_y * scale) / 2
        self.pixel = {}  # led -> (x, y) of the dot's top-left pixel
        for led, x, y, _sid in geometry:
            self.pixel[led] = (int(math.floor((x - x0) * scale + ox + 0.5)), int(math.floor((y - y0) * scale + oy + 0.5)))

    def cell_of(self, led):
        """(col, row, top) of the character cell showing LED `led`'s top-left pixel."""
        x, y = self.pixel[led]
        return x, y // 2, y % 2 == 0

    def draw(self, rgb):
        """The picture as one Text of `rows` lines: half blocks coloured from the frame's rgb bytes."""
        px = [[TABLE_TOP] * self.cols for _ in range(self.height)]
        d = self.dot
        for led in sorted(self.pixel):
            x, y = self.pixel[led]
            c = (rgb[3 * led], rgb[3 * led + 1], rgb[3 * led + 2])
            for dy in range(d):
                for dx in range(d):
                    px[y + dy][x + dx] = c
        styles = {}
        text = Text(no_wrap=True, overflow="crop", end="")
        for r in range(self.rows):
            top, bottom = px[2 * r], px[2 * r + 1]
            c = 0
            while c < self.cols:
                pair = (top[c], bottom[c])
                run = c + 1
                while run < self.cols and (top[run], bottom[run]) == pair:
                    run += 1
                st = styles.get(pair)
                if st is None:
                    st = styles[pair] = Style(color="rgb(%d,%d,%d)" % pair[0], bgcolor="rgb(%d,%d,%d)" % pair[1])
                text.append(HALF_BLOCK * (run - c), st)
                c = run
            if r < self.rows - 1:
                text.append("\n")
        return text


def _rgb_style(c, bold=False):
    return Style(color="rgb(%d,%d,%d)" % c, bold=bold)


class TerminalView:
    """The whole screen for one Table: render(width, height) -> a rich renderable."""

    def __init__(self, table, keymap, title="Nightboard", subtitle=""):
        self.table = table
        self.keymap = keymap
        self.title = title
        self.subtitle = subtitle
        self._geometry = table.layout.geometry()
        self._pictures = {}

    def picture(self, width=80, height=24):
        """The Picture the table gets in a width x height screen (cached per size)."""
        key = (width, height)
        if key not in self._pictures:
            self._pictures[key] = Picture(self._geometry, max(4, width - SIDE_MIN - 1), max(2, height - 1))
        return self._pictures[key]

    def players_shown(self):
        g = self.table.game
        return g.players_count() if g is not None else self.keymap.players

    def side_lines(self, width, height):
        """The side panel: title, key map, the table's description, then the newest events that fit."""
        head = [Text(self.title, style="bold")]
        if self.subtitle:
            head.append(Text(self.subtitle, style="dim"))
        head.append(Text("keys    mode move look ok", style="dim"))
        for p in range(min(self.players_shown(), self.keymap.players)):
            keys = self.keymap.rows[p]
            row = Text("%-7s" % _family(p), style=_rgb_style(P.FAMILY[p % len(P.FAMILY)], bold=True))
            row.append("  %s    %s    %s    %s" % tuple(keys))
            head.append(row)
        head.append(Text("Shift+key: long press  Esc: quit", style="dim"))
        for line in self.table.describe():
            for part in textwrap.wrap(line, width) or [""]:
                head.append(Text(part))
        room = height - len(head)
        if room > 1:
            head.extend(self.event_lines(width, room))
        return head[:height]

    def event_lines(self, width, room):
        """The newest events in words that fit in `room` lines, whole events only (unless the
        newest alone is too long), under the heading of their turn."""
        rows = []  # (Text, turn, starts an event, is a heading)
        for turn, words in self.events():
            if not rows or rows[-1][1] != turn:
                rows.append((Text("turn %d:" % turn if turn >= 1 else "earlier:", style="bold dim"), turn, True, True))
            pad = " " * (1 + len(words) - len(words.lstrip()))  # a fight's wounds stay indented under it
            wrapped = textwrap.wrap(words.strip(), width, initial_indent=pad, subsequent_indent=pad + "  ") or [pad]
            for k in range(len(wrapped)):
                rows.append((Text(wrapped[k]), turn, k == 0, False))
        if len(rows) <= room:
            return [r[0] for r in rows]
        tail = rows[len(rows) - room:]
        while len(tail) > 1 and not tail[0][2]:
            tail.pop(0)
        if not tail[0][3]:
            tail.pop(0)
            while len(tail) > 1 and not tail[0][2]:
                tail.pop(0)
            turn = tail[0][1] if tail else rows[-1][1]
            tail.insert(0, (Text("turn %d:" % turn if turn >= 1 else "earlier:", style="bold dim"), turn, True, True))
        if len(tail) == 1:  # the newest event alone is longer than the room: its last lines
            tail = tail + rows[len(rows) - room + 1:]
        return [r[0] for r in tail]

    def events(self):
        """[(turn number, words)] for the log's events, oldest first (a family's morphs are told by
        its reveal line). The newest turn in the log is the one just played; a turn starts with the
        families' reveals; turns the bounded log only holds part of number 0 or less."""
        t = self.table
        g = t.game
        if g is None or t.program is None or t.program.get("kind") == "tool":
            return []
        explain = index.tools(t.program["name"]).get("explain")
        return __import__(explain, None, None, ["log_lines"]).log_lines(t.log, g) if explain else []

    def render(self, width=80, height=24):
        if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
            return Text("The terminal is %dx%d: make it at least %dx%d to see the table (Esc quits)."
                        % (width, height, MIN_SIZE[0], MIN_SIZE[1]))
        pic = self.picture(width, height)
        side_w = width - pic.cols - 1
        lines = self.side_lines(side_w, pic.rows)
        side = Text(no_wrap=True, overflow="ellipsis", end="")
        for i, line in enumerate(lines):
            side.append_text(line)
            if i < len(lines) - 1:
                side.append("\n")
        grid = Grid.grid(padding=(0, 1, 0, 0), collapse_padding=True)
        grid.add_column(width=pic.cols, no_wrap=True)
        grid.add_column(width=side_w, no_wrap=True)
        grid.add_row(pic.draw(self.table.frame.rgb), side)
        return Group(grid)

    def state_key(self):
        """Changes whenever the screen would: the frame, the description, the log."""
        t = self.table
        return (bytes(t.frame.rgb), tuple(t.describe()), t.log_mark, t.mode)


def _family(p):
    return SEAT_NAMES[p] if p < len(SEAT_NAMES) else "player %d" % p


class NotATerminal(Exception):
    """stdin is not a TTY: the interactive table cannot read keys."""


def read_keys(fd, timeout_s):
    """Characters typed within `timeout_s` (no blocking beyond it); an escape sequence comes back whole."""
    import os
    import select

    ready, _w, _x = select.select([fd], [], [], max(0.0, timeout_s))
    if not ready:
        return []
    data = os.read(fd, 256).decode("utf-8", "ignore")
    keys = []
    i = 0
    while i < len(data):
        if data[i] == ESC and i + 1 < len(data) and data[i + 1] in "[O":
            j = i + 2
            while j < len(data) and not (data[j].isalpha() or data[j] == "~"):
                j += 1
            keys.append(data[i:j + 1])  # arrows and function keys: ignored by the key map
            i = j + 1
            continue
        keys.append(data[i])
        i += 1
    return keys


def run(table, keymap, clock, console=None, stdin=None, title="Nightboard", subtitle="", redraw_ms=50):
    """Play at the terminal until Esc or Ctrl-C; returns 0. NotATerminal when stdin is not a TTY."""
    import sys
    import termios
    import tty

    from rich.console import Console
    from rich.live import Live

    stdin = stdin if stdin is not None else sys.stdin
    if not stdin.isatty():
        raise NotATerminal("stdin is not a terminal")
    console = console or Console(color_system="truecolor")
    fd = stdin.fileno()
    saved = termios.tcgetattr(fd)
    feeder = KeyFeeder(table.hal.buttons, keymap, clock)
    view = TerminalView(table, keymap, title, subtitle)
    try:
        tty.setcbreak(fd)
        with Live(console=console, screen=True, auto_refresh=False, transient=True) as live:
            due = clock.ticks_ms()
            last_draw = clock.ticks_add(due, -redraw_ms)
            shown = None
            while True:
                wait = clock.ticks_diff(due, clock.ticks_ms())
                for k in read_keys(fd, wait / 1000.0):
                    if k == ESC or k == CTRL_C:
                        return 0
                    feeder.key(k)
                now = clock.ticks_ms()
                if clock.ticks_diff(now, due) < 0:
                    continue
                feeder.update(now)
                table.tick()
                due = clock.ticks_add(due, table.frame_ms)
                if clock.ticks_diff(now, due) > 4 * table.frame_ms:
                    due = clock.ticks_add(now, table.frame_ms)  # fell behind: no burst of catch-up frames
                if clock.ticks_diff(now, last_draw) >= redraw_ms:
                    size = console.size
                    key = (view.state_key(), size.width, size.height)
                    if key != shown:
                        live.update(view.render(size.width, size.height), refresh=True)
                        shown = key
                        last_draw = now
    except KeyboardInterrupt:
        return 0
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, saved)
        table.hal.buttons.release_all()
