"""The self-test: check a newly built table's LEDs and buttons (a "tool" program, see table/programs.py).

A pass has four phases, shown on the table itself:
1. segments: each segment of the profile lights in turn, in chain order, in its own
   colour: the play area white, each panel its seat's colour (seat 0 red, 1 blue,
   2 yellow, 3 green...), "skip" stretches dim white. A strip in the wrong place, or red
   showing as green (wrong led.order), shows at once.
2. leds: every LED of the chain, one at a time in chain order, white. A dead LED (and
   usually every LED after it) or two LEDs in the wrong order show at once.
3. buttons: press and let go of every button once. While a button is down, blood LED k
   of its player's panel (k = 0 mode, 1 move, 2 look, 3 ok) lights in the player's
   colour; once it has been let go it stays dim. A button already down when the phase
   starts, or held longer than STUCK_MS, is stuck: its LED shows the error colour
   (blinking while it is still down). Status LED 0 of a panel blinks in the player's
   colour until all four of its buttons are done (error colour if one is stuck); the
   ring fills (dim white) as buttons are done.
4. done (when every button is done or stuck): the ring is steady white if the pass
   passed, blinking error colour if not. Any short press starts a new pass.
Leave, as from a game, with a long press of ok and then ok.

report() gives the result as a JSON-able dict (for the serial protocol and tests).
Buttons are read from the table's debounced states (table.debouncer.is_down), so a
stuck contact is seen even though it never sends another event.
"""

from array import array

from nightboard.table import palette as P
from nightboard.table.tablefit import segment_span

SEGMENTS, LEDS, BUTTONS, DONE = 0, 1, 2, 3
PHASES = ("segments", "leds", "buttons", "done")
SEGMENT_MS = 1000
WALK_MS = 12000  # the whole chain walk takes about this long, within the bounds below
LED_MS_MIN = 40
LED_MS_MAX = 120
STUCK_MS = 5000
ROLES = ("mode", "move", "look", "ok")

PLAY_COLOUR = P.TABLE               # the play area's segments: the table's own LEDs
SKIP_COLOUR = P.dim(P.TABLE, 2)     # LEDs wired but not used (dim white)
WALK_COLOUR = P.TABLE
PROGRESS = P.scale(P.TABLE, 90)
PASS_COLOUR = P.TABLE

# per-button state in the button phase
UNTESTED, DOWN, OK, STUCK = 0, 1, 2, 3


