"""The board boots into a working table whatever is in its data files (issue 20, items 1 and 3).

Every kind of damaged, oversized, deeply nested or misplaced save is refused before it can exhaust
memory, set aside (renamed, never deleted) and reported; a profile the board cannot use brings it up
in safe mode, answering the protocol with the reason, and `nightboard flash` repairs it. Checked on
the simulated table (CPython) and, where users meet it, with the real main.py under the MicroPython
unix port in a Pico-sized heap, talking the serial protocol over a pseudo-terminal.
"""

import json
import time

import pytest

from nightboard.games import vampiring as V
from nightboard.hal.sim import MemStorage
from nightboard.table.saves import BUFFER, HEADROOM, SAVE, decode, encode
from nightboard.table.seal import KEY_FILE, crc32
from saves_helpers import KB, KEY, NONCE, boot, save_cases

REASONS = {
    "5000 brackets": "too large for a save: 5001 bytes",
    "nested 5000 deep": "too large for a save",
    "nested 2800 deep, within a save's size": "nests deeper than 16",
    "truncated": "truncated",
    "wrong checksum": "checksum mismatch",
    "binary garbage": "the header is not JSON",
    "empty": "truncated: no header line",
    "a header line 5000 long": "too large for a save",
    "50 KB": "too large for a save: 51200 bytes (a save is at most 3072)",
    "turns_done -5": "turns_done must be 0 or more (got -5)",
    "a game's state under the self-test's name": "selftest is not a game: it has no position to start from",
}


def test_the_cases_are_what_they_say():
    cases = save_cases()
    assert len(cases["nested 2800 deep, within a save's size"]) <= BUFFER
    for size in (50, 100, 150, 300, 1024):
        assert len(cases["%d KB" % size]) == size * KB
    header = json.loads(cases["50 KB"].split(b"\n", 1)[0])
    assert header["bytes"] > BUFFER  # a well-formed save, only too big for any board to have written
    assert "%08x" % crc32(cases["50 KB"].split(b"\n", 1)[1]) == header["crc32"]
    assert HEADROOM < 5000


@pytest.mark.parametrize("kind", sorted(save_cases()))
def test_a_damaged_or_oversized_save_is_set_aside_reported_and_the_table_starts(kind):
    data = save_cases()[kind]
    mem = MemStorage({SAVE: data})
    d = boot(mem)
    t = d.table
    assert t.mode == "error" and "kept as game.bad1.json" in t.save_problem, t.save_problem
    assert REASONS.get(kind, "too large for a save")[:20] in t.save_problem
    assert mem.read("game.bad1.json") == data and not mem.exists(SAVE)  # renamed, not deleted
    assert mem.read("error.log").decode() == "[boot] %s\n" % t.save_problem  # and logged
    assert d.wire() != bytes(len(d.wire()))  # the error pattern is lit
    lines = t.describe()
    assert lines[-1] == "the start menu follows"  # not "going back to the saved game": there is none
    d.frames(200)
    assert t.mode == "menu" and t.save_problem in t.describe()
    d.tap(0, "ok")
    d.saved()
    assert t.mode == "game" and decode(mem.read(SAVE), KEY)[0]["program"] == "vampiring"


def test_a_directory_where_the_save_should_be_is_set_aside(tmp_path):
    from nightboard.hal.files import DirStorage

    (tmp_path / SAVE).mkdir()
    (tmp_path / SAVE / "inside").write_bytes(b"kept")
    d = boot(DirStorage(str(tmp_path)))
    t = d.table
    assert "a directory is in its place" in t.save_problem and "kept as game.bad1.json" in t.save_problem
    assert (tmp_path / "game.bad1.json" / "inside").read_bytes() == b"kept"
    d.frames(200)
    d.tap(0, "ok")
    d.saved()
    assert t.mode == "game" and decode((tmp_path / SAVE).read_bytes(), KEY)[0]["program"] == "vampiring"


def test_a_damaged_temporary_save_does_not_stop_the_good_one():
    good = encode("vampiring", 2, V.new_game(3, 2).to_json(), KEY, NONCE)
    mem = MemStorage({SAVE: good, "game.tmp": b"[" * 20000})
    d = boot(mem)
    assert d.table.mode == "resume_ask" and d.table.save_problem is None
    assert not mem.exists("game.tmp")


# --- the real main.py under the MicroPython unix port, in a Pico-sized heap -----------------------------

def _hello_and_state(port, timeout=15.0):
    from nightboard_host.link.client import Client

    with Client(port, timeout=timeout) as c:
        t0 = time.monotonic()
        hello = c.call("hello")
        waited = time.monotonic() - t0
        return hello, c.call("state"), waited


