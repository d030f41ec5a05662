"""The Dracula hunt on the simulated grid table (grid8): lights, buttons, Dracula's turn, secrets."""

import pytest

from dracula_helpers import D, R, choose, do
from frame_png import assert_leds
from nightboard.table import palette as P
from nightboard.games.dracula import draw as DD
from nightboard.table.app import StartError
from nightboard.games.dracula.draw import fit_map
from nightboard.games.dracula.play import PLAY_AT
from nightboard.games.dracula.scene import DUR, NIGHT
from nightboard.table.profile import ProfileError, check_players
from table_driver import Driver, game_frame, profile

START = {"game": "dracula", "players": 2, "seed": 5}


def room_led(d, name):
    play = d.table.play
    return play.draw.room_led[d.table.game.map.room(name)]


def test_a_whole_game_through_the_buttons_alone():
    d = Driver({"game": "dracula", "players": 1, "seed": 3, "level": 1}, name="grid8")
    t = d.table
    for _ in range(400):
        g = t.game
        if g.over:
            break
        if g.active >= 0:
            do(d, R.END)
        d.settle()
    assert t.game.over and t.play.turns_done == t.game.turn
    served = t.events_since(0)
    assert served and served[-1][1]["e"] == "over"
    assert all("dracula" not in str(ev) or ev["e"] == "over" for _s, ev in served)


def test_the_map_panels_and_health_at_the_start():
    d = Driver(START, name="grid8")
    d.frames(2)
    lay = d.table.layout
    play = d.table.play
    g = d.table.game
    want = {}
    for r in range(g.map.n):
        want[play.draw.room_led[r]] = DD.DR_CRYPT if g.map.is_crypt(r) else DD.DR_ROOM
    want[room_led(d, "c3")] = DD.DRACULA  # D2: everyone knows where he starts
    want[room_led(d, "a1")] = P.SEAT[0]
    want[room_led(d, "e5")] = P.SEAT[1]
    for i in play.draw.health_led:
        want[i] = DD.DRACULA
    assert len(play.draw.health_led) == 3
    for h in range(2):
        for k in range(8):
            want[lay.blood_led(h, k)] = P.BLOOD_HELD if k < 2 else (DD.STAKE if k < 7 else P.OFF)
    for k in range(8):  # empty seats stay dark
        want[lay.blood_led(2, k)] = P.OFF
    del want[room_led(d, "a2")]  # red's cursor (its first move) flickers there
    assert_leds(lay, d.table.frame, want)


def test_the_map_sits_centred_on_the_grid():
    lay = Driver(START, name="grid8").table.layout
    assert fit_map(lay, D.new_game(1, 1).map) == (1, 1)
    assert fit_map(lay, D.new_game(1, 1, size=7).map) == (0, 0)
    assert fit_map(lay, D.new_game(1, 1, size=3).map) == (2, 2)
    with pytest.raises(ValueError, match="a 9x9 map does not fit the 8x8 grid"):
        fit_map(lay, D.new_game(1, 1, size=9).map)


def test_mode_cycles_the_actions_move_the_rooms_ok_does_it():
    d = Driver(START, name="grid8")
    play = d.table.play
    assert play.kind == R.MOVE and d.table.game.map.name(play.targets[0]) == "a2"  # clockwise from the top
    d.tap(0, "move")
    assert d.table.game.map.name(play.targets[play.target]) == "b1"
    seen = []
    for _ in range(5):
        seen.append(play.kind)
        d.tap(0, "mode")
    assert seen == [R.MOVE, R.GARLIC, R.STAKE, R.SUN, R.END] and play.kind == R.MOVE
    do(d, R.MOVE, "b1")
    assert d.table.game.map.name(d.table.game.pos[0]) == "b1" and d.table.game.active == 0
    d.settle()
    d.frames(1)
    assert d.led(d.table.layout.status_led(0, 1)) == P.GARLIC  # MOVE is spent: garlic is chosen next


