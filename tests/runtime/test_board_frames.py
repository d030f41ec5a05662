"""The frames of the seats the board plays, on the simulated table (app.py, _frame_work; docs/games.md, "On
the table"): the frame in which the board's action ends a turn does the rules only (held: nothing drawn,
nothing sent to the LEDs) and the next draws it; no frame that does a part of a save, or answers the
host, thinks too; a frame that thinks does not act as well; and the pause before the board acts keeps
its clock while a save goes on. These hold the same on the board: its held frames fall where the
simulation's do."""

import pytest

from nightboard.games import index
from nightboard.table import app
from table_driver import Driver

BOARD_ONLY = [g for g in index.names() if (index.tools(g).get("bench") or {}).get("board_only")]
FRAMES = 900  # some 14 s of the table


def watched(game):
    """A board-only game of `game` on its bench's table, with every frame's facts recorded: [(frame,
    held, turns grew, LEDs sent, thought, saved)]."""
    bench = index.tools(game)["bench"]
    d = Driver(dict(bench["board_only"], game=game), name=bench.get("profile") or index.tools(game)["profile"])
    t = d.table
    seen = {"thought": 0, "saved": 0, "sent": 0}

    def counting(obj, name, key):
        f = getattr(obj, name)

        def wrapper(*a, **kw):
            seen[key] += 1
            return f(*a, **kw)

        setattr(obj, name, wrapper)

    counting(t.play.thinking, "step", "thought")
    counting(t, "_save", "saved")
    counting(t, "_save_step", "saved")
    counting(d.hal.pixels, "write", "sent")
    rows = []
    for _ in range(FRAMES):
        before = dict(seen)
        done = t.play.turns_done
        d.frames()
        rows.append((t.frames - 1, t.held, t.play.turns_done != done,
                     seen["sent"] - before["sent"], seen["thought"] - before["thought"],
                     seen["saved"] - before["saved"]))
    return d, rows


@pytest.mark.parametrize("game", BOARD_ONLY)
def test_the_boards_action_has_a_frame_of_its_own_and_no_frame_of_a_save_thinks(game):
    d, rows = watched(game)
    acted = [r for r in rows if r[2]]
    assert len(acted) >= 5, "the board played %d actions in %d frames" % (len(acted), FRAMES)
    for frame, held, _grew, sent, thought, saved in acted:
        assert held == app.HELD_TURN and not sent and not thought and not saved, frame
    after = {r[0] + 1 for r in acted}
    drawn = [r for r in rows if r[0] in after]
    assert all(not r[1] and not r[4] for r in drawn)  # the action's first picture: no thinking beside it
    thinking = [r for r in rows if r[4]]
    assert len(thinking) >= len(acted)  # each action was thought over in frames of its own
    assert not [r for r in rows if r[4] and r[5]], "a frame did a part of a save and thought"


def test_the_boards_pause_does_not_wait_for_the_save():
    """The board's seat acts its pause after its turn came, although the save of the action before takes
    frames in which it may not think: the pause's clock runs in those frames."""
    from nightboard.games.vampire_nights import play as VNP

    d, rows = watched("vampire_nights")
    acted = [r[0] for r in rows if r[2]]
    gaps = [b - a for a, b in zip(acted, acted[1:])]
    frame_ms = d.table.frame_ms
    # BOARD_MS after the action before, give or take the frames of thinking left when it is up
    assert min(gaps) * frame_ms >= VNP.BOARD_MS
    assert sorted(gaps)[len(gaps) // 2] * frame_ms <= VNP.BOARD_MS + 4 * frame_ms, gaps
