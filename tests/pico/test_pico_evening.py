"""An evening on the emulated Pico: real MicroPython 1.28 for the RP2040 (the stock image) under rp2040py, with the
firmware as `nightboard flash` lays it out (the .mpy files in slot A of the littlefs filesystem, the loader,
profile grid8, which seats every program: pico_emu.board_files), talked to over its USB serial by the host's
own Link (client.py: call, wait_restarted), its timeouts counted in emulated time.

The emulated-Pico counterpart of tests/host/test_evening_virtual_board.py, shorter (the emulated core is 20 to
50 times slower than a Pico in wall time): STARTS starts in a row, cycling every program of the start menu,
each program started the same way (the protocol's `start` with a fixed seed, or the menu's buttons: player 0's
mode, then ok) in two passes and the other way in the next two, each left by the protocol's `reset` or by the
confirm-quit screen (a long ok, then ok), a few taps played in each. After each game the board restarts into
its start menu with MicroPython's soft reset (table/fresh.py: "MPY: soft reboot", main.py again, the LED
driver's PIO and DMA claimed again, the RP2040's watchdog, which rp2040py emulates, still counting from the
last run): no start is refused for memory, the board never stops at its REPL nor prints a warning, every
request is answered, the LEDs draw again after each restart, and the heap in use at each program's start
(least of a few `memory` readings) is what it was at its first start the same way. Skipped, saying why, when
the MicroPython image or rp2040py is missing.
"""

import time

import pytest

from nightboard_host.emulation.pico_emu import missing_reason

REASON = missing_reason()
# pico_evening, not pico_slow: some 20 minutes of a busy 2-core machine, more than CI's `make test-pico` has room
# for; `make test-pico-evening` runs it.
pytestmark = [pytest.mark.pico_evening, pytest.mark.skipif(REASON is not None, reason=REASON or ""),
              pytest.mark.timeout(3600)]

PROFILE = "grid8"
# 12: every program twice, each (program, way) pair left once by `reset` and once by the confirm-quit screen.
# A start and its restart take some 2.5 s of emulated time: 50 to 135 s of wall time each on a busy 2-core
# machine (2026-11-28: 12 starts in 20 minutes, the boot 28 s of it). With 24, every program is also started
# both ways.
STARTS = 12
WAIT_S = 5.0  # emulated seconds for one reply (a start imports the game: some 0.3 s)
RESTART_S = 7.0  # emulated seconds for a restart: the reset's 3 menu frames, "soft reboot", some 1 s of boot
# (within the 8.3 s of the watchdog, which runs on across a soft reset)


def _emu_link(emu):
    """The host's Link (client.py) on the emulated Pico's USB serial: reading runs the emulated core until the
    board sends something, and every wait counts emulated time (so the test does not depend on how busy the
    machine is)."""
    from nightboard_host.link.client import Link

    class EmuLink(Link):
        name = "the emulated Pico"
        timeout = WAIT_S

        def __init__(self):
            Link.__init__(self)
            self.seen = len(emu.out)
            self.reboots = []  # emulated us when each "MPY: soft reboot" came

        def _write(self, data):
            emu.send(data)

        def _deadline(self, timeout):
            return emu.clock.nanos + (self.timeout if timeout is None else timeout) * 1e9

        def _expired(self, deadline):
            return emu.clock.nanos >= deadline

        def _wait_words(self, timeout):
            return "%.1f s of emulated time" % (self.timeout if timeout is None else timeout)

        def _read(self, deadline):
            while len(emu.out) == self.seen and emu.clock.nanos < deadline:
                emu._step()
            data = bytes(emu.out[self.seen:])
            self.seen = len(emu.out)
            if b"soft reboot" in data:
                self.reboots.append(emu.now_us())
            return data

    return EmuLink()


def _programs():
    """The programs of the start menu, in its order (the self-test last), as the board names them."""
    from nightboard.games import index

    names = index.names() + ["selftest"]
    return names


