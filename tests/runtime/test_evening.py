"""An evening at the table: every game leaves the table whole, the next starts in a fresh heap, and an error the
crash path cannot handle restarts the board into the saved game instead of stopping it at the REPL.

On the simulated table (CPython): the restart into the start menu (table/fresh.py) and what it carries, and a
MemoryError injected at every step of the crash path (table/keeper_trouble.py crash). The same on MicroPython
and on the virtual board: test_evening_micropython.py and tests/host/test_evening_virtual_board.py.
"""

import json

import pytest

from nightboard.hal.sim import BoardRestart, MemStorage, make_sim_hal, sim_restart
from nightboard.table import keeper, keeper_trouble
from nightboard.table.app import WAIT_FRAMES, Table
from nightboard.table.fresh import CARRY
from nightboard.table.saves import SAVE
from nightboard.table.seal import KEY_FILE
from saves_helpers import KEY
from table_driver import Driver, profile

START = {"game": "vampiring", "players": 3, "seed": 31}


class SoftReset(BaseException):
    """The simulated board's soft reset: main.py would run again."""


def soft_reset():
    raise SoftReset()


def board(storage=None, reset_cause="power-on", restart=sim_restart, soft=soft_reset, start=None):
    """A simulated board on `storage` that can restart (hal.restart) and soft-reset (hal.soft_reset)."""
    storage = storage if storage is not None else MemStorage({KEY_FILE: KEY})
    hal = make_sim_hal(profile("grid8"), storage=storage, reset_cause=reset_cause, restart=restart, soft_reset=soft)
    return Driver(start, name="grid8", hal=hal)


def frames_until_soft_reset(d, limit=50):
    for n in range(limit):
        try:
            d.frames()
        except SoftReset:
            return n + 1
    raise AssertionError("the board did not restart into its menu within %d frames" % limit)


# --- a fresh heap for every game ------------------------------------------------------------------------------

def test_a_reset_restarts_the_board_into_its_menu_which_shows_the_game_it_showed():
    d = board(start=dict(START, game="dracula"))
    d.saved()
    t = d.table
    t.set_debug(True, d.hal.clock.ticks_ms())
    t.restart_reason = "watchdog"
    t.reset()
    assert t.mode == "menu"
    n = frames_until_soft_reset(d)
    assert n == WAIT_FRAMES + 1  # the menu is drawn, a reply to the host is out, then the restart
    carried = json.loads(d.hal.storage.read(CARRY))
    assert carried["menu"][0] == "dracula" and carried["reason"] == "watchdog" and carried["debug"] is True
    published = t.events.published
    again = board(d.hal.storage, reset_cause="soft")
    t2 = again.table
    assert t2.mode == "menu" and t2.menu.prog["name"] == "dracula"  # the menu shows the game it showed
    assert t2.restart_reason == "watchdog" and t2.debug  # the table's own restart is not news
    assert t2.event_seq == published and t2.events.recorded == published  # a host's `events` counts on
    assert not d.hal.storage.exists(CARRY)  # read once
    again.frames(30)
    assert t2.mode == "menu"  # no program has run since this start: no restart


def test_leaving_a_game_by_the_confirm_quit_screen_restarts_too_and_the_save_is_not_offered_again_at_once():
    d = board(start=START)
    d.saved()
    d.tap(0, "ok", hold_ms=1200)  # a long press asks whether to leave the game
    assert d.table.mode == "confirm_quit"
    b = d.table.button_id(0, "ok")
    d.hal.buttons.press(b)
    d.frames(2)
    d.hal.buttons.release(b)
    frames_until_soft_reset(d)
    assert d.hal.storage.exists(SAVE)  # left, not abandoned: a power-on offers it, as before
    again = board(d.hal.storage, reset_cause="soft")
    assert again.table.mode == "menu" and again.table.menu.prog["name"] == "vampiring"


def test_declining_the_saved_game_at_power_on_restarts_into_the_menu():
    d = board(start=START)
    d.saved()
    up = board(d.hal.storage)
    assert up.table.mode == "resume_ask"
    b = up.table.button_id(0, "mode")
    up.hal.buttons.press(b)
    with pytest.raises(SoftReset):
        up.frames(WAIT_FRAMES + 10)
    assert not up.hal.storage.exists(SAVE)


def test_the_self_test_leaves_the_table_through_the_restart_as_a_game_does():
    d = board(start={"game": "selftest"})
    d.frames(5)
    d.table.reset()
    frames_until_soft_reset(d)
    assert board(d.hal.storage, reset_cause="soft").table.menu.prog["name"] == "selftest"


@pytest.mark.parametrize("data", [b"", b"{", b"[1, 2]", b'{"menu": "x", "reason": 5, "debug": 1, "events": -3}',
                                  b'{"menu": ["nosuchgame", 0, 2, [1]], "events": true}',
                                  b'{"menu": ["vampiring", 0, 2, [300]], "reason": "' + b"r" * 300 + b'"}',
                                  bytes(range(256))])
def test_a_damaged_carry_file_is_ignored_and_removed(data):
    st = MemStorage({KEY_FILE: KEY, CARRY: data})
    d = board(st, reset_cause="soft")
    t = d.table
    assert t.mode == "menu" and not st.exists(CARRY)
    assert t.restart_reason == "soft" and not t.debug and t.event_seq == 0
    assert t.menu.prog["name"] == t.menu.progs[0]


def test_a_port_that_cannot_restart_stays_up_and_writes_nothing():
    d = board(start=START, soft=None)
    d.saved()
    d.table.reset()
    d.frames(50)
    assert d.table.mode == "menu" and not d.hal.storage.exists(CARRY)
    d.tap(0, "ok")
    assert d.table.mode == "game"


