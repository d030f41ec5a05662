"""hal/sim.py and hal/files.py: simulated pixels, buttons, clock and storage."""

import errno

import pytest

from mpy_harness import run_mpy, run_mpy_json
from nightboard.hal.files import DirStorage
from nightboard.hal.sim import (
    TICKS_PERIOD,
    MemStorage,
    PowerCut,
    RealClock,
    SimButtons,
    SimClock,
    SimPixels,
    make_sim_hal,
    ticks_diff,
)

PROFILE = {
    "led": {"pin": 2, "count": 5, "order": "GRB"},
    "buttons": {"kind": "gpio", "pull": "up", "debounce_ms": 20, "long_ms": 800, "keys": [{"pin": 3}, {"pin": 4}, {"pin": 5}]},
}

# ---- pixels ----


def test_pixels_record_a_copy_of_each_frame():
    px = SimPixels(2)
    last = px.last
    buf = bytearray([1, 2, 3, 4, 5, 6])
    px.write(buf)
    buf[0] = 99  # the caller reuses its buffer: the record must not change
    assert px.last is last and px.last == bytearray([1, 2, 3, 4, 5, 6])
    assert px.frames_written == 1 and px.history is None
    px.write(bytes(6))
    assert px.frames_written == 2 and px.last == bytearray(6)
    assert not px.busy()
    px.wait()


def test_pixels_history_when_kept():
    px = SimPixels(1, keep=True)
    px.write(b"\x01\x02\x03")
    px.write(bytearray(b"\x04\x05\x06"))
    assert px.history == [b"\x01\x02\x03", b"\x04\x05\x06"]
    assert px.led(0) == (4, 5, 6)
    with pytest.raises(IndexError, match="LED 1 out of range 0..0"):
        px.led(1)


def test_pixels_refuse_a_wrong_sized_buffer():
    px = SimPixels(3)
    with pytest.raises(ValueError, match="buffer has 8 bytes, the chain needs 9"):
        px.write(bytearray(8))
    with pytest.raises(ValueError, match="LED count"):
        SimPixels(-1)


# ---- buttons ----


def test_buttons_scripted_and_scanned():
    b = SimButtons(4)
    states = bytearray(4)
    b.press(1)
    b.set(3, True)
    b.scan(states)
    assert states == bytearray([0, 1, 0, 1])
    b.release(1)
    b.set(3, 0)
    b.press(0)
    b.scan(states)
    assert states == bytearray([1, 0, 0, 0])
    b.release_all()
    b.scan(states)
    assert states == bytearray(4)


@pytest.mark.parametrize("bad", [-1, 4, "1", None])
def test_buttons_bad_id_named(bad):
    with pytest.raises(ValueError, match="button id .* out of range 0..3"):
        SimButtons(4).press(bad)


def test_buttons_scan_wrong_length():
    with pytest.raises(ValueError, match="states has 3 bytes, there are 4 buttons"):
        SimButtons(4).scan(bytearray(3))


# ---- clock ----


def test_sim_clock_moves_only_when_told():
    c = SimClock(start=1000)
    assert c.ticks_ms() == 1000 and c.ticks_us() == 1000000
    c.advance(5)
    c.sleep_ms(10)
    c.sleep_us(1500)
    assert c.ticks_ms() == 1016 and c.ticks_us() == 1016500
    assert c.ticks_diff(c.ticks_ms(), 1000) == 16


def test_sim_clock_wraps_like_the_board():
    c = SimClock(start=TICKS_PERIOD - 10)
    a = c.ticks_ms()
    c.advance(25)
    b = c.ticks_ms()
    assert b == 15 and b < a
    assert c.ticks_diff(b, a) == 25 and c.ticks_diff(a, b) == -25
    assert c.ticks_add(a, 25) == b
    assert ticks_diff(5, TICKS_PERIOD - 5) == 10


@pytest.mark.parametrize("bad", [-1, 1.5, "3"])
def test_sim_clock_bad_values(bad):
    with pytest.raises(ValueError, match="non-negative integer"):
        SimClock().advance(bad)


