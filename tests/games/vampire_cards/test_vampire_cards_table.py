"""Vampire, the card game, on the simulated ring table: a hand shows only on its own panel while its
player holds look, presses out of turn are refused, the buttons play a whole game, every action is
saved, and the frame loop allocates nothing."""

import pytest

from table_driver import Driver

try:
    from nightboard.games import index

    _INDEXED = "vampire_cards" in index.names()
except ImportError:  # before the games' contract
    _INDEXED = False

pytestmark = pytest.mark.skipif(not _INDEXED, reason="the game is not in the index of games yet (it comes with "
                                                     "the games' contract)")


def start(players=3, seed=1):
    return Driver({"game": "vampire_cards", "players": players, "seed": seed}, name="ring4")


def leds(d):
    return [d.led(i) for i in range(d.table.layout.led_count)]


def panel_leds(d, seat):
    lay = d.table.layout
    return set(lay.blood_led(seat, k) for k in range(8)) | set(lay.status_led(seat, k) for k in range(3))


def test_a_hand_shows_on_its_own_panel_only_while_look_is_held():
    d = start()
    g = d.table.play.game
    d.settle()  # the start deal shown whole
    while (d.hal.clock.ticks_ms() - d.table.play.wait_since) % 800 > 100:  # the same blink phase below: 400 ms dark, 400 ms lit
        d.frames(1)
    before = leds(d)
    d.hold(1, "look")
    during = leds(d)
    mine = panel_leds(d, 1)
    changed = [i for i in range(len(before)) if before[i] != during[i]]
    assert changed and set(changed) <= mine
    lit = [d.led(d.table.layout.blood_led(1, k)) != (0, 0, 0) for k in range(8)]
    assert lit == [True] * len(g.hands[1]) + [False] * (8 - len(g.hands[1]))
    d.let_go(1, "look")
    assert all(d.led(d.table.layout.blood_led(1, k)) == (0, 0, 0) for k in range(8))


def test_a_press_out_of_turn_is_refused_and_changes_nothing():
    d = start()
    g = d.table.play.game
    before = g.to_json()
    d.tap(2, "ok")
    assert g.to_json() == before
    lay = d.table.layout
    seen = set()
    for _ in range(40):
        d.frames(1)
        seen.add(d.led(lay.status_led(2, 1)))
    assert (255, 0, 255) in seen


@pytest.mark.parametrize("seed", [1, 2])
def test_the_buttons_play_a_whole_game_and_every_action_is_saved(seed):
    d = start(4, seed)
    play = d.table.play
    g = play.game
    for _ in range(3000):
        if g.over:
            break
        s = g.to_move()[0]
        want = g.board_move(s)  # the board's choice, reached with mode and move
        for _ in range(12):
            if play.chosen_action() is not None and play.chosen_action() // 1024 == want // 1024:
                break
            d.tap(s, "mode")
        for _ in range(80):
            if play.chosen_action() == want:
                break
            d.tap(s, "move")
        assert play.chosen_action() == want
        done = play.turns_done
        d.tap(s, "ok")
        assert play.turns_done == done + 1
    assert g.over
    over = play.describe()[1]
    assert over.startswith("game over, ") and "(" not in over  # why in words, not the engine's end code
    assert over.endswith(" wins") or over.endswith(" win") or over.endswith("nobody wins")


def test_the_board_plays_its_seats_by_itself_and_refuses_presses_for_them():
    d = Driver({"game": "vampire_cards", "players": 3, "seed": 4, "board": 2}, name="ring4")
    play = d.table.play
    g = play.game
    assert g.board == 2
    steps = 0
    while not g.over and steps < 400:
        s = g.to_move()[0]
        if g.board_plays(s):
            play.refused_until[s] = 0
            d.tap(s, "ok")  # a press for the board's seat is refused (the board may act meanwhile, on its own)
            assert play.refused_until[s] > 0
            d.frames(50)  # 0.7 s and more: the board has acted
        else:
            want = g.board_move(s)
            while play.chosen_action() // 1024 != want // 1024:
                d.tap(s, "mode")
            while play.chosen_action() != want:
                d.tap(s, "move")
            d.tap(s, "ok")
        steps += 1
    assert g.over


def _bones_position(players, bones, tired):
    from vampire_cards_helpers import position

    return position(players=players, hands=["L1"], vampire=0, bones=bones, tired=tired, seat=0,
                    phase="bite").to_json()


