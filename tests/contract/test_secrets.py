"""Secrets that stay secret (issue 19): the board's key, the seal, the saves' size, the seed, the REPL mark,
the refusal messages. Each test compares what a player can reach in two games that differ only in a hidden
fact, or checks what the board promises (docs/table.md, "Secrets: what the table promises")."""

import json
import os

import pytest

from dracula_helpers import position
from nightboard.games.dracula import rules as R
from nightboard.games.errors import GameError
from nightboard.hal.entropy import SeededRandom
from nightboard.hal.sim import MemStorage, SimClock, make_sim_hal
from nightboard.prng import NARROW
from nightboard.table import palette as P
from nightboard.table.keeper import REPL_MARK, REPL_WORDS
from nightboard.table.saves import BUFFER, SAVE, SaveError, SaveStore, decode, encode
from nightboard.table.seal import KEY_BYTES, KEY_FILE, Keys, Sealer
from nightboard_host.link.client import LocalLink
from table_driver import Driver, profile

NONCE = bytes(8)


def _hunt(room, **extra):
    """A 2-hunter hunt on the grid table with Dracula in `room`; everything else the same."""
    return {"game": "dracula", "position": position(dracula=room, hunters=["a1", "e5"], **extra).to_json()}


def _boot(storage, reset_cause="power-on", rb=None):
    d = Driver(None, name="grid8", hal=make_sim_hal(profile("grid8"), storage=storage, reset_cause=reset_cause,
                                                     random_bytes=rb))
    d.table.tick()
    return d


# --- the board's key -------------------------------------------------------------------------------------

def test_each_board_makes_its_own_key_at_first_boot_and_keeps_it():
    a, b = MemStorage(), MemStorage()
    assert _boot(a).table.saves.storage.read(KEY_FILE) is None  # a power-up with nothing to save writes nothing
    ta = Driver(_hunt("c3"), name="grid8", hal=make_sim_hal(profile("grid8"), storage=a)).table
    tb = Driver(_hunt("c3"), name="grid8", hal=make_sim_hal(profile("grid8"), storage=b)).table
    ta.saves.finish()
    tb.saves.finish()  # the first save made the key
    ka, kb = a.read(KEY_FILE), b.read(KEY_FILE)
    assert len(ka) == len(kb) == KEY_BYTES and ka != kb  # os.urandom: two boards, two keys
    assert ta.saves.keys.seal == Keys(ka).seal
    _boot(a)
    assert a.read(KEY_FILE) == ka  # the next power-up reads it back, never makes another
    assert tb.saves.keys.seal != ta.saves.keys.seal


def test_a_save_copied_to_another_board_does_not_open_there_and_is_set_aside_with_the_reason():
    mine = MemStorage()
    d = Driver(_hunt("c3"), name="grid8", hal=make_sim_hal(profile("grid8"), storage=mine))
    d.frames(40)
    data = mine.read(SAVE)
    assert decode(data, mine.read(KEY_FILE))[1]["dracula"] == d.table.game.room
    other = MemStorage({SAVE: data})
    t = _boot(other).table
    assert t.mode == "error" and "does not open with this board's key" in t.save_problem
    assert other.read("game.bad1.json") == data  # kept, not destroyed
    with pytest.raises(SaveError, match="does not open with this board's key"):
        decode(data, os.urandom(KEY_BYTES))


def test_a_save_with_a_changed_byte_is_refused_by_its_mac_even_with_a_right_checksum():
    from nightboard.table.seal import crc32

    data = encode("dracula", 3, position().to_json(), bytes(32), NONCE)
    head, body = data.split(b"\n", 1)
    body = bytearray(body)
    body[3] ^= 0x01  # a bit of the sealed text flipped, and the checksum made right again
    h = json.loads(head)
    h["crc32"] = "%08x" % crc32(body)
    with pytest.raises(SaveError, match="sealed by another board, or altered"):
        decode(json.dumps(h).encode() + b"\n" + bytes(body), bytes(32))


