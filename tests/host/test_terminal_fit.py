"""`nightboard play` at the sizes the README names (80x24 and 120x40), every game on every shipped profile it
plays: the title whole, the table's words and a looking seat's own words (what it holds, what ok would do) on
screen, nothing of them lost in a larger terminal; the picture inside its area with a margin, labels clear of
other LEDs; look, a toggle in the terminal, ends when the turn passes on."""

import pytest

from nightboard.games import index
from nightboard.hal.sim import SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard_host.commands.play import OptionError, check_table, shipped_profiles
from nightboard_host.terminal import view as terminal
from table_driver import profile
from screen_helpers import screen_cells

SIZES = ((80, 24), (120, 40))
TITLE = "Nightboard - %s"


def _players(game):
    lo, hi = index.facts(game)["players"]
    return [n for n in sorted({max(2, lo), min(hi, 4)}) if lo <= n <= hi]


def cases():
    out = []
    for game in index.names():
        for name in shipped_profiles():
            for n in _players(game):
                try:
                    check_table(profile(name), n, game, None)
                except (OptionError, ValueError):
                    continue
                out.append((game, name, n))
    return out


def table_of(game, name, players):
    clock = SimClock()
    start = {"game": game, "players": players, "seed": 7}
    t = Table(profile(name), make_sim_hal(profile(name), clock=clock), start)
    for _ in range(20):
        clock.advance(t.frame_ms)
        t.tick()
    return t, terminal.KeyMap.for_table(t), clock


def hold_look(t, clock, seat):
    t.hal.buttons.press(t.button_id(seat, "look"))
    for _ in range(4):
        clock.advance(t.frame_ms)
        t.tick()


def flat(text):
    return " ".join(text.split())


def side_text(rows, width, pic):
    """The side panel's characters, line by line, joined into one line of words."""
    return flat(" ".join("".join(ch for ch, _st in row[pic.cols + 1:width]) for row in rows))


@pytest.mark.parametrize("game,name,players", cases())
def test_every_game_reads_at_80x24_and_a_larger_terminal_shows_no_less(game, name, players):
    t, km, clock = table_of(game, name, players)
    seat = t.game.to_move()[0]
    hold_look(t, clock, seat)
    view = terminal.TerminalView(t, km, TITLE % index.facts(game)["title"], "%s, %d players" % (name, players))
    seen = {}
    for w, h in SIZES:
        pic = view.picture(w, h)
        rows, plain = screen_cells(view.render(w, h), w, h)
        side = seen[(w, h)] = side_text(rows, w, pic)
        assert "\u2026" not in plain, "a line is cut at %dx%d:\n%s" % (w, h, plain)
        assert flat(view.title) in side  # wrapped, never cut ("Vampire (the card ga...")
        assert flat(t.describe()[0]) in side
        own = flat(" ".join(x.plain for x in view.choice_lines(w - pic.cols - 1)))
        if view._hook("own_words") is None:  # nothing secret (the Dracula hunt): a seat's state is public
            assert flat(t.describe()[-1]) in side
            continue
        assert own and own in side, "%s's own words are not on the %dx%d screen:\n%s" % (seat, w, h, plain)
        if seat in t.game.to_move() and not t.game.board_plays(seat):
            assert "ok would" in own
    small, large = seen[SIZES[0]], seen[SIZES[1]]
    for line in t.describe():  # what 80x24 shows of the table's words, 120x40 shows too
        if flat(line) in small:
            assert flat(line) in large, line


@pytest.mark.parametrize("name", shipped_profiles())
@pytest.mark.parametrize("size", SIZES)
def test_the_picture_keeps_a_margin_and_every_led_its_own_place(name, size):
    t, km, _clock = table_of(index.default(), name, 2)
    view = terminal.TerminalView(t, km)
    pic = view.picture(*size)
    xs = [p[0] for p in pic.pixel.values()]
    ys = [p[1] for p in pic.pixel.values()]
    assert min(xs) >= 1 and max(xs) + pic.dot <= pic.cols - 1  # a free cell at each side
    assert min(ys) >= 1 and max(ys) + pic.dot <= pic.height - 1  # a free pixel at the top and the bottom
    assert len(set(pic.pixel.values())) == len(pic.pixel)


@pytest.mark.parametrize("game,name,players", [c for c in cases() if c[2] == max(_players(c[0]))])
def test_a_label_reads_as_its_own_leds(game, name, players):
    """A label touches another LED only where nothing clear of them was free, and then with its own LED on
    its left (a grid reads "o a2 o b2"); Vampire Nights' mansion on its own table touches none at 80x24."""
    t, km, _clock = table_of(game, name, players)
    view = terminal.TerminalView(t, km)
    labels = view.labels()
    for size in SIZES:
        pic = view.picture(*size)
        leds = pic.led_cells()
        placed = {}
        for (c, r), (_ch, n) in view.marks(pic).items():
            placed.setdefault(n, []).append((c, r))
        for n, cells in placed.items():
            own = pic._cells_of([pic.pixel[led] for led in labels[n][0] if led in pic.pixel])
            c0, c1, r = min(cells)[0], max(cells)[0], cells[0][1]
            touches = [nb for nb in ((c0 - 1, r), (c1 + 1, r)) if nb in leds and nb not in own]
            if touches:
                assert (c0 - 1, r) in own, "label %r sits between other LEDs at %dx%d" % (labels[n][1], *size)
                assert not (game == "vampire_nights" and name == "grid8"), labels[n][1]


def test_look_ends_when_the_turn_passes_and_the_screen_says_so():
    t, km, clock = table_of("vampire_cards", "ring4", 3)
    feeder = terminal.KeyFeeder(t.hal.buttons, km, clock)
    view = terminal.TerminalView(t, km, "Nightboard - test")
    view.turn_passed(feeder)
    feeder.key("e")  # red's look, on
    for _ in range(4):
        clock.advance(t.frame_ms)
        feeder.update()
        t.tick()
        view.turn_passed(feeder)
    assert view.looking(0) and "red holds" in screen_cells(view.render(80, 24))[1]
    assert "red looks: e hides it" in screen_cells(view.render(80, 24))[1]
    for _ in range(40):  # red's ok: its turn is played, the next seat's turn begins
        if 0 not in t.game.to_move():
            break
        feeder.key("r")
        for _ in range(30):
            clock.advance(t.frame_ms)
            feeder.update()
            t.tick()
            view.turn_passed(feeder)
    assert 0 not in t.game.to_move()
    assert not view.looking(0)
    rows, plain = screen_cells(view.render(80, 24))
    side = side_text(rows, 80, view.picture(80, 24))
    assert "red holds" not in plain and "look ended for red: the turn passed" in side
