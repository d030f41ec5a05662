"""`nightboard snapshot`: a position drawn like the physical board, LED for LED; and the frame_png helper."""

import json
import os
import subprocess
import sys

import pytest
from PIL import Image

import frame_png
from mpy_harness import ROOT
from nightboard.games.vampiring import state as V
from nightboard.hal.sim import SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import load_profile_file
from nightboard_host.drawings import snapshot
from nightboard_host.drawings.snapshot import frame_png as draw_frame_png
from nightboard_host.drawings.snapshot import led_centres, render_table, table_at
from nightboard_host.games.vampiring.snapshot import play_turns

PROFILES = ROOT / "hardware" / "profiles"
ENV = dict(os.environ, PYTHONPATH="%s:%s" % (ROOT / "firmware", ROOT / "host"))


def profile(name):
    return load_profile_file(str(PROFILES / ("%s.json" % name)))


def colours(img):
    return set(c for _n, c in img.getcolors(maxcolors=1 << 24))


def run_cli(*args):
    proc = subprocess.run([sys.executable, "-m", "nightboard_host.cli", "snapshot", *args], capture_output=True,
                          text=True, env=ENV, cwd=str(ROOT), stdin=subprocess.DEVNULL)
    return proc.returncode, proc.stdout, proc.stderr


def expected_table(name, seed, players, turns):
    g = V.new_game(seed, players)
    play_turns(g, turns)
    return table_at(profile(name), g)


def assert_png_leds(path, table, size):
    """Every LED's dot has its frame colour at its centre pixel (all LEDs, lit and dark)."""
    img = Image.open(path)
    assert img.size == (size, size) and img.mode == "RGB"
    centres = led_centres(table.layout, size)
    assert len(centres) == table.layout.led_count
    wrong = [(led, img.getpixel(centres[led]), table.frame.get(led)) for led in sorted(centres)
             if img.getpixel(centres[led]) != table.frame.get(led)]
    assert not wrong, "LEDs (index, picture, frame): %s" % wrong[:8]
    lit = [led for led in centres if table.frame.get(led) != (0, 0, 0)]
    assert len(lit) >= 10
    return img


@pytest.mark.parametrize("name, players", [("ring4", 2), ("grid8", 4), ("ring6", 6)])
def test_snapshot_cli_draws_every_led_in_its_frame_colour(tmp_path, name, players):
    out = tmp_path / ("%s.png" % name)
    code, stdout, err = run_cli("--profile", name, "--seed", "9", "--players", str(players), "--turns", "3",
                                "--size", "640", "-o", str(out))
    assert code == 0, err
    assert out.is_file() and str(out) in stdout and "turn 4" in stdout
    assert_png_leds(out, expected_table(name, 9, players, 3), 640)


def test_the_leds_sit_where_the_layout_puts_them():
    t = expected_table("ring4", 2, 2, 0)
    c = led_centres(t.layout, 900)
    geo = {led: (x, y) for led, x, y, _sid in t.layout.geometry()}
    # position 0 of the ring at the top, player 0's panel at the bottom, player 1's on the left
    assert c[t.layout.position_led(0, 1)][1] < 200
    assert c[t.layout.blood_led(0, 0)][1] > 800
    assert c[t.layout.blood_led(1, 0)][0] < 100
    for a, b in ((0, 1), (5, 40), (64, 100)):  # same order along x and y as the abstract geometry
        assert (c[a][0] < c[b][0]) == (geo[a][0] < geo[b][0]) or abs(geo[a][0] - geo[b][0]) < 0.05
        assert (c[a][1] < c[b][1]) == (geo[a][1] < geo[b][1]) or abs(geo[a][1] - geo[b][1]) < 0.05


def test_the_picture_shows_the_cards_and_panels_not_only_the_leds(tmp_path):
    t = expected_table("ring4", 5, 2, 1)
    img = render_table(t, 700)
    bare = Image.open(draw_frame_png(t.layout, t.frame, tmp_path / "bare.png", size=700))
    # printed cards inside the ring (faces, names, stripes in the card colours); none in the bare frame
    inside = colours(img.crop((220, 220, 480, 480)))
    assert snapshot.CARD_FACE in inside and len(inside) > 50
    assert snapshot.CARD_FACE not in colours(bare)
    # the panel plates: between two blood LEDs of every panel, playing or not
    c = led_centres(t.layout, 700)
    for p in range(4):
        (x0, y0), (x1, y1) = c[t.layout.blood_led(p, 3)], c[t.layout.blood_led(p, 4)]
        between = ((x0 + x1) // 2, (y0 + y1) // 2)
        assert img.getpixel(between) != snapshot.TABLE_TOP
        if p >= 2:  # empty seats: dark LEDs on a bare plate
            assert img.getpixel(between) == snapshot.PLATE and bare.getpixel(between) == snapshot.TABLE_TOP


def test_a_position_file_is_drawn_and_a_bad_one_is_refused(tmp_path):
    g = V.new_game(21, 3, "mansion")
    play_turns(g, 2)
    pos = tmp_path / "pos.json"
    pos.write_text(json.dumps(g.to_json()))
    out = tmp_path / "pos.png"
    code, _stdout, err = run_cli("--position", str(pos), "--profile", "grid8", "--size", "500", "-o", str(out))
    assert code == 0, err
    assert_png_leds(out, table_at(profile("grid8"), V.from_json(g.to_json())), 500)

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(dict(g.to_json(), drops=[8, 8])))
    code, _stdout, err = run_cli("--position", str(bad), "-o", str(tmp_path / "x.png"))
    assert code == 2 and "--position" in err and "drops must be a list of 3 entries" in err
    bad.write_text("{")
    code, _stdout, err = run_cli("--position", str(bad), "-o", str(tmp_path / "x.png"))
    assert code == 2 and "is not valid JSON" in err and "Traceback" not in err
    code, _stdout, err = run_cli("--position", str(tmp_path / "none.json"), "-o", str(tmp_path / "x.png"))
    assert code == 2 and "cannot read" in err
    six = V.new_game(1, 6).to_json()
    pos.write_text(json.dumps(six))
    code, _stdout, err = run_cli("--position", str(pos), "-o", str(tmp_path / "x.png"))
    assert code == 2 and "6 players but table \"ring4\"" in err


