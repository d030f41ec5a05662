"""The party's rounds (web/party_driver.py): a round asks the board for one of the frame, the words or a seat's
view, never two (the board answers one `frame`, `state` or `seat` a frame: docs/protocol.md, so a round of two
would keep a page's action behind it for frames more), and after a page's action the frame first, at once. On
the simulated table, the requests each round sent recorded as they went out."""

import json
import time

from nightboard_host.web import party_driver
from nightboard_host.web.party_driver import HEAVY, Driver
from nightboard_host.web.party_link import SimBoard
from table_driver import profile


def test_a_round_asks_for_the_frame_the_words_or_a_seat_and_an_action_is_followed_by_the_frame(monkeypatch):
    sent = []
    real = party_driver.exchange

    def spy(link, reqs, timeout=None, more=None):
        sent.append([k for k, _a, _h in reqs])
        return real(link, reqs, timeout, more)

    monkeypatch.setattr(party_driver, "exchange", spy)
    board = SimBoard(profile("ring4"), {"game": "vampire_cards", "players": 3, "seed": 4}, speed=4.0).start()
    seats = {}
    d = Driver(board, lambda kind, seat, text: seats.__setitem__(seat, json.loads(text)) if kind == "seat" else None)
    d.start()
    try:
        end = time.monotonic() + 20
        while time.monotonic() < end and not (seats.get(0) or {}).get("actions"):
            time.sleep(0.05)
        acts = seats[0]["actions"]
        assert acts, seats[0]
        reply = d.submit("act", seat=0, action=acts[0]["action"]).result(20)
        assert reply["ok"], reply
        end = time.monotonic() + 5
        while time.monotonic() < end and len(sent) < 40:
            time.sleep(0.05)
    finally:
        d.stop()
        board.stop()
    assert len(sent) >= 10 and any("state" in r for r in sent) and any("frame" in r for r in sent)
    assert [r for r in sent if sum(k in HEAVY for k in r) > 1] == []
    assert [r for r in sent if "state" in r and "events" in r] == []  # the log comes with the next frame
    assert any("frame" in r and "events" in r for r in sent)
    assert any("seat" in r for r in sent)
    acted = [i for i, r in enumerate(sent) if "act" in r]
    assert len(acted) == 1 and sent[acted[0]][:2] == ["act", "frame"], sent[acted[0]]
