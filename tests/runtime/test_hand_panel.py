"""The private hand panels (issues 16 and 18) on the grid8hands table: the card game's hand of six with
suit and value and Vampire Nights' items, loot, bites and Vampire mark, each on its own seat's panel only
while that seat holds look; the choice's cards blink there; nothing of it reaches the LEDs others see;
the same frames and no heap per frame on MicroPython.

What "identical LED frames" means with a private panel (docs/table.md, "The private hand panel"): a hand
panel faces its own player only, so for a seat that may not know a hidden fact, every LED it can see --
the grid, every small panel and its own hand panel -- is identical in two games that differ only in that
fact, whatever anybody holds; the only LEDs that may differ are the hand panels of seats that know the
fact, and only while they hold look (else they are dark).
"""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy, session_script
from nightboard.games import index
from nightboard.prng import Prng
from nightboard.table import palette as P
from nightboard.table.hand_panel import MORE, HandPanel
from nightboard.games.vampire_cards.play import KIND_COLOUR, SUIT
from nightboard.games.vampire_nights.play import CRIMSON, ITEM, STEEL, TILE
from table_driver import Driver
from twins_helpers import twins_along_play

OFF = (0, 0, 0)


def _cards(players=3, seed=1):
    d = Driver({"game": "vampire_cards", "players": players, "seed": seed}, name="grid8hands")
    d.settle()  # the start deal shown whole: the ring still again
    return d


def _nights(players=3, seed=4):
    return Driver({"game": "vampire_nights", "players": players, "seed": seed}, name="grid8hands")


def _hand_leds(lay, p):
    return set(lay.hand_led(p, x, y) for y in range(lay.hand_h) for x in range(lay.hand_w))


def _small_leds(lay, p):
    return set(lay.blood_led(p, k) for k in range(8)) | set(lay.status_led(p, k) for k in range(3))


def _panel(d, p):
    """Seat p's hand panel as rows of colours."""
    lay = d.table.layout
    return [[d.led(lay.hand_led(p, x, y)) for x in range(lay.hand_w)] for y in range(lay.hand_h)]


def _leds(d):
    return [d.led(i) for i in range(d.table.layout.led_count)]


