"""The bench figures of Vampire, the card game, on a few games: they count what they say they count."""

import functools

from nightboard_host.bench import costs as bench
from nightboard_host.games.vampire_cards import bench as VB


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


def test_knowing_bites_changes_only_the_target_to_the_hand_least_able_to_fend_it_off():
    from nightboard.games import vampire_cards as V
    from nightboard.games.vampire_cards import moves as MV

    chosen = 0
    for seed in range(6):
        g = V.new_game(seed, 3 + seed % 4)
        while not g.over:
            s = g.to_move()[0]
            a = VB.knowing_bites(g, s)
            board = g.board_move(s, 2)
            if g.phase == "bite" and MV.split(board)[0] == MV.BITE:
                kind, t, place = MV.split(a)
                assert (kind, place) == (MV.BITE, MV.split(board)[2])  # the board's bone
                rivals = [MV.split(x)[1] for x in g.legal(s) if MV.split(x)[0] == MV.BITE and MV.split(x)[2] == place]
                assert VB._weakness(g, t, g.bones[place]) == min(VB._weakness(g, r, g.bones[place]) for r in rivals)
                chosen += len(set(rivals)) > 1 and a != board
            else:
                assert a == board
            g.apply(s, a)
    assert chosen > 0  # it did choose otherwise than the board, somewhere


def test_the_bite_bound_plays_the_balance_games():
    b = VB.bite_bound(24)
    assert sum(b["ends"].values()) == 24 and b["level"].startswith("2, bites knowing")
    assert b["with_a_vampire"] == sum(v["games"] for v in b["vampire_won_by_players"].values())
