"""Flashing a CircuitPython board: `nightboard flash` copies to a CIRCUITPY drive when it finds one."""

from pathlib import Path

import pytest

from mpy_harness import ROOT
from nightboard_host.link import boards
from nightboard_host.flashing import circuitpy


@pytest.fixture
def drive(tmp_path):
    d = tmp_path / "media" / "me" / "CIRCUITPY"
    d.mkdir(parents=True)
    (d / "boot_out.txt").write_text("Adafruit CircuitPython 9.2.1 on 2026-01-01; Raspberry Pi Pico with rp2040\n")
    (d / "code.txt").write_text("the user's own file\n")
    return d


def test_finds_only_real_circuitpy_drives(tmp_path, drive):
    fake = tmp_path / "media" / "other" / "CIRCUITPY"
    fake.mkdir(parents=True)  # no boot_out.txt: not a CircuitPython drive
    pattern = str(tmp_path / "media" / "*" / "CIRCUITPY")
    assert circuitpy.find_drives((pattern,)) == [str(drive)]


def test_copy_sends_what_changed_deletes_stale_files_and_writes_main_last(drive):
    fw = ROOT / "firmware"
    prof = (ROOT / "hardware" / "profiles" / "ring4.json").read_bytes()
    (drive / "nightboard").mkdir()
    (drive / "nightboard" / "gone.py").write_text("old\n")
    written, deleted, unchanged = circuitpy.copy_firmware(drive, fw, prof)
    n_sources = len(list((fw / "nightboard").rglob("*.py")))
    assert written == n_sources + 2 and deleted == 1 and unchanged == 0  # + profile.json + main.py
    assert (drive / "main.py").read_bytes() == (fw / "main.py").read_bytes()
    assert (drive / "profile.json").read_bytes() == prof
    assert (drive / "nightboard" / "table" / "app.py").is_file()
    assert (drive / "code.txt").read_text() == "the user's own file\n"  # the user's files are left alone
    assert circuitpy.copy_firmware(drive, fw, prof) == (0, 0, n_sources + 2)  # nothing changed: nothing written
    (drive / "nightboard" / "prng.py").write_text("torn")
    assert circuitpy.copy_firmware(drive, fw, prof)[0] == 1  # a changed file is the only one written


def test_not_a_circuitpy_drive_is_refused(tmp_path):
    with pytest.raises(OSError, match="does not look like a CIRCUITPY drive"):
        circuitpy.copy_firmware(tmp_path, ROOT / "firmware", b"{}")


def test_flash_copies_to_circuitpy_when_no_micropython_board_is_connected(drive, monkeypatch, capsys):
    monkeypatch.setattr(circuitpy, "find_drives", lambda patterns=None: [str(drive)])
    monkeypatch.setattr(boards, "list_ports", lambda: [])
    from nightboard_host.cli import main

    assert main(["flash", "--profile", "grid8", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "copied Nightboard" in out and "CircuitPython drive" in out
    assert b'"name": "grid8"' in (drive / "profile.json").read_bytes()


def test_flash_without_any_board_still_says_so(monkeypatch, capsys):
    monkeypatch.setattr(circuitpy, "find_drives", lambda patterns=None: [])
    monkeypatch.setattr(boards, "list_ports", lambda: [])
    from nightboard_host.cli import main

    assert main(["flash", "--quiet"]) == 1
    assert "no Nightboard" in capsys.readouterr().err


def test_main_py_has_a_circuitpython_branch():
    text = (ROOT / "firmware" / "main.py").read_text()
    assert 'sys.implementation.name == "circuitpython"' in text and "make_cp_hal" in text
    assert Path(ROOT / "firmware" / "nightboard" / "hal" / "cp_backend.py").is_file()
