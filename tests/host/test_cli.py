"""The `nightboard` command as a user meets it: pipes, terminals, scripted play (issue 21, items 1 and 9)."""

import os
import pty
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENV = dict(os.environ, PYTHONPATH="%s:%s" % (ROOT / "firmware", ROOT / "host"))
EXAMPLE = ROOT / "docs" / "examples" / "vampiring-movement.json"


def _cli(*args, **kw):
    return [sys.executable, "-m", "nightboard_host.cli", *args]


def test_a_reader_that_goes_away_ends_the_command_quietly():
    # `nightboard replay ... | head -1`: the pipe closes after one line; no BrokenPipeError traceback
    proc = subprocess.Popen(_cli("replay", str(EXAMPLE)), stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV)
    first = proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert first  # it did print
    assert "Traceback" not in err and "BrokenPipe" not in err, err


def test_a_pipe_closed_before_the_first_line_is_no_error():
    r, w = os.pipe()
    os.close(r)  # the reader is gone before anything is written: every write fails with EPIPE
    try:
        proc = subprocess.run(_cli("replay", str(EXAMPLE)), stdout=w, stderr=subprocess.PIPE, text=True, env=ENV,
                              timeout=60)
    finally:
        os.close(w)
    assert proc.returncode == 1
    assert proc.stderr == "", proc.stderr


def test_replay_through_head_in_a_shell():
    r = subprocess.run("%s -m nightboard_host.cli replay %s | head -2" % (sys.executable, EXAMPLE), shell=True,
                       capture_output=True, text=True, env=ENV, timeout=60)
    assert len(r.stdout.splitlines()) == 2
    assert "Traceback" not in r.stderr and "BrokenPipe" not in r.stderr, r.stderr


def test_play_refuses_when_stdout_is_not_a_terminal():
    # `nightboard play | cat`: keys from a terminal but the screen goes into a pipe
    master, slave = pty.openpty()
    try:
        r = subprocess.run(_cli("play", "--seed", "3"), stdin=slave, capture_output=True, text=True, env=ENV,
                           timeout=60)
    finally:
        os.close(slave)
        os.close(master)
    assert r.returncode == 2
    assert "stdout is not one" in r.stderr and "--script" in r.stderr
    assert r.stdout == "" and "Traceback" not in r.stderr


def test_play_refuses_when_stdin_is_not_a_terminal():
    r = subprocess.run(_cli("play", "--seed", "3"), stdin=subprocess.DEVNULL, capture_output=True, text=True,
                       env=ENV, timeout=60)
    assert r.returncode == 2 and "stdin is not one" in r.stderr


def test_a_wrong_option_is_said_before_the_terminal():
    r = subprocess.run(_cli("play", "--profile", "nosuch"), stdin=subprocess.DEVNULL, capture_output=True,
                       text=True, env=ENV, timeout=60)
    assert r.returncode == 2 and "no profile named 'nosuch'" in r.stderr and "terminal" not in r.stderr


