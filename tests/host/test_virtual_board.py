"""The virtual board: the real MicroPython unix port behind a pty, as mpremote and pyserial see a Pico.

Everything here goes through the pty the board prints, with mpremote (library and command) and
pyserial, the way `nightboard flash`/`monitor` and a maker's own tools use it.
"""

import os
import pty
import select
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
import serial
from mpremote.transport import TransportExecError
from mpremote.transport_serial import SerialTransport

from nightboard_host.emulation.virtual_board import RESET_EXIT, SOFT_REBOOT, VirtualBoard
from signals import sigint_default

pytestmark = pytest.mark.micropython

BIN = Path(sys.executable).parent
MAIN_LOOP = """print("main-started", BOOT_MARK)
with open("/boots.log", "a") as f:
    f.write("boot\\n")
import time
try:
    while True:
        time.sleep_ms(20)
except KeyboardInterrupt:
    print("main-stopped")
    raise
"""


def mpremote(port, *args, timeout=30):
    proc = subprocess.run([str(BIN / "mpremote"), "connect", port] + list(args), capture_output=True, text=True,
                          timeout=timeout)
    return proc


def read_until(ser, marker, timeout=10.0):
    got = b""
    end = time.monotonic() + timeout
    while marker not in got:
        if time.monotonic() > end:
            raise AssertionError("no %r from the board within %.0f s; got %r" % (marker, timeout, got[-400:]))
        got += ser.read(ser.in_waiting or 1)
    return got


@pytest.fixture
def board(tmp_path):
    with VirtualBoard(tmp_path / "flash") as vb:
        yield vb


def board_with_main(tmp_path, mark):
    """A virtual board whose flash holds a main.py that loops (and logs each start) from power-on."""
    (tmp_path / "flash").mkdir()
    (tmp_path / "flash" / "main.py").write_text(MAIN_LOOP.replace("BOOT_MARK", mark))
    return VirtualBoard(tmp_path / "flash")


def wait_boots_logged(vb, n, timeout=10.0):
    log = vb.directory / "boots.log"
    end = time.monotonic() + timeout
    while not log.exists() or log.read_text().count("boot") < n:
        assert time.monotonic() < end, "main.py did not start %d times" % n
        time.sleep(0.02)


@pytest.fixture
def transport(board):
    t = SerialTransport(board.port, timeout=1)
    t.enter_raw_repl(soft_reset=True)
    yield t
    t.exit_raw_repl()
    t.close()


def test_the_raw_repl_runs_code_under_micropython_with_a_pico_sized_heap(transport):
    assert transport.eval("1 + 1") == 2
    assert transport.eval("__import__('sys').implementation.name") == "micropython"
    total = transport.eval("__import__('gc').mem_free() + __import__('gc').mem_alloc()")
    assert 335 * 1024 < total <= 344 * 1024  # -X heapsize=344k (less the collector's own tables): a Pico's, in 64-bit objects
    with pytest.raises(TransportExecError) as e:
        transport.exec("raise ValueError('boom')")
    assert "ValueError: boom" in e.value.error_output


def test_the_flash_directory_is_the_root_of_the_filesystem(board, transport):
    (board.directory / "hello.txt").write_text("from the host")
    assert transport.eval("sorted(__import__('os').listdir('/'))") == ["hello.txt"]
    assert transport.eval("open('/hello.txt').read()") == "from the host"
    transport.fs_mkdir("/sub")
    transport.fs_writefile("/sub/data.bin", bytes(range(256)) * 10)
    assert (board.directory / "sub" / "data.bin").read_bytes() == bytes(range(256)) * 10
    assert not transport.fs_exists("/etc/passwd")  # absolute paths stay inside the directory


def test_files_behave_as_on_littlefs_rename_over_sizes_hashes(board, transport):
    transport.exec("f = open('/a.tmp', 'w'); f.write('new'); f.close()\n"
                   "f = open('/a.json', 'w'); f.write('old'); f.close()\n"
                   "import os; os.rename('/a.tmp', '/a.json')")  # the save pattern: write new, rename over old
    assert (board.directory / "a.json").read_text() == "new"
    assert not (board.directory / "a.tmp").exists()
    transport.exec("import os; os.chdir('/'); os.mkdir('d'); os.chdir('d')\n"
                   "f = open('x', 'w'); f.write('12345'); f.close(); os.rename('x', '../y'); os.chdir('/')")
    assert (board.directory / "y").read_text() == "12345"
    sizes = {e.name: e.st_size for e in transport.fs_listdir("/")}
    assert sizes["a.json"] == 3 and sizes["y"] == 5  # ilistdir gives sizes, like littlefs
    import hashlib

    assert transport.fs_hashfile("/y", "sha256") == hashlib.sha256(b"12345").digest()
    bsize, _, blocks, free = transport.eval("__import__('os').statvfs('/')")[:4]
    assert bsize * blocks == 1408 * 1024 and 0 < free < blocks  # a stock Pico's 1408 KB filesystem


