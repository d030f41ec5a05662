"""VampiRing on the simulated table: buttons in, LED frames out (GUIDE section 4, issue: the table)."""

import pytest

from nightboard.games.vampiring import state as V
from nightboard.table import palette as P
from nightboard.games.vampiring import draw as VD
from nightboard.table.app import StartError
from nightboard.table.frame import Frame
from table_driver import Driver
from vr_helpers import BAT, BLUE, MAN, RED, RING4, YELLOW, position

HOME_RED = tuple(c >> VD.HOME_DIM_SHIFT for c in P.SEAT[RED])


def test_whole_two_family_game_through_the_buttons_alone():
    d = Driver({"game": "vampiring", "players": 2, "seed": 12})
    turns = 0
    while not d.table.game.over:
        d.choose(RED, turns % 2, (turns // 2) % 2)
        d.choose(BLUE, (turns // 3) % 2, turns % 2)
        d.tap(RED, "ok")
        assert d.table.game.turn == turns + 1  # nothing resolves until both confirmed (V14)
        d.tap(BLUE, "ok")
        d.settle()
        turns += 1
        assert turns < 200
    g = d.table.game
    assert g.over and g.turn == turns + 1
    # Replaying the choices the buttons made through the engine alone gives the same game.
    twin = V.new_game(12, 2, quiet=30)  # the table starts with the quiet limit GAME offers first (V16)
    for k in range(turns):
        twin.apply_actions([(k % 2) * 2 + (k // 2) % 2, ((k // 3) % 2) * 2 + k % 2])
        if twin.over:
            break
    assert twin.to_json() == g.to_json()
    assert "game over" in " ".join(d.table.describe())


def test_cards_and_vampires_of_a_known_position_led_by_led():
    placed = [(RED, MAN, 1), (BLUE, BAT, 3), (YELLOW, BAT, 3)]
    pos = position(RING4, placed, drops=[5, 8, 8, 8], lost_last=[2, 0, 0, 0])
    d = Driver({"game": "vampiring", "position": pos})
    d.table.tick()  # clock at 0
    lay = d.table.layout
    assert d.led(lay.card_led(1, 16, 0)) == VD.CARD[3]  # card 1 is the Tower
    assert d.led(lay.card_led(1, 16, 1)) == P.SEAT[RED]  # red Man in the Man slot
    assert d.led(lay.card_led(1, 16, 2)) == (0, 0, 0) and d.led(lay.card_led(1, 16, 3)) == (0, 0, 0)
    assert d.led(lay.card_led(8, 16, 0)) == HOME_RED  # a Home in its family colour, dimmed
    # Two Bats on card 3: blue first, yellow half a second later.
    assert d.led(lay.card_led(3, 16, 3)) == P.SEAT[BLUE]
    d.hal.clock.advance(500)
    d.table.tick()
    assert d.led(lay.card_led(3, 16, 3)) == P.SEAT[YELLOW]
    # Parked vampires: every family's Wolf on card 13 shares the Wolf slot.
    assert d.led(lay.card_led(13, 16, 2)) in [P.SEAT[f] for f in range(4)]
    # V15: red holds 5, lost 2 last turn, 1 before.
    blood = [d.led(lay.blood_led(RED, k)) for k in range(8)]
    assert blood == [P.BLOOD_HELD] * 5 + [VD.BLOOD_LOST_LAST] * 2 + [(0, 0, 0)]
    # Every LED of the frame is accounted for: ring LEDs and panel LEDs only.
    assert d.table.frame.n == lay.led_count


def test_card_colours_are_told_apart():
    colours = list(VD.CARD.values()) + list(P.SEAT)
    assert len(set(colours)) == len(colours)


def test_bouncing_contact_does_not_double_toggle():
    d = Driver({"game": "vampiring", "players": 2, "seed": 1})
    b = d.table.button_id(RED, "mode")
    for level in (1, 0, 1, 0, 1, 1, 0, 1):  # chatter every 2 ms, then held
        d.hal.buttons.set(b, level)
        d.hal.clock.advance(2)
        d.table.tick()
    d.frames(4)
    d.hal.buttons.release(b)
    for level in (1, 0, 1, 0, 0):
        d.hal.buttons.set(b, level)
        d.hal.clock.advance(2)
        d.table.tick()
    d.frames(4)
    assert d.table.play.meta[RED] == 1  # toggled exactly once


def test_look_shows_own_choice_and_preview_only_while_held():
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    lay = d.table.layout
    d.choose(RED, 1, 1)  # B ccw
    d.frames(12)  # past the toggle's short flash
    assert d.led(lay.status_led(RED, 1)) == (0, 0, 0)
    d.hold(RED, "look")
    assert d.led(lay.status_led(RED, 1)) == VD.META_COLOUR[1]
    assert d.led(lay.status_led(RED, 2)) == VD.DIR_COLOUR[1]
    landing = d.table.game.preview(RED, "B ccw")
    # Within a blink period the landing cards' LED 0 shows the preview colour.
    seen = set()
    for _ in range(30):
        d.frames()
        seen.update(d.led(lay.card_led(c, 12, 0)) for c in landing)
    assert VD.PREVIEW in seen
    d.let_go(RED, "look")
    assert d.led(lay.status_led(RED, 1)) == (0, 0, 0)


def _frames_of(start, script):
    d = Driver(start)
    out = []
    for player, role in script:
        d.tap(player, role)
        out.append(d.wire())
        d.frames(7)
        out.append(d.wire())
    return out


def test_non_interference_unconfirmed_choice():
    """Two tables that differ only in a family's unconfirmed choice show identical frames (V14, GUIDE 5)."""
    start = {"game": "vampiring", "players": 3, "seed": 8}
    a = _frames_of(start, [(RED, "mode"), (BLUE, "ok"), (YELLOW, "move"), (RED, "move")])
    b = _frames_of(start, [(RED, "move"), (BLUE, "ok"), (YELLOW, "mode"), (RED, "mode")])
    assert a == b


def test_non_interference_confirmed_choice():
    """Confirmed but not yet revealed choices do not show either."""
    start = {"game": "vampiring", "players": 3, "seed": 8}
    a = _frames_of(start, [(RED, "mode"), (RED, "ok"), (BLUE, "ok")])
    b = _frames_of(start, [(RED, "move"), (RED, "ok"), (BLUE, "ok")])
    assert a == b
    # ...and the secret really differs.
    d1, d2 = Driver(start), Driver(start)
    d1.tap(RED, "mode")
    d1.tap(RED, "ok")
    d2.tap(RED, "move")
    d2.tap(RED, "ok")
    assert d1.table.game.pending[RED] != d2.table.game.pending[RED]


def test_awaiting_family_blinks_and_confirmed_is_steady():
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    lay = d.table.layout
    seen = set()
    for _ in range(60):
        d.frames()
        seen.add(d.led(lay.status_led(BLUE, 0)))
    assert seen == {P.SEAT[BLUE], (0, 0, 0)}
    d.tap(BLUE, "ok")
    seen = set()
    for _ in range(60):
        d.frames()
        seen.add(d.led(lay.status_led(BLUE, 0)))
    assert seen == {P.SEAT[BLUE]}


def test_confirmed_family_cannot_change_its_choice():
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    d.tap(RED, "ok")
    d.tap(RED, "mode")
    assert d.table.play.meta[RED] == 0 and d.table.game.pending[RED] == 0


def test_animation_steps_the_vampires_round_the_ring():
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    g = d.table.game
    start = g.pos[:]
    d.tap(RED, "ok")
    d.tap(BLUE, "ok")
    assert d.table.play.animating()
    seen_positions = set()
    for _ in range(400):
        if not d.table.play.animating():
            break
        d.frames()
        seen_positions.add(tuple(d.table.play.scene.pos))
    # The scene passed through intermediate positions before matching the engine.
    assert len(seen_positions) > 3
    assert d.table.play.scene.pos == g.pos and g.pos != start


def test_menu_starts_a_game_and_long_ok_returns_to_it():
    d = Driver(None)
    assert d.table.mode == "menu"
    d.tap(2, "move")          # field: players
    d.tap(2, "mode")          # 3 players
    d.tap(0, "move")          # field: variant
    d.tap(0, "mode")          # mansion
    d.tap(1, "ok")
    assert d.table.mode == "game"
    g = d.table.game
    assert g.families == 3 and g.variant == "mansion" and g.preview_on
    # A long press of ok asks; another key carries on; a long press and ok leaves.
    b = d.table.button_id(0, "ok")
    d.hal.buttons.press(b)
    d.frames(60)
    assert d.table.mode == "confirm_quit"
    d.hal.buttons.release(b)
    d.frames(3)
    assert d.table.game.pending[0] < 0  # the long press did not confirm a turn
    d.tap(0, "mode")
    assert d.table.mode == "game"
    d.hal.buttons.press(b)
    d.frames(60)
    d.hal.buttons.release(b)
    d.frames(3)
    d.tap(0, "ok")
    assert d.table.mode == "menu" and d.table.game is None


def test_menu_players_wrap_at_what_the_table_seats():
    d = Driver(None)
    d.tap(0, "move")
    for _ in range(3):
        d.tap(0, "mode")
    assert d.table.menu.players == 2  # 2, 3, 4, then back to 2 on a 4-panel table


@pytest.mark.parametrize("opts,msg", [
    ({"game": "chess"}, "unknown game"),
    ({"game": "vampiring", "players": 5}, "players: 5 players but table"),
    ({"game": "vampiring", "players": 2, "variant": "villa"}, "variant must be castle or mansion"),
    ({"game": "vampiring", "position": {"families": 2}}, "no 'ring'"),
])
def test_bad_start_options(opts, msg):
    d = Driver(None)
    with pytest.raises(StartError, match=msg):
        d.table.start_game(opts)
    assert d.table.mode == "menu"


def test_grid_table_shows_vampiring_on_its_outer_ring():
    d = Driver({"game": "vampiring", "players": 4, "seed": 2}, name="grid8")
    lay = d.table.layout
    g = d.table.game
    home = g.home_index(RED)
    colours = set()
    for _ in range(200):
        d.frames()
        colours.add(d.led(lay.card_led(home, 16, 0)))
    # Red's Home cell takes turns between the card colour and its three vampires (red).
    assert HOME_RED in colours and P.SEAT[RED] in colours


@pytest.mark.parametrize("name", ["ring4", "grid8"])
def test_the_ring_drawn_from_its_last_copy_is_the_ring_drawn_afresh(name):
    # The renderer copies its last ring drawing while the scene and the time phases it shows are
    # unchanged; at every frame of whole games that copy must equal a drawing made from scratch,
    # through shared slots, haunted cards, deaths and every animation step.
    from nightboard.table.frame import Frame
    from nightboard.games.vampiring.draw import Renderer

    seen = {"shared": 0, "haunted": 0}
    for seed in (3, 8, 21):
        d = Driver({"game": "vampiring", "players": 4, "seed": seed}, name=name)
        t = d.table
        scratch = Frame(t.frame.n)
        for k in range(60):
            if t.game.over:
                break
            for f in t.game.living():
                t.play.meta[f] = (k + f + seed) % 2
                t.play.dir[f] = 1 if (k * 7 + f + seed) % 3 else 0
                t.play.confirm(f, d.hal.clock.ticks_ms())
            for _ in range(400):
                d.frames()
                if t.held:  # a frame that collected garbage drew nothing (app.py)
                    continue
                dr = t.play.draw
                now = d.hal.clock.ticks_ms()
                fresh = Renderer(t.layout, scratch, t.play.scene)
                fresh.draw_ring(now)
                assert dr._img == scratch.rgb, "seed %d turn %d: the copied ring differs from a fresh one" % (seed, k)
                seen["shared"] += dr._count_slots()
                seen["haunted"] += any(t.play.scene.haunted)
                if not t.play.animating():
                    break
    assert seen["shared"] and seen["haunted"], seen  # the cases that make the copy time-dependent occurred


def test_an_unchanged_frame_is_not_sent_again_until_the_refresh():
    # GUIDE section 6 (the CPU free during output): a frame equal to the one the LEDs show is not
    # encoded or sent; it is sent again every REFRESH_FRAMES frames, and at once when anything changes.
    from nightboard.table.app import REFRESH_FRAMES

    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    t, px = d.table, d.hal.pixels
    d.frames(3)
    shown, since, changes, refreshes = bytes(t.frame.rgb), 0, 0, 0
    for k in range(400):
        if k == 150:
            d.hal.buttons.press(t.button_id(0, "look"))
        sent = px.frames_written
        if 250 <= k < 330:
            t.tick()  # time stands still: the same picture, so only the refresh is sent
        else:
            d.frames(1)
        since += 1
        now = bytes(t.frame.rgb)
        if now != shown:
            assert px.frames_written == sent + 1, "frame %d changed but was not sent" % k
            changes += 1
        elif since >= REFRESH_FRAMES:
            assert px.frames_written == sent + 1, "frame %d: no refresh after %d frames" % (k, since)
            refreshes += 1
        else:
            assert px.frames_written == sent, "frame %d: an unchanged frame was sent again" % k
        if px.frames_written != sent:
            shown, since = now, 0
    assert changes >= 5 and refreshes >= 1, (changes, refreshes)  # blinking, the look, and quiet spells
    sent = px.frames_written
    before = bytes(px.last)
    t.encoder.set_brightness(t.encoder.brightness // 2)
    d.frames(1)
    assert px.frames_written == sent + 1 and bytes(px.last) != before  # a new brightness is sent at once


class _NoSecrets:
    """A game whose hidden fields cannot be read from outside: the controller must work from views."""

    def __init__(self, game, hidden):
        object.__setattr__(self, "_g", game)
        object.__setattr__(self, "_hidden", hidden)

    def __getattr__(self, name):
        if name in self._hidden:
            raise AssertionError("the controller read the state's %s" % name)
        return getattr(self._g, name)


def test_the_controller_reads_no_choice_from_the_state():
    """Issue 15 item 3: VampiRing's controller shows and checks choices from what each family entered and
    from views, never from the engine's pending choices; the same presses give the same frames."""
    d = Driver({"game": "vampiring", "players": 3, "seed": 4})
    t = d.table
    twin = V.from_json(t.play.game.to_json())
    spied = type(t.play)(t.layout, Frame(t.frame.n), _NoSecrets(twin, {"pending", "seed", "score_locked"}))
    assert not isinstance(t.play.game, _NoSecrets)
    now = 0
    for turn in range(6):
        for f in range(3):
            for role in ("mode", "look", "move", "ok")[: 2 + (turn + f) % 3] + ("ok",):
                now += 50
                t.play.press(f, role, now)
                spied.press(f, role, now)
                for c in (t.play, spied):
                    c.render(now)
                    c.release(f, "look", now)
                assert bytes(t.frame.rgb) == bytes(spied.frame.rgb)
        for _ in range(200):
            now += 16
            t.play.render(now)
            spied.render(now)
            assert bytes(t.frame.rgb) == bytes(spied.frame.rgb)
        assert spied.describe() == t.play.describe()
    assert spied.turns_done == t.play.turns_done >= 3