def led_step_ms(count):
    """How long each LED of the chain walk stays lit."""
    return max(LED_MS_MIN, min(LED_MS_MAX, WALK_MS // count))


def segment_colour(seg):
    k = seg["kind"]
    if k == "panel" or k == "hand":
        return P.SEAT[seg["player"] % len(P.SEAT)]
    if k == "skip":
        return SKIP_COLOUR
    return PLAY_COLOUR


class SelfTest:
    """Controller of the "selftest" program, built as SelfTest(table)."""

    def __init__(self, table):
        self.table = table
        self.layout = table.layout
        self.frame = table.frame
        self.clock = table.hal.clock
        prof = table.profile
        self.name = prof["name"]
        segs = list(prof["segments"])
        segs.sort(key=lambda g: g["start"])  # lit in chain order, whatever order the profile lists them in
        self.segments = segs
        self.spans = [segment_span(s) for s in self.segments]
        self.n_leds = prof["led"]["count"]
        self.led_ms = led_step_ms(self.n_leds)
        self.n_buttons = len(table.key_player)
        self.key_player = table.key_player
        self.key_role = table.key_role
        self.led_counts = bytearray(self.n_leds)
        self.seg_counts = bytearray(len(self.segments))
        self.state = bytearray(self.n_buttons)
        self.was_down = bytearray(self.n_buttons)
        self.seen = bytearray(self.n_buttons)  # pressed at least once in the phase (after it started)
        self.down_since = array("i", [0] * self.n_buttons)
        self.game = None
        self.log = None  # the table hands over its event log (a self-test has no events)
        self.turns_done = 0
        self.passes = 0
        self.restart = False
        self._begin_pass()

    def _begin_pass(self):
        self.passes += 1
        self.phase = SEGMENTS
        self.step = -1  # nothing shown yet; the first render starts step 0
        self.step_at = 0
        for i in range(self.n_leds):
            self.led_counts[i] = 0
        for i in range(len(self.seg_counts)):
            self.seg_counts[i] = 0
        for i in range(self.n_buttons):
            self.state[i] = UNTESTED
            self.was_down[i] = 0
            self.seen[i] = 0

    # --- input: only to start a new pass once one is done; buttons are read in render ---

    def press(self, player, role, now):
        if self.phase == DONE:
            self.restart = True

    def release(self, player, role, now):
        pass

    def animating(self):
        return self.phase == SEGMENTS or self.phase == LEDS

    # --- the sequence ----------------------------------------------------------

    def _advance(self, now):
        """Move on by at most one step a frame, so every step is shown in at least one frame."""
        if self.restart:
            self.restart = False
            self._begin_pass()
        if self.phase == SEGMENTS:
            if self.step < 0 or self.clock.ticks_diff(now, self.step_at) >= SEGMENT_MS:
                self.step += 1
                self.step_at = now
                if self.step < len(self.segments):
                    self.seg_counts[self.step] = min(255, self.seg_counts[self.step] + 1)
                else:
                    self.phase = LEDS
                    self.step = 0
                    self.led_counts[0] = min(255, self.led_counts[0] + 1)
        elif self.phase == LEDS:
            if self.clock.ticks_diff(now, self.step_at) >= self.led_ms:
                self.step += 1
                self.step_at = now
                if self.step < self.n_leds:
                    self.led_counts[self.step] = min(255, self.led_counts[self.step] + 1)
                else:
                    self.phase = BUTTONS
                    self.step = 0
                    self._start_buttons(now)
        if self.phase == BUTTONS:
            self._scan_buttons(now)

    def _start_buttons(self, now):
        deb = self.table.debouncer
        for i in range(self.n_buttons):
            if deb.is_down(i):  # down before anyone was asked to press it: stuck
                self.state[i] = STUCK
                self.was_down[i] = 1
                self.down_since[i] = now

    def _scan_buttons(self, now):
        deb = self.table.debouncer
        done = 0
        for i in range(self.n_buttons):
            d = deb.is_down(i)
            st = self.state[i]
            if d and not self.was_down[i]:
                self.down_since[i] = now
                self.seen[i] = 1
                if st == UNTESTED:
                    st = DOWN
            elif d and st != STUCK and self.clock.ticks_diff(now, self.down_since[i]) > STUCK_MS:
                st = STUCK
            elif not d and self.was_down[i] and st == DOWN:
                st = OK
            self.was_down[i] = 1 if d else 0
            self.state[i] = st
            if st == OK or st == STUCK:
                done += 1
        if done == self.n_buttons:
            self.phase = DONE

    # --- drawing ---------------------------------------------------------------

    def board_step(self, now, room):
        """The table's call before each frame, for the seats the board plays (docs/games.md): it plays none
        here."""

    def render(self, now):
        self._advance(now)
        fr = self.frame
        fr.clear()
        if self.phase == SEGMENTS:
            s = self.step
            if 0 <= s < len(self.segments):
                c = segment_colour(self.segments[s])
                lo, hi = self.spans[s]
                for i in range(lo, hi + 1):
                    fr.set(i, c[0], c[1], c[2])
        elif self.phase == LEDS:
            c = WALK_COLOUR
            fr.set(self.step, c[0], c[1], c[2])
        else:
            self._draw_buttons(now)

    def _draw_buttons(self, now):
        fr = self.frame
        lay = self.layout
        blink = (now // 250) % 2 == 0
        deb = self.table.debouncer
        done = 0
        for i in range(self.n_buttons):
            st = self.state[i]
            if st == OK or st == STUCK:
                done += 1
            p = self.key_player[i]
            led = lay.blood_led(p, self.key_role[i])
            col = P.SEAT[p % len(P.SEAT)]
            if st == STUCK:
                if blink or not deb.is_down(i):
                    c = P.ERROR
                    fr.set(led, c[0], c[1], c[2])
            elif deb.is_down(i):
                fr.set(led, col[0], col[1], col[2])
            elif st == OK:
                fr.set(led, col[0] >> 3, col[1] >> 3, col[2] >> 3)
        for p in range(lay.max_players):
            c = self._player_status(p, blink)
            if c is not None:
                fr.set(lay.status_led(p, 0), c[0], c[1], c[2])
        n = lay.ring_len
        if self.phase == DONE:
            if self.passed():
                c = PASS_COLOUR
                for j in range(n):
                    fr.set(lay.ring_led(j), c[0], c[1], c[2])
            elif blink:
                c = P.ERROR
                for j in range(n):
                    fr.set(lay.ring_led(j), c[0], c[1], c[2])
            return
        c = PROGRESS
        for j in range(done * n // self.n_buttons):
            fr.set(lay.ring_led(j), c[0], c[1], c[2])

    def _player_status(self, p, blink):
        """Colour of player p's status LED 0: error if one of its buttons is stuck, steady when all
        are done, blinking while some are not; None for dark."""
        col = P.SEAT[p % len(P.SEAT)]
        all_ok = True
        for i in range(self.n_buttons):
            if self.key_player[i] == p:
                if self.state[i] == STUCK:
                    return P.ERROR
                if self.state[i] != OK:
                    all_ok = False
        if all_ok or blink:
            return col
        return None

    # --- results ---------------------------------------------------------------

    def _ids(self, states):
        return [i for i in range(self.n_buttons) if self.state[i] in states]

    def leds_ok(self):
        """The chain walk of this pass is over and lit every LED exactly once."""
        if self.phase < BUTTONS:
            return False
        for i in range(self.n_leds):
            if self.led_counts[i] != 1:
                return False
        return True

    def passed(self):
        return (self.phase == DONE and self.leds_ok() and not self._ids((UNTESTED, DOWN, STUCK))
                and not [c for c in self.seg_counts if c != 1])

    def button_name(self, i):
        return "p%d %s" % (self.key_player[i], ROLES[self.key_role[i]])

    def report(self):
        """The pass so far, as a JSON-able dict (the same on CPython and MicroPython)."""
        stuck = self._ids((STUCK,))
        missing = [i for i in range(self.n_buttons) if not self.seen[i] and self.state[i] != STUCK]
        return {
            "program": "selftest",
            "table": self.name,
            "pass": self.passes,
            "phase": PHASES[self.phase],
            "segments": [s["id"] for s in self.segments],
            "segments_lit": [self.segments[i]["id"] for i in range(len(self.segments)) if self.seg_counts[i]],
            "leds": self.n_leds,
            "led_counts": list(self.led_counts),
            "leds_ok": self.leds_ok(),
            "buttons": self.n_buttons,
            "pressed": [i for i in range(self.n_buttons) if self.seen[i]],
            "released": self._ids((OK,)),
            "stuck": stuck,
            "stuck_names": [self.button_name(i) for i in stuck],
            "missing": missing,
            "missing_names": [self.button_name(i) for i in missing],
            "passed": self.passed(),
        }

    def describe(self):
        """Short lines (they fit the terminal table's side panel)."""
        lines = ["self-test of %s, pass %d" % (self.name, self.passes)]
        if self.phase == SEGMENTS:
            s = max(0, self.step)
            if s < len(self.segments):
                lo, hi = self.spans[s]
                lines.append("segment %d/%d: %s, LEDs %d..%d" % (s + 1, len(self.segments), self.segments[s]["id"],
                                                                 lo, hi))
        elif self.phase == LEDS:
            lines.append("LED %d of 0..%d, in chain order" % (self.step, self.n_leds - 1))
        else:
            stuck = self._ids((STUCK,))
            if self.phase == BUTTONS:
                lines.append("press and let go of each button")
                lines.append("%d of %d done" % (len(self._ids((OK, STUCK))), self.n_buttons))
            elif self.passed():
                lines.append("PASSED (any key: test again)")
            else:
                lines.append("FAILED (any key: test again)")
            if stuck:
                lines.append("stuck: " + ", ".join(self.button_name(i) for i in stuck))
            if self.phase == BUTTONS:
                left = self._ids((UNTESTED, DOWN))
                if left and len(left) <= 6:
                    lines.append("to press: " + ", ".join(self.button_name(i) for i in left))
        lines.append("leave: hold ok, then ok")
        return lines
