"""`nightboard monitor`: a board seen through the protocol, drawn as `nightboard play` draws it, its buttons on
the keyboard, dump and load; the command in a terminal against main.py on a pseudo-terminal board."""

import argparse
import json
import os
import select
import struct
import subprocess
import sys
import time

import pytest

from mpy_harness import ROOT
from nightboard.games.vampiring import state as V
from nightboard.table.app import DEBUG_ANNOUNCE_MS
from nightboard_host.link import boards
from nightboard_host.terminal import monitor
from nightboard_host.link.client import LocalLink, ProtocolError
from nightboard_host.terminal.monitor import PublicGame, RemoteKeys, RemoteTable
from nightboard_host.terminal.view import KeyMap, TerminalView
from screen_helpers import expected_pixels, picture_pixels, screen_cells
from table_driver import Driver

RED, BLUE = 0, 1
START = {"game": "vampiring", "players": 2, "seed": 5}
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "firmware"), str(ROOT / "host")]))


def remote_of(start=START, name="ring4"):
    d = Driver(start, name=name)
    link = LocalLink(d.table)
    return d, RemoteTable(link)


def play_a_turn(d):
    d.tap(RED, "ok")
    d.tap(BLUE, "ok")
    d.settle()


@pytest.mark.parametrize("name", ["ring4", "grid8", "ring6"])
def test_the_remote_table_has_the_boards_layout_and_frame(name):
    d, rt = remote_of(name=name)
    assert rt.layout.geometry() == d.table.layout.geometry()
    assert rt.board_profile == name and rt.firmware == "0.1.0"
    d.frames(3)
    showing = bytes(d.table.frame.rgb)
    rt.refresh_frame()
    assert bytes(rt.frame.rgb) == showing and any(showing)
    assert rt.button_id(1, "ok") == d.table.button_id(1, "ok")
    with pytest.raises(ValueError):
        rt.button_id(7, "ok")


def test_the_side_panel_and_the_log_come_from_state_and_events():
    d, rt = remote_of()
    play_a_turn(d)
    rt.refresh()
    assert rt.describe()[:3] == d.table.describe()
    assert monitor.HELP in rt.describe()
    # The game is mirrored here from its public view: the same public view, no secrets.
    assert rt.game.turn == 2 and rt.game.players_count() == 2
    assert rt.game.view(None) == d.table.game.view(None) and not hasattr(rt.game, "pending")
    assert rt.program["name"] == "vampiring"
    assert rt.log == [e for _s, e in d.table.events_since(0)] and rt.last_seq == d.table.event_seq
    n = len(rt.log)
    rt.refresh_events()
    assert len(rt.log) == n  # only new events are fetched
    rt.last_seq = 10 ** 6  # as if the board had restarted and numbers its events from 1 again
    rt.refresh_events()
    assert rt.last_seq == d.table.event_seq and len(rt.log) == n


def test_a_new_game_starts_a_new_log():
    d, rt = remote_of()
    play_a_turn(d)
    rt.refresh()
    assert rt.log
    rt.link.call("start", players=2, seed=9)
    rt.refresh_state()
    assert rt.log == [] and rt.turn == 1


def test_terminal_view_draws_the_remote_table_as_play_draws_the_table():
    d, rt = remote_of()
    play_a_turn(d)
    d.frames(2)
    rt.refresh()
    view = TerminalView(rt, KeyMap.for_table(rt), "Nightboard monitor")
    rows, text = screen_cells(view.render(100, 30), 100, 30)
    pic = view.picture(100, 30)
    assert picture_pixels(rows, pic) == expected_pixels(pic, rt.frame.rgb)
    assert "turn 1:" in text and "VampiRing, castle, turn 2" in text and "1: dump to file" in text


def _dracula_screen(room):
    d, rt = remote_of(None, name="grid8")
    rt.link.call("start", game="dracula", position={"hunters": 2, "dracula": room, "seed": 4})
    d.tap(0, "ok")
    d.frames(30)
    rt.refresh()
    view = TerminalView(rt, KeyMap.for_table(rt), "Nightboard monitor")
    return screen_cells(view.render(100, 30), 100, 30)[1], rt, d


