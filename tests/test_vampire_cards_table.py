"""Vampire, the card game, on the simulated ring table: a hand shows only on its own panel while its
player holds look, presses out of turn are refused, the buttons play a whole game, every action is
saved, and the frame loop allocates nothing."""

import pytest

from table_driver import Driver

try:
    from nightboard.games import index

    _INDEXED = "vampire_cards" in index.names()
except ImportError:  # before the games' contract
    _INDEXED = False

pytestmark = pytest.mark.skipif(not _INDEXED, reason="the game is not in the index of games yet (it comes with "
                                                     "the games' contract)")


def start(players=3, seed=1):
    return Driver({"game": "vampire_cards", "players": players, "seed": seed}, name="ring4")


def leds(d):
    return [d.led(i) for i in range(d.table.layout.led_count)]


def panel_leds(d, seat):
    lay = d.table.layout
    return set(lay.blood_led(seat, k) for k in range(8)) | set(lay.status_led(seat, k) for k in range(3))


def test_a_hand_shows_on_its_own_panel_only_while_look_is_held():
    d = start()
    g = d.table.play.game
    d.settle()  # the start deal shown whole
    while d.hal.clock.ticks_ms() % 800 > 100:  # the same blink phase below: 400 ms lit, 400 ms dark
        d.frames(1)
    before = leds(d)
    d.hold(1, "look")
    during = leds(d)
    mine = panel_leds(d, 1)
    changed = [i for i in range(len(before)) if before[i] != during[i]]
    assert changed and set(changed) <= mine
    lit = [d.led(d.table.layout.blood_led(1, k)) != (0, 0, 0) for k in range(8)]
    assert lit == [True] * len(g.hands[1]) + [False] * (8 - len(g.hands[1]))
    d.let_go(1, "look")
    assert all(d.led(d.table.layout.blood_led(1, k)) == (0, 0, 0) for k in range(8))


def test_a_press_out_of_turn_is_refused_and_changes_nothing():
    d = start()
    g = d.table.play.game
    before = g.to_json()
    d.tap(2, "ok")
    assert g.to_json() == before
    lay = d.table.layout
    seen = set()
    for _ in range(40):
        d.frames(1)
        seen.add(d.led(lay.status_led(2, 1)))
    assert (255, 0, 255) in seen


@pytest.mark.parametrize("seed", [1, 2])
def test_the_buttons_play_a_whole_game_and_every_action_is_saved(seed):
    d = start(4, seed)
    play = d.table.play
    g = play.game
    for _ in range(3000):
        if g.over:
            break
        s = g.to_move()[0]
        want = g.board_move(s)  # the board's choice, reached with mode and move
        for _ in range(12):
            if play.chosen_action() is not None and play.chosen_action() // 1024 == want // 1024:
                break
            d.tap(s, "mode")
        for _ in range(80):
            if play.chosen_action() == want:
                break
            d.tap(s, "move")
        assert play.chosen_action() == want
        done = play.turns_done
        d.tap(s, "ok")
        assert play.turns_done == done + 1
    assert g.over
    over = play.describe()[1]
    assert over.startswith("game over, ") and "(" not in over  # why in words, not the engine's end code
    assert over.endswith(" wins") or over.endswith(" win") or over.endswith("nobody wins")


def test_the_board_plays_its_seats_by_itself_and_refuses_presses_for_them():
    d = Driver({"game": "vampire_cards", "players": 3, "seed": 4, "board": 2}, name="ring4")
    play = d.table.play
    g = play.game
    assert g.board == 2
    steps = 0
    while not g.over and steps < 400:
        s = g.to_move()[0]
        if g.board_plays(s):
            play.refused_until[s] = 0
            d.tap(s, "ok")  # a press for the board's seat is refused (the board may act meanwhile, on its own)
            assert play.refused_until[s] > 0
            d.frames(50)  # 0.7 s and more: the board has acted
        else:
            want = g.board_move(s)
            while play.chosen_action() // 1024 != want // 1024:
                d.tap(s, "mode")
            while play.chosen_action() != want:
                d.tap(s, "move")
            d.tap(s, "ok")
        steps += 1
    assert g.over
