"""`make flash` on the emulated Pico: real MicroPython for the RP2040 (the stock image) under rp2040py, on a
pty, flashed with the stock command through the real mpremote, first time and then with nothing changed.

The board is slow (18 to 20 times slower than a Pico in wall time): the board-side hash check outlasts
mpremote's own 10 s exec limit, and the firmware answers "hello" tens of seconds after its restart. These
tests take minutes: they are marked pico_slow and run by `make test-pico`. Skipped, saying why, where the
image or the emulator is missing.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from nightboard_host.flashing import build
from nightboard_host.emulation.pico_pty import PicoPty, PicoUnavailable, find_image, rp2040py_exe
from signals import sigint_default

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent

pytestmark = pytest.mark.pico_slow


def _needs_pico(romfs=False):
    try:
        find_image(romfs)
        rp2040py_exe()
    except PicoUnavailable as e:
        pytest.skip(str(e))


@pytest.fixture
def pico(tmp_path):
    _needs_pico()
    with PicoPty(log=open(tmp_path / "emulator.log", "w")) as p:
        yield p


def make_flash(port, tmp_path):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    return subprocess.run(["make", "-s", "flash", "PORT=" + port], cwd=ROOT, capture_output=True, text=True,
                          timeout=900, env=env)


@pytest.mark.timeout(1800)  # minutes on a loaded machine: two flashes, each waiting for the firmware's boot
def test_make_flash_on_the_emulated_pico_first_time_and_with_nothing_changed(pico, tmp_path):
    version = build.firmware_version(ROOT / "firmware")
    first = make_flash(pico.port, tmp_path)
    assert first.returncode == 0, first.stdout + first.stderr
    # (make may first say it is installing what playing needs, when pyproject.toml is newer than its stamp)
    assert ("\nflashed Nightboard %s onto %s: sent " % (version, pico.port)) in "\n" + first.stdout
    assert "the board now starts the new firmware" in first.stdout
    assert "it answers: firmware %s, profile ring4" % version in first.stdout
    again = make_flash(pico.port, tmp_path)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "nothing changed, nothing written; it answers: firmware %s, profile ring4" % version in again.stdout


@pytest.fixture
def pico_romfs(tmp_path):
    _needs_pico(romfs=True)
    with PicoPty(romfs=True, log=open(tmp_path / "emulator.log", "w")) as p:
        yield p


def nightboard_flash(port, tmp_path, *args):
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "xdg"))
    # (every game's code, a 260 KB image, through the emulated USB serial: 14 minutes for two flashes on a
    # machine loaded 6-fold, 15 for the first alone at 8-fold)
    return subprocess.run([str(BIN / "nightboard"), "flash", "--port", port, "--quiet"] + list(args),
                          capture_output=True, text=True, timeout=1500, env=env)


@pytest.mark.timeout(1800)  # two flashes on the emulated Pico, each waiting for the firmware's boot
def test_flash_romfs_on_the_emulated_pico_puts_every_game_in_its_partition(pico_romfs, tmp_path):
    """The image the project ships (hardware/micropython/): every game's code goes into its ROMFS partition."""
    from mpremote.transport_serial import SerialTransport

    from nightboard.games import index
    from nightboard_host.emulation.pico_emu import ARCH, MPY_SUB, romfs_partition

    version = build.firmware_version(ROOT / "firmware")
    built = build.build(ROOT / "firmware", build.Compiler(MPY_SUB, ARCH), None, "rp2")
    first = nightboard_flash(pico_romfs.port, tmp_path, "--romfs")
    assert first.returncode == 0, first.stdout + first.stderr
    assert "wrote %d files into ROMFS" % len(built) in first.stdout
    assert "the board now starts the new firmware from ROMFS; it answers: firmware %s" % version in first.stdout
    again = nightboard_flash(pico_romfs.port, tmp_path, "--romfs")
    assert again.returncode == 0, again.stdout + again.stderr
    assert "nothing changed, nothing written; it answers: firmware %s" % version in again.stdout
    t = SerialTransport(pico_romfs.port, timeout=10)  # (a slow board: raw paste waits for its flow control)
    try:
        t.enter_raw_repl(soft_reset=False)
        listing = t.eval("(sorted(__import__('os').listdir('/')), sorted(__import__('os').listdir('/rom')))")
        loader = t.eval("open('/main.py').read()")
        rom_games = [n for n in t.eval("sorted(__import__('os').listdir('/rom/nightboard/games'))")
                     if "." not in n]
        # (the board's own size of its partition, as board/rom_info.py reads it: short enough for one raw paste)
        rom_bytes = t.eval("(lambda d: d.ioctl(4, 0) * d.ioctl(5, 0))(__import__('vfs').rom_ioctl(2, 0))")
    finally:
        t.exit_raw_repl()
        t.close()
    root, rom_files = listing
    assert "profile.json" in root and "main.py" in root and "nightboard.a" not in root  # the code is not here
    assert "nightboard" in rom_files and "main.py" in rom_files
    assert '_slot = "/rom" if f.read() ==' in loader
    assert sorted(rom_games) == sorted(index.names())  # every game's code
    assert rom_bytes == romfs_partition(pico_romfs.image)[1]  # the partition the image declares
    # (Flashing such a board without --romfs again, a first flash of every file into a slot as
    # test_make_flash_on_the_emulated_pico... times, is tested on the virtual board: tests/host/test_flash.py.)


def test_virtual_board_pico_serves_the_emulated_pico_to_mpremote(tmp_path):
    import signal
    import time

    _needs_pico()
    pf = tmp_path / "port"
    proc = subprocess.Popen([str(BIN / "nightboard"), "virtual-board", "--pico", "--port-file", str(pf)],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, preexec_fn=sigint_default)
    try:
        end = time.monotonic() + 300
        while not pf.exists() and proc.poll() is None and time.monotonic() < end:
            time.sleep(0.5)
        assert pf.exists(), proc.stdout.read() if proc.poll() is not None else "no port within 300 s"
        port = pf.read_text().strip()
        out = subprocess.run([str(BIN / "mpremote"), "connect", port, "exec",
                              "import sys; print(sys.platform, sum(range(5)))"], capture_output=True, text=True,
                             timeout=300)
        assert out.stdout.strip().endswith("rp2 10"), out.stdout + out.stderr
    finally:
        proc.send_signal(signal.SIGINT)
        text = proc.communicate(timeout=60)[0]
    assert proc.returncode == 0 and "emulated Pico stopped" in text, text
