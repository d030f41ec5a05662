"""`nightboard play`: the terminal view, the keyboard as buttons, a whole game by keys, the CLI."""

import os
import random
import select
import struct
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mpy_harness import ROOT
from nightboard.games.vampiring import state as V
from nightboard.hal.sim import SimButtons, SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard.table.profile import load_profile_file
from nightboard_host.terminal import view as terminal
from nightboard_host.terminal.view import KeyFeeder, KeyMap, TerminalView
from screen_helpers import expected_pixels, picture_pixels, screen_cells
from signals import sigint_default

PROFILES = ROOT / "hardware" / "profiles"


def profile(name):
    return load_profile_file(str(PROFILES / ("%s.json" % name)))


def known_position(families=2, seed=11, turns=2):
    g = V.new_game(seed, families)
    for k in range(turns):
        g.apply_actions([(k + f) % 4 for f in range(families)])
    return g.to_json()


def table_at(name, position, clock=None):
    prof = profile(name)
    hal = make_sim_hal(prof, clock=clock or SimClock(0))
    t = Table(prof, hal, {"game": "vampiring", "position": position})
    t.tick()
    return t, hal


# --- the view ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["ring4", "grid8", "ring6"])
def test_the_view_fits_80x24_and_every_led_cell_has_the_frames_colour(name):
    t, _hal = table_at(name, known_position())
    km = KeyMap.for_table(t)
    view = TerminalView(t, km, "Nightboard - VampiRing", name)
    rows, text = screen_cells(view.render(80, 24))
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 24 and len(rows) <= 24
    assert max(len(s.rstrip()) for s in lines) <= 80
    pic = view.picture(80, 24)
    # every LED has pixels of its own (none hidden under another) and the picture is exactly the frame
    assert len(set(pic.pixel.values())) == t.layout.led_count
    assert picture_pixels(rows, pic) == expected_pixels(pic, t.frame.rgb)
    lit = set(t.frame.get(i) for i in range(t.layout.led_count)) - {(0, 0, 0)}
    assert len(lit) >= 5  # a real game frame, not a dark one
    assert "mode move look ok" in text
    assert "red    q w e r" in text
    assert "blue   a s d f" in text
    assert "VampiRing, castle, turn 3" in text