def test_a_dracula_hunt_on_the_monitor_shows_nothing_of_his_room():
    """Two hunts that differ only in Dracula's room look the same on the monitor (D8, GUIDE 5)."""
    a, rt, d = _dracula_screen(12)
    b, _rt, _d = _dracula_screen(18)
    assert a == b
    assert "Dracula hunt" in a and rt.program["name"] == "dracula"
    assert rt.game is not None and rt.game.view(None)["hunters"] == 2
    assert d.table.game.room == 12


def test_mirror_keeps_the_public_view_and_invents_nothing():
    view = {"families": 2, "turn": 3}  # not a position the engine takes
    g = monitor.mirror("vampiring", view, 2)
    assert isinstance(g, PublicGame) and g.players_count() == 2 and g.turn == 3 and g.view(None) is view
    assert monitor.mirror(None, {}) is None and monitor.mirror("vampiring", None) is None
    assert isinstance(monitor.mirror("no-such-game", {"hunters": 3}), PublicGame)
    assert monitor.mirror("dracula", {"turn": True}, True).players_count() == 0


def test_a_hunt_on_the_monitor_is_told_from_the_hunters_view_alone():
    """Issue 15: the monitor holds only the public view: no room of Dracula's, not even a stand-in."""
    _screen, rt, d = _dracula_screen(12)
    assert isinstance(rt.game, PublicGame) and "dracula" not in rt.game.view(None)
    assert rt.game.view(None) == d.table.game.view(None) and rt.game.players_count() == 2
    assert "room" not in vars(rt.game) and not hasattr(rt.game, "room")


def test_keys_tap_press_and_long_press_the_boards_buttons():
    d, rt = remote_of()
    keys = RemoteKeys(rt, KeyMap.for_table(rt))
    t = d.table
    assert keys.key("r") is True  # red's ok: a tap
    rt.link.tick(20)
    assert t.game.pending[RED] >= 0
    assert keys.key("d") is True  # blue's look: held until pressed again
    rt.link.tick(5)
    assert t.play.looking[BLUE] == 1
    keys.key("d")
    rt.link.tick(5)
    assert t.play.looking[BLUE] == 0
    keys.key("d")
    keys.release_all()
    rt.link.tick(5)
    assert t.play.looking[BLUE] == 0 and not any(t.injected)
    assert keys.key("9") is False and keys.key("\x1b[A") is False
    RemoteKeys(rt, KeyMap.for_table(rt), long_ms=1000).key("F")  # blue's ok, long: asks to leave
    rt.link.tick(70)
    assert t.mode == "confirm_quit"


def test_dump_without_debug_holds_the_public_position_only_and_loads_back(tmp_path):
    d, rt = remote_of()
    d.tap(RED, "move")
    d.tap(RED, "ok")  # a secret
    path = tmp_path / "dump.json"
    msg = monitor.command(rt, "dump", str(path))
    assert msg == "dumped the public position to %s" % path
    dumped = json.loads(path.read_text())
    assert dumped["format"] == "nightboard-dump" and dumped["game"] == "vampiring" and dumped["turn"] == 1
    assert "save" not in dumped and dumped["position"] == d.table.game.view(None)
    assert "pending" not in path.read_text()
    play_a_turn(d)
    d.tap(BLUE, "ok")
    msg = monitor.command(rt, "load", str(path))
    assert msg == "%s: started vampiring from the position" % path
    g = d.table.game
    assert g.turn == 1 and g.view(None)["vampires"] == dumped["state"]["vampires"]
    assert g.pending == [-1, -1]  # the public position has no secrets to restore


