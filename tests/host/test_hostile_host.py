"""Every host command that reads a file refuses hostile JSON with a clear message and an exit code, never a
traceback (issue 20, "The host"): `--profile` on play, snapshot, flash, run and diagram; `monitor --load`;
`replay`; `snapshot --position` of both games.

The file reading itself (size before reading, nesting before parsing, encoding, JSON) is
host/nightboard_host/jsonfile.py for records, positions and dumps, and the board's own profile loader
for profiles. What a game's from_json makes of valid JSON of the wrong shape is the games' contract
(issue 15): the cases of it issue 20 names are here too, refused with a message.
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from nightboard_host import cli
from nightboard_host.jsonfile import MAX_BYTES, JsonFileError, load_json

BIN = Path(sys.executable).parent


def hostile_files(tmp_path):
    """{kind: path} of files no command may choke on."""
    files = {
        "nested 100000 deep": b"[" * 100000,
        "nested objects 100000 deep": b'{"a":' * 100000,
        "not JSON": b"this is not JSON {",
        "binary garbage": bytes(range(256)) * 16,
        "empty": b"",
        "a JSON number": b"5",
        "a JSON list": b"[1, 2, 3]",
        "a JSON string": b'"position"',
        "null": b"null",
        "an integer of 5000 digits": b"1" * 5000,
        "an object of the wrong shape": b'{"game": 5, "setup": [], "families": "three", "turns": {}}',
    }
    out = {}
    for i, (kind, data) in enumerate(sorted(files.items())):
        p = tmp_path / ("f%d.json" % i)
        p.write_bytes(data)
        out[kind] = p
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:  # sparse: larger than any command reads, cheap to make
        f.truncate(MAX_BYTES + 1)
    out["larger than any command reads"] = huge
    d = tmp_path / "a directory.json"
    d.mkdir()
    out["a directory"] = d
    out["missing"] = tmp_path / "missing.json"
    return out


KINDS = sorted([
    "nested 100000 deep", "nested objects 100000 deep", "not JSON", "binary garbage", "empty", "a JSON number",
    "a JSON list", "a JSON string", "null", "an integer of 5000 digits", "an object of the wrong shape",
    "larger than any command reads", "a directory", "missing"])

COMMANDS = {
    "replay": lambda f, o: ["replay", f],
    "replay --json": lambda f, o: ["replay", "--json", f],
    "snapshot --position": lambda f, o: ["snapshot", "--position", f, "-o", o],
    "snapshot --game dracula --position": lambda f, o: ["snapshot", "--game", "dracula", "--position", f, "-o", o],
    "snapshot --profile": lambda f, o: ["snapshot", "--profile", f, "-o", o],
    "play --profile": lambda f, o: ["play", "--profile", f],
    "play dracula --profile": lambda f, o: ["play", "dracula", "--profile", f],
    "diagram": lambda f, o: ["diagram", f],
    "diagram --sheet": lambda f, o: ["diagram", "--sheet", f],
    "flash --profile": lambda f, o: ["flash", "--profile", f, "--port", "/dev/null"],
    "run --profile": lambda f, o: ["run", "--profile", f],
    "monitor --load": lambda f, o: ["monitor", "--load", f, "--port", "/dev/null"],
}
# A JSON object reaches the board, which has the last word: the monitor test with a simulated board below.
BOARD_NEEDED = {("monitor --load", "an object of the wrong shape")}


@pytest.mark.parametrize("command,kind", [(c, k) for c in sorted(COMMANDS) for k in KINDS
                                          if (c, k) not in BOARD_NEEDED])
def test_every_command_that_reads_a_file_refuses_hostile_json_clearly(command, kind, tmp_path, capsys):
    path = hostile_files(tmp_path)[kind]
    out = tmp_path / "out.png"
    code = cli.main(COMMANDS[command](str(path), str(out)))  # an exception escaping here fails the test
    err = capsys.readouterr().err
    assert code in (1, 2), (code, err)
    assert "Traceback" not in err and err.startswith("nightboard "), err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and len(lines[0]) < 400, err  # one line, not a dump of the file
    name = path.name
    assert name in err or "profile:" in err or "position" in err or "record" in err, err
    assert not out.exists()


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_the_real_command_refuses_nesting_100000_deep(command, tmp_path):
    """The installed `nightboard` script, as users run it: the RecursionError of the issue is gone."""
    path = hostile_files(tmp_path)["nested 100000 deep"]
    argv = COMMANDS[command](str(path), str(tmp_path / "out.png"))
    proc = subprocess.run([str(BIN / "nightboard")] + argv, capture_output=True, text=True, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert proc.returncode in (1, 2) and "Traceback" not in proc.stderr, proc.stderr
    assert "more than 64 deep" in proc.stderr or "more than the 8192" in proc.stderr, proc.stderr


def test_the_loader_s_messages(tmp_path):
    files = hostile_files(tmp_path)
    want = {
        "nested 100000 deep": "nests arrays or objects more than 64 deep",
        "binary garbage": "is not UTF-8 text",
        "empty": "is not valid JSON",
        "not JSON": "is not valid JSON",
        "an integer of 5000 digits": "is not valid JSON",
        "larger than any command reads": "is %d bytes, more than the %d this command reads" % (MAX_BYTES + 1,
                                                                                               MAX_BYTES),
        "a directory": "is a directory, not a file",
        "missing": "cannot read %s: no such file" % files["missing"],
    }
    for kind, words in sorted(want.items()):
        with pytest.raises(JsonFileError) as e:
            load_json(files[kind])
        assert words in str(e.value) and str(files[kind]) in str(e.value), (kind, str(e.value))
    assert load_json(files["a JSON list"]) == [1, 2, 3]
    deep_ok = tmp_path / "ok.json"
    deep_ok.write_text("[" * 64 + "]" * 64)
    assert load_json(deep_ok) is not None  # at the limit: accepted
    deep_ok.write_text('["' + "[" * 1000 + '"]')
    assert load_json(deep_ok) == ["[" * 1000]  # brackets inside a string do not count


# --- valid JSON a game's from_json must refuse (the games' contract, issue 15) ------------------------------

def _vampiring_position(**changes):
    from nightboard.games import vampiring as V

    pos = V.new_game(3, 3).to_json()
    pos.pop("eliminated_turn", None)
    pos.update(changes)
    return pos


GAME_CASES = {
    "dracula rules an object": (["replay"], {"game": "dracula", "setup": {"seed": 1, "rules": {}}, "turns": []}),
    "dracula rules a list": (["replay"], {"game": "dracula", "setup": {"seed": 1, "rules": []}, "turns": []}),
    "eliminated true": (["snapshot", "replay"], _vampiring_position(eliminated=True)),
    "eliminated 1.5": (["snapshot", "replay"], _vampiring_position(eliminated=1.5)),
    "seed of 10^100": (["replay"], {"game": "vampiring", "setup": {"seed": 10 ** 100, "families": 3},
                                    "turns": []}),
}


def _argv(how, path, tmp_path, obj):
    if how == "snapshot":
        return ["snapshot", "--position", str(path), "-o", str(tmp_path / "out.png")]
    return ["replay", str(path)]


def _as_file(how, obj):
    if how == "replay" and "setup" not in obj:
        return {"game": "vampiring", "setup": {"position": obj}, "turns": []}
    return obj


@pytest.mark.parametrize("case", sorted(GAME_CASES))
def test_valid_json_a_game_cannot_use_is_refused_with_a_message(case, tmp_path, capsys):
    hows, obj = GAME_CASES[case]
    for how in hows:
        path = tmp_path / "case.json"
        path.write_text(json.dumps(_as_file(how, obj)))
        try:
            code = cli.main(_argv(how, path, tmp_path, obj))
        except Exception as e:  # noqa: BLE001 - the traceback the issue is about
            raise AssertionError("%s: %s: %s" % (how, type(e).__name__, e))
        err = capsys.readouterr().err
        assert code == 2 and err.startswith("nightboard ") and "Traceback" not in err, (how, code, err)


def test_a_game_s_own_refusal_reaches_the_user_as_a_message(tmp_path, capsys):
    """What the games already refuse (a GameError, a ValueError) is one clear line, on both file paths."""
    bad = _vampiring_position(ring=["tower"] * 14)
    for how in ("snapshot", "replay"):
        path = tmp_path / "bad.json"
        path.write_text(json.dumps(_as_file(how, bad)))
        code = cli.main(_argv(how, path, tmp_path, bad))
        err = capsys.readouterr().err
        assert code == 2 and err.startswith("nightboard ") and "ring" in err and "Traceback" not in err, err


@pytest.mark.parametrize("kind", KINDS)
def test_monitor_load_onto_a_simulated_board_refuses_hostile_json_and_changes_nothing(kind, tmp_path, capsys):
    """monitor --load all the way to a board (the simulated table behind the protocol): whatever the file,
    one clear line, and the table is as it was."""
    import argparse

    from nightboard_host.terminal import monitor
    from nightboard_host.link.client import LocalLink
    from table_driver import Driver

    d = Driver({"game": "vampiring", "players": 3, "seed": 5})
    before = d.table.game.to_json()

    class NotATty:
        def isatty(self):
            return False

    args = argparse.Namespace(port="sim", file="x.json", dump=None, load=str(hostile_files(tmp_path)[kind]),
                              timeout=2.0)
    code = monitor.main(args, stdin=NotATty(), connect=lambda port: LocalLink(d.table))
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("nightboard monitor: ") and "Traceback" not in err, err
    assert len(err.strip().splitlines()) == 1
    assert d.table.game.to_json() == before and d.table.mode == "game"
