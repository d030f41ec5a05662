"""`nightboard flash` and the serial port: a missing, wrong, busy, silent or foreign port each get their own
message; the raw REPL is taken from a board still printing its boot banner; the firmware's answer is waited
for as a slow board gives it (a late reply to an earlier hello counts, and the message says what came)."""

import os
import pty
import threading
import time
import tty

import pytest

from nightboard_host import cli
from nightboard_host.flashing import errors, hello, repl
from nightboard_host.link.client import Client, ProtocolError


class PtyDevice:
    """A device on a pty; `answer(data) -> bytes` (run on the device's thread) says what it sends back."""

    def __init__(self, answer=None):
        self.master, self.slave = pty.openpty()
        tty.setraw(self.slave)
        self.port = os.ttyname(self.slave)
        self.answer = answer or (lambda data: b"")
        self.got = bytearray()
        self.stop = threading.Event()
        self.th = threading.Thread(target=self._run, daemon=True)

    def _run(self):
        import select

        while not self.stop.is_set():
            r, _, _ = select.select([self.master], [], [], 0.05)
            data = b""
            if r:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    return
                self.got.extend(data)
            out = self.answer(data)
            if out:
                os.write(self.master, out)

    def __enter__(self):
        self.th.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.th.join(2)
        os.close(self.slave)
        os.close(self.master)


# --- the port itself --------------------------------------------------------------------------------------

