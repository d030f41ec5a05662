"""Board profiles: shipped ones load, every kind of mistake is refused with a message naming the field."""

import copy
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mpy_harness import run_mpy
from nightboard.table.profile import (
    MAX_PLAYERS,
    ProfileError,
    check_players,
    load_profile,
    load_profile_file,
    play_segment,
    ring_positions,
    segment_span,
)

ROOT = Path(__file__).resolve().parents[2]
PROFILES = sorted((ROOT / "hardware" / "profiles").glob("*.json"))
ROLES = ["mode", "move", "look", "ok"]


def raw(name):
    return json.loads((ROOT / "hardware" / "profiles" / (name + ".json")).read_text())


def refused(src):
    with pytest.raises(ProfileError) as e:
        load_profile(src)
    return str(e.value)


def minimal(max_players=1, play=None):
    """The smallest valid profile: only required fields, a ring of 2 positions unless `play` is given."""
    play = play or {"id": "ring", "kind": "ring", "start": 0, "positions": 2, "serpentine": None}
    play = {k: v for k, v in play.items() if v is not None}
    n = segment_span(dict({"leds_per_position": 1, "blood": 8, "status": 3}, **play))[1] + 1
    segs = [play] + [{"id": "p%d" % p, "kind": "panel", "player": p, "start": n + 11 * p} for p in range(max_players)]
    keys = [{"pin": 3 + 4 * p + r, "player": p, "role": ROLES[r]} for p in range(max_players) for r in range(4)]
    return {
        "format": 1,
        "name": "mini",
        "max_players": max_players,
        "led": {"pin": 2, "count": n + 11 * max_players},
        "power": {"budget_ma": 1000},
        "segments": segs,
        "buttons": {"kind": "gpio", "keys": keys},
    }


# --- shipped profiles ---------------------------------------------------------------------------


def test_the_required_profiles_ship():
    names = {p.stem for p in PROFILES}
    assert {"ring4", "grid8"} <= names


@pytest.mark.parametrize("path", PROFILES, ids=lambda p: p.stem)
def test_shipped_profile_loads_and_hosts_vampiring_at_full_table(path):
    p = load_profile_file(str(path))
    assert p["name"] == path.stem
    assert check_players(p, "vampiring", p["max_players"]) == 2 * p["max_players"] + 8
    assert load_profile(path.read_text()) == p
    assert load_profile(path.read_bytes()) == p
    # grid8hands: 2500 mA, its hand panels' worst frame in whole games (hardware/power.md); the others 1800
    assert 1 <= p["power"]["brightness"] <= 255 and p["power"]["budget_ma"] == (2500 if p["name"] == "grid8hands" else 1800)
    pins = [p["led"]["pin"]] + [k.get("pin") for k in p["buttons"]["keys"] if "pin" in k]
    pins += p["buttons"].get("rows", []) + p["buttons"].get("cols", [])
    assert 0 not in pins and 1 not in pins, "GP0/GP1 stay free for the UART"


def test_ring4_matches_the_brief():
    p = load_profile(raw("ring4"))
    ring = play_segment(p)
    assert (ring["kind"], ring["positions"], ring["leds_per_position"]) == ("ring", 16, 4)
    assert p["led"]["count"] == 108 and p["buttons"]["kind"] == "gpio" and len(p["buttons"]["keys"]) == 16


def test_grid8_matches_the_brief():
    p = load_profile(raw("grid8"))
    grid = play_segment(p)
    assert (grid["kind"], grid["width"], grid["height"], grid["serpentine"]) == ("grid", 8, 8, True)
    b = p["buttons"]
    assert p["led"]["count"] == 108 and b["kind"] == "matrix" and len(b["rows"]) == len(b["cols"]) == 4
    assert len(b["keys"]) == 16 and ring_positions(p) == 28


# --- defaults and normal behaviour -------------------------------------------------------------------


def test_defaults_filled_in():
    p = load_profile(minimal())
    assert p["description"] == "" and p["board"] == "pico"
    assert p["led"] == {"pin": 2, "count": 13, "order": "GRB", "ma_per_channel": 20, "idle_ma_per_led": 1}
    assert p["power"] == {"budget_ma": 1000, "brightness": 80}
    assert p["segments"][0] == {"id": "ring", "kind": "ring", "start": 0, "positions": 2, "leds_per_position": 1,
                                "card0": 0, "clockwise": True}
    assert p["segments"][1] == {"id": "p0", "kind": "panel", "player": 0, "start": 2, "blood": 8, "status": 3}
    b = p["buttons"]
    assert (b["kind"], b["pull"], b["debounce_ms"], b["long_ms"]) == ("gpio", "up", 20, 800)


