"""`nightboard diagram` (tracker issue 8): the wiring diagram, the top view and the build sheet are made
from the profile, name every pin it uses, refuse pins they do not know, and the copies committed under
hardware/ are what the generator makes now."""

import copy
import json
import xml.etree.ElementTree as ET

import pytest

from nightboard.table.frame import Encoder, Frame
from nightboard.table.layout import Layout
from nightboard.table.profile import load_profile
from nightboard_host.drawings import bom, diagram, hardware
from nightboard_host.drawings import wiring as Wg
from nightboard_host.cli import main
from table_driver import PROFILES, profile

SHIPPED = sorted(p.stem for p in PROFILES.glob("*.json"))
SVG = "{http://www.w3.org/2000/svg}"


def used_pins(prof):
    """The GPIOs a profile uses, read straight from its fields (not through the diagram's model)."""
    pins = {prof["led"]["pin"]}
    b = prof["buttons"]
    if b["kind"] == "gpio":
        pins |= {k["pin"] for k in b["keys"]}
    else:
        pins |= set(b["rows"]) | set(b["cols"])
    return {"GP%d" % n for n in pins}


def texts(el):
    return " ".join(t.text or "" for t in el.iter(SVG + "text"))


def test_five_profiles_ship():
    assert SHIPPED == ["grid8", "grid8hands", "hex8", "ring4", "ring6"]


@pytest.mark.parametrize("name", SHIPPED)
def test_wiring_svg_names_every_pin_the_profile_uses(name):
    prof = profile(name)
    root = ET.fromstring(diagram.wiring_svg(prof))
    assert root.tag == SVG + "svg"
    wired = {}
    for g in root.iter(SVG + "g"):
        if g.get("class", "").startswith("use "):
            wired[g.get("data-pin")] = g
    assert set(wired) == used_pins(prof)
    for pin, g in wired.items():
        assert pin in texts(g), "the wire of %s says which pin it is" % pin
        assert g.find(SVG + "title") is not None
    # The whole pinout is drawn from data: every GPIO and the power pins.
    everything = texts(root)
    for n in list(range(23)) + [26, 27, 28]:
        assert "GP%d" % n in everything.split()
    for pwr in ("VBUS", "VSYS", "GND", "3V3", "RUN", "AGND"):
        assert pwr in everything.split()
    # The LED data path, the supply and the parts on it.
    for words in (Wg.LEVEL_SHIFTER, "%d ohm" % Wg.SERIES_OHMS, "%d uF" % Wg.BULK_UF, Wg.SCHOTTKY,
                  "5 V DC supply", "VSYS (pin 39)", "GND (pin 38)", "DIN of LED 0"):
        assert words in everything
    # The chain: one box per segment, in chain order, with its LED range.
    boxes = [g for g in root.iter(SVG + "g") if g.get("class") == "segment"]
    assert [(g.get("data-id"), int(g.get("data-first")), int(g.get("data-last"))) for g in boxes] == \
        [(s["id"], lo, hi) for lo, hi, s in Wg.chain(prof)]


@pytest.mark.parametrize("name", ["grid8", "ring6"])
def test_matrix_tables_draw_every_key_with_its_diode_at_its_row_and_column(name):
    prof = profile(name)
    root = ET.fromstring(diagram.wiring_svg(prof))
    keys = [g for g in root.iter(SVG + "g") if g.get("class") == "key"]
    got = sorted((int(g.get("data-button")), int(g.get("data-row")), int(g.get("data-col"))) for g in keys)
    assert got == [(i, k["row"], k["col"]) for i, k in enumerate(prof["buttons"]["keys"])]
    for g in keys:
        assert len(g.findall(SVG + "polygon")) == 1  # the diode's triangle
    rows = [g.get("data-pin") for g in root.iter(SVG + "g") if g.get("class") == "matrix-row"]
    cols = [g.get("data-pin") for g in root.iter(SVG + "g") if g.get("class") == "matrix-col"]
    assert rows == ["GP%d" % p for p in prof["buttons"]["rows"]]
    assert cols == ["GP%d" % p for p in prof["buttons"]["cols"]]


def test_gpio_tables_draw_each_button_to_ground():
    prof = profile("ring4")
    root = ET.fromstring(diagram.wiring_svg(prof))
    buttons = [g for g in root.iter(SVG + "g") if g.get("class") == "use button"]
    assert len(buttons) == 16
    for g in buttons:
        i = int(texts(g).split("(button ")[1].split(")")[0])
        key = prof["buttons"]["keys"][i]
        assert g.get("data-pin") == "GP%d" % key["pin"]
        assert "p%d %s" % (key["player"], key["role"]) in texts(g)


