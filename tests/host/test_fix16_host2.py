"""Audit 16 (shared code): a position excludes a seed and the setup's options, in a record's setup and in the
protocol's `start`; a `start` with a position takes its game from the position or asks for one; and
`nightboard play` / `snapshot` refuse an option of another game, naming the options the game takes."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy
from nightboard.games import index
from nightboard.games.record import RecordError, replay, setup_from_record
from nightboard_host import cli
from nightboard_host.commands import play
from nightboard_host.link.client import LocalLink
from table_driver import Driver

GAMES = index.names()
ENV = {"PYTHONPATH": "%s:%s" % (ROOT / "firmware", ROOT / "host")}


def _new(name, seed=3):
    mod = index.module(name)
    return mod.new_game(seed, max(2, mod.GAME["players"][0]))


def _players_field(name):
    return [k for k in index.tools(name)["setup"] if k != "seed" and not any(k == o[0] for o in index.facts(name)["options"])][0]


# --- records: a position and a seed exclude each other -------------------------------------------------

@pytest.mark.parametrize("name", GAMES)
def test_a_record_with_a_position_and_a_seed_is_refused_with_both_named(name):
    pos = _new(name).to_json()
    record = {"game": name, "setup": {"position": pos, "seed": 5}, "turns": []}
    with pytest.raises(RecordError) as e:
        setup_from_record(record)
    assert str(e.value) == ("setup: position and seed exclude each other: a position holds its own seed and "
                            "options (give a seed with the options, or a position alone)")
    with pytest.raises(RecordError):
        replay(record)
    assert record["setup"]["position"] == pos  # nothing changed
    # the position alone still replays, and a seed with the options still does
    assert setup_from_record({"game": name, "setup": {"position": pos}}).to_json() == pos
    assert setup_from_record({"game": name, "setup": {"seed": 3}}).seed == 3


@pytest.mark.parametrize("name", GAMES)
def test_a_record_with_a_position_and_a_setup_option_is_refused(name):
    pos = _new(name).to_json()
    extra = [_players_field(name)] + [o[0] for o in index.facts(name)["options"]][:1]
    for key in extra:
        with pytest.raises(RecordError) as e:
            setup_from_record({"game": name, "setup": {"position": pos, key: 3}})
        assert str(e.value).startswith("setup: position and %s exclude each other: " % key)
    with pytest.raises(RecordError) as e:
        setup_from_record({"game": name, "setup": {"position": pos, "colour": 3}})
    assert str(e.value).startswith("setup: position and colour exclude each other: ")


def test_replay_refuses_a_record_with_a_position_and_a_seed(tmp_path):
    ex = json.loads((ROOT / "docs" / "examples" / "vampiring-movement.json").read_text())
    ex["setup"]["seed"] = 5
    path = tmp_path / "both.json"
    path.write_text(json.dumps(ex))
    for extra in ([], ["--json"]):
        r = subprocess.run([sys.executable, "-m", "nightboard_host.cli", "replay", *extra, str(path)],
                           capture_output=True, text=True, env=ENV, timeout=120)
        assert r.returncode == 2, r.stderr
        assert r.stdout == ""
        assert "position and seed exclude each other" in r.stderr and "Traceback" not in r.stderr


def test_every_example_record_still_replays():
    for path in sorted((ROOT / "docs" / "examples").glob("*.json")):
        replay(json.loads(path.read_text()))


# --- the protocol's start ------------------------------------------------------------------------------

def _linked(start=None, name="ring4"):
    d = Driver(start or {"game": "vampiring", "players": 3, "seed": 21}, name=name)
    d.saved()
    return d, LocalLink(d.table)


@pytest.mark.parametrize("extra, key", [
    ({"seed": 5}, "seed"),
    ({"seed": 0}, "seed"),
    ({"players": 2}, "players"),
    ({"variant": "mansion"}, "variant"),
    ({"seed": 5, "players": 2}, "players"),
])
def test_start_with_a_position_and_a_seed_or_options_is_refused_and_changes_nothing(extra, key):
    d, link = _linked()
    before = d.table.game.to_json()
    pos = index.module("vampiring").new_game(4, 2).to_json()
    r = link.request("start", game="vampiring", position=pos, **extra)
    assert r["ok"] is False
    assert r["error"] == ("position and %s exclude each other: a position holds its own seed, players and "
                          "options" % key)
    assert d.table.game.to_json() == before and d.table.mode == "game"
    r = link.request("start", game="vampiring", position=pos)  # the position alone starts
    assert r["ok"] is True and d.table.game.to_json() == pos


def test_start_takes_the_game_from_the_position_when_the_request_names_none():
    d, link = _linked()
    pos = _new("vampire_cards", 6).to_json()
    assert pos["game"] == "vampire_cards"
    r = link.request("start", position=pos)
    assert r["ok"] is True and r["game"] == "vampire_cards"
    assert d.table.game.to_json() == pos
    d2, link2 = _linked(name="grid8")
    pos = _new("dracula", 2).to_json()
    r = link2.request("start", position=pos)
    assert r["ok"] is True and r["game"] == "dracula" and d2.table.game.to_json() == pos


@pytest.mark.parametrize("position", [
    {"hunters": 2, "dracula": "c3"},  # a Dracula position that does not say so
    {"families": 2},
    {},
    {"game": 5},
    [1],
    "x",
])
def test_start_with_a_position_that_names_no_game_asks_for_its_game(position):
    d, link = _linked()
    before = d.table.game.to_json()
    r = link.request("start", position=position)
    assert r["ok"] is False
    assert r["error"] == ("a position needs its game: give game with it (one of %s)" % ", ".join(GAMES))
    assert d.table.game.to_json() == before and d.table.mode == "game"


def test_start_with_a_game_and_another_games_position_is_refused():
    d, link = _linked()
    before = d.table.game.to_json()
    r = link.request("start", game="vampiring", position=_new("vampire_cards").to_json())
    assert r["ok"] is False and "vampire_cards" in r["error"]
    assert d.table.game.to_json() == before


def test_start_without_a_position_still_defaults_to_the_first_game():
    d, link = _linked()
    r = link.request("start", players=2, seed=9)
    assert r["ok"] is True and r["game"] == GAMES[0]


MPY_SCRIPT = """
import gc
import json
from nightboard.games import index
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once
from nightboard.table.protocol import Protocol, BadRequest
from nightboard.table import protocol_kinds as PK