def test_a_missing_port_is_called_missing(capsys):
    assert cli.main(["flash", "--port", "/dev/nightboard-no-such-port", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "cannot open /dev/nightboard-no-such-port: there is no such serial port" in err
    assert "in use" not in err and "monitor" not in err and "BOOTSEL" not in err


def test_the_null_device_and_a_file_are_not_serial_ports(capsys, tmp_path):
    assert cli.main(["flash", "--port", os.devnull, "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "cannot open %s: it is not a serial port (it is the null device)" % os.devnull in err
    assert "in use" not in err and "monitor" not in err
    f = tmp_path / "notes.txt"
    f.write_text("x")
    with pytest.raises(ProtocolError, match="it is not a serial port \\(it is a file\\)"):
        Client(str(f))


def test_a_busy_port_names_the_program_holding_it_and_is_left_alone(capsys):
    with PtyDevice() as dev:
        holder = Client(dev.port)  # as `nightboard monitor` holds it
        try:
            t0 = time.monotonic()
            assert cli.main(["flash", "--port", dev.port, "--quiet"]) == 1
            took = time.monotonic() - t0
            err = capsys.readouterr().err
            assert "cannot open %s: it is in use by another program (pid %d" % (dev.port, os.getpid()) in err
            assert "nightboard monitor" in err and "BOOTSEL" not in err
            assert took < 3  # said at once, not after the REPL timeout
            assert bytes(dev.got) == b""  # nothing was sent to the board behind the holder's back
            with pytest.raises(ProtocolError, match="in use by another program"):
                Client(dev.port)  # and the other way round: the monitor cannot open a port flash holds
        finally:
            holder.close()


def test_a_silent_device_is_not_told_it_is_busy():
    with PtyDevice() as dev:
        with pytest.raises(errors.FlashError) as e:
            b = repl.Board(dev.port)
            try:
                b.take_repl(total=1.5, each=0.5)
            finally:
                b.close()
    msg = str(e.value)
    assert msg.startswith("nothing answered on %s: it stayed silent" % dev.port)
    assert "in use" not in msg


# --- a board still starting ---------------------------------------------------------------------------------

BANNER = b"MPY: soft reboot\r\nMicroPython v1.28.0 on 2026-11-23; Raspberry Pi Pico with RP2040\r\n" \
         b"Type \"help()\" for more information.\r\n>>> "


def booting_repl(banner_s):
    """A MicroPython that prints its banner slowly for `banner_s` seconds, ignoring what comes meanwhile (the
    Ctrl-A that asks for the raw REPL is lost), then answers as the raw REPL does."""
    start = time.monotonic()
    state = {"sent": 0, "raw": False}

    def answer(data):
        if time.monotonic() - start < banner_s:
            n = state["sent"]
            state["sent"] = min(len(BANNER), n + 4)
            return BANNER[n:state["sent"]] if data or n < len(BANNER) else b""
        out = b""
        for c in data:
            if c == 1:
                state["raw"] = True
                out += b"raw REPL; CTRL-B to exit\r\n>"
            elif c == 4 and state["raw"]:
                out += b"MPY: soft reboot\r\nraw REPL; CTRL-B to exit\r\n>"
        return out

    return answer


def test_the_raw_repl_is_taken_from_a_board_still_printing_its_banner():
    with PtyDevice(booting_repl(1.2)) as dev:
        b = repl.Board(dev.port)
        try:
            tries = b.take_repl(total=6, each=0.4)
        finally:
            b.close()
    assert tries > 1  # the first Ctrl-A went into the banner; asking again got the raw REPL


def test_a_board_that_never_gives_the_raw_repl_says_what_it_printed():
    with PtyDevice(booting_repl(60)) as dev:
        b = repl.Board(dev.port)
        try:
            with pytest.raises(errors.FlashError) as e:
                b.take_repl(total=1.5, each=0.5)
        finally:
            b.close()
    msg = str(e.value)
    assert msg.startswith("the MicroPython on %s did not give its raw REPL within 2 s" % dev.port), msg
    assert "MicroPython v1.28.0" in msg or "soft reboot" in msg


# --- waiting for the firmware --------------------------------------------------------------------------------

def hello_reply(rid, version="0.1.0"):
    return ('@nb {"id": %d, "ok": true, "firmware": "%s", "profile": "ring4"}\n' % (rid, version)).encode()


def slow_firmware(first_after, version="0.1.0", prints=b""):
    """A firmware that starts after `first_after` seconds and answers only the first hello it got."""
    start = time.monotonic()
    state = {"seen": [], "done": False, "printed": False}

    def answer(data):
        import re

        state["seen"] += [int(m) for m in re.findall(rb'"id":(\d+)', data)]
        out = b""
        if prints and not state["printed"]:
            state["printed"] = True
            out += prints
        if not state["done"] and state["seen"] and time.monotonic() - start >= first_after:
            state["done"] = True
            out += hello_reply(state["seen"][0], version)
        return out

    return answer


def test_a_late_reply_to_an_earlier_hello_counts(monkeypatch):
    import serial

    monkeypatch.setattr(hello, "HELLO_RESEND", 0.2)
    with PtyDevice(slow_firmware(1.0)) as dev:
        with serial.Serial(dev.port, timeout=0.05) as s:
            reply = hello.wait_for_hello(s, "0.1.0", 10, dev.port)
    assert reply["id"] == 1 and reply["firmware"] == "0.1.0"
    assert b'"id":3' in dev.got  # several hellos went out before the first was answered


def test_no_hello_reply_says_what_the_board_printed(monkeypatch):
    import serial

    monkeypatch.setattr(hello, "HELLO_RESEND", 0.3)
    with PtyDevice(slow_firmware(99, prints=b"booting the table\r\nstill loading")) as dev:
        with serial.Serial(dev.port, timeout=0.05) as s:
            with pytest.raises(errors.FlashError) as e:
                hello.wait_for_hello(s, "0.1.0", 1.5, dev.port)
    msg = str(e.value)
    assert msg.startswith("Nightboard 0.1.0 did not answer on %s within 2 s (" % dev.port)
    assert "it printed:\n  booting the table\n  still loading" in msg


def test_a_reply_from_another_firmware_and_a_stopped_firmware_are_named(monkeypatch):
    import serial

    monkeypatch.setattr(hello, "HELLO_RESEND", 0.2)
    with PtyDevice(slow_firmware(0.3, version="0.0.9")) as dev:
        with serial.Serial(dev.port, timeout=0.05) as s:
            with pytest.raises(errors.FlashError, match="the board answers with firmware 0.0.9, not 0.1.0"):
                hello.wait_for_hello(s, "0.1.0", 1.5, dev.port)
    tb = b"Traceback (most recent call last):\r\n  File \"main.py\", line 3\r\nMemoryError: \r\n" \
         b"MicroPython v1.28.0 on 2026-11-23; Raspberry Pi Pico with RP2040\r\n>>> "
    with PtyDevice(slow_firmware(99, prints=tb)) as dev:
        with serial.Serial(dev.port, timeout=0.05) as s:
            time.sleep(0.5)  # the traceback is already waiting when the wait begins: it must not be thrown away
            t0 = time.monotonic()
            with pytest.raises(errors.FlashError) as e:
                hello.wait_for_hello(s, "0.1.0", 30, dev.port)
    assert time.monotonic() - t0 < 10  # no use waiting the whole timeout
    assert "did not start on %s: it stopped with an error" % dev.port in str(e.value)
    assert "MemoryError" in str(e.value)


# --- the code in ROMFS ------------------------------------------------------------------------------------

def test_the_romfs_image_is_mpremote_s_and_ends_with_its_mark(tmp_path):
    from mpremote.romfs import VfsRomWriter

    from nightboard_host.flashing import romfs as flash_romfs

    files = {"main.py": b"print(1)\n", "nightboard/__init__.mpy": b"M\x06" + bytes(300), "nightboard/z.mpy": b"zz"}
    img = flash_romfs.build_image("9.9.9", files)
    assert img.startswith(VfsRomWriter.ROMFS_HEADER)
    m = flash_romfs.mark("9.9.9", files).encode()
    assert img.endswith(m)  # the mark is written last: a cut image has no mark
    assert flash_romfs.mark("9.9.9", dict(files, **{"nightboard/z.mpy": b"zy"})) != flash_romfs.mark("9.9.9", files)
    assert flash_romfs.mark("9.9.8", files) != flash_romfs.mark("9.9.9", files)


@pytest.mark.micropython
@pytest.mark.parametrize("rom_mark, fallback, runs", [
    ("right", "/nightboard.a", "rom"),
    ("stale", "/nightboard.a", "slot a"),
    (None, "/nightboard.a", "slot a"),  # a cut before the image's last file: no mark at all
    (None, None, "SystemExit"),
])
def test_the_romfs_loader_trusts_rom_only_with_its_mark(tmp_path, rom_mark, fallback, runs):
    """The loader --romfs writes, run by MicroPython (the virtual board, where /rom is a plain directory)."""
    from mpremote.transport_serial import SerialTransport

    from nightboard_host.flashing import romfs as flash_romfs
    from nightboard_host.emulation.virtual_board import VirtualBoard

    files = {"main.py": b"print('ran from rom')\n"}
    root = tmp_path / "flash"
    (root / "rom").mkdir(parents=True)
    (root / "rom" / "main.py").write_bytes(files["main.py"])
    if rom_mark:
        (root / "rom" / flash_romfs.COMPLETE).write_text(flash_romfs.mark("1.0", files) if rom_mark == "right"
                                                          else flash_romfs.mark("0.9", files))
    (root / "nightboard.a").mkdir()
    (root / "nightboard.a" / "main.py").write_text("print('ran from slot a')\n")
    (root / "boot-loader.py").write_text(flash_romfs.ROMFS_LOADER_TEXT % {
        "version": "1.0", "fallback": fallback, "complete": flash_romfs.COMPLETE, "mark": flash_romfs.mark("1.0", files)})
    with VirtualBoard(root) as vb:
        t = SerialTransport(vb.port, timeout=1)
        try:
            t.enter_raw_repl(soft_reset=True)
            out, err = t.exec_raw("exec(open('/boot-loader.py').read())")
        finally:
            t.close()
    text = (out + err).decode()
    if runs == "SystemExit":
        assert "the firmware in ROMFS is incomplete" in text and "ran from" not in text, text
    else:
        assert "ran from %s" % runs in text, text


@pytest.mark.micropython
def test_flash_romfs_on_a_board_without_a_romfs_partition_says_so(tmp_path, capsys):
    from nightboard_host.emulation.virtual_board import VirtualBoard

    with VirtualBoard(tmp_path / "flash") as vb:
        assert cli.main(["flash", "--port", vb.port, "--romfs", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "the board's MicroPython has no ROMFS partition: flash without --romfs" in err
    assert not (tmp_path / "flash" / "main.py").exists()  # nothing written


def test_the_choices_that_fit_are_the_largest_and_few_images_are_built():
    import itertools

    from nightboard_host.flashing import romfs as flash_romfs

    own = {"a": 30, "b": 20, "c": 45, "d": 10, "e": 60}  # each game's own code over a shared table of 100
    built = []

    def size(chosen):
        built.append(tuple(chosen))
        return 100 + sum(own[g] for g in chosen)

    games = list(own)
    every = [set(c) for n in range(1, 6) for c in itertools.combinations(games, n) if size(list(c)) <= 160]
    largest = [c for c in every if not any(c < d for d in every)]  # by trying every subset
    built.clear()
    got = flash_romfs.fitting(games, 160, size)
    assert len(built) < 2 ** len(games) - 1  # fewer builds than subsets
    assert sorted(sorted(c) for c, _ in got) == sorted(sorted(c) for c in largest)
    assert all(n == size(c) for c, n in got)
    assert [len(c) for c, _ in got] == sorted((len(c) for c, _ in got), reverse=True)  # most games first
    assert flash_romfs.fitting(games, 105, size) == []  # not even one game


# The board's boot.py gives its MicroPython (the unix port, which has none) a ROMFS partition of SIZE erased bytes.
FAKE_PARTITION = """import sys, vfs as _vfs
class _Vfs:
    def __getattr__(self, name):
        return getattr(_vfs, name)
class _Dev:  # a partition that says its size (block count x block size) and holds nothing: no heap spent on it
    def ioctl(self, op, arg):
        return %d // 4096 if op == 4 else 4096 if op == 5 else 0
_fake = _Vfs()
_part = _Dev()
_fake.rom_ioctl = lambda op, *args: 1 if op == 1 else _part
sys.modules["vfs"] = _fake
"""


@pytest.mark.micropython
def test_flash_romfs_too_big_for_the_board_s_partition_says_which_games_fit(tmp_path, capsys, monkeypatch):
    """The partition's size is the board's own (read from it), and the advice is worked out from the real images:
    every choice it gives fits, and no game can be added to one."""
    import itertools
    import re
    from pathlib import Path

    from nightboard_host.emulation.virtual_board import VirtualBoard
    from nightboard_host.flashing import board_code, build, romfs as flash_romfs

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))  # the flash's compiled files, shared with the test's
    fw = Path(__file__).resolve().parents[2] / "firmware"
    version, games = build.firmware_version(fw), board_code.index_games(fw)
    with VirtualBoard(tmp_path / "flash") as vb:
        b = repl.Board(vb.port)
        try:
            b.take_repl()
            info = b.info()
        finally:
            b.restart_quietly()
            b.close()
        c = build.Compiler(info.mpy_sub, info.arch)

        def size(chosen):
            return len(flash_romfs.build_image(version, build.build(fw, c, chosen, info.platform)))

        pairs = {pair: size(list(pair)) for pair in itertools.combinations(games, 2)}
        room = sorted(pairs.values())[len(pairs) // 2] // 4096 * 4096  # some pairs fit, others not
        assert min(pairs.values()) <= room < max(pairs.values()), (pairs, room)
        (tmp_path / "flash" / "boot.py").write_text(FAKE_PARTITION % room)
        assert cli.main(["flash", "--port", vb.port, "--romfs", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "does not fit the board's ROMFS partition of %s B (%d KB)" % (format(room, ","), room // 1024) in err, err
    said = [(m.group(1).split(","), int(m.group(2).replace(",", "")))
            for m in re.finditer(r"--games ([a-z_,]+) \(([\d,]+) B\)", err)]
    assert said, err
    for chosen, n in said:
        assert size(chosen) == n <= room, (chosen, n, room)
        for g in games:
            if g not in chosen:
                assert size(chosen + [g]) > room, (chosen, g)  # nothing more fits with it
    fit = [set(p) for p, n in pairs.items() if n <= room]
    assert len(said) == 6 or all(any(p <= set(chosen) for chosen, _ in said) for p in fit), (said, fit)
    assert sorted((tmp_path / "flash").iterdir()) == [tmp_path / "flash" / "boot.py"]  # nothing written


def test_the_monitor_is_told_when_flash_or_mpremote_holds_the_port(capsys, tmp_path):
    from mpremote.transport_serial import SerialTransport

    with PtyDevice() as dev:
        t = SerialTransport(dev.port, timeout=1)  # as `nightboard flash` and mpremote hold it
        try:
            assert cli.main(["monitor", "--port", dev.port, "--dump", str(tmp_path / "d.json")]) != 0
        finally:
            t.close()
    err = capsys.readouterr().err
    assert "cannot open %s: it is in use by another program (pid %d" % (dev.port, os.getpid()) in err
    assert not (tmp_path / "d.json").exists()


def test_mpremote_s_own_file_writes_get_the_slow_board_s_patience():
    """fs_writefile execs a line per chunk with mpremote's fixed 10 s limit: a loaded emulated Pico exceeded it."""
    with PtyDevice() as dev:
        b = repl.Board(dev.port)
        calls = []
        b.t.exec_raw = lambda command, timeout=10, data_consumer=None: calls.append(timeout) or (b"", b"")
        try:
            b.write("/x.mpy", bytes(3000))
        finally:
            b.close()
    assert len(calls) >= 4 and set(calls) == {repl.EXEC_QUIET}


def test_a_script_sent_to_a_slow_board_may_wait_for_its_next_window():
    """mpremote's raw paste reads the board's "room for the next window" with the port's timeout: 1 s was too
    short for an emulated Pico on a busy machine (a wheel's `nightboard flash` failed: "unexpected read during
    raw paste: b''"). Every exec, mpremote's file writes and ours, allows PASTE_WAIT; the port's own timeout is
    back after it, whether the exec worked or not."""
    from mpremote.transport import TransportError

    with PtyDevice() as dev:
        b = repl.Board(dev.port)
        seen = []

        def exec_raw(command, timeout=10, data_consumer=None):
            seen.append(b.t.serial.timeout)
            if b"fail" in (command if isinstance(command, bytes) else command.encode()):
                raise TransportError("unexpected read during raw paste: b''")
            return b"{}", b""

        b.t.exec_raw = exec_raw
        try:
            b.write("/x.mpy", bytes(1500))
            b.run("print(1)", "testing")
            with pytest.raises(errors.FlashError, match="lost the board while failing"):
                b.run("fail()", "failing")
            after = b.t.serial.timeout
        finally:
            b.close()
    assert len(seen) >= 3 and set(seen) == {repl.PASTE_WAIT} and repl.PASTE_WAIT >= 10
    assert after == 1