@pytest.mark.parametrize("name", ["ring4", "grid8", "ring6"])
def test_each_led_is_drawn_at_its_own_place_in_its_own_colour(name):
    t, _hal = table_at(name, known_position())
    for i in range(t.layout.led_count):  # a colour no other LED has
        t.frame.set(i, i, 255 - i, (7 * i) % 256)
    view = TerminalView(t, KeyMap.for_table(t))
    for width, height in ((80, 24), (100, 30), (120, 40), (160, 50)):
        rows, _text = screen_cells(view.render(width, height), width, height)
        pic = view.picture(width, height)
        got = picture_pixels(rows, pic)
        for led in range(t.layout.led_count):  # no LED hidden under another one's dot
            x, y = pic.pixel[led]
            assert got[(x, y)] == t.frame.get(led), "%s %dx%d: LED %d" % (name, width, height, led)
    if name != "grid8":
        # the ring is round on screen: position 0 at the top, the opposite position at the bottom
        lay = t.layout
        def middle(pos):
            pts = [pic.pixel[lay.position_led(pos, k)] for k in range(lay.leds_per_card)]
            return sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)

        top, bottom = middle(0), middle(lay.positions // 2)
        assert bottom[1] - top[1] > pic.height // 2 and abs(top[0] - bottom[0]) <= 1


def test_a_bigger_terminal_gets_a_bigger_picture_and_the_key_map_for_every_seated_player():
    t, _hal = table_at("ring4", known_position(families=4))
    view = TerminalView(t, KeyMap.for_table(t))
    small, big = view.picture(80, 24), view.picture(160, 50)
    assert big.scale > small.scale and big.rows == 49
    rows, text = screen_cells(view.render(160, 50), 160, 50)
    assert len(rows) <= 50
    assert picture_pixels(rows, big) == expected_pixels(big, t.frame.rgb)
    for keys in ("q w e r", "a s d f", "z x c v", "u i o p"):
        assert keys in text
    for fam in ("red", "blue", "yellow", "green"):
        assert fam in text


def test_a_too_small_terminal_gets_a_message_not_a_broken_picture():
    t, _hal = table_at("ring4", known_position())
    view = TerminalView(t, KeyMap.for_table(t))
    _rows, text = screen_cells(view.render(50, 12), 50, 12)
    assert "make it at least 60x16" in text
    rows, _text = screen_cells(view.render(60, 16), 60, 16)
    assert len(rows) <= 16
    assert picture_pixels(rows, view.picture(60, 16)) == expected_pixels(view.picture(60, 16), t.frame.rgb)


def test_the_side_panel_shows_the_newest_events_whole_under_their_turn():
    t, _hal = table_at("ring4", known_position(turns=0))
    view = TerminalView(t, KeyMap.for_table(t))
    _rows, text = screen_cells(view.render(80, 24))
    assert "turn 1:" not in text  # nothing played yet
    assert "waiting for: red, blue" in text
    t.play.confirm(0, 0)
    t.play.confirm(1, 0)
    lines = view.side_lines(34, 23)
    words = [ln.plain for ln in lines]
    assert len(words) <= 23
    assert any(w.startswith("turn 1:") for w in words)
    heading = [w for w in words if w.startswith("turn ")]
    assert heading == ["turn 1:"]
    # the events shown are the newest: the last one described is the log's last (non-morph) event
    described = view.events()
    assert described[-1][0] == 1
    # the turn starts at its top (its first event, the reveals), and what is cut says how to see it
    assert words[words.index("turn 1:") + 1].strip().startswith(described[0][1].split()[0])
    assert words[-1].startswith("... ") and words[-1].endswith("more lines: down arrow")
    # scrolled down to the end: the last event of the turn is there
    view.scroll_by(-100)
    words = [ln.plain for ln in view.side_lines(34, 23)]
    tail = " ".join(w.strip() for w in words)
    assert tail.endswith(described[-1][1].split()[-1])
    assert "earlier lines: up arrow" in tail


def test_the_menu_is_described_with_its_choices():
    prof = profile("ring4")
    hal = make_sim_hal(prof, clock=SimClock(0))
    t = Table(prof, hal, None)
    t.tick()
    view = TerminalView(t, KeyMap.for_table(t))
    rows, text = screen_cells(view.render(80, 24))
    assert "start menu" in text and "players 2" in text
    assert picture_pixels(rows, view.picture(80, 24)) == expected_pixels(view.picture(80, 24), t.frame.rgb)


# --- the keyboard -----------------------------------------------------------------------


def fake_keymap(players=4):
    return KeyMap(lambda p, role: p * 4 + terminal.ROLES.index(role), players)


def rig(players=4):
    km = fake_keymap(players)
    buttons = SimButtons(4 * players)
    clock = SimClock(1000)
    return KeyFeeder(buttons, km, clock), buttons, clock


def test_keymap_layout_and_errors():
    km = fake_keymap(4)
    assert km.lookup("q") == (0, "mode", False)
    assert km.lookup("r") == (3, "ok", False)
    assert km.lookup("R") == (3, "ok", True)
    assert km.lookup("f") == (7, "ok", False)
    assert km.lookup("p") == (15, "ok", False)
    assert km.lookup("h") is None  # player 4's keys only exist on bigger tables
    assert km.keys_of(2) == "z x c v"
    km6 = fake_keymap(6)
    assert km6.lookup("<") == (23, "ok", True)
    with pytest.raises(ValueError, match="laid out for 6 players, the table has 7"):
        fake_keymap(7)
    with pytest.raises(ValueError, match="key 'q' is given twice"):
        KeyMap(lambda p, r: 0, 2, ("qwer", "qsdf"))


def test_a_tap_presses_now_and_releases_150_ms_later_on_the_clock():
    feeder, buttons, clock = rig()
    assert feeder.key("w") is True
    assert buttons.raw[1] == 1
    clock.advance(149)
    feeder.update()
    assert buttons.raw[1] == 1
    clock.advance(1)
    feeder.update()
    assert buttons.raw[1] == 0
    assert not feeder.busy()


def test_look_toggles_and_a_capital_is_a_one_second_long_press():
    feeder, buttons, clock = rig()
    feeder.key("e")  # player 0 look
    clock.advance(5000)
    feeder.update()
    assert buttons.raw[2] == 1
    feeder.key("e")
    assert buttons.raw[2] == 0
    feeder.key("R")  # player 0 ok, long
    for _ in range(99):
        clock.advance(10)
        feeder.update()
        assert buttons.raw[3] == 1
    clock.advance(10)
    feeder.update()
    assert buttons.raw[3] == 0


def test_unknown_keys_are_ignored():
    feeder, buttons, clock = rig()
    for k in ("1", "!", " ", "\x1b[A", "\n", "Q" * 2, "y", "~"):
        assert feeder.key(k) is False
    feeder.update()
    assert bytes(buttons.raw) == bytes(16) and not feeder.busy()


def test_a_second_tap_on_a_pressed_key_waits_for_the_release_and_a_gap():
    feeder, buttons, clock = rig()
    feeder.key("a")
    clock.advance(20)
    feeder.key("a")
    seen = []
    for _ in range(60):
        clock.advance(10)
        feeder.update()
        seen.append(buttons.raw[4])
    presses = sum(1 for i in range(1, len(seen)) if seen[i] and not seen[i - 1]) + 1
    assert presses == 2
    gap = seen.index(1, seen.index(0))  # first release -> second press
    assert gap * 10 >= terminal.GAP_MS - 10
    assert not feeder.busy() and buttons.raw[4] == 0


class CountingButtons(SimButtons):
    def __init__(self, n):
        super().__init__(n)
        self.presses = [0] * n

    def press(self, button):
        if not self.raw[button]:
            self.presses[button] += 1
        super().press(button)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.sampled_from("qwerQWERasdfASDFdDeEzx!"), st.integers(0, 1200)), max_size=30))
