"""The trusted host's seat requests (issue 39): `seat` gives one seat's own view and its choices in words,
`act` plays an action for a seat through the table's controller as its buttons would. Every game, bad
input refused with nothing changed, the reply for one seat independent of the other seats' secrets (the
games' twins), and the same replies under the MicroPython unix port in a Pico-sized heap."""

import json
import subprocess
import sys

import pytest

from mpy_harness import ROOT, run_mpy
from nightboard.games import index
from nightboard.table.app import HELD_SERVED
from nightboard_host.link.client import LocalLink, RequestFailed, decode
from table_driver import Driver
from twins_helpers import twins_along_play

STARTS = {  # a game of each on a shipped table it plays on
    "vampire_cards": ({"players": 4, "seed": 5}, "ring4"),
    "vampire_nights": ({"players": 2, "seed": 5}, "grid8"),
    "vampempire": ({"players": 3, "seed": 5}, "hex8"),
    "dracula": ({"players": 2, "seed": 5}, "grid8"),
    "vampiring": ({"players": 3, "seed": 5}, "ring4"),
}


def linked(name, **more):
    opts, prof = STARTS[name]
    start = dict(opts, game=name)
    start.update(more)
    d = Driver(start, name=prof)
    d.saved()
    return d, LocalLink(d.table)


def replies(raw):
    """The protocol replies in the bytes a board wrote."""
    return [r for r in (decode(line) for line in raw.decode().split("\n")) if r is not None]


def _kept(d):
    """What a refused request must leave as it was."""
    t = d.table
    return (json.dumps(t.game.to_json(), sort_keys=True), t.play.turns_done, t.events.recorded, t.mode,
            sorted(d.hal.storage.files.items()), t.phones)


@pytest.mark.parametrize("name", sorted(STARTS))
def test_seat_gives_the_seats_own_view_and_its_choices_in_words(name):
    d, link = linked(name)
    g = d.table.game
    for seat in range(g.players_count()):
        r = link.call("seat", seat=seat)
        assert (r["game"], r["mode"], r["seat"], r["turn"], r["board"]) == (name, "game", seat, g.turn, False)
        assert r["view"] == json.loads(json.dumps(g.view(seat)))
        assert r["to_move"] == (seat in g.to_move())
        if r["to_move"]:
            assert [c["action"] for c in r["choices"]] == g.legal(seat)
            words = [c["words"] for c in r["choices"]]
            assert all(isinstance(w, str) and w and not w.lstrip("-").isdigit() for w in words), words
            assert len(set(words)) == len(words)  # each choice told apart in words
        else:
            assert r["choices"] == []


def test_the_first_seat_view_of_a_game_brings_its_words_whoever_is_to_move():
    # Their import is a phone's joining (some 50 ms of a frame on a Pico with .mpy files, `make bench
    # ONLY=party_pico`), not a frame in the middle of a turn when a seat first has choices.
    from nightboard.table import protocol_kinds

    d, link = linked("vampire_nights")
    g = d.table.game
    waiting = [s for s in range(g.players_count()) if s not in g.to_move()]
    assert waiting
    protocol_kinds.put_away()
    assert link.call("seat", seat=waiting[0])["choices"] == []
    assert protocol_kinds._WORDS[0] is not None and protocol_kinds._WORDS[0][0] == "vampire_nights"


def test_seat_of_a_seat_the_board_plays_and_in_the_menu_says_so():
    d, link = linked("vampire_cards", board=1)
    r = link.call("seat", seat=3)
    assert r["board"] is True and r["view"] is None and r["choices"] == [] and r["note"] == "the board plays this seat"
    d, link = linked("dracula")
    r = link.call("seat", seat=2)  # Dracula's own seat: never his room to the host
    assert r["board"] is True and r["view"] is None
    d = Driver(None)
    link = LocalLink(d.table)
    r = link.call("seat", seat=0)
    assert (r["mode"], r["game"], r["view"], r["note"]) == ("menu", None, None, "no game is being played")
    with pytest.raises(RequestFailed, match="no game is being played"):
        link.call("act", seat=0, action=0)