def test_the_cursor_flickers_on_the_chosen_room_in_the_actions_colour():
    d = Driver(START, name="grid8")
    choose(d, R.GARLIC, "a2")
    led = room_led(d, "a2")
    colours = set()
    for _ in range(30):
        d.frames()
        colours.add(d.led(led))
    assert P.GARLIC in colours and (DD.DR_END[0] >> 1, DD.DR_END[1] >> 1, DD.DR_END[2] >> 1) in colours


def test_a_press_out_of_turn_is_refused_visibly_and_changes_nothing():
    d = Driver(START, name="grid8")
    before = d.table.game.to_json()
    d.tap(1, "ok")
    d.tap(1, "mode")
    lay = d.table.layout
    seen = set()
    for _ in range(10):
        d.frames()
        seen.add(d.led(lay.status_led(1, 1)))
    assert P.ERROR in seen
    assert d.table.game.to_json() == before
    d.frames(60)
    assert d.led(lay.status_led(1, 1)) == P.OFF


def test_look_shows_where_he_may_be_and_the_sunlight_items():
    d = Driver(START, name="grid8")
    do(d, R.END)
    d.settle()
    do(d, R.END)
    d.settle()
    g = d.table.game
    assert g.turn == 2 and len(g.possible_rooms()) > 1
    lay = d.table.layout
    d.hold(1, "look")
    d.frames(1)
    play = d.table.play
    cursor = play.targets[play.target]
    free = [r for r in g.possible_rooms() if r not in g.pos and r != cursor]
    assert all(d.led(d.table.play.draw.room_led[r]) == DD.DR_POSSIBLE for r in free)
    impossible = [r for r in range(g.map.n) if r not in g.possible_rooms() and r not in g.pos and r != cursor]
    assert impossible and all(d.led(d.table.play.draw.room_led[r]) != DD.DR_POSSIBLE for r in impossible)
    assert [d.led(lay.blood_led(1, k)) for k in range(8)][2:7] == [DD.SUNLIGHT] * 5
    d.let_go(1, "look")
    assert [d.led(lay.blood_led(1, k)) for k in range(8)][2:7] == [DD.STAKE] * 5
    assert all(d.led(d.table.play.draw.room_led[r]) != DD.DR_POSSIBLE for r in free)