def test_play_with_a_script_plays_the_keys_and_tells_the_turn():
    # red and blue confirm their default choice: one whole turn is played and told
    r = subprocess.run(_cli("play", "--seed", "3", "--script", "r f"), capture_output=True, text=True, env=ENV,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    assert "vampiring on ring4" in out and "seed 3" in out
    assert "2 keys played" in out
    assert "turn 1:" in out and "red chose metamorphosis A, clockwise" in out
    assert "blue chose metamorphosis A, clockwise" in out
    assert "VampiRing, castle, turn 2" in out
    # only red confirms: nothing is resolved, blue is still awaited
    r = subprocess.run(_cli("play", "--seed", "3", "--script", "r"), capture_output=True, text=True, env=ENV,
                       timeout=120)
    assert "turn 1" in r.stdout and "waiting for: blue" in r.stdout and "chose" not in r.stdout


def test_a_script_changes_the_choice_like_the_buttons_do():
    # red taps mode (metamorphosis B) and move (anticlockwise) before ok
    r = subprocess.run(_cli("play", "--seed", "3", "--script", "qwr", "--players", "2"), capture_output=True,
                       text=True, env=ENV, timeout=120, input="")
    r2 = subprocess.run(_cli("play", "--seed", "3", "--script", "-"), capture_output=True, text=True, env=ENV,
                        timeout=120, input="qwr\nf\n")
    assert r2.returncode == 0, r2.stderr
    assert "red chose metamorphosis B, anticlockwise" in r2.stdout
    assert r.returncode == 0 and "waiting for: blue" in r.stdout


def test_a_script_with_a_key_that_is_no_button_is_refused():
    r = subprocess.run(_cli("play", "--seed", "3", "--script", "rf7"), capture_output=True, text=True, env=ENV,
                       timeout=60)
    assert r.returncode == 2
    assert "key '7' (character 3) is not a button of this table" in r.stderr
    assert "keys played" not in r.stdout  # nothing was played


def _dump(tmp_path, game="vampiring"):
    import json

    from nightboard.games import vampiring as V

    g = V.new_game(5, 3, "castle", True)
    path = tmp_path / "nightboard-dump.json"
    path.write_text(json.dumps({"format": "nightboard-dump", "version": 1, "game": game, "turn": 1,
                                "position": g.view(None), "state": g.view(None), "events": []}))
    return path


def test_replay_of_a_monitor_dump_says_what_it_is_and_what_to_do(tmp_path):
    path = _dump(tmp_path)
    r = subprocess.run(_cli("replay", str(path)), capture_output=True, text=True, env=ENV, timeout=60)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "is a monitor dump" in r.stderr and "not a game record" in r.stderr
    assert "no setup object" not in r.stderr
    # the advice works: the snapshot it names draws the dump's position
    advice = r.stderr.split("`nightboard snapshot", 1)[1].split("`", 1)[0].replace("board.png", str(tmp_path / "b.png"))
    advice = "snapshot" + advice
    s = subprocess.run(_cli(*advice.split()), capture_output=True, text=True, env=ENV, timeout=120)
    assert s.returncode == 0, s.stderr
    assert (tmp_path / "b.png").read_bytes()[:4] == b"\x89PNG"


def test_replay_of_a_dump_with_no_game(tmp_path):
    import json

    path = tmp_path / "d.json"
    path.write_text(json.dumps({"format": "nightboard-dump", "version": 1, "game": None, "mode": "menu"}))
    r = subprocess.run(_cli("replay", str(path)), capture_output=True, text=True, env=ENV, timeout=60)
    assert r.returncode == 2 and "no game was running" in r.stderr


def test_the_monitor_says_where_its_dump_went(tmp_path, monkeypatch):
    from nightboard_host.terminal import monitor

    class Remote:
        def dump(self):
            return {"format": monitor.DUMP_FORMAT, "position": {}}

    monkeypatch.chdir(tmp_path)
    msg = monitor.write_dump(Remote(), monitor.DEFAULT_FILE)
    assert msg == "dumped the public position to %s" % (tmp_path / monitor.DEFAULT_FILE)


def test_bench_writes_its_own_file_and_keeps_the_baseline(tmp_path, monkeypatch, capsys):
    from nightboard_host.bench import costs as bench

    baseline = bench.RESULTS.read_bytes()
    fake = bench.load_previous()
    fake["latency"] = {"frames_max": 1}
    monkeypatch.setattr(bench, "run", lambda quick=False: fake)  # the figures themselves take minutes
    out = tmp_path / "mine.json"
    assert bench.main(quick=True, out=str(out)) == 0
    assert bench.RESULTS.read_bytes() == baseline  # the committed baseline is never overwritten
    assert json_of(out) == fake
    said = capsys.readouterr().out
    assert "written to %s" % out.resolve() in said and "baseline" in said
    table = [line for line in said.splitlines() if not line.startswith("written to")]
    assert max(len(line) for line in table) <= 100  # the table fits 100 columns
    assert bench.main(quick=True, out=str(tmp_path / "no" / "such" / "dir" / "x.json")) == 0  # parents made
    monkeypatch.setattr(bench, "LATEST", tmp_path / "latest.json")
    assert bench.main(quick=True) == 0 and (tmp_path / "latest.json").is_file()


def json_of(path):
    import json

    return json.loads(Path(path).read_text())
