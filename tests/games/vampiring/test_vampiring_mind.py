"""The board as a VampiRing family (issue 19): its mind's model of a turn, its levels, the option that hands
it families, and non-interference: its decision never depends on another family's secret choice."""

import subprocess
import sys

import pytest

from nightboard.games.errors import GameError
from nightboard.games.vampiring import mind as M
from nightboard.games.vampiring import secrets as VS
from nightboard.games.vampiring import state as V
from nightboard.prng import Prng
from nightboard_host.games.vampiring import bench as B


def test_the_minds_wounds_pair_by_pair_are_the_engines():
    """The mind adds wounds up pair by pair (V8, V9) with self-wounds and haunting: the engine's own count."""
    r = Prng(7)
    turns = 0
    for seed in range(120):
        n = 2 + seed % 5
        g = V.new_game(seed, n, variant=("castle", "mansion")[seed % 2])
        while not g.over:
            acts = [r.below(4) if g.alive(f) else None for f in range(n)]
            t = M.Turn(g.view(0))
            want = [0] * n
            for f in range(n):
                if acts[f] is not None:
                    want[f] = t.own(f, acts[f]) + sum(t.wounds(h, acts[h], f, acts[f]) for h in range(n)
                                                      if h != f and acts[h] is not None)
            got = [0] * n
            for e in g.apply_actions(acts):
                if e["e"] == "drops":
                    got[e["fam"]] = e["wounds"]
            assert got == want, (seed, g.turn)
            turns += 1
    assert turns > 500


@pytest.mark.parametrize("level", [1, 2, 3])
def test_board_move_changes_nothing_and_is_what_apply_none_plays(level):
    for seed in range(6):
        g = V.new_game(seed, 4, board=[1, 3], level=level, quiet=30)
        while not g.over and g.turn < 15:
            before = g.to_json()
            choice = {f: g.board_move(f) for f in g.to_move() if g.board_plays(f)}
            assert g.to_json() == before
            for f in sorted(choice):
                g.apply(f, None)
                assert g.pending[f] == choice[f] or g.turn > before["turn"]
                break  # the next board family's decision follows the stream's next draws
            for f in g.to_move():
                g.apply(f, None if g.board_plays(f) else (seed + f + g.turn) % 4)


def test_apply_none_is_only_for_the_boards_families_and_once_a_turn():
    g = V.new_game(3, 3, board="last")
    with pytest.raises(GameError):
        g.apply(0, None)  # red is a person's
    g.apply(2, None)
    with pytest.raises(GameError, match="already chosen"):
        g.apply(2, None)
    assert g.view()["submitted"] == [False, False, True]


@pytest.mark.parametrize("board, n, want", [
    ("none", 3, []), (None, 3, []), ("others", 4, [1, 2, 3]), ("last", 3, [2]), ("2,3", 4, [2, 3]),
    ("yellow, green", 4, [2, 3]), ([3, 1], 4, [1, 3]), (["blue"], 2, [1]),
])
def test_the_board_option_names_families(board, n, want):
    g = V.new_game(1, n, board=board)
    assert g.board == want and g.view()["board"] == want
    assert V.from_json(g.to_json()).board == want


@pytest.mark.parametrize("board, words", [
    ("4", "no seat 4 in a game of 4"), ("pink", "board: unknown family 'pink'"), ("1,1", "named twice"),
    ("0,1,2,3", "at least one family must be played by a person"), (2, "must list the families"),
    ({"a": 1}, "must list the families"), ([True], "unknown family"), ("-1", "unknown family"),
])
def test_bad_board_options_are_refused_clearly(board, words):
    with pytest.raises(GameError, match=words):
        V.new_game(1, 4, board=board)


def test_the_level_is_checked():
    for bad in (0, 4, "2", True, None):
        with pytest.raises(GameError, match="level must be 1, 2 or 3"):
            V.new_game(1, 2, level=bad)


def _board_decisions(g):
    """What the board would choose, at each level, for every family that has not chosen yet."""
    out = []
    for f in range(g.families):
        if g.alive(f) and g.pending[f] < 0 and not g.over:
            out.append([g.board_move(f, level) for level in (1, 2, 3)])
    return out


