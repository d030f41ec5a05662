"""The browser table's host side and its Python without a browser: `nightboard web`'s messages, the
localStorage storage adapter behind the hal's storage interface, the record's shapes and a resume."""

import json
import sys

import pytest

from nightboard_host import cli
from web_site import ROOT

sys.path.insert(0, str(ROOT / "web" / "py"))
import webtable  # noqa: E402


def test_web_refuses_a_folder_that_is_no_site(tmp_path, capsys):
    assert cli.main(["web", "--site", str(tmp_path)]) == 2
    assert "is not a built browser table" in capsys.readouterr().err


def test_web_refuses_a_bad_port(capsys):
    assert cli.main(["web", "--port", "70000"]) == 2
    assert "--port must be 1..65535" in capsys.readouterr().err


def test_local_store_is_the_hal_storage():
    kv = webtable.DictStore()
    s = webtable.LocalStore(kv)
    assert s.read("a") is None and not s.exists("a") and s.size("a") is None
    s.write("a", b"\x00\xffsave")
    assert s.read("a") == b"\x00\xffsave" and s.size("a") == 6 and s.listdir() == ["a"]
    s.replace("b", "text", "b.tmp")
    s.rename("a", "c")
    assert s.listdir() == ["b", "c"] and s.read("c") == b"\x00\xffsave"
    s.remove("b")
    assert s.listdir() == ["c"]
    with pytest.raises(OSError):
        s.remove("b")
    with pytest.raises(ValueError, match="plain file name"):
        s.write("../x", b"")
    assert all(k.startswith(webtable.PREFIX) for k in json.loads(kv.keys()))


def test_a_bad_profile_is_refused_with_its_reason():
    with pytest.raises(ValueError, match="profile"):
        webtable.start('{"name": 3}', webtable.DictStore(), lambda n: "00" * n)


def _play(kv, start, frames):
    text = (ROOT / "hardware" / "profiles" / "ring4.json").read_text()
    shape = json.loads(webtable.start(text, kv, lambda n: "5a" * n, json.dumps(start) if start else None))
    ok = [i for i, (p, role) in enumerate(shape["buttons"]) if role == "ok" and p < 2]
    t = webtable.TABLE[0]
    for f in range(frames):
        if f % 10 == 0:
            webtable.press(ok[(f // 20) % 2], f % 20 == 0)
        webtable.tick(16)
    return t


def test_a_reload_resumes_the_saved_game_and_its_record():
    kv = webtable.DictStore()
    t = _play(kv, {"game": "vampiring", "players": 2, "seed": 9}, 130)
    for b in range(len(t.hal.buttons.raw)):
        webtable.press(b, False)
    for _ in range(60):  # the turn's save is written over a few frames
        webtable.tick(16)
    turn = t.table.game.turn
    assert turn > 1
    assert json.loads(webtable.record())["why"].startswith("the record is given once the game is over")
    t2 = _play(kv, None, 3)  # the page again: the table reads its save and asks
    assert t2.table.mode == "resume_ask"
    _ok(t2)
    assert t2.table.mode == "game" and t2.table.game.turn == turn
    _finish(t2)
    got = json.loads(webtable.record())
    assert got["why"] is None and got["name"] == "vampiring-9.json"
    rec = json.loads(got["text"])
    assert rec["setup"]["seed"] == 9
    assert rec["turns"] and all(isinstance(x, list) for x in rec["turns"])


def _ok(t):
    """Red's ok, pressed and let go (the saved game's offer: yes)."""
    webtable.press(t.table.button_id(0, "ok"), True)
    for _ in range(5):
        webtable.tick(16)
    webtable.press(t.table.button_id(0, "ok"), False)
    for _ in range(5):
        webtable.tick(16)


def _finish(t):
    for f in range(20000):
        if t.table.game.over:
            return
        if f % 10 == 0:
            webtable.press(t.table.button_id((f // 20) % 2, "ok"), f % 20 == 0)
        webtable.tick(16)
    raise AssertionError("the game did not end")


def test_a_reload_between_a_turn_and_its_save_keeps_the_record_whole_and_its_62_bit_seed_exact():
    from nightboard.games.record import replay

    seed = (1 << 61) + 12345  # more bits than a JavaScript number keeps: the page never parses the record
    kv = webtable.DictStore()
    t = _play(kv, {"game": "vampiring", "players": 2, "seed": seed}, 60)
    turn = t.table.game.turn
    for f in range(2000):  # on to the frame a turn is written down in the record, before its save is written
        if t.table.game.turn != turn:
            break
        if f % 10 == 0:
            webtable.press(t.table.button_id((f // 20) % 2, "ok"), f % 20 == 0)
        webtable.tick(16)
    assert t.table.game.turn != turn
    assert json.loads(kv.get(webtable.RECORD_KEY))["turns"]  # the record has the turn; the flash may not
    t2 = _play(kv, None, 3)  # reloaded at once
    _ok(t2)
    assert t2.table.mode == "game"
    _finish(t2)
    got = json.loads(webtable.record())
    assert got["why"] is None, got["why"]
    rec = json.loads(got["text"])
    assert rec["setup"]["seed"] == seed and got["name"] == "vampiring-%d.json" % seed
    assert replay(rec).to_json() == t2.table.game.to_json()


def test_a_game_with_board_families_gives_its_record_and_it_replays(tmp_path):
    from nightboard.games.record import replay

    kv = webtable.DictStore()
    t = _play(kv, {"game": "vampiring", "players": 3, "seed": 12, "board": "others"}, 1)
    _finish(t)
    got = json.loads(webtable.record())
    assert got["why"] is None, got["why"]
    rec = json.loads(got["text"])
    mine, theirs = replay(rec).to_json(), t.table.game.to_json()
    mine.pop("prng")  # the board's thinking at the table drew from the stream; its replay does not think
    theirs.pop("prng")
    assert mine == theirs
    path = tmp_path / got["name"]
    path.write_text(got["text"])
    assert cli.main(["replay", str(path)]) == 0
