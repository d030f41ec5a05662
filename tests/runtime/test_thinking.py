"""A board player's decision spread over frames (table/thinking.py): the same choices as the engine's
one-shot decision, a bounded amount of work a frame, presses read and lights drawn meanwhile."""

import pytest

from nightboard.games import dracula as D
from nightboard.games import vampiring as V
from nightboard.games.dracula import mind as DM
from nightboard.games.dracula import rules as R
from nightboard.games.vampiring import mind as VM
from nightboard.prng import Prng
from nightboard.table.thinking import BUDGET, FIRST, Thinking
from table_driver import Driver
from thinking_helpers import Counted, frames_of_thinking


def _vampiring_positions(level, games=6, families=6):
    """(view, family) of every decision in seeded all-but-one-board games."""
    out = []
    for seed in range(games):
        g = V.new_game(seed, families, quiet=30, board=list(range(1, families)), level=level)
        while not g.over and len(out) < 400:
            for f in range(families):
                if g.alive(f) and not g.over:
                    out.append(g.view(f))
                    g.submit(f, None if f else VM.decide(g.view(0), level, g.prng))
    return out


@pytest.mark.parametrize("level", [1, 2, 3])
def test_vampiring_steps_give_decides_action_and_split_the_work(level):
    most = 0
    for v in _vampiring_positions(level)[::7]:
        s = 11 + len(v["ring"])
        pieces = list(VM.steps(v, level, Prng(state=s)))
        assert all(isinstance(c, int) and 1 <= c <= BUDGET for c in pieces[:-1])  # each piece's cost first
        assert pieces[-1] == (VM.decide(v, level, Prng(state=s)),)
        most = max(most, sum(pieces[:-1]))
    assert most > (0, 1, 4, 8)[level] * BUDGET  # a level-3 six-family decision is many frames' work


@pytest.mark.parametrize("level", [1, 2, 3])
def test_dracula_steps_give_decides_move(level):
    for seed in range(1, 30):
        g = D.new_game(seed, 1 + seed % 4, ("playtest", "classic")[seed % 2], level, (5, 7)[seed % 2])
        rng = Prng(seed)
        while not g.over and g.turn < 12:
            if g.active >= 0:
                acts = g.legal_actions(g.active)
                g.submit(g.active, acts[rng.below(len(acts))])
                continue
            copy = Prng(state=g.prng.state)
            one = DM.decide(g.map, g.view(), g.room, Prng(state=g.prng.state), level)
            th = Thinking()
            th.begin(g, g.hunters)
            frames = 0
            while not th.step():
                frames += 1
                assert g.prng.state == copy.state  # his stream moves only with his move
            assert th.choice == one and (frames > 0 or one == DM.decide(g.map, g.view(), g.room, copy, level))
            g.apply(g.hunters, th.take())


def _units(v):
    return sum(c for c in VM.steps(v, 3, Prng(state=3)) if not isinstance(c, tuple))


def test_no_frame_does_more_than_its_budget():
    v = max(_vampiring_positions(3), key=_units)
    th, per = frames_of_thinking(Counted(lambda seat: VM.steps(v, 3, Prng(state=3))), 0)
    assert per[0] == 0  # the frame that began it read the view and did no piece
    assert 0 < per[1] <= FIRST  # the first frame of pieces, on a heap just collected: half a budget
    assert max(per) <= BUDGET and min(per[2:-1]) > BUDGET // 2 and len(per) > 8 and th.frames == len(per)
    assert sum(per) == _units(v)
    assert th.take() == VM.decide(v, 3, Prng(state=3)) and not th.busy


def test_a_game_without_board_steps_is_decided_by_apply_at_once():
    th = Thinking()
    th.begin(object(), 2)
    assert th.step() and th.seat == 2 and th.take() is None and not th.busy


START = {"game": "vampiring", "players": 3, "seed": 21, "board": "1,2", "level": 3}


def test_vampiring_on_the_table_makes_the_engines_one_shot_choices_and_reads_presses_while_thinking():
    d = Driver(START)
    t = d.table
    g = t.game
    mine = V.from_json(g.to_json())  # the engine alone, the board deciding in one go
    thought = 0
    for turn in range(12):
        if g.over or not g.alive(0):  # red, played by the test, may be out before the twelfth turn
            break
        play = t.play
        for _ in range(40):  # after the frames of the last turn's save, which leave the board no room
            d.frames(1)
            if play.thinking.busy:
                break
        assert play.thinking.busy  # the board is thinking for blue...
        meta, direction = turn % 2, (turn // 2) % 2
        d.choose(0, meta, direction)  # ... while red chooses: the presses are not lost
        d.tap(0, "ok")
        for _ in range(200):
            if g.turn != turn + 1 or g.over:
                break
            d.frames()
        thought = max(thought, play.thinking.frames)
        mine.submit(1, None)
        mine.submit(2, None)
        mine.submit(0, meta * 2 + direction)
        assert g.to_json() == mine.to_json(), "turn %d" % (turn + 1)
        d.settle()
    assert turn >= 3 and thought > 2  # several turns, each decision spread over several frames


def test_dracula_on_the_table_makes_the_engines_one_shot_moves():
    d = Driver({"game": "dracula", "players": 2, "seed": 9, "level": 3}, name="grid8")
    t = d.table
    mine = D.new_game(9, 2, level=3)
    for _ in range(400):
        g = t.game
        if g.over:
            break
        if g.active >= 0:
            b = t.button_id(g.active, "mode")
            while t.play.kind != R.END:
                d.tap(g.active, "mode")
            d.tap(g.active, "ok")
            mine.submit(mine.active, "end")
            while mine.active < 0 and not mine.over:
                mine.dracula_turn()
            assert b is not None
        d.settle()
        for _ in range(200):
            if t.game.over or (t.game.active >= 0 and not t.play.animating()):
                break
            d.frames()
        assert g.to_json() == mine.to_json()
    assert t.game.over and t.play.thinking.frames >= 1