def _schedule(k, n):
    """(program index, way, leave) of the k-th start: the programs in the menu's order, starting with the one
    after the menu's first (so that one `mode` from the program last shown reaches it); a program's way is the
    same for two passes, then the other for two; each pair of starts is left by `reset` or confirm-quit in turn
    (program p's starts in passes 0 and 1 are then left each way)."""
    p = (k + 1) % n
    way = "menu" if (k % n + k // (2 * n)) % 2 == 0 else "protocol"
    leave = "reset" if (k // 2) % 2 == 0 else "quit"
    return p, way, leave


def _menu_start(c, emu):
    c.call("tap", player=0, role="mode")
    c.call("tap", player=0, role="ok")
    for _ in range(40):
        game = c.call("hello")["game"]
        if game is not None:
            return game
        emu.run_ms(50)
    raise AssertionError("the menu's ok started nothing")


def _at_rest(c):
    """The heap in use once the start's own work is done: the least of three readings (each its own frame,
    some 45 ms emulated apart: the first save of a game comes in the frames after its start)."""
    return min(c.call("memory")["used"] for _ in range(3))


def test_an_evening_on_the_emulated_pico_every_program_every_way_no_refusal_no_repl_and_the_same_heap(tmp_path):
    from nightboard_host.commands import play
    from nightboard_host.emulation.pico_emu import PicoEmu
    from nightboard_host.link.client import RequestFailed

    buttons = play.load(PROFILE)["buttons"]
    long_ms = buttons.get("long_ms", 800) + buttons.get("debounce_ms", 20) + 80  # over the long press, with frames
    used_at_start = {}  # (program, way) -> the heap in use at each of its starts that way
    used_in_menu = []  # after each restart
    refusals = []
    redrawn = []  # emulated ms from each restart's "soft reboot" to the LEDs' first frame after it
    t0 = time.monotonic()
    emu = PicoEmu(PROFILE)  # the stock image, the filesystem as `nightboard flash` leaves it
    c = _emu_link(emu)
    c.restart_wait = RESTART_S
    hello = c.call("hello", 10.0)  # power-on: some 1 s of boot
    assert hello["mode"] == "menu" and hello["profile"] == PROFILE, hello
    names = _programs()
    booted = time.monotonic()
    for k in range(STARTS):
        p, way, leave = _schedule(k, len(names))
        name = names[p]
        try:
            if way == "menu":
                got = _menu_start(c, emu)
                assert got == name, (k, got, name)  # the menu showed the program started last
            else:
                c.call("start", game=name, **({} if name == "selftest" else {"seed": 7}))
        except RequestFailed as e:
            refusals.append((k, name, way, str(e)))
            continue
        used_at_start.setdefault((name, way), []).append(_at_rest(c))
        for role in ("move", "ok", "look"):
            c.call("tap", player=0, role=role)
        frames, out = len(emu.frames), len(emu.out)
        if leave == "reset":
            assert c.call("reset")["restarting"] is True  # (call waits for the restart and its hello)
        else:
            c.call("tap", player=0, role="ok", ms=long_ms)  # "leave this game?"
            c.call("tap", player=0, role="ok")  # (queued after the long one) yes
            c.wait_restarted(RESTART_S)
        hello = c.call("hello")
        assert hello["mode"] == "menu" and hello["game"] is None, (k, hello)
        assert emu.out.find(b"MPY: soft reboot", out) >= 0, bytes(emu.out[out:])
        reboot_us = c.reboots[-1]
        emu.run_until(lambda: emu.frames[-1].t_us > reboot_us, 1000, "the LEDs' first frame after the restart")
        redrawn.append(round((next(f.t_us for f in emu.frames[frames:] if f.t_us > reboot_us) - reboot_us) / 1000))
        used_in_menu.append(c.call("memory")["used"])
        print("start %d: %s by %s, left by %s; heap at its start %d, in the menu after %d; %.0f s"
              % (k, name, way, leave, used_at_start[(name, way)][-1], used_in_menu[-1],
                 time.monotonic() - t0), flush=True)
    reason = c.call("restart")["reason"]
    noise = list(c.noise)
    wall = time.monotonic() - t0
    print("wall time: %.0f s (boot %.0f s, %d starts %.0f s)" % (wall, booted - t0, STARTS, wall - (booted - t0)))
    print("heap in use at each program's starts (first, last):",
          {"%s by %s" % k: (v[0], v[-1]) for k, v in sorted(used_at_start.items())})
    print("heap in use in the menu after each restart:", used_in_menu)
    print("emulated ms from each soft reboot to the LEDs' first frame:", redrawn)
    assert refusals == []
    assert not any(">>>" in n or "Traceback" in n or "warning" in n for n in noise), noise[-5:]
    assert reason == "power-on", reason  # every restart since was the table's own: none was the watchdog's
    assert sum(len(v) for v in used_at_start.values()) == STARTS
    assert sorted({n for n, _w in used_at_start}) == sorted(names)  # every program
    assert sorted({w for _n, w in used_at_start}) == ["menu", "protocol"]  # both ways
    for (name, way), used in sorted(used_at_start.items()):
        # A few hundred bytes apart, as in the virtual board's evening: the frames the requests fall in differ;
        # the menu deals each game from the board's own randomness, and a deal's size differs a little more.
        assert max(used) - used[0] <= (512 if way == "protocol" else 1024), (name, way, used)
    assert max(used_in_menu) - min(used_in_menu) <= 1024, used_in_menu
    assert max(redrawn) < 2000, redrawn  # the menu back on the LEDs within 2 s, far inside the watchdog's 8.3 s
