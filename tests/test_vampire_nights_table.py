"""Vampire Nights on the grid table: played to the end by its buttons and saved after every turn, secret
choices only while look is held, a seat's hand, loot and bites on its own panel only while it holds look."""

import pytest

from nightboard.games.vampire_nights import actions as A
from nightboard.games.vampire_nights.state import SEATS  # noqa: F401

index = pytest.importorskip("nightboard.games.index")
if "vampire_nights" not in index.names():
    pytest.skip("Vampire Nights is not in the index of games yet (it joins once the contract is merged)",
                allow_module_level=True)

from table_driver import Driver  # noqa: E402
from nightboard.table import palette as P  # noqa: E402
from nightboard.table.vampire_nights_play import ITEM  # noqa: E402


def _driver(seed=4, players=3):
    return Driver({"game": "vampire_nights", "players": players, "seed": seed}, name="grid8")


def _panel(d, p, k):
    lay = d.table.layout
    return d.table.frame.get(lay.panel_at[p] // 3 + k)


def test_a_whole_game_by_buttons_saved_after_every_turn():
    d = _driver()
    play = d.table.play
    g = play.game
    saves = 0
    for _ in range(3000):
        if g.over:
            break
        seat = g.to_move()[0]
        before = play.turns_done
        if play.chosen() is None:  # only secret choices: they need look held
            d.hold(seat, "look")
            d.tap(seat, "mode")
            d.tap(seat, "ok")
            d.let_go(seat, "look")
        else:
            d.tap(seat, "ok")
        assert play.turns_done == before + 1
        saves += 1
    assert g.over and g.result()["winners"]
    assert d.table._turns_seen == play.turns_done == saves


def test_secret_choices_need_look_and_other_seats_are_refused():
    d = _driver()
    play = d.table.play
    g = play.game
    while g.phase == "place":
        d.tap(g.to_move()[0], "ok")
    seat = g.to_move()[0]
    assert g.phase == "discard" and play.chosen() is None
    before = g.to_json()
    d.tap(seat, "ok")  # no look: refused, nothing changed
    assert g.to_json() == before
    other = (seat + 1) % g.players
    d.tap(other, "ok")
    assert g.to_json() == before
    d.hold(seat, "look")
    d.tap(seat, "mode")
    assert play.kind == A.DROP_ITEM
    d.tap(seat, "ok")
    d.let_go(seat, "look")
    assert g.to_json() != before


def test_the_hand_shows_on_its_own_panel_only_while_look_is_held():
    d = _driver()
    play = d.table.play
    g = play.game
    hand = g.view(0)["hand"]
    d.frames(1)
    dark = [_panel(d, 0, k) for k in range(8)]
    assert all(c == (0, 0, 0) for c in dark)  # no loot, no bites yet
    d.hold(0, "look")
    while (d.hal.clock.ticks_ms() // 1500) % 4 != 0:
        d.frames(1)
    shown = [_panel(d, 0, k) for k in range(len(hand))]
    assert shown == [ITEM[n] for n in hand]
    assert [_panel(d, 1, k) for k in range(8)] == [(0, 0, 0)] * 8  # another panel shows nothing of it
    d.let_go(0, "look")
    assert [_panel(d, 0, k) for k in range(8)] == dark
    assert P.FAMILY[0]


def test_one_person_against_the_board():
    d = Driver({"game": "vampire_nights", "players": 2, "seed": 9, "board": "last"}, name="grid8")
    play = d.table.play
    g = play.game
    assert g.board == 1
    for _ in range(3000):
        if g.over:
            break
        if g.to_move() == [1]:
            before = g.to_json()
            d.tap(1, "ok")  # the board's seat takes no presses
            d.frames(50)  # it plays on its own after a moment
            assert g.to_json() != before
            continue
        if play.chosen() is None:
            d.hold(0, "look")
            d.tap(0, "mode")
            d.tap(0, "ok")
            d.let_go(0, "look")
        else:
            d.tap(0, "ok")
    assert g.over
