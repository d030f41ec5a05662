"""Secrets by structure (issue 39): the protocol's `frame` (and so the monitor and the party server's table
page) never shows a seat's private view. Twin games that differ in one hidden fact, with the seats that
know it holding look, give the same public frames on every shipped profile, for every game that hides
something; the raw frames on the LEDs do differ (the test has teeth). A seat played from a phone has
nothing private drawn on the table at all."""

import pytest

from nightboard.table.app import StartError
from nightboard_host.link.client import LocalLink
from table_driver import Driver
from twins_helpers import twins_along_play

HIDING = ("vampire_cards", "vampire_nights", "vampempire", "vampiring", "dracula")
PROFILES = ("ring4", "ring6", "grid8", "grid8hands", "hex8")  # every shipped profile


def _table(name, state, prof, knowers):
    try:
        d = Driver({"game": name, "position": state.to_json()}, name=prof)
    except StartError:
        return None
    d.saved()
    for s in knowers:
        if s < d.table.layout.max_players and s < state.players_count():
            d.hal.buttons.press(d.table.button_id(s, "look"))
    return d


def twin_frames(name, prof, seeds=(1, 2, 3), steps=10, most=12):
    """(public frames that differed, raw frames that differed, comparisons) over twins along random play."""
    public = raw = n = 0
    for g, twin, knowers in twins_along_play(name, seeds=seeds, steps=steps):
        a = _table(name, g, prof, knowers)
        if a is None:
            return None
        b = _table(name, twin, prof, knowers)
        la, lb = LocalLink(a.table), LocalLink(b.table)
        for _ in range(3):
            a.frames(7)
            b.frames(7)
            fa, fb = la.call("frame"), lb.call("frame")
            public += fa["leds"] != fb["leds"]
            raw += bytes(a.table.frame.rgb) != bytes(b.table.frame.rgb)
            n += 1
        if n >= most * 3:
            break
    return public, raw, n


@pytest.mark.parametrize("prof", PROFILES)
@pytest.mark.parametrize("name", HIDING)
def test_a_seat_holding_look_changes_no_public_frame(name, prof):
    got = twin_frames(name, prof)
    if got is None:
        pytest.skip("%s does not play on %s" % (name, prof))
    public, raw, n = got
    assert n >= 9 and public == 0, (public, raw, n)
    if name != "dracula":  # (his room never shows on the LEDs: the twins' frames are alike anyway)
        assert raw >= n // 3, (raw, n)  # what the LEDs show did differ: the public frame hid it


def _session(run, part="cards"):
    import json

    from mpy_harness import session_script

    code = "PART = %r\n" % part + session_script("private_frame_session.py")
    lines = [x for x in run(code).splitlines() if x.strip()]
    return lines, json.loads(lines[-1])


@pytest.mark.micropython
def test_the_public_frame_under_micropython_hides_the_same_and_a_phone_seat_costs_no_heap():
    import subprocess
    import sys

    from mpy_harness import ROOT, run_mpy

    m, m_end = _session(lambda code: run_mpy(code, compiled=True))
    c, c_end = _session(lambda code: subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT),
        env={"PYTHONPATH": str(ROOT / "firmware")}).stdout)
    import json

    from nightboard.games import vampire_cards as C

    assert C.new_game(5, 4).view(None) == C.new_game(6, 4).view(None)  # twins: the same public facts

    def leds(line):
        return json.loads(line[4:])["leds"]

    # twin 0: raw, frame reply, seat reply, the phone's frame; twin 1: raw, frame reply
    assert [leds(x) for x in (m[1], m[5])] == [leds(x) for x in (c[1], c[5])]  # the same on both interpreters
    assert leds(m[1]) == leds(m[5])  # the public frames of the twins: alike
    assert m[0] != m[4] and m[0] == c[0] and m[4] == c[4]  # the LEDs: the hands differ
    raw0, phone = bytes.fromhex(m[0]), bytes.fromhex(m[3])
    from nightboard.games.vampire_cards.play import PRIVATE_SMALL
    from nightboard.table.layout import Layout
    from table_driver import profile

    lay = Layout(profile("ring4"))

    def hand(rgb, seat):
        first = lay.panel_at[seat] // 3
        return [rgb[3 * (first + k):3 * (first + k) + 3] for k in PRIVATE_SMALL[:6]]

    assert any(c != b"\0\0\0" for c in hand(raw0, 0)) and any(c != b"\0\0\0" for c in hand(phone, 1))
    assert all(c == b"\0\0\0" for c in hand(phone, 0))  # seat 0 played from a phone: its hand is not drawn
    assert m_end["phone_alloc"] == 0 and c_end["phone_alloc"] is None
    m, _ = _session(lambda code: run_mpy(code, compiled=True), "vampiring")
    c, _ = _session(lambda code: subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=str(ROOT),
        env={"PYTHONPATH": str(ROOT / "firmware")}).stdout, "vampiring")
    assert m[0] == c[0] and leds(m[1]) == leds(c[1]) != m[0]  # VampiRing's preview: its cards dark, alike on both


@pytest.mark.parametrize("prof", ["grid8hands", "ring4"])
def test_a_seat_played_from_a_phone_has_nothing_private_drawn_on_the_table(prof):
    d = Driver({"game": "vampire_cards", "players": 4, "seed": 5}, name=prof)
    d.saved()
    t = d.table
    link = LocalLink(t)
    d.hold(0, "look")
    d.hold(1, "look")
    mask = t.private().mark(t, 1)  # seat 0's private LEDs now (the mask is reused: listed at once)
    leds = [i for i in range(len(mask)) if mask[i]]
    assert leds and any(t.frame.get(i) != (0, 0, 0) for i in leds)  # its hand shows while it looks
    link.call("seat", seat=0, phone=True)
    d.frames(3)
    assert all(t.frame.get(i) == (0, 0, 0) for i in leds)  # played from a phone: not any more
    other = t.private().mark(t, 2)
    assert any(t.frame.get(i) != (0, 0, 0) for i in range(len(other)) if other[i])  # seat 1's hand: still shown
    link.call("seat", seat=0, phone=False)
    d.frames(3)
    assert any(t.frame.get(i) != (0, 0, 0) for i in leds)