def test_grid_origin_default_and_serpentine_required():
    grid = {"id": "g", "kind": "grid", "start": 0, "width": 3, "height": 2, "serpentine": False}
    assert play_segment(load_profile(minimal(play=grid)))["origin"] == "top-left"
    del grid["serpentine"]
    assert refused(minimal(play=grid)) == "segments[0].serpentine: required field is missing"


def test_input_not_mutated_and_idempotent():
    src = raw("grid8")
    src["_comment"] = "makers may leave notes in keys starting with _"
    src["led"]["_why"] = "GP2 is next to GND"
    before = copy.deepcopy(src)
    p = load_profile(src)
    assert src == before
    assert "_comment" not in p and "_why" not in p["led"]
    assert load_profile(p) == p


def test_skip_segment_covers_dark_leds():
    src = minimal()
    src["led"]["count"] = 15
    assert refused(src) == ('segments: LEDs 13..14 of the chain are not covered by any segment '
                            '(add a "skip" segment if they are meant to stay dark)')
    src["segments"].append({"id": "tail", "kind": "skip", "start": 13, "count": 2})
    assert segment_span(load_profile(src)["segments"][2]) == (13, 14)


def test_a_table_seats_no_more_than_the_palette_has_seat_colours():
    from nightboard.table.palette import SEAT, SEAT_NAMES

    assert MAX_PLAYERS == len(SEAT) == len(SEAT_NAMES)


def test_profile_error_is_a_value_error():
    assert issubclass(ProfileError, ValueError)


# --- every kind of mistake, with its message ------------------------------------------------------


def _set(path, value):
    def f(d):
        *head, last = path
        for k in head:
            d = d[k]
        if value is _DEL:
            del d[last]
        else:
            d[last] = value

    return f


_DEL = object()

