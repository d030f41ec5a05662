"""VampEmpire on the grid table: the buttons of the seat to act, refusals, look, what the LEDs show (the
lights of docs/table.md), frames that say nothing of another seat's hand, and no heap per steady frame of a
whole game on the table, on each shipped profile it plays on (hand panels too)."""

import shutil

import pytest

from mpy_harness import PICO_HEAP, ROOT, run_mpy
from nightboard.games import vampempire as M
from nightboard.games.vampempire.actions import act, split, CHOOSE, PASS, END, MOVE
from nightboard.table import palette as P
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import load_profile_file
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire import play as VP
from nightboard.games.vampempire.play import NTH, RITUAL_COLOUR, ROUTE, TYPE_COLOUR, VATICAN, VampEmpirePlay
from table_driver import game_frame, twin_frames_agree

PROFILE = str(ROOT / "hardware" / "profiles" / "grid8.json")


def table(g):
    lay = Layout(load_profile_file(PROFILE))
    return VampEmpirePlay(lay, Frame(lay.led_count), g)


def cell(c, h, now):
    c.render(now)
    return c.frame.get(c.layout.cell_led(h % 8, h // 8))


def test_ring_tables_are_refused_with_a_message():
    lay = Layout(load_profile_file(str(ROOT / "hardware" / "profiles" / "ring4.json")))
    with pytest.raises(ValueError, match="grid table"):
        VampEmpirePlay(lay, Frame(lay.led_count), M.new_game(1, 2))


def test_choosing_vampires_with_mode_move_ok():
    g = M.new_game(1, 2)
    c = table(g)
    assert c.kinds == [CHOOSE] and c.chosen() == act(CHOOSE, 0)
    c.press(0, "move", 0)
    c.press(0, "move", 0)
    assert c.chosen() == act(CHOOSE, 2)
    c.press(0, "ok", 0)
    assert g.vamp[0] == 2 and c.turns_done == 1 and c.log.recent(1)[0]["ev"] == "choose"


def test_a_seat_not_to_act_is_refused_and_nothing_changes():
    g = M.new_game(1, 2)
    c = table(g)
    before = g.to_json()
    c.press(1, "ok", 100)
    assert g.to_json() == before and c.turns_done == 0
    c.render(100 + 250)  # a blinking frame inside the refusal
    lay = c.layout
    assert c.frame.get(lay.status_led(1, 1)) == P.ERROR and c.frame.get(lay.status_led(1, 2)) == P.ERROR
    c.render(100 + 1000)
    assert c.frame.get(lay.status_led(1, 1)) != P.ERROR


def test_the_map_shows_communities_vampires_the_vatican_and_control():
    g = M.new_game(2, 2, vampires=["baroness", "tyrant"])
    c = table(g)
    assert cell(c, g.vatican, 0) == VATICAN
    com = g.comm[0]
    assert cell(c, com[0], 0) == TYPE_COLOUR[com[1]]  # a full die: full colour
    assert cell(c, g.pos[0], 0) == P.SEAT[0] and cell(c, g.pos[1], 0) == P.SEAT[1]
    com[3] = 1
    com[2] = 0
    c.sync()
    assert cell(c, com[0], 0) != TYPE_COLOUR[com[1]]  # sucked dry: dimmer
    assert cell(c, com[0], 500) == tuple(x // 4 for x in P.SEAT[1])  # its controller, dimmed
    g.routes = [com[0]]
    c.sync()
    assert cell(c, com[0], 500) == ROUTE


def test_the_move_cursor_blinks_on_its_target():
    g = M.new_game(2, 2, vampires=["baroness", "tyrant"])
    c = table(g)
    for s in (0, 1):
        g.apply(s, act(PASS))
    c.sync()
    while c.kind != MOVE:
        c.press(0, "mode", 0)
    h = split(c.chosen())[3]
    assert cell(c, h, 250) != (255, 255, 255)  # the choice shows only to its player, while it holds look
    c.press(0, "look", 250)
    assert cell(c, h, 250) == (255, 255, 255)
    c.press(0, "ok", 300)
    assert g.pos[0] == h and g.ap == 2


def test_the_kind_and_target_of_a_choice_show_only_while_its_player_holds_look():
    """Which kinds a seat may choose can depend on its hidden hand (it can accept an offer only holding what
    is asked): its status LED 3 and its target stay dark until it holds look."""
    g = M.new_game(2, 2, vampires=["baroness", "tyrant"])
    c = table(g)
    lay = c.layout
    c.render(0)
    assert c.frame.get(lay.status_led(0, 2)) == (0, 0, 0)
    c.press(0, "look", 0)
    c.render(0)
    assert c.frame.get(lay.status_led(0, 2)) != (0, 0, 0)


def test_look_shows_a_hand_only_on_its_own_panel():
    g = M.new_game(2, 3, vampires=["baroness", "tyrant", "beast"])
    c = table(g)
    lay = c.layout
    c.press(1, "look", 0)
    c.render(0)
    k = g.hands[1][0]  # its one ritual: its type's colour, brighter the later in its type's list
    full = RITUAL_COLOUR[R.KINDS[k][1]]
    want = tuple(x * (1 + NTH[k]) // (1 + max(NTH)) for x in full)
    assert c.frame.get(lay.blood_led(1, 0)) == want and want != (0, 0, 0)
    assert c.frame.get(lay.blood_led(1, 1)) == (0, 0, 0)
    c.release(1, "look", 10)
    c.render(10)
    assert c.frame.get(lay.blood_led(1, 0)) == (0, 0, 0)  # 0 soul


def test_a_hand_held_in_view_follows_every_change_and_a_new_look_shows_the_hand_of_now():
    """The controller reads a seat's hand only while it holds look (when the press comes, and at every change
    meanwhile), so a hand dealt, played or traded away while it looks shows at once, and a seat that looks
    again later sees its hand as it is then, not as it was."""
    import random

    g = M.new_game(4, 3, vampires=["feathered", "tyrant", "beast"])
    c = table(g)
    lay = c.layout
    rnd = random.Random(4)
    c.press(1, "look", 0)

    def shown(s, now):
        c.render(now)
        if c.offer_from == s or c.n_steps:
            return None  # an offer's items, or an animation, over the hand
        return [c.frame.get(lay.blood_led(s, k)) for k in range(8)]

    def want(s):
        h = g.hands[s]
        return [tuple(x * (1 + NTH[k]) // (1 + max(NTH)) for x in RITUAL_COLOUR[R.KINDS[k][1]]) for k in h[:8]] + \
            [(0, 0, 0)] * (8 - min(8, len(h)))

    checked = changed = 0
    before = list(g.hands[1])
    for step in range(160):
        if g.over:
            break
        now = 10000 * (step + 1)
        s = g.to_move()[0]
        c.play_action(s, rnd.choice(g.legal(s)), now)
        got = shown(1, now + 5000)
        if got is not None:
            assert got == want(1), "step %d: seat 1 holds look and sees %s, its hand is %s" % (step, got, g.hands[1])
            checked += 1
            changed += g.hands[1] != before
        before = list(g.hands[1])
        if step % 7 == 3:  # seat 2 looks afresh, sees its hand of now, lets go
            c.press(2, "look", now + 5000)
            got = shown(2, now + 5000)
            assert got is None or got == want(2)
            c.release(2, "look", now + 5000)
    assert checked > 50 and changed > 3


def test_after_an_action_the_next_seats_choices_wait_for_a_frame_with_room_or_its_first_press():
    g = M.new_game(5, 2)
    c = table(g)
    c.press(0, "ok", 0)  # seat 0 chooses its vampire
    assert g.to_move() == [1] and c.choices_due and c.actions == [] and c.cursor_at == -1
    c.board_step(16, False)  # a frame without room (a save's part, a reply, after a held frame): not yet
    assert c.choices_due
    c.press(1, "move", 32)  # a press that comes first works them out, then counts
    choose = [x for x in g.legal(1) if split(x)[0] == CHOOSE]
    assert not c.choices_due and c.kinds == [CHOOSE] and c.chosen() == choose[1]
    c.press(1, "ok", 48)
    assert c.choices_due and game_frame(c, 64, room=True)
    assert not c.choices_due and c.chosen() in g.legal(g.to_move()[0])


def test_on_the_table_a_persons_action_and_the_next_choices_never_share_a_frame():
    """A person's ok applies the action in a held frame (app.py); the next seat's choices (its legal actions,
    up to some 9 ms on the emulated RP2040) come in a later frame with room, not beside the action, the
    first picture after it or a part of its save."""
    from nightboard.table import app
    from table_driver import Driver

    d = Driver({"game": "vampempire", "players": 2, "seed": 3}, name="grid8")
    t = d.table
    p = t.play
    g = p.game
    did = {}

    def watch(obj, name, what):
        f = getattr(obj, name)

        def wrapper(*a, **kw):
            did.setdefault(t.frames, set()).add(what)
            return f(*a, **kw)

        setattr(obj, name, wrapper)

    watch(p, "_choices", "choices")
    watch(g, "apply", "rules")
    watch(t, "_save", "save")
    watch(t, "_save_step", "save")
    held = {}
    acted = 0
    for _ in range(3000):
        if g.over or acted == 40:
            break
        if p.choices_due or t.saves.pending or t._save_due:
            d.frames()
            held[t.frames - 1] = t.held
            continue
        b = t.button_id(p.mover, "ok")
        for down in (1, 1, 1, 1, 0, 0, 0):  # ok is taken when it is let go (a long hold is another press)
            if down:
                d.hal.buttons.press(b)
            else:
                d.hal.buttons.release(b)
            d.frames()
            held[t.frames - 1] = t.held
        acted += 1
    assert acted == 40
    rules = [f for f in did if "rules" in did[f]]
    choices = [f for f in did if "choices" in did[f]]
    assert len(rules) >= 30 and len(choices) >= 30
    assert all(held[f] == app.HELD_TURN for f in rules)
    for f in choices:
        assert did[f] == {"choices"} and f - 1 not in rules, (f, did[f])


def test_frames_say_nothing_of_a_hand_to_those_who_may_not_see_it():
    assert twin_frames_agree(M, table, 3, 60, 6) > 50


@pytest.mark.micropython
@pytest.mark.parametrize("profile, seed, heap", [
    ("grid8", 11, PICO_HEAP), ("hex8", 3, PICO_HEAP),
    # hand panels: the 64-bit unix port's objects are about twice the board's, and this table's bigger frames
    # beside a 4-player game and its saves need more than the tests' Pico-sized heap (`make bench` judges the
    # board's 32-bit heap)
    ("grid8hands", 7, "256k")])
def test_no_steady_frame_of_a_whole_game_on_the_table_allocates(profile, seed, heap):
    """GUIDE section 6: 0 bytes a steady frame, on the table as `nightboard bench` plays it (the board in
    three seats), through every animation, look, hand panel and offer of a whole game; not only frames of
    a controller alone (the bench once counted 1,646 B an "animation" frame that the controller's own test
    never met: the board's pause then said it was animating, and the bench's window held the board's next
    action and its save)."""
    # The saves go to a folder whose path has the same length on every machine (the session runs close to
    # the edge of the tests' heap, and a longer path, such as pytest's numbered temporary folders, shifts
    # where its blocks fall: this test would pass or fail with the run's number).
    store = ROOT / "tests" / "_artifacts" / ("steady-" + profile)
    shutil.rmtree(store, ignore_errors=True)
    store.mkdir(parents=True)
    code = "PROFILE = %r\nSEED = %d\nSTORE = %r\n" % (profile, seed, "tests/_artifacts/steady-" + profile) + (
        ROOT / "tests" / "scripts" / "vampempire_steady.py").read_text()
    steady, anim, grown, first, over, actions = run_mpy(code, compiled=True, heap=heap).split()
    assert over == "True" and int(actions) > 100
    # the frames counted, idle and animated alike (a turn's held frames and its save are not steady)
    assert int(steady) > 250 and int(anim) > 150
    assert (int(grown), int(first)) == (0, 0), "frame %s of the session allocated" % first


def test_describe_names_the_seat_to_act_but_never_its_choice():
    # describe() goes to everyone (the protocol's state, the monitor): a choice may be a hidden ritual
    g = M.new_game(2, 2, vampires=["baroness", "tyrant"])
    c = table(g)
    lines = c.describe()
    assert lines[0].startswith("VampEmpire, round 1 of 30, afternoon")
    assert "red to play" in lines[1]
    assert "the Baroness: soul 0, bodies 3, rituals 1" in lines[2]
    g.apply(0, act(PASS))
    g.apply(1, act(PASS))
    c.sync()
    first = c.describe()
    seen = set()
    for _ in range(40):  # every kind of action, each choice: the lines never change
        seen.add(c.kind)
        c.press(0, "mode", 0)
        assert c.describe() == first
    assert END in seen and len(seen) > 2


def test_the_snapshot_draws_the_hex_map_and_its_leds(tmp_path):
    from nightboard_host.games.vampempire import snapshot as SV

    g = M.new_game(7, 4, vampires=["baroness", "tyrant", "feathered", "beast"])
    c = table(g)
    c.render(0)
    img = SV.picture(c.layout, c.frame, g, size=400)
    assert img.size == (400, 400)
    canvas = __import__("nightboard_host.drawings.snapshot", None, None, ["Canvas"]).Canvas(c.layout, 400)
    x, y = canvas.px(*canvas.pos[c.layout.cell_led(g.pos[0] % 8, g.pos[0] // 8)])
    r, gr, b = img.getpixel((int(x), int(y)))
    assert r > 200 and gr < 80 and b < 80  # seat 0's vampire, red, on its corner
    assert SV.hex_centre(canvas, c.layout, 8)[0] > SV.hex_centre(canvas, c.layout, 0)[0]  # row 2 shifted right


def test_the_board_plays_its_seats_one_action_at_a_time():
    g = M.new_game(4, 3, board=2)
    assert g.board == 2 and g.board_plays(2) and g.board_plays(1) and not g.board_plays(0)
    c = table(g)
    assert "the board plays blue, yellow" in c.describe()[0]
    c.press(0, "ok", 0)  # seat 0 chooses its vampire
    assert g.to_move() == [1] and c.board_turn and not c.animating()  # the board's pause is no animation
    c.press(1, "ok", 10)  # a seat the board plays: refused
    assert g.to_move() == [1]
    t = 100
    while g.to_move() == [1]:
        t += 16
        game_frame(c, t)
    assert VP.BOARD_MS <= t < VP.BOARD_MS + 100  # not at once: BOARD_MS after seat 0's action (at 0)
    assert g.to_move() == [2]
    while g.to_move() != [0] and not g.over:
        t += 16
        game_frame(c, t)
    assert g.phase == "afternoon" and g.to_move() == [0] and not c.animating()


def test_board_option_keeps_one_seat_for_a_player_and_none_lets_the_board_choose():
    assert M.new_game(1, 2, board=3).board == 1
    g = M.new_game(1, 2, board=1)
    g.apply(0, act(CHOOSE, 0))
    want = g.board_move(1)
    g2 = g.copy()
    g.apply(1, None)
    g2.apply(1, want)
    assert g.to_json() == g2.to_json()
    with pytest.raises(Exception):
        M.new_game(1, 2).apply(0, None)


def test_the_overlay_is_the_map_at_the_panels_pitch():
    import xml.etree.ElementTree as ET

    from nightboard_host.games.vampempire import snapshot as SV

    text = SV.overlay_svg(10.0)
    root = ET.fromstring(text)
    ns = "{http://www.w3.org/2000/svg}"
    polys = root.findall(ns + "polygon")
    assert len(polys) == 64 and root.get("width") == "100.0mm"
    names = [t.text for t in root.findall(ns + "text")][:64]
    assert names[0] == "a1" and names[63] == "h8"
    assert (ROOT / "hardware" / "grid8" / "vampempire-overlay.svg").read_text() == SV.overlay_svg()


def test_look_shows_ones_influence_on_the_map():
    g = M.new_game(2, 2, vampires=["baroness", "tyrant"])
    com = g.comm[3]
    com[4] = 2  # seat 1 has controlled it once; seat 0 controls it now
    com[3] = 0
    c = table(g)
    assert cell(c, com[0], 500) == tuple(x // 4 for x in P.SEAT[0])
    c.press(1, "look", 0)
    assert cell(c, com[0], 500) == tuple(x // 2 for x in P.SEAT[1])
    assert cell(c, com[0], 0) == TYPE_COLOUR[com[1]]  # the first picture is unchanged
    c.release(1, "look", 0)
    assert cell(c, com[0], 500) == tuple(x // 4 for x in P.SEAT[0])


def blood(c, s, now):
    c.render(now)
    return [c.frame.get(c.layout.blood_led(s, k)) for k in range(8)]


def lights(col, n):
    return [col] * n + [P.OFF] * (8 - n)


def test_choosing_shows_the_vampire_on_offer_and_the_vampires_taken():
    """T1 is public: while a seat chooses, its blood LEDs show the vampire on offer as 1 to 4 white lights (the
    Baroness, the Tyrant, the Feathered One, the Beast), look or not, steadily; a seat that has chosen shows its
    vampire in its own colour, and move skips it; a seat still to choose is dark."""
    g = M.new_game(1, 3)
    c = table(g)
    white = P.TABLE
    for t in (0, 1000, 2000):
        assert blood(c, 0, t) == lights(white, 1)  # the Baroness on offer
        assert blood(c, 1, t) == blood(c, 2, t) == lights(P.OFF, 0)
    c.press(0, "move", 0)
    assert blood(c, 0, 0) == lights(white, 2)
    c.press(0, "move", 0)
    c.press(0, "look", 0)  # look changes nothing here: no hand yet
    for t in (0, 1000, 2000):
        assert blood(c, 0, t) == lights(white, 3)
    c.press(0, "ok", 0)
    c.release(0, "look", 0)
    assert g.vamp[0] == 2 and c.choices_due
    for t in (0, 1000, 2000):
        assert blood(c, 0, t) == lights(P.SEAT[0], 3)  # taken by red
        assert blood(c, 1, t) == lights(white, 1)  # at once, before its choices are listed
    c.press(1, "move", 10)
    assert blood(c, 1, 10) == lights(white, 2)
    c.press(1, "move", 20)
    assert blood(c, 1, 20) == lights(white, 4)  # the Feathered One is red's: skipped
    c.press(1, "move", 30)
    assert blood(c, 1, 30) == lights(white, 1)  # round again to the first free
    c.press(1, "move", 40)
    c.press(1, "ok", 40)
    assert g.vamp[1] == 1
    assert blood(c, 1, 50) == lights(P.SEAT[1], 2) and blood(c, 2, 50) == lights(white, 1)
    c.press(2, "move", 60)
    assert blood(c, 2, 60) == lights(white, 4)  # the Tyrant and the Feathered One are taken
    c.press(2, "ok", 60)
    assert g.phase == "afternoon" and blood(c, 2, 2000) == lights(P.SEAT[2], 4)  # in play: every third second


def test_a_seat_the_board_plays_shows_no_vampire_on_offer():
    g = M.new_game(4, 2, board=1)
    c = table(g)
    c.press(0, "move", 0)
    c.press(0, "ok", 0)
    assert c.board_turn and g.to_move() == [1]
    assert blood(c, 1, 0) == lights(P.OFF, 0) and blood(c, 0, 0) == lights(P.SEAT[0], 2)


def test_in_play_each_seats_vampire_shows_on_its_blood_leds_every_third_second():
    """Soul, bodies, then the seat's vampire: 1 to 4 lights in its colour, a second each; not over the hand of a
    seat that holds look, nor over an offer waiting."""
    g = M.new_game(2, 4, vampires=["beast", "baroness", "feathered", "tyrant"])
    c = table(g)
    for s, n in ((0, 4), (1, 1), (2, 3), (3, 2)):
        assert blood(c, s, 2000) == lights(P.SEAT[s], n)
        assert blood(c, s, 5500) == lights(P.SEAT[s], n)
        assert blood(c, s, 0) == lights(VP.SOUL, 0) and blood(c, s, 3000) == lights(P.OFF, 0)  # 0 soul
        bodies = g.bodies[s]
        assert blood(c, s, 1000) == lights(VP.BODY, bodies) and blood(c, s, 4999) == lights(VP.BODY, bodies)
    c.press(1, "look", 2000)  # a hand held in view: the hand, all three seconds
    k = g.hands[1][0]
    want = tuple(x * (1 + NTH[k]) // (1 + max(NTH)) for x in RITUAL_COLOUR[R.KINDS[k][1]])
    assert blood(c, 1, 2000)[0] == want
