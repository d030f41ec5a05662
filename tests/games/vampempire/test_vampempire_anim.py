"""VampEmpire's animations: a move, a suck, an overtake, a ritual, a present and a slowed vampire are shown
over the idle picture for a while, the frames change over the animation and end at the idle frame, the
board's seats wait for them, and an animation frame allocates nothing on MicroPython."""

import pytest

from mpy_harness import ROOT, run_mpy
from nightboard.games import vampempire as M
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire.actions import MOVE, OVERTAKE, RITUAL, SUCK, split
from nightboard.table import palette as P
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import load_profile_file
from nightboard.games.vampempire import play as VP
from table_driver import game_frame

PROFILE = str(ROOT / "hardware" / "profiles" / "hex8.json")


def table(g):
    lay = Layout(load_profile_file(PROFILE))
    return VP.VampEmpirePlay(lay, Frame(lay.led_count), g)


def reach(kind, seed=5, players=4, pick=None):
    """A board-played game up to the first moment the seat to act may take an action of `kind`
    (and `pick(game, action)` likes it): (game, that action)."""
    g = M.new_game(seed, players)
    for _ in range(3000):
        assert not g.over, "no %d action in the game of seed %d" % (kind, seed)
        s = g.to_move()[0]
        for a in g.legal(s):
            if split(a)[0] == kind and (pick is None or pick(g, a)):
                return g, a
        g.apply(s, g.board_move(s))
    raise AssertionError("not reached")


def idle_frame(c, now):
    """What a controller with no animation shows at `now` for the same game and the same choice."""
    other = table(c.game)
    other.kind = c.kind
    other._choices()
    other.render(now)
    return bytes(other.frame.rgb)


def play_through(c, seat, action, t0=10000):
    """Apply `action` on the table at t0; the frames every 16 ms until well after the animation."""
    c._apply(seat, action, t0)
    frames = []
    t = t0
    end = t0 + c.n_steps * VP.ANIM_MS
    while t < end + 200:
        c.render(t)
        frames.append((t, bytes(c.frame.rgb)))
        t += 16
    return frames, end


