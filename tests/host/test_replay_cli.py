"""`nightboard replay`: hand-written records replay to the same final state, bad ones are refused."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT
from nightboard.games.vampiring import state as V
from nightboard.games.record import RecordError, replay
from nightboard_host.cli import main

EXAMPLES = ROOT / "docs" / "examples"


def run_cli(*args):
    proc = subprocess.run([sys.executable, "-m", "nightboard_host.cli", *args], capture_output=True, text=True,
                          env={"PYTHONPATH": "%s:%s" % (ROOT / "firmware", ROOT / "host")})
    return proc.returncode, proc.stdout, proc.stderr


def test_replay_prints_each_turn_in_words():
    code, out, err = run_cli("replay", str(EXAMPLES / "vampiring-movement.json"))
    assert code == 0, err
    assert "Turn 1" in out and "Turn 2" in out
    assert "yellow wolf then rides the carriage 2 steps from carriage (card 8) to garlic (card 6)" in out
    assert "yellow bat finds the parchment and goes home to home-yellow (card 7)" in out
    assert "red man wounds red bat" in out


def test_replay_json_matches_the_engine(tmp_path):
    code, out, err = run_cli("replay", "--json", str(EXAMPLES / "vampiring-seed.json"))
    assert code == 0, err
    final = json.loads(out)
    g = V.new_game(5, 2, "mansion", True)
    for turn in (["A cw", "B ccw"], ["B cw", "A cw"], ["A ccw", "B ccw"]):
        g.apply_actions(turn)
    want = g.to_json()
    for key in ("vampires", "drops", "eliminated_turn", "winner", "scores", "turn"):
        assert final[key] == want[key]
    assert final["eliminated"] == []


def test_a_record_played_to_the_end_replays_to_the_same_state(tmp_path):
    g = V.new_game(77, 3)
    turns = []
    k = 0
    while not g.over:
        t = [("A cw", "B ccw", "B cw", "A ccw")[(k * 5 + f) % 4] if g.alive(f) else None for f in range(3)]
        g.apply_actions(t)
        turns.append(t)
        k += 1
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"game": "vampiring", "setup": {"seed": 77, "families": 3}, "turns": turns}))
    code, out, err = run_cli("replay", "--json", str(path))
    assert code == 0, err
    final = json.loads(out)
    assert final["winner"] == g.to_json()["winner"] and final["scores"] == g.scores()
    code, out, err = run_cli("replay", str(path))
    assert "game over" in out


BAD_RECORDS = [
    ("[1, 2]", "a record is a JSON object"),
    ('{"game": "chess", "setup": {"seed": 1}}', "unknown game 'chess'"),
    ('{"setup": {"families": 2}}', "setup needs a seed or a position"),
    ('{"setup": {"seed": 1, "players": 2}}', "unknown field 'players'"),
    ('{"setup": {"seed": 1, "families": 9}}', "setup: families must be 2 to 6"),
    ('{"setup": {"seed": 1}, "turns": [["A cw"]]}', "turns\\[0\\] \\(turn 1\\): a turn needs 2 entries"),
    ('{"setup": {"seed": 1}, "turns": [["A cw", "sideways"]]}', "turns\\[0\\] \\(turn 1\\): bad action"),
    ('{"setup": {"seed": 1}, "turns": [{"red": "A cw", "pink": "A cw"}]}', "unknown family 'pink'"),
    ('{"setup": {"position": {"families": 2}}}', "setup: position has no 'ring'"),
    ('{"setup": {"seed": 1}, "turns": 5}', "turns must be a list"),
    ("{not json", "is not valid JSON"),
]


@pytest.mark.parametrize("text,msg", BAD_RECORDS, ids=[m for _, m in BAD_RECORDS])
def test_bad_records_get_a_clear_message(tmp_path, capsys, text, msg):
    path = tmp_path / "bad.json"
    path.write_text(text)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("nightboard replay: ")
    import re

    assert re.search(msg, err), err


def test_missing_record_file(capsys, tmp_path):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_turns_after_the_end_are_refused():
    g = V.new_game(77, 2)
    turns = []
    while not g.over:
        g.apply_actions(["A cw", "B ccw"] if len(turns) % 2 else ["B cw", "A cw"])
        turns.append(["A cw", "B ccw"] if len(turns) % 2 else ["B cw", "A cw"])
    with pytest.raises(RecordError, match="already over"):
        replay({"setup": {"seed": 77, "families": 2}, "turns": turns + [["A cw", "A cw"]]})
