"""The board's decisions in Vampire Nights, VampEmpire and the card game spread over frames
(table/thinking.py): each state's board_steps(seat) gives, piece by piece, the very choice its one-shot
board_move(seat) makes; no frame does more than the budget's work; the table plays whole games through
them, the same frames on CPython and on the MicroPython unix port. (The contract's non-interference test
compares the pieces of twin positions: tests/contract/test_contract.py.)"""

import json

import pytest

from mpy_harness import run_mpy
from nightboard.games import vampempire as VE
from nightboard.games import vampire_cards as VC
from nightboard.games import vampire_nights as VN
from nightboard.games.vampempire import board as B
from nightboard.prng import Prng
from thinking_helpers import Counted, frames_of_thinking
from nightboard.table.thinking import BUDGET


def _positions(game, seeds, players, every=1, random_seat=None, limit=3000):
    """(game copy, seat to move) along seeded games: the board's own choice for every seat, or (random_seat)
    random legal play for that seat, so that positions a mind would not reach are looked at too."""
    for seed in seeds:
        n = players[seed % len(players)]
        g = game(seed, n)
        rng = Prng(seed + 5)
        k = 0
        while g.result() is None and k < limit:
            s = g.to_move()[0]
            if k % every == 0:
                yield g.copy(), s
            if random_seat is not None and s == random_seat:
                legal = g.legal(s)
                a = legal[rng.below(len(legal))]
            else:
                a = g.board_move(s)
            g.apply(s, a)
            k += 1


def _nights(seed, n):
    return VN.new_game(seed, n)


def _empire(seed, n):
    return VE.new_game(seed, n)


def _cards(seed, n):
    return VC.new_game(seed, n)


GAMES = {
    "vampire_nights": (_nights, (2, 3, 4)),
    "vampempire": (_empire, (2, 3, 4)),
    "vampire_cards": (_cards, (3, 4, 5, 6)),
}


def _pieces(g, s, *level):
    before = json.dumps(g.to_json(), sort_keys=True)
    out = list(g.board_steps(s, *level))
    assert json.dumps(g.to_json(), sort_keys=True) == before  # thinking changes nothing in the game
    return out


@pytest.mark.parametrize("name", sorted(GAMES))
@pytest.mark.parametrize("random_seat", [None, 0])
def test_the_spread_choice_is_the_one_shot_choice_in_every_position(name, random_seat):
    game, players = GAMES[name]
    n = 0
    most = 0
    for g, s in _positions(game, range(10), players, every=2, random_seat=random_seat):
        pieces = _pieces(g, s)
        costs, last = pieces[:-1], pieces[-1]
        assert costs and all(isinstance(c, int) and 1 <= c <= BUDGET for c in costs)  # each piece's cost first
        assert last == (g.board_move(s),)
        most = max(most, sum(costs))
        n += 1
    assert n > 300 and most > BUDGET  # many positions; a decision is more than one frame's work


def test_the_card_game_spreads_both_levels_of_its_mind():
    for g, s in _positions(_cards, range(4), (3, 5), every=3):
        for level in (1, 2):
            assert _pieces(g, s, level)[-1] == (g.board_move(s, level),)


def test_board_steps_refuse_a_seat_not_to_move():
    for g in (VN.new_game(1, 3), VE.new_game(1, 3), VC.new_game(1, 4)):
        s = (g.to_move()[0] + 1) % len(g.seats())
        with pytest.raises(Exception) as e:
            g.board_steps(s)
        assert "not" in str(e.value)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_frame_of_thinking_does_more_than_the_budget(name):
    game, players = GAMES[name]
    frames = []
    for g, s in _positions(game, range(3), players, every=5):
        th, per = frames_of_thinking(Counted(g.board_steps), s)
        assert max(per) <= BUDGET and th.frames == len(per)
        assert sum(per) == sum(x for x in g.board_steps(s) if not isinstance(x, tuple))
        assert th.take() == g.board_move(s) and not th.busy
        frames.append(len(per))
    assert min(frames) >= 2  # the mind's import alone is a frame; the rest follows


def test_vampempire_map_distances_worked_out_row_by_row_are_the_cube_distances():
    def cube(h):
        r, c = h // B.SIDE, h % B.SIDE
        return c - (r - (r & 1)) // 2, r

    def dist(a, b):
        (ax, az), (bx, bz) = cube(a), cube(b)
        dx, dz = ax - bx, az - bz
        return max(abs(dx), abs(dz), abs(dx + dz))

    for h in range(B.HEXES):
        assert B.neighbours(h) == [n for n in range(B.HEXES) if n != h and dist(h, n) == 1]
        for d in range(2 * B.SIDE):
            assert B.within(h, d) == [n for n in range(B.HEXES) if n != h and dist(h, n) <= d]
        for n in range(B.HEXES):
            assert B.distance(h, n) == dist(h, n)
    assert B.within(27, 1) == [19, 20, 26, 28, 35, 36] and B.neighbours(0) == [1, 8]


