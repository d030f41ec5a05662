"""Issue 18: the card game shows the board dealing. At the start, at each draw back to six, a bitten player's
three and the Vampire's redraw, each card runs along its seat's arc to the seat's own light, in the seat's
colour, one after another, so the whole deal is seen; only who gets how many shows, never which card; the
board's seats wait for it; the frames end in the idle frame; a deal frame allocates nothing."""

import pytest

from mpy_harness import run_mpy
from nightboard.games.vampire_cards import from_json, new_game
from nightboard.games.vampire_cards import moves as M
from nightboard.table import palette as P
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.games.vampire_cards import play as VP
from table_driver import Driver, profile

FRAME_MS = 16


def _controller(game, name="ring4"):
    lay = Layout(profile(name))
    return VP.VampireCardsPlay(lay, Frame(lay.led_count), game)


def _still(c):
    """The same controller's picture with nothing on its way (what the table shows once the deal is over)."""
    ref = VP.VampireCardsPlay(c.layout, Frame(c.layout.led_count), from_json(c.game.to_json()))
    ref.deal_len = 0
    return ref


def _leds(c):
    return [c.frame.get(i) for i in range(c.layout.led_count)]


def _watch(c, t0, t1):
    """Render c and a still copy every frame from t0 to t1; per frame the LEDs where they differ."""
    ref = _still(c)
    out = []
    for t in range(t0, t1, FRAME_MS):
        c.render(t)
        ref.render(t)
        a, b = _leds(c), _leds(ref)
        out.append([(i, a[i]) for i in range(len(a)) if a[i] != b[i]])
    return out


