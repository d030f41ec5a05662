"""Issues 16 and 18: animations that show what happened. A bite, a declaration or an escape flashes the arc
of the seat it happened to in the card game; a room turned face up flashes its cell and a bite the bitten
seat's blood lights in Vampire Nights. The frames change over the animation, and it ends in the idle frame:
the one a table started afresh from the same position shows at the same moment."""

import pytest

from nightboard.prng import Prng
from nightboard.table import palette as P
from table_driver import Driver


def _leds(d):
    return [d.led(i) for i in range(d.table.layout.led_count)]


def _choose(d, seat, want, chosen):
    """The seat's buttons bring the choice to `want` (mode for the kind, move within it)."""
    for _ in range(12):
        if chosen() is not None and chosen() // 1024 == want // 1024:
            break
        d.tap(seat, "mode")
    for _ in range(80):
        if chosen() == want:
            break
        d.tap(seat, "move")
    assert chosen() == want


def _fresh_at(name, position, profile, ms):
    """A table started from `position`, its clock at `ms`, one frame drawn."""
    f = Driver({"game": name, "position": position}, name=profile)
    f.hal.clock.advance(ms - f.hal.clock.ticks_ms() - f.table.frame_ms)
    f.frames(1)
    return f


def _watch(d, leds, colour):
    """Frames until the animation is over: the colours the given LEDs took meanwhile."""
    seen = set()
    for _ in range(200):
        if not d.table.play.animating():
            return seen
        d.frames(1)
        seen |= set(d.led(i) for i in leds)
    raise AssertionError("the animation did not end")


@pytest.mark.parametrize("profile", ["ring4", "grid8hands"])
def test_card_game_a_bite_flashes_the_bitten_seats_arc_and_ends_in_the_idle_frame(profile):
    d = Driver({"game": "vampire_cards", "players": 3, "seed": 2}, name=profile)
    play = d.table.play
    g = play.game
    for _ in range(3000):
        assert not g.over, "no bite in this game"
        s = g.to_move()[0]
        want = g.board_move(s)
        events = g.copy().apply(s, want)
        if [e for e in events if e.get("e") == "bite"]:
            break
        g.apply(s, want)
        play.dirty = True
    target = [e for e in events if e.get("e") == "bite"][0]["on"]
    _choose(d, s, want, play.chosen_action)
    d.hal.buttons.press(d.table.button_id(s, "ok"))
    d.frames(5)
    d.hal.buttons.release(d.table.button_id(s, "ok"))
    d.frames(1)
    assert play.animating() and play.anim_seat == target
    lay = d.table.layout
    sector = lay.ring_len // lay.max_players
    arc = [lay.ring_led(lay.ring_len // 2 + target * sector + k) for k in range(4)]
    seen = _watch(d, arc, P.WOUND)
    assert P.WOUND in seen and (0, 0, 0) in seen  # it blinked
    d.frames(15)  # past the white flash of the last press
    end = _leds(d)
    fresh = _fresh_at("vampire_cards", g.to_json(), profile, d.hal.clock.ticks_ms())
    assert end == _leds(fresh)


def test_nights_a_revealed_room_flashes_its_cell_and_ends_in_the_idle_frame():
    d = Driver({"game": "vampire_nights", "players": 3, "seed": 4}, name="grid8")
    play = d.table.play
    g = play.game
    rng = Prng(5)
    for _ in range(3000):
        assert not g.over, "no room revealed by a move"
        s = g.to_move()[0]
        if s == 0 and play.chosen() is not None:
            legal = [a for a in play.acts]
            hit = [a for a in legal if [e for e in g.copy().apply(s, a) if "reveal" in e]]
            if hit:
                break
        legal = g.legal(s)
        g.apply(s, legal[rng.below(len(legal))])
        play._refresh()
    want = hit[0]
    cell = [e for e in g.copy().apply(s, want) if "reveal" in e][0]["reveal"]
    for _ in range(80):
        if play.chosen() == want:
            break
        d.tap(s, "move")
    assert play.chosen() == want
    d.hal.buttons.press(d.table.button_id(s, "ok"))
    d.frames(5)
    d.hal.buttons.release(d.table.button_id(s, "ok"))
    d.frames(1)
    assert play.animating() and play.anim_cell == cell
    led = d.table.layout.cell_led(play.x0 + (cell >> 3), play.y0 + (cell & 7))
    seen = _watch(d, [led], (255, 255, 255))
    assert (255, 255, 255) in seen and (0, 0, 0) in seen
    end = _leds(d)
    fresh = _fresh_at("vampire_nights", g.to_json(), "grid8", d.hal.clock.ticks_ms())
    assert end == _leds(fresh)