def test_real_clock_moves():
    c = RealClock()
    a, ua = c.ticks_ms(), c.ticks_us()
    c.sleep_ms(3)
    assert c.ticks_diff(c.ticks_ms(), a) >= 2
    assert c.ticks_diff(c.ticks_us(), ua) >= 2000
    assert 0 <= c.ticks_ms() < TICKS_PERIOD


# ---- storage: same contract for MemStorage and DirStorage ----


@pytest.fixture(params=["mem", "dir"])
def storage(request, tmp_path):
    if request.param == "mem":
        return MemStorage()
    return DirStorage(str(tmp_path / "data"))


def test_storage_contract(storage):
    assert storage.read("game.json") is None and not storage.exists("game.json")
    assert storage.listdir() == []
    storage.write("game.json", b'{"turn":1}')
    storage.write("b.tmp", "text é")
    assert storage.read("game.json") == b'{"turn":1}'
    assert storage.read("b.tmp") == "text é".encode()
    assert isinstance(storage.read("b.tmp"), bytes)
    assert storage.listdir() == ["b.tmp", "game.json"]
    storage.write("game.tmp", bytearray(b'{"turn":2}'))
    storage.rename("game.tmp", "game.json")  # replaces the old file
    assert storage.read("game.json") == b'{"turn":2}' and not storage.exists("game.tmp")
    storage.remove("b.tmp")
    assert storage.listdir() == ["game.json"]
    storage.write("game.json", memoryview(b"x"))
    assert storage.read("game.json") == b"x"


def test_storage_missing_files(storage):
    with pytest.raises(OSError, match="no file named 'nope'") as e:
        storage.rename("nope", "x")
    assert e.value.errno == errno.ENOENT
    with pytest.raises(OSError, match="no file named 'nope'"):
        storage.remove("nope")


@pytest.mark.parametrize("bad", ["", ".", "..", "a/b", "a\\b", 5, None])
def test_storage_bad_names(storage, bad):
    with pytest.raises(ValueError, match="storage name"):
        storage.write(bad, b"x")
    with pytest.raises(ValueError, match="storage name"):
        storage.read(bad)


def test_storage_bad_data(storage):
    with pytest.raises(ValueError, match="data must be bytes"):
        storage.write("a", 12)


def test_dir_storage_uses_the_directory(tmp_path):
    d = tmp_path / "nb"
    s = DirStorage(str(d))
    s.write("x.bin", b"\x00\x01")
    assert (d / "x.bin").read_bytes() == b"\x00\x01"
    (d / "sub").mkdir()
    assert s.listdir() == ["x.bin"]  # directories are not files
    assert DirStorage(str(d) + "/").read("x.bin") == b"\x00\x01"
    with pytest.raises(OSError, match="does not exist"):
        DirStorage(str(tmp_path / "missing"), create=False)
    with pytest.raises(OSError, match="not a directory"):
        DirStorage(str(d / "x.bin"))


# ---- MemStorage fault injection ----


def save(st, data):
    st.write("game.tmp", data)
    st.rename("game.tmp", "game.json")


def test_power_cut_tears_a_write_and_stops_everything():
    st = MemStorage(fail_after=4)
    with pytest.raises(PowerCut, match="2 of 6 bytes"):
        st.write("a", b"xy")  # fits: 2 left
        st.write("b", b"abcdef")
    assert st.files == {"a": b"xy", "b": b"ab"}
    for op in (lambda: st.read("a"), lambda: st.write("c", b""), lambda: st.listdir(), lambda: st.exists("a")):
        with pytest.raises(PowerCut, match="power is off"):
            op()
    st.power_on()
    assert st.read("b") == b"ab" and st.fail_after is None


def test_power_cut_before_rename_does_nothing():
    st = MemStorage(files={"game.tmp": b"new", "game.json": b"old"}, fail_after=0)
    with pytest.raises(PowerCut, match="before renaming"):
        st.rename("game.tmp", "game.json")
    st.power_on()
    assert st.files == {"game.tmp": b"new", "game.json": b"old"}


