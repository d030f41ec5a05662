"""The Dracula hunt on the host: `nightboard replay`, `play` and `snapshot` options, the terminal table, the
bench's strength and cost functions."""

import json

import pytest
from PIL import Image
from rich.console import Console

from nightboard.games.dracula import state as D
from nightboard.games.record import RecordError, replay
from nightboard.hal.sim import SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard_host import cli
from nightboard_host.games.dracula import bench as dracula_bench, explain as explain_dracula
from nightboard_host.commands import play
from nightboard_host.drawings.snapshot import led_centres
from nightboard_host.terminal.view import KeyFeeder, KeyMap, TerminalView
from table_driver import Driver, profile

EXAMPLE = "docs/examples/dracula-hunt.json"


def _root():
    from mpy_harness import ROOT

    return ROOT


# --- records and replay ---------------------------------------------------------------------------

def test_the_example_record_replays_in_words(capsys):
    assert cli.main(["replay", str(_root() / EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Dracula hunt, playtest rules, level 2, 2 hunters (red, blue), a 5x5 map of 25 rooms")
    assert "\nRound 1\n" in out and "red moves from a1 to a2" in out
    assert "(hidden from the hunters: Dracula goes c3 -> c4 -> b4 -> b5)" in out
    assert "game over: the hunters win" in out


def test_replay_json_is_the_engines_final_state(capsys):
    record = json.loads((_root() / EXAMPLE).read_text())
    assert cli.main(["replay", "--json", str(_root() / EXAMPLE)]) == 0
    assert json.loads(capsys.readouterr().out) == replay(record).to_json()


@pytest.mark.parametrize("seed,level", [(3, 1), (5, 2), (9, 3)])
def test_a_played_game_replays_to_the_same_state(seed, level):
    g, rec = dracula_bench.play(seed, level, "scripted", 3, "classic" if seed % 2 else "playtest", 5, record=True)
    final = replay(rec)
    a, b = final.to_json(), g.to_json()
    a.pop("prng")  # his moves are written in the record, so his random stream is not drawn from again
    b.pop("prng")
    assert a == b
    auto = dict(rec, turns=[dict(t, dracula="auto") if "dracula" in t else t for t in rec["turns"]])
    assert replay(auto).to_json() == g.to_json()  # "auto": the board's mind, same seed, same game


@pytest.mark.parametrize("turns,msg", [
    ([{"hunters": [["fly a2"]]}], r"turns\[0\] \(turn 1\): bad action 'fly a2'"),
    ([{"hunters": [["end"], ["end"]]}], r"turns\[0\] \(turn 1\): hunters must list 1 entries"),
    ([{"hunters": [["end"]], "dracula": {"path": ["a1"]}}], r"a1 is not next to c3"),
    ([{"hunters": [["end"]], "bats": 1}], r"a round has hunters and dracula, not 'bats'"),
])
def test_bad_dracula_records_name_the_place(turns, msg, tmp_path, capsys):
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"game": "dracula", "setup": {"seed": 1, "hunters": 1}, "turns": turns}))
    assert cli.main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightboard replay: ")
    import re

    assert re.search(msg, err), err


def test_record_setup_fields_are_checked():
    with pytest.raises(RecordError, match="setup has an unknown field 'families'"):
        replay({"game": "dracula", "setup": {"seed": 1, "families": 2}, "turns": []})
    with pytest.raises(RecordError, match="setup: hunters must be 1 to 4"):
        replay({"game": "dracula", "setup": {"seed": 1, "hunters": 7}, "turns": []})


