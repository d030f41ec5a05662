"""The board's profile at boot (nightboard/boot.py): validated in full unless this firmware validated
these very bytes before; a changed, damaged or unkeyed profile is always validated and refused as before."""

import hashlib
import json

import pytest

from nightboard import boot as C
from nightboard.table import tablefit
from nightboard.table.profile import ProfileError, load_profile
from nightboard_host.flashing import build, errors, profile_check


@pytest.fixture
def board(tmp_path, monkeypatch):
    slot = tmp_path / "nightboard.a"
    slot.mkdir()
    (slot / "manifest.json").write_text('{"version": "0.1.0", "files": {"a.mpy": "11"}}')
    (tmp_path / "profile.json").write_bytes(profile_check.profile_bytes("grid8"))
    monkeypatch.chdir(tmp_path)
    calls = []
    real = tablefit.load_profile_once  # boot.py imports it only when it validates

    def counted(path):
        calls.append(path)
        return real(path)

    monkeypatch.setattr(tablefit, "load_profile_once", counted)
    return tmp_path, str(slot), calls


def test_the_first_boot_validates_and_later_ones_reuse_the_check(board):
    d, slot, calls = board
    first = C.load_checked_profile("profile.json", slot)
    assert calls == ["profile.json"] and (d / C.CHECKED).is_file()
    again = C.load_checked_profile("profile.json", slot)
    assert calls == ["profile.json"]  # not validated again
    assert again == first == load_profile(profile_check.profile_bytes("grid8").decode())


def test_a_changed_profile_is_validated_and_a_bad_one_refused(board):
    d, slot, calls = board
    C.load_checked_profile("profile.json", slot)
    p = json.loads((d / "profile.json").read_text())
    p["led"]["count"] = -3
    (d / "profile.json").write_text(json.dumps(p))
    with pytest.raises(ProfileError):
        C.load_checked_profile("profile.json", slot)
    assert len(calls) == 2


def test_a_new_firmware_validates_again(board):
    d, slot, calls = board
    C.load_checked_profile("profile.json", slot)
    (d / "nightboard.a" / "manifest.json").write_text('{"version": "0.1.1", "files": {"a.mpy": "12"}}')
    C.load_checked_profile("profile.json", slot)
    assert len(calls) == 2


