"""Every game's TOOLS (firmware/nightboard/games/<name>/tools.py) as host/nightboard_host/hooks.py reads it: the
required facts present, no key it does not know, and every hook a "package.module:function" path that imports and
names a function; broken copies (a misspelt key, a missing fact, a wrong path) show that the check finds each fault.
And the tools find a game's host parts through hooks.hook only: no module path is built from a game's name."""

import re

import pytest

from mpy_harness import ROOT
from nightboard.games import index
from hooks_helpers import problems, tools_of
from nightboard_host import board_plays, hooks

GAMES = index.names()


def test_the_keys_are_described_once():
    assert set(hooks.FACTS).isdisjoint(hooks.HOOKS)
    assert "format" in hooks.REQUIRED and "setup" in hooks.REQUIRED and "more" not in hooks.REQUIRED
    for key, (default, what) in hooks.HOOKS.items():
        assert what and (default is None or callable(hooks.load(default))), key


@pytest.mark.parametrize("name", GAMES)
def test_every_games_tools_are_complete_known_and_resolve(name):
    assert problems(tools_of(name)) == []
    for key in hooks.HOOKS:  # as the tools find them
        found = hooks.hook(name, key)
        assert found is None or callable(found), key


BROKEN = {
    "a misspelt hook": ({"own_word": "nightboard_host.games.vampiring.explain:own_choice"}, None,
                        "unknown key own_word"),
    "a misspelt fact": ({"turn_word": ("turn", "turns")}, "turn_words", "no turn_words", "unknown key turn_word"),
    "a missing fact": ({}, "setup", "no setup"),
    "no such module": ({"snapshot": "nightboard_host.games.vampiring.snapshots:render_table"}, None,
                       "snapshot: No module named 'nightboard_host.games.vampiring.snapshots'"),
    "no such function": ({"labels": "nightboard_host.games.vampiring.explain:place_label"}, None,
                         "labels: module 'nightboard_host.games.vampiring.explain' has no attribute 'place_label'"),
    "a bare module (the old form)": ({"replay": "nightboard_host.games.vampiring.explain"}, None,
                                     "replay: a hook is \"package.module:function\""),
    "no function": ({"log_lines": "nightboard_host.games.vampiring.explain:json"}, None,
                    "log_lines: nightboard_host.games.vampiring.explain:json is no function"),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
def test_a_broken_copy_of_tools_is_found_out(case):
    more, drop = BROKEN[case][:2]
    broken = dict(tools_of("vampiring"), **more)
    broken.pop(drop, None)
    found = problems(broken)
    said = BROKEN[case][2:]  # the beginning of each problem found
    assert len(found) == len(said) and all(f.startswith(w) for f, w in zip(found, said)), found


def test_the_tools_fail_on_a_wrong_path_and_take_the_default_without_one(monkeypatch):
    tools = tools_of("vampiring")
    monkeypatch.setitem(tools, "labels", "nightboard_host.games.vampiring.explain:place_label")
    with pytest.raises(AttributeError):
        hooks.hook("vampiring", "labels")
    with pytest.raises(KeyError):
        hooks.hook("vampiring", "label")
    with pytest.raises(ValueError):
        hooks.hook("no_such_game", "labels")
    monkeypatch.delitem(tools, "labels")
    assert hooks.hook("vampiring", "labels") is None  # no labels: the terminal shows the LEDs unlabelled
    monkeypatch.delitem(tools, "snapshot_turns")
    assert hooks.hook("vampiring", "snapshot_turns") is board_plays.play_turns


def test_the_default_snapshot_play_is_the_board_in_every_seat():
    from nightboard.games import vampempire

    g = vampempire.new_game(5, 3)
    assert hooks.where("vampempire", "snapshot_turns") == "nightboard_host.board_plays:play_turns"
    assert board_plays.play_turns(g, 2) == 2 and g.turn == 3 and g.phase == "afternoon"
    g = index.module("vampire_cards").new_game(7, 4)
    assert board_plays.play_turns(g, 10000) < 10000 and g.over and board_plays.play_turns(g, 3) == 0


def test_no_host_module_builds_a_hook_path_from_a_games_name():
    """The host finds a game's parts through hooks.hook (TOOLS); a path put together from a name would miss a
    new game's declared hooks."""
    built = re.compile(r"nightboard_host\.games\.(%|\"\s*\+|'\s*\+|\{)|import_module\(|__import__\(\"nightboard_host")
    found = []
    for path in sorted((ROOT / "host" / "nightboard_host").rglob("*.py")):
        text = path.read_text()
        found.extend("%s: %s" % (path.relative_to(ROOT), m.group(0)) for m in built.finditer(text))
    assert [f for f in found if not f.startswith("host/nightboard_host/hooks.py")] == []
