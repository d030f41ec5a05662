"""Vampire Nights' option "board": the board plays the last N seats, so one person can play a 3- or 4-player
game alone; older records' "none" and "last" still read as 0 and 1, and bad values are refused."""

import pytest

from nightboard.games import vampire_nights as VN
from nightboard.games.errors import GameError
from nightboard.games.vampire_nights.state import SEATS

index = pytest.importorskip("nightboard.games.index")

from table_driver import Driver  # noqa: E402
from vn_helpers import play_a_step  # noqa: E402


def test_the_declared_counts_reach_every_seat():
    values = dict(VN.GAME["options"])["board"]
    assert values[0] == 0 and list(values) == list(range(len(SEATS) + 1))
    for players in (2, 3, 4):
        for n in range(players + 1):
            g = VN.new_game(5, players, board=n)
            assert g.boards == list(range(players - n, players))
            assert [p for p in range(players) if g.board_plays(p)] == g.boards
    assert VN.new_game(5, 2, board=4).boards == [0, 1]  # more than the players: the board plays alone


def test_older_words_none_and_last_give_the_same_games_and_positions():
    for players in (2, 3, 4):
        assert VN.new_game(7, players, board="none").to_json() == VN.new_game(7, players, board=0).to_json()
        assert VN.new_game(7, players, board="last").to_json() == VN.new_game(7, players, board=1).to_json()
        # the position keeps the form it always had for none or one seat: -1 or that seat
        assert VN.new_game(7, players, board=0).to_json()["board"] == -1
        assert VN.new_game(7, players, board="last").to_json()["board"] == players - 1
        assert VN.new_game(7, players, board="red").to_json()["board"] == 0


def test_a_position_written_before_several_seats_loads_and_plays_the_same():
    g = VN.new_game(11, 3, board="last")
    old = g.to_json()
    old["board"] = 2  # as a position with the board in the last seat was always written
    h = VN.from_json(old)
    assert h.boards == [2] and h.to_json() == old
    old["board"] = -1
    assert VN.from_json(old).boards == []
    for _ in range(40):  # the same moves from both give the same states
        p = g.to_move()[0]
        a = g.board_move(p) if g.board_plays(p) else g.legal(p)[-1]
        g.apply(p, None if g.board_plays(p) else a)
        h2 = VN.from_json(g.to_json())
        assert h2.to_json() == g.to_json()


def test_several_board_seats_round_trip():
    g = VN.new_game(3, 4, board=3)
    d = g.to_json()
    assert d["board"] == [1, 2, 3]
    assert VN.from_json(d).boards == [1, 2, 3] and VN.from_json(d).to_json() == d


@pytest.mark.parametrize("bad", ["green", "x", "", -1, 5, True, False, None, 1.5, [1], "3"])
def test_a_bad_count_is_refused_with_its_value(bad):
    with pytest.raises(GameError) as e:
        VN.new_game(3, 3, board=bad)
    assert "board must be the number of seats the board plays" in str(e.value)


@pytest.mark.parametrize("bad", [3, -2, [1], [2, 1], [1, 1], [0, 3], "last", True, None, [True, 2]])
def test_a_bad_board_field_in_a_position_is_refused(bad):
    d = VN.new_game(3, 3, board=2).to_json()
    d["board"] = bad
    with pytest.raises(GameError) as e:
        VN.from_json(d)
    assert "board" in str(e.value)


def test_the_board_alone_plays_a_four_player_game_to_the_end():
    g = VN.new_game(21, 4, board=4)
    for _ in range(5000):
        if g.over:
            break
        g.apply(g.to_move()[0], None)
    assert g.over and g.result()["winners"]


def _board_moves_on_its_own(d, limit=400):
    """Frames until the board has played the seat to move (it acts after a moment, by itself)."""
    g = d.table.play.game
    turns = d.table.play.turns_done
    for _ in range(limit):
        d.frames(1)
        if d.table.play.turns_done != turns or g.over:
            return
    raise AssertionError("the board did not play %s" % SEATS[g.to_move()[0]])


def test_one_person_plays_a_four_player_game_against_three_board_seats():
    d = Driver({"game": "vampire_nights", "players": 4, "seed": 12, "board": 3}, name="grid8")
    play = d.table.play
    g = play.game
    assert g.boards == [1, 2, 3]
    refused = human = board = 0
    for _ in range(3000):
        if g.over:
            break
        seat = g.to_move()[0]
        if g.board_plays(seat):
            if refused < 3:  # a board seat takes no presses: nothing changes
                before, turns = g.to_json(), play.turns_done
                d.tap(seat, "ok")  # well inside the moment before the board acts
                assert play.turns_done == turns and g.to_json() == before
                refused += 1
            _board_moves_on_its_own(d)
            board += 1
        else:
            assert seat == 0
            before = play.turns_done
            play_a_step(d, 0)
            assert play.turns_done == before + 1
            human += 1
    assert g.over and g.result()["winners"]
    assert human > 20 and board > 2 * human, (human, board)  # the board played three seats, the person one


def test_the_table_plays_a_board_only_game_to_the_end():
    d = Driver({"game": "vampire_nights", "players": 2, "seed": 8, "board": 2}, name="grid8")
    g = d.table.play.game
    for _ in range(2000):
        if g.over:
            break
        _board_moves_on_its_own(d)
    assert g.over and g.result()["winners"]


def test_each_board_seat_decides_from_its_own_view_not_another_board_seats_secrets():
    """With the board in every seat, two positions that differ only in a fact some seats may not know (the
    contract's twins: another board seat's hand, loot, bites, the decks) give each unknowing seat to move the
    same decision, and apply(seat, None) plays exactly that decision."""
    from nightboard.games.vampire_nights import secrets

    g = VN.new_game(17, 4, board=4)
    checked = 0
    for _ in range(120):
        if g.over:
            break
        s = g.to_move()[0]
        for d, knowers in secrets.twins(g)[:4]:
            if s in knowers:
                continue
            b = VN.from_json(d)
            assert b.boards == g.boards == [0, 1, 2, 3]
            assert g.board_move(s) == b.board_move(s)
            checked += 1
        want = g.board_move(s)
        h = g.copy()
        g.apply(s, None)
        h.apply(s, want)
        assert g.to_json() == h.to_json()
    assert checked > 50
