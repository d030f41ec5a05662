"""A long press of move steps back through the choices (issue 39), in every game whose move steps through
choices: the card game's 42 discards, Vampire Nights, VampEmpire and the Dracula hunt. Its press steps on
at once, as ever; once it is long, the choice is the one before the one shown when it was pressed."""

import pytest

from table_driver import Driver

GAMES = {
    "vampire_cards": ({"players": 4, "seed": 5}, "ring4"),
    "vampire_nights": ({"players": 2, "seed": 5}, "grid8"),
    "vampempire": ({"players": 3, "seed": 5}, "hex8"),
    "dracula": ({"players": 2, "seed": 5}, "grid8"),
}


def chosen(play):
    return play.chosen_action() if hasattr(play, "chosen_action") else play.chosen()


def long_ms(d):
    b = d.profile["buttons"]
    return b.get("long_ms", 800) + b.get("debounce_ms", 20) + 3 * d.table.frame_ms


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_long_press_of_move_steps_back(name):
    opts, prof = GAMES[name]
    d = Driver(dict(opts, game=name), name=prof)
    d.saved()
    d.settle()
    seat = d.table.game.to_move()[0]
    if name == "vampire_nights":  # (its placement has few choices: a kind of action with more)
        d.frames(2)
    play = d.table.play
    seen = [chosen(play)]
    for _ in range(3):
        d.tap(seat, "move")
        seen.append(chosen(play))
    assert len(set(seen)) >= 2, seen  # move stepped through different choices
    d.tap(seat, "move", hold_ms=long_ms(d))
    assert chosen(play) == seen[2]
    d.tap(seat, "move", hold_ms=long_ms(d))
    assert chosen(play) == seen[1]
    d.tap(seat, "move")
    assert chosen(play) == seen[2]
    assert d.table.mode == "game" and play.turns_done == 0  # nothing played, nothing asked


def test_back_wraps_round_to_the_last_choice_of_the_card_games_discards():
    d = Driver({"game": "vampire_cards", "players": 4, "seed": 5})
    d.saved()
    d.settle()
    play = d.table.play
    first = chosen(play)
    d.tap(0, "move", hold_ms=long_ms(d))
    same = [a for a in play.legal if a // 1024 == first // 1024]
    assert chosen(play) == same[-1] and len(same) == 42  # one long press, not 41 presses


def test_a_long_press_of_move_from_a_seat_not_to_move_changes_nothing():
    d = Driver({"game": "vampire_cards", "players": 4, "seed": 5})
    d.saved()
    d.settle()
    play = d.table.play
    before = chosen(play)
    d.tap(2, "move", hold_ms=long_ms(d))
    assert chosen(play) == before and play.pick == 0
