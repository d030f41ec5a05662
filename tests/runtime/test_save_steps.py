"""The save in steps (issue 22): a bounded part a frame, presses kept, a power cut loses at most the turn.

The table saves a finished turn over the following frames (SaveStore.begin/step: JSON, seal, write,
rename). These tests hold it to what a player and a power cut can see; the emulated-Pico tests
(tests/test_pico_*.py) measure the same frames on real MicroPython for the RP2040.
"""

import hashlib
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from nightboard.hal.sim import MemStorage, make_sim_hal
from nightboard.prng import Prng
from nightboard.table.saves import BODY, SAVE, SEAL_FRAMES, SEAL_STEP, TMP, SaveStore, decode, encode
from nightboard.table.seal import KEY_FILE, Keys, Sealer
from table_driver import Driver, profile

START = {"game": "vampiring", "players": 4, "seed": 11}
KEY = bytes(range(32))


def _nonces():
    n = [0]

    def nonce(k):
        n[0] += 1
        return n[0].to_bytes(k, "little")
    return nonce


def _reference_seal(text, keys, nonce, size):
    """The seal as format 3 defines it: the text, zeros to size, XOR-ed with sha256(seal key + nonce + block)."""
    plain = bytes(text) + bytes(size - len(text))
    ks = b"".join(hashlib.sha256(keys.seal + nonce + i.to_bytes(4, "little")).digest()
                  for i in range((size + 31) // 32))
    return bytes(p ^ k for p, k in zip(plain, ks))


@settings(max_examples=150, deadline=None)
@given(text=st.binary(min_size=1, max_size=300).map(lambda b: bytes(x or 1 for x in b)),
       key=st.binary(min_size=32, max_size=32), nonce=st.binary(min_size=8, max_size=8),
       pad=st.integers(0, 200), step=st.integers(1, 40))
def test_the_seal_in_pieces_is_the_format_3_keystream(text, key, nonce, pad, step):
    keys = Keys(key)
    size = len(text) + pad
    want = _reference_seal(text, keys, nonce, size)
    buf = bytearray(text) + bytearray(pad)
    s = Sealer(keys, nonce, len(text))
    while not s.run(memoryview(buf), step):
        pass
    assert bytes(buf) == want


def _key(storage):
    return storage.read(KEY_FILE)


def _boot_state(files):
    """What a table powered up on these files would resume (None: nothing to resume)."""
    store = SaveStore(MemStorage(files), _key(MemStorage(files)), os.urandom)
    got = store.load()
    return None if got is None else got[1]


def _play_turn(d, k):
    g = d.table.game
    for f in range(g.families):
        if g.alive(f):
            d.choose(f, (k + f) % 2, (k // 2 + f) % 2)
    for f in range(g.families):
        if g.alive(f):
            d.tap(f, "ok")


def test_each_frame_does_one_bounded_part_and_a_power_cut_at_any_frame_loses_at_most_the_turn():
    d = Driver(START)
    d.saved()
    store = d.table.saves
    for k in range(3):
        before = d.table.game.to_json()
        assert decode(d.hal.storage.read(SAVE), _key(d.hal.storage))[1] == before
        _play_turn(d, k)
        after = d.table.game.to_json()
        assert after != before
        # From the frame that resolved the turn until the save is done, every frame's flash is one that a
        # power cut could leave: it must resume the last turn or the one before, whole.
        steps = 0
        while True:
            ops = d.hal.storage.ops
            d.frames(1)
            assert d.hal.storage.ops - ops <= 1  # at most one write a frame
            assert _boot_state(d.hal.storage.files) in (before, after)
            steps += 1
            if not store.pending and not d.table._save_due:
                break
            assert steps < 40
        assert _boot_state(d.hal.storage.files) == after
        # after the tap's frames (the ok's that resolved the turn: a held frame, app.py; the frame that
        # draws the turn's first picture; the save's beginning; the publishing (held) and a frame that
        # draws): the sealing, in a
        # fixed count of frames, the collection of the sealing's garbage (held) and a frame that draws,
        # the write over the old save (held)
        assert steps == SEAL_FRAMES + 5
        d.settle()


def test_presses_during_the_save_are_kept():
    d = Driver(START)
    d.frames(10)
    _play_turn(d, 0)
    assert d.table._save_due or d.table.saves.pending
    for _ in range(4):  # the turn's first picture drawn first, then the save begins
        if d.table.saves.pending:
            break
        d.frames(1)
    play = d.table.play
    meta = play.meta[2]
    b = d.table.button_id(2, "mode")
    d.hal.buttons.press(b)
    d.frames(1)
    assert d.table.saves.pending  # the press came while the save was under way...
    d.hal.buttons.release(b)
    d.frames(2)
    assert play.meta[2] != meta  # ...and counted


def test_leaving_the_game_during_the_save_leaves_nothing_to_resume():
    d = Driver(START)
    d.frames(10)
    _play_turn(d, 0)
    for _ in range(40):  # up to the frame before the one that writes the new save
        d.frames(1)
        if d.table.saves.on_flash_next:
            break
    assert d.table.saves.pending and d.table.saves.on_flash_next and SAVE in d.hal.storage.files
    d.table.reset()
    d.frames(10)
    assert SAVE not in d.hal.storage.files and TMP not in d.hal.storage.files
    assert _boot_state(d.hal.storage.files) is None


def test_a_new_save_finishes_the_one_under_way_first():
    store = SaveStore(MemStorage(), KEY, os.urandom)
    store.begin("vampiring", 1, {"a": 1})
    store.step()
    store.begin("vampiring", 2, {"a": 2})  # a second turn before the first was written
    assert store.writes == 1 and decode(store.storage.read(SAVE), KEY)[1] == {"a": 1}
    store.finish()
    assert store.writes == 2 and decode(store.storage.read(SAVE), KEY)[1] == {"a": 2}


def test_a_save_in_steps_is_the_same_file_as_one_at_once():
    state = Driver(START).table.game.to_json()
    store = SaveStore(MemStorage(), KEY, _nonces())
    store.begin("vampiring", 3, state)
    while not store.step():
        pass
    assert store.storage.read(SAVE) == encode("vampiring", 3, state, KEY, (1).to_bytes(8, "little"))


def test_a_failing_flash_during_the_steps_is_reported_and_the_old_save_stays():
    d = Driver(START)
    d.saved()
    old = d.hal.storage.read(SAVE)

    def broken(name, data):
        raise OSError(28, "no space left")

    d.hal.storage.write = broken
    d.hal.storage.replace = lambda name, data, tmp=None: broken(name, data)
    _play_turn(d, 0)
    d.saved()
    assert "could not be saved" in d.table.save_problem
    assert d.hal.storage.read(SAVE) == old
    d.frames(5)
    assert d.table.mode == "game"  # the table plays on


def test_ring6_and_grid8_tables_save_too():
    for name, start in (("ring6", {"game": "vampiring", "players": 6, "seed": 3}),
                        ("grid8", {"game": "dracula", "seed": 3})):
        hal = make_sim_hal(profile(name))
        d = Driver(start, name=name, hal=hal)
        d.frames(20)
        assert decode(hal.storage.read(SAVE), _key(hal.storage))[1] == d.table.game.to_json(), name


def test_random_states_round_trip_through_the_steps():
    rnd = Prng(5)
    for n in range(20):
        state = {"n": n, "xs": [rnd.below(1000) for _ in range(rnd.below(300))], "s": os.urandom(4).hex()}
        store = SaveStore(MemStorage(), KEY, os.urandom)
        store.save("vampiring", n, state)
        assert decode(store.storage.read(SAVE), KEY)[1] == state


def test_a_save_takes_the_same_frames_whatever_the_state_s_length():
    # The frame after a save collects its garbage and draws nothing (app.py's held frames): were the save's
    # length in frames to follow the state's, the pause in the picture would tell the length of the hidden
    # facts. Every length from nothing to a full body, and the real sealing never needs more.
    store = SaveStore(MemStorage(), KEY, os.urandom)
    counts = set()
    for n in list(range(0, 3 * SEAL_STEP)) + list(range(3 * SEAL_STEP, BODY - 2, 37)) + [BODY - 2]:
        store.begin("vampiring", 1, "a" * n)  # a JSON text of n + 2 bytes
        steps = 1
        while not store.step():
            steps += 1
        counts.add(steps)
    assert counts == {SEAL_FRAMES + 1}  # sealing, the write


def test_the_frame_whose_press_resolves_a_turn_is_held_and_the_next_draws_the_turn():
    # The frame whose presses resolve a turn does the game's rules and nothing else (no drawing, no LED
    # write, no reply: the heaviest frame on the board, app.py HELD_TURN); the next frame draws the turn's
    # animation; the save begins in the one after; the turn's events are published in the next frame
    # (held: 24 ms for a 4-family turn on the emulated RP2040).
    from nightboard.table.app import HELD_PUBLISHED, HELD_TURN

    d = Driver(START)
    d.saved()
    t, px = d.table, d.hal.pixels
    g = t.game
    for f in range(g.families):
        d.choose(f, 0, 1)
    for f in range(g.families - 1):
        d.tap(f, "ok")
        assert t.held != HELD_TURN and t.play.turns_done == 0
    last = t.button_id(g.families - 1, "ok")
    d.hal.buttons.press(last)
    d.frames(5)
    d.hal.buttons.release(last)  # an ok counts when it is let go
    held = []
    for _ in range(10):
        writes, ops = px.frames_written, d.hal.storage.ops
        d.frames(1)
        held.append(t.held)
        if t.held == HELD_TURN:
            assert t.play.turns_done == 1 and t.play.animating()  # resolved in this very frame
            assert px.frames_written == writes and d.hal.storage.ops == ops and not t.saves.pending
            break
    assert held[-1] == HELD_TURN, held
    shown = bytes(t._shown)
    d.frames(1)  # the turn's first picture, drawn and sent
    assert t.held == 0 and px.frames_written == writes + 1 and bytes(t._shown) != shown and t._save_due
    d.frames(1)
    assert t.held == 0 and not t._save_due and t.saves.pending  # the save began, in a frame that draws
    assert not t._collect_due  # the rules' garbage is not collected now: sealing on a fresh heap is slower
    published = t.events.published
    d.frames(1)
    assert t.held == HELD_PUBLISHED and t.events.published > published  # its events, in a held frame