def test_known_plaintext_gives_the_keystream_of_those_bytes_only():
    """The text begins with known bytes ({"...). XOR-ing them out gives the keystream there; under the old
    xorshift seal four bytes gave the generator's state and the whole stream. Here the next block's
    keystream is a fresh SHA-256 output: unrelated to the first block's, and different for every nonce."""
    keys = Keys(os.urandom(32))
    text = json.dumps(position().to_json()).encode()
    a, b = bytearray(text), bytearray(text)
    for buf, nonce in ((a, NONCE), (b, b"\x01" + bytes(7))):
        s = Sealer(keys, nonce, len(text))
        while not s.run(memoryview(buf), 64):
            pass
    ks_a = bytes(x ^ y for x, y in zip(a, text))
    ks_b = bytes(x ^ y for x, y in zip(b, text))
    assert ks_a[:32] != ks_a[32:64]  # block 1 is not block 0 again, nor a shift of it
    assert ks_a[4:32] != ks_a[:28]
    assert ks_a != ks_b  # a new nonce every save: the same game saved twice shares no keystream


# --- the size of a save ----------------------------------------------------------------------------------

def test_two_games_differing_only_in_draculas_room_give_saves_of_equal_size():
    sizes = {}
    lengths = {}
    for room in ("c3", "c4", "b4", "d4", "e1"):
        mem = MemStorage()
        d = Driver(_hunt(room), name="grid8", hal=make_sim_hal(profile("grid8"), storage=mem))
        d.frames(40)
        sizes[room] = len(mem.read(SAVE))
        lengths[room] = len(json.dumps(d.table.game.to_json(), separators=(",", ":")))
    assert len(set(lengths.values())) > 1  # the states themselves differ in length (the room's number)...
    assert len(set(sizes.values())) == 1, sizes  # ...their save files do not


def test_every_save_is_the_same_length_whatever_the_game_holds():
    store = SaveStore(MemStorage(), bytes(32), os.urandom)
    heads = set()
    for state in ({}, {"a": "x" * 2500}, position().to_json(), {"n": list(range(400))}):
        store.save("dracula", 12, state)
        data = store.storage.read(SAVE)
        heads.add(len(data.split(b"\n", 1)[0]))
        assert len(data) == BUFFER - 200 + heads.pop() + 1
        heads.add(len(data.split(b"\n", 1)[0]))
        assert json.loads(data.split(b"\n", 1)[0])["bytes"] == BUFFER - 200  # no length field tells the text's
    assert len(heads) == 1  # the header's length depends on the game's name and turn count only


# --- old saves -------------------------------------------------------------------------------------------

def test_a_save_sealed_by_older_firmware_is_set_aside_with_a_message_never_a_crash():
    old = (b'{"nightboard_save":2,"program":"dracula","turns_done":3,"nonce":4,"bytes":5,"crc32":1}\n'
           b"\x01\x02\x03\x04\x05")
    mem = MemStorage({SAVE: old})
    d = _boot(mem)
    t = d.table
    assert t.mode == "error" and "sealed by an older firmware (save format 2)" in t.save_problem
    assert mem.read("game.bad1.json") == old
    d.frames(200)
    assert t.mode == "menu" and t.save_problem in t.describe()


# --- seeds -----------------------------------------------------------------------------------------------

def _menu_start(seed_source, clock_start=0):
    clock = SimClock()
    clock.advance(clock_start)
    hal = make_sim_hal(profile("grid8"), clock=clock, random_bytes=seed_source)
    d = Driver(None, name="grid8", hal=hal)
    d.frames(3)
    while d.table.menu.options()["game"] != "dracula":
        d.tap(0, "mode")
    d.tap(0, "ok")
    assert d.table.mode == "game" and d.table.program["name"] == "dracula"
    return d