BAD_RING4 = [
    # overlap, run past the end, gap
    ("overlap", _set(["segments", 2, "start"], 64),
     'segments[2].start: LEDs 64..74 overlap segment "p0" (64..74)'),
    ("overlap-ring", _set(["segments", 1, "start"], 60),
     'segments[1].start: LEDs 60..70 overlap segment "ring" (0..63)'),
    ("past-end", _set(["segments", 4, "start"], 100),
     "segments[4]: LEDs 100..110 run past the end of the chain (led.count is 108, last LED 107)"),
    ("gap", _set(["led", "count"], 111),
     'segments: LEDs 108..110 of the chain are not covered by any segment '
     '(add a "skip" segment if they are meant to stay dark)'),
    ("gap-middle", _set(["segments", 0, "positions"], 15),
     'segments: LEDs 60..63 of the chain are not covered by any segment '
     '(add a "skip" segment if they are meant to stay dark)'),
    # pins
    ("pin-twice", _set(["buttons", "keys", 5, "pin"], 3), "buttons.keys[5].pin: GP3 already used by buttons.keys[0]"),
    ("pin-led", _set(["buttons", "keys", 0, "pin"], 2), "buttons.keys[0].pin: GP2 already used by led.pin"),
    ("pin-23", _set(["buttons", "keys", 2, "pin"], 23),
     "buttons.keys[2].pin: GP23 is not a usable Pico GPIO (use 0..22 or 26..28)"),
    ("pin-25", _set(["led", "pin"], 25), "led.pin: GP25 is not a usable Pico GPIO (use 0..22 or 26..28)"),
    ("pin-29", _set(["buttons", "keys", 2, "pin"], 29),
     "buttons.keys[2].pin: GP29 is not a usable Pico GPIO (use 0..22 or 26..28)"),
    ("pin-neg", _set(["buttons", "keys", 2, "pin"], -1),
     "buttons.keys[2].pin: GP-1 is not a usable Pico GPIO (use 0..22 or 26..28)"),
    ("pin-str", _set(["buttons", "keys", 2, "pin"], "GP5"), 'buttons.keys[2].pin: must be an integer (got "GP5")'),
    ("pin-led-str", _set(["led", "pin"], "GP2"), 'led.pin: must be an integer (got "GP2")'),
    # roles and players
    ("role-missing", lambda d: d["buttons"]["keys"].pop(6),
     'buttons.keys: player 1 has no "look" key (each player 0..3 needs mode, move, look, ok)'),
    ("role-twice", _set(["buttons", "keys", 6, "role"], "move"),
     'buttons.keys[6].role: player 1 already has a "move" key (buttons.keys[5])'),
    ("role-unknown", _set(["buttons", "keys", 6, "role"], "jump"),
     'buttons.keys[6].role: must be one of mode, move, look, ok (got "jump")'),
    ("key-player", _set(["buttons", "keys", 0, "player"], 4), "buttons.keys[0].player: must be 0..3 (got 4)"),
    ("panel-twice", _set(["segments", 2, "player"], 0),
     'segments[2].player: player 0 already has panel "p0" (segments[1])'),
    ("panel-player", _set(["segments", 4, "player"], 4), "segments[4].player: must be 0..3 (got 4)"),
    ("panel-player-neg", _set(["segments", 4, "player"], -1), "segments[4].player: must be 0..3 (got -1)"),
    ("panel-missing", _set(["segments", 4], {"id": "dark", "kind": "skip", "start": 97, "count": 11}),
     'segments: no panel for player 3 (each player 0..3 needs one "panel" segment)'),
    ("panel-blood", _set(["segments", 1, "blood"], 6), "segments[1].blood: must be 8 (got 6)"),
    ("max-players", _set(["max_players"], 9), "max_players: must be 1..6 (got 9)"),
    ("seven-seats", _set(["max_players"], 7), "max_players: must be 1..6 (got 7)"),
    # led, power
    ("order", _set(["led", "order"], "RGBW"), 'led.order: must be one of RGB, RBG, GRB, GBR, BRG, BGR (got "RGBW")'),
    ("order-lower", _set(["led", "order"], "grb"), 'led.order: must be one of RGB, RBG, GRB, GBR, BRG, BGR (got "grb")'),
    ("brightness-0", _set(["power", "brightness"], 0), "power.brightness: must be 1..255 (got 0)"),
    ("brightness-256", _set(["power", "brightness"], 256), "power.brightness: must be 1..255 (got 256)"),
    ("brightness-float", _set(["power", "brightness"], 0.5), "power.brightness: must be an integer (got 0.5)"),
    ("budget-0", _set(["power", "budget_ma"], 0), "power.budget_ma: must be 1..100000 (got 0)"),
    ("budget-neg", _set(["power", "budget_ma"], -5), "power.budget_ma: must be 1..100000 (got -5)"),
    ("budget-idle", _set(["power", "budget_ma"], 100),
     "power.budget_ma: 100 mA does not even cover the idle draw of 108 LEDs (108 mA)"),
    ("count-0", _set(["led", "count"], 0), "led.count: must be 1..1024 (got 0)"),
    # kinds, fields, types
    ("seg-kind", _set(["segments", 0, "kind"], "circle"),
     'segments[0].kind: unknown kind "circle" (must be one of ring, grid, panel, skip, hand)'),
    ("seg-kind-missing", _set(["segments", 0, "kind"], _DEL),
     "segments[0].kind: required field is missing (one of ring, grid, panel, skip, hand)"),
    ("button-kind", _set(["buttons", "kind"], "i2c"),
     'buttons.kind: unknown kind "i2c" (must be one of gpio, matrix)'),
    ("missing-count", _set(["led", "count"], _DEL), "led.count: required field is missing"),
    ("missing-start", _set(["segments", 1, "start"], _DEL), "segments[1].start: required field is missing"),
    ("missing-name", _set(["name"], _DEL), "name: required field is missing"),
    ("missing-buttons", _set(["buttons"], _DEL), "buttons: required field is missing"),
    ("missing-keys", _set(["buttons", "keys"], _DEL), "buttons.keys: required field is missing"),
    ("type-players", _set(["max_players"], "4"), 'max_players: must be an integer (got "4")'),
    ("type-bool-int", _set(["led", "count"], True), "led.count: must be an integer (got true)"),
    ("type-clockwise", _set(["segments", 0, "clockwise"], 1), "segments[0].clockwise: must be true or false (got 1)"),
    ("type-segments", _set(["segments"], {"ring": 1}), "segments: must be a list (got an object)"),
    ("type-led", _set(["led"], [2, 108]), "led: must be an object (got [2, 108])"),
    ("type-seg", _set(["segments", 1], "p0"), 'segments[1]: must be an object (got "p0")'),
    ("type-key", _set(["buttons", "keys", 3], 6), "buttons.keys[3]: must be an object (got 6)"),
    ("unknown-field", lambda d: d["power"].update(brightnes=40),
     "power.brightnes: unknown field (known fields: budget_ma, brightness)"),
    ("unknown-top", lambda d: d.update(colour="red"),
     "colour: unknown field (known fields: format, name, description, board, max_players, led, power, "
     "segments, buttons, cp_pins)"),
    ("format-2", _set(["format"], 2), "format: unsupported profile format 2 (this firmware reads format 1)"),
    ("format-missing", _set(["format"], _DEL), "format: required field is missing"),
    ("name-space", _set(["name"], "my table"), "name: must be 1..32 letters, digits, '-' or '_' (got \"my table\")"),
    ("card0", _set(["segments", 0, "card0"], 64), "segments[0].card0: must be 0..63 (got 64)"),
    ("card0-neg", _set(["segments", 0, "card0"], -1), "segments[0].card0: must be 0..63 (got -1)"),
    ("empty-id", _set(["segments", 3, "id"], ""), "segments[3].id: must not be empty"),
    ("positions-1", _set(["segments", 0, "positions"], 1), "segments[0].positions: must be 2..255 (got 1)"),
    ("dup-id", _set(["segments", 2, "id"], "p0"), 'segments[2].id: "p0" already used by segments[1]'),
    ("two-play-areas", lambda d: d["segments"].append(
        {"id": "g", "kind": "grid", "start": 108, "width": 2, "height": 2, "serpentine": False}),
     'segments[5].kind: a table has one play area: "grid" here and "ring" at segments[0]'),
    ("no-play-area", _set(["segments", 0], {"id": "dark", "kind": "skip", "start": 0, "count": 64}),
     'segments: needs one "ring" or "grid" segment (the play area)'),
    ("no-segments", _set(["segments"], []),
     "segments: must list at least the play area (a ring or a grid) and the panels"),
    ("pull-down", _set(["buttons", "pull"], "down"), 'buttons.pull: must be one of up (got "down")'),
    ("long-range", _set(["buttons", "long_ms"], 20), "buttons.long_ms: must be 100..10000 (got 20)"),
    ("debounce-range", _set(["buttons", "debounce_ms"], 0), "buttons.debounce_ms: must be 1..500 (got 0)"),
    ("long-short-2", lambda d: d["buttons"].update(debounce_ms=300, long_ms=200),
     "buttons.long_ms: must be longer than buttons.debounce_ms (300)"),
]

