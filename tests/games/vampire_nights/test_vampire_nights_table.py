"""Vampire Nights on the grid table: played to the end by its buttons and saved after every turn, secret
choices only while look is held, a seat's hand, loot and bites on its own panel only while it holds look."""

import json

import pytest

from nightboard.games import vampire_nights as VN
from nightboard.games.vampire_nights import actions as A
from nightboard.games.vampire_nights.state import SEATS  # noqa: F401

index = pytest.importorskip("nightboard.games.index")
if "vampire_nights" not in index.names():
    pytest.skip("Vampire Nights is not in the index of games yet (it joins once the contract is merged)",
                allow_module_level=True)

from table_driver import Driver  # noqa: E402
from vn_helpers import play_a_step  # noqa: E402
from nightboard.table import palette as P# noqa: E402
from nightboard.games.vampire_nights.play import ITEM  # noqa: E402


def _driver(seed=4, players=3):
    return Driver({"game": "vampire_nights", "players": players, "seed": seed}, name="grid8")


def _panel(d, p, k):
    lay = d.table.layout
    return d.table.frame.get(lay.panel_at[p] // 3 + k)


def test_a_whole_game_by_buttons_saved_after_every_turn():
    d = _driver()
    play = d.table.play
    g = play.game
    saves = 0
    for _ in range(3000):
        if g.over:
            break
        seat = g.to_move()[0]
        before = play.turns_done
        play_a_step(d, seat)
        assert play.turns_done == before + 1
        saves += 1
    assert g.over and g.result()["winners"]
    assert d.table._turns_seen == play.turns_done == saves


def test_secret_choices_need_look_and_other_seats_are_refused():
    d = _driver()
    play = d.table.play
    g = play.game
    while g.phase == "place":
        d.tap(g.to_move()[0], "ok")
    seat = g.to_move()[0]
    assert g.phase == "discard" and play.chosen() is None
    before = g.to_json()
    d.tap(seat, "ok")  # no look: refused, nothing changed
    assert g.to_json() == before
    other = (seat + 1) % g.players
    d.tap(other, "ok")
    assert g.to_json() == before
    d.hold(seat, "look")
    d.tap(seat, "mode")
    assert play.kind == A.DROP_ITEM
    d.tap(seat, "ok")
    d.let_go(seat, "look")
    assert g.to_json() != before


def test_the_hand_shows_on_its_own_panel_only_while_look_is_held():
    d = _driver()
    play = d.table.play
    g = play.game
    hand = g.view(0)["hand"]
    d.frames(1)
    dark = [_panel(d, 0, k) for k in range(8)]
    assert all(c == (0, 0, 0) for c in dark)  # no loot, no bites yet
    d.hold(0, "look")
    while (d.hal.clock.ticks_ms() // 1500) % 4 != 0:
        d.frames(1)
    shown = [_panel(d, 0, k) for k in range(len(hand))]
    assert shown == [ITEM[n] for n in hand]
    assert [_panel(d, 1, k) for k in range(8)] == [(0, 0, 0)] * 8  # another panel shows nothing of it
    d.let_go(0, "look")
    assert [_panel(d, 0, k) for k in range(8)] == dark
    assert P.SEAT[0]


def test_one_person_against_the_board():
    d = Driver({"game": "vampire_nights", "players": 2, "seed": 9, "board": "last"}, name="grid8")
    play = d.table.play
    g = play.game
    assert g.boards == [1]
    for _ in range(3000):
        if g.over:
            break
        if g.to_move() == [1]:
            before = g.to_json()
            d.tap(1, "ok")  # the board's seat takes no presses
            d.frames(50)  # it plays on its own after a moment
            assert g.to_json() != before
            continue
        play_a_step(d, 0)
    assert g.over


# --- non-interference on the table: a seat's hand shows on its own panel only -------------------------

AIMED_ITEMS = (A.JUMP, A.MIRROR, A.CROSSBOW)


def _kinds(legal):
    return sorted(set(a >> 10 for a in legal))


def _twin_with_an_aimed_item(players=3):
    """(a, b, seat): the game a, where the seat to move may play an item with a target (a Jump Potion, a
    Mirror, a Crossbow), and its twin b, which differs from a in one card of that seat's hand only."""
    from nightboard.games import vampire_nights as VN
    from nightboard.games.vampire_nights import secrets
    from nightboard.prng import Prng

    for seed in range(60):
        g = VN.new_game(seed, players)
        rng = Prng(seed + 5)
        for _ in range(400):
            if g.result() is not None:
                break
            seat = g.to_move()[0]
            legal = g.legal(seat)
            if g.phase == "explore" and any(a >> 10 in AIMED_ITEMS for a in legal):
                for d, knowers in secrets.twins(g, strict=True):
                    b = VN.from_json(d)
                    # b's seat has fewer kinds of choice: mode goes round them in a different order
                    if knowers == [seat] and len(_kinds(b.legal(seat))) < len(_kinds(legal)):
                        return g, b, seat
            g.apply(seat, legal[rng.below(len(legal))])
    raise AssertionError("no game found with an aimed item to play")


PRESSES = (["look+"] + ["mode", "move", "move"] * 8 + ["look-"] + ["mode", "move"] * 3
           + ["look+", "move", "mode", "mode", "move", "look-"])


def _frames(profile, game, seat):
    """Every frame of the presses above on a table of `profile` playing `game`, with what only the seat
    may see blanked out (its hand panel; its small panel while it holds look on a table without hand
    panels), and the seat's private part of each frame apart."""
    from nightboard.table.frame import Frame
    from nightboard.games.vampire_nights.play import VampireNightsPlay

    lay = Driver(None, name=profile).table.layout
    fr = Frame(lay.n_leds if hasattr(lay, "n_leds") else len(Driver(None, name=profile).table.frame.rgb) // 3)
    play = VampireNightsPlay(lay, fr, game)
    cells = lay.hand_w * lay.hand_h
    hand = sorted(lay.hand_at[seat * cells:(seat + 1) * cells]) if cells else []
    small = [lay.panel_at[seat] + 3 * k for k in range(11)]
    shared, private = [], []
    now = 1000
    words = []
    for what in PRESSES:
        if what == "look+":
            play.press(seat, "look", now)
        elif what == "look-":
            play.release(seat, "look", now)
        else:
            play.press(seat, what, now)
            play.release(seat, what, now)
        for _ in range(40):  # 640 ms: every blink, a page and a half
            now += 16
            play.render(now)
            rgb = bytearray(fr.rgb)
            hidden = hand + (small if play.looking[seat] and not cells else [])
            mine = bytes(rgb[j + i] for j in hidden for i in range(3))
            for j in hidden:
                rgb[j:j + 3] = b"\0\0\0"
            shared.append(bytes(rgb))
            private.append(mine)
        words.append(play.describe())  # the terminal's words: they may face everybody too
    shared.append(repr(words))
    return shared, private


@pytest.mark.parametrize("profile", ["grid8", "grid8hands"])
def test_the_shared_lights_do_not_depend_on_a_hand(profile):
    """Non-interference on the table: two games that differ in one card of the seat to move's hand give the
    same frames, the same button presses (look held, every kind of choice and target gone through) outside
    that seat's private lights; its own panel does show the difference (the test can see one)."""
    a, b, seat = _twin_with_an_aimed_item()
    sa, pa = _frames(profile, a, seat)
    sb, pb = _frames(profile, b, seat)
    assert pa != pb  # its own panel shows its hand, and an aimed choice's target
    for k in range(len(sa)):
        assert sa[k] == sb[k], "frame %d of the presses shows something of a hand to everybody" % k


def _aiming(profile, now):
    """A controller on `profile` for the twin game whose seat to move holds an aimed item, that seat holding
    look and its mode pressed (at `now`) until the choice is an aimed item: (controller, seat, its target)."""
    from nightboard.table.frame import Frame
    from nightboard.games.vampire_nights.play import VampireNightsPlay, _target

    a, _, seat = _twin_with_an_aimed_item()
    lay = Driver(None, name=profile).table.layout
    play = VampireNightsPlay(lay, Frame(lay.led_count), a)
    play.press(seat, "look", 0)
    play.press(seat, "mode", now)  # a press at `now`: what the small panel shows starts from it
    for _ in range(20):
        if play.kind in AIMED_ITEMS:
            break
        play.press(seat, "mode", now)
    assert play.kind in AIMED_ITEMS
    x = _target(play.chosen())
    assert x >= 0
    return play, seat, x


def test_an_aimed_secret_choice_shows_its_target_on_its_own_panel_only():
    """On grid8hands the target of a Jump Potion, Mirror or Crossbow blinks on the hand panel (the right-hand
    columns stand for the mansion's columns, its rows for theirs), never on the grid."""
    play, seat, x = _aiming("grid8hands", 0)
    lay, fr, a = play.layout, play.frame, play.game
    hx, hy = lay.hand_w - a.players + (x >> 3), x & 7
    grid = lay.cell_led(play.x0 + (x >> 3), play.y0 + (x & 7))
    seen_hand, seen_grid = set(), set()
    for now in range(16, 1600, 16):
        play.render(now)
        seen_hand.add(fr.get(lay.hand_led(seat, hx, hy)))
        seen_grid.add(fr.get(grid))
    assert P.SEAT[seat] in seen_hand  # it blinks there, in the seat's colour
    assert P.SEAT[seat] not in seen_grid or len(seen_grid) == 1  # the grid cell does not blink it


@pytest.mark.parametrize("profile", ["grid8", "grid8hands"])
def test_a_frame_drawn_from_the_kept_picture_is_the_frame_drawn_afresh(profile):
    """The picture is drawn again only when something in it changed: over a game played by buttons, with
    look held and let go, refusals and animations, every frame equals the one a full drawing gives."""
    d = Driver({"game": "vampire_nights", "players": 3, "seed": 6}, name=profile)
    play = d.table.play
    g = play.game
    fr = d.table.frame
    checked = redrawn = 0
    wrong = []
    orig = play.render

    def render(now):
        nonlocal checked, redrawn
        before = play.drawn, play.drawn_page
        orig(now)
        kept = bytes(fr.rgb)
        play._draw(now)
        if bytes(fr.rgb) != kept:  # (an assertion here would be caught by the table as a crash)
            wrong.append(now)
        checked += 1
        redrawn += (play.drawn, play.drawn_page) != before

    play.render = render
    animated = 0
    for i in range(150):
        if g.over:
            break
        seat = g.to_move()[0]
        if i % 3 == 0 or play.chosen() is None:
            d.tap((seat + 1) % g.players, "ok")  # refused
            d.hold(seat, "look")
            d.frames(20)
            d.tap(seat, "mode")
            d.tap(seat, "move")
            d.frames(160 if i % 9 == 0 else 30)  # 2.5 s: through the small panel's pages
            d.let_go(seat, "look")
        play_a_step(d, seat, look=i % 3 == 1)
        for _ in range(40):
            d.frames(1)
            animated += play.animating()
    assert d.table.play is play and d.table.mode == "game"
    assert wrong == [], "frames at these times differ from a fresh drawing"
    assert animated > 100 and redrawn < checked // 3  # most frames are the kept picture


def test_letting_go_of_look_restores_the_choice_made_before_it():
    d = _driver(seed=4)
    play = d.table.play
    g = play.game
    while g.phase != "explore":
        seat = g.to_move()[0]
        play_a_step(d, seat)
    seat = g.to_move()[0]
    d.tap(seat, "move")
    kind, chosen = play.kind, play.chosen()
    d.hold(seat, "look")
    for _ in range(3):
        d.tap(seat, "mode")
        d.tap(seat, "move")
    d.let_go(seat, "look")
    assert (play.kind, play.chosen()) == (kind, chosen)
    d.hold(seat, "look")  # something played under look: the choice starts again from the first
    d.tap(seat, "move")
    turns = play.turns_done
    d.tap(seat, "ok")
    assert play.turns_done == turns + 1
    d.let_go(seat, "look")
    assert play.index == 0 and play.kind == play._kinds(False)[0]


def test_on_a_table_without_hand_panels_the_small_panel_shows_where_the_choice_points():
    """grid8: while look is held, the first page after a mode or move press is where the choice points:
    which column (its blood LED in the seat's colour), then its place in that column."""
    from nightboard.games.vampire_nights.play import PAGE_MS

    play, seat, x = _aiming("grid8", 100)
    lay, fr = play.layout, play.frame
    at = lay.panel_at[seat] // 3

    def blood(now):
        play.render(now)
        return [fr.get(at + k) for k in range(8)]

    col = blood(100 + 16)
    assert [k for k in range(8) if col[k] == P.SEAT[seat]] == [x >> 3]
    place = blood(100 + PAGE_MS // 2 + 16)
    assert [k for k in range(8) if place[k] == P.SEAT[seat]] == [x & 7]
    assert fr.get(at + 10) == P.SEAT[seat]
    later = blood(100 + PAGE_MS + 16)  # then its items
    assert P.SEAT[seat] not in later[:1] or later != place


MPY_FRAMES = r"""
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file
prof = load_profile_file('hardware/profiles/%s.json')
hal = make_sim_hal(prof)
t = Table(prof, hal, {'game': 'vampire_nights', 'players': 4, 'seed': 5})

tick(40, keep=False)
out = [alloc_per_frame(300)]
for p in range(4):
    hal.buttons.press(t.button_id(p, 'look'))
tick(5, keep=False)
out.append(alloc_per_frame(300))
seat = t.game.to_move()[0]
hal.buttons.press(t.button_id(seat, 'move'))
tick(5, keep=False)
hal.buttons.release(t.button_id(seat, 'move'))
tick(5, keep=False)
out.append(alloc_per_frame(300))
print(out)
"""


@pytest.mark.micropython
@pytest.mark.parametrize("profile", ["grid8", "grid8hands"])
def test_no_heap_allocated_over_300_frames_idle_or_looking_on_micropython(profile):
    """0 bytes over 300 frames (not per frame, rounded down): idle, every seat holding look (the small
    panels' pages, or the hand panels), and the seat to move choosing under look (its page of where)."""
    from mpy_harness import run_mpy, with_session_frames

    # A roomy heap: what is counted is what a frame allocates, not whether the game fits (64-bit objects are
    # about half as big again as the Pico's; make bench measures the heap).
    out = run_mpy(with_session_frames(MPY_FRAMES % profile), heap="512k", compiled=True)
    assert out.strip().splitlines()[-1] == "[0, 0, 0]"


def _turn_by_buttons(d):
    play_a_step(d, d.table.game.to_move()[0])
    d.saved()


def test_a_game_resumed_after_a_power_cut_at_every_turn_ends_like_the_straight_game():
    """Saved after every turn: a fresh table on the same flash offers the game and goes on exactly, turn
    after turn, to the same end as the same presses without a cut; a finished game is not offered again."""
    from nightboard.table.saves import SAVE
    from saves_helpers import boot

    start = {"game": "vampire_nights", "players": 3, "seed": 12}
    straight = Driver(start, name="grid8")
    turns = 0
    while not straight.table.game.over:
        _turn_by_buttons(straight)
        turns += 1
    storage = straight.hal.storage.__class__()
    cut = boot(storage, name="grid8")
    cut.table.start_game(dict(start))
    for k in range(turns):
        _turn_by_buttons(cut)
        if cut.table.game.over:
            break
        state = cut.table.game.to_json()
        cut = boot(storage, name="grid8")
        assert cut.table.mode == "resume_ask" and cut.table.game.to_json() == state
        cut.tap(0, "ok")
        assert cut.table.mode == "game" and cut.table.game.to_json() == state
    assert cut.table.game.to_json() == straight.table.game.to_json()
    assert not storage.exists(SAVE)


def test_the_bench_drive_plays_a_whole_four_player_game_inside_400_calls():
    """make bench measures the heap at the worst point of a whole game (bench_scripts.HEAP: up to 400 calls
    of the game's drive): the drive Vampire Nights declares finishes a 4-player game well inside them, and
    stops at animations, so that frames inside one are measured too."""
    from nightboard.games.vampire_nights.tools import TOOLS
    from nightboard_host.bench.costs import drive_source

    b = TOOLS["bench"]
    d = Driver(dict(b["start"], game="vampire_nights"), name=b["profile"])
    space = {}
    exec(drive_source(b["drive"]), space)
    t = d.table
    calls = animated = 0
    while not t.game.over and calls < 400:
        space["drive"](t, d.hal, calls)
        calls += 1
        animated += t.play.animating()
    assert t.game.over and calls < 300
    assert animated > 20


@pytest.mark.parametrize("profile", ["grid8", "grid8hands"])
def test_nightboard_snapshot_draws_a_position_file(profile, tmp_path, capsys):
    """`nightboard snapshot --position` of a game under way (it once stopped with a traceback: the map's side
    was looked up as the Dracula hunt's); a position for more seats than the table has is refused."""
    from PIL import Image

    from nightboard_host.cli import main

    g = VN.new_game(3, 3)
    for _ in range(40):
        s = g.to_move()[0]
        g.apply(s, g.board_move(s))
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(g.to_json()))
    out = tmp_path / "pos.png"
    assert main(["snapshot", "--game", "vampire_nights", "--position", str(pos), "--profile", profile,
                 "--size", "300", "-o", str(out)]) == 0
    assert Image.open(out).size == (300, 300) and "Vampire Nights" in capsys.readouterr().out
    pos.write_text(json.dumps(VN.new_game(3, 4).to_json()))
    ring = main(["snapshot", "--game", "vampire_nights", "--position", str(pos), "--profile", "ring4",
                 "-o", str(out)])
    assert ring == 2 and "grid" in capsys.readouterr().err