# A whole game through the game's controller, one frame every 16 ms (the same code on both interpreters):
# the seats the board plays think through the controller's Thinking; the others do what the board would,
# through the controller (play_action). It prints every action applied as it goes (nothing kept: the
# heap is a Pico's), then a digest of every frame, the frames, the most work units done in one frame, and
# the state at the end.
TABLE = """
import json
from nightboard.table.profile import load_profile_file
from nightboard.table.layout import Layout
from nightboard.table.frame import Frame
from nightboard.games import %(game)s as M
from nightboard.games.%(game)s.play import %(cls)s as Play
lay = Layout(load_profile_file('hardware/profiles/%(profile)s.json'))
g = M.new_game(%(new)s)
spent = [0, 0, 0]
steps = g.board_steps
def counted(seat):
    for out in steps(seat):
        spent[0] += spent[1]
        spent[1] = 0 if isinstance(out, tuple) else out
        yield out
g.board_steps = counted
apply = g.apply
def applied(seat, a):
    print("act", seat, a)
    return apply(seat, a)
g.apply = applied
c = Play(lay, Frame(lay.led_count), g)
t = 0
digest = 0
frames = 0
while not g.over and frames < %(limit)d:
    s = g.to_move()[0]
    if not (%(board)s):
        c.play_action(s, g.board_move(s), t)
    before = spent[0]
    t += 16
    done = c.turns_done
    c.board_step(t, True)  # as the table does: the frame of the board's action draws nothing
    if c.turns_done == done:
        c.render(t)
    else:  # and it publishes a finished turn's events, so that its log keeps a bounded number of them
        c.log.publish()
    spent[2] = max(spent[2], spent[0] - before)
    frames += 1
    rgb = c.frame.rgb
    for i in range(0, len(rgb), 7):
        digest = (digest * 33 + rgb[i]) %% 1000000007
print("end", digest, frames, spent[2], g.over)
print(json.dumps(g.to_json()))
"""

TABLES = {
    "vampire_nights": {"cls": "VampireNightsPlay", "profile": "grid8",
                       "new": "7, 2, board='blue'", "board": "g.board_plays(s)", "limit": 40000},
    "vampempire": {"cls": "VampEmpirePlay", "profile": "grid8",
                   "new": "5, 3, board=2, rounds=20", "board": "g.board_plays(s)", "limit": 40000},
    "vampire_cards": {"cls": "VampireCardsPlay", "profile": "ring4",
                      "new": "3, 3, board=2", "board": "g.board_plays(s)", "limit": 40000},
}


def _table_code(name):
    return TABLE % dict(TABLES[name], game=name)


def _read(text):
    lines = text.strip().splitlines()
    acts = [[int(w) for w in ln.split()[1:]] for ln in lines if ln.startswith("act ")]
    end = [ln.split()[1:] for ln in lines if ln.startswith("end ")][0]
    return {"acts": acts, "digest": int(end[0]), "frames": int(end[1]), "most": int(end[2]),
            "over": end[3] == "True", "state": json.loads(lines[-1])}


def _table_cpython(name):
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(_table_code(name), "<table>", "exec"), {"__name__": "table"})
    return _read(out.getvalue())


def _replayed(name, acts):
    """The engine alone, from the same start: each action the table applied for a seat the board plays is
    the one-shot board_move there."""
    game = __import__("nightboard.games." + name, None, None, ["new_game"])
    g = eval("game.new_game(%s)" % TABLES[name]["new"], {"game": game})
    board = 0
    for s, a in acts:
        if eval(TABLES[name]["board"], {"g": g, "s": s}):
            assert a == g.board_move(s)
            board += 1
        g.apply(s, a)
    return g, board


@pytest.mark.parametrize("name", sorted(TABLES))
def test_the_table_plays_the_one_shot_choices_spread_over_frames(name):
    got = _table_cpython(name)
    g, board = _replayed(name, got["acts"])
    assert got["over"] and g.to_json() == got["state"] and board > 20
    assert 0 < got["most"] <= BUDGET  # the table's frames, each within the budget


@pytest.mark.micropython
@pytest.mark.parametrize("name", sorted(TABLES))
def test_a_whole_game_on_the_table_gives_the_same_frames_on_micropython(name):
    mpy = _read(run_mpy(_table_code(name), compiled=True))
    assert mpy == _table_cpython(name) and mpy["frames"] > 1000


def test_the_bench_finds_every_games_board_decisions_from_its_declared_facts():
    from nightboard.games import index
    from nightboard_host.bench import thinking as TB

    for name in index.names():
        found = TB.decisions(name, games=1)
        assert len(found) > 5, name  # TOOLS["bench"]["thinking"] gives the board seats to decide for
        units, state, seat, _ = max(found, key=lambda d: d[0])
        frames, announced = TB.frames_of(lambda: index.module(name).from_json(state).board_steps(seat))
        assert announced == units and frames >= -(-units // BUDGET)