def test_every_event_has_words():
    m = D.new_game(1, 1).map
    samples = [
        {"e": "move", "hunter": 0, "from": 20, "to": 15}, {"e": "garlic", "hunter": 1, "room": 6, "found": True},
        {"e": "sun", "hunter": 2, "room": 7}, {"e": "stake", "hunter": 3, "room": 8, "hit": False, "health": 3},
        {"e": "rest", "hunter": 0, "item": "sun"}, {"e": "skip", "hunter": 1}, {"e": "night", "turn": 2},
        {"e": "crypt", "from": 0, "to": 24}, {"e": "bite", "hunter": 0, "room": 3, "lives": 1},
        {"e": "bite", "hunter": 0, "room": 3, "lives": 4, "stake_from": None}, {"e": "dead", "hunter": 0},
        {"e": "sunset", "rooms": [1, 2]}, {"e": "round", "turn": 3},
        {"e": "over", "winner": "dracula", "why": "stakes", "room": 12},
    ]
    words = [explain_dracula.describe(e, m) for e in samples]
    assert words[0] == "red moves from a1 to a2"
    assert words[1] == "blue throws garlic into b4: Dracula is there!"
    assert words[7] == "Dracula travels through the crypts from a5 to e1"
    assert words[9] == "Dracula bites red in d5: the team has 4 lives left"
    assert words[-1] == ("game over: Dracula wins (the hunters have fewer stakes left than Dracula has health); "
                         "Dracula is in c3")
    assert not any(w.startswith("(") for w in words)


# --- play and snapshot options ---------------------------------------------------------------------

def _args(*argv):
    return cli.build_parser().parse_args(["play"] + list(argv))


def test_play_dracula_defaults_to_the_grid_table():
    prof, start = play.play_options(_args("dracula", "--seed", "4"))
    assert prof["name"] == "grid8"
    assert start == {"game": "dracula", "players": 2, "rules": "playtest", "level": 2, "size": 5, "seed": 4}
    prof, start = play.play_options(_args("dracula", "--players", "4", "--rules", "classic", "--level", "1",
                                          "--seed", "2", "--map-size", "7"))
    assert start["players"] == 4 and start["rules"] == "classic" and start["level"] == 1 and start["size"] == 7
    assert "--rules classic --level 1 --map-size 7 --profile grid8" in play.replay_hint(prof, start)
    prof, start = play.play_options(_args("--seed", "4"))
    assert prof["name"] == "ring4" and start["game"] == "vampiring"  # VampiRing as before


@pytest.mark.parametrize("argv,msg", [
    (("dracula", "--players", "5"), "--players: the Dracula hunt is for 1 to 4 hunters (got 5)"),
    (("dracula", "--profile", "ring4"), "needs a grid of at least 5x5 cells"),
    (("dracula", "--map-size", "9"), "a 8x8 grid cannot hold the 9x9 map"),
])
def test_play_dracula_refuses_what_the_table_cannot_host(argv, msg, capsys):
    assert cli.main(["play"] + list(argv)) == 2
    assert msg in capsys.readouterr().err


def test_play_dracula_needs_a_terminal(capsys):
    import io

    assert play.run_play(_args("dracula", "--seed", "1"), stdin=io.StringIO("")) == 2
    assert "needs an interactive terminal" in capsys.readouterr().err


def test_snapshot_draws_a_dracula_position(tmp_path, capsys):
    out = tmp_path / "d.png"
    assert cli.main(["snapshot", "--game", "dracula", "--players", "3", "--seed", "4", "--turns", "2", "--size", "600",
                     "-o", str(out)]) == 0
    assert "grid8, Dracula hunt round 3" in capsys.readouterr().out
    img = Image.open(out)
    assert img.size == (600, 600)
    # the LED dots carry the frame's colours: rebuild the same table and compare a few
    g = D.new_game(4, 3)
    dracula_bench.play_rounds(g, 2)
    from nightboard_host.drawings import snapshot

    t = snapshot.table_at(play.load("grid8"), g)
    centres = led_centres(t.layout, 600)
    rgb = img.convert("RGB")
    for led in list(t.play.draw.room_led)[:10] + list(t.play.draw.health_led):
        assert rgb.getpixel(centres[led]) == t.frame.get(led)