def test_the_pinout_data_matches_the_pico():
    assert [n for n, _ in Wg.PICO_PINS] == list(range(1, 41))
    names = dict(Wg.PICO_PINS)
    gp = sorted(int(v[2:]) for v in names.values() if v.startswith("GP"))
    assert gp == list(range(23)) + [26, 27, 28]
    # Fixed points of the Pico's pinout (RP2040 Pico datasheet).
    assert (names[1], names[4], names[20], names[21], names[29], names[34]) == ("GP0", "GP2", "GP15", "GP16",
                                                                                "GP22", "GP28")
    assert (names[36], names[39], names[40], names[30]) == ("3V3", "VSYS", "VBUS", "RUN")
    assert [n for n, v in Wg.PICO_PINS if v == "GND"] == [3, 8, 13, 18, 23, 28, 38]


def test_a_pin_the_diagram_does_not_know_is_refused():
    prof = profile("ring4")
    for field, value, path in (("led", 29, "led.pin"), ("key", 25, "buttons.keys[0].pin")):
        bad = copy.deepcopy(prof)
        if field == "led":
            bad["led"]["pin"] = value
        else:
            bad["buttons"]["keys"][0]["pin"] = value
        for make in (diagram.wiring_svg, bom.sheet):
            with pytest.raises(Wg.DiagramError) as e:
                make(bad)
            assert str(e.value) == "%s: GP%d is not on the Pico pinout this diagram draws (GP0..GP22, GP26..GP28)" \
                % (path, value)
    bad = copy.deepcopy(profile("grid8"))
    bad["buttons"]["cols"][2] = 24
    with pytest.raises(Wg.DiagramError, match=r"^buttons.cols\[2\]: GP24 is not on the Pico pinout"):
        diagram.wiring_svg(bad)


