"""An evening on the virtual board (the firmware as `nightboard flash` puts it there, MicroPython's unix port
with a Pico's heap in its larger objects): 100 starts in a row, every program of the start menu, half of them
started from the menu's buttons and half by the protocol's `start`, each left by the confirm-quit screen or by
`reset`, a few presses played in each. The board restarts into its start menu after each (table/fresh.py):
no start is refused for memory, the board never stops at its REPL, and the heap at each program's start is
what it was the first time."""

import time

import pytest

from nightboard.games import index
from nightboard_host.bench.evening import at_rest
from nightboard_host.emulation.virtual_board import VirtualBoard
from nightboard_host.flashing import flash
from nightboard_host.link.client import Client, RequestFailed

pytestmark = [pytest.mark.micropython, pytest.mark.slow]  # some 3 minutes: run by `make test-pico`

PROGRAMS = index.names() + ["selftest"]
STARTS = 100


def _menu_start(c):
    """The next program of the start menu (mode), then ok: the program the board then runs."""
    c.call("tap", player=0, role="mode")
    c.call("tap", player=0, role="ok")
    end = time.monotonic() + 10
    while time.monotonic() < end:
        game = c.call("hello")["game"]
        if game is not None:
            return game
        time.sleep(0.05)
    raise AssertionError("the menu's ok started nothing")


def _leave_by_confirm_quit(c):
    c.call("tap", player=0, role="ok", ms=1000)  # a long press (grid8: over 800 + 20 ms): "leave this game?"
    c.call("tap", player=0, role="ok")  # (queued after the long one) yes
    c.wait_restarted(30)


def test_100_starts_every_program_every_way_no_refusal_no_repl_and_the_same_heap_each_time(tmp_path):
    used_at_start = {}  # (program, way) -> the heap in use right after each of its starts that way
    used_in_menu = []
    refusals = []
    with VirtualBoard(tmp_path / "flash") as vb:
        flash.flash(vb.port, profile="grid8", cache_dir=tmp_path / "cache")
        with Client(vb.port, timeout=10) as c:
            assert c.call("hello")["mode"] == "menu"
            for k in range(STARTS):
                way = "menu" if k % 2 == 0 else "protocol"
                try:
                    if k % 2 == 0:
                        name = _menu_start(c)
                    else:
                        name = PROGRAMS[(k // 2) % len(PROGRAMS)]
                        seed = {} if name == "selftest" else {"seed": 7}  # the same game each time: the same heap
                        c.call("start", game=name, **seed)
                except RequestFailed as e:
                    refusals.append((k, str(e)))
                    continue
                before = used_at_start.setdefault((name, way), [])
                before.append(at_rest(c, before[0] if before else None))
                for role in ("move", "ok", "move", "look", "ok"):
                    c.call("tap", player=0, role=role)
                if (k // 2) % 2 == 0:
                    assert c.call("reset")["restarting"] is True
                else:
                    _leave_by_confirm_quit(c)
                hello = c.call("hello")
                assert hello["mode"] == "menu" and hello["game"] is None, (k, hello)
                used_in_menu.append(c.call("memory")["used"])
            noise = list(c.noise)
        exits = list(vb.exits)
    assert refusals == []
    assert not any(">>>" in n or "Traceback" in n for n in noise), noise[-5:]
    # every program, from the menu and by the protocol
    assert sorted(used_at_start) == sorted((n, w) for n in PROGRAMS for w in ("menu", "protocol"))
    assert sum(len(v) for v in used_at_start.values()) == STARTS
    assert len(exits) >= STARTS  # a restart after every game (the relay ends each process it restarts)
    for (name, way), used in sorted(used_at_start.items()):
        # No creeping growth: the least heap in use over the second half of the evening is the first half's,
        # within a few hundred bytes (the frames a request falls in differ in real time; the menu deals from
        # the board's own randomness). Single readings are sometimes some 8.6 KB higher and stay so for
        # seconds (seen on 2026-11-28 for the card game and Vampire Nights, not yet explained: docs/performance.md,
        # "An evening"), so a reading is only held to 10 KB.
        half = len(used) // 2
        assert min(used[half:]) <= min(used[:half]) + (512 if way == "protocol" else 1024), (name, way, used)
        assert max(used) - min(used) <= 10240, (name, way, used)
    print("heap in use at each program's starts (first, last):",
          {"%s by %s" % k: (v[0], v[-1]) for k, v in sorted(used_at_start.items())})
    # the menu holds the facts of the game it shows, which differ from game to game by a few hundred bytes
    assert max(used_in_menu) - min(used_in_menu) <= 1024, used_in_menu