def test_mpremote_commands_work_unchanged(board, tmp_path):
    src = tmp_path / "note.txt"
    src.write_text("notes\n")
    r = mpremote(board.port, "fs", "cp", str(src), ":note.txt", "+", "fs", "ls", ":", "+", "fs", "sha256sum",
                 ":note.txt", "+", "exec", "print('sum', 20 + 22)", "+", "df")
    assert r.returncode == 0, r.stderr
    assert "6 note.txt" in r.stdout
    import hashlib

    assert hashlib.sha256(b"notes\n").hexdigest() in r.stdout
    assert "sum 42" in r.stdout
    assert "1441792" in r.stdout  # df: a stock Pico's filesystem, 352 blocks of 4 KB
    r = mpremote(board.port, "fs", "rm", ":note.txt", "+", "fs", "ls", ":")
    assert r.returncode == 0 and "note.txt" not in r.stdout.split("ls :", 1)[1]


def test_main_runs_at_power_on_and_ctrl_c_gives_the_repl(tmp_path):
    with board_with_main(tmp_path, "'power'") as board, serial.Serial(board.port, timeout=0.1) as ser:
        wait_boots_logged(board, 1)
        board.power_cycle()
        read_until(ser, b"main-started power\r\n")  # "\r\n" line ends, as the board's USB serial sends
        wait_boots_logged(board, 2)
        ser.write(b"\x03")
        got = read_until(ser, b">>> ")
        assert b"main-stopped" in got and b"KeyboardInterrupt" in got
        ser.write(b"print(6 * 7)\r")
        assert b"42" in read_until(ser, b"42\r\n")


def test_soft_reset_at_the_friendly_repl_runs_main_again(tmp_path):
    with board_with_main(tmp_path, "__import__('machine').reset_cause()") as board, \
            serial.Serial(board.port, timeout=0.1) as ser:
        wait_boots_logged(board, 1)
        board.power_cycle()
        read_until(ser, b"main-started 1")  # PWRON_RESET
        wait_boots_logged(board, 2)
        ser.write(b"\x03")
        read_until(ser, b">>> ")
        boots = board.boots
        ser.write(b"\x04")  # Ctrl-D: soft reset
        got = read_until(ser, b"main-started 5")  # SOFT_RESET
        assert SOFT_REBOOT in got
        assert board.boots == boots + 1


def test_soft_reset_in_the_raw_repl_does_not_run_main(board):
    (board.directory / "main.py").write_text(MAIN_LOOP.replace("BOOT_MARK", "'x'"))
    t = SerialTransport(board.port, timeout=1)
    try:
        t.enter_raw_repl(soft_reset=True)  # Ctrl-C, Ctrl-A, Ctrl-D: waits for "soft reboot" and the raw prompt
        (board.directory / "boots.log").unlink(missing_ok=True)  # (main.py may have run at power-on)
        boots = board.boots
        assert t.eval("2 ** 10") == 1024
        t.enter_raw_repl(soft_reset=True)  # again, from the raw REPL
        assert t.eval("3 * 3") == 9
        t.enter_raw_repl(soft_reset=True)
        assert board.boots == boots + 2
        assert not (board.directory / "boots.log").exists()  # main.py did not run
    finally:
        t.exit_raw_repl()
        t.close()


def test_machine_reset_restarts_like_a_hard_reset(tmp_path):
    with board_with_main(tmp_path, "'hard'") as board:
        wait_boots_logged(board, 1)
        boots = board.boots
        r = mpremote(board.port, "reset")  # exec --no-follow "machine.reset()"
        assert r.returncode == 0, r.stderr
        assert board.wait_boots(boots + 2)  # mpremote's soft reset (raw: no main.py), then the reset
        assert RESET_EXIT in board.exits
        wait_boots_logged(board, 2)  # main.py runs again, in its loop
        with serial.Serial(board.port, timeout=0.1) as ser:
            ser.write(b"\x03")
            read_until(ser, b"main-stopped")


def test_output_nobody_reads_is_dropped_not_blocking(board):
    # A chatty main.py with no host reading must keep running (the board drops USB output nobody takes).
    (board.directory / "main.py").write_text("import sys\nfor i in range(3000):\n print('x' * 60)\n"
                                             "open('/done', 'w').close()\n")
    board.power_cycle()
    end = time.monotonic() + 20
    while not (board.directory / "done").exists():
        assert time.monotonic() < end, "main.py blocked on output nobody reads"
        time.sleep(0.05)