def test_the_start_menu_seeds_from_the_boards_randomness_not_the_clock():
    same_clock = [_menu_start(SeededRandom(s)).table.game.seed for s in (1, 2, 3)]
    assert len(set(same_clock)) == 3  # the same presses at the same milliseconds: three seeds
    other_times = [_menu_start(SeededRandom(1), ms).table.game.seed for ms in (0, 12345, 987654)]
    assert set(other_times) == {same_clock[0]}  # the clock plays no part
    assert all(NARROW <= s < 1 << 62 for s in same_clock)  # 62 bits: the wide stream


def test_a_drawn_seed_is_told_only_once_the_game_is_over_everywhere_a_player_looks():
    d = _menu_start(SeededRandom(9))
    t = d.table
    link = LocalLink(t)
    seed = t.game.seed
    words = "seed %d" % seed
    state = link.call("state")
    assert "seed" not in state and words not in json.dumps(state) and t.seed_secret
    assert not any(words in line for line in t.describe())
    # the game brought to its last stake: a position with this seed, Dracula one stake from the end
    won = position(dracula="a2", hunters=["a1", "e5"], health=1, seed=seed).to_json()
    t.load_game({"program": "dracula", "state": won})  # (a loaded position's seed is as secret)
    assert t.seed_secret and "seed" not in link.call("state")
    t.game.submit(0, "stake a2")
    assert t.game.over
    state = link.call("state")
    assert state["seed"] == seed
    assert any(words in line for line in t.describe())


def test_the_protocol_start_draws_its_seed_and_a_users_seed_stays_the_users():
    d = Driver(None, name="grid8", hal=make_sim_hal(profile("grid8"), random_bytes=SeededRandom(4)))
    link = LocalLink(d.table)
    link.call("start", game="dracula", players=2)
    assert d.table.seed_secret and "seed" not in link.call("state")
    link.call("start", game="dracula", players=2, seed=77)
    assert not d.table.seed_secret and link.call("state")["seed"] == 77  # chosen by the user: theirs to see
    link.call("load", state={"program": "dracula", "state": _hunt("c3")["position"]})
    assert "seed" not in link.call("state")  # a position's seed is as secret as its room


def test_every_game_says_whether_it_hides_anything():
    from nightboard.games import index

    for name in index.names():
        assert index.facts(name).get("hides") in (True, False), name


def test_the_host_banner_and_replay_hint_leave_out_a_secret_seed():
    import argparse

    from nightboard_host.commands import play

    prof = profile("grid8")
    start = {"game": "dracula", "players": 2, "seed": 123456, "rules": "playtest", "level": 2, "size": 5}
    drawn = argparse.Namespace(seed=None)
    given = argparse.Namespace(seed=123456)
    assert play.seed_secret(drawn, start) and not play.seed_secret(given, start)
    assert "123456" not in play._headline(prof, start, True)
    assert "123456" in play._headline(prof, start, False)
    assert "--seed" not in play.replay_hint(prof, start, False)
    assert "--seed 123456" in play.replay_hint(prof, start, True)


# --- the REPL mark ---------------------------------------------------------------------------------------

class _CtrlC(SimClock):
    """A clock whose sleep is cut by Ctrl-C after `frames` frames, as the REPL's Ctrl-C cuts the board's loop."""

    def __init__(self, frames):
        SimClock.__init__(self)
        self.left = frames

    def sleep_ms(self, n):
        self.left -= 1
        if self.left <= 0:
            raise KeyboardInterrupt
        SimClock.sleep_ms(self, n)


def _ring_magenta(d):
    t = d.table
    lay = t.layout
    return [j for j in range(lay.ring_len) if t.frame.get(lay.ring_led(j)) == P.ERROR]


