"""The bench figures of Vampire, the card game, on a few games: they count what they say they count."""

import functools

from nightboard_host import bench
from nightboard_host import vampire_cards_bench as VB


def test_strength_counts_games_by_role():
    s = VB.strength("sensible", 24)
    assert s["opponent"] == "sensible" and s["games"] == 24
    for side in ("as_vampire", "as_player"):
        assert s[side]["games"] == 24  # each role over the games asked for
        assert 0 <= s[side]["won"] <= 24
    assert s["seeds"] >= 48
    r = VB.strength("random", 24)
    assert r["as_vampire"]["games"] == r["as_player"]["games"] == 24  # random players declare too


def test_strength_stops_at_its_cap():
    s = VB.strength("random", 300, cap=10)
    assert s["seeds"] == 10 and s["as_vampire"]["games"] + s["as_player"]["games"] <= 10


def test_balance_adds_up():
    b = VB.balance(24)
    assert sum(b["ends"].values()) == 24
    assert b["with_a_vampire"] == sum(v["games"] for v in b["vampire_won_by_players"].values())
    assert b["vampire_won"] == sum(v["won"] for v in b["vampire_won_by_players"].values())


def test_the_bench_has_a_section_for_it(monkeypatch):
    monkeypatch.setattr(VB, "bench_figures", functools.partial(VB.bench_figures, 24))  # make bench: 300
    figs, why = bench.optional("vampire_cards")
    assert why is None and set(figs) == {"strength", "balance", "balance_level1", "decision", "micropython"}
    assert figs["micropython"]["worst_heap_bytes"] > 0