def test_the_command_prints_its_port_and_stops_on_ctrl_c(tmp_path):
    port_file = tmp_path / "port"
    flash_dir = tmp_path / "keep"
    proc = subprocess.Popen([str(BIN / "nightboard"), "virtual-board", "--dir", str(flash_dir), "--port-file",
                             str(port_file)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=sigint_default)
    try:
        end = time.monotonic() + 20
        while not port_file.exists() or not port_file.read_text().strip():
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < end
            time.sleep(0.05)
        port = port_file.read_text().strip()
        r = mpremote(port, "exec", "open('/made-here', 'w').write('yes')")
        assert r.returncode == 0, r.stderr
        assert (flash_dir / "made-here").read_text() == "yes"
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    assert proc.returncode == 0, err
    assert "Virtual Nightboard on %s" % port in out and "nightboard flash --port %s" % port in out
    assert flash_dir.is_dir()  # --dir is kept


def test_the_command_cleans_up_on_sigterm_too(tmp_path):
    port_file = tmp_path / "port"
    proc = subprocess.Popen([str(BIN / "nightboard"), "virtual-board", "--port-file", str(port_file)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=sigint_default)
    try:
        end = time.monotonic() + 20
        while not port_file.exists() or not port_file.read_text().strip():
            assert proc.poll() is None and time.monotonic() < end
            time.sleep(0.05)
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=20)
    flash_dir = out.split("flash directory: ", 1)[1].split(",", 1)[0]
    assert flash_dir.startswith(tempfile.gettempdir()) and not os.path.exists(flash_dir)  # removed at exit


def test_mpremote_repl_works_interactively(board):
    pid, fd = pty.fork()
    if pid == 0:  # the child: mpremote's interactive REPL, as a person runs it in a terminal
        try:
            os.execv(str(BIN / "mpremote"), ["mpremote", "connect", board.port, "repl"])
        finally:
            os._exit(127)
    out = b""
    try:
        def wait_for(marker, timeout=10.0):
            nonlocal out
            end = time.monotonic() + timeout
            while marker not in out:
                assert time.monotonic() < end, out
                r, _, _ = select.select([fd], [], [], 0.05)
                if r:
                    out += os.read(fd, 4096)

        wait_for(b"Connected to MicroPython")
        os.write(fd, b"\r")
        wait_for(b">>> ")
        os.write(fd, b"print(6 * 7)\r")
        wait_for(b"42")
        os.write(fd, b"\x04")  # Ctrl-D: soft reset
        wait_for(b"MPY: soft reboot")
        wait_for(b'Type "help()"')
        os.write(fd, b"\x1d")  # Ctrl-]: leave mpremote
        assert os.waitpid(pid, 0)[1] == 0
    finally:
        os.close(fd)


def test_a_missing_micropython_is_a_clear_error(tmp_path):
    from nightboard_host.emulation.virtual_board import VirtualBoardError, micropython_exe

    assert micropython_exe()
    vb = VirtualBoard(tmp_path / "f", micropython=str(tmp_path / "no-such-micropython"))
    with pytest.raises(VirtualBoardError, match="no-such-micropython is not an executable file"):
        vb.start()


def test_mpremote_stops_the_table_and_nightboard_reset_brings_it_back(tmp_path):
    from nightboard_host.flashing import build, flash
    from nightboard_host.link.client import BoardTimeout, Client

    with VirtualBoard(tmp_path / "flash") as vb:
        flash.flash(vb.port, cache_dir=tmp_path / "cache")
        with Client(vb.port, timeout=10) as c:
            assert c.call("hello")["firmware"]
        assert mpremote(vb.port, "fs", "ls", ":").returncode == 0  # mpremote leaves the board at the REPL
        with Client(vb.port, timeout=1.5) as c:
            with pytest.raises(BoardTimeout) as e:
                c.call("hello")
        assert "at the MicroPython REPL" in str(e.value) and "`nightboard reset` starts it again" in str(e.value)
        out = subprocess.run([str(BIN / "nightboard"), "reset", "--port", vb.port], capture_output=True, text=True,
                             timeout=120)
        assert out.returncode == 0, out.stderr
        assert out.stdout.startswith("Nightboard %s runs again on %s: profile ring4, menu"
                                     % (build.firmware_version(build.default_firmware_dir()), vb.port))
        with Client(vb.port, timeout=10) as c:
            assert c.call("hello")["mode"] == "menu"


def test_nightboard_reset_on_a_board_without_nightboard_says_so(board):
    out = subprocess.run([str(BIN / "nightboard"), "reset", "--port", board.port, "--timeout", "5"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    assert out.stderr.startswith("nightboard reset: Nightboard did not start on %s: it is at MicroPython's prompt"
                                 % board.port), out.stderr
    assert "Flash it with `nightboard flash`" in out.stderr and "Traceback" not in out.stderr


def test_virtual_board_pico_without_the_image_says_what_is_missing(tmp_path):
    env = dict(os.environ, NIGHTBOARD_PICO_UF2=str(tmp_path / "missing.uf2"))
    out = subprocess.run([str(BIN / "nightboard"), "virtual-board", "--pico"], capture_output=True, text=True,
                         timeout=60, env=env)
    assert out.returncode == 1
    assert "nightboard virtual-board --pico: NIGHTBOARD_PICO_UF2 names %s, which is not a file" % (
        tmp_path / "missing.uf2") in out.stderr
    assert "without --pico the MicroPython unix port stands in" in out.stderr and "Traceback" not in out.stderr