def test_every_tap_becomes_one_press_of_the_right_length(script):
    km = fake_keymap(4)
    buttons = CountingButtons(16)
    clock = SimClock(1000)
    feeder = KeyFeeder(buttons, km, clock)
    taps = [0] * 16
    look = {}  # button -> "toggled" or the tick its timed hold ends (a model of the look keys)
    down_since = [None] * 16
    longest = [0] * 16

    def watch():
        for i in range(16):
            if buttons.raw[i] and down_since[i] is None:
                down_since[i] = clock.ticks_ms()
            if not buttons.raw[i] and down_since[i] is not None:
                longest[i] = max(longest[i], clock.ticks_ms() - down_since[i])
                down_since[i] = None

    for ch, wait in script:
        hit = km.lookup(ch)
        now = clock.ticks_ms()
        if hit is not None and hit[1] == "look":
            b = hit[0]
            if hit[2]:
                look[b] = now + terminal.LONG_MS
            elif look.get(b) == "toggled":
                del look[b]
            else:
                look[b] = "toggled"
        elif hit is not None:
            taps[hit[0]] += 1
        feeder.key(ch)
        watch()
        for step in range(0, wait, 10):
            clock.advance(min(10, wait - step))
            feeder.update()
            watch()
            for b in sorted(look):
                if look[b] != "toggled" and clock.ticks_ms() >= look[b]:
                    del look[b]
            for b in sorted(look):
                assert buttons.raw[b] == 1, "look button %d should be down" % b
            for b in (2, 6, 10, 14):
                if b not in look:
                    assert buttons.raw[b] == 0, "look button %d should be up" % b
    for _ in range(1000):  # run on until every tap has been pressed and released
        clock.advance(5)
        feeder.update()
        watch()
    for b in range(16):
        if b % 4 == 2:
            assert buttons.raw[b] == (1 if look.get(b) == "toggled" else 0)
        else:
            assert buttons.raw[b] == 0
            assert buttons.presses[b] == taps[b], "button %d: %d taps gave %d presses" % (b, taps[b], buttons.presses[b])
            assert longest[b] <= terminal.LONG_MS + 10  # released at the first update (every 10 ms) after it is due
    assert not feeder._queue


# --- with the real table ----------------------------------------------------------------


