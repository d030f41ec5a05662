"""The host's client across the board's restart into its start menu (table/fresh.py), on the virtual board:
after `reset` it waits by itself; a question asked while the board restarts (the monitor's frames, after the
players left a game with their own buttons) is asked again and answered; a command is not sent twice, and
the error says why."""

import time

import pytest

from nightboard_host.emulation.virtual_board import VirtualBoard
from nightboard_host.flashing import flash
from nightboard_host.link.client import ASK_AGAIN, BoardTimeout, Client

pytestmark = pytest.mark.micropython


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("restart")
    with VirtualBoard(tmp / "flash") as vb:
        flash.flash(vb.port, profile="ring4", cache_dir=tmp / "cache")
        yield vb


def _leave_with_the_buttons(c):
    c.call("start", game="vampiring", seed=3)
    c.call("tap", player=0, role="ok", ms=1000)  # long: "leave this game?"
    c.call("tap", player=0, role="ok")  # yes: the board restarts about 1.2 s from now


def test_reset_waits_for_the_restart(board):
    with Client(board.port, timeout=10) as c:
        c.call("start", game="vampiring", seed=3)
        boots = board.boots
        assert c.call("reset")["restarting"] is True
        assert board.boots == boots + 1  # returned once the restarted board answered
        assert c.call("hello")["mode"] == "menu"


def test_questions_asked_across_the_restart_are_answered(board):
    with Client(board.port, timeout=10) as c:
        boots = board.boots
        _leave_with_the_buttons(c)
        end = time.monotonic() + 20
        while board.boots == boots and time.monotonic() < end:
            r = c.call("frame")  # the monitor's question, asked on through the restart
            assert len(r["leds"]) == 6 * r["n"]
        assert board.boots == boots + 1
        assert c.call("state")["mode"] == "menu"
        assert "frame" in ASK_AGAIN and "tap" not in ASK_AGAIN


def test_a_command_caught_by_the_restart_is_not_sent_twice(board):
    with Client(board.port, timeout=10) as c:
        _leave_with_the_buttons(c)
        time.sleep(1.0)
        said = None
        for _ in range(40):
            try:
                c.call("release", player=1, role="move")  # harmless, but a command: never sent twice
            except BoardTimeout as e:
                said = str(e)
                break
            time.sleep(0.02)
        if said is not None:  # the restart fell while it was under way
            assert "restarted into its start menu" in said and "ask again" in said
        assert c.call("hello")["mode"] == "menu"


def test_ctrl_c_at_once_after_power_on_marks_the_saved_game(tmp_path):
    """mpremote sends Ctrl-C as it connects: plugged in and stopped at once, before the table has run or read
    its save, the saved game is marked all the same (the REPL could have read it)."""
    import serial

    with VirtualBoard(tmp_path / "flash") as vb:
        flash.flash(vb.port, profile="ring4", cache_dir=tmp_path / "cache")
        with Client(vb.port, timeout=10) as c:
            c.call("start", game="vampiring", seed=3)
            time.sleep(0.5)  # its first save
        saves = vb.directory
        assert (saves / "game.json").exists() and not (saves / "repl.mark").exists()
        with serial.Serial(vb.port, timeout=0.1) as ser:
            vb.power_cycle()
            ser.write(b"\x03")  # held by the board until MicroPython can take it: main.py is starting
            got = b""
            end = time.monotonic() + 20
            while b">>> " not in got and time.monotonic() < end:
                got += ser.read(ser.in_waiting or 1)
        assert b">>> " in got, got[-300:]
        assert (saves / "repl.mark").exists()