BAD_GRID8 = [
    ("row-range", _set(["buttons", "keys", 0, "row"], 4), "buttons.keys[0].row: must be 0..3 (got 4)"),
    ("col-range", _set(["buttons", "keys", 0, "col"], -1), "buttons.keys[0].col: must be 0..3 (got -1)"),
    ("cell-twice", _set(["buttons", "keys", 1, "col"], 0), "buttons.keys[1]: row 0 col 0 already used by buttons.keys[0]"),
    ("row-pin-twice", _set(["buttons", "rows", 1], 3), "buttons.rows[1]: GP3 already used by buttons.rows[0]"),
    ("col-pin-row", _set(["buttons", "cols", 2], 4), "buttons.cols[2]: GP4 already used by buttons.rows[1]"),
    ("col-pin-led", _set(["buttons", "cols", 0], 2), "buttons.cols[0]: GP2 already used by led.pin"),
    ("col-pin-bad", _set(["buttons", "cols", 0], 24),
     "buttons.cols[0]: GP24 is not a usable Pico GPIO (use 0..22 or 26..28)"),
    ("rows-empty", _set(["buttons", "rows"], []), "buttons.rows: must list at least one pin"),
    ("matrix-pin-key", _set(["buttons", "keys", 0, "pin"], 5),
     "buttons.keys[0].pin: unknown field (known fields: row, col, player, role)"),
    ("grid-width", _set(["segments", 0, "width"], 1), "segments[0].width: must be 2..32 (got 1)"),
    ("grid-origin", _set(["segments", 0, "origin"], "centre"),
     'segments[0].origin: must be one of top-left, top-right, bottom-left, bottom-right (got "centre")'),
    ("grid-serpentine-type", _set(["segments", 0, "serpentine"], "yes"),
     'segments[0].serpentine: must be true or false (got "yes")'),
]