def test_garlic_shows_an_empty_room_dark_and_his_room_in_his_colour():
    pos = {"hunters": 2, "dracula": "b2", "positions": ["a1", "b3"], "seed": 2}
    d = Driver({"game": "dracula", "position": pos}, name="grid8")
    do(d, R.GARLIC, "a2")  # nothing there: the room goes dark for a moment after the garlic
    d.frames(DUR[2] // 16 + 2)
    assert d.led(room_led(d, "a2")) == P.OFF
    d.settle()
    do(d, R.END)
    d.settle()
    do(d, R.GARLIC, "b2")
    d.settle()
    d.frames(2)
    assert d.table.game.possible_rooms() == [d.table.game.map.room("b2")]
    assert d.led(room_led(d, "b2")) == DD.DRACULA


def test_the_night_is_one_unchanging_picture_while_he_decides():
    d = Driver(dict(START, level=3), name="grid8")
    do(d, R.END)
    d.settle()
    choose(d, R.END)
    b = d.table.button_id(1, "ok")
    d.hal.buttons.press(b)
    d.frames(5)
    d.hal.buttons.release(b)
    play = d.table.play
    frames = []
    decided_at = None
    for _ in range(DUR[NIGHT] // 16 + 8):
        d.frames()
        if play.night and play.timeline is not None and d.hal.clock.ticks_ms() - play.t0 < DUR[NIGHT]:
            frames.append(d.wire())
            if decided_at is None and play.decided:
                decided_at = len(frames) - 1
    # he thought from the hold's second frame on, a budget of work a frame (table/thinking.py), and his move
    # is played at a fixed frame of the hold whatever the time his thinking took (the hold's PLAY_AT-th drawn
    # frame: one frame after he began, held to collect the heap's garbage (app.py), drew nothing) ...
    assert 1 < play.thinking.frames < PLAY_AT and decided_at == PLAY_AT + 1
    assert len(frames) > 30 and len(set(frames)) == 1  # ... and the picture never changed during the hold


def test_the_round_is_numbered_and_logged_by_the_table():
    d = Driver(START, name="grid8")
    do(d, R.GARLIC, "a2")
    d.settle()
    do(d, R.END)
    d.settle()
    do(d, R.END)
    d.settle()
    t = d.table
    assert t.play.turns_done == 1
    served = t.events_since(0)
    kinds = [ev["e"] for _s, ev in served]
    assert kinds[:3] == ["garlic", "done", "done"] and "night" in kinds and "round" in kinds
    assert [s for s, _ev in served] == list(range(1, len(served) + 1))


# --- secrets: non-interference on the LEDs --------------------------------------------------------------

def _session(room_name, script, level=3):
    """A table from a position where only his room is given; `script` is what each active hunter in turn
    does: (kind, room or None); an action not possible now becomes "end"."""
    pos = {"hunters": 2, "dracula": room_name, "seed": 9, "level": level}
    d = Driver({"game": "dracula", "position": pos}, name="grid8")
    frames = []
    events = d.events = []  # every event, in order (the controller's own log is bounded)
    play = d.table.play
    keep = play._events

    def record(evs):
        events.extend(evs)
        keep(evs)

    play._events = record

    def tick(n):
        for _ in range(n):
            d.frames()
            frames.append((d.wire(), len(events)))

    for kind, target in script:
        for _ in range(400):
            if d.table.game.over or (d.table.game.active >= 0 and not d.table.play.animating()):
                break
            tick(1)
        g = d.table.game
        if g.over:
            break
        h = g.active
        play = d.table.play
        if kind not in play.kinds or (target is not None and g.map.room(target) not in
                                      [R.room_of(a) for a in g.legal_actions(h) if R.kind_of(a) == kind]):
            kind, target = R.END, None
        while play.kind != kind:
            d.tap(h, "mode")
        if target is not None:
            while play.targets[play.target] != g.map.room(target):
                d.tap(h, "move")
        d.tap(h, "ok")
        tick(40)
    return d, frames


SCRIPT = [(R.MOVE, "a2"), (R.END, None), (R.MOVE, "e4"), (R.END, None)] + [(R.END, None)] * 6


def test_two_games_that_differ_only_in_his_room_show_the_same_lights_until_he_is_revealed():
    # Nothing on the LEDs depends on his room (D8): same seed, same presses, frame for frame, up to the
    # first event that reveals him in either game.
    reveal = ("garlic", "stake", "bite", "crypt", "over")
    parted = 0
    for rooms in (("c2", "d4"), ("b3", "d3"), ("c4", "b2")):
        a, fa = _session(rooms[0], SCRIPT)
        b, fb = _session(rooms[1], SCRIPT)
        la, lb = a.events, b.events
        i = 0
        while i < len(la) and i < len(lb) and la[i] == lb[i]:
            i += 1
        n = 0
        while n < min(len(fa), len(fb)) and fa[n] == fb[n]:
            n += 1
        if i == len(la) == len(lb):
            assert fa == fb  # never revealed: every frame the same
            continue
        parted += 1
        first = la[i:i + 1] + lb[i:i + 1]
        assert any(e["e"] in reveal for e in first), (la[i:], lb[i:])
        # the lights part only once that event has happened in one of the games
        assert fa[n][1] > i or fb[n][1] > i, "frame %d differs before the reveal" % n
        assert n > 100
    assert parted >= 1


def test_quiet_rounds_give_identical_frames_for_any_hidden_room():
    # With the hunters ending their turns far from him, level 1 never reveals himself in two rounds.
    outs = []
    for r in ("b4", "c2", "d3"):
        d, frames = _session(r, [(R.END, None)] * 4, level=1)
        outs.append(([f[0] for f in frames], d.events))
        assert not any(e["e"] in ("bite", "crypt") for e in d.events)
    assert outs[0] == outs[1] == outs[2]


# --- starting, menus, tables ---------------------------------------------------------------------------

def test_the_grid_table_menu_offers_the_hunt_and_the_ring_table_does_not():
    grid = Driver(None, name="grid8").table.menu
    ring = Driver(None, name="ring4").table.menu
    assert "dracula" in grid.progs
    assert "dracula" not in ring.progs


def test_starting_from_the_menu():
    d = Driver(None, name="grid8")
    names = list(d.table.menu.progs)
    for _ in range(names.index("dracula")):
        d.tap(0, "mode")
    d.tap(0, "move")
    d.tap(0, "mode")  # 2 hunters
    d.tap(0, "ok")
    assert d.table.mode == "game" and d.table.program["name"] == "dracula" and d.table.game.hunters == 2
    assert d.table.game.rules == "playtest" and d.table.game.level == 2


def test_check_players_knows_the_hunt_needs_a_grid():
    with pytest.raises(ProfileError, match=r"segments\[0\] \(ring \"ring\"\): the Dracula hunt needs a grid of at least "
                                           r"5x5 cells for its 5x5 map, not a ring"):
        check_players(profile("ring4"), "dracula", 2)
    assert check_players(profile("grid8"), "dracula", 4) == 5
    with pytest.raises(ProfileError, match="a 8x8 grid cannot hold the 9x9 map of the Dracula hunt"):
        check_players(profile("grid8"), "dracula", 2, 9)
    with pytest.raises(ProfileError, match="players: 5 players"):
        check_players(profile("grid8"), "dracula", 5)


@pytest.mark.parametrize("opts,msg", [
    ({"game": "dracula", "players": 2, "size": 9}, r"a 8x8 grid cannot hold the 9x9 map of the Dracula hunt"),
    ({"game": "dracula", "players": 5}, "hunters must be 1 to 4"),
    ({"game": "dracula", "players": 1, "rules": "house"}, "rules must be playtest or classic"),
    ({"game": "dracula", "position": {"hunters": 1}}, "position has no 'dracula'"),
])
def test_bad_start_options(opts, msg):
    d = Driver(None, name="grid8")
    with pytest.raises(StartError, match=msg):
        d.table.start_game(opts)
    assert d.table.mode == "menu"


def test_a_ring_table_cannot_start_the_hunt():
    d = Driver(None, name="ring4")
    with pytest.raises(StartError, match="needs a grid table|needs a grid"):
        d.table.start_game(START)


def test_a_saved_game_at_draculas_turn_resumes_with_his_turn():
    g = D.new_game(4, 2)
    g.submit(0, "end")
    g.submit(1, "end")
    d = Driver({"game": "dracula", "position": g.to_json()}, name="grid8")
    assert d.table.play.animating()
    d.settle()
    assert d.table.game.turn == 2 and d.table.play.turns_done == 1


def test_classic_rules_show_team_lives_and_garlic_on_the_grid():
    d = Driver({"game": "dracula", "players": 3, "seed": 1, "rules": "classic"}, name="grid8")
    d.frames(1)
    dr = d.table.play.draw
    assert len(dr.lives_led) == 5 and len(dr.garlic_led) == 4
    assert all(d.led(i) == P.BLOOD_HELD for i in dr.lives_led)
    assert all(d.led(i) == P.GARLIC for i in dr.garlic_led)
    do(d, R.GARLIC, "a2")
    d.settle()
    d.frames(1)
    assert [d.led(i) for i in dr.garlic_led] == [P.GARLIC] * 3 + [P.OFF]
    lay = d.table.layout
    assert [d.led(lay.blood_led(0, k)) for k in range(3)] == [DD.STAKE, DD.STAKE, P.OFF]  # no lives on panels


def test_a_bite_is_shown_on_the_victims_room_and_panel():
    pos = {"hunters": 2, "dracula": "c3", "positions": ["c1", "e5"], "active": None, "seed": 1}
    g = D.from_json(pos)
    d = Driver({"game": "dracula", "position": g.to_json()}, name="grid8")
    d.table.game.dracula_turn = _forced(d.table.game, {"path": ["c2", "c1"], "bite": [0]})
    seen_room, seen_life = set(), set()
    lay = d.table.layout
    for _ in range(250):
        d.frames()
        seen_room.add(d.led(room_led(d, "c1")))
        seen_life.add(d.led(lay.blood_led(0, 1)))
    assert DD.DRACULA in seen_room and P.WOUND in seen_room and P.WOUND in seen_life
    assert d.led(lay.blood_led(0, 1)) == DD.STAKE  # one life left: the second LED is its first stake now
    assert d.table.game.lives[0] == 1


def _forced(game, move):
    real = game.dracula_turn

    def turn(m=None):
        return real(move)

    return turn


@pytest.mark.parametrize("last", [R.END, R.STAKE, R.GARLIC])
def test_each_hunters_turn_starts_on_moving_whatever_the_last_hunter_chose(last):
    """Issue 21 item 5: red cycled to "end" and pressed ok; blue's turn must not start on "end"."""
    d = Driver({"game": "dracula", "players": 2, "seed": 3}, name="grid8")
    g = d.table.game
    assert g.active == 0 and d.table.play.kind == R.MOVE
    if last != R.END:
        do(d, last)
        d.settle()
        if g.active != 0:
            return  # the throw ended the game or the turn: nothing left to test with this seed
    do(d, R.END)
    d.settle()
    assert g.active == 1
    assert d.table.play.kind == R.MOVE
    assert d.table.play.describe()[1].startswith("blue to play: move ")
    d.tap(1, "ok")  # one reflexive ok moves blue; it does not end its turn
    assert g.active == 1 and g.moved
    d.settle()
    do(d, R.END)
    d.settle()
    assert g.active == 0 and d.table.play.kind == R.MOVE  # the next round starts on moving too


class _ViewsOnly:
    """A hunt whose fields cannot be read from outside: the controller must work from views and the map."""

    HIDDEN = ("room", "prng", "last_move", "possible", "pos", "stakes", "sun", "lives", "bitten", "sunlight",
              "health", "active", "garlic_left", "team_lives", "seed")

    def __init__(self, game):
        object.__setattr__(self, "_g", game)

    def __getattr__(self, name):
        if name in self.HIDDEN:
            raise AssertionError("the controller read the state's %s" % name)
        return getattr(self._g, name)


def test_the_controller_and_its_scene_read_views_only():
    """Issue 15 item 3: the hunt's controller, scene and renderer get the hunters' view (and the public map),
    never a field of the state; the same presses give the same frames, Dracula's turns included."""
    from nightboard.table.frame import Frame

    d = Driver({"game": "dracula", "players": 2, "seed": 5, "level": 2}, name="grid8")
    t = d.table
    twin = D.from_json(t.play.game.to_json())
    spied = type(t.play)(t.layout, Frame(t.frame.n), _ViewsOnly(twin))
    now = 0
    for k in range(40):
        h = k % 2
        for role in (("mode",) * (k % 3)) + ("move", "look", "ok"):
            now += 40
            for c in (t.play, spied):
                c.press(h, role, now)
                c.render(now)
                c.release(h, "look", now)
            assert bytes(t.frame.rgb) == bytes(spied.frame.rgb)
        for _ in range(250):
            now += 16
            game_frame(t.play, now)
            game_frame(spied, now)
            assert bytes(t.frame.rgb) == bytes(spied.frame.rgb)
        assert spied.describe() == t.play.describe()
    assert spied.turns_done == t.play.turns_done >= 5
