"""The VampiRing bench (issue 19): its figures are real games and real decisions, in the shape make bench prints."""

import pytest

from nightboard_host.games.vampiring import bench as B


def test_duels_count_every_game_once_and_swap_seats():
    cell = B.duel(3, B.RANDOM, 40)
    assert cell["a_wins"] + cell["b_wins"] + cell["no_winner"] == 40
    assert cell["a"] == "level 3" and cell["b"] == "random" and cell["mean_turns"] > 1
    # the same level on both sides: about even, and nothing favours a seat
    even = B.duel(2, 2, 60)
    assert abs(even["a_wins"] - even["b_wins"]) <= 20


def test_four_family_cells_and_the_decision_cost():
    four = B.table4(3, 24)
    assert four["games"] == 24 and 0 <= four["wins"] + four["no_winner"] <= 24
    cost = B.decision_cost(2)
    assert [c["level"] for c in cost] == [1, 2, 3]
    assert cost[0]["worst_pairs"] == 0 < min(cost[1]["worst_pairs"], cost[2]["worst_pairs"])  # level 1 compares none
    assert all(c["decisions"] > 10 for c in cost)


@pytest.mark.micropython
def test_decisions_timed_on_the_micropython_unix_port():
    out = B.micropython(games=1, families=3)
    assert [c["level"] for c in out] == [1, 2, 3]
    assert all(c["decisions"] > 0 and c["unix_mean_us"] > 0 and c["heap_per_decision_bytes"] < 16384 for c in out)