# The private hand panels (grid8hands: segments 2, 4, 6, 8 are the hand panels of seats 0..3).
BAD_HANDS = [
    ("hand-one-short", lambda d: d["segments"].__setitem__(8, {"id": "dark", "kind": "skip", "start": 318,
                                                               "count": 70}),
     'segments: no hand panel for player 3 (with one "hand" segment, each player 0..3 needs one)'),
    ("hand-twice", _set(["segments", 4, "player"], 0),
     'segments[4].player: player 0 already has hand panel "h0" (segments[2])'),
    ("hand-sizes", lambda d: d["segments"][8].update({"width": 8, "height": 7}) or d["segments"].append(
        {"id": "dark", "kind": "skip", "start": 374, "count": 14}),
     "segments[8]: hand panel 8x7, but segments[2] is 10x7 (every seat's hand panel has the same size)"),
    ("hand-wide", _set(["segments", 2, "width"], 17), "segments[2].width: must be 2..16 (got 17)"),
    ("hand-seat", _set(["segments", 2, "player"], 4), "segments[2].player: must be 0..3 (got 4)"),
]


@pytest.mark.parametrize("name, mutate, message", [("ring4",) + c[1:] for c in BAD_RING4]
                         + [("grid8",) + c[1:] for c in BAD_GRID8]
                         + [("grid8hands",) + c[1:] for c in BAD_HANDS],
                         ids=[c[0] for c in BAD_RING4 + BAD_GRID8 + BAD_HANDS])
def test_bad_profile_refused_with_message(name, mutate, message):
    src = raw(name)
    load_profile(copy.deepcopy(src))  # the unmutated profile is fine
    mutate(src)
    assert refused(src) == message


@pytest.mark.parametrize("text, message", [
    ("{", "profile: not valid JSON ("),
    ("[1, 2]", "profile: must be a JSON object (got [1, 2])"),
    ("", "profile: not valid JSON ("),
])
def test_bad_text_refused(text, message):
    assert refused(text).startswith(message)


def test_not_text_or_dict_refused():
    assert refused(42) == "profile: must be a JSON object (got 42)"


# --- check_players ------------------------------------------------------------------------------------


def test_check_players_ring_too_small():
    src = raw("ring4")
    src["segments"][0]["positions"] = 12
    src["segments"].append({"id": "dark", "kind": "skip", "start": 48, "count": 16})
    p = load_profile(src)
    assert check_players(p, "vampiring", 2) == 12
    with pytest.raises(ProfileError) as e:
        check_players(p, "vampiring", 3)
    assert str(e.value) == ('segments[0] (ring "ring"): 12 positions cannot hold the 14 cards VampiRing '
                            'needs for 3 players (2N+8)')


def test_check_players_grid_outer_ring_too_small():
    p = load_profile(minimal(max_players=4, play={"id": "g", "kind": "grid", "start": 0, "width": 4, "height": 4,
                                                  "serpentine": True}))
    assert ring_positions(p) == 12
    assert check_players(p, "vampiring", 2) == 12
    with pytest.raises(ProfileError) as e:
        check_players(p, "vampiring", 3)
    assert str(e.value) == ('segments[0] (grid "g"): the outer ring of a 4x4 grid (12 cells) cannot hold '
                            'the 14 cards VampiRing needs for 3 players (2N+8)')


def test_check_players_card_count_and_limits():
    p = load_profile(raw("ring4"))
    assert check_players(p, 16, 4) == 16
    with pytest.raises(ProfileError, match=r"^segments\[0\] \(ring \"ring\"\): 16 positions cannot hold 17 cards$"):
        check_players(p, 17, 2)
    with pytest.raises(ProfileError) as e:
        check_players(p, "vampiring", 5)
    assert str(e.value) == 'players: 5 players but table "ring4" has panels and buttons for 4 (max_players)'
    with pytest.raises(ProfileError, match=r"^game: unknown game 'chess' \(known: vampiring, dracula[a-z_, ]*\)"):
        check_players(p, "chess", 2)
    for bad in (0, -1, "2", True):
        with pytest.raises(ProfileError, match=r"^players: must be a positive integer"):
            check_players(p, "vampiring", bad)
    for bad in (0, 1.5, None):
        with pytest.raises(ProfileError, match=r"^game: must be a game name or a ring card count"):
            check_players(p, bad, 2)


