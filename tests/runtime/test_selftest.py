"""The self-test program on the simulated table (tracker issue 8): LEDs counted from the wire frames,
buttons from the simulated contacts, the report, the start menu, and the same run under MicroPython."""

import copy
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpy_harness import ROOT, run_mpy
from nightboard.hal.sim import make_sim_hal
from nightboard.table import palette as P
from nightboard.table import selftest as S
from nightboard.table.app import Table
from nightboard.table.profile import load_profile, segment_span
from table_driver import Driver, profile

PROFILES = ("ring4", "grid8", "ring6")


def lit_leds(wire):
    """Chain indices of the LEDs that get any light in a wire frame."""
    return [i for i in range(len(wire) // 3) if wire[3 * i] or wire[3 * i + 1] or wire[3 * i + 2]]


def runs(seq):
    """Collapse repeats: [a, a, b, b, b, a] -> [a, b, a]."""
    out = []
    for x in seq:
        if not out or out[-1] != x:
            out.append(x)
    return out


def record_pass(d, limit=20000):
    """Tick until the pass reaches the button phase; [(phase, lit LEDs)] of every frame sent."""
    seen = []
    for _ in range(limit):
        d.frames(1)
        phase = d.table.play.phase
        seen.append((phase, tuple(lit_leds(d.wire()))))
        if phase >= S.BUTTONS:
            return seen
    raise AssertionError("the self-test never reached its button phase")


def check_pass(d, seen):
    """Every LED of the profile lit exactly once in the chain walk, in chain order, one at a time;
    every segment lit once, alone and whole, in chain order."""
    n = d.profile["led"]["count"]
    walk = [leds for phase, leds in seen if phase == S.LEDS]
    assert all(len(leds) == 1 for leds in walk), "the walk lights exactly one LED per frame"
    order = runs([leds[0] for leds in walk])
    assert order == list(range(n))  # each LED once (no repeats, none missing), in chain order
    in_chain_order = sorted(d.profile["segments"], key=lambda s: s["start"])
    spans = [tuple(range(lo, hi + 1)) for lo, hi in (segment_span(s) for s in in_chain_order)]
    segs = runs([leds for phase, leds in seen if phase == S.SEGMENTS])
    assert segs == spans
    rep = d.table.play.report()
    assert rep["led_counts"] == [1] * n and rep["leds_ok"]
    assert rep["segments_lit"] == [s["id"] for s in in_chain_order]


def start_selftest(name="ring4", hal=None):
    d = Driver({"game": "selftest"}, name=name, hal=hal)
    assert type(d.table.play).__name__ == "SelfTest" and d.table.mode == "game"
    return d


def tap_all(d, skip=()):
    for p in range(d.table.layout.max_players):
        for role in S.ROLES:
            if (p, role) not in skip:
                d.tap(p, role)


@pytest.mark.parametrize("name", PROFILES)
def test_every_led_lit_exactly_once_per_pass_counted_from_the_frames(name):
    d = start_selftest(name)
    check_pass(d, record_pass(d))
    tap_all(d)
    rep = d.table.play.report()
    assert rep["phase"] == "done" and rep["passed"] and rep["pass"] == 1
    # Any short press starts the next pass, which again lights every LED exactly once.
    d.tap(0, "mode")
    assert d.table.play.report()["pass"] == 2
    check_pass(d, record_pass(d))
    assert d.table.play.report()["pressed"] == []


def test_segments_show_in_their_colours_play_area_cyan_panels_in_seat_colours():
    d = start_selftest("ring4")
    lay = d.table.layout
    seen_colours = {}
    for _ in range(400):
        d.frames(1)
        play = d.table.play
        if play.phase != S.SEGMENTS:
            break
        seg = play.segments[play.step]
        lo, _hi = segment_span(seg)
        seen_colours[seg["id"]] = d.led(lo)
    assert seen_colours == {"ring": S.PLAY_COLOUR, "p0": P.SEAT[0], "p1": P.SEAT[1],
                            "p2": P.SEAT[2], "p3": P.SEAT[3]}
    # On the wire, in the chain's GRB order: seat 0's red is the second byte, so a table whose LEDs
    # are really RGB shows seat 0's panel green, which the guide tells the builder to look for.
    d2 = start_selftest("ring4")
    while d2.table.play.phase == S.SEGMENTS and d2.table.play.step < 1:
        d2.frames(1)
    g, r, b = d2.hal.pixels.led(lay.blood_led(0, 0))
    assert r > 0 and g == 0 and b == 0


def test_chain_walk_on_a_long_chain_with_a_dark_skip_stretch_lights_every_led_once():
    # 600 LEDs: a step of 40 ms, still one LED per frame at least; the skip stretch is walked too.
    raw = json.loads((ROOT / "hardware" / "profiles" / "ring4.json").read_text())
    raw["led"]["count"] = 600
    raw["segments"].append({"id": "spare", "kind": "skip", "start": 108, "count": 492})
    prof = load_profile(raw)
    hal = make_sim_hal(prof)
    d = Driver.__new__(Driver)
    d.profile, d.hal, d.table = prof, hal, Table(prof, hal, {"game": "selftest"})
    assert S.led_step_ms(600) == S.LED_MS_MIN
    check_pass(d, record_pass(d, limit=40000))


def test_a_button_held_down_before_the_button_phase_is_reported_stuck():
    d = start_selftest("ring4")
    stuck = d.table.button_id(2, "look")
    d.hal.buttons.press(stuck)  # a contact shorted to GND from the start
    record_pass(d)
    d.frames(2)
    rep = d.table.play.report()
    assert rep["stuck"] == [stuck] and rep["stuck_names"] == ["p2 look"]
    assert stuck not in rep["pressed"] and stuck not in rep["missing"]
    lay = d.table.layout
    led = lay.blood_led(2, S.ROLES.index("look"))
    shown = set()
    for _ in range(40):  # blinking in the error colour while it is still down
        d.frames(1)
        shown.add(d.led(led))
    assert shown == {P.ERROR, (0, 0, 0)}
    assert d.led(lay.status_led(2, 0)) == P.ERROR
    tap_all(d, skip={(2, "look")})
    rep = d.table.play.report()
    assert rep["phase"] == "done" and not rep["passed"]
    assert rep["stuck"] == [stuck] and rep["missing"] == []
    assert "stuck: p2 look" in d.table.describe() and "FAILED (any key: test again)" in d.table.describe()
    # The result on the ring: blinking error colour.
    ring = set()
    for _ in range(40):
        d.frames(1)
        ring.add(d.led(lay.ring_led(0)))
    assert ring == {P.ERROR, (0, 0, 0)}


def test_a_button_held_longer_than_the_stuck_time_is_flagged_and_stays_flagged():
    d = start_selftest("grid8")
    record_pass(d)
    b = d.table.button_id(1, "mode")
    d.hal.buttons.press(b)
    d.frames(3)
    assert d.table.play.report()["stuck"] == []
    d.frames(S.STUCK_MS // d.table.frame_ms + 2)
    assert d.table.play.report()["stuck"] == [b]
    d.hal.buttons.release(b)
    d.frames(3)
    rep = d.table.play.report()
    assert rep["stuck"] == [b] and b in rep["pressed"]
    assert d.led(d.table.layout.blood_led(1, 0)) == P.ERROR  # steady once let go


def test_each_press_lights_its_players_colour_at_the_role_position_on_that_panel():
    d = start_selftest("ring6")
    record_pass(d)
    lay = d.table.layout
    ring = {lay.ring_led(j) for j in range(lay.ring_len)}
    status = {lay.status_led(q, 0) for q in range(6)}
    done = set()
    for p, role in ((0, "mode"), (3, "look"), (5, "ok"), (4, "move")):
        k = S.ROLES.index(role)
        d.hold(p, role)
        assert d.led(lay.blood_led(p, k)) == P.SEAT[p]
        # Nothing else lights on the panels but the buttons done before (and the status LEDs).
        lit = {i for i in range(lay.led_count) if d.led(i) != (0, 0, 0)} - ring - status
        assert lit == done | {lay.blood_led(p, k)}
        d.let_go(p, role)
        done.add(lay.blood_led(p, k))
        dim = tuple(c >> 3 for c in P.SEAT[p])
        assert d.led(lay.blood_led(p, k)) == dim
    rep = d.table.play.report()
    ids = [d.table.button_id(p, r) for p, r in ((0, "mode"), (3, "look"), (5, "ok"), (4, "move"))]
    assert rep["pressed"] == sorted(ids) and rep["released"] == sorted(ids)
    assert len(rep["missing"]) == 24 - 4 and rep["phase"] == "buttons" and not rep["passed"]
    # The ring fills as buttons are done: 4 of 24 on a 60-LED ring.
    lit = [j for j in range(lay.ring_len) if d.led(lay.ring_led(j)) == S.PROGRESS]
    assert lit == list(range(4 * 60 // 24))


def test_a_passing_pass_shows_steady_white_and_reports_everything():
    d = start_selftest("ring4")
    record_pass(d)
    tap_all(d)
    d.frames(20)
    lay = d.table.layout
    assert {d.led(lay.ring_led(j)) for j in range(lay.ring_len)} == {S.PASS_COLOUR}
    rep = d.table.play.report()
    assert json.loads(json.dumps(rep)) == rep
    assert rep["passed"] and rep["stuck"] == [] and rep["missing"] == [] and rep["pressed"] == list(range(16))
    assert rep["table"] == "ring4" and rep["leds"] == 108 and rep["buttons"] == 16
    assert "PASSED (any key: test again)" in d.table.describe()


def test_presses_during_the_led_phases_change_nothing():
    d = start_selftest("ring4")
    d.frames(5)
    d.tap(0, "mode")
    d.tap(1, "ok")
    seen = record_pass(d)
    check_pass(d, seen)
    assert d.table.play.report()["pass"] == 1


def test_started_from_the_start_menu_and_left_with_a_long_ok():
    d = Driver(None, name="ring4")
    assert d.table.mode == "menu"
    for _ in range(len(d.table.menu.progs)):  # the game field: mode picks the next program
        if d.table.menu.options()["game"] == "selftest":
            break
        d.tap(0, "mode")
    assert d.table.menu.options()["game"] == "selftest"
    assert "Self-test" in " ".join(d.table.describe())
    d.tap(0, "ok")
    assert type(d.table.play).__name__ == "SelfTest"
    d.frames(10)
    b = d.table.button_id(0, "ok")
    d.hal.buttons.press(b)
    d.frames(60)  # past long_ms
    d.hal.buttons.release(b)
    d.frames(3)
    assert d.table.mode == "confirm_quit"
    d.tap(0, "ok")
    assert d.table.mode == "menu" and d.table.play is None


def test_every_shipped_table_offers_the_selftest_in_its_menu():
    from nightboard.table.menu import Menu, seats
    from nightboard.table import programs

    prog = programs.find("selftest")
    for name in PROFILES:
        prof = profile(name)
        assert seats(prof, prog) == [1]
        d = Driver(None, name=name)
        assert "selftest" in d.table.menu.progs
        assert isinstance(d.table.menu, Menu)


ring_profiles = st.builds(
    dict,
    positions=st.integers(2, 24),
    lpp=st.integers(1, 4),
    card0=st.integers(0, 200),
    clockwise=st.booleans(),
    skip=st.integers(0, 5),
    players=st.integers(1, 3),
    reverse=st.booleans(),
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ring_profiles)
def test_property_any_ring_table_walk_lights_each_led_once(spec):
    raw = json.loads((ROOT / "hardware" / "profiles" / "ring4.json").read_text())
    n_ring = spec["positions"] * spec["lpp"]
    segs = [{"id": "ring", "kind": "ring", "start": 0, "positions": spec["positions"],
             "leds_per_position": spec["lpp"], "card0": spec["card0"] % n_ring, "clockwise": spec["clockwise"]}]
    at = n_ring
    if spec["skip"]:
        segs.append({"id": "gap", "kind": "skip", "start": at, "count": spec["skip"]})
        at += spec["skip"]
    for p in range(spec["players"]):
        segs.append({"id": "p%d" % p, "kind": "panel", "player": p, "start": at})
        at += 11
    raw["max_players"] = spec["players"]
    raw["segments"] = segs[::-1] if spec["reverse"] else segs  # profiles may list segments in any order
    raw["led"]["count"] = at
    raw["buttons"]["keys"] = [k for k in raw["buttons"]["keys"] if k["player"] < spec["players"]]
    prof = load_profile(copy.deepcopy(raw))
    hal = make_sim_hal(prof)
    d = Driver.__new__(Driver)
    d.profile, d.hal, d.table = prof, hal, Table(prof, hal, {"game": "selftest"})
    check_pass(d, record_pass(d))


# --- MicroPython: the same session on the board's interpreter -------------------------------------

SESSION = (ROOT / "tests" / "scripts" / "selftest_session.py").read_text()


def _cpython_session(name):
    code = "PROFILE = %r\n" % name + SESSION
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT),
                         env={"PYTHONPATH": str(ROOT / "firmware")}).stdout
    return json.loads(out.strip().splitlines()[-2])


@pytest.mark.micropython
@pytest.mark.parametrize("name", ["ring4", "ring6"])
def test_micropython_runs_the_same_selftest(name):
    lines = run_mpy("PROFILE = %r\n" % name + SESSION, compiled=True).strip().splitlines()
    got = json.loads(lines[-2])
    assert got == _cpython_session(name)
    # Not required of a tool, but the self-test allocates nothing per frame either.
    assert json.loads(lines[-1]) == {"segments": 0, "leds": 0}
    n = profile(name)["led"]["count"]
    k = got["walk"].index("measured")
    assert got["walk"][:k] == list(range(k)) and got["walk"][k + 1:] == list(range(got["walk"][k + 1], n))
    assert got["led_counts"] == [1] * n and got["leds_ok"]
    assert got["stuck"] == [1] and got["phase"] == "done" and not got["passed"]


# --- `nightboard selftest` over the serial protocol, against a simulated table ---------------------

def _cli_session(press_stuck=None, skip=(), timeout_s=300):
    import io

    from nightboard_host.link.client import LocalLink
    from nightboard_host.commands.selftest import run_selftest

    d = Driver(None, name="ring4")
    link = LocalLink(d.table)
    t = d.table
    if press_stuck is not None:
        d.hal.buttons.press(t.button_id(*press_stuck))
    todo = [i for i in range(16) if i not in [t.button_id(*s) for s in skip]
            and (press_stuck is None or i != t.button_id(*press_stuck))]

    def wait(seconds):
        if t.play is not None and t.play.phase == S.BUTTONS and todo:
            b = todo.pop(0)  # the person at the table presses the next button
            d.hal.buttons.press(b)
            link.tick(5)
            d.hal.buttons.release(b)
            link.tick(3)
        else:
            link.tick(int(seconds * 1000) // t.frame_ms)

    out = io.StringIO()
    code = run_selftest(link, out, timeout_s=timeout_s, as_json=True, wait=wait,
                        clock=lambda: d.hal.clock.ticks_ms() / 1000)
    text = out.getvalue()
    return code, text, json.loads(text.strip().splitlines()[-1])


def test_selftest_command_passes_on_a_good_table():
    code, text, rep = _cli_session()
    assert code == 0
    assert "PASSED: all 108 LEDs lit once each, all 16 buttons pressed and let go, none stuck" in text
    for words in ("each segment lights up in turn", "every LED, one at a time", "press and let go of every button"):
        assert words in text
    assert "buttons: 16 of 16 done" in text
    assert rep["passed"] and rep["phase"] == "done"


def test_selftest_command_reports_a_simulated_stuck_button():
    code, text, rep = _cli_session(press_stuck=(1, "move"))
    assert code == 1
    assert "stuck: p1 move (button 5)" in text
    assert "FAILED: stuck: p1 move (button 5)" in text
    assert rep["stuck"] == [5] and not rep["passed"]


def test_selftest_command_times_out_naming_the_buttons_never_pressed():
    code, text, rep = _cli_session(skip=((3, "look"), (0, "ok")), timeout_s=40)
    assert code == 1
    assert "timed out after 40 s in the buttons phase; still to press: p0 ok (button 3), p3 look (button 14)" in text
    assert rep["missing"] == [3, 14]


def test_selftest_command_says_clearly_when_the_board_cannot_be_reached_or_refuses(tmp_path, capsys):
    import io

    from nightboard_host.cli import main
    from nightboard_host.link.client import RequestFailed
    from nightboard_host.commands.selftest import run_selftest

    assert main(["selftest", "--port", str(tmp_path / "no-such-port")]) == 2
    assert "nightboard selftest: cannot open" in capsys.readouterr().err

    class OldBoard:
        name = "the old board"

        def call(self, kind, **args):
            raise RequestFailed(kind, {"ok": False, "error": "unknown game 'selftest' (this table plays: vampiring)"})

    assert run_selftest(OldBoard(), io.StringIO()) == 2
    assert "refused to start the self-test: unknown game 'selftest'" in capsys.readouterr().err
    assert main(["selftest", "--port", "x", "--timeout", "0"]) == 2


def test_the_terminal_table_shows_the_selftest():
    from nightboard_host.terminal.view import KeyMap, TerminalView
    from screen_helpers import screen_cells

    d = start_selftest("ring4")
    d.frames(3)
    view = TerminalView(d.table, KeyMap.for_table(d.table), "Nightboard", "ring4, start menu")
    _rows, text = screen_cells(view.render(100, 30))
    assert "self-test of ring4, pass 1" in text and "segment 1/5: ring, LEDs 0..63" in text
    record_pass(d)
    d.tap(2, "move")
    _rows, text = screen_cells(view.render(100, 30))
    assert "1 of 16 done" in text and "leave: hold ok, then ok" in text


def test_selftest_finds_the_board_itself_like_flash_and_monitor(monkeypatch, capsys):
    from nightboard_host.link import boards
    from nightboard_host.cli import main

    monkeypatch.setattr(boards, "list_ports", lambda: [])
    assert main(["selftest"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightboard selftest: no Nightboard (a Pico running MicroPython) is connected")
    assert "--port" in err and "Traceback" not in err


@pytest.mark.micropython
def test_selftest_passes_on_the_virtual_board_with_keys_typed_in_the_terminal(tmp_path):
    """Nothing can press the virtual board's buttons but the protocol: keys typed at `nightboard selftest`
    do, as in the monitor, and the pass completes."""
    import os
    import pty
    import select
    import subprocess
    import sys
    import time
    from pathlib import Path

    from nightboard_host.flashing import flash
    from nightboard_host.emulation.virtual_board import VirtualBoard

    with VirtualBoard(tmp_path / "flash") as vb:
        flash.flash(vb.port, cache_dir=tmp_path / "cache")
        master, slave = pty.openpty()
        proc = subprocess.Popen([str(Path(sys.executable).parent / "nightboard"), "selftest", "--port", vb.port,
                                 "--timeout", "120"], stdin=slave, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        os.close(slave)
        out = b""
        typed = False
        end = time.monotonic() + 150
        try:
            while proc.poll() is None and time.monotonic() < end:
                r, _, _ = select.select([proc.stdout], [], [], 0.2)
                if r:
                    out += os.read(proc.stdout.fileno(), 4096)
                if not typed and b"Or press them from here: q w e r, a s d f, z x c v, u i o p" in out:
                    for ch in "qwerasdfzxcvuiop":
                        os.write(master, ch.encode())
                        time.sleep(0.3)
                    typed = True
            proc.wait(10)
            out += proc.stdout.read()
        finally:
            if proc.poll() is None:
                proc.kill()
            os.close(master)
    text = out.decode()
    assert "Ctrl-C stops following it here" in text
    assert "buttons: 16 of 16 done" in text, text
    assert "PASSED: all" in text and proc.returncode == 0, text
