"""Issue 17: VampEmpire's ritual hands on the private hand panels (grid8hands). A seat's rituals show on its own
hand panel only while it holds look, a row per ritual (its type's colour, as many lights as its place among
its type in the deck's table); the ritual of the choice blinks and the last row says the choice; frames
say nothing of a hand to anyone else (that a frame allocates nothing with hand panels lit: in
test_vampempire_table.py, on the table)."""

import pytest

from mpy_harness import ROOT
from nightboard.games import vampempire as M
from nightboard.games.vampempire import pieces as R
from nightboard.games.vampempire.actions import BODIES, GIVE, RITUAL, WANT, split
from nightboard.table import palette as P
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import load_profile_file
from nightboard.table.tablefit import check_players
from nightboard.games.vampempire.play import BODY, KIND_COLOUR, NTH, RITUAL_COLOUR, VampEmpirePlay
from table_driver import twin_frames_agree

PROFILE = str(ROOT / "hardware" / "profiles" / "grid8hands.json")
OFF = (0, 0, 0)


def table(g):
    lay = Layout(load_profile_file(PROFILE))
    return VampEmpirePlay(lay, Frame(lay.led_count), g)


def panel(c, seat):
    """The seat's hand panel as rows of colours."""
    lay = c.layout
    w, h = lay.hand_w, lay.hand_h
    return [[c.frame.get(lay.hand_led(seat, x, y)) for x in range(w)] for y in range(h)]


def hand_leds(c, seat):
    lay = c.layout
    return set(lay.hand_led(seat, x, y) for x in range(lay.hand_w) for y in range(lay.hand_h))


def leds(c):
    return [c.frame.get(i) for i in range(c.layout.led_count)]


def night_with(kind_wanted, seed=3, players=3):
    """A game, played by the board, at the first moment the seat to act may choose an action of that kind."""
    g = M.new_game(seed, players)
    for _ in range(3000):
        if g.result() is not None:
            break
        s = g.to_move()[0]
        if any(split(a)[0] == kind_wanted for a in g.legal(s)) and len(g.hands[s]) >= 2:
            return g
        g.apply(s, g.board_move(s))
    return None


def test_vampempire_plays_on_the_table_with_hand_panels():
    check_players(load_profile_file(PROFILE), "vampempire", 4, {"size": 8})


def test_rituals_show_on_their_own_hand_panel_only_while_look_is_held():
    g = night_with(RITUAL)
    assert g is not None
    c = table(g)
    seat = [s for s in range(g.n) if s != g.to_move()[0] and g.hands[s]][0]  # not choosing: nothing blinks
    c.render(100)
    before = leds(c)
    assert all(x == OFF for row in panel(c, seat) for x in row)
    c.press(seat, "look", 100)
    c.render(100)
    during = leds(c)
    changed = set(i for i in range(len(before)) if before[i] != during[i])
    assert changed and changed <= hand_leds(c, seat)
    rows = panel(c, seat)
    hand = g.hands[seat]
    for i in range(min(len(hand), 6)):
        k = hand[i]
        want = [RITUAL_COLOUR[R.KINDS[k][1]]] * NTH[k] + [OFF] * (10 - NTH[k])
        assert rows[i][:9] == want[:9]
    assert rows[6] == [OFF] * 10  # no choice of its own to show
    c.release(seat, "look", 120)
    c.render(120)
    assert all(x == OFF for row in panel(c, seat) for x in row)


def test_the_nth_of_each_ritual_tells_every_ritual_apart():
    seen = set((R.KINDS[k][1], NTH[k]) for k in range(len(R.KINDS)))
    assert len(seen) == len(R.KINDS)
    assert max(NTH) <= 6  # it fits a hand panel's row before the choice row's item starts


def _to(c, seat, kind):
    """The seat's buttons bring its choice to the first action of that kind."""
    for _ in range(30):
        if c.kind == kind:
            return
        c.press(seat, "mode", 0)
    raise AssertionError("no %d among the choices" % kind)


def test_the_chosen_ritual_blinks_and_the_last_row_says_the_choice():
    g = night_with(RITUAL)
    c = table(g)
    s = g.to_move()[0]
    _to(c, s, RITUAL)
    c.press(s, "look", 0)
    a = c.chosen()
    kind, x, y, z = split(a)
    at = g.hands[s].index(x)
    assert at < 6
    lit, dark = 0, 250  # (now // 250) & 1: 0 shows it, 1 blinks it off
    c.render(lit)
    on = panel(c, s)
    c.render(dark)
    off = panel(c, s)
    assert on[at][:NTH[x]] == [RITUAL_COLOUR[R.KINDS[x][1]]] * NTH[x]
    assert off[at] == [OFF] * 10
    assert [on[i] for i in range(7) if i != at] == [off[i] for i in range(7) if i != at]  # nothing else blinks
    last = on[6]
    assert last[0] == KIND_COLOUR[RITUAL]
    assert last[3:3 + NTH[x]] == [RITUAL_COLOUR[R.KINDS[x][1]]] * NTH[x]
    if 1 <= y < 10:
        assert last[1] == P.SEAT[y - 1]


def test_an_offer_shows_what_is_given_and_asked_on_the_last_row():
    for kind in (GIVE, WANT):
        g = night_with(kind, seed=5, players=4)
        if g is None:
            continue
        c = table(g)
        s = g.to_move()[0]
        _to(c, s, kind)
        c.press(s, "look", 0)
        for _ in range(len(c.actions)):
            x = split(c.chosen())[1]
            c.render(0)
            last = panel(c, s)[6]
            if x >= BODIES:
                want = [BODY] * (x - BODIES)
            else:
                want = [RITUAL_COLOUR[R.KINDS[x][1]]] * NTH[x]
            assert last[3:3 + len(want)] == want and last[3 + len(want):] == [OFF] * (7 - len(want))
            c.press(s, "move", 0)
        return
    pytest.skip("no offer reached in this seeded game")