def _lit_phase(d, period=400):
    """Frames until the blink is in its lit half (the chosen cards show), and the waiting seat's own blink (from
    when its turn came: the card game's `lit`) too."""
    for _ in range(200):
        if (d.hal.clock.ticks_ms() // period) % 2 == 0 and getattr(d.table.play, "lit", True):
            return
        d.frames(1)
    raise AssertionError("no frame in both lit halves")


# --- the profile and the renderer -------------------------------------------------------------------


def test_every_game_fits_the_table_with_hand_panels():
    from nightboard.table.profile import check_players

    prof = Driver(None, name="grid8hands").profile
    for name in index.names():
        lo, hi = index.module(name).GAME["players"]
        check_players(prof, name, min(hi, prof["max_players"]))  # raises if it does not fit


def test_an_image_is_drawn_again_only_when_its_key_changes():
    d = Driver(None, name="grid8hands")
    hp = HandPanel(d.table.layout, d.table.frame)
    assert hp.stale(1, 7)
    hp.row(1, 0, (5, 5, 5), 3)
    assert not hp.stale(1, 7)  # same key: the image stays as drawn
    hp.show(1)
    assert _panel(d, 1)[0][:4] == [(5, 5, 5)] * 3 + [OFF]
    assert hp.stale(1, 8)  # a new key clears the image
    d.table.frame.clear()
    hp.show(1)
    assert all(c == OFF for row in _panel(d, 1) for c in row)


def test_rows_light_from_the_left_and_say_when_more_than_fits():
    d = Driver(None, name="grid8hands")
    hp = HandPanel(d.table.layout, d.table.frame)
    d.table.frame.clear()
    hp.row(2, 3, (1, 2, 3), 4)
    hp.row(2, 4, (4, 5, 6), 12)
    hp.cell(2, 10, 0, (9, 9, 9))  # outside: ignored
    assert all(c == OFF for row in _panel(d, 2) for c in row)  # drawn into the seat's image, not yet shown
    hp.show(2)
    rows = _panel(d, 2)
    assert rows[3] == [(1, 2, 3)] * 4 + [OFF] * 6
    assert rows[4] == [(4, 5, 6)] * 9 + [MORE]
    assert all(c == OFF for y in (0, 1, 2, 5, 6) for c in rows[y])
    assert all(c == OFF for p in (0, 1, 3) for row in _panel(d, p) for c in row)


# --- the card game ----------------------------------------------------------------------------------


def test_a_hand_of_six_shows_suit_and_value_on_its_own_hand_panel_only_while_look_is_held():
    d = _cards()
    g = d.table.play.game
    seat = 1  # not the one to move: no blinking choice
    assert g.to_move()[0] != seat
    d.frames(25)
    _lit_phase(d)
    before = _leds(d)
    assert all(c == OFF for row in _panel(d, seat) for c in row)
    d.hold(seat, "look")
    _lit_phase(d)
    during = _leds(d)
    changed = set(i for i in range(len(before)) if before[i] != during[i])
    assert changed and changed <= _hand_leds(d.table.layout, seat)
    rows = _panel(d, seat)
    assert len(g.hands[seat]) == 6
    for i, c in enumerate(g.hands[seat]):
        suit, value = g.cards[c]
        if suit == 5:  # Fate: every other light of the row
            assert rows[i] == [SUIT[5], OFF] * 5
        else:
            assert rows[i] == [SUIT[suit]] * value + [OFF] * (10 - value)
    d.let_go(seat, "look")
    assert all(c == OFF for row in _panel(d, seat) for c in row)


def test_the_cards_of_the_choice_blink_and_the_choice_shows_only_on_the_private_panel():
    d = _cards()
    play = d.table.play
    g = play.game
    seat = g.to_move()[0]
    d.hold(seat, "look")
    small_before = [d.led(i) for i in sorted(_small_leds(d.table.layout, seat))]
    for _ in range(12):  # to a choice that uses cards (a discard)
        a = play.chosen_action()
        if a is not None and a % 64:
            break
        d.tap(seat, "move" if a is not None and a // 1024 == 1 else "mode")  # 1: discard
    a = play.chosen_action()
    used = [i for i in range(6) if a % 64 >> i & 1]
    assert used
    seen = {}
    for _ in range(60):  # over blinks
        d.frames(1)
        rows = _panel(d, seat)
        for i in used:
            seen.setdefault(i, set()).add(rows[i][0])
        assert rows[6][0] == KIND_COLOUR[a // 1024]
    for i in used:
        assert OFF in seen[i] and len(seen[i]) == 2  # lit and dark in turn
    _lit_phase(d)
    d.frames(1)
    small = [d.led(i) for i in sorted(_small_leds(d.table.layout, seat))]
    assert KIND_COLOUR[a // 1024] not in small and KIND_COLOUR[a // 1024] not in small_before


def test_a_whole_card_game_on_the_table_with_hand_panels():
    d = _cards(4, 2)
    play = d.table.play
    g = play.game
    for _ in range(3000):
        if g.over:
            break
        s = g.to_move()[0]
        want = g.board_move(s)
        d.hold(s, "look")
        for _ in range(12):
            if play.chosen_action() is not None and play.chosen_action() // 1024 == want // 1024:
                break
            d.tap(s, "mode")
        for _ in range(80):
            if play.chosen_action() == want:
                break
            d.tap(s, "move")
        assert play.chosen_action() == want
        assert any(c != OFF for row in _panel(d, s) for c in row) or not g.hands[s]
        d.tap(s, "ok")
        d.let_go(s, "look")
    assert g.over


# --- Vampire Nights ---------------------------------------------------------------------------------


def test_nights_items_loot_bites_and_vampire_mark_in_rows_on_the_own_hand_panel():
    d = _nights()
    play = d.table.play
    g = play.game
    rng = Prng(3)
    # play on until seat 0 has loot, or a bite
    for _ in range(400):
        v = g.view(0)
        if g.over or (v["my_loot"] and v["my_bites"]):
            break
        s = g.to_move()[0]
        legal = g.legal(s)
        g.apply(s, legal[rng.below(len(legal))])
        play._refresh()
    v = g.view(0)
    d.frames(2)
    assert all(c == OFF for row in _panel(d, 0) for c in row)
    before = _leds(d)
    for p in (1, 2):
        d.hold(p, "look")
    d.hold(0, "look")
    while not (d.hal.clock.ticks_ms() // 500) & 1:  # the half second in which nothing blinks off
        d.frames(1)
    rows = _panel(d, 0)
    assert rows[0] == [ITEM[n] for n in v["hand"]] + [OFF] * (10 - len(v["hand"]))
    loot = [TILE[n] for n in v["my_loot"]]
    assert loot and (rows[1] + rows[2])[:min(20, len(loot))] == loot[:20]
    assert rows[3][:len(v["my_bites"])] == [CRIMSON if b == "vampire" else STEEL for b in v["my_bites"]]
    assert rows[5] == ([CRIMSON] * 10 if v["vampire"] else [OFF] * 10)
    d.let_go(1, "look")
    d.let_go(2, "look")
    during = _leds(d)
    lay = d.table.layout
    changed = set(i for i in range(len(before)) if before[i] != during[i])
    assert changed <= _hand_leds(lay, 0) | set(lay.status_led(s, 0) for s in range(3)) | set(
        lay.cell_led(x, y) for x in range(8) for y in range(8))  # blinks of the turn, and seat 0's panel
    d.let_go(0, "look")
    assert all(c == OFF for row in _panel(d, 0) for c in row)


def test_nights_a_whole_game_by_buttons_with_hand_panels():
    d = _nights(2, 7)
    play = d.table.play
    g = play.game
    for _ in range(3000):
        if g.over:
            break
        seat = g.to_move()[0]
        before = play.turns_done
        if play.chosen() is None:
            d.hold(seat, "look")
            d.tap(seat, "mode")
            assert _panel(d, seat)[6][0] != OFF  # the secret kind shows on its own panel
            small = d.led(d.table.layout.status_led(seat, 1))
            assert small in ((255, 255, 255), OFF, P.ERROR)  # never the item's colour on the small panel
            d.tap(seat, "ok")
            d.let_go(seat, "look")
        else:
            d.tap(seat, "ok")
        assert play.turns_done == before + 1
    assert g.over


# --- non-interference of the frames -------------------------------------------------------------------


def _twins(name, seeds, steps):
    for a, b, knowers in twins_along_play(name, seeds, steps=steps):
        if len(a.seats()) <= 4:
            yield a, b, knowers


@pytest.mark.parametrize("name", ["vampire_cards", "vampire_nights"])
def test_a_hidden_fact_shows_only_on_the_hand_panel_of_a_seat_that_knows_it(name):
    """Twins that differ in a hidden fact: with every seat holding look, the frames differ at most on the
    hand panels of the seats that know it; with only the unknowing holding look they are identical."""
    from nightboard_host.link.client import LocalLink
    from nightboard_host.terminal.view import KeyMap, TerminalView
    from screen_helpers import styled_screen

    checked = differed = 0
    for a, b, knowers in _twins(name, range(3), 10):
        if checked >= 16:
            break
        da = Driver({"game": name, "position": a.to_json()}, name="grid8hands")
        db = Driver({"game": name, "position": b.to_json()}, name="grid8hands")
        n = len(a.seats())
        lay = da.table.layout
        unknowing = [s for s in range(n) if s not in knowers]
        for s in unknowing:
            da.hold(s, "look")
            db.hold(s, "look")
        for _ in range(40):
            da.frames(1)
            db.frames(1)
            assert da.wire() == db.wire()
        # the terminal and the protocol, which show the same LEDs, say the same
        assert LocalLink(da.table).call("state") == LocalLink(db.table).call("state")
        assert styled_screen(TerminalView(da.table, KeyMap.for_table(da.table))) == styled_screen(
            TerminalView(db.table, KeyMap.for_table(db.table)))
        allowed = set()
        for s in knowers:
            if s is not None and 0 <= s < n:
                da.hold(s, "look")
                db.hold(s, "look")
                allowed |= _hand_leds(lay, s)
        for _ in range(40):
            da.frames(1)
            db.frames(1)
            fa, fb = _leds(da), _leds(db)
            diff = set(i for i in range(len(fa)) if fa[i] != fb[i])
            assert diff <= allowed, sorted(diff - allowed)[:8]
            differed += bool(diff)
        checked += 1
    assert checked >= 6 and differed > 0  # the test sees hidden facts on the knowing seats' panels


# --- MicroPython: the same frames, no heap per frame ---------------------------------------------------


def _session(game, mpy, store):
    code = "GAME = %r\nFRAMES = 100\nSTORE = %r\n" % (game, str(store)) + session_script("hand_panel_session.py")
    if mpy:
        out = run_mpy(code, compiled=True)
    else:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=str(ROOT), env={"PYTHONPATH": str(ROOT / "firmware")}).stdout
    lines = out.splitlines()
    return lines[:-1], json.loads(lines[-1])


@pytest.mark.micropython
@pytest.mark.parametrize("game", ["vampire_cards", "vampire_nights"])
def test_hand_panels_same_frames_on_micropython_and_no_heap_per_frame(game, tmp_path):
    m_frames, m_alloc = _session(game, True, tmp_path / "micropython")
    c_frames, _ = _session(game, False, tmp_path / "cpython")
    assert len(m_frames) > 15 and m_frames == c_frames
    lit = [f for f in m_frames if f != m_frames[0]]
    assert lit
    assert m_alloc == {"idle": 0, "look": 0, "look_choosing": 0}


def test_the_serial_line_never_carries_a_hand_panel():
    """The protocol's frame reply (what the monitor draws, perhaps on a screen everybody sees) has every hand
    panel dark, as the other players see it, while the LEDs light it for its player; the rest is the frame."""
    from nightboard_host.link.client import LocalLink

    d = _cards()
    d.hold(1, "look")
    lay = d.table.layout
    mine = _hand_leds(lay, 1)
    assert any(d.led(i) != OFF for i in mine)
    leds = LocalLink(d.table).call("frame")["leds"]
    got = [tuple(int(leds[6 * i + k:6 * i + k + 2], 16) for k in (0, 2, 4)) for i in range(lay.led_count)]
    assert all(got[i] == OFF for i in mine)
    assert [got[i] for i in range(lay.led_count) if i not in mine] == [
        d.led(i) for i in range(lay.led_count) if i not in mine]
