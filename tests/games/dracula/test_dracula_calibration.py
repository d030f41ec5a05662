"""Dracula calibrated for 1 to 4 hunters (issue 42): his play is read from mind.PLAY by the number of
hunters and the level, the levels keep their order at every table size against both strong teams, his
rooms are drawn against the grain of the hunters' knowledge, the second strong team plays from the public
view alone, and the bench's intervals and tables say what they measure. The full calibration (200 games
a cell) and the particle filter's figures are `make bench`'s (bench.calibration, bench.guess_table)."""

import pytest

from nightboard.games.dracula import know as K
from nightboard.games.dracula import mind as M
from nightboard.games.dracula import state as D
from nightboard.prng import Prng
from nightboard_host.games.dracula import bench as dracula_bench, bots as dracula_bots

from dracula_helpers import play_on_public_views, position


def test_his_play_is_read_per_number_of_hunters_and_level():
    assert len(M.PLAY) == 4 and all(len(row) == 3 * (len(M.PLAY[0]) // 3) == 15 for row in M.PLAY)
    for h in (1, 2, 3, 4):
        for level in D.LEVELS:
            assert M.play(h, level) == M.PLAY[h - 1][5 * (level - 1):5 * level]
            careless, bite, margin, keep, decline = M.play(h, level)
            assert 0 <= careless <= 100 and 0 <= bite <= 100 and 0 <= margin < M.WIN // 10
            assert 0 <= keep <= 100 and 0 <= decline <= 100


def test_the_row_of_the_table_size_decides_and_no_other(monkeypatch):
    # Two hunters: a row that plays every turn carelessly and never bites changes his choice only at
    # the table size it is the row of.
    g = D.new_game(4, 2, "playtest", 3, 5)
    while g.active >= 0:
        g.submit(g.active, "end")
    v = g.view()
    sharp = [M.decide(g.map, v, g.room, Prng(s + 1), 3) for s in range(12)]
    rows = list(M.PLAY)
    rows[0] = rows[2] = rows[3] = (100, 0, 0, 0, 0) * 3
    monkeypatch.setattr(M, "PLAY", tuple(rows))
    assert [M.decide(g.map, v, g.room, Prng(s + 1), 3) for s in range(12)] == sharp
    rows[1] = (100, 0, 0, 0, 0) * 3
    monkeypatch.setattr(M, "PLAY", tuple(rows))
    gentle = [M.decide(g.map, v, g.room, Prng(s + 1), 3) for s in range(12)]
    assert gentle != sharp and all(not bites for _c, _r, bites in gentle)


@pytest.mark.parametrize("hunters", (1, 2, 3, 4))
def test_level_3_beats_level_1_at_every_table_size(hunters):
    # A small seeded run (seeds apart from the tuning's 5001-5200): level 3 wins more games than level 1
    # against the strong team. A table whose rows were swapped or flattened fails here.
    weak = dracula_bench.strength(1, "strong", 30, hunters, first_seed=900)
    hard = dracula_bench.strength(3, "strong", 30, hunters, first_seed=900)
    assert hard["dracula_wins"] >= weak["dracula_wins"] + 6, (weak, hard)


def test_the_sweep_team_is_strong_and_plays_from_a_copy_of_the_public_view_alone():
    for seed, hunters in ((1, 2), (2, 3), (3, 1), (4, 4)):
        g = D.new_game(seed, hunters, "playtest", 2, 5)
        play_on_public_views(g, dracula_bots.SweepTeam(seed))
    sweep = dracula_bench.strength(2, "sweep", 20, 2, first_seed=900)
    aimless = dracula_bench.strength(2, "random", 20, 2, first_seed=900)
    assert sweep["hunter_wins"] >= 5 and aimless["hunter_wins"] == 0


def test_his_draw_leans_away_from_the_rooms_the_knowledge_favours():
    # From a known room (c3) the hunters' knowledge is his reach. The rooms next to it are reached from
    # more of the rooms he may be in than those three steps away, and a walk drawn uniformly (the old
    # careless turn) ends next to c3 ten times as often as in some rooms of the rim; his careless walk,
    # drawn room by room against that count, ends next to c3 less often than on the rim.
    g = D.new_game(3, 1, "playtest", 1, 5)
    g.pos[0] = g.map.room("a1")
    g.possible = K.spread(g.map, K.only(g.map.n, g.room), [], g.pos)
    v = g.view()
    ends = {}
    for s in range(400):
        crypt, rooms, _b = M.decide(g.map, v, g.room, Prng(s + 1), 1)
        e = rooms[-1] if rooms else g.room
        ends[e] = ends.get(e, 0) + 1
    walks = {}
    for w in K.walks(g.map, g.room, bytearray(g.map.n), bytearray(g.map.n), False):
        e = K.walk_end(w, g.room)
        walks[e] = walks.get(e, 0) + 1
    near = [r for r in range(g.map.n) if g.map.distance(g.room, r) == 1]
    rim = [r for r in range(g.map.n) if g.map.distance(g.room, r) == 3]
    assert len(ends) == len(walks) == 21
    assert max(walks.values()) >= 4 * min(walks.values())
    assert sum(walks[r] for r in near) * len(rim) > 2 * sum(walks[r] for r in rim) * len(near)
    assert sum(ends[r] for r in near) * len(rim) < sum(ends[r] for r in rim) * len(near), ends


def test_bites_told_in_order_narrow_the_rooms_he_may_be_in():
    # From c3, bites in b3 then c2 (in that order) leave him only in c2; in either order, b3 too.
    m = D.new_game(1, 2).map
    c3, b3, c2 = m.room("c3"), m.room("b3"), m.room("c2")
    start = K.only(m.n, c3)
    assert K.rooms_of(K.spread(m, start, [], [b3, c2], [b3, c2])) == [c2]
    assert sorted(K.rooms_of(K.spread(m, start, [], [b3, c2], [b3, c2], True, False))) == sorted([b3, c2])


def test_the_wilson_interval():
    lo, hi = dracula_bench.wilson(50, 100)
    assert abs(lo - 0.4038) < 0.001 and abs(hi - 0.5962) < 0.001
    assert dracula_bench.wilson(0, 20)[0] == 0.0 and dracula_bench.wilson(20, 20)[1] == 1.0
    assert dracula_bench.wilson(0, 0) == (0.0, 1.0)


def test_the_calibration_table_names_every_cell_its_interval_and_the_bands():
    cells = dracula_bench.calibration(games=2, first_seed=900, hunters=(1, 3), workers=1)
    assert len(cells) == 2 * 3 * 2
    text = dracula_bench.format_calibration(cells, [{"hunters": 2, "level": 3, "hit_rate": 0.12, "chance": 0.06,
                                                     "ratio": 2.0, "turns": 9, "games": 1}])
    lines = text.splitlines()
    assert sum(1 for ln in lines if ln[:1] in "13" and ln.split()[1] in "123") == 6
    for c in cells:
        assert c["low"] <= c["win_rate"] <= c["high"] and c["band"] == list(dracula_bench.BANDS[c["level"]])
        assert c["in_band"] == (c["band"][0] <= 100 * c["win_rate"] <= c["band"][1])
    assert "12.0% against 6.0%, 2.00x *" in text


def test_the_particle_filter_reads_a_sharp_mind_and_not_his(monkeypatch):
    fair = dracula_bench.guessability(2, 2, games=2, particles=48, first_seed=900)
    assert fair["turns"] > 10
    monkeypatch.setattr(M, "PLAY", ((0, 50, 0, 0, 0) * 3,) * 4)
    sharp = dracula_bench.guessability(2, 2, games=2, particles=48, first_seed=900)
    assert sharp["ratio"] > 2.0 and sharp["ratio"] > fair["ratio"]


def _draws(g, row, monkeypatch, streams=60, level=2):
    """{(room he ends in, bites): how many of `streams` streams} with every row of mind.PLAY set to `row`."""
    monkeypatch.setattr(M, "PLAY", (row * 3,) * 4)
    out = {}
    for s in range(streams):
        _crypt, rooms, bites = M.decide(g.map, g.view(), g.room, Prng(s + 1), level)
        key = (g.map.name(rooms[-1]) if rooms else g.map.name(g.room), bites)
        out[key] = out.get(key, 0) + 1
    return out


def test_hideouts_spread_where_he_goes_after_a_bite_and_declined_bites_go_to_hideouts(monkeypatch):
    # Red in c4 next to him in c3, blue far away: biting red is his best outcome, and with no margin and
    # no hideouts he takes the one best walk that does it, every time.
    g = position("c3", ["c4", "a1"], possible=["c3", "b2", "d2", "b4", "d4"])
    sharp = _draws(g, (0, 50, 0, 0, 0), monkeypatch)
    assert len(sharp) == 1 and all(bites == (0,) for _room, bites in sharp)
    # With hideouts he still bites red every time, but where he goes on is drawn again: many rooms, and the
    # bitten room (where every walk through it could end) not favoured.
    hidden = _draws(g, (0, 50, 0, 70, 0), monkeypatch)
    assert all(bites == (0,) for _room, bites in hidden) and len(hidden) >= 6
    assert hidden.get(("c4", (0,)), 0) <= 60 // 4
    # Declining every such bite: no bite, a hideout instead; half of them: both.
    declined = _draws(g, (0, 50, 0, 70, 100), monkeypatch)
    assert all(bites == () for _room, bites in declined) and len(declined) >= 6
    half = _draws(g, (0, 50, 0, 70, 50), monkeypatch)
    bit = sum(k for (_room, bites), k in half.items() if bites)
    assert 15 <= bit <= 45, half
    # Without hideouts there is nowhere to go instead: the decline is never drawn.
    assert _draws(g, (0, 50, 0, 0, 100), monkeypatch) == sharp


def test_a_winning_bite_is_never_declined(monkeypatch):
    g = position("c3", ["c4", "a1"], lives=[1, 0], possible=["c3", "b2"])
    won = _draws(g, (0, 50, 0, 70, 100), monkeypatch)
    assert all(bites == (0,) for _room, bites in won)


def test_more_hideouts_spread_his_quiet_walks_over_more_rooms(monkeypatch):
    # Nobody in reach of a bite: every outcome is quiet, and the share of hideouts decides how many of the
    # rooms he may be in he is drawn to.
    g = position("c3", ["a1", "e5"], possible=["c3", "b3", "d3", "c2", "c4"])
    spread = [len(_draws(g, (0, 50, 0, keep, 0), monkeypatch)) for keep in (0, 30, 100)]
    assert spread[0] < spread[1] < spread[2], spread