def test_save_by_rename_survives_a_cut_at_every_point():
    old, new = b'{"turn":7,"pad":"' + b"a" * 40 + b'"}', b'{"turn":8,"pad":"' + b"b" * 50 + b'"}'
    probe = MemStorage(files={"game.json": old})
    save(probe, new)
    budget = probe.bytes_written + probe.ops  # every byte and every op is a cut point
    assert probe.ops == 2 and probe.bytes_written == len(new)
    outcomes = set()
    for cut in range(budget + 1):
        st = MemStorage(files={"game.json": old}, fail_after=cut)
        try:
            save(st, new)
        except PowerCut:
            pass
        st.power_on()
        assert st.read("game.json") in (old, new), "cut after %d: game.json torn" % cut
        outcomes.add(st.read("game.json"))
    assert outcomes == {old, new}


def test_replace_as_littlefs_does_it_survives_a_cut_at_every_point():
    # MemStorage.replace is the board's write over a file (hal/rp2_storage.py): littlefs commits the file when
    # it is closed, so a cut anywhere in it leaves the old content, and no temporary file is left behind.
    old, new = b'{"turn":7,"pad":"' + b"a" * 40 + b'"}', b'{"turn":8,"pad":"' + b"b" * 50 + b'"}'
    probe = MemStorage(files={"game.json": old})
    probe.replace("game.json", new, "game.tmp")
    assert probe.ops == 1 and probe.bytes_written == len(new) and probe.files == {"game.json": new}
    outcomes = set()
    for cut in range(len(new) + 2):
        st = MemStorage(files={"game.json": old}, fail_after=cut)
        try:
            st.replace("game.json", new, "game.tmp")
        except PowerCut as e:
            assert "the old content stays" in str(e)
        st.power_on()
        assert st.files in ({"game.json": old}, {"game.json": new}), "cut after %d: %r" % (cut, st.files)
        outcomes.add(st.read("game.json"))
    assert outcomes == {old, new}


def test_replace_needs_room_for_the_new_content_beside_the_old():
    # copy-on-write: until the new file is committed its blocks and the old one's are both in use
    st = MemStorage(files={"game.json": b"x" * 60}, capacity=100)
    with pytest.raises(OSError) as e:
        st.replace("game.json", b"y" * 60, "game.tmp")
    assert e.value.args[0] == errno.ENOSPC and st.files == {"game.json": b"x" * 60} and st.refused == 1
    st.replace("game.json", b"y" * 40, "game.tmp")
    assert st.files == {"game.json": b"y" * 40}


def test_dir_storage_replaces_through_a_temporary_file(tmp_path):
    # On POSIX (the virtual board) and FAT a file written in place can be torn: the new content goes to the
    # temporary file, then a rename puts it in the old one's place.
    st = DirStorage(str(tmp_path / "d"))
    st.write("game.json", b"old")
    seen = []
    rename = st.rename

    def watch(old, new):
        seen.append((sorted(p.name for p in (tmp_path / "d").iterdir()), st.read("game.json")))
        rename(old, new)

    st.rename = watch
    st.replace("game.json", b"new", "game.tmp")
    assert seen == [(["game.json", "game.tmp"], b"old")]
    assert st.listdir() == ["game.json"] and st.read("game.json") == b"new"


def test_mem_storage_initial_files_and_errors():
    st = MemStorage(files={"b": "two", "a": b"one"})
    assert st.listdir() == ["a", "b"] and st.read("b") == b"two"
    with pytest.raises(ValueError, match="storage name"):
        MemStorage(files={"x/y": b""})


# ---- make_sim_hal ----


def test_make_sim_hal_sizes_parts_from_the_profile():
    hal = make_sim_hal(PROFILE)
    assert hal.pixels.n == 5 and len(hal.pixels.last) == 15
    assert hal.buttons.n == 3
    assert isinstance(hal.clock, SimClock) and isinstance(hal.storage, MemStorage)
    clock, store = SimClock(7), MemStorage()
    hal = make_sim_hal(PROFILE, storage=store, clock=clock, keep=True)
    assert hal.clock is clock and hal.storage is store and hal.pixels.history == []