def _saved(d):
    """The files on the table's flash, each save's header without its nonce and its sealed bytes."""
    out = {}
    for k, v in d.hal.storage.files.items():
        if k == "game.json":
            head = json.loads(v[:v.index(b"}") + 1])
            v = (head["program"], head["turns_done"], head["bytes"])
        out[k] = v if k != "board.key" else len(v)
    return out


@pytest.mark.parametrize("name", sorted(STARTS))
def test_act_plays_as_the_seats_buttons_would(name):
    # Two tables of the same game: on one the seat's buttons choose (ok on the choice the buttons show
    # first), on the other the host acts for it with the same action. The same game, log, save and LEDs.
    by_buttons, _ = linked(name)
    d, link = linked(name)
    seat = d.table.game.to_move()[0]
    play = by_buttons.table.play
    a = play.chosen_action() if hasattr(play, "chosen_action") else (
        play.chosen() if hasattr(play, "chosen") and callable(play.chosen) else play.action(seat))
    by_buttons.tap(seat, "ok")
    r = link.call("act", seat=seat, action=a)
    assert r["done"] is True and r["seat"] == seat and r["to_move"] == d.table.game.to_move()
    d.frames(3)
    for x in (by_buttons, d):
        x.saved()
        x.settle()
        x.frames(5)
    while by_buttons.hal.clock.ticks_ms() != d.hal.clock.ticks_ms():  # the same moment on both (blinking)
        (by_buttons if by_buttons.hal.clock.ticks_ms() < d.hal.clock.ticks_ms() else d).frames()
    a_t, b_t = by_buttons.table, d.table
    for _ in range(30):  # a seat that blinks from when it began to wait (the card game): in the same phase on both
        if getattr(a_t.play, "lit", None) == getattr(b_t.play, "lit", None):
            break
        by_buttons.frames()
        d.frames()
    assert a_t.game.to_json() == b_t.game.to_json()
    assert a_t.play.turns_done == b_t.play.turns_done
    assert a_t.events.recent(20) == b_t.events.recent(20) and a_t.events.recorded == b_t.events.recorded
    assert _saved(by_buttons) == _saved(d)  # saved as after a press (each save sealed with its own nonce)
    assert bytes(a_t.frame.rgb) == bytes(b_t.frame.rgb)


@pytest.mark.parametrize("args, message", [
    ({"seat": 9, "action": 1024}, "seat must be 0..3 (got 9)"),
    ({"seat": -1, "action": 1024}, "seat must be 0..3 (got -1)"),
    ({"seat": "0", "action": 1024}, "seat must be an integer"),
    ({"seat": True, "action": 1024}, "seat must be an integer"),
    ({"seat": 0}, "missing action"),
    ({"action": 1024}, "missing seat"),
    ({"seat": 1, "action": 1024}, "it is not seat 1's time to act (the game waits for seat 0)"),
    ({"seat": 3, "action": 1024}, "seat 3 is played by the board"),
    ({"seat": 0, "action": 99999}, "no action has the number 99999"),
    ({"seat": 0, "action": "discard"}, ""),
    ({"seat": 0, "action": None}, ""),
    ({"seat": 0, "action": {"a": [1] * 200}}, ""),
    ({"seat": 0, "action": 1025.0}, "give the action as seat lists it in choices (got 1025.0)"),
    ({"seat": 0, "action": True}, "give the action as seat lists it in choices (got true)"),
    ({"seat": 0, "action": 1025, "x": 1}, "unknown field"),
])
def test_bad_acts_are_refused_with_a_message_and_change_nothing(args, message):
    d, link = linked("vampire_cards", board=1)
    before = _kept(d)
    r = link.request("act", **args)
    assert r["ok"] is False and message in r["error"] and r["error"], r
    d.frames(5)
    assert _kept(d) == before


def test_an_action_too_long_for_a_line_is_refused_and_changes_nothing():
    d, link = linked("vampire_cards")
    before = _kept(d)
    r = link.request("act", seat=0, action=[0] * 600)  # (the link sends it in parts)
    assert r["ok"] is False and r["error"].startswith("give the action as seat lists it in choices (got [0,0,0,")
    link.send_raw(b'@nb {"id": 7, "req": "act", "seat": 0, "action": [' + b"0," * 600 + b'0]}\n')
    assert link.read_replies(1)[0]["error"] == "line too long (max 1024 bytes)"
    with pytest.raises(RequestFailed, match="request too long"):
        link.call("part", seq=0, data="x" * 9000, end=True)
    assert _kept(d) == before


