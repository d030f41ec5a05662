"""A board flashed as users flash it (issue 44): `nightboard flash` into the stock image on the emulated Pico,
a game played before, then a game started and played (`make test-pico-flashed`: not in CI's time).

The filesystem comes from nightboard_host.emulation.flashed.used_board: the real flash through the emulated
USB (some 10 minutes of wall time the first time for a firmware, then cached by the firmware's hash) and an
earlier game's save on it. On such a board the first save of a game held one frame for 90 to 107 ms: littlefs
walked the whole filesystem at the first block it allocated since power-up, in the save's write
(docs/performance.md, "A board as users flash it"). The table now has that walk done in the frame that
starts the game (storage.find_free), which is long anyway.

Checked here: every frame from the one after the start to the second save's end is within two frame times,
the first save's write included; find_free ran once, in the start's frame; and the board powers on to its
first frame, an earlier game's save on the flash, within the GUIDE's second (no probe, emulated time: a
lower bound for a real Pico, the emulator counts no flash wait states): not yet, an xfail that fails the
day it passes.
"""

import pytest

from nightboard.table.app import HELD_FLASH
from nightboard_host.emulation.pico_emu import missing_reason

REASON = missing_reason()
pytestmark = [pytest.mark.pico_flashed, pytest.mark.skipif(REASON is not None, reason=REASON or ""),
              pytest.mark.timeout(5400)]

PROFILE = "ring4"
LIMIT_US = 2 * 16_667
GAME = "vampiring"


@pytest.fixture(scope="module")
def used():
    from nightboard_host.emulation.flashed import used_board

    return used_board(PROFILE)


@pytest.fixture(scope="module")
def session(used):
    from nightboard_host.emulation.pico_emu import play_on_board

    acts = [("wait", 300), ("mark", "menu_end"), ("request", {"req": "start", "game": GAME, "players": 2,
                                                              "seed": 1}),
            ("wait", 1200), ("mark", "turn"), ("click", 0, "ok"), ("click", 1, "ok"), ("wait", 1500),
            ("mark", "end")]
    return play_on_board(PROFILE, acts, boot_timeout_ms=8000, used=used,
                         timed=(("nightboard.hal.rp2_storage", "FlashStorage", "find_free"),))


def test_the_first_save_on_a_user_flashed_board_holds_no_frame_over_two_frame_times(session):
    run = session
    started = [s for n, s, _d in run.parts if n == "start_game"]
    assert len(started) == 1
    after = [i for i, (s, _w) in enumerate(run.ticks) if s > started[0]]
    frames = [(i, run.ticks[i][1]) for i in after if run.ticks[i][0] < run.marks["end"]]
    writes = [round(w / 1000, 1) for i, w in frames if run.held[i] == HELD_FLASH]
    assert len(writes) >= 2, writes  # the game's first save and its first turn's save were written
    long = [(i, round(w / 1000, 1), run.held[i]) for i, w in frames if w > LIMIT_US]
    assert long == [], "frames (index, ms, held) over two frame times; the saves' writes: %s ms" % writes
    found = [s for n, s, _d in run.parts if n == "find_free"]
    start_frame = max(s for s, _w in run.ticks if s <= started[0])
    assert len(found) == 1 and start_frame <= found[0] < run.ticks[after[0]][0]  # in the start's frame
    print("the saves' writes %s ms; find_free %.1f ms in the start's frame" % (
        writes, [d for n, _s, d in run.parts if n == "find_free"][0] / 1000))


@pytest.mark.xfail(strict=True, reason="not yet: every module's lookup costs some 1.3 times as much on a user-flashed "
                   "littlefs, and the issue measured 1,060 ms (docs/performance.md, issue 44)")
def test_a_user_flashed_board_with_a_saved_game_powers_on_within_a_second(used):
    from nightboard_host.emulation.pico_emu import powered_on

    board = powered_on(PROFILE, used)  # the firmware alone, no probe
    first = board.frames[0].t_us / 1000
    board.run_until(lambda: len(board.frames) > 1, 6000, "the resume question's first LED frame")
    print("power on to the first frame %.1f ms, to the resume question %.1f ms" % (
        first, board.frames[1].t_us / 1000))
    assert first < 1000