def test_make_sim_hal_names_missing_fields():
    with pytest.raises(ValueError, match="profile led.count is missing"):
        make_sim_hal({"led": {}, "buttons": {"keys": []}})
    with pytest.raises(ValueError, match="profile buttons.keys is missing"):
        make_sim_hal({"led": {"count": 3}})


# ---- MicroPython ----


@pytest.mark.micropython
def test_sim_backends_under_micropython(tmp_path):
    code = """
import json
from nightboard.hal.sim import SimPixels, SimButtons, SimClock, RealClock, MemStorage, PowerCut, DirStorage, make_sim_hal
out = {}
px = SimPixels(2, keep=True)
b = bytearray([1, 2, 3, 4, 5, 6])
px.write(b); b[0] = 9
out["last"] = list(px.last); out["hist"] = [list(h) for h in px.history]
bt = SimButtons(3); st = bytearray(3); bt.press(2); bt.scan(st); out["scan"] = list(st)
c = SimClock(start=(1 << 30) - 3); a = c.ticks_ms(); c.sleep_ms(5)
out["wrap"] = [c.ticks_ms(), c.ticks_diff(c.ticks_ms(), a)]
rc = RealClock(); t = rc.ticks_ms(); rc.sleep_ms(2); out["real"] = rc.ticks_diff(rc.ticks_ms(), t) >= 1
res = {}
for name, s in (("mem", MemStorage()), ("dir", DirStorage(%r))):
    s.write("g.tmp", "new"); s.write("g.json", b"old"); s.rename("g.tmp", "g.json")
    r = [s.read("g.json").decode(), s.read("nope"), s.listdir(), s.exists("g.json")]
    try:
        s.remove("nope")
    except OSError as e:
        r.append(e.args[0])
    try:
        s.write("a/b", b"")
    except ValueError as e:
        r.append("bad name")
    s.remove("g.json"); r.append(s.listdir())
    res[name] = r
out["storage"] = res
m = MemStorage(fail_after=3)
try:
    m.write("x", b"hello")
except PowerCut:
    out["cut"] = m.files["x"].decode()
h = make_sim_hal({"led": {"count": 4}, "buttons": {"keys": [1, 2]}})
out["hal"] = [h.pixels.nbytes, h.buttons.n]
print(json.dumps(out))
""" % str(tmp_path / "mpdata")
    got = run_mpy_json(code)
    assert got["last"] == [1, 2, 3, 4, 5, 6] and got["hist"] == [[1, 2, 3, 4, 5, 6]]
    assert got["scan"] == [0, 0, 1]
    assert got["wrap"] == [2, 5] and got["real"] is True
    want = ["new", None, ["g.json"], True, errno.ENOENT, "bad name", []]
    assert got["storage"] == {"mem": want, "dir": want}
    assert got["cut"] == "hel"
    assert got["hal"] == [12, 2]


@pytest.mark.micropython
def test_sim_pixels_and_buttons_allocate_nothing_under_micropython():
    code = """
import gc
from nightboard.hal.sim import SimPixels, SimButtons, SimClock
px = SimPixels(128)
bt = SimButtons(16)
c = SimClock()
frame = bytearray(3 * 128)
st = bytearray(16)
def loop():
    for k in range(100):
        frame[k] = k
        px.write(frame)
        bt.scan(st)
        c.sleep_ms(16)
        c.ticks_diff(c.ticks_ms(), 0)
def measure(fn):
    fn()
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    fn()
    b = gc.mem_alloc()
    gc.enable()
    return b - a
print(measure(loop), px.frames_written)
"""
    alloc, frames = run_mpy(code).split()
    assert frames == "200"
    assert alloc == "0", "SimPixels.write / SimButtons.scan allocated %s bytes" % alloc
