"""The VampEmpire bench's figures are counted from real board-only games (make bench runs 400)."""

from nightboard_host.bench import costs as bench
from nightboard_host.games.vampempire import bench as VB


def test_balance_counts_every_game_once_and_seats_every_vampire_alike():
    b = VB.balance(24)
    assert round(sum(b["win_percent"].values())) == 100
    assert 0 < b["vatican_ends"] <= 24 and 1 <= b["mean_rounds"] <= 30
    assert len(VB.SEATINGS) == len(set(tuple(s) for s in VB.SEATINGS)) == 24
    for v in ("baroness", "tyrant", "feathered", "beast"):
        assert sum(1 for s in VB.SEATINGS if s[0] == v) == 6


def test_bench_rows_judge_a_vampire_above_forty_percent():
    results = {"vampempire": {"balance": {"win_percent": {"baroness": 20.0, "tyrant": 45.0, "feathered": 15.0,
                                                          "beast": 20.0}, "mean_rounds": 6.5}}}
    rows = dict((r[0], r) for r in bench.table_rows(results))
    assert rows["VampEmpire board-only games: the Tyrant's wins (%)"][3] == "OUTSIDE"
    assert rows["VampEmpire board-only games: the Lumbering Beast's wins (%)"][3] == "inside"
