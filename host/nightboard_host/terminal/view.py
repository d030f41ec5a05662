"""The simulated table in a terminal: the LEDs in true colour, the keyboard as the players' buttons.

KeyMap      keys -> button ids (player 0: q w e r, player 1: a s d f, ... for mode, move, look, ok)
KeyFeeder   turns key taps into button presses and timed releases on the simulated buttons
Picture     where each LED goes in the character cells, and where the game's labels fit beside them
TerminalView  one rich renderable: the LEDs where Layout.geometry() puts them with the game's labels
              (card names, room coordinates: its `labels` hook), the key map, Table.describe(), the
              choice of a seat that looks (its `own_words` hook), what to do at the end, and the log
              from the newest turn's first line (arrows scroll it, Tab gives it the whole screen)
run()       the interactive loop (cbreak terminal, non-blocking keys, frame pacing, rich Live)

Terminals give no key-up events, so a tap is a press now and a release TAP_MS
later (on the clock, never by sleeping); "look" is a hold button, so its key
toggles, and the view lets it go once the turn passes on (turn_passed); shift + key (a capital) holds the
button LONG_MS, a long press. In a short terminal the side panel keeps what a player needs (the table's
words, a looking seat's own words) before the key map and the log.
Once the game is over, a player's ok starts the same game with a new seed.
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
from nightboard_host import hooks

ROLES = ("mode", "move", "look", "ok")
KEY_ROWS = ("qwer", "asdf", "zxcv", "uiop", "hjkl", "bnm,")
SHIFTED = {",": "<"}  # keys whose shifted form is not a capital letter
TAP_MS = 150
LONG_MS = 1000
GAP_MS = 60  # a key stays up at least this long before a queued tap presses it again
SIDE_MIN = 34  # columns kept for the side panel
MIN_SIZE = (60, 16)  # the smallest terminal the view draws in
TABLE_TOP = (30, 24, 20)  # the dark table behind the LEDs (an off LED is black, so it shows)
TOUCH_COST = 3.0  # a label touching another LED counts as this many cells further from its own
V_WEIGHT = 1.5  # a label a row away from its LED reads as further than one a column away
DOT_FROM = 4.5  # below this many cells per LED pitch an LED is one pixel, leaving room for labels
LABEL_STYLE = Style(color="rgb(170,160,150)", bgcolor="rgb(%d,%d,%d)" % TABLE_TOP)
HALF_BLOCK = "\u2580"  # upper half block: foreground = top pixel, background = bottom pixel
LOG_KEEP = 600  # events the terminal's log holds (whole turns of six families)
GAME_OVER_HINT = "game over: ok for a new game, Esc to quit"
HINTS_SHORT = "Shift=long Tab=log Esc=quit"
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

    def settling(self):
        """True while a tap or a timed hold is under way or waiting: busy() but for a look toggled on,
        which stays down until its key comes again (a script waits for taps, not for that)."""
        for t in self._up_at.values():
            if t is not None:
                return True
        return bool(self._queue)

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

    def let_go(self, button, now=None):
        """Let a held button (a look toggled on) go now."""
        if button in self._up_at:
            self._release(button, self._now(now))

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
        # a margin of a cell at each side and a pixel at the top and the bottom: an LED at the picture's
        # edge reads as a table cut off there
        scale = min((cols - 3) / span_x, (h - 3) / span_y)
        dot = 1 if scale < DOT_FROM else min(4, int(scale * 0.55 + 0.5))  # LEDs a little over half their pitch
        scale = min((cols - 2 - dot) / span_x, (h - 2 - dot) / span_y)
        self.scale = scale
        self.dot = dot
        self.cols = min(cols, int(math.ceil(span_x * scale)) + dot + 2)
        self.rows = rows
        self.height = h
        ox = (self.cols - dot - span_x * scale) / 2
        oy = (h - dot - span_y * scale) / 2
        self.pixel = {}  # led -> (x, y) of the dot's top-left pixel
        for led, x, y, _sid in geometry:
            self.pixel[led] = (int(math.floor((x - x0) * scale + ox + 0.5)), int(math.floor((y - y0) * scale + oy + 0.5)))

    def led_cells(self):
        """The set of (col, row) cells that show some LED."""
        return self._cells_of(self.pixel.values())

    def place(self, labels):
        """Where each label goes: {(col, row): (char, label number)} in cells that show no LED, each label
        as near its LEDs as a free run of cells allows (its whole name, else its short form, else none);
        labels: [(leds, name, short)]."""
        busy = self.led_cells()
        out = {}
        for n in range(len(labels)):
            leds, name, short = labels[n]
            pts = [self.pixel[led] for led in leds if led in self.pixel]
            if not pts:
                continue
            own = self._cells_of(pts)
            others = busy - own  # a label touching another LED would read as that LED's name
            ax = sum(p[0] for p in pts) / float(len(pts)) + self.dot / 2.0
            ay = sum(p[1] for p in pts) / float(len(pts)) + self.dot / 2.0  # in pixels, 2 per row
            texts = (name, short) if short and short != name else (name,)
            # best just right of the LEDs (a grid reads "o a2  o b2"), else wherever is nearest; the name or its
            # short form clear of other LEDs first, and only then touching one, its own LED on its left
            for text, touch in [(t, k) for k in (False, True) for t in texts]:
                mine = own if touch else ()
                spot = self._spot(text, ax + len(text) / 2.0 + 0.5, ay, busy, out, 1.5, others, mine)
                if spot is None:
                    spot = self._spot(text, ax, ay, busy, out, None, others, mine)
                if spot is not None:
                    c, r = spot
                    for k in range(len(text)):
                        out[(c + k, r)] = (text[k], n)
                    break
        return out

    def _cells_of(self, pts):
        cells = set()
        for x, y in pts:
            for dy in range(self.dot):
                for dx in range(self.dot):
                    cells.add((x + dx, (y + dy) // 2))
        return cells

    def _spot(self, text, ax, ay, busy, taken, reach=None, others=(), own=()):
        """The free run of len(text) cells whose middle is nearest (ax, ay), within reach; or None. A run that
        touches another LED (`others`) reads as that LED's name: it is taken only with its own LED (`own`)
        just left of it, where a grid's labels are read, and a run clear of other LEDs is preferred."""
        n = len(text)
        reach = 2.5 + n / 2.0 if reach is None else reach
        best = None
        r0 = max(0, int((ay - 2 * reach) // 2))
        r1 = min(self.rows - 1, int((ay + 2 * reach) // 2) + 1)
        c0 = max(0, int(ax - reach - n))
        c1 = min(self.cols - n, int(ax + reach))
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                d = math.hypot(c + n / 2.0 - ax, (2 * r + 1 - ay) * V_WEIGHT)
                if d > reach or (best is not None and d >= best[0]):
                    continue
                if (c - 1, r) in taken or (c + n, r) in taken:
                    continue  # a gap between two labels
                if (c - 1, r) in others or (c + n, r) in others:
                    if (c - 1, r) not in own:
                        continue
                    d += TOUCH_COST
                    if best is not None and d >= best[0]:
                        continue
                ok = True
                for k in range(n):
                    if (c + k, r) in busy or (c + k, r) in taken:
                        ok = False
                        break
                if ok:
                    best = (d, c, r)
        return None if best is None else (best[1], best[2])

    def cell_of(self, led):
        """(col, row, top) of the character cell showing LED `led`'s top-left pixel."""
        x, y = self.pixel[led]
        return x, y // 2, y % 2 == 0

    def draw(self, rgb, marks=None):
        """The picture as one Text of `rows` lines: half blocks coloured from the frame's rgb bytes, and
        the characters of `marks` ({(col, row): (char, n)}, from place()) in cells the LEDs leave free."""
        marks = marks or {}
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
                if (c, r) in marks:
                    text.append(marks[(c, r)][0], LABEL_STYLE)
                    c += 1
                    continue
                pair = (top[c], bottom[c])
                run = c + 1
                while run < self.cols and (top[run], bottom[run]) == pair and (run, r) not in marks:
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
    """The whole screen for one Table: render(width, height) -> a rich renderable.

    The picture carries the game's labels (card names, room coordinates) from its `labels` hook; the side
    panel the key map, the table's description, the choice of each seat that holds "look" (its
    `own_words` hook: only that seat's own secret, only while it looks), what to do once the game is
    over, and the log, newest turn first from its top; `scroll` lines back (the arrow keys) show more."""

    def __init__(self, table, keymap, title="Nightboard", subtitle=""):
        self.table = table
        self.keymap = keymap
        self.title = title
        self.subtitle = subtitle
        self.page = "table"  # or "log": the whole screen for the log (Tab)
        self.scroll = 0  # log lines scrolled back from the newest turn's top (negative: further down)
        self._geometry = table.layout.geometry()
        self._pictures = {}
        self._marks = {}
        self._log_mark = table.log_mark
        self._log_play = None
        self._log = []
        self._log_seen = 0
        self.note = ""  # a line about the looks the view ended (see turn_passed)
        self._turn = None
        self.game_log()

    def picture(self, width=80, height=24):
        """The Picture the table gets in a width x height screen (cached per size)."""
        key = (width, height)
        if key not in self._pictures:
            self._pictures[key] = Picture(self._geometry, max(4, width - SIDE_MIN - 1), max(2, height - 1))
        return self._pictures[key]

    def _hook(self, name):
        t = self.table  # a Table; the monitor's RemoteTable has no controller (play): no hooks there
        if t.game is None or getattr(t, "play", None) is None or t.program is None or t.program.get("kind") == "tool":
            return None
        return hooks.hook(t.program["name"], name)

    def labels(self):
        """[(leds, name, short)] from the game's labels hook (public facts only), [] without one."""
        hook = self._hook("labels")
        return hook(self.table) if hook is not None else []

    def marks(self, pic):
        labels = self.labels()
        key = (id(pic), tuple((tuple(a), b, c) for a, b, c in labels))
        if key not in self._marks:
            self._marks = {key: pic.place(labels)}
        return self._marks[key]

    def players_shown(self):
        g = self.table.game
        return g.players_count() if g is not None else self.keymap.players

    def looking(self, p):
        """True while seat p holds its look button (a toggle in the terminal)."""
        try:
            return bool(self.table.hal.buttons.raw[self.table.button_id(p, "look")])
        except (ValueError, IndexError, AttributeError):
            return False

    def over(self):
        g = self.table.game
        t = self.table  # the monitor (no controller) cannot start a new game with ok
        return t.mode == "game" and g is not None and getattr(t, "play", None) is not None and bool(getattr(g, "over", False))

    def _seat_keys(self, p, spaced):
        t = Text(("%-7s" if spaced else "%s ") % _seat_name(p), style=_rgb_style(P.SEAT[p % len(P.SEAT)], bold=True))
        t.append((" " if spaced else "").join(self.keymap.rows[p]))
        if self.looking(p):
            t.append(" looks", style="bold")
        return t

    def key_lines(self, width, compact=False):
        """The key map: two seats a line when they fit ("red q w e r"), then what the keys do; compact (for a
        short terminal): the seats packed on as few lines as fit ("red qwer  blue asdf"), one line of hints."""
        n = min(self.players_shown(), self.keymap.players)
        cells = [self._seat_keys(p, not compact) for p in range(n)]
        out = [Text("keys: mode move look ok", style="dim")]
        if compact:
            row = Text()
            for cell in cells:
                if row.cell_len and row.cell_len + 2 + cell.cell_len > width:
                    out.append(row)
                    row = Text()
                if row.cell_len:
                    row.append("  ")
                row.append_text(cell)
            out.append(row)
            hints = HINTS_SHORT if hasattr(self.table, "play") else "Shift=long Esc=quit"
            out.extend(Text(part, style="dim") for part in textwrap.wrap(hints, width))
            return out
        per = 2 if width >= 2 * 20 + 2 else 1
        for i in range(0, len(cells), per):
            row = Text()
            for k in range(i, min(i + per, len(cells))):
                if k > i:
                    row.append("  ")
                row.append_text(cells[k])
                row.append(" " * (20 - cells[k].cell_len))
            row.rstrip()
            out.append(row)
        out.append(Text("look: on/off, Shift+key: long", style="dim"))
        if hasattr(self.table, "play"):  # the play loop's keys (the monitor has its own)
            out.append(Text("Tab: log  \u2191\u2193: scroll  Esc: quit", style="dim"))
        else:
            out.append(Text("Esc: quit", style="dim"))
        return out

    def choice_lines(self, width):
        """Each looking seat's own choice in words (the game's own_words hook)."""
        hook = self._hook("own_words")
        out = []
        if hook is None or self.over():
            return out
        for p in range(min(self.players_shown(), self.keymap.players)):
            if self.looking(p):
                words = hook(self.table, p)
                for part in textwrap.wrap(words or "", width):
                    out.append(Text(part, style=_rgb_style(P.SEAT[p % len(P.SEAT)], bold=True)))
        return out

    def look_lines(self, width):
        """A reminder under a looking seat's secrets: whose they are, and which key hides them."""
        out = []
        if self.over() or self._hook("own_words") is None:  # nothing secret to show: nothing to hide
            return out
        for p in range(min(self.players_shown(), self.keymap.players)):
            if self.looking(p):
                words = "%s looks: %s hides it" % (
                    _seat_name(p), self.keymap.rows[p][ROLES.index("look")])
                for part in textwrap.wrap(words, width):
                    out.append(Text(part, style="dim"))
        if self.note and not out:
            out.extend(Text(part, style="dim") for part in textwrap.wrap(self.note, width))
        return out

    def turn_passed(self, feeder):
        """Look is a toggle in the terminal, where a real table's look is held: once the turn passes on (a seat
        that was to move no longer is, or the game ends), its look is let go, so its secrets do not stay on
        the screen the next player reads; the view says so. Call after every Table.tick()."""
        g = self.table.game
        now = None
        if g is not None and getattr(self.table, "play", None) is not None:
            now = (tuple(g.to_move()) if not getattr(g, "over", False) else ())
        was, self._turn = self._turn, now
        if was is None or now is None or was == now:
            return []
        ended = []
        for p in range(min(self.players_shown(), self.keymap.players)):
            if p in was and p not in now and self.looking(p):
                feeder.let_go(self.table.button_id(p, "look"))
                ended.append(_seat_name(p))
        if ended:
            self.note = "look ended for %s: the turn passed" % " and ".join(ended)
        elif any(self.looking(p) for p in range(min(self.players_shown(), self.keymap.players))):
            self.note = ""
        return ended

    def side_lines(self, width, height):
        """The side panel: title, key map, the table's description, looking seats' choices, what to do
        at the end, then as much of the log as fits. What a player needs comes first: in a short terminal
        the key map packs onto fewer lines, then the subtitle goes, then the description is cut from its
        end; a looking seat's own words and the end's hint are never cut."""
        title = [Text(part, style="bold") for part in textwrap.wrap(self.title, width) or [""]]
        sub = []
        for line in self.subtitle.splitlines():
            for part in textwrap.wrap(line, width) or [""]:  # wrapped, not cut: the firmware's version must show
                sub.append(Text(part, style="dim"))
        words = []
        for line in self.table.describe():
            for part in textwrap.wrap(line, width, subsequent_indent="  ") or [""]:
                words.append(Text(part))
        mine = self.choice_lines(width) + self.look_lines(width)
        if self.over():
            for part in textwrap.wrap(GAME_OVER_HINT, width):
                mine.append(Text(part, style="bold reverse"))
        for keys, subtitle in ((self.key_lines(width), sub), (self.key_lines(width, True), sub),
                               (self.key_lines(width, True), [])):
            if len(title) + len(subtitle) + len(keys) + len(words) + len(mine) <= height:
                break
        room = height - len(title) - len(subtitle) - len(keys) - len(mine)
        if len(words) > room:
            words = words[:max(0, room - 1)] + [Text("... (the rest: a taller terminal)", style="dim")]
        head = title + subtitle + keys + words + mine
        room = height - len(head)
        if room > 1:
            head.extend(self.event_lines(width, room))
        return head[:height]

    def _turn_word(self):
        t = self.table
        if t.program is None or t.program.get("kind") == "tool":
            return "turn"
        return index.tools(t.program["name"]).get("turn_words", ("turn",))[0]

    def log_rows(self, width):
        """Every line of the log: [(Text, turn, is a heading)], oldest first."""
        rows = []
        word = self._turn_word()
        for turn, words in self.events():
            if not rows or rows[-1][1] != turn:
                rows.append((Text("%s %d:" % (word, turn) if turn >= 1 else "earlier:", style="bold dim"), turn, True))
            pad = " " * (1 + len(words) - len(words.lstrip()))  # a fight's wounds stay indented under it
            for part in textwrap.wrap(words.strip(), width, initial_indent=pad, subsequent_indent=pad + "  ") or [pad]:
                rows.append((Text(part), turn, False))
        return rows

    def event_lines(self, width, room):
        """`room` lines of the log: the newest turn from its heading down (the whole turn when it fits,
        earlier turns above it as room allows), moved by `scroll`; a last line says what is cut."""
        rows = self.log_rows(width)
        if not rows:
            return []
        top = len(rows) - 1
        while top > 0 and not rows[top][2]:
            top -= 1  # the newest turn's heading
        if len(rows) <= room:
            top = 0
        else:  # room to spare below the newest turn: earlier lines too, under a line that says so
            top = max(0, min(top, len(rows) - (room - 1)))
        top = max(0, min(len(rows) - 1, top - self.scroll))
        out = []
        if top > 0:
            out.append(Text("... %d earlier line%s: up arrow" % (top, "" if top == 1 else "s"), style="dim"))
        shown = rows[top:top + room - len(out)]
        below = len(rows) - top - len(shown)
        if below > 0:
            shown = shown[:len(shown) - 1]
            below += 1
        out.extend(r[0] for r in shown)
        if below > 0:
            out.append(Text("... %d more line%s: down arrow" % (below, "" if below == 1 else "s"), style="dim"))
        return out

    def scroll_by(self, lines):
        """Move the log `lines` back (up arrow: 1) or forward (-1)."""
        self.scroll += lines

    def game_log(self):
        """Every event of the game being played, oldest first (up to LOG_KEEP). The table keeps only
        the newest few for the board's sake, and a turn of four families is longer than that, so the view
        gathers them as they come (the table's own log keeps the newest LOG_KEEP for it meanwhile)."""
        t = self.table
        ev = getattr(t, "events", None)
        if ev is None:  # the monitor's RemoteTable: the events it fetched
            return list(t.log)
        if ev.keep < LOG_KEEP:
            ev.keep = LOG_KEEP  # host memory: room for a whole turn between two looks
        if getattr(t, "play", None) is not self._log_play or t.log_mark < self._log_seen:
            self._log_play = t.play
            self._log = list(t.log)
            self._log_seen = t.log_mark
        new = t.log_mark - self._log_seen
        if new > 0:
            self._log.extend(ev.recent(min(new, len(ev))))
            self._log_seen = t.log_mark
            del self._log[:max(0, len(self._log) - LOG_KEEP)]
        return self._log

    def events(self):
        """[(turn number, words)] for the game's events, oldest first (the game's explain module)."""
        t = self.table
        g = t.game
        if g is None or t.program is None or t.program.get("kind") == "tool":
            return []
        log_lines = hooks.hook(t.program["name"], "log_lines")
        return log_lines(self.game_log(), g) if log_lines is not None else []

    def render(self, width=80, height=24):
        if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
            return Text("The terminal is %dx%d: make it at least %dx%d to see the table (Esc quits)."
                        % (width, height, MIN_SIZE[0], MIN_SIZE[1]))
        if self.table.log_mark != self._log_mark:  # a new turn: its top again
            self._log_mark = self.table.log_mark
            self.scroll = 0
        if self.page == "log":
            lines = [Text("the log (Tab: back to the table, arrows: scroll, Esc: quit)", style="bold")]
            lines.extend(self.event_lines(width, height - 1) or [Text("nothing has happened yet")])
            out = Text(no_wrap=True, overflow="ellipsis", end="")
            for i, line in enumerate(lines):
                out.append_text(line)
                if i < len(lines) - 1:
                    out.append("\n")
            return out
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
        grid.add_row(pic.draw(self.table.frame.rgb, self.marks(pic)), side)
        return Group(grid)

    def state_key(self):
        """Changes whenever the screen would: the frame, the description, the log, looks, the scroll."""
        t = self.table
        looks = tuple(self.looking(p) for p in range(min(self.players_shown(), self.keymap.players)))
        return (bytes(t.frame.rgb), tuple(t.describe()), t.log_mark, t.mode, looks, self.scroll, self.page,
                self.subtitle)


def _seat_name(p):
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


UP_KEYS = ("\x1b[A", "\x1bOA", "\x1b[5~")  # up arrow, page up: the log goes back
DOWN_KEYS = ("\x1b[B", "\x1bOB", "\x1b[6~")


def new_game(table, start, view):
    """After the game is over, ok: the same game again with a new seed (start is updated in place, so the
    caller's "play this game again" line names the last game), or the start menu for a game begun there."""
    if start is None:
        table.play = None
        table.mode = "menu"
        return
    import re

    opts = table.draw_seed(dict(start))  # the board's own randomness (os.urandom here)
    start["seed"] = opts["seed"]
    table.start_game(opts)  # its seed is secret until the end when the game hides anything
    shown = "seed shown when the game is over" if table.seed_secret else "seed %d" % start["seed"]
    view.subtitle = re.sub(r"seed (\d+|shown when the game is over)", shown, view.subtitle)


def game_key(view, keymap, feeder, k):
    """One key for the table: the arrows move the log, ok after the end starts a new game, the rest
    are the players' buttons."""
    if k == "\t":
        view.page = "log" if view.page == "table" else "table"
        return "page"
    if k in UP_KEYS:
        view.scroll_by(1 if k != UP_KEYS[2] else 5)
        return "scroll"
    if k in DOWN_KEYS:
        view.scroll_by(-1 if k != DOWN_KEYS[2] else -5)
        return "scroll"
    hit = keymap.lookup(k)
    if hit is not None and hit[1] == "ok" and view.over():
        return "new game"
    feeder.key(k)
    return "button"


def run(table, keymap, clock, console=None, stdin=None, title="Nightboard", subtitle="", redraw_ms=50, start=None):
    """Play at the terminal until Esc or Ctrl-C; returns 0. NotATerminal when stdin is not a TTY.
    start: the options the game was started with (ok after its end plays it again with a new seed)."""
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
                    if game_key(view, keymap, feeder, k) == "new game":
                        feeder.release_all()
                        new_game(table, start, view)
                now = clock.ticks_ms()
                if clock.ticks_diff(now, due) < 0:
                    continue
                feeder.update(now)
                table.tick()
                view.turn_passed(feeder)
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
