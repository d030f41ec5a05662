"""GUIDE section 8, point 3, for Vampire, the card game and VampEmpire: the table saves after every action,
and a game cut by a power failure after each one and resumed ends exactly like the same game played
straight through (the board's choice for every seat, pressed on the buttons)."""

import pytest

from nightboard.games.vampempire.actions import split
from saves_helpers import boot
from table_driver import Driver

GAMES = [
    ({"game": "vampire_cards", "players": 3, "seed": 8}, "ring4", lambda a: a // 1024),
    ({"game": "vampempire", "players": 2, "seed": 3, "rounds": 20}, "grid8", lambda a: split(a)[0]),
]


def _step(d, kind_of):
    """The seat to act reaches the board's choice for it with mode and move, and presses ok."""
    play = d.table.play
    g = play.game
    s = g.to_move()[0]
    want = g.board_move(s)
    chosen = play.chosen_action if hasattr(play, "chosen_action") else play.chosen
    for _ in range(40):
        if chosen() is not None and kind_of(chosen()) == kind_of(want):
            break
        d.tap(s, "mode")
    for _ in range(200):
        if chosen() == want:
            break
        d.tap(s, "move")
    assert chosen() == want
    d.tap(s, "ok")
    d.saved()


@pytest.mark.parametrize("start,profile,kind_of", GAMES, ids=["vampire_cards", "vampempire"])
def test_a_power_cut_after_every_action_resumes_exactly(start, profile, kind_of):
    straight = Driver(start, name=profile)
    moves = 0
    while not straight.table.game.over and moves < 120:
        _step(straight, kind_of)
        moves += 1
    assert moves >= 60  # a good stretch of the game, past bites, reshuffles, trades and Nights
    cut = Driver(start, name=profile)
    storage = cut.hal.storage
    for k in range(moves):
        _step(cut, kind_of)
        if cut.table.game.over:
            break
        state = cut.table.game.to_json()
        cut = boot(storage, name=profile)
        assert cut.table.mode == "resume_ask"
        cut.tap(0, "ok")
        assert cut.table.game.to_json() == state
    assert cut.table.game.to_json() == straight.table.game.to_json()