def test_hand_panels_say_nothing_of_a_hand_to_those_who_may_not_see_it():
    assert twin_frames_agree(M, table, 4, 80, 5) > 50


def _answering(want):
    """Red (the Tyrant) offers blue (the Baroness) a Sunrise for `want`; blue holds a Thralls and a Bat Form."""
    from empire_helpers import KIND, TYR, BAR, game, hand, offer

    g = game((TYR, BAR))
    g.hands = [[], []]
    g.deck = R.deck()
    hand(g, 0, "sunrise")
    hand(g, 1, "thralls", "bat")
    offer(g, 0, 1, KIND["sunrise"], KIND[want] if want in KIND else BODIES + int(want))
    assert g.to_move() == [1]
    return g, KIND


@pytest.mark.parametrize("want", ["thralls", "2"])
def test_answering_an_offer_shows_who_offers_what_and_what_is_asked(want):
    g, KIND = _answering(want)
    c = table(g)
    c.press(1, "look", 0)
    c.render(0)
    on = panel(c, 1)
    c.render(250)
    off = panel(c, 1)
    last = on[6]
    assert last[0] in (KIND_COLOUR[4], KIND_COLOUR[5])  # accept (green) or refuse (red): its choice
    assert last[1] == P.SEAT[0]  # red offers
    sunrise = KIND["sunrise"]
    assert last[3:3 + NTH[sunrise]] == [RITUAL_COLOUR[R.KINDS[sunrise][1]]] * NTH[sunrise]  # what comes in
    hand = g.hands[1]
    if want == "thralls":  # what goes out blinks: the Thralls row, nothing else
        at = hand.index(KIND["thralls"])
        assert on[at][0] != OFF and off[at] == [OFF] * 10
        assert [on[i] for i in range(6) if i != at] == [off[i] for i in range(6) if i != at]
    else:  # two bodies asked: a blinking row of two amber lights after the rituals
        assert on[len(hand)] == [BODY] * 2 + [OFF] * 8 and off[len(hand)] == [OFF] * 10
        assert on[:len(hand)] == off[:len(hand)]


@pytest.mark.parametrize("want", ["thralls", "2"])
def test_an_offer_waiting_shows_on_both_seats_panels_for_everyone(want):
    """T3: an offer is public: while it waits, the offering seat's blood LEDs show what it gives, the asked
    seat's what it asks (until the asked seat holds look: then its own rituals, the one asked blinking)."""
    from nightboard.table.layout import Layout as L

    g, KIND = _answering(want)
    lay = L(load_profile_file(str(ROOT / "hardware" / "profiles" / "hex8.json")))
    c = VampEmpirePlay(lay, Frame(lay.led_count), g)
    for t in (0, 1000):  # both halves of the soul / bodies cycle
        c.render(t)
        gives = [c.frame.get(lay.blood_led(0, k)) for k in range(8)]
        asks = [c.frame.get(lay.blood_led(1, k)) for k in range(8)]
        sunrise = KIND["sunrise"]
        assert gives == [RITUAL_COLOUR[R.KINDS[sunrise][1]]] * NTH[sunrise] + [OFF] * (8 - NTH[sunrise])
        if want == "thralls":
            k = KIND["thralls"]
            assert asks == [RITUAL_COLOUR[R.KINDS[k][1]]] * NTH[k] + [OFF] * (8 - NTH[k])
        else:
            assert asks == [BODY] * 2 + [OFF] * 6
    c.press(1, "look", 1000)
    c.render(1000)
    first = g.hands[1][0]  # now its own rituals, as the small panel shows a hand
    full = RITUAL_COLOUR[R.KINDS[first][1]]
    assert c.frame.get(lay.blood_led(1, 0)) == tuple(x * (1 + NTH[first]) // (1 + max(NTH)) for x in full)
    g.apply(1, g.legal(1)[-1])  # answered: the panels are back to soul and bodies
    c.sync()
    c.release(1, "look", 1000)
    c.render(0)
    assert [c.frame.get(lay.blood_led(0, k)) for k in range(8)] != gives



def test_choosing_a_vampire_shows_it_on_the_last_row_and_on_the_small_panel():
    """T1 (public): while a seat chooses, row 7 of its hand panel says the choice (white: choose) and from the
    fourth light the vampire on offer, 1 to 4 white lights; its small panel's blood LEDs show it too, look or
    not, and the vampire a seat has taken shows in that seat's colour."""
    g = M.new_game(2, 2)
    c = table(g)
    lay = c.layout

    def shows(seat, n):
        c.render(0)
        last = panel(c, seat)[6]
        assert last[0] == P.TABLE and last[1:3] == [OFF, OFF]
        assert last[3:] == [P.TABLE] * n + [OFF] * (7 - n)
        assert [c.frame.get(lay.blood_led(seat, k)) for k in range(8)] == [P.TABLE] * n + [OFF] * (8 - n)

    c.press(0, "look", 0)
    shows(0, 1)  # the Baroness
    c.press(0, "move", 0)
    shows(0, 2)  # the Tyrant
    c.press(0, "move", 0)
    shows(0, 3)  # the Feathered One
    c.press(0, "ok", 0)
    assert g.vamp[0] == 2
    c.press(1, "look", 0)
    c.press(1, "move", 0)
    shows(1, 2)
    c.press(1, "move", 0)
    shows(1, 4)  # the Beast: the Feathered One is taken
    assert [c.frame.get(lay.blood_led(0, k)) for k in range(8)] == [P.SEAT[0]] * 3 + [OFF] * 5