def interference(seeds=range(8), steps=30):
    """States along seeded play, each with every other family's confirmed choice changed in turn (secrets.twins):
    the board's decisions for a family that may not know them must be the same. Returns the differences."""
    found = []
    for seed in seeds:
        n = 2 + seed % 4
        g = V.new_game(seed, n, quiet=30)
        r = Prng(seed + 5)
        for _ in range(steps):
            if g.over:
                break
            f = g.to_move()[r.below(len(g.to_move()))]
            g.apply(f, r.below(4))  # one family confirms; the turn resolves when the last one does
            if g.over:
                break
            here = _board_decisions(g)
            for d, knowers in VS.twins(g):
                twin = V.from_json(d)
                for k in range(n):
                    if k in knowers or not twin.alive(k) or twin.pending[k] >= 0:
                        continue
                    a = [g.board_move(k, level) for level in (1, 2, 3)]
                    b = [twin.board_move(k, level) for level in (1, 2, 3)]
                    if a != b:
                        found.append((seed, g.turn, k, knowers, a, b))
            assert here == _board_decisions(g)  # asking changed nothing
    return found


def test_non_interference_the_boards_decision_ignores_the_others_confirmed_choices():
    assert interference() == []


def test_non_interference_catches_a_leaking_mind(monkeypatch):
    """A mind that peeks at the state (the others' confirmed choices) fails the same check."""
    real = V.VampiRing.board_move

    def leaking(self, seat, level=None):
        a = real(self, seat, level)
        peek = sum(p for p in self.pending if p >= 0)  # reads what its view does not hold
        return (a + peek) % 4

    monkeypatch.setattr(V.VampiRing, "board_move", leaking)
    assert interference(seeds=range(4), steps=12) != []


def test_the_decision_is_made_from_the_view_alone():
    """decide() gets a view and a stream: the same view gives the same choice from any state behind it."""
    for seed in range(10):
        g = V.new_game(seed, 3, quiet=30)
        r = Prng(seed)
        for _ in range(5):
            if g.over:
                break
            g.apply_actions([r.below(4) if g.alive(f) else None for f in range(3)])
        if g.over:
            continue
        v = g.view(1)
        assert "pending" not in v and "prng" not in v and "seed" not in v
        for level in (1, 2, 3):
            assert M.decide(v, level, Prng(state=99)) == M.decide(dict(v), level, Prng(state=99))


def test_a_near_tie_is_broken_by_the_stream():
    """At the start every family's four actions are alike for level 1 (nobody can be reached yet, or
    several can): the choice follows the stream, and over many streams more than one action is played."""
    g = V.new_game(4, 2)
    seen = set()
    for s in range(1, 60):
        seen.add(M.decide(g.view(0), 1, Prng(state=s)))
    assert len(seen) >= 2


def test_level_three_beats_level_one_and_random_and_level_one_beats_random():
    """A small run of the bench's cells (the bench plays 500 games a cell)."""
    assert B.duel(3, B.RANDOM, 80)["a_rate"] >= 0.75
    assert B.duel(1, B.RANDOM, 80)["a_rate"] >= 0.65
    cell = B.duel(3, 1, 80)
    assert cell["a_wins"] > cell["b_wins"] * 2


def test_the_mind_is_imported_only_when_the_board_plays_a_family():
    code = ("import sys\n"
            "sys.path.insert(0, 'firmware')\n"
            "from nightboard.games import vampiring as V\n"
            "g = V.new_game(3, 3, quiet=30)\n"
            "g.apply_actions([0, 1, 2])\n"
            "print('nightboard.games.vampiring.mind' in sys.modules)\n"
            "g = V.new_game(3, 3, board='last')\n"
            "g.apply(2, None)\n"
            "print('nightboard.games.vampiring.mind' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=str(B.__file__).rsplit("/host/", 1)[0]).stdout.split()
    assert out == ["False", "True"]


MPY_GAMES = """
import json
from nightboard.games import vampiring as V
from nightboard.games.vampiring import mind
for seed in range(18):
    n = 2 + seed % 5
    level = 1 + seed % 3
    g = V.new_game(seed, n, quiet=30, board=list(range(1, n)), level=level)
    while not g.over:
        for f in g.to_move():
            g.apply(f, None if g.board_plays(f) else mind.decide(g.view(f), 3 - seed % 2, g.prng))
    print(json.dumps(g.to_json()))
"""


@pytest.mark.micropython
def test_board_families_play_the_same_games_on_micropython():
    from mpy_harness import ROOT, run_mpy

    mpy = run_mpy(MPY_GAMES).splitlines()
    cpy = subprocess.run([sys.executable, "-c", MPY_GAMES], capture_output=True, text=True, check=True,
                         env={"PYTHONPATH": str(ROOT / "firmware")}).stdout.splitlines()
    assert len(mpy) == len(cpy) == 18
    import json

    for a, b in zip(cpy, mpy):
        assert json.loads(a) == json.loads(b)
    assert sum(json.loads(a)["turn"] for a in cpy) > 100  # real games, not a first turn