def _read_bones(d, seat, seconds=16):
    """The Vampire's face-up bones as a player reads them on its arc (docs/table.md): from its fifth light
    on, one rose light a bone (at a quarter: tired); when they do not fit, pages in turn, a white light
    after every page but the last. The colours read, in order, over one whole round of the pages."""
    from nightboard.table import palette as P

    lay = d.table.layout
    sector = lay.ring_len // lay.max_players
    at = lay.ring_len // 2 + seat * sector
    seen = []  # what the arc shows from its fifth light, each change once: a dark moment between two pages
    for _ in range(seconds * 1000 // d.table.frame_ms):
        d.frames(1)
        page = []
        for k in range(4, sector):
            c = d.led(lay.ring_led(at + k))
            if c == (0, 0, 0):
                break
            page.append(c)
        if not seen or seen[-1] != page:
            seen.append(page)
    if len(seen) == 1:  # all of it at once, held still
        return seen[0]
    white = P.TABLE
    pages = [p for p in seen if p]
    assert len(seen) - len(pages) >= len(pages) - 1  # every page set off from the next by a dark moment
    ends = [i for i in range(len(pages)) if white not in pages[i]]  # the last page of a round has no white
    assert len(ends) >= 2, "not a whole round of pages"
    got = []
    for p in pages[ends[0] + 1:ends[1] + 1]:
        assert white not in p[:-1]
        got += [c for c in p if c != white]
    return got


@pytest.mark.parametrize("profile", ["ring4", "ring6", "grid8", "grid8hands", "hex8"])
@pytest.mark.parametrize("bones,tired", [("B2 B3 B5 B7 B8 B9", "B5 B9"),
                                         ("B1 B2 B3 B4 B5 B6 B7 B8 B9 B10", "B1 B4 B10")])
def test_every_face_up_bone_of_the_vampire_shows_on_every_table_tired_ones_dim(profile, bones, tired):
    from nightboard.games.vampire_cards import play as VC

    pos = _bones_position(3, bones, tired)
    d = Driver({"game": "vampire_cards", "position": pos}, name=profile)
    g = d.table.play.game
    assert len(g.bones) == len(bones.split()) and len(g.tired) == len(tired.split())
    want = [VC.BONE_TIRED if b in g.tired else VC.BONE for b in g.bones]
    assert _read_bones(d, 0) == want


@pytest.mark.micropython
def test_the_pages_of_bones_allocate_nothing_and_match_cpython_on_micropython():
    from mpy_harness import run_mpy
    from nightboard.games.vampire_cards import from_json
    from nightboard.table.frame import Frame
    from nightboard.table.layout import Layout
    from nightboard.table.profile import load_profile_file
    from nightboard.games.vampire_cards.play import VampireCardsPlay

    pos = _bones_position(3, "B1 B2 B3 B4 B5 B6 B7 B8 B9 B10", "B1 B4 B10")
    code = (
        "import gc\n"
        "from nightboard.table.profile import load_profile_file\n"
        "from nightboard.table.layout import Layout\n"
        "from nightboard.table.frame import Frame\n"
        "from nightboard.games.vampire_cards.play import VampireCardsPlay\n"
        "from nightboard.games.vampire_cards import from_json\n"
        "lay = Layout(load_profile_file('hardware/profiles/grid8.json'))\n"
        "c = VampireCardsPlay(lay, Frame(lay.led_count), from_json(%r))\n"
        "c.render(0)\n"
        "t = b = b2 = h = 0\n"  # globals made before the count: a new one may grow the module's dict
        "gc.collect()\n"
        "gc.disable()\n"
        "b = gc.mem_alloc()\n"
        "for t in range(0, 8000, 16):\n"
        "    c.render(t)\n"
        "b2 = gc.mem_alloc()\n"
        "for t in range(0, 8000, 100):\n"
        "    c.render(t)\n"
        "    h = (h * 31 + sum(c.frame.rgb)) %% 1000000007\n"
        "print(b2 - b, h)\n") % (pos,)
    alloc, h = run_mpy(code, compiled=True).split()
    assert int(alloc) == 0
    lay = Layout(load_profile_file("hardware/profiles/grid8.json"))
    c = VampireCardsPlay(lay, Frame(lay.led_count), from_json(pos))
    want = 0
    for t in range(0, 8000, 100):
        c.render(t)
        want = (want * 31 + sum(c.frame.rgb)) % 1000000007
    assert int(h) == want


@pytest.mark.parametrize("profile", ["ring4", "grid8"])
def test_a_seat_with_no_player_in_this_game_stays_dark_and_its_presses_do_nothing(profile):
    # As in every other game (their controllers draw the panels of the seats in the game only): an empty
    # seat's panel is dark, so a press there shows nothing, not even magenta, and changes nothing.
    d = Driver({"game": "vampire_cards", "players": 3, "seed": 1}, name=profile)
    twin = Driver({"game": "vampire_cards", "players": 3, "seed": 1}, name=profile)
    d.settle()
    twin.settle()
    g = d.table.play.game
    before = g.to_json()
    for role in ("mode", "move", "ok", "look"):
        d.tap(3, role)
        twin.frames(64 // twin.table.frame_ms + 4)
        for _ in range(40):
            d.frames(1)
            twin.frames(1)
            assert leds(d) == leds(twin)
            assert all(d.led(i) == (0, 0, 0) for i in panel_leds(d, 3))
    assert g.to_json() == before