def test_ring6_hosts_six_families():
    p = load_profile(raw("ring6"))
    for n in range(2, 7):
        assert check_players(p, "vampiring", n) == 2 * n + 8


# --- robustness: any mutation gives a profile or a ProfileError, nothing else ----------------------


def _paths(obj, prefix=()):
    out = [prefix] if prefix else []
    if isinstance(obj, dict):
        for k in obj:
            out += _paths(obj[k], prefix + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, prefix + (i,))
    return out


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-300, 300) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=6,
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["ring4", "grid8"]), st.data())
def test_any_mutation_is_loaded_or_refused_cleanly(name, data):
    src = raw(name)
    paths = _paths(src)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        node = src
        try:
            for k in path[:-1]:
                node = node[k]
            if data.draw(st.booleans()):
                if isinstance(node, list):
                    node.pop(path[-1])
                else:
                    del node[path[-1]]
            else:
                node[path[-1]] = data.draw(_JSON)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation removed or replaced this path
    try:
        p = load_profile(src)
    except ProfileError as e:
        head = str(e).split(": ", 1)
        assert len(head) == 2 and head[0] and head[1], str(e)
    else:
        assert load_profile(p) == p


def _small_hands_message():
    """A table whose hand panels are 8x7 refuses the card game (it needs 10x7)."""
    src = raw("grid8hands")
    at = 64
    for s in src["segments"][1:]:
        s["start"] = at
        if s["kind"] == "hand":
            s["width"] = 8
        at += segment_span(dict({"blood": 8, "status": 3}, **s))[1] - segment_span(
            dict({"blood": 8, "status": 3}, **s))[0] + 1
    src["led"]["count"] = at
    src["name"] = "mine"
    prof = load_profile(src)
    assert check_players(prof, "vampiring", 4) == 16  # a game that asks for no hand panel still fits
    with pytest.raises(ProfileError) as e:
        check_players(prof, "vampire_cards", 4)
    return str(e.value)


def test_hand_panels_too_small_for_a_game_are_refused():
    assert _small_hands_message() == ('segments: the 8x7 hand panels of table "mine" cannot show the 10x7 hand '
                                      'Vampire, the card game needs')


# --- MicroPython ------------------------------------------------------------------------------------


@pytest.mark.micropython
def test_same_results_under_micropython(tmp_path):
    cases = [(c[0], "ring4", c[1]) for c in BAD_RING4] + [(c[0], "grid8", c[1]) for c in BAD_GRID8]
    bad = {}
    for cid, name, mutate in cases:
        src = raw(name)
        mutate(src)
        bad[cid] = src
    texts = {p.stem: p.read_text() for p in PROFILES}
    data = tmp_path / "cases.json"
    ids = sorted(bad)
    data.write_text("\n".join([json.dumps(texts)] + [json.dumps([k, bad[k]]) for k in ids]) + "\n")
    # Results stream out one line each: retaining them would fragment the small heap.
    code = (
        "import json\n"
        "from nightboard.table.profile import load_profile, load_profile_file, check_players, ProfileError\n"
        "f = open(%r)\n"
        "texts = json.loads(f.readline())\n"
        "for k in sorted(texts):\n"
        "    p = load_profile(texts[k])\n"
        "    assert load_profile_file('hardware/profiles/' + k + '.json') == p\n"
        "    print(json.dumps(['ok', k, p]))\n"
        "texts = None\n"
        "for line in f:\n"
        "    k, src = json.loads(line)\n"
        "    try:\n"
        "        load_profile(src); r = None\n"
        "    except ProfileError as e:\n"
        "        r = str(e)\n"
        "    print(json.dumps(['bad', k, r]))\n"
        "f.close()\n"
        "p = load_profile_file('hardware/profiles/ring4.json')\n"
        "for n in (4, 5):\n"
        "    try:\n"
        "        r = check_players(p, 'vampiring', n)\n"
        "    except ProfileError as e:\n"
        "        r = str(e)\n"
        "    print(json.dumps(['players', n, r]))\n"
    ) % str(data)
    got = {"ok": {}, "bad": {}, "players": {}}
    for line in run_mpy(code).strip().splitlines():
        what, k, r = json.loads(line)
        got[what][k] = r
    assert got["ok"] == {k: load_profile(t) for k, t in texts.items()}
    want_bad = {}
    for cid, src in bad.items():
        with pytest.raises(ProfileError) as e:
            load_profile(src)
        want_bad[cid] = str(e.value)
    assert got["bad"] == want_bad
    assert got["players"][4] == 16
    assert got["players"][5] == 'players: 5 players but table "ring4" has panels and buttons for 4 (max_players)'