def test_act_while_the_table_asks_whether_to_leave_is_refused():
    d, link = linked("vampire_cards")
    d.table.mode = "confirm_quit"  # (a long press of ok put the question on the ring)
    before = _kept(d)
    with pytest.raises(RequestFailed, match="asking whether to leave"):
        link.call("act", seat=0, action=1024)
    assert _kept(d) == before


def test_a_seat_midway_through_its_buttons_starts_afresh_after_its_host_acts():
    d, link = linked("vampire_cards")
    play = d.table.play
    for _ in range(3):
        d.tap(0, "move")
    assert play.pick == 3
    link.call("act", seat=0, action=1024)  # discard nothing: the next seat's turn
    d.frames(3)
    assert play.chosen_action() is not None and play.pick == 0 and play.kind == 0
    d.tap(0, "ok")  # seat 0's ok now is refused (not its turn), and changes nothing
    assert d.table.game.to_move() == [1] and play.turns_done == 1


def test_a_family_toggling_its_choice_then_acting_from_the_host_keeps_what_it_confirmed():
    d, link = linked("vampiring")
    play = d.table.play
    d.tap(1, "mode")  # metamorphosis B on its buttons, not confirmed
    link.call("act", seat=1, action=1)  # the host confirms A, anticlockwise
    assert (play.meta[1], play.dir[1], play.chosen[1]) == (0, 1, 1)
    d.tap(1, "mode")  # confirmed: its buttons change nothing more this turn
    assert (play.meta[1], play.chosen[1]) == (0, 1) and d.table.game.to_move() == [0, 2]
    with pytest.raises(RequestFailed, match="not seat 1's time"):
        link.call("act", seat=1, action=2)


def test_phone_marks_a_seat_until_the_game_changes():
    d, link = linked("vampire_cards", board=1)
    assert link.call("seat", seat=1, phone=True)["phone"] is True and d.table.is_phone(1)
    assert link.call("seat", seat=1)["phone"] is True  # asking again keeps it
    with pytest.raises(RequestFailed, match="played by the board"):
        link.call("seat", seat=3, phone=True)
    with pytest.raises(RequestFailed, match="phone must be true or false"):
        link.call("seat", seat=1, phone=1)
    assert link.call("seat", seat=1, phone=False)["phone"] is False
    link.call("seat", seat=2, phone=True)
    link.call("start", game="vampire_cards", players=4, seed=2)
    assert d.table.phones == 0


@pytest.mark.parametrize("name", ["vampire_cards", "vampire_nights", "vampempire", "vampiring"])
def test_a_seats_reply_does_not_depend_on_the_other_seats_secrets(name):
    opts, prof = STARTS[name]
    n = 0
    for g, twin, knowers in twins_along_play(name, seeds=[1, 2], steps=12):
        replies = []
        for state in (g, twin):
            d = Driver({"game": name, "position": state.to_json()}, name=prof)
            d.saved()
            link = LocalLink(d.table)
            replies.append([link.request("seat", seat=s) for s in range(g.players_count()) if s not in knowers])
        a, b = replies
        for r in a + b:
            r.pop("id")
        if a:
            assert a == b
            n += 1
        if n >= 6:
            break
    assert n >= 3


def test_hello_lists_the_seat_requests():
    d, link = linked("vampire_cards")
    assert {"seat", "act"} <= set(link.call("hello")["requests"])


def test_every_game_declares_its_words():
    for name in index.names():
        w = index.facts(name)["words"]
        mod = __import__(w[0], None, None, ["_"])
        assert callable(getattr(mod, w[1]))