def test_dump_in_debug_mode_holds_the_whole_game_and_loads_it_exactly(tmp_path):
    d, rt = remote_of()
    assert monitor.command(rt, "debug", "") == "debug mode on: the table announces it first"
    rt.link.tick(DEBUG_ANNOUNCE_MS // 16 + 2)
    d.tap(RED, "move")
    d.tap(RED, "ok")
    secret = d.table.game.to_json()
    path = tmp_path / "dump.json"
    assert "the whole game (debug mode)" in monitor.command(rt, "dump", str(path))
    dumped = json.loads(path.read_text())
    assert dumped["save"]["state"] == secret and dumped["position"] == secret
    rt.refresh_state()
    lines = rt.describe()
    assert "DEBUG mode on: hidden facts shown" in lines
    assert '  pending: ["B-cw",null]' in lines or any(l.startswith("  pending: [") for l in lines)
    assert any(l.startswith("  seed: ") for l in lines) and not any(l.startswith("  ring: ") for l in lines)
    play_a_turn(d)
    assert "loaded the saved game" in monitor.command(rt, "load", str(path))
    assert d.table.game.to_json() == secret
    assert monitor.command(rt, "debug", "") == "debug mode off"
    assert d.table.debug is False


def test_load_takes_a_board_save_a_position_or_start_options(tmp_path):
    d, rt = remote_of()
    save = {"program": "vampiring", "state": V.new_game(4, 3).to_json(), "turns_done": 0}
    (tmp_path / "game.json").write_text(json.dumps(save))
    assert monitor.command(rt, "load", str(tmp_path / "game.json")).endswith("loaded the saved game")
    assert d.table.game.families == 3
    pos = V.new_game(8, 4, "mansion").to_json()
    (tmp_path / "pos.json").write_text(json.dumps(pos))
    monitor.command(rt, "load", str(tmp_path / "pos.json"))
    assert d.table.game.to_json() == pos
    (tmp_path / "opts.json").write_text(json.dumps({"game": "vampiring", "position": V.new_game(1, 2).to_json()}))
    monitor.command(rt, "load", str(tmp_path / "opts.json"))
    assert d.table.game.families == 2


@pytest.mark.parametrize("content, message", [
    (None, "cannot read"),
    ("{not json", "is not valid JSON"),
    ("[1, 2]", "not a dump, a save or a position (a JSON object)"),
    ('{"hello": 1}', "the board said no: position has an unknown field 'hello'"),
    ('{}', "not a dump, a save or a position: it is empty"),
    ('{"ring": ["tower"], "families": 2}', "the board said no: ring must list 12 cards for 2 families (V2)"),
    ('{"position": 5}', "its position is not an object"),
])
def test_load_of_a_bad_file_says_why_and_changes_nothing(tmp_path, content, message):
    d, rt = remote_of()
    before = d.table.game.to_json()
    path = tmp_path / "x.json"
    if content is not None:
        path.write_text(content)
    msg = monitor.command(rt, "load", str(path))
    assert message in msg
    assert d.table.game.to_json() == before


def _args(**kw):
    base = {"port": "sim", "file": monitor.DEFAULT_FILE, "dump": None, "load": None, "timeout": 2.0}
    base.update(kw)
    return argparse.Namespace(**base)


class Tty:
    def __init__(self, tty):
        self.tty = tty

    def isatty(self):
        return self.tty


def test_monitor_command_dumps_and_loads_without_a_terminal(tmp_path, capsys):
    import io

    d = Driver(START)
    out = io.StringIO()
    path = tmp_path / "d.json"
    code = monitor.main(_args(dump=str(path)), stdin=Tty(False), out=out, connect=lambda port: LocalLink(d.table))
    assert code == 0 and "dumped the public position to" in out.getvalue()
    play_a_turn(d)
    code = monitor.main(_args(load=str(path)), stdin=Tty(False), out=out, connect=lambda port: LocalLink(d.table))
    assert code == 0 and d.table.game.turn == 1


def test_monitor_command_errors(tmp_path, capsys, monkeypatch):
    d = Driver(START)
    link = lambda port: LocalLink(d.table)  # noqa: E731
    assert monitor.main(_args(), stdin=Tty(False), connect=link) == 2
    assert "needs an interactive terminal" in capsys.readouterr().err
    assert monitor.main(_args(dump="a", load="b"), stdin=Tty(False), connect=link) == 2
    assert "give --dump or --load, not both" in capsys.readouterr().err
    assert monitor.main(_args(dump="a", timeout=0), stdin=Tty(False), connect=link) == 2
    assert "--timeout: must be more than 0 seconds" in capsys.readouterr().err
    monkeypatch.setattr(boards, "list_ports", lambda: [])
    assert monitor.main(_args(port=None, dump="a"), stdin=Tty(False)) == 1
    err = capsys.readouterr().err
    assert err.startswith("nightboard monitor: no Nightboard") and "(no serial ports at all)" in err
    assert monitor.main(_args(port="/dev/nightboard-none", dump="a"), stdin=Tty(False)) == 1
    assert "cannot open /dev/nightboard-none" in capsys.readouterr().err
    assert monitor.main(_args(load=str(tmp_path / "missing.json")), stdin=Tty(False), connect=link) == 1
    assert "cannot read" in capsys.readouterr().err

    class Dead(LocalLink):
        def _read(self, deadline):
            deadline[0] = 0
            return b""

    code = monitor.main(_args(dump="a"), stdin=Tty(False), connect=lambda port: Dead(d.table, timeout=5))
    err = capsys.readouterr().err
    assert code == 1 and "no reply to 'hello'" in err and "Traceback" not in err


def test_monitor_is_a_subcommand():
    from nightboard_host.cli import build_parser

    args = build_parser().parse_args(["monitor", "--port", "/dev/ttyACM0", "--dump", "x.json"])
    assert args.func is monitor.main and args.port == "/dev/ttyACM0" and args.dump == "x.json"


# --- in a terminal, against main.py on a pseudo-terminal board ----------------------------------------

def _pty_monitor(port, keys, *args):
    import fcntl
    import termios

    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = dict(ENV, TERM="xterm-256color", COLUMNS="100", LINES="30")
    proc = subprocess.Popen([sys.executable, "-m", "nightboard_host.cli", "monitor", "--port", port, *args],
                            stdin=slave, stdout=slave, stderr=slave, env=env, cwd=str(ROOT), start_new_session=True,
                            preexec_fn=lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0))
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

    pump(2.5)
    for k, wait in keys:
        os.write(master, k)
        pump(wait)
    try:
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    pump(0.3)
    os.close(master)
    os.close(slave)
    return proc.returncode, bytes(out).decode("utf-8", "replace")