def test_a_game_stopped_to_the_repl_says_so_when_it_resumes_and_a_new_game_starts_unmarked():
    mem = MemStorage()
    hal = make_sim_hal(profile("grid8"), storage=mem, clock=_CtrlC(30))
    d = Driver(_hunt("c3"), name="grid8", hal=hal)
    with pytest.raises(KeyboardInterrupt):
        d.table.run()
    assert mem.exists(REPL_MARK) and mem.exists(SAVE)
    d2 = _boot(mem)
    t = d2.table
    assert t.mode == "resume_ask" and t.repl_opened and REPL_WORDS in t.describe()
    assert LocalLink(t).call("state")["repl_opened"] is True
    d2.tap(0, "ok")
    assert t.mode == "game"
    for _ in range(30):  # it flashes 200 ms on, 200 off, from the press
        if _ring_magenta(d2):
            break
        d2.frames()
    assert _ring_magenta(d2)  # the ring flashes magenta as debug mode's announcement does...
    d2.frames(200)
    lay = t.layout
    assert all(t.frame.get(lay.status_led(p, 2)) == P.ERROR for p in range(lay.max_players))  # ...then marks
    assert REPL_WORDS in t.describe()
    t.reset()
    assert not mem.exists(REPL_MARK) and not t.repl_opened
    d2.tap(0, "ok")
    assert REPL_WORDS not in t.describe() and "repl_opened" not in LocalLink(t).call("state")


def test_ctrl_c_before_the_saved_game_is_read_marks_it():
    mem = MemStorage()
    Driver(_hunt("c3"), name="grid8", hal=make_sim_hal(profile("grid8"), storage=mem)).frames(40)
    hal = make_sim_hal(profile("grid8"), storage=mem, clock=_CtrlC(1))  # Ctrl-C in the first frame's pause
    from nightboard.table.app import Table

    t = Table(profile("grid8"), hal)
    assert t.mode == "reading_save" and t.play is None  # the save is read in the second frame
    with pytest.raises(KeyboardInterrupt):
        t.run()
    assert mem.exists(REPL_MARK)  # the REPL could have read the save: the game says so when it comes back
    t2 = _boot(mem).table
    assert t2.mode == "resume_ask" and t2.repl_opened and REPL_WORDS in t2.describe()


def test_ctrl_c_before_the_table_runs_marks_a_saved_game(tmp_path, monkeypatch):
    from nightboard import boot

    (tmp_path / SAVE).write_bytes(b"a save")
    monkeypatch.chdir(tmp_path)  # the virtual board's saves lie in its working directory
    boot.stopped_at_start()
    assert (tmp_path / REPL_MARK).exists()
    (tmp_path / REPL_MARK).unlink()
    (tmp_path / SAVE).unlink()
    boot.stopped_at_start()
    assert not (tmp_path / REPL_MARK).exists()  # no saved game: nothing to mark


def test_a_game_played_on_after_a_power_cut_is_not_marked():
    mem = MemStorage()
    d = Driver(_hunt("c3"), name="grid8", hal=make_sim_hal(profile("grid8"), storage=mem))
    d.frames(40)
    t = _boot(mem).table
    assert t.mode == "resume_ask" and not t.repl_opened and REPL_WORDS not in t.describe()


REPL_SCRIPT = """
import json
from nightboard.hal.files import DirStorage
from nightboard.hal.sim import SimClock, make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once


class CtrlC(SimClock):
    def __init__(self, frames):
        SimClock.__init__(self)
        self.left = frames

    def sleep_ms(self, n):
        self.left -= 1
        if self.left <= 0:
            raise KeyboardInterrupt
        SimClock.sleep_ms(self, n)


prof = load_profile_once("hardware/profiles/grid8.json")
st = DirStorage(%r)
t = Table(prof, make_sim_hal(prof, storage=st, clock=CtrlC(30)), {"game": "dracula", "players": 2, "seed": 5})
try:
    t.run()
except KeyboardInterrupt:
    pass
out = {"mark": st.exists("repl.mark"), "save": st.exists("game.json")}
t = None
t2 = Table(prof, make_sim_hal(prof, storage=st), None)
t2.tick()  # power-up: the first frame says a save is being read,
t2.tick()  # the second reads it
out["mode"] = t2.mode
out["opened"] = t2.repl_opened
out["describe"] = t2.describe()
print(json.dumps(out))
"""