def _arrivals(c, diffs):
    """The seats of the cards seen running, in order: a new card each time the light jumps back (or to
    another seat's arc)."""
    lay = c.layout
    sector = lay.ring_len // lay.max_players
    where = {}
    for s in range(c.game.n):
        for k in range(sector):
            where[lay.ring_led(lay.ring_len // 2 + s * sector + k)] = (s, k)
    seen = []
    last = None
    for d in diffs:
        if not d:
            continue
        assert len(d) == 1, "one card on its way at a time: %r" % d
        led, colour = d[0]
        s, k = where[led]  # on a seat's own arc
        assert colour == P.SEAT[s]  # in that seat's colour: a card face down, for it
        if last is None or last[0] != s or k > last[1]:
            seen.append(s)
        last = (s, k)
    return seen


@pytest.mark.parametrize("players,name", [(3, "ring4"), (4, "grid8"), (6, "ring6")])
def test_the_start_deal_is_shown_six_cards_a_seat_one_seat_after_another(players, name):
    c = _controller(new_game(3, players), name)
    assert c.animating()
    diffs = _watch(c, 0, (6 * players + 4) * VP.DEAL_MS)
    assert _arrivals(c, diffs) == list(range(players)) * 6
    assert not c.animating()
    assert not any(diffs[-3:])  # it ends in the idle frame


def test_a_resumed_game_is_not_dealt_again():
    g = new_game(3, 3)
    g.apply(0, M.act(M.DISCARD, 0, 0b11))
    c = _controller(from_json(g.to_json()))
    assert not c.animating()
    assert not any(_watch(c, 0, 2000))


def _hidden_swapped(g):
    """The same public table with other cards in the hands and the pile (sizes kept): what no light may tell."""
    d = g.to_json()
    pool = sorted(c for h in d["hands"] for c in h) + sorted(d["pile"])
    pool = pool[len(pool) // 2:] + pool[:len(pool) // 2]
    k = 0
    for h in d["hands"]:
        h[:] = sorted(pool[k:k + len(h)])
        k += len(h)
    d["pile"] = sorted(pool[k:])
    return from_json(d)


def test_the_deal_shows_who_gets_how_many_never_which_card():
    g = new_game(11, 4)
    other = _hidden_swapped(g)
    assert other.hands != g.hands
    a, b = _controller(g), _controller(other)
    for t in range(0, 30 * VP.DEAL_MS, FRAME_MS):
        a.render(t)
        b.render(t)
        assert _leds(a) == _leds(b)


def _discard(g, seat, k):
    return [a for a in g.legal(seat) if a // 1024 == M.DISCARD and bin(a % 64).count("1") == k][0]


def test_a_draw_back_to_six_is_dealt_to_that_seat():
    c = _controller(new_game(5, 3))
    c.render(0)
    c.deal_len = 0  # the start deal left out
    c._do(0, _discard(c.game, 0, 3), 0)
    assert c.animating()
    assert _arrivals(c, _watch(c, 0, 5 * VP.DEAL_MS)) == [0, 0, 0]
    assert not c.animating()


def _play_until(c, want, limit=3000):
    """Board moves on the controller until `want(events)` holds for the events of one action."""
    g = c.game
    t = 0
    for _ in range(limit):
        if g.over:
            break
        s = g.to_move()[0]
        before = g.to_json()
        c.deal_len = 0
        events = g.copy().apply(s, g.board_move(s))
        if want(g, events):
            return before, s, g.board_move(s)
        c._do(s, g.board_move(s), t)
    return None


@pytest.mark.parametrize("seed", [1, 3, 4])  # 4-player board games that reach a Vampire and a bitten seat
def test_the_vampires_redraw_and_a_bitten_players_three_are_dealt(seed):
    def redraw(g, events):
        return any(e.get("e") == "draw" and e["seat"] == g.vampire and e["n"] == 6 for e in events)

    def bitten(g, events):
        return any(e.get("e") == "draw" and g.vampire >= 0 and e["seat"] != g.vampire and e["n"] == 3
                   and g.bites[e["seat"]] >= 0 for e in events)

    for want in (redraw, bitten):
        c = _controller(new_game(seed, 4))
        found = _play_until(c, want)
        assert found, "seed %d never reached it" % seed
        before, s, a = found
        events = from_json(before).apply(s, a)
        c = _controller(from_json(before))
        c.deal_len = 0
        c._do(s, a, 0)
        drawn = [e["seat"] for e in events if e.get("e") == "draw" for _ in range(e["n"])]
        assert _arrivals(c, _watch(c, 0, (len(drawn) + 3) * VP.DEAL_MS)) == drawn
        assert (want is redraw and drawn.count(c.game.vampire) == 6) or (want is bitten and len(drawn) >= 3)


def test_the_boards_seats_wait_for_the_whole_start_deal():
    d = Driver({"game": "vampire_cards", "players": 3, "seed": 4, "board": 3}, name="ring4")
    play = d.table.play
    deal_ms = 18 * VP.DEAL_MS
    d.frames((deal_ms + VP.BOARD_MS) // d.table.frame_ms - 4)
    assert play.turns_done == 0  # dealing, then the board's usual wait: nothing yet
    d.frames(12)
    assert play.turns_done == 1


@pytest.mark.micropython
def test_deal_frames_allocate_nothing_on_micropython():
    code = (
        "import gc\n"
        "from nightboard.table.profile import load_profile_file\n"
        "from nightboard.table.layout import Layout\n"
        "from nightboard.table.frame import Frame\n"
        "from nightboard.games.vampire_cards.play import VampireCardsPlay, DEAL_MS\n"
        "from nightboard.games.vampire_cards import new_game\n"
        "lay = Layout(load_profile_file('hardware/profiles/ring6.json'))\n"
        "c = VampireCardsPlay(lay, Frame(lay.led_count), new_game(2, 6))\n"
        "c.render(0)\n"
        "t = b = b2 = 0\n"  # globals made before the count: a new one may grow the module's dict
        "gc.collect()\n"
        "gc.disable()\n"
        "b = gc.mem_alloc()\n"
        "for t in range(0, 36 * DEAL_MS, 16):\n"
        "    c.render(t)\n"
        "b2 = gc.mem_alloc()\n"
        "left = c.deal_len\n"
        "for t in range(36 * DEAL_MS, 36 * DEAL_MS + 400, 16):\n"
        "    c.render(t)\n"
        "print(b2 - b, gc.mem_alloc() - b2, left, c.deal_len)\n")
    during, after, left, end = run_mpy(code, compiled=True).split()
    assert (int(during), int(after), end) == (0, 0, "0")
    assert int(left) <= 1