# --- docs/profiles.md stays true -------------------------------------------------------------------------


def test_documented_messages_are_the_real_ones():
    produced = set()
    produced.add(_small_hands_message())
    for cases, name in ((BAD_RING4, "ring4"), (BAD_GRID8, "grid8"), (BAD_HANDS, "grid8hands")):
        for _, mutate, message in cases:
            produced.add(message)
    src = raw("ring4")
    src["segments"][0]["positions"] = 12
    src["segments"].append({"id": "dark", "kind": "skip", "start": 48, "count": 16})
    small_grid = load_profile(minimal(max_players=4, play={"id": "g", "kind": "grid", "start": 0, "width": 4,
                                                           "height": 4, "serpentine": True}))
    for prof, n in ((load_profile(src), 3), (small_grid, 3), (load_profile(raw("ring4")), 5)):
        with pytest.raises(ProfileError) as e:
            check_players(prof, "vampiring", n)
        produced.add(str(e.value))
    produced.add(refused("[1, 2]"))
    for data in past_each_limit().values():
        with pytest.raises(ProfileError) as e:
            load_profile(data)
        produced.add(str(e.value))
    doc = (ROOT / "docs" / "profiles.md").read_text()
    table = doc[doc.index("## Messages"):doc.index("## For programmers")]
    documented = []
    for line in table.splitlines():
        if line.startswith("| ") and "`" in line:
            documented += line.split("|")[2].split("`")[1::2]
    assert len(documented) > 40
    missing = [m for m in documented if "..." not in m and m not in produced]
    assert not missing, missing


# --- one table of limits, the same on the host and the board (issue 20, item 3) -------------------------

