"""Board families on the simulated table (issue 19): chosen in the start menu, the protocol's start and
`nightboard play`; they choose as the turn begins, show on their panels, and survive a save and a resume."""

import subprocess
import sys

from nightboard.hal.sim import make_sim_hal
from nightboard.table import palette as P
from nightboard.table.layout import STATUS_AT
from nightboard_host.link.client import LocalLink
from table_driver import Driver, profile

START = {"game": "vampiring", "players": 3, "seed": 5, "board": "1,2", "level": 3}


def _status(d, f, k):
    return tuple(d.led((d.table.layout.panel_at[f] + STATUS_AT + 3 * k) // 3))  # panel_at counts bytes


def _until_chosen(d, most=100):
    """Frames until every living family the board plays has chosen this turn (its thinking spread over
    frames: table/thinking.py)."""
    g = d.table.game
    for n in range(most + 1):
        if all(g.pending[f] >= 0 for f in g.board if g.alive(f)) or g.over:
            return n
        d.frames()
    raise AssertionError("the board had not chosen after %d frames" % most)


def test_board_families_choose_as_the_turn_begins_and_the_turn_waits_for_the_person():
    d = Driver(START)
    n = _until_chosen(d)
    assert 2 < n < 40  # level 3's two decisions, a few pieces a frame
    d.frames(1)
    g = d.table.game
    assert g.board == [1, 2] and g.level == 3
    assert g.view()["submitted"] == [False, True, True]  # confirmed at once, their choices secret
    assert g.turn == 1
    for f in (1, 2):
        assert _status(d, f, 0) == P.SEAT[f] and _status(d, f, 2) == P.SEAT[f]
        assert _status(d, f, 1) == (0, 0, 0)
    assert _status(d, 0, 2) == (0, 0, 0)  # a person's LED 3 stays dark
    d.tap(0, "ok")
    assert g.turn == 2  # red's confirmation completes the turn
    d.settle()
    _until_chosen(d)
    assert g.view()["submitted"] == [False, True, True]


def test_a_whole_game_against_the_board_and_presses_on_its_panels_do_nothing():
    d = Driver(START)
    g = d.table.game
    turns = 0
    while not g.over and g.alive(0):
        _until_chosen(d)
        before = g.to_json()
        for role in ("mode", "move", "ok"):
            d.tap(1, role)  # blue's panel: the board's, so nothing changes
        assert g.to_json() == before
        d.choose(0, turns % 2, (turns // 3) % 2)
        d.tap(0, "ok")
        d.settle()
        turns += 1
        assert turns < 100
    # once red is out, the board plays on by itself to the end
    for _ in range(6000):  # level 3 against level 3: some 17 turns with seed 5 (3,523 frames)
        if g.over:
            break
        d.frames()
    assert g.over
    assert any("the board plays: blue, yellow (level 3)" == line for line in d.table.play.describe())


def test_a_save_resumes_with_the_same_board_families():
    d = Driver(START)
    _until_chosen(d)
    d.tap(0, "ok")
    d.settle()
    _until_chosen(d)
    d.saved()
    before = d.table.game.to_json()
    hal = make_sim_hal(profile("ring4"), storage=d.hal.storage, reset_cause="power-on")
    again = Driver(None, hal=hal)
    for _ in range(400):
        again.frames()
        if again.table.mode == "game":
            break
        if again.table.mode != "game" and again.table.mode.startswith("resume"):
            again.tap(0, "ok")
    assert again.table.mode == "game", again.table.mode
    g = again.table.game
    _until_chosen(again)  # (the save was made as the turn ended: the board chooses again, the same)
    assert g.board == [1, 2] and g.level == 3 and g.to_json()["prng"] == before["prng"]
    assert g.pending == d.table.game.pending
    assert g.pending == [-1] + before_pending(before)
    again.tap(0, "ok")
    assert g.turn == before["turn"] + 1


def before_pending(state):
    from nightboard.games.vampiring.state import parse_action

    return [parse_action(p) for p in state["pending"][1:]]


def test_the_protocol_starts_a_game_with_board_families():
    d = Driver(None)
    link = LocalLink(d.table)
    r = link.call("start", game="vampiring", players=4, seed=2, board=[3, "blue"], level=1)
    assert r["mode"] == "game"
    assert d.table.game.board == [1, 3] and d.table.game.level == 1
    bad = link.request("start", game="vampiring", players=2, board=[0, 1])
    assert bad["ok"] is False and "at least one family must be played by a person" in bad["error"]
    bad = link.request("start", game="vampiring", players=2, board="7")
    assert bad["ok"] is False and bad["error"] == "board: there is no seat 7 in a game of 2 families (seats are 0..1, " \
        "0 is red)"
    assert d.table.game.board == [1, 3]  # the game goes on


def test_the_start_menu_offers_the_board_and_its_level():
    d = Driver(None)
    d.tap(0, "move")  # players
    d.tap(0, "mode")  # 3
    for _ in range(4):
        d.tap(0, "move")  # variant, preview, quiet, board
    d.tap(0, "mode")  # others
    assert "board others" in d.table.menu.describe()[1]
    d.tap(0, "move")  # level
    d.tap(0, "mode")  # 1
    d.tap(0, "ok")
    g = d.table.game
    assert g.families == 3 and g.board == [1, 2] and g.level == 1 and g.quiet == 30


def test_nightboard_play_takes_a_list_of_seats_and_refuses_bad_ones():
    def run(*args):
        return subprocess.run([sys.executable, "-m", "nightboard_host.cli", "play", "vampiring", "--seed", "3",
                               "--script", "q", *args], capture_output=True, text=True)

    ok = run("--players", "4", "--board", "2,3", "--level", "1")
    assert ok.returncode == 0, ok.stderr
    assert "the board plays: yellow, green (level 1)" in ok.stdout
    assert "--board 2,3" in ok.stdout + ok.stderr or "board 2,3" in ok.stdout
    for args, words in ((("--board", "5"), "board: there is no seat 5 in a game of 2 families"),
                        (("--board", "0,1"), "at least one family must be played by a person"),
                        (("--board", "red,pink"), "board: unknown family 'pink'"),
                        (("--quiet", "-3"), "quiet must be a number of turns 0..1000")):
        bad = run(*args)
        assert bad.returncode == 2 and words in bad.stderr and "Traceback" not in bad.stderr, bad.stderr


def test_the_board_does_no_work_in_a_frame_that_draws_the_ring_afresh():
    """A frame that draws the ring afresh (its slots' turns, a Haunted House's blink, the vampires moved) costs
    some 9 ms more on the board than one that copies it: the board's thinking and its action wait for the next
    frame (play.board_step, issue 44), and ring_due foretells every such frame."""
    d = Driver(dict(START, players=4, board="1,2,3"))
    play = d.table.play
    dr, th, g = play.draw, play.thinking, play.game
    seen = {"fresh": 0, "work": 0}
    draw_cards, step, begin, apply = dr._draw_cards, th.step, th.begin, g.apply

    def counted(name, f):
        def wrapper(*a):
            seen[name] += 1
            return f(*a)
        return wrapper

    dr._draw_cards = counted("fresh", draw_cards)
    th.step, th.begin, g.apply = counted("work", step), counted("work", begin), counted("work", apply)
    foretold = []
    board_step = play.board_step

    def spied(now, room):  # (a turn's animation ends in its last frame's drawing: no board work in it)
        foretold.append(dr.ring_due(now) or play.timeline is not None)
        return board_step(now, room)

    play.board_step = spied
    both = fresh_while_deciding = 0
    for turn in range(6):
        for _ in range(200):
            seen["fresh"] = seen["work"] = 0
            del foretold[:]
            busy = th.busy
            d.frames()
            if seen["fresh"] and foretold:
                assert foretold[0]  # the frame that drew the ring afresh was foretold
                both += seen["work"] > 0
                fresh_while_deciding += busy
            if g.over:
                break
        d.tap(0, "ok")
    assert both == 0
    assert fresh_while_deciding > 0  # the rule had frames to keep free of the board's work
    assert g.turn > 3  # and the board's families went on choosing


def test_a_persons_ok_ends_the_animation_in_the_next_frame_unless_it_resolves_the_turn():
    """The ok that ends the last turn's animation finishes it (the scene made again, the ring drawn afresh) in
    the next frame drawn, not in the frame of the press (issue 44); an ok that resolves the turn finishes it
    first, at once, so that the next animation starts from its end."""
    d = Driver(dict(START, players=4, board="1,2,3"))
    play, g = d.table.play, d.table.game
    _until_chosen(d)
    d.tap(0, "ok")  # the turn resolves: its animation plays
    d.frames(3)
    assert play.animating() and g.pending[0] < 0
    b = d.table.button_id(0, "ok")
    d.hal.buttons.press(b)
    d.frames(5)
    d.hal.buttons.release(b)
    for _ in range(5):
        d.frames()
        if g.pending[0] >= 0:
            break
    assert g.pending[0] >= 0 and play.animating()  # confirmed in this frame; the animation drawn once more
    d.frames()
    assert not play.animating() and play.scene.pos == g.pos


def test_an_ok_that_resolves_the_turn_during_an_animation_finishes_it_first():
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    play, g = d.table.play, d.table.game
    d.tap(0, "ok")
    d.tap(1, "ok")
    assert play.animating() and g.turn == 2
    left = list(g.pos)  # where turn 1 left the vampires
    now = d.hal.clock.ticks_ms()
    play.confirm(0, now)
    assert play.animating() and play.cut_at == now and list(play.scene.pos) != left  # finished in a later frame
    play.confirm(1, now)  # the turn's last choice: turn 1's animation is finished first, then turn 2's starts
    assert g.turn == 3 and play.animating() and play.cut_at == -1 and list(play.scene.pos) == left
