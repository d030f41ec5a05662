"""The table's event log (table/eventlog.py): compact storage, numbering, publishing, bounds."""

import pytest

from mpy_harness import run_mpy_json
from nightboard.games.vampiring import state as V
from nightboard.table.eventlog import EventLog
from table_driver import Driver


def turn_events(seed=3, turns=4):
    g = V.new_game(seed, 4)
    out = []
    for k in range(turns):
        out.append(g.apply_actions([(k + f) % 4 for f in range(4)]))
    return out


def test_events_come_back_equal_numbered_and_only_once_published():
    turns = turn_events()
    log = EventLog(keep=500)
    log.extend(turns[0])
    assert log.since(0) == []  # recorded, not yet published: the host waits for the turn to finish
    assert log.recent(1000) == turns[0]
    log.publish()
    assert log.since(0) == [[i + 1, ev] for i, ev in enumerate(turns[0])]
    log.extend(turns[1])
    assert len(log.since(0)) == len(turns[0])
    log.publish()
    every = turns[0] + turns[1]
    assert log.since(0) == [[i + 1, ev] for i, ev in enumerate(every)]
    assert log.since(len(turns[0])) == [[len(turns[0]) + i + 1, ev] for i, ev in enumerate(turns[1])]
    assert log.since(log.published) == []


def test_events_of_a_kind_share_one_tuple_of_names():
    turns = turn_events()
    log = EventLog(keep=500)
    for t in turns:
        log.extend(t)
    moves = [log.names[i] for i in range(len(log)) if log.values[i][log.names[i].index("e")] == "move"]
    assert len(moves) > 4 and all(m is moves[0] for m in moves)
    assert len(log._shapes) == len({tuple(sorted(ev)) for t in turns for ev in t})


def test_only_published_events_are_dropped_past_the_bound_which_counts_unpublished_ones():
    turns = turn_events(turns=6)
    log = EventLog(keep=10)
    log.extend(turns[0])
    assert len(log) == len(turns[0]) > 10  # a turn in progress is kept whole, whatever the bound
    log.publish()  # a finished turn is served whole, however long
    assert log.since(0) == [[1 + i, ev] for i, ev in enumerate(turns[0])]
    log.extend(turns[1][:4])  # the next turn's events push out published ones at once: 10 held in all
    assert len(log) == 10 and log.recent(7) == turns[0][-3:] + turns[1][:4]
    log.extend(turns[1][4:])
    assert len(log) == max(10, len(turns[1]))  # but never one of its own
    assert log.recent(3) == turns[1][-3:]
    log.publish()
    assert log.since(log.published - 3) == [[log.published - 2 + i, ev] for i, ev in enumerate(turns[1][-3:])]


def test_a_turn_that_never_finishes_is_forgotten_and_its_numbers_reused():
    turns = turn_events()
    log = EventLog(keep=500)
    log.extend(turns[0])
    log.publish()
    n = log.published
    log.extend(turns[1][:3])
    log.drop_unpublished()
    assert log.recorded == n and log.recent(2) == turns[0][-2:]
    log.extend(turns[2])
    log.publish()
    assert log.since(n) == [[n + 1 + i, ev] for i, ev in enumerate(turns[2])]


def play_turn(d, actions):
    """Each family sets its action (meta * 2 + dir) with its buttons and confirms it."""
    for f, a in enumerate(actions):
        d.choose(f, a >> 1, a & 1)
    for f in range(len(actions)):
        d.tap(f, "ok")
    d.settle()


def test_the_table_holds_no_event_dicts_between_turns():
    """The log is the only holder: what the table keeps of a played turn is tuples, not the engine's dicts."""
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    play_turn(d, [0, 3])
    t = d.table
    assert t.event_seq > 0 and t.play.log is t.events
    assert all(isinstance(v, tuple) for v in t.events.values)
    assert not hasattr(t.play, "last_events")
    assert [ev for _s, ev in t.events_since(0)] == t.log[-t.event_seq:]


def test_a_new_game_starts_with_an_empty_log_view_but_numbering_goes_on():
    d = Driver({"game": "vampiring", "players": 2, "seed": 4})
    play_turn(d, [0, 3])
    t = d.table
    seq = t.event_seq
    t.start_game({"game": "vampiring", "players": 3, "seed": 9})
    assert t.log == [] and t.event_seq == seq
    play_turn(d, [1, 2, 0])
    assert t.event_seq > seq and t.events_since(seq)[0][0] == seq + 1
    assert t.events_since(seq)[0][1]["e"] == "reveal"


@pytest.mark.micropython
def test_same_log_under_micropython():
    code = (
        "import json\n"
        "from nightboard.games.vampiring import state as V\n"
        "from nightboard.table.eventlog import EventLog\n"
        "g = V.new_game(3, 4)\n"
        "log = EventLog(keep=20)\n"
        "for k in range(4):\n"
        "    log.extend(g.apply_actions([(k + f) % 4 for f in range(4)]))\n"
        "    log.publish()\n"
        "print(json.dumps([log.since(0), log.recent(5), len(log)]))\n"
    )
    since, recent, kept = run_mpy_json(code)
    turns = turn_events()
    every = [ev for t in turns for ev in t]
    assert kept == max(20, len(turns[-1]))  # the last turn whole, published or not
    assert since == [[len(every) - kept + 1 + i, ev] for i, ev in enumerate(every[-kept:])]
    assert recent == every[-5:]