@pytest.mark.micropython
def test_the_seat_requests_under_micropython_answer_as_under_cpython():
    src = (ROOT / "tests" / "scripts" / "protocol_seat_session.py").read_text()
    m = run_mpy(src, compiled=True).splitlines()
    c = subprocess.run([sys.executable, "-c", src], capture_output=True, text=True, check=True, cwd=str(ROOT),
                       env={"PYTHONPATH": str(ROOT / "firmware")}).stdout.splitlines()
    assert [json.loads(x[4:] if x.startswith("@nb ") else x) for x in m] == \
        [json.loads(x[4:] if x.startswith("@nb ") else x) for x in c]  # (MicroPython orders a dict's keys its way)
    end = json.loads(c[-1])
    assert (end["lines"], end["errors"]) == (15, 9) and end["turns"] >= 1
    got = [json.loads(x[4:]) for x in c[:-1]]
    assert [r["ok"] for r in got] == [True] * 3 + [False] * 9 + [True] * 3
    assert len(got[0]["choices"]) == 42 and got[0]["choices"][1]["words"].startswith("discard ")


def test_a_look_at_the_leds_is_answered_during_the_save_and_every_other_request_after_it_in_order():
    # A host that acts for a seat and asks at once for the frame, the state and the frame again (as the party
    # does): the act is answered alone in its frame (it may resolve a turn: nothing more fits), the first
    # frame in the turn's save with the turn's picture (app.py _SERVE_FRAME), the state once the save is
    # written, then the last frame: every line one reply, in order, none lost. The save is the one the same act
    # alone gives.
    alone, alone_link = linked("vampire_cards")
    alone_link.call("act", seat=0, action=1024)  # discard nothing
    d, link = linked("vampire_cards")
    t = d.table
    shown = bytes(t.frame.rgb)
    link.send_raw(b'@nb {"id": 1, "req": "act", "seat": 0, "action": 1024}\n@nb {"id": 2, "req": "frame"}\n'
                  b'@nb {"id": 3, "req": "state"}\n@nb {"id": 4, "req": "frame"}\n')
    got = []  # (reply, the save under way when it came, the frame it came in)
    for f in range(80):
        link.tick()
        for r in replies(link.serial.take()):
            got.append((r, t.saves.pending, f))
        if len(got) == 4:
            break
    assert [r["id"] for r, _p, _f in got] == [1, 2, 3, 4] and all(r["ok"] for r, _p, _f in got)
    (act, _, f_act), (look, during, f_look), (state, after, f_state), (last, _, _) = got
    assert act["done"] is True and f_look > f_act  # the act alone in its frame
    assert during and bytes.fromhex(look["leds"]) != shown  # the turn's picture, the save still under way
    assert f_look - f_act == 3  # the act resolved the turn (held), the next drew it, the save began, then the look
    assert not after and f_state > f_look + 10  # the state waited for the save's end
    assert last["frames"] > look["frames"] and state["turn"] == t.game.turn
    alone.saved()
    d.saved()
    assert _saved(alone) == _saved(d) and t.play.turns_done == alone.table.play.turns_done == 1


def test_an_act_is_answered_alone_in_its_frame():
    # An act can resolve a turn, the fullest work a frame has: no other reply shares its frame, before or after.
    d, link = linked("vampire_cards")
    link.send_raw(b'@nb {"id": 1, "req": "hello"}\n@nb {"id": 2, "req": "act", "seat": 0, "action": 1024}\n'
                  b'@nb {"id": 3, "req": "hello"}\n')
    per_frame = []
    while sum(len(x) for x in per_frame) < 3:
        link.tick()
        per_frame.append([r["id"] for r in replies(link.serial.take())])
    assert [x for x in per_frame if x] == [[1], [2], [3]]


def test_during_a_save_one_frame_request_is_answered_once_a_turn_in_a_frame_of_its_own():
    d, link = linked("vampire_cards")
    link.call("act", seat=0, action=1024)
    t = d.table
    while not t.saves.pending:
        link.tick()
    link.send_raw(b'@nb {"id": 1, "req": "frame"}\n@nb {"id": 2, "req": "frame"}\n@nb {"id": 3, "req": "hello"}\n')
    got = []
    while len(got) < 3:
        link.tick()
        got.extend((r["id"], t.saves.pending, t.held, t.events.published) for r in replies(link.serial.take()))
    (one, during, held, published), (two, after, _h, _p), (three, _, _, _) = got
    assert (one, two, three) == (1, 2, 3)
    assert during and held == HELD_SERVED and published < t.events.recorded  # its own frame, before the publishing
    assert not after  # the second look and the hello after the save