def at_every_limit():
    """A profile at every limit of LIMITS at once: the longest strings, the most segments, keys and matrix
    lines, nested as deep and as large a file as allowed. Returns its bytes."""
    from nightboard.table.profile import LIMITS

    n_id = LIMITS["id"]
    rows = list(range(3, 3 + LIMITS["lines"]))  # GP3..GP18
    cols = [19, 20]
    keys = []
    for p in range(MAX_PLAYERS):
        for r, role in enumerate(("mode", "move", "look", "ok")):
            k = p * 4 + r
            keys.append({"row": k // 2, "col": k % 2, "player": p, "role": role})
    segs = [{"id": "ring".ljust(n_id, "r"), "kind": "ring", "start": 0, "positions": 20}]
    start = 20
    for p in range(MAX_PLAYERS):
        segs.append({"id": ("panel%d" % p).ljust(n_id, "p"), "kind": "panel", "player": p, "start": start})
        start += 11
    while len(segs) < LIMITS["segments"]:
        segs.append({"id": ("skip%d" % len(segs)).ljust(n_id, "s"), "kind": "skip", "start": start, "count": 1})
        start += 1
    prof = {"format": 1, "name": "n" * n_id, "description": "d" * LIMITS["description"], "board": "b" * n_id,
            "max_players": MAX_PLAYERS, "led": {"pin": 2, "count": start}, "power": {"budget_ma": 1800},
            "segments": segs, "buttons": {"kind": "matrix", "rows": rows, "cols": cols, "keys": keys},
            "_nest": [[[[[[[0]]]]]]]}  # the object and 7 lists: LIMITS["depth"] deep
    assert LIMITS["keys"] == len(keys) and LIMITS["depth"] == 8
    text = json.dumps(prof).encode()
    assert len(text) <= LIMITS["file_bytes"]
    return text + b" " * (LIMITS["file_bytes"] - len(text))


def past_each_limit():
    """{which limit: a profile one past it and at every other limit}."""
    base = at_every_limit()
    p = json.loads(base)
    out = {}

    def case(name, change):
        q = json.loads(base)
        change(q)
        out[name] = json.dumps(q).encode()

    case("description", lambda q: q.__setitem__("description", q["description"] + "d"))
    case("name", lambda q: q.__setitem__("name", q["name"] + "n"))
    case("board", lambda q: q.__setitem__("board", q["board"] + "b"))
    case("segment id", lambda q: q["segments"][3].__setitem__("id", q["segments"][3]["id"] + "p"))

    def more_segments(q):
        q["segments"].append({"id": "one more", "kind": "skip", "start": q["led"]["count"], "count": 1})
        q["led"]["count"] += 1
    case("segments", more_segments)
    case("keys", lambda q: q["buttons"]["keys"].append(dict(q["buttons"]["keys"][0])))
    case("rows", lambda q: q["buttons"]["rows"].append(21))
    case("depth", lambda q: q.__setitem__("_nest", [q["_nest"]]))
    out["file size"] = base + b" "
    assert len(p["segments"]) == 32
    return out


PAST_MESSAGES = {
    "description": "description: 257 characters, more than the 256 a profile may have",
    "name": "name: must be 1..32 letters, digits, '-' or '_' (got \"nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn\")",
    "board": "board: 33 characters, more than the 32 a profile may have",
    "segment id": "segments[3].id: 33 characters, more than the 32 a profile may have",
    "segments": "segments: 33 entries, more than the 32 a profile may have",
    "keys": "buttons.keys: 25 entries, more than the 24 a profile may have",
    "rows": "buttons.rows: 17 pins, more than the 16 a profile may have",
    "depth": "profile: nests arrays or objects more than 8 deep",
    "file size": "profile: the file is 8193 bytes, more than the 8192 a profile may have",
}


def test_a_profile_at_every_limit_is_accepted_and_one_past_each_is_refused_with_its_message(tmp_path):
    from nightboard_host.commands import play

    path = tmp_path / "limits.json"
    path.write_bytes(at_every_limit())
    prof = play.load(str(path))  # the host's check
    assert len(prof["segments"]) == 32 and len(prof["buttons"]["keys"]) == 4 * MAX_PLAYERS
    past = past_each_limit()
    assert sorted(past) == sorted(PAST_MESSAGES)
    for name, data in sorted(past.items()):
        p = tmp_path / (name.replace(" ", "_") + ".json")
        p.write_bytes(data)
        with pytest.raises(ProfileError) as e:
            play.load(str(p))
        assert str(e.value) == "%s: %s" % (p, PAST_MESSAGES[name]), name
        with pytest.raises(ProfileError) as e:
            load_profile(data)
        assert str(e.value) == PAST_MESSAGES[name]


@pytest.mark.micropython
def test_the_board_accepts_the_profile_at_every_limit_and_refuses_one_past_each_with_the_same_message(tmp_path):
    """The board's loader (load_profile_once, as main.py boots, compiled, in a Pico-sized heap) agrees with the
    host's check on every limit; the table then runs on the profile at every limit."""
    (tmp_path / "at.json").write_bytes(at_every_limit())
    names = sorted(past_each_limit())
    for i, name in enumerate(names):
        (tmp_path / ("%d.json" % i)).write_bytes(past_each_limit()[name])
    code = """
import gc, json
from nightboard.table.tablefit import load_profile_once, ProfileError
for i in range(%d):
    try:
        load_profile_once('%s/%%d.json' %% i)
        r = None
    except ProfileError as e:
        r = str(e)
    print(json.dumps([i, r]))
    gc.collect()
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
prof = load_profile_once('%s/at.json')
gc.collect()
t = Table(prof, make_sim_hal(prof), {'game': 'vampiring', 'players': 6, 'seed': 2})
for _ in range(30):
    t.hal.clock.advance(16)
    t.tick()
gc.collect()
print(json.dumps(['table', len(prof['segments']), t.mode, gc.mem_alloc()]))
""" % (len(names), tmp_path, tmp_path)
    lines = [json.loads(line) for line in run_mpy(code, compiled=True).strip().splitlines()]
    got = {names[i]: r for i, r in lines[:-1]}
    assert got == PAST_MESSAGES
    assert lines[-1][:3] == ["table", 32, "game"]
    print("profile at every limit on the board: the table runs, %d bytes of heap in use" % lines[-1][3])