@pytest.mark.parametrize("damage", ["flip", "cut", "empty", "dir", "other_key"])
def test_a_damaged_check_is_not_trusted(board, damage):
    d, slot, calls = board
    good = C.load_checked_profile("profile.json", slot)
    f = d / C.CHECKED
    data = f.read_bytes()
    if damage == "flip":
        i = data.rindex(b'"count"') + 10
        f.write_bytes(data[:i] + bytes([data[i] ^ 1]) + data[i + 1:])
    elif damage == "cut":
        f.write_bytes(data[:len(data) // 2])
    elif damage == "empty":
        f.write_bytes(b"")
    elif damage == "dir":
        f.unlink()
        f.mkdir()
    else:
        f.write_bytes(b"0" * 64 + data[64:])
    assert C.load_checked_profile("profile.json", slot) == good
    assert len(calls) == 2


def test_without_a_manifest_every_boot_validates(board):
    d, slot, calls = board
    (d / "nightboard.a" / "manifest.json").unlink()
    C.load_checked_profile("profile.json", slot)
    C.load_checked_profile("profile.json", slot)
    assert len(calls) == 2 and not (d / C.CHECKED).exists()


def test_with_the_code_in_romfs_the_check_is_keyed_on_the_image_s_mark(board):
    # /rom has no manifest.json: its last file, the mark the ROMFS loader checks (a hash of every file of the
    # image), takes the manifest's place, and `nightboard flash --romfs` writes the check for that key.
    from nightboard_host.flashing import romfs as flash_romfs

    d, _slot, calls = board
    rom = d / "rom"
    rom.mkdir()
    assert C.ROM_MARK == flash_romfs.COMPLETE
    mark = flash_romfs.mark("0.1.0", {"nightboard/a.mpy": b"1"})
    (rom / flash_romfs.COMPLETE).write_text(mark)
    data, same = profile_check.profile_check(FIRMWARE, None, mark.encode(), (d / "profile.json").read_bytes())
    assert data is not None and not same
    (d / C.CHECKED).write_bytes(data)
    C.load_checked("profile.json", str(rom))
    assert calls == []  # nothing validated at the first boot after the flash
    (rom / flash_romfs.COMPLETE).write_text(flash_romfs.mark("0.1.0", {"nightboard/a.mpy": b"2"}))
    C.load_checked("profile.json", str(rom))
    assert calls == ["profile.json"]  # another image: validated again


def test_the_start_menu_s_games_are_kept_with_the_check(board, monkeypatch):
    # Working out which games the table seats imports every game's package (some 18 ms each on a Pico):
    # done at the first boot, kept with the check, and given to the start menu at every later boot.
    from nightboard.table import menu as M
    from nightboard.table.app import Table
    from nightboard.hal.sim import make_sim_hal

    d, slot, calls = board
    profile, games = C.load_checked("profile.json", slot)
    assert games == M.offered(profile) and "dracula" in games and "vampiring" in games
    worked = []
    monkeypatch.setattr(M, "offered", lambda p: worked.append(p) or ["vampiring"])
    again, kept = C.load_checked("profile.json", slot)
    assert kept == games and worked == []  # read back, not worked out again
    table = Table(again, make_sim_hal(again), offered=kept)
    assert table.menu.progs == games and worked == []
    Table(again, make_sim_hal(again), offered=["no such game"])  # a list naming what is not here...
    assert len(worked) == 1  # ...is worked out afresh


# --- the check `nightboard flash` writes (profile_check.profile_check): the board's first boot then validates nothing

FIRMWARE = build.default_firmware_dir()


def _manifest(slot):
    with open(slot + "/manifest.json", "rb") as f:
        return f.read()


def _check_file(key, body):
    return key + b"\n" + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def test_the_flash_tool_writes_the_check_the_board_would_write(board):
    from nightboard.table.menu import offered

    d, slot, calls = board
    data, same = profile_check.profile_check(FIRMWARE, None, _manifest(slot), (d / "profile.json").read_bytes())
    assert data is not None and not same
    (d / C.CHECKED).write_bytes(data)
    profile, games = C.load_checked("profile.json", slot)
    assert calls == []  # the first boot after the flash: nothing validated, no validator imported
    assert profile == load_profile(profile_check.profile_bytes("grid8").decode())
    assert games == offered(profile) and len(games) > 2
    # what the board writes itself, when it validates, is the same file: the host's check counts as right
    (d / C.CHECKED).unlink()
    C.load_checked("profile.json", slot)
    assert len(calls) == 1 and (d / C.CHECKED).read_bytes() == data
    assert profile_check.profile_check(FIRMWARE, None, _manifest(slot), (d / "profile.json").read_bytes(), data) == (data, True)


def test_a_check_in_the_board_s_own_json_formatting_counts_a_damaged_or_foreign_one_does_not(board):
    d, slot, calls = board
    prof = (d / "profile.json").read_bytes()
    data, _ = profile_check.profile_check(FIRMWARE, None, _manifest(slot), prof)
    key, _, body = data.split(b"\n", 2)
    # MicroPython's json writes a dict in its own order and never escapes UTF-8: other bytes, the same check
    kept = json.loads(body)
    other = json.dumps({"offered": kept["offered"], "profile": dict(reversed(list(kept["profile"].items())))},
                       separators=(",", ":")).encode()
    theirs = _check_file(key, other)
    assert theirs != data and profile_check.profile_check(FIRMWARE, None, _manifest(slot), prof, theirs) == (data, True)
    wrong = _check_file(key, json.dumps(dict(kept, offered=kept["offered"][1:])).encode())  # intact, but not so
    for bad in (data[:-3] + b"]}}", b"0" * 64 + data[64:], b"", wrong):
        assert profile_check.profile_check(FIRMWARE, None, _manifest(slot), prof, bad) == (data, False)
    # a profile changed afterwards on the board, or another firmware: the key differs, the board validates
    (d / C.CHECKED).write_bytes(data)
    (d / "profile.json").write_bytes(prof + b"\n")
    C.load_checked("profile.json", slot)
    assert calls == ["profile.json"]


def test_with_some_games_flashed_the_check_offers_only_those_the_board_has(board):
    d, slot, calls = board
    data, _ = profile_check.profile_check(FIRMWARE, "vampire_cards,dracula", _manifest(slot), (d / "profile.json").read_bytes())
    (d / C.CHECKED).write_bytes(data)
    assert C.load_checked("profile.json", slot)[1] == ["dracula", "vampire_cards", "selftest"] and calls == []
    data, _ = profile_check.profile_check(FIRMWARE, "dracula", _manifest(slot), profile_check.profile_bytes("ring4"))
    assert json.loads(data.split(b"\n", 2)[2])["offered"] == ["selftest"]  # the hunt needs a grid


def test_no_check_where_the_board_keeps_none_and_a_refusing_firmware_stops_the_flash(board, tmp_path):
    import shutil

    d, slot, calls = board
    prof = (d / "profile.json").read_bytes()
    assert profile_check.profile_check(FIRMWARE, None, b"", prof) == (None, False)  # no manifest: no key on the board
    assert profile_check.profile_check(FIRMWARE, None, b"x" * 70000, prof) == (None, False)  # more than boot.py reads
    fw = tmp_path / "fw"
    shutil.copytree(FIRMWARE, fw, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    p = fw / "nightboard" / "table" / "profile.py"
    p.write_text(p.read_text().replace('"file_bytes": 8192,', '"file_bytes": 100,'))
    with pytest.raises(errors.FlashError, match="the firmware being flashed refuses this profile: profile: the file "
                                               "is %d bytes, more than the 100" % len(prof)):
        profile_check.profile_check(fw, None, _manifest(slot), prof)