def test_snapshot_of_a_dracula_position_file(tmp_path, capsys):
    pos = tmp_path / "p.json"
    pos.write_text(json.dumps({"hunters": 2, "dracula": "b2", "positions": ["a1", "e5"], "possible": ["b2", "c2"]}))
    out = tmp_path / "d.png"
    assert cli.main(["snapshot", "--game", "dracula", "--position", str(pos), "-o", str(out)]) == 0
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"hunters": 2}))
    assert cli.main(["snapshot", "--game", "dracula", "--position", str(bad), "-o", str(out)]) == 2
    assert "position has no 'dracula'" in capsys.readouterr().err


# --- the terminal table --------------------------------------------------------------------------

def test_the_terminal_view_of_a_hunt_fits_80x24_and_tells_the_events():
    d = Driver({"game": "dracula", "players": 3, "seed": 3}, name="grid8")
    for _ in range(4):
        g = d.table.game
        if g.active >= 0:
            d.tap(g.active, "ok")
        d.settle()
    view = TerminalView(d.table, KeyMap.for_table(d.table), "Nightboard - Dracula hunt", "grid8")
    console = Console(width=80, height=24, record=True, color_system="truecolor", file=open("/dev/null", "w"))
    console.print(view.render(80, 24))
    text = console.export_text()
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= 24 and max(len(x.rstrip()) for x in lines) <= 80
    assert "Dracula hunt, playtest rules," in text and "yellow z x c v" in text
    assert "red moves from a1 to a2" in text
    assert view.players_shown() == 3


def test_a_hunt_played_with_keys_on_the_terminal():
    prof = profile("grid8")
    clock = SimClock(0)
    hal = make_sim_hal(prof, clock=clock)
    t = Table(prof, hal, {"game": "dracula", "players": 1, "seed": 2, "level": 1})
    feeder = KeyFeeder(hal.buttons, KeyMap.for_table(t), clock)
    for _ in range(3000):
        if t.game.over:
            break
        if t.game.active == 0 and not t.play.animating() and not feeder.busy():
            for k in "qqqq":  # mode x4: move, garlic, stake, sun -> end my turn
                feeder.key(k)
            feeder.key("r")
        clock.advance(t.frame_ms)
        feeder.update()
        t.tick()
    assert t.game.turn > 3 or t.game.over


# --- the bench ------------------------------------------------------------------------------------

def test_strength_and_cost_run_on_a_few_games():
    for team in dracula_bench.TEAMS:
        r = dracula_bench.strength(3, team, games=6)
        assert r["games"] == 6 and r["dracula_wins"] + r["hunter_wins"] + r["unfinished"] == 6
        assert 0.0 <= r["win_rate"] <= 1.0
    gentle = dracula_bench.strength(1, "scripted", games=12)
    strong = dracula_bench.strength(3, "scripted", games=12)
    assert strong["dracula_wins"] > gentle["dracula_wins"]
    cost = dracula_bench.decision_cost(3, count=4)
    assert cost["positions"] == 4 and 0 < cost["max_walks"] <= 85 and cost["max_outcomes"] > 0
    assert cost["cpython_max_ms"] > 0
    if cost["micropython_max_ms"] is not None:
        assert cost["micropython_max_ms"] < 50  # the unix port; see docs for the board's estimate


def test_the_teams_never_see_his_room():
    # The scripted team's choices are the same for two games that differ only in his room.
    a = D.from_json({"hunters": 2, "dracula": "b4", "seed": 1})
    b = D.from_json({"hunters": 2, "dracula": "d2", "seed": 1})
    ta, tb = dracula_bench.ScriptedTeam(5), dracula_bench.ScriptedTeam(5)
    for _ in range(2):
        assert ta.action(a, a.active) == tb.action(b, b.active)
        a.submit(a.active, "end")
        b.submit(b.active, "end")