def tick_for(t, feeder, clock, ms):
    for _ in range(max(1, ms // t.frame_ms)):
        clock.advance(t.frame_ms)
        feeder.update()
        t.tick()


def test_a_long_ok_asks_to_leave_and_another_ok_goes_back_to_the_menu():
    clock = SimClock(0)
    t, hal = table_at("ring4", known_position(), clock)
    feeder = KeyFeeder(hal.buttons, KeyMap.for_table(t), clock)
    feeder.key("F")  # player 1 ok, long press
    tick_for(t, feeder, clock, 1200)
    assert t.mode == "confirm_quit"
    assert any("leave this game" in s for s in t.describe())
    feeder.key("a")  # any other key carries on
    tick_for(t, feeder, clock, 300)
    assert t.mode == "game"
    feeder.key("R")
    tick_for(t, feeder, clock, 1200)
    feeder.key("r")
    tick_for(t, feeder, clock, 300)
    assert t.mode == "menu" and t.game is None


def test_the_menu_driven_by_keys_starts_a_three_family_game():
    prof = profile("ring4")
    clock = SimClock(0)
    hal = make_sim_hal(prof, clock=clock)
    t = Table(prof, hal, None)
    feeder = KeyFeeder(hal.buttons, KeyMap.for_table(t), clock)
    tick_for(t, feeder, clock, 100)
    for k in "wq":  # next field (players), change it (3)
        feeder.key(k)
        tick_for(t, feeder, clock, 300)
    assert "players 3" in " ".join(t.describe())
    feeder.key("r")
    tick_for(t, feeder, clock, 300)
    assert t.mode == "game" and t.game.families == 3


def test_a_two_family_game_played_with_keys_ends_with_a_winner_or_none():
    clock = SimClock(0)
    prof = profile("ring4")
    hal = make_sim_hal(prof, clock=clock)
    t = Table(prof, hal, {"game": "vampiring", "players": 2, "seed": 4})
    feeder = KeyFeeder(hal.buttons, KeyMap.for_table(t), clock)
    view = TerminalView(t, KeyMap.for_table(t))
    rnd = random.Random(4)
    turns = 0
    while not t.game.over and turns < 150:
        turn = t.game.turn
        for f in t.game.awaiting():
            keys = ("qwer", "asdf")[f]
            if rnd.random() < 0.5:
                feeder.key(keys[0])  # metamorphosis A/B
            if rnd.random() < 0.5:
                feeder.key(keys[1])  # direction
            if rnd.random() < 0.3:
                feeder.key(keys[2])  # look on ...
                tick_for(t, feeder, clock, 100)
                feeder.key(keys[2])  # ... and off
            feeder.key(keys[3])
        tick_for(t, feeder, clock, 400)
        assert t.game.turn == turn + 1, "turn %d did not resolve after every family pressed ok" % turn
        tick_for(t, feeder, clock, 3000)  # the turn's animation
        turns += 1
    g = t.game
    assert g.over, "no end after %d turns" % turns
    assert g.winner in (-1, 0, 1)
    end = [e for e in t.log if e["e"] == "end"]
    assert len(end) == 1 and end[0]["winner"] == (g.winner if g.winner >= 0 else None)
    assert any(s.startswith("game over") for s in t.describe())
    _rows, text = screen_cells(view.render(80, 24))
    assert "game over" in text


# --- the CLI ----------------------------------------------------------------------------

ENV = dict(os.environ, PYTHONPATH="%s:%s" % (ROOT / "firmware", ROOT / "host"))


def run_cli(*args, stdin=subprocess.DEVNULL):
    proc = subprocess.run([sys.executable, "-m", "nightboard_host.cli", *args], capture_output=True, text=True,
                          env=ENV, stdin=stdin, cwd=str(ROOT))
    return proc.returncode, proc.stdout, proc.stderr


def test_play_without_a_terminal_exits_2_and_says_why():
    code, out, err = run_cli("play", "vampiring")
    assert code == 2
    assert "stdin is not" in err and "terminal" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("args, message", [
    (("--profile", "nosuch"), "no profile named 'nosuch' (shipped: grid8, grid8hands, hex8, ring4, ring6"),
    (("--profile", "no/such.json"), "profile: no file no/such.json"),
    (("--players", "5"), 'players: 5 players but table "ring4" has panels and buttons for 4 (max_players)'),
    (("--players", "7", "--profile", "ring6"), "--players: VampiRing is for 2 to 6 families (got 7)"),
    (("--players", "1"), "--players: VampiRing is for 2 to 6 families (got 1)"),
])
def test_play_refuses_bad_profiles_and_player_counts(args, message):
    code, _out, err = run_cli("play", *args)
    assert code == 2
    assert message in err
    assert "Traceback" not in err


def test_play_names_the_broken_field_of_a_profile_file(tmp_path):
    bad = (PROFILES / "ring4.json").read_text().replace('"count": 108', '"count": 100')
    path = tmp_path / "mine.json"
    path.write_text(bad)
    code, _out, err = run_cli("play", "--profile", str(path))
    assert code == 2
    assert str(path) in err and "run past the end of the chain" in err
    path.write_text("{not json")
    code, _out, err = run_cli("play", "--profile", str(path))
    assert code == 2 and "not valid JSON" in err and "Traceback" not in err


def _pty_play(keys, *args):
    """Run `nightboard play` on a pseudo-terminal, type `keys` (with pauses), return (exit code, output, tty attrs after)."""
    import fcntl
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    before = termios.tcgetattr(slave)
    env = dict(ENV, TERM="xterm-256color", COLUMNS="80", LINES="24")
    proc = subprocess.Popen([sys.executable, "-m", "nightboard_host.cli", "play", *args], stdin=slave, stdout=slave,
                            stderr=slave, env=env, cwd=str(ROOT), start_new_session=True,
                            preexec_fn=lambda: (sigint_default(), fcntl.ioctl(0, termios.TIOCSCTTY, 0)))
    out = bytearray()

    def pump(seconds):
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            r, _w, _x = select.select([master], [], [], 0.05)
            if r:
                try:
                    out.extend(os.read(master, 65536))
                except OSError:
                    return

    pump(2.0)
    for k in keys:
        os.write(master, k)
        pump(0.4)
    try:
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    pump(0.3)
    after = termios.tcgetattr(slave)
    os.close(master)
    os.close(slave)
    return proc.returncode, bytes(out).decode("utf-8", "replace"), before, after


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminal test (Linux)")
@pytest.mark.parametrize("quit_key", [b"\x1b", b"\x03"])
def test_play_in_a_terminal_draws_takes_keys_and_quits_cleanly(quit_key):
    import termios

    code, out, before, after = _pty_play([b"r", b"f", b"\x1b[A", quit_key], "--seed", "3")
    assert code == 0, out[-2000:]
    assert "seed 3" in out.split("\x1b[?1049h")[0]  # printed before the screen, to replay the game
    assert "\x1b[?1049h" in out and "\x1b[?1049l" in out  # alternate screen entered and left
    assert "\x1b[?25l" in out and out.rfind("\x1b[?25h") > out.rfind("\x1b[?25l")  # cursor back
    assert "38;2;" in out  # 24-bit colour
    assert "turn 1:" in out  # both families pressed ok: the turn was played and told
    assert "Play this game again: nightboard play vampiring --players 2 --seed 3" in out
    assert "Traceback" not in out
    lflag = 3
    assert after[lflag] & (termios.ICANON | termios.ECHO) == before[lflag] & (termios.ICANON | termios.ECHO)


# --- issue 21 item 3: labels, the choice in words, the whole turn, what to do at the end ------------

SIZES = [(80, 24), (120, 40)]


def screen_text(view, width, height):
    rows, text = screen_cells(view.render(width, height), width, height)
    assert len(rows) <= height
    assert max(len(s.rstrip()) for s in text.rstrip("\n").split("\n")) <= width
    return text


def side_text(view, width, height):
    """The side panel's words on one line (wrapped lines joined), as the screen of that size shows them."""
    screen_text(view, width, height)
    pic = view.picture(width, height)
    return " ".join(" ".join(ln.plain.split()) for ln in view.side_lines(width - pic.cols - 1, pic.rows))


def game_table(game, prof, players, seed=3, clock=None):
    p = profile(prof)
    hal = make_sim_hal(p, clock=clock or SimClock(0))
    t = Table(p, hal, {"game": game, "players": players, "seed": seed})
    t.tick()
    return t, hal


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game, prof, players", [("vampiring", "ring4", 2), ("vampiring", "ring4", 4),
                                                  ("vampiring", "ring6", 6), ("dracula", "grid8", 2)])