@pytest.mark.parametrize("args, message", [
    (("--profile", "ring9"), "no profile named 'ring9'"),
    (("--players", "5"), "5 players but table \"ring4\""),
    (("--turns", "-1"), "--turns: must be 0 or more"),
    (("--size", "50"), "--size: must be 200..8000"),
])
def test_snapshot_refuses_bad_options(tmp_path, args, message):
    code, _stdout, err = run_cli(*args, "-o", str(tmp_path / "x.png"))
    assert code == 2 and message in err and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()


def test_look_takes_a_seat_by_its_number_or_its_colour(tmp_path):
    by_number, by_colour = tmp_path / "n.png", tmp_path / "c.png"
    assert run_cli("--look", "1", "-o", str(by_number))[0] == 0
    assert run_cli("--look", "Blue", "-o", str(by_colour))[0] == 0
    assert by_number.read_bytes() == by_colour.read_bytes()
    # the default game has 2 families
    for bad, message in (("yellow", "seat 2 (yellow) is not at this table (seats 0..1 play: red, blue)"),
                         ("9", "seat 9 (no colour) is not at this table"),
                         ("teal", "'teal' is neither a seat's number nor its colour (red, blue)"),
                         ("\u00b2", "neither a seat's number nor its colour")):
        code, _stdout, err = run_cli("--look", bad, "-o", str(tmp_path / "x.png"))
        assert code == 2 and message in err and "Traceback" not in err, (bad, err)
        assert not (tmp_path / "x.png").exists()


def test_play_turns_is_a_fixed_sequence_that_stops_at_the_end():
    a, b = V.new_game(3, 2), V.new_game(3, 2)
    assert play_turns(a, 4) == 4 and play_turns(b, 4) == 4
    assert a.to_json() == b.to_json() and a.turn == 5
    assert play_turns(a, 10000) < 10000 and a.over


def test_frame_png_draws_each_led_in_its_colour_and_labels(tmp_path):
    for name in ("ring4", "grid8"):
        lay = Layout(profile(name))
        fr = Frame(lay.led_count)
        for i in range(lay.led_count):
            fr.set(i, (37 * i) % 256, 255 - i, (i * i) % 256)
        path = draw_frame_png(lay, fr, tmp_path / ("%s.png" % name), labels={0: "zero", 70: "x"}, size=500)
        img = Image.open(path)
        assert img.size == (500, 500)
        c = led_centres(lay, 500)
        for i in range(lay.led_count):
            assert img.getpixel(c[i]) == fr.get(i), "%s LED %d" % (name, i)


def test_the_frame_png_helper_saves_the_frame_when_an_led_assertion_fails():
    prof = profile("ring4")
    t = Table(prof, make_sim_hal(prof, clock=SimClock(0)), {"game": "vampiring", "players": 2, "seed": 1})
    t.tick()
    frame_png.assert_leds(t.layout, t.frame, {0: t.frame.get(0), 70: t.frame.get(70)})  # right: no error
    want = tuple(255 - v for v in t.frame.get(5))
    with pytest.raises(AssertionError) as err:
        frame_png.assert_leds(t.layout, t.frame, {5: want, 6: t.frame.get(6)}, name="helper-check")
    msg = str(err.value)
    path = frame_png.ARTIFACTS / "helper-check.png"
    assert "1 of 2 LEDs wrong" in msg and "LED 5 is" in msg and str(path) in msg
    assert path.is_file() and Image.open(path).size == (600, 600)
    path.unlink()


def test_the_readme_pictures_are_there():
    for name in ("ring4", "grid8"):
        img = Image.open(ROOT / "docs" / "images" / ("%s.png" % name))
        assert img.size[0] == img.size[1] >= 600


def test_vampire_nights_snapshot_shows_a_seats_secrets_only_with_its_look():
    # Issue 39: the game's own picture held red's look itself, so red's items lit without --look (and beside
    # blue's with --look blue). Twin positions that differ only in what red (and a third seat) hold draw alike
    # unless red looks.
    from twins_helpers import twins_along_play

    prof = profile("grid8")

    def picture(state, look):
        t = table_at(prof, state)
        if look is not None:
            snapshot.hold_look(t, look)
        return render_table(t, 300).tobytes()

    n = blue = shown = 0
    for g, twin, knowers in twins_along_play("vampire_nights", seeds=[4, 7], steps=6):
        if 0 not in knowers:
            continue
        assert picture(g, None) == picture(twin, None)  # nobody looks: nobody's secrets
        if 1 not in knowers:
            assert picture(g, 1) == picture(twin, 1)  # blue looks: its own view only
            blue += 1
        shown += picture(g, 0) != picture(twin, 0)  # red looks: what it holds may show on its panel
        n += 1
        if n == 8:
            break
    assert blue >= 1 and shown >= 1, (n, blue, shown)
