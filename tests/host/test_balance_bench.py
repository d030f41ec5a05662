"""`make bench ONLY=balance` (bench/balance.py): its counting and its 95% intervals, checked against figures
worked out by hand, and every game's outcome hook as the bench calls it."""

import math

import pytest

from nightboard.games import index
from nightboard_host import hooks
from nightboard_host.bench import balance as B


# Wilson 95% intervals worked out from the formula with z = 1.959964 (and, where printed, as tables give them).
@pytest.mark.parametrize("won,games,lo,hi", [
    (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (1, 20, 0.0089, 0.2361),
    (113, 300, 0.3237, 0.4327), (0, 1, 0.0, 0.7935),
])
def test_the_wilson_interval_matches_the_worked_figures(won, games, lo, hi):
    got = B.wilson(won, games)
    assert got[0] == pytest.approx(lo, abs=1e-4) and got[1] == pytest.approx(hi, abs=1e-4)


def test_the_interval_holds_the_share_and_narrows_with_more_games():
    for n in (7, 70, 700):
        lo, hi = B.wilson(3 * n // 7, n)
        assert lo < 3 / 7 < hi
    widths = [B.wilson(n // 2, n)[1] - B.wilson(n // 2, n)[0] for n in (10, 100, 1000)]
    assert widths[0] > widths[1] > widths[2] and widths[2] == pytest.approx(2 * 1.96 * math.sqrt(0.25 / 1000), abs=2e-3)
    assert B.wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("won,games", [(-1, 5), (6, 5), (1.0, 5), (1, "5")])
def test_a_share_that_cannot_be_is_refused(won, games):
    with pytest.raises(ValueError, match="0 <= won <= games"):
        B.wilson(won, games)


def _o(sides, won, length, end=None):
    o = {"sides": sides, "won": won, "length": length}
    if end:
        o["end"] = end
    return o


def test_tally_counts_each_side_over_the_games_it_sat_in():
    t = B.tally([
        _o(["Vampire", "players"], ["Vampire"], 10, "dawn"),
        _o(["Vampire", "players"], ["players"], 4, "slain"),
        _o(["Vampire", "players"], [], 15, "dawn, nobody declared"),
        _o(["Vampire", "players"], ["players"], 11, "dawn"),
    ])
    assert t["games"] == 4
    assert t["sides"]["Vampire"]["won"] == 1 and t["sides"]["Vampire"]["games"] == 4
    assert t["sides"]["Vampire"]["share"] == 0.25 and t["sides"]["players"]["share"] == 0.5
    assert t["sides"]["players"]["ci95"] == [round(x, 3) for x in B.wilson(2, 4)]
    assert t["no_winner"]["won"] == 1 and t["no_winner"]["share"] == 0.25
    assert t["length"] == {"mean": 10.0, "least": 4, "most": 15}
    assert t["ends"] == {"dawn": 2, "dawn, nobody declared": 1, "slain": 1}


def test_tally_counts_a_tie_for_every_side_in_it_and_a_side_only_where_it_sat():
    t = B.tally([
        _o(["tyrant", "beast"], ["tyrant", "beast"], 30),
        _o(["tyrant", "baroness"], ["baroness"], 7),
        _o(["beast", "baroness"], ["baroness"], 8),
    ])
    assert {s: (v["won"], v["games"]) for s, v in t["sides"].items()} == {
        "tyrant": (1, 2), "beast": (1, 2), "baroness": (2, 2)}
    assert t["no_winner"]["won"] == 0 and "ends" not in t


def test_tally_refuses_a_winner_who_did_not_play_and_no_games():
    with pytest.raises(ValueError, match="beast won but did not play"):
        B.tally([_o(["tyrant", "baroness"], ["beast"], 5)])
    with pytest.raises(ValueError, match="no games"):
        B.tally([])


def test_the_report_rows_give_each_side_no_winner_and_length():
    fig = {"vampire_cards": {"size": "players", "length": "rounds", "board": "the board", "games": 4,
                             "sizes": {"3": B.tally([_o(["Vampire", "players"], ["Vampire"], 10),
                                                     _o(["Vampire", "players"], [], 14)])}}}
    rows = {r[0]: r[1] for r in B.rows(fig)}
    title = index.facts("vampire_cards")["title"]
    assert rows["%s, 3 players: Vampire wins" % title] == "50.0%% [%.1f-%.1f]" % tuple(
        100 * x for x in B.wilson(1, 2))
    assert rows["%s, 3 players: players wins" % title].startswith("0.0% [0.0-")
    assert rows["%s, 3 players: no winner" % title].startswith("50.0% [")
    assert rows["%s, 3 players: length (rounds)" % title] == "12.0 (10-14)"


@pytest.mark.parametrize("name", B.balanced_games())
def test_every_games_outcome_is_one_real_game_of_each_size(name):
    facts = index.tools(name)["balance"]
    lo, hi = index.facts(name)["players"]
    assert list(facts["sizes"]) == list(range(lo, hi + 1))  # every table size the game allows
    assert facts["size"] and facts["length"] and facts["board"]
    outcome = hooks.hook(name, "outcome")
    for size in (lo, hi):
        o = outcome(3, size)
        assert set(o["won"]) <= set(o["sides"]) and len(set(o["sides"])) == len(o["sides"]) >= 2
        assert isinstance(o["length"], int) and o["length"] > 0
        assert outcome(3, size) == o  # seeded: the same game again


def test_every_game_is_in_the_balance_bench():
    assert sorted(B.balanced_games()) == sorted(index.names())


def test_tally_keeps_the_sides_in_the_order_the_games_name_them():
    t = B.tally([_o(["red", "blue", "yellow"], ["yellow"], 3), _o(["red", "blue", "yellow"], ["blue"], 3)])
    assert list(t["sides"]) == ["red", "blue", "yellow"]


def test_a_run_of_one_game_keeps_the_other_games_balance_figures():
    """`make bench ONLY=balance GAME=x OUT=bench/results.json` replaces x's figures only (it once dropped every
    other game's)."""
    from nightboard_host.bench.costs import merged

    old = {"when": "then", "balance": {"dracula": {"games": 1}, "vampiring": {"games": 2}}, "heap": {"a": 1}}
    out = merged(old, {"when": "now", "balance": {"dracula": {"games": 3}}})
    assert out["balance"] == {"dracula": {"games": 3}, "vampiring": {"games": 2}}
    assert out["heap"] == {"a": 1}
    assert out["refreshed"]["balance.dracula"] == "now" and "balance.vampiring" not in out["refreshed"]