def test_every_card_and_room_is_labelled_beside_its_leds(game, prof, players, size):
    t, _hal = game_table(game, prof, players)
    view = TerminalView(t, KeyMap.for_table(t))
    labels = view.labels()
    assert len(labels) >= 10
    text = screen_text(view, *size)
    pic = view.picture(*size)
    marks = view.marks(pic)
    leds = pic.led_cells()
    assert not set(marks) & leds  # no label hides an LED
    placed = {}
    for (c, r), (_ch, n) in marks.items():
        placed.setdefault(n, []).append((c, r))
    for n in range(len(labels)):
        leds_of, name, short = labels[n]
        assert n in placed, "label %r is not on the %dx%d screen" % (name, size[0], size[1])
        cells = sorted(placed[n])
        word = "".join(marks[c][0] for c in cells)
        assert word in (name, short) and word in text
        if size == (120, 40):
            assert word == name  # a bigger terminal has room for the whole names
        # next to its own LEDs: the label's middle within a few cells of the LEDs' middle
        xs = [pic.pixel[i][0] for i in leds_of]
        ys = [pic.pixel[i][1] / 2.0 for i in leds_of]
        mx = (cells[0][0] + cells[-1][0] + 1) / 2.0
        assert abs(mx - sum(xs) / len(xs)) <= 3 + len(word) / 2.0 + pic.dot
        assert abs(cells[0][1] - sum(ys) / len(ys)) <= 3 + pic.dot