def led(c, h):
    return c.layout.cell_led(h % 8, h // 8)


def rgb_at(frame, i):
    return tuple(frame[3 * i:3 * i + 3])


@pytest.mark.parametrize("kind", [MOVE, SUCK, OVERTAKE, RITUAL])
def test_an_action_is_animated_then_the_idle_frame_is_back(kind):
    g, a = reach(kind)
    c = table(g)
    s = g.to_move()[0]
    frames, end = play_through(c, s, a)
    during = [f for t, f in frames if t < end]
    after = [(t, f) for t, f in frames if t >= end]
    assert len(set(during)) >= 2  # it flashes
    assert any(f != idle_frame(c, t) for t, f in frames if t < end)  # and shows something the idle one does not
    for t, f in after:
        assert f == idle_frame(c, t)
    assert not c.animating()


def test_a_move_leaves_a_dim_trail_and_blinks_where_it_lands():
    g, a = reach(MOVE, pick=lambda g, a: True)
    c = table(g)
    s = g.to_move()[0]
    src = g.pos[s]
    dst = split(a)[3]
    frames, end = play_through(c, s, a)
    first = frames[0][1]
    assert rgb_at(first, led(c, src)) == c.trail[s]
    lit = {rgb_at(f, led(c, dst)) for t, f in frames if t < end}
    assert P.SEAT[s] in lit and (0, 0, 0) in lit


def test_a_suck_flashes_blood_red_and_an_overtake_white_and_the_seat_colour():
    g, a = reach(SUCK)
    c = table(g)
    frames, end = play_through(c, g.to_move()[0], a)
    h = split(a)[3]
    assert {rgb_at(f, led(c, h)) for t, f in frames if t < end} >= {P.BLOOD_HELD, (0, 0, 0)}
    g, a = reach(OVERTAKE)
    c = table(g)
    s = g.to_move()[0]
    frames, end = play_through(c, s, a)
    h = split(a)[3]
    assert {rgb_at(f, led(c, h)) for t, f in frames if t < end} == {VP.CURSOR, P.SEAT[s]}


def test_a_ritual_on_a_seat_flashes_both_panels_in_its_type_colour():
    g, a = reach(RITUAL, pick=lambda g, a: 1 <= split(a)[2] < 10)
    c = table(g)
    s = g.to_move()[0]
    kind, x, y, _z = split(a)
    colour = VP.RITUAL_COLOUR[R.KINDS[x][1]]
    frames, end = play_through(c, s, a)
    lay = c.layout
    for seat in (s, y - 1):
        seen = {rgb_at(f, lay.blood_led(seat, 3)) for t, f in frames if t < end}
        assert colour in seen and (0, 0, 0) in seen


def test_a_triggered_present_and_a_slowed_vampire_are_steps_of_their_own():
    lay = Layout(load_profile_file(PROFILE))
    c = VP.VampEmpirePlay(lay, Frame(lay.led_count), M.new_game(2, 3))
    events = [{"ev": "move", "seat": 1, "hex": 9}, {"ev": "present", "seat": 1, "hex": 9, "took": 1},
              {"ev": "slowed", "seat": 2, "by": 1}, {"ev": "end", "seat": 1}]
    c.animate(events, 0)
    assert c.n_steps == 3
    assert [st[:3] for st in c.steps[:3]] == [[VP.AN_MOVE, 1, c.pos[1]], [VP.AN_PRESENT, 1, 9], [VP.AN_SLOWED, 2, 1]]
    seen = set()
    for t in range(VP.ANIM_MS, 2 * VP.ANIM_MS, 16):
        c.render(t)
        seen.add(c.frame.get(lay.cell_led(1, 1)))
    assert seen == {VP.PRESENT, P.SEAT[1]}
    seen = set()
    for t in range(2 * VP.ANIM_MS, 3 * VP.ANIM_MS, 16):
        c.render(t)
        seen.add(c.frame.get(lay.blood_led(2, 0)))
    assert seen == {P.SEAT[1], (0, 0, 0)}
    assert c.animating()
    c.render(3 * VP.ANIM_MS)
    assert not c.animating() and c.n_steps == 0


def test_the_board_waits_for_the_animation_of_its_action():
    """Seat 1 is the board's: each of its actions comes BOARD_MS after the end of the previous action's
    animation, never sooner; seat 0 plays its own moves at once."""
    g = M.new_game(4, 2, board=1)
    c = table(g)
    t = 0
    animated = 0
    last_done = None  # (time, end of its animation) of the last action applied
    for _ in range(6000):
        if g.over:
            break
        done = c.turns_done
        mover = g.to_move()[0]
        if mover == 0:
            c._apply(0, g.board_move(0), t)
        else:
            game_frame(c, t)
        if c.turns_done != done:
            if mover == 1 and last_done is not None:
                assert t >= last_done[1] + VP.BOARD_MS
            last_done = (t, t + c.n_steps * VP.ANIM_MS)
            animated += c.n_steps > 0
        t += 16
    assert animated > 20


@pytest.mark.micropython
def test_animation_frames_allocate_nothing_on_micropython():
    code = (
        "import gc\n"
        "from nightboard.table.profile import load_profile_file\n"
        "from nightboard.table.layout import Layout\n"
        "from nightboard.table.frame import Frame\n"
        "from nightboard.games.vampempire.play import VampEmpirePlay, ANIM_MS\n"
        "from nightboard.games import vampempire as M\n"
        "lay = Layout(load_profile_file('hardware/profiles/hex8.json'))\n"
        "c = VampEmpirePlay(lay, Frame(lay.led_count), M.new_game(2, 4))\n"
        "c.animate([{'ev': 'move', 'seat': 1, 'hex': 9}, {'ev': 'suck', 'seat': 1, 'hex': 9},\n"
        "           {'ev': 'overtake', 'seat': 1, 'hex': 9}, {'ev': 'ritual', 'seat': 0, 'kind': 5, 'target': 2}], 0)\n"
        "c.render(0)\n"
        "t = b = b2 = 0\n"  # globals made before the count: a new one may grow the module's dict
        "gc.collect()\n"
        "gc.disable()\n"
        "b = gc.mem_alloc()\n"
        "for t in range(0, 4 * ANIM_MS, 16):\n"
        "    c.render(t)\n"
        "b2 = gc.mem_alloc()\n"
        "for t in range(4 * ANIM_MS, 4 * ANIM_MS + 200, 16):\n"
        "    c.render(t)\n"
        "print(b2 - b, gc.mem_alloc() - b2, c.n_steps)\n")
    during, after, left = run_mpy(code, compiled=True).split()
    assert (int(during), int(after), left) == (0, 0, "0")


@pytest.mark.micropython
def test_the_bench_counts_real_animation_frames_and_they_allocate_nothing():
    """`nightboard bench`'s own heap script, as `make bench` runs it (the board in three seats, .mpy files):
    the 30 frames it counts from its first animation are an action's animation, and allocate nothing."""
    from nightboard_host.bench import costs as bench

    h = bench.heap("vampempire")
    assert h["alloc_anim"] == 0 and h["alloc_idle"] == 0  # -1 would be: no animation seen


def test_the_boards_pause_before_its_action_is_not_an_animation():
    g = M.new_game(4, 2, board=1)
    c = table(g)
    c._apply(0, g.board_move(0), 0)  # seat 0 chooses its vampire: nothing to animate
    assert g.to_move() == [1] and c.board_turn and c.n_steps == 0
    for t in range(16, VP.BOARD_MS, 16):
        game_frame(c, t)
        assert not c.animating() and g.to_move() == [1]