@pytest.mark.micropython
@pytest.mark.parametrize("kind", sorted(save_cases()) + ["a directory"])
def test_the_board_boots_with_each_damaged_save(kind):
    from nightboard_host.link.client import Client
    from pty_board import PtyBoard

    data = {} if kind == "a directory" else save_cases()[kind]
    with PtyBoard(files={SAVE: data, KEY_FILE: KEY}) as b:
        hello, state, _ = _hello_and_state(b.port)
        assert hello["mode"] in ("error", "menu") and hello["profile"] == "ring4"
        assert "kept as game.bad1.json" in state["problem"], state
        with Client(b.port, timeout=15) as c:
            c.call("start", players=2, seed=4)
            assert c.call("state")["mode"] == "game"
        import os

        aside = os.path.join(b.dir, "game.bad1.json")
        if kind == "a directory":
            assert os.path.isdir(aside)
        else:
            with open(aside, "rb") as f:
                assert f.read() == data
        import time

        path = os.path.join(b.dir, SAVE)
        for _ in range(100):  # the save is written a part a frame after the start
            if os.path.isfile(path):
                break
            time.sleep(0.1)
        with open(path, "rb") as f:
            assert decode(f.read(), KEY)[0]["program"] == "vampiring"  # the new game saves
        code, err = b.interrupt()
        assert "MemoryError" not in err and "Traceback" not in err, err


def _description_profile(n):
    p = json.loads((_profiles() / "ring4.json").read_text())
    p["description"] = "a" * n
    return json.dumps(p).encode()


def _profiles():
    from pathlib import Path

    return Path(__file__).resolve().parents[2] / "hardware" / "profiles"


def profile_cases():
    ring4 = (_profiles() / "ring4.json").read_bytes()
    cases = {
        "5000 brackets": b"[" * 5000 + b"\n",
        "nested 9 deep, within the size": b"[" * 9 + b"]" * 9,
        "a 200 KB description": _description_profile(200 * KB),
        "a 300-character description": _description_profile(300),
        "truncated": ring4[: len(ring4) // 2],
        "binary garbage": bytes(range(256)) * 4,
        "empty": b"",
        "wrong types": b'{"format": 1, "name": 5}',
        "a directory": {},
        "missing": None,
    }
    for size in (50, 100, 150, 300, 1024):
        cases["%d KB" % size] = b" " * (size * KB - len(ring4)) + ring4
    return cases


@pytest.mark.micropython
@pytest.mark.parametrize("kind", sorted(profile_cases()))
def test_a_profile_the_board_cannot_use_brings_it_up_in_safe_mode_with_the_host_s_reason(kind, tmp_path):
    from nightboard.table.profile import ProfileError
    from nightboard_host.commands import play
    from pty_board import PtyBoard

    data = profile_cases()[kind]
    with PtyBoard(files={"profile.json": data}) as b:
        hello, state, waited = _hello_and_state(b.port)
        assert hello["mode"] == "safe" and hello["profile"] is None and hello["game"] is None
        reason = state["problem"]
        assert state["mode"] == "safe" and any(reason in line for line in state["describe"])
        from nightboard_host.link.client import Client

        with Client(b.port, timeout=15) as c:
            no = c.request("start", players=2)
            assert not no["ok"] and "safe mode" in no["error"] and reason in no["error"]
        import os

        with open(os.path.join(b.dir, "error.log")) as f:
            assert f.read() == "[safe mode] %s\n" % reason  # logged beside the saves
        code, err = b.interrupt()  # Ctrl-C gives the REPL back: what mpremote and flash need
        assert code is not None and "MemoryError" not in err
    if kind in ("a directory", "missing"):
        return
    # The host's check refuses the same file with the same message (prefixed with the file's name).
    path = tmp_path / "p.json"
    path.write_bytes(data)
    with pytest.raises(ProfileError) as e:
        play.load(str(path))
    if reason.startswith("profile: not valid JSON"):  # the parsers' own words differ: CPython says where
        assert str(e.value).startswith("%s: profile: not valid JSON (" % path)
    else:
        assert str(e.value) == "%s: %s" % (path, reason)


@pytest.mark.micropython
def test_nightboard_flash_repairs_a_board_in_safe_mode(tmp_path):
    """A flashed board whose profile.json is then damaged starts in safe mode at every power-up; the flash
    tool still reaches its REPL and, given a good profile, brings the table back (the virtual board:
    mpremote over a pty to the MicroPython unix port)."""
    import shutil

    from nightboard_host.flashing import flash
    from nightboard_host.emulation.virtual_board import VirtualBoard
    from flash_helpers import hello
    from mpy_harness import FIRMWARE

    fw = tmp_path / "fw"
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    cache = tmp_path / "cache"
    with VirtualBoard(tmp_path / "flash") as vb:
        flash.flash(vb.port, firmware=fw, cache_dir=cache)
        (vb.directory / "profile.json").write_bytes(_description_profile(200 * KB))  # the profile
        vb.power_cycle()
        h = hello(vb.port)
        assert h["mode"] == "safe" and "8192" in h["problem"]
        vb.power_cycle()
        assert hello(vb.port)["mode"] == "safe"  # at every power-up, until repaired
        r = flash.flash(vb.port, firmware=fw, cache_dir=cache)
        assert r.profile_written and r.hello["mode"] == "menu" and r.hello["problem"] is None
        vb.power_cycle()
        assert hello(vb.port)["mode"] == "menu"
