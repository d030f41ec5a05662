"""docs/games.md checked by following it: a sixth game, the tally (tests/contract/sixth_game/), written as the page
says into a new checkout's two homes, with the one other edit it allows, its line in the index; then the start
menu offers it, `nightboard play --script`, `snapshot` and `replay` play it, and the contract test passes for it.

Its files are copied into a temporary directory laid out like the repository and found there as
nightboard.games.tally and nightboard_host.games.tally (the packages' __path__ extended). In a new process the
index line is all it takes; in this one, some modules read the index once, at import (the table's programs,
the play command's choices), and hold what they read: the fixture gives them the new list too.
"""

import importlib
import shutil
import sys

import pytest

import nightboard.games
import nightboard_host.games
import test_contract as C
from mpy_harness import ROOT
from nightboard.games import index
from nightboard_host import cli, hooks
from nightboard_host.commands import play
from nightboard_host.emulation import mpy_runner
from nightboard.table import programs
from table_driver import Driver

NAME = "tally"
HERE = ROOT / "tests" / "contract" / "sixth_game"
HOMES = ("firmware/nightboard/games/%s" % NAME, "host/nightboard_host/games/%s" % NAME)


def _index_line(text):
    """The index with the game's line added to GAMES, as docs/games.md section 7 says."""
    head, tail = text.split("GAMES = (\n", 1)
    entries, rest = tail.split(")\n", 1)
    return head + "GAMES = (\n" + entries + '    "%s",\n' % NAME + ")\n" + rest


def _loaded_indexes():
    """Every copy of the index module this process holds (the table's programs module forgets it after
    reading it, so modules imported before and after hold different copies)."""
    found = {}
    for m in list(sys.modules.values()):
        for v in (m, getattr(m, "index", None)):
            if getattr(v, "__name__", None) == "nightboard.games.index" and hasattr(v, "GAMES"):
                found[id(v)] = v
    return list(found.values())


def _forget_the_game():
    for k in [k for k in sys.modules if k.split(".")[:3] in (["nightboard", "games", NAME],
                                                             ["nightboard_host", "games", NAME])]:
        del sys.modules[k]
    for pkg in (nightboard.games, nightboard_host.games):
        pkg.__dict__.pop(NAME, None)


@pytest.fixture
def tally(tmp_path, monkeypatch):
    for home in HOMES:
        shutil.copytree(HERE / home, tmp_path / home)
    monkeypatch.setattr(nightboard.games, "__path__", list(nightboard.games.__path__) +
                        [str(tmp_path / "firmware/nightboard/games")])
    monkeypatch.setattr(nightboard_host.games, "__path__", list(nightboard_host.games.__path__) +
                        [str(tmp_path / "host/nightboard_host/games")])
    importlib.import_module("nightboard.games.index")  # held from now on: modules imported later take this copy
    for ix in _loaded_indexes():
        assert NAME not in ix.GAMES
        monkeypatch.setattr(ix, "GAMES", ix.GAMES + (NAME,))
    monkeypatch.setattr(programs, "NAMES", programs.NAMES[:-1] + (NAME,) + programs.NAMES[-1:])  # the selftest last
    monkeypatch.setattr(play, "GAMES", tuple(index.names()))
    yield tmp_path
    _forget_the_game()


def test_the_start_menu_offers_it_and_the_table_plays_it(tally):
    d = Driver(None, name="ring4")
    assert NAME in d.table.menu.progs
    for _ in d.table.menu.progs:  # mode picks the next program
        if d.table.menu.options()["game"] == NAME:
            break
        d.tap(0, "mode")
    assert d.table.menu.options()["game"] == NAME and "Tally" in " ".join(d.table.describe())
    d.tap(0, "ok")
    assert type(d.table.play).__name__ == "TallyPlay" and d.table.game.players_count() == 2
    d.tap(0, "mode")  # red adds 2
    d.tap(0, "ok")
    d.tap(1, "ok")  # blue adds 1
    assert d.table.game.tally == 3 and d.table.play.turns_done == 2
    led = d.table.layout.position_led(2, 0)
    assert d.led(led) != (0, 0, 0) and d.led(d.table.layout.position_led(3, 0)) == (0, 0, 0)


def test_nightboard_play_with_a_script_plays_it(tally, capsys):
    # red adds 2 (mode, ok), blue 1 (ok), red 2 (its choice is kept), blue 2 (mode, ok)
    assert cli.main(["play", NAME, "--seed", "3", "--script", "qr f r af"]) == 0
    out = capsys.readouterr().out
    assert "Tally, turn 5: 7" in out and "red to add 2" in out
    # the log in words: its log_lines hook, found in its host package
    assert "blue adds 2: 7" in out and "red adds 2: 2" in out


def test_nightboard_snapshot_and_replay_take_the_defaults(tally, capsys, tmp_path):
    assert hooks.where(NAME, "snapshot_turns") == "nightboard_host.board_plays:play_turns"
    assert hooks.hook(NAME, "snapshot") is None and hooks.hook(NAME, "replay") is None
    png = tmp_path / "tally.png"
    assert cli.main(["snapshot", "--game", NAME, "--seed", "3", "--turns", "3", "--size", "200",
                     "-o", str(png)]) == 0
    assert "Tally turn 4 (3 turns played here)" in capsys.readouterr().out and png.stat().st_size > 1000
    record = tmp_path / "tally.json"
    record.write_text('{"game": "tally", "setup": {"seed": 3, "players": 2}, '
                      '"turns": [[0, 2], [1, 2], [0, 2], [1, 2], [0, 1]]}')
    assert cli.main(["replay", str(record)]) == 0
    out = capsys.readouterr().out
    assert out.count("\nturn ") + out.startswith("turn ") == 5 and '"tally": 9' in out and '"goal": null' in out


def test_its_hooks_and_facts_pass_the_tools_check(tally):
    from hooks_helpers import problems, tools_of

    assert problems(tools_of(NAME)) == []
    assert hooks.hook(NAME, "log_lines").__module__ == "nightboard_host.games.tally.explain"


def test_the_contract_holds_for_it(tally):
    C.test_facts_are_complete(NAME)
    for seed in range(12):
        C.test_random_legal_play_reaches_the_end_and_every_state_round_trips(NAME, seed)
    for seed in range(4):
        C.test_illegal_actions_are_refused_with_nothing_changed(NAME, seed)
    C.test_twins_are_positions_that_differ_in_a_hidden_fact(NAME)
    C.test_non_interference_of_views_until_a_rule_reveals(NAME)
    C.test_refusals_say_nothing_of_a_hidden_fact(NAME)
    C.test_non_interference_of_frames_and_protocol_replies(NAME)


def test_the_contract_holds_for_it_on_micropython(tally, monkeypatch):
    """The MicroPython checks run on a copy of firmware/ with the game's package and its index line in it."""
    fw = tally / "checkout" / "firmware"
    shutil.copytree(ROOT / "firmware", fw, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(tally / HOMES[0], fw / "nightboard" / "games" / NAME)
    ix = fw / "nightboard" / "games" / "index.py"
    ix.write_text(_index_line(ix.read_text()))
    monkeypatch.setattr(mpy_runner, "FIRMWARE", fw)
    # as .py files (the .mpy build is of the real firmware/), so with more heap than a Pico's for compiling
    monkeypatch.setattr(C, "run_mpy", lambda code, compiled=False, **kw: mpy_runner.run_mpy(code, heap="1M", **kw))
    C.test_seeded_games_are_the_same_on_micropython(NAME)
    C.test_the_board_imports_only_the_chosen_games_modules(NAME)