@pytest.mark.micropython
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminal test (Linux)")
def test_monitor_in_a_terminal_shows_the_board_presses_its_buttons_and_dumps(tmp_path):
    from pty_board import PtyBoard
    from nightboard_host.link.client import Client

    with PtyBoard() as board:
        with Client(board.port, timeout=10) as c:
            c.call("start", players=2, seed=3)
        dump = tmp_path / "dump.json"
        code, out = _pty_monitor(board.port, [(b"r", 0.6), (b"f", 2.0), (b"1", 1.0), (b"\x1b", 0.5)],
                                 "--file", str(dump))
        assert code == 0, out[-3000:]
        assert "\x1b[?1049h" in out and "38;2;" in out  # the alternate screen, in 24-bit colour
        assert "turn 1:" in out  # both families' ok went to the board: the turn was played and told
        assert "Traceback" not in out
        dumped = json.loads(dump.read_text())
        assert dumped["game"] == "vampiring" and dumped["turn"] == 2 and dumped["events"]
        with Client(board.port, timeout=10) as c:  # the board goes on answering after the monitor left
            assert c.call("state")["turn"] == 2 and len(c.frame_bytes()) == 3 * 108


def test_monitor_cannot_talk_to_a_silent_port():
    import serial

    from nightboard_host.link.client import Client

    silent = Client("loop://", timeout=0.2, serial_port=serial.serial_for_url("loop://", timeout=0.01))
    with pytest.raises(ProtocolError) as e:
        RemoteTable(silent)
    assert "no reply to 'hello'" in str(e.value)