@pytest.mark.micropython
def test_the_repl_mark_on_the_micropython_unix_port(tmp_path):
    from mpy_harness import run_mpy

    got = json.loads(run_mpy(REPL_SCRIPT % str(tmp_path), compiled=True).strip().splitlines()[-1])
    assert got["mark"] and got["save"] and got["mode"] == "resume_ask" and got["opened"]
    assert REPL_WORDS in got["describe"]


# --- refusal messages ------------------------------------------------------------------------------------

def _every_action(g):
    out = [R.act(R.END)]
    for k in (R.MOVE, R.GARLIC, R.SUN, R.STAKE):
        for r in range(len(g.map.adj)):
            out.append(R.act(k, r))
    return out


def test_no_refusal_of_a_hunters_action_depends_on_draculas_room():
    """Every action of every hunter, legal or not, in games that differ only in his room: the refusals'
    words are the same (none names his room), and so is whether it was refused."""
    for rules in ("playtest", "classic"):
        games = [position(dracula=room, hunters=["b2", "d4"], rules=rules) for room in ("c3", "c4", "a5", "e1")]
        for h in (0, 1):
            for a in _every_action(games[0]):
                said = set()
                for g in games:
                    g2 = g.copy()
                    try:
                        g2.apply(h, a)
                        said.add("legal")
                    except GameError as e:
                        said.add(str(e))
                assert len(said) == 1, (rules, h, g.action_name(a) if hasattr(g, "action_name") else a, said)


def _channels(d, link):
    t = d.table
    state = link.call("state")
    state.pop("state", None)  # the public view is compared by the game's own non-interference tests
    return (json.dumps(state, sort_keys=True), bytes(t.frame.rgb), tuple(t.describe()),
            json.dumps(link.call("events", since=0), sort_keys=True), d.hal.storage.read("error.log"))


def test_illegal_presses_and_requests_say_the_same_whatever_his_room():
    """Out-of-turn presses of every button, and bad requests, through the buttons and the protocol, in two
    hunts that differ only in his room: the replies, frames, descriptions, events and error log agree."""
    seen = []
    for room in ("c3", "c4"):
        d = Driver(_hunt(room), name="grid8", hal=make_sim_hal(profile("grid8"), random_bytes=SeededRandom(3)))
        link = LocalLink(d.table)
        d.frames(40)
        out = []
        for player in (1, 2, 3):  # red is to play: the others' presses are refused
            for role in ("mode", "move", "ok"):
                d.tap(player, role)
                out.append(_channels(d, link))
        for kind, fields in (("tap", {"player": 9, "role": "ok"}), ("press", {"button": 999}),
                             ("start", {"game": "dracula", "players": 9}),
                             ("load", {"state": {"program": "dracula", "state": {"dracula": "zz"}}})):
            reply = link.request(kind, **fields)
            reply.pop("id", None)
            out.append(json.dumps(reply, sort_keys=True))
        seen.append(out)
    assert seen[0] == seen[1]


def test_a_crash_with_words_that_name_his_room_shows_players_only_its_kind():
    d = Driver(_hunt("c3"), name="grid8")
    t = d.table
    d.frames(40)

    def broken(now):
        raise GameError("a1 is not next to c3")

    t.play.render = broken
    d.frames(1)
    link = LocalLink(t)
    assert t.mode == "error"
    shown = json.dumps([t.describe(), link.call("state"), link.call("restart")])
    assert "c3" not in shown and "GameError" in shown
    assert "a1 is not next to c3" in d.hal.storage.read("error.log").decode()  # kept for whoever has the REPL