def test_the_room_coordinates_of_the_hunt_are_on_the_screen():
    t, _hal = game_table("dracula", "grid8", 2)
    text = screen_text(TerminalView(t, KeyMap.for_table(t)), 80, 24)
    for room in ("a1", "a2", "e5", "c3"):
        assert room in text


def hold_look(hal, t, seat, down=True):
    (hal.buttons.press if down else hal.buttons.release)(t.button_id(seat, "look"))
    for _ in range(5):
        t.hal.clock.advance(t.frame_ms)
        t.tick()


@pytest.mark.parametrize("size", SIZES)
def test_a_family_sees_its_own_choice_in_words_only_while_it_looks(size):
    t, hal = game_table("vampiring", "ring4", 2)
    view = TerminalView(t, KeyMap.for_table(t))
    t.play.press(0, "mode", 0)  # red: metamorphosis B, clockwise
    t.play.press(1, "move", 0)  # blue: metamorphosis A, anticlockwise
    text = screen_text(view, *size)
    assert "metamorphosis" not in text and "looks" not in text
    assert "look: on/off" in text  # the screen says look is a toggle
    hold_look(hal, t, 0)
    text = side_text(view, *size)
    assert "red q w e r looks" in text
    assert "ok would choose metamorphosis B, clockwise" in text
    assert "blue:" not in text and "anticlockwise" not in text  # never another family's choice
    t.play.confirm(0, 0)
    text = side_text(view, *size)
    assert "chose metamorphosis B, clockwise (confirmed)" in text
    hold_look(hal, t, 0, down=False)
    assert "metamorphosis" not in screen_text(view, *size)


def test_twin_choices_look_the_same_to_the_family_that_does_not_know():
    """Two tables where blue confirmed different choices: the same screen while red looks, a different
    one only while blue looks (so the comparison can tell them apart)."""
    screens = []
    for meta in (0, 1):
        t, hal = game_table("vampiring", "ring4", 2)
        t.play.meta[1] = meta
        t.play.confirm(1, 0)
        view = TerminalView(t, KeyMap.for_table(t))
        shots = [screen_text(view, 80, 24)]
        hold_look(hal, t, 0)
        shots.append(screen_text(view, 80, 24))
        hold_look(hal, t, 0, down=False)
        hold_look(hal, t, 1)
        shots.append(screen_text(view, 80, 24))
        screens.append(shots)
    assert screens[0][0] == screens[1][0]
    assert screens[0][1] == screens[1][1]
    assert screens[0][2] != screens[1][2]


