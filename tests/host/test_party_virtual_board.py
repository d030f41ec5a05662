"""`nightboard party` on a board over a serial port: the virtual board (the firmware under the MicroPython unix
port, on a pty, flashed as a Pico is). A game started from the table page, a seat's action from its page played
on the board, and the board pulled and plugged back (its power cycled): the party talks to it again, and the
saved game it offers is carried on from the table page."""


import pytest

from nightboard_host.emulation.virtual_board import VirtualBoard
from nightboard_host.flashing import flash
from nightboard_host.link.client import Client
from nightboard_host.web.party_link import PortBoard
from party_helpers import Events, PartyServer

pytestmark = pytest.mark.micropython


@pytest.fixture(scope="module")
def vboard(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("party")
    with VirtualBoard(tmp / "flash") as vb:
        flash.flash(vb.port, profile="ring4", cache_dir=tmp / "cache")
        yield vb


def test_the_party_plays_a_board_on_a_port_and_rides_out_a_power_cut(vboard):
    server = PartyServer(board=PortBoard(vboard.port, timeout=3.0))
    table = Events(server, server.table("/events"))
    red = Events(server, server.seat(0, "/events"))
    try:
        assert table.next("table", lambda d: d["mode"] == "menu")[1]["status"] == ""
        r = server.post(server.table("/start"), {"game": "vampire_cards", "players": 3})
        assert r.status_code == 200, r.text
        mine = red.next("seat", lambda d: d["to_move"] and d["actions"], timeout=30)[1]
        assert mine["view"][0].startswith("Your hand (6): ")
        r = server.post(server.seat(0, "/act"), {"action": mine["actions"][0]["action"]})
        assert r.status_code == 200, r.text
        turn = table.next("table", lambda d: d["turn"] == 2, timeout=30)[1]["turn"]
        vboard.power_cycle()  # the cable pulled and plugged back (a pulled cable's words: test_party.py)
        # the board offers its saved game, as after any power cut: the table page's "carry on" is its ok
        asked = table.next("table", lambda d: not d["status"] and d["mode"] == "resume_ask", timeout=60)[1]
        assert any("carry on" in line for line in asked["describe"])
        r = server.post(server.table("/button"), {"player": 0, "role": "ok"})
        assert r.status_code == 200, r.text
        back = table.next("table", lambda d: d["mode"] == "game", timeout=30)[1]
        assert back["game"] == "vampire_cards" and back["turn"] in (turn - 1, turn)  # at most the turn in progress
        got = red.next("seat", lambda d: not d["status"] and d["playing"] and d["view"] and d["turn"] == back["turn"],
                       timeout=30)[1]  # red's page is back, at the turn the board resumed (its move, if red's)
        assert got["to_move"] == any(line.startswith("red to play") or ", red to play" in line
                                     for line in got["describe"]), got
    finally:
        table.close()
        red.close()
        server.close()
    with Client(vboard.port, timeout=10) as c:  # the party let go of the port
        assert c.call("hello")["game"] == "vampire_cards"