def test_the_command_refuses_a_profile_file_with_an_unknown_pin_and_writes_nothing(tmp_path, capsys):
    raw = json.loads((PROFILES / "ring4.json").read_text())
    raw["buttons"]["keys"][2]["pin"] = 23
    src = tmp_path / "mine.json"
    src.write_text(json.dumps(raw))
    out = tmp_path / "mine.svg"
    assert main(["diagram", str(src), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "nightboard diagram: %s: buttons.keys[2].pin: GP23 is not a usable Pico GPIO " \
                          "(use 0..22 or 26..28)" % src
    assert not out.exists()


def test_the_command_writes_prints_and_explains_its_mistakes(tmp_path, capsys):
    out = tmp_path / "ring6.svg"
    assert main(["diagram", "ring6", "-o", str(out)]) == 0
    assert out.read_text() == diagram.wiring_svg(profile("ring6"))
    assert capsys.readouterr().out == "%s: wiring of ring6\n" % out
    assert main(["diagram", "grid8", "--layout"]) == 0
    assert capsys.readouterr().out.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')
    assert main(["diagram", "grid8", "--bom"]) == 0
    assert capsys.readouterr().out == bom.sheet(profile("grid8"))
    assert main(["diagram", "nosuch"]) == 2
    assert "no profile named 'nosuch' (shipped: grid8, grid8hands, hex8, ring4, ring6" in capsys.readouterr().err
    assert main(["diagram"]) == 2
    assert "which profile?" in capsys.readouterr().err
    assert main(["diagram", "ring4", "--all"]) == 2
    assert "--all makes every file" in capsys.readouterr().err
    assert main(["diagram", "ring4", "--check"]) == 2
    assert main(["diagram", "ring4", "-o", str(tmp_path / "no" / "dir.svg")]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_the_files_under_hardware_are_up_to_date_with_the_generator(capsys):
    stale = hardware.stale_files()
    assert stale == [], "run `nightboard diagram --all`: out of date: %s" % [str(p) for p, _ in stale]
    for name in SHIPPED:
        for fname in ("wiring.svg", "layout.svg", "README.md"):
            assert (PROFILES.parent / name / fname).is_file()
    assert main(["diagram", "--all", "--check"]) == 0
    assert "up to date" in capsys.readouterr().out


def test_check_finds_a_stale_or_missing_file(tmp_path):
    (tmp_path / "profiles").mkdir()
    (tmp_path / "profiles" / "ring4.json").write_text((PROFILES / "ring4.json").read_text())
    assert sorted(p.name for p, _ in hardware.stale_files(tmp_path)) == ["README.md", "layout.svg", "template.svg", "wiring.svg"]
    for p, text in hardware.stale_files(tmp_path):
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    assert hardware.stale_files(tmp_path) == []
    (tmp_path / "ring4" / "wiring.svg").write_text("old")
    assert [p.name for p, _ in hardware.stale_files(tmp_path)] == ["wiring.svg"]


@pytest.mark.parametrize("name", SHIPPED)
def test_layout_svg_shows_every_led_card_0_clockwise_and_the_seats(name):
    prof = profile(name)
    root = ET.fromstring(diagram.layout_svg(prof))
    circles = list(root.iter(SVG + "circle"))
    assert len(circles) == prof["led"]["count"]
    numbers = sorted(int(t.text) for t in root.iter(SVG + "text") if t.get("class") == "ledtext")
    assert numbers == list(range(prof["led"]["count"]))
    words = texts(root)
    assert "card 0" in words and "clockwise" in words
    lay = Layout(prof)
    for p in range(prof["max_players"]):
        assert "seat %d (p%d): blood %d..%d" % (p, p, lay.blood_led(p, 0), lay.blood_led(p, 7)) in words


def test_the_sheet_lists_pins_chain_matrix_parts_and_power():
    for name in SHIPPED:
        prof = profile(name)
        text = bom.sheet(prof)
        for pin in used_pins(prof):
            assert "| %s |" % pin in text
        for s in prof["segments"]:
            assert "| %s | %s |" % (s["id"], s["kind"]) in text
        parts = {row[1]: row[0] for row in Wg.parts(prof)}
        assert parts["LEDs in all (led.count), colour order GRB"] == prof["led"]["count"]
        assert sum(q for part, q in parts.items() if part.startswith("WS2812B")) == prof["led"]["count"]
        assert parts["momentary push buttons, normally open"] == 4 * prof["max_players"]
        matrix = prof["buttons"]["kind"] == "matrix"
        assert parts.get("1N4148 signal diodes") == (4 * prof["max_players"] if matrix else None)
        assert ("## Key matrix" in text) == matrix
        supply = "3.0" if prof["name"] == "grid8hands" else "2.0"  # budget 2500 / 1800 mA + 200 mA
        assert parts["5 V DC supply, %s A or more" % supply] == 1
        assert "(wiring.svg)" in text and "(layout.svg)" in text and "(template.svg)" in text
        assert "## Cost" in text and "## Dimensions" in text


def test_power_figures_are_the_firmware_encoders():
    prof = profile("ring4")
    pw = Wg.power(prof)
    frame = Frame(prof["led"]["count"])
    frame.fill(255, 255, 255)
    unlimited = copy.deepcopy(prof)
    unlimited["power"]["budget_ma"] = 100000
    enc = Encoder(load_profile(unlimited))
    enc.encode(frame)
    assert enc.last_ma == pw["white_at_brightness_ma"] and not enc.limited
    enc.set_brightness(255)
    enc.encode(frame)
    assert enc.last_ma == pw["full_white_ma"]
    limited = Encoder(prof)
    limited.encode(frame)
    assert limited.limited and limited.last_ma <= pw["budget_ma"] and pw["limited_at_brightness"]
    assert pw["supply_ma"] == 2000 and not pw["usb_only_ok"]
    usb = copy.deepcopy(prof)
    usb["power"]["budget_ma"] = 400
    assert Wg.power(usb)["usb_only_ok"] and Wg.power(usb)["supply_ma"] == 1000


def test_output_is_the_same_every_time_and_integers_only():
    prof = profile("ring6")
    a, b = diagram.wiring_svg(prof), diagram.wiring_svg(copy.deepcopy(prof))
    assert a == b
    root = ET.fromstring(diagram.layout_svg(prof))
    for el in root.iter():
        for attr in ("x", "y", "cx", "cy", "x1", "y1", "x2", "y2", "width", "height", "r"):
            if el.get(attr) is not None:
                int(el.get(attr))


def test_text_from_the_profile_is_escaped():
    raw = json.loads((PROFILES / "ring4.json").read_text())
    raw["description"] = "<script>alert(1)</script> & more"
    raw["segments"][0]["id"] = "a<b"
    prof = load_profile(raw)
    for svg in (diagram.wiring_svg(prof), diagram.layout_svg(prof)):
        root = ET.fromstring(svg)
        assert "<script>" not in svg
        assert "a<b" in texts(root) or "a<b" in svg.replace("&lt;", "<")