def four_family_turns(view, t, hal, clock, turns):
    km = view.keymap
    feeder = KeyFeeder(hal.buttons, km, clock)
    for k in range(turns):
        for f in t.game.awaiting():
            if k % 2:
                feeder.key(km.rows[f][0])
            feeder.key(km.rows[f][3])
        for _ in range(4000 // t.frame_ms):
            clock.advance(t.frame_ms)
            feeder.update()
            t.tick()
            view.game_log()  # the terminal looks at every frame it draws


@pytest.mark.parametrize("size", SIZES)
def test_the_whole_last_turn_of_four_families_is_in_the_log_from_its_first_line(size):
    clock = SimClock(0)
    t, hal = game_table("vampiring", "ring4", 4, seed=3, clock=clock)
    view = TerminalView(t, KeyMap.for_table(t))
    four_family_turns(view, t, hal, clock, 2)
    last = t.game.turn - 1
    turn = [w for n, w in view.events() if n == last]
    assert turn[0].startswith("red chose metamorphosis") and len(turn) > 20  # longer than the table keeps
    # the side panel starts the turn at its top, the fight lines with their wounds
    side = [ln.plain for ln in view.side_lines(size[0] - view.picture(*size).cols - 1, size[1] - 1)]
    assert "turn %d:" % last in side
    assert side[side.index("turn %d:" % last) + 1].strip().startswith("red chose metamorphosis")
    # the log page (Tab), scrolled with the arrows, holds every line of it
    km = view.keymap
    assert terminal.game_key(view, km, None, "\t") == "page"
    seen = []
    for _ in range(20):
        seen.extend(" ".join(ln.split()) for ln in screen_text(view, *size).split("\n"))
        terminal.game_key(view, km, None, terminal.DOWN_KEYS[0])
    joined = "\n".join(seen)
    for words in turn:
        assert " ".join(words.split())[:size[0] - 10] in joined
    if size == (120, 40):
        view.scroll = 0
        page = " ".join(screen_text(view, *size).split())
        assert all(" ".join(w.split()) in page for w in turn)  # all of it at once
    assert terminal.game_key(view, km, None, "\t") == "page" and view.page == "table"


def test_after_the_end_the_screen_says_ok_for_a_new_game_and_ok_starts_one():
    g = V.new_game(5, 2)
    k = 0
    while not g.over:
        g.apply_actions([(k + f) % 4 for f in range(2)])
        k += 1
    t, hal = table_at("ring4", g.to_json())
    km = KeyMap.for_table(t)
    view = TerminalView(t, km, "Nightboard - VampiRing", "ring4, 2 families, seed 5")
    for size in SIZES:
        assert "game over: ok for a new game, Esc to quit" in side_text(view, *size)
    feeder = KeyFeeder(hal.buttons, km, t.hal.clock)
    assert terminal.game_key(view, km, feeder, "q") == "button"  # other keys are still the buttons
    assert terminal.game_key(view, km, feeder, "f") == "new game"  # any family's ok
    start = {"game": "vampiring", "players": 2, "seed": 5, "variant": "castle", "preview": True}
    terminal.new_game(t, start, view)
    assert t.game.turn == 1 and not t.game.over and start["seed"] != 5
    text = screen_text(view, 80, 24)
    side = side_text(view, 80, 24)
    # the new seed comes from the board's randomness and, VampiRing hiding the choices, is told at the end
    assert "game over" not in text and str(start["seed"]) not in side and "seed shown when the game is over" in side


def test_before_the_end_ok_is_the_players_ok():
    t, hal = game_table("vampiring", "ring4", 2)
    km = KeyMap.for_table(t)
    view = TerminalView(t, km)
    assert "game over" not in screen_text(view, 80, 24)
    assert terminal.game_key(view, km, KeyFeeder(hal.buttons, km, t.hal.clock), "r") == "button"


def test_after_the_end_of_a_game_begun_at_the_menu_ok_goes_back_to_the_menu():
    g = V.new_game(5, 2)
    k = 0
    while not g.over:
        g.apply_actions([(k + f) % 4 for f in range(2)])
        k += 1
    t, _hal = table_at("ring4", g.to_json())
    view = TerminalView(t, KeyMap.for_table(t))
    terminal.new_game(t, None, view)
    t.tick()
    assert t.mode == "menu" and not view.over()
    assert "game over" not in screen_text(view, 80, 24)
    assert t.describe()[0].split()[0] in screen_text(view, 80, 24)  # the menu is described


def test_a_long_subtitle_is_wrapped_in_the_side_panel_not_cut():
    """Issue 21 item 9: at 80 columns the monitor's header was cut to "firmware 0.…"."""
    t, _hal = table_at("ring4", known_position())
    view = TerminalView(t, KeyMap.for_table(t), "Nightboard monitor",
                        "ring4 on /dev/serial/by-id/usb-MicroPython_Board_in_FS_mode_e6614104\nfirmware 0.1.0")
    lines = [x.plain for x in view.side_lines(30, 40)]
    assert "firmware 0.1.0" in lines and "e6614104" in "".join(lines)
    assert all(len(x) <= 30 for x in lines[:4])
