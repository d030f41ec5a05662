"""The hex surface: the profile field "hex" (LED centres on a hex grid), the shipped hex8 table, which games
fit it (tablefit), where its LEDs are drawn (Layout.geometry) and VampEmpire played on it."""

import json
import math

import pytest

from mpy_harness import ROOT
from nightboard.games import vampempire as M
from nightboard.table.frame import Frame
from nightboard.table.layout import Layout
from nightboard.table.menu import Menu, seats
from nightboard.table import programs
from nightboard.table.profile import ProfileError, load_profile, load_profile_file
from nightboard.table.tablefit import check_players
from nightboard.games.vampempire.play import TYPE_COLOUR, VampEmpirePlay

PROFILES = ROOT / "hardware" / "profiles"


def profile(name, **grid):
    raw = json.loads((PROFILES / (name + ".json")).read_text())
    raw["segments"][0].update(grid)
    return load_profile(raw)


def prog(name):
    return programs.find(name)


def test_hex_is_a_grid_field_false_unless_given():
    assert profile("hex8")["segments"][0]["hex"] is True
    assert profile("grid8")["segments"][0]["hex"] is False
    assert Layout(profile("hex8")).hex and not Layout(profile("grid8")).hex


@pytest.mark.parametrize("bad", ["yes", 1, None, [True]])
def test_a_hex_that_is_not_true_or_false_is_refused_by_name(bad):
    with pytest.raises(ProfileError) as e:
        profile("grid8", hex=bad)
    assert str(e.value).startswith("segments[0].hex: must be true or false (got ")


def test_a_ring_has_no_hex_field():
    raw = json.loads((PROFILES / "ring4.json").read_text())
    raw["segments"][0]["hex"] = True
    with pytest.raises(ProfileError, match=r"segments\[0\].hex: unknown field"):
        load_profile(raw)


def test_hex8_is_grid8_with_its_rows_on_a_hex_grid():
    """Same chain, pins and buttons: a grid8 board can be rebuilt as hex8 by moving its LED rows."""
    a = json.loads((PROFILES / "grid8.json").read_text())
    b = json.loads((PROFILES / "hex8.json").read_text())
    assert b["segments"][0].pop("hex") is True
    for k in ("name", "description"):
        a.pop(k), b.pop(k)
    assert a == b


def test_vampempire_fits_a_hex_grid_and_a_square_grid_but_not_a_ring():
    for n in (2, 3, 4):
        assert check_players(profile("hex8"), "vampempire", n) == 8
        assert check_players(profile("grid8"), "vampempire", n) == 8
    with pytest.raises(ProfileError) as e:
        check_players(load_profile_file(str(PROFILES / "ring4.json")), "vampempire", 2)
    assert str(e.value) == ('segments[0] (ring "ring"): VampEmpire needs a hex grid (or a square grid under its '
                            'printed overlay) of at least 8x8 cells for its 8x8 hex map, not a ring')
    small = profile("hex8")
    small["segments"][0]["width"] = 7  # (a 7x8 table: only the grid's size matters here)
    with pytest.raises(ProfileError) as e:
        check_players(small, "vampempire", 2)
    assert str(e.value) == 'segments[0] (hex grid "grid"): a 7x8 grid cannot hold the 8x8 hex map of VampEmpire'
    with pytest.raises(ProfileError, match="players: 5 players but table \"hex8\""):
        check_players(profile("hex8"), "vampempire", 5)


def test_square_map_games_are_refused_on_a_hex_grid_ring_games_are_not():
    hexed = profile("hex8")
    with pytest.raises(ProfileError) as e:
        check_players(hexed, "dracula", 2)
    assert str(e.value).startswith('segments[0] (hex grid "grid"): ') and "needs a square grid of at least" in \
        str(e.value) and str(e.value).endswith("this grid's rows are offset as a hex map (hex: true)")
    with pytest.raises(ProfileError, match="needs a square grid"):
        check_players(hexed, "vampire_nights", 2)
    assert check_players(hexed, "vampiring", 4) == 16  # its outer ring of 28 cells
    assert seats(hexed, prog("vampempire")) == [2, 3, 4]
    assert seats(hexed, prog("dracula")) == []
    names = list(Menu(Layout(hexed), Frame(108), hexed).progs)  # the menu keeps names
    assert "vampempire" in names and "vampiring" in names and "dracula" not in names


def test_hex_geometry_every_led_a_hex_centre_one_pitch_from_its_six_neighbours():
    lay = Layout(profile("hex8"))
    pos = {i: (x, y) for i, x, y, _ in lay.geometry()}
    for y in range(8):
        for x in range(8):
            xa, ya = pos[lay.cell_led(x, y)]
            near = sorted(math.hypot(xb - xa, yb - ya) for (xb, yb) in
                          (pos[lay.cell_led(u, v)] for v in range(8) for u in range(8)) if (xb, yb) != (xa, ya))
            inner = 6 if 0 < x < 7 and 0 < y < 7 else None
            if inner:
                assert all(abs(d - 1) < 1e-3 for d in near[:6]) and near[6] > 1.5
    # odd rows half a cell to the right, as the map's odd rows (the rules notes, M1)
    assert pos[lay.cell_led(0, 1)][0] - pos[lay.cell_led(0, 0)][0] == 0.5
    assert pos[lay.cell_led(0, 2)][0] == pos[lay.cell_led(0, 0)][0]
    square = Layout(profile("grid8"))
    assert [g[:3] for g in square.geometry()] != [g[:3] for g in lay.geometry()]


def test_the_map_is_played_on_hex8_each_hex_on_its_own_led():
    lay = Layout(profile("hex8"))
    g = M.new_game(3, 4)
    c = VampEmpirePlay(lay, Frame(lay.led_count), g)
    c.render(0)
    for com in g.comm:
        h = com[0]
        assert c.frame.get(lay.cell_led(h % 8, h // 8)) == TYPE_COLOUR[com[1]]  # a full die: its type at full


def test_the_shipped_hex8_files_are_the_generators_output():
    from nightboard_host.drawings import hardware as H
    from nightboard_host.commands import play

    prof = play.load(str(PROFILES / "hex8.json"))
    for fname, text in H.outputs(prof).items():
        assert (ROOT / "hardware" / "hex8" / fname).read_text() == text
    sheet = (ROOT / "hardware" / "hex8" / "README.md").read_text()
    assert "8x8 hex grid" in sheet and "half an LED pitch to the right" in sheet


def test_the_snapshot_puts_each_hex_on_its_led_on_the_hex_table():
    from nightboard_host.drawings import snapshot as S
    from nightboard_host.games.vampempire import snapshot as SV

    lay = Layout(profile("hex8"))
    canvas = S.Canvas(lay, 400)
    for h in (0, 9, 63):
        assert SV.hex_centre(canvas, lay, h) == canvas.px(*canvas.pos[lay.cell_led(h % 8, h // 8)])
    g = M.new_game(7, 4)
    c = VampEmpirePlay(lay, Frame(lay.led_count), g)
    c.render(0)
    assert SV.picture(lay, c.frame, g, size=400).size == (400, 400)