def _still(t, colour=None):
    """The game's own drawing stopped: its picture holds still (or, given a colour, LED 0 takes it)."""
    if colour is None:
        t.play.render = lambda now: None
    else:
        t.play.render = lambda now: t.frame.set(0, colour[0], colour[1], colour[2])


@pytest.mark.parametrize("changes_at", [6, None])
def test_a_look_during_a_save_waits_for_a_picture_the_hosts_last_frame_did_not_show(changes_at):
    # The host's last `frame` showed the picture; the turn's first pictures change no light (as some turns'
    # do for up to 21 frames): a look at them would show nothing new, and the change would wait for the save's
    # end. So the look waits, during the save, for the first frame whose picture differs, and when none does it
    # is answered after the save as any request.
    d, link = linked("vampire_cards")
    t = d.table
    _still(t)
    seen = link.call("frame")
    link.call("act", seat=0, action=1024)
    while not t.saves.pending:
        link.tick()
    link.send_raw(b'@nb {"id": 1, "req": "frame"}\n')
    got = []
    for f in range(200):
        if f == changes_at:
            _still(t, (9, 8, 7))
        link.tick()
        got.extend((r, t.saves.pending, f) for r in replies(link.serial.take()))
        if got:
            break
    (r, during, f), = got
    if changes_at is None:
        assert not during and r["leds"] == seen["leds"]  # after the save: the picture never changed
    else:
        assert during and f > changes_at and r["leds"][:6] == "090807" and r["leds"] != seen["leds"]


def test_a_look_during_a_save_is_answered_at_once_while_a_seat_holds_look():
    # Whether a looking seat's private LEDs changed is not worked out: the look does not wait then (what it
    # shows and when do not depend on those LEDs).
    d, link = linked("vampire_cards")
    t = d.table
    _still(t)
    link.call("frame")
    link.call("act", seat=0, action=1024)
    while not t.saves.pending:
        link.tick()
    t.play.looking[1] = 1
    link.send_raw(b'@nb {"id": 1, "req": "frame"}\n')
    got = []
    while not got:
        link.tick()
        got.extend((r, t.saves.pending) for r in replies(link.serial.take()))
    assert got[0][1] and got[0][0]["ok"]


@pytest.mark.parametrize("lines, frames", [
    (b'@nb {"id": 1, "req": "state"}\n@nb {"id": 2, "req": "frame"}\n@nb {"id": 3, "req": "hello"}\n',
     [[1], [2, 3]]),
    (b'@nb {"id": 1, "req": "frame"}\n@nb {"id": 2, "req": "events"}\n@nb {"id": 3, "req": "state"}\n'
     b'@nb {"id": 4, "req": "frame"}\n', [[1, 2], [3], [4]]),
    (b'@nb {"id": 1, "req": "hello"}\n@nb {"id": 2, "req": "frame"}\n@nb {"id": 3, "req": "hello"}\n',
     [[1, 2, 3]]),
    (b'@nb {"id": 1, "req": "frame"}\n@nb {"id": 2, "req": "seat", "seat": 0}\n'
     b'@nb {"id": 3, "req": "seat", "seat": 1}\n@nb {"id": 4, "req": "events"}\n', [[1], [2], [3, 4]]),
    (b'@nb {"id": 1, "req": "events"}\n@nb {"id": 2, "req": "seat", "seat": 2}\n@nb {"id": 3, "req": "state"}\n',
     [[1, 2], [3]]),
])
def test_a_frame_answers_one_frame_state_or_seat_at_most(lines, frames):
    # The costliest replies on a Pico never share a frame (a `frame` and a `state` 49 ms on grid8 on the
    # emulated RP2040; a `frame` and two seats' views with their choices in words 99 ms, four phones' pages
    # open): the second waits for the next frame that answers, every line still answered once and in order.
    d, link = linked("vampire_nights")
    link.send_raw(lines)
    per_frame = []
    while sum(len(x) for x in per_frame) < sum(len(x) for x in frames):
        link.tick()
        per_frame.append([r["id"] for r in replies(link.serial.take())])
    assert [x for x in per_frame if x] == frames
    assert all(len(x) == 0 for x in per_frame[per_frame.index(frames[0]) + 1:][:2])  # two frames between
