"""A game stopped to the REPL on the emulated Pico says so when it comes back (`make test-pico`: slow).

Whoever holds the board's REPL can read every hidden fact; the table cannot stop that, it can make it
visible. Played as it happens at a table: a game is started and saved, Ctrl-C over the emulated USB
gives the REPL the board, a soft reset (Ctrl-D) runs the firmware again, the board offers the saved game
and the players resume it with ok: the protocol's state and the table's lines must then say the REPL
had the board during this game. Skipped, saying why, when the MicroPython image or rp2040py is missing.
"""

import pytest

from nightboard_host.emulation.pico_emu import missing_reason

REASON = missing_reason()
pytestmark = [pytest.mark.pico_slow, pytest.mark.skipif(REASON is not None, reason=REASON or ""),
              pytest.mark.timeout(2400)]


def test_a_game_resumed_after_the_repl_had_the_board_says_so():
    from nightboard.table.keeper import REPL_WORDS
    from nightboard_host.emulation.pico_emu import PicoEmu, button_of

    emu = PicoEmu("ring4")
    emu.run_until(lambda: len(emu.frames) > 0, 4000, "the first LED frame")
    reply, _ms = emu.request({"req": "start", "game": "vampiring", "players": 2, "seed": 7})
    assert reply["ok"], reply
    emu.run_ms(400)  # the new game's save, a part a frame
    reply, _ms = emu.request({"req": "state"})
    assert reply["mode"] == "game" and "repl_opened" not in reply  # nothing to tell yet
    assert emu.read_file("/data/game.json") is not None

    emu.stop_to_repl()  # Ctrl-C: the REPL has the board, with the game under way
    assert emu.read_file("/data/repl.mark") is not None  # left on the flash before the prompt came

    start = len(emu.out)
    emu.send(b"\x04")  # a soft reset at the friendly REPL: the firmware boots again
    emu.run_until(lambda: b"soft reboot" in emu.out[start:], 5000, "the soft reboot")
    frames = len(emu.frames)
    emu.run_until(lambda: len(emu.frames) > frames, 5000, "the first LED frame after the reset")
    emu.run_ms(100)
    reply, _ms = emu.request({"req": "state"})
    assert reply["mode"] == "resume_ask" and reply["game"] == "vampiring", reply
    assert reply.get("repl_opened") is True and REPL_WORDS in reply["describe"], reply

    ok = button_of(emu.profile, 0, "ok")
    emu.click(ok, 70, 200)  # ok: carry on with the saved game
    reply, _ms = emu.request({"req": "state"})
    assert reply["mode"] == "game" and reply.get("repl_opened") is True, reply
    assert REPL_WORDS in reply["describe"], reply["describe"]
