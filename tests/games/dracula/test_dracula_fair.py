"""A Dracula that can be beaten (issue 19): the bench's strong hunter team plays from the public view only,
his mind picks at random among near-equal outcomes (never throwing a win away), the levels each win and
lose games against the strong team, and the predictability attack tells a predictable mind from a random one."""

from nightboard.games.dracula import mind as M
from nightboard.games.dracula import state as D
from nightboard.prng import Prng
from nightboard_host.games.dracula import bench as dracula_bench, bots as dracula_bots

from dracula_helpers import play_on_public_views


# --- the strong team sees the public view only ------------------------------------------------------

def test_the_strong_team_chooses_from_a_copy_of_the_public_view_alone():
    for seed, hunters, rules in ((1, 2, "playtest"), (2, 3, "classic"), (3, 1, "playtest"), (4, 4, "classic")):
        g = D.new_game(seed, hunters, rules, 2, 5)
        play_on_public_views(g, dracula_bots.StrongTeam(seed))


def test_the_public_game_the_team_plays_on_holds_no_hidden_fact():
    g = D.from_json({"hunters": 2, "dracula": "b4", "seed": 1, "possible": ["b4", "d2", "c3"]})
    pub = dracula_bots.PublicGame(g.view(0), g.map)
    for hidden in ("room", "prng", "seed", "last_move"):
        assert not hasattr(pub, hidden)
    assert pub.legal_actions(0) == g.legal_actions(0)


def test_the_strong_team_plays_the_same_whichever_of_the_possible_rooms_he_is_in():
    a = D.from_json({"hunters": 2, "dracula": "b4", "seed": 1, "possible": ["b4", "d2", "c3"]})
    b = D.from_json({"hunters": 2, "dracula": "d2", "seed": 1, "possible": ["b4", "d2", "c3"]})
    ta, tb = dracula_bots.StrongTeam(5), dracula_bots.StrongTeam(5)
    for _ in range(3):
        if a.active < 0 or a.over:
            break
        x, y = ta.action(a, a.active), tb.action(b, b.active)
        assert x == y
        ea, eb = a.submit(a.active, x), b.submit(b.active, y)
        if any(e.get("found") or e.get("hit") for e in ea + eb):
            break  # a rule revealed the difference


SHARP = ((0, 50, 0, 0, 0) * 3,) * 4  # mind.PLAY with no careless turn, margin or hideout: only exact ties drawn


# --- his mind: near-equal outcomes are equally likely, a win is never thrown away --------------------

def _middle_game_position(seed=1, level=3, rounds=3):
    g = D.new_game(seed, 2, "playtest", level, 5)
    team = dracula_bots.StrongTeam(seed)
    while g.turn <= rounds:
        if g.active >= 0:
            g.submit(g.active, team.action(g, g.active))
        else:
            g.dracula_turn()
    assert not g.over and g.active >= 0
    while g.active >= 0:
        g.submit(g.active, "end")
    assert not g.over and len(g.possible_rooms()) > 3
    return g


def _ends(g, level, streams):
    out = set()
    for s in range(streams):
        crypt, rooms, bites = M.decide(g.map, g.view(), g.room, Prng(s + 1), level)
        out.add((crypt, rooms[-1] if rooms else g.room, bites))
    return out


def test_level_3_draws_among_near_equal_outcomes_and_a_zero_margin_does_not(monkeypatch):
    g = _middle_game_position()
    fair = _ends(g, 3, 40)
    assert len(fair) >= 4
    monkeypatch.setattr(M, "PLAY", SHARP)
    sharp = _ends(g, 3, 40)
    assert len(sharp) <= 3 and len(sharp) < len(fair)  # only exact ties are left to chance


def test_no_level_but_the_careless_turn_throws_a_winning_bite_away():
    # Two hunters, one dead and one with one life left a room away: biting it wins. (With one hunter
    # levels 1 and 2 play every turn carelessly: mind.PLAY.)
    pos = {"hunters": 2, "dracula": "c3", "positions": ["c4", "a1"], "lives": [1, 0], "possible": ["c3"],
           "seed": 1}
    g = D.from_json(pos)
    for level in (2, 3):
        careless = 0
        for s in range(60):
            prng = Prng(s + 1)
            peek = Prng(state=prng.state)
            crypt, rooms, bites = M.decide(g.map, g.view(), g.room, prng, level)
            if peek.below(100) < M.play(2, level)[0]:
                careless += 1
                continue
            assert bites == (0,), "level %d, stream %d: %r" % (level, s, (crypt, rooms, bites))
        assert careless < 60


# --- the levels against the strong team --------------------------------------------------------------

def test_every_level_wins_and_loses_some_games_against_the_strong_team():
    for level in D.LEVELS:
        r = dracula_bench.strength(level, "strong", games=30)
        assert r["dracula_wins"] > 0 and r["hunter_wins"] > 0, r
    weak = dracula_bench.strength(1, "strong", games=30)
    hard = dracula_bench.strength(3, "strong", games=30)
    assert hard["dracula_wins"] > weak["dracula_wins"]


# --- the predictability figure ------------------------------------------------------------------------

def test_the_attack_finds_a_predictable_mind_and_not_a_random_one(monkeypatch):
    fair = dracula_bench.predictability(3, games=4, samples=2)
    assert fair["turns"] > 10
    monkeypatch.setattr(M, "PLAY", SHARP)
    plain = dracula_bench.predictability(3, games=4, samples=2)
    assert plain["attacker_hit_rate"] > 2 * plain["uniform_hit_rate"]
    assert plain["attacker_hit_rate"] > fair["attacker_hit_rate"]


def test_the_bench_table_names_every_cell_and_the_default_game():
    cells = dracula_bench.strength_table(default_games=2, other_games=1)
    assert len(cells) == 2 * 4 * 3
    text = dracula_bench.format_table(cells, [{"level": 3, "attacker_hit_rate": 0.1, "uniform_hit_rate": 0.05,
                                               "turns": 9, "games": 1, "samples": 1}])
    lines = text.splitlines()
    assert sum(1 for ln in lines if ln.startswith("playtest") or ln.startswith("classic")) == 8
    assert any("<- default" in ln and ln.startswith("playtest  2") and "(2)" in ln for ln in lines)
    assert "attacker 10.0%, uniform 5.0%" in text
    assert dracula_bench.format_table(cells) in text