def test_a_hosts_start_over_a_running_game_does_not_restart():
    d = board(start=START)
    d.saved()
    d.table.start_game({"game": "dracula", "players": 2, "seed": 3})
    d.frames(40)
    assert d.table.mode == "game" and d.table.program["name"] == "dracula"


# --- a crash path that cannot fail ----------------------------------------------------------------------------

def _break_render(t):
    def broken(now):
        raise MemoryError("memory allocation failed, allocating 440 bytes")

    t.play.render = broken


def _no_memory(*args, **kw):
    raise MemoryError("memory allocation failed, allocating 64 bytes")


class _Gc:
    collect = staticmethod(_no_memory)


# Each step of the crash path, made to fail as a full heap would make it.
STEPS = {
    "importing the failure handling": lambda t, mp: mp.setattr(keeper, "_TROUBLE", []) or
    mp.setattr("builtins.__import__", _failing_import(__import__, "nightboard.table.keeper_trouble")),
    "finishing the save under way": lambda t, mp: mp.setattr(t, "_save_settle", _no_memory),
    "letting the game go": lambda t, mp: mp.setattr(t, "drop_play", _no_memory),
    "collecting the garbage": lambda t, mp: mp.setattr(keeper_trouble, "gc", _Gc),
    "the traceback's text": lambda t, mp: mp.setattr(keeper_trouble, "format_exception", _no_memory),
    "error.log": lambda t, mp: mp.setattr(keeper_trouble, "log_error", _no_memory),
    "looking for the save": lambda t, mp: mp.setattr(t.saves.storage, "exists", _no_memory),
    "clearing the buttons": lambda t, mp: mp.setattr(t.debouncer, "clear", _no_memory),
    "drawing the error pattern": lambda t, mp: mp.setattr(keeper_trouble, "render_error", _no_memory),
}


def _failing_import(real, name):
    def imp(mod, globals=None, locals=None, fromlist=(), level=0):
        if mod == name or (mod == "nightboard.table" and fromlist and "keeper_trouble" in fromlist):
            raise MemoryError("memory allocation failed, importing")
        return real(mod, globals, locals, fromlist, level)

    return imp


def _run_until_restart(d, limit=400):
    """table.run() on the simulated clock until the board restarts; AssertionError if it never does."""
    t = d.table
    tick = t.tick
    count = [0]

    def counted():
        count[0] += 1
        if count[0] > limit:
            raise AssertionError("no restart within %d frames (mode %s)" % (limit, t.mode))
        tick()

    t.tick = counted
    with pytest.raises(BoardRestart):
        t.run()
    return count[0]


@pytest.mark.parametrize("step", sorted(STEPS))
def test_memory_error_at_any_step_of_the_crash_path_restarts_the_board_and_the_game_resumes(step, monkeypatch):
    d = board(start=START)
    d.saved()
    saved = d.table.game.to_json()
    with monkeypatch.context() as mp:
        STEPS[step](d.table, mp)
        _break_render(d.table)
        frames = _run_until_restart(d)
    assert frames <= 2  # at once: nothing more is tried on a heap that cannot hold the crash path
    again = board(d.hal.storage, reset_cause="watchdog")  # machine.reset() on a Pico restarts through the watchdog
    assert again.table.mode == "game" and again.table.game.to_json() == saved


def test_without_a_failing_step_the_crash_path_recovers_in_place():
    d = board(start=START)
    d.saved()
    saved = d.table.game.to_json()
    _break_render(d.table)
    d.frames(1)
    assert d.table.mode == "error" and d.table.play is None  # the game's room was given back first
    d.frames(200)
    assert d.table.mode == "game" and d.table.game.to_json() == saved


def test_where_the_port_cannot_restart_the_hard_path_recovers_in_place():
    d = board(start=START, restart=None)
    d.saved()
    saved = d.table.game.to_json()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(keeper_trouble, "format_exception", _no_memory)
        _break_render(d.table)
        d.frames(1)
        assert d.table.mode == "error" and d.table.error == keeper.HARD_CRASH
    d.frames(200)
    assert d.table.mode == "game" and d.table.game.to_json() == saved


def test_an_error_that_escapes_the_frame_restarts_the_board_instead_of_ending_the_loop(monkeypatch):
    d = board(start=START)
    d.saved()
    monkeypatch.setattr(d.table, "_show", _no_memory)  # outside the frame's own error handling
    assert _run_until_restart(d) == 1


def test_ctrl_c_still_gives_the_repl():
    d = board(start=START)
    d.saved()

    def interrupted(now):
        raise KeyboardInterrupt

    d.table.play.render = interrupted
    with pytest.raises(KeyboardInterrupt):
        Table.run(d.table)


@pytest.mark.parametrize("done", [-5, "2", True, 1.5])
def test_a_hosts_load_with_a_bad_turn_count_is_refused_and_nothing_changes(done):
    d = board(start=START)
    d.saved()
    before = d.table.game.to_json()
    with pytest.raises(ValueError, match="turns_done must be a whole number, 0 or more"):
        d.table.load_game({"program": "vampiring", "state": before, "turns_done": done})
    assert d.table.game.to_json() == before and d.table.mode == "game"


def test_a_hosts_load_naming_the_self_test_is_refused():
    d = board(start=START)
    d.saved()
    before = d.table.game.to_json()
    with pytest.raises(ValueError, match="selftest is not a game"):
        d.table.load_game({"program": "selftest", "state": before, "turns_done": 0})
    assert d.table.game.to_json() == before and d.table.program["name"] == "vampiring"