prof = load_profile_once("hardware/profiles/ring4.json")
hal = make_sim_hal(prof)
cards = index.module("vampire_cards").new_game(6, 3).to_json()
pos = index.module("vampiring").new_game(4, 2).to_json()
gc.collect()
t = Table(prof, hal, {"game": "vampiring", "players": 2, "seed": 21})
p = Protocol(None)
for req in ({"req": "start", "game": "vampiring", "position": pos, "seed": 5},
            {"req": "start", "position": pos, "players": 2},
            {"req": "start", "position": {"families": 2}},
            {"req": "start", "position": [1]},
            {"req": "start", "position": cards}):
    req["id"] = 1
    gc.collect()
    try:
        r = PK.dispatch(p, t, req, 0)
        print(json.dumps({"ok": True, "mode": r["mode"], "game": r["game"]}))
    except (BadRequest, ValueError) as e:
        print(json.dumps({"ok": False, "error": str(e), "game": t.program["name"]}))
"""


@pytest.mark.micropython
def test_the_start_checks_answer_the_same_under_micropython():
    # The answers, not the memory: this script holds two whole positions besides the running game, and a
    # Pico's heap has no room for that and a second game at once (the same with main's firmware), so it
    # runs in a larger heap.
    m = run_mpy(MPY_SCRIPT, heap="512k", compiled=True).splitlines()
    c = subprocess.run([sys.executable, "-c", MPY_SCRIPT], capture_output=True, text=True, check=True, cwd=str(ROOT),
                       env={"PYTHONPATH": str(ROOT / "firmware")}).stdout.splitlines()
    got = [json.loads(x) for x in m]
    assert got == [json.loads(x) for x in c]
    assert [g["ok"] for g in got] == [False, False, False, False, True]
    assert got[0]["error"].startswith("position and seed exclude each other")
    assert got[1]["error"].startswith("position and players exclude each other")
    assert got[2]["error"].startswith("a position needs its game") and got[3] == got[2]
    assert got[4]["game"] == "vampire_cards"


# --- nightboard play / snapshot: another game's option -------------------------------------------------

def _args(*argv):
    return cli.build_parser().parse_args(["play"] + list(argv))


def _own_flags(name):
    facts = index.tools(name)
    out = []
    for opt, values in facts["options"]:
        flag = facts["flags"].get(opt)
        if flag is None:
            flag = ("--no-" if values[0] is True else "--") + opt if isinstance(values[0], bool) else "--" + opt
        out.append(flag)
    return out


def _foreign(name):
    """[(flag, a value or None for a switch)] of the other games' options that this game does not take."""
    mine = _own_flags(name)
    out = []
    for flag, _opt, values, _games in play._flags():
        if flag not in mine:
            out.append((flag, None if isinstance(values[0], bool) else str(values[-1])))
    return out


@pytest.mark.parametrize("name", GAMES)
def test_play_refuses_every_option_of_another_game_naming_the_ones_it_takes(name):
    foreign = _foreign(name)
    assert foreign  # every game lacks some other game's option
    for flag, value in foreign:
        argv = [name, "--seed", "3", flag] + ([value] if value is not None else [])
        with pytest.raises(play.OptionError) as e:
            play.play_options(_args(*argv))
        msg = str(e.value)
        assert msg.startswith("%s: not an option of %s" % (flag, name)), msg
        for own in _own_flags(name):
            assert own in msg, msg


@pytest.mark.parametrize("name", GAMES)
def test_play_still_takes_the_games_own_options(name):
    prof, start = play.play_options(_args(name, "--seed", "3"))
    assert start["game"] == name


def test_play_names_every_foreign_option_given():
    with pytest.raises(play.OptionError) as e:
        play.play_options(_args("vampire_cards", "--level", "3", "--variant", "mansion", "--rounds", "20"))
    assert str(e.value) == ("--variant, --level, --rounds: not options of vampire_cards (its options: --dawn, --board)")


def test_nightboard_play_with_another_games_option_exits_2_and_starts_nothing():
    for argv in (["vampire_cards", "--level", "3"], ["vampire_cards", "--level", "3", "--script", "r"],
                 ["dracula", "--no-preview"], ["vampiring", "--rounds", "20"], ["vampempire", "--variant", "mansion"]):
        r = subprocess.run([sys.executable, "-m", "nightboard_host.cli", "play", *argv], stdin=subprocess.DEVNULL,
                           capture_output=True, text=True, env=ENV, timeout=120)
        assert r.returncode == 2, (argv, r.stderr)
        assert r.stdout == "", (argv, r.stdout)
        assert r.stderr.startswith("nightboard play: %s: not an option of %s" % (argv[1], argv[0])), r.stderr
        assert "Traceback" not in r.stderr


def test_snapshot_refuses_another_games_option(tmp_path):
    out = tmp_path / "x.png"
    r = subprocess.run([sys.executable, "-m", "nightboard_host.cli", "snapshot", "--game", "vampire_cards", "--level",
                        "3", "-o", str(out)], capture_output=True, text=True, env=ENV, timeout=120)
    assert r.returncode == 2 and not out.exists()
    assert r.stderr.startswith("nightboard snapshot: --level: not an option of vampire_cards"), r.stderr


# --- records: the game of a record that names none ----------------------------------------------------

@pytest.mark.parametrize("name", GAMES[1:])
def test_a_record_without_game_plays_the_game_its_position_names(name, tmp_path):
    pos = _new(name).to_json()
    assert pos["game"] == name
    record = {"setup": {"position": pos}, "turns": []}
    assert setup_from_record(record).to_json() == pos
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    r = subprocess.run([sys.executable, "-m", "nightboard_host.cli", "replay", "--json", str(path)],
                       capture_output=True, text=True, env=ENV, timeout=120)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)  # its own explainer's final view


@pytest.mark.parametrize("name", GAMES[1:])
def test_a_record_whose_position_is_of_another_game_says_so(name):
    pos = _new(name).to_json()
    with pytest.raises(RecordError) as e:
        setup_from_record({"game": GAMES[0], "setup": {"position": pos}, "turns": []})
    assert str(e.value) == "setup: the position is for %s, not %s" % (name, GAMES[0])


def test_a_record_without_game_or_a_position_naming_one_is_still_the_first_games():
    ex = json.loads((ROOT / "docs" / "examples" / "vampiring-movement.json").read_text())
    del ex["game"]
    assert "game" not in ex["setup"]["position"]
    replay(ex)
    assert setup_from_record({"setup": {"seed": 5}}).to_json()["game"] == GAMES[0]


def test_play_menu_refuses_a_seed_players_or_option_that_the_menu_would_leave_unused():
    prof, start = play.play_options(_args("--menu"))
    assert start is None  # the menu alone
    for argv, named in ((["--menu", "--seed", "3"], "--seed"), (["--menu", "--players", "2"], "--players"),
                        (["--menu", "--level", "3"], "--level"), (["--menu", "--dawn", "25"], "--dawn")):
        with pytest.raises(play.OptionError) as e:
            play.play_options(_args(*argv))
        assert str(e.value).startswith("--menu starts at the start menu") and named in str(e.value), str(e.value)
