"""The board's raw REPL through mpremote's SerialTransport (Board): taking it from a running or starting board,
running the programs of board/ with the patience a slow board needs, writing files."""

import ast
import json
import time

from nightboard_host.flashing.board_info import BoardInfo, install
from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.programs import program

CHUNK = 1024  # bytes per mpremote write (each becomes one raw-REPL exec)
REPL_TIMEOUT = 30  # seconds for the board to give its raw REPL (retrying while it prints its boot banner)
REPL_TRY = 2.0  # seconds one try waits for the raw REPL prompt before asking again
EXEC_QUIET = 60  # seconds a board-side script may stay silent before the board counts as lost (a slow board
                 # hashing a big file; mpremote's own limit of 10 s is half a second on an emulated Pico)
PASTE_WAIT = 20  # seconds one read may wait while a script goes to the board (mpremote's raw paste: the board
                 # says when it has room for the next window; an emulated Pico on a busy machine took over the
                 # port's 1 s once, and mpremote then gave up with "unexpected read during raw paste: b''")


def _printed_bytes(text):
    """The bytes in what mpremote printed (it prints the bytes it got instead of a prompt as b'...')."""
    out = bytearray()
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(("b'", 'b"')):
            try:
                out.extend(ast.literal_eval(line))
                continue
            except (ValueError, SyntaxError):
                pass
        out.extend(line.encode("utf-8", "replace") + b"\n")
    return bytes(out)


def _sounds_like_micropython(heard):
    return any(w in heard for w in (b"raw REPL", b">>>", b"MicroPython", b"soft reboot", b"Traceback"))


def _no_repl_message(port, heard, tries, total):
    """Why there is no REPL on `port`, from what the device sent while being asked `tries` times."""
    text = heard.decode("utf-8", "replace")
    shown = repr(text.strip()[-160:])
    if not text.strip():
        return ("nothing answered on %s: it stayed silent for %.0f s (%d tries at MicroPython's REPL). Is it the "
                "Pico's port, and does the Pico run MicroPython? A hung board: unplug it and plug it back. %s"
                % (port, total, tries, install()))
    if _sounds_like_micropython(heard):
        return ("the MicroPython on %s did not give its raw REPL within %.0f s (%d tries; it said %s): it may "
                "be busy or starting; unplug it and plug it back, then flash again" % (port, total, tries, shown))
    return ("no MicroPython REPL answered on %s: the device there answers, but not as MicroPython (it said %s). "
            "Is it the Pico? Is MicroPython installed? %s" % (port, shown, install()))



class Board:
    """The board's REPL through mpremote's SerialTransport: the few operations flashing needs."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        from nightboard_host.link.client import PortError, open_serial

        self.port = port
        try:
            open_serial(port).close()  # a missing, busy or wrong port gets its own message here
        except PortError as e:
            raise FlashError(str(e))
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=1)
        except TransportError as e:
            raise FlashError("cannot open %s: %s" % (port, e))
        except Exception as e:  # pyserial's SerialException and OSError
            raise FlashError("cannot open %s: %s" % (port, e))
        self.t.exec = self._exec  # mpremote's own file writes and romfs deploy get the same patience as ours

    def _exec(self, command, data_consumer=None):
        """mpremote's Transport.exec, with EXEC_QUIET instead of its fixed 10 s between characters."""
        from mpremote.transport import TransportExecError

        out, err = self.exec_raw(command, data_consumer)
        if err:
            raise TransportExecError(out, err.decode())
        return out

    def exec_raw(self, code, data_consumer=None):
        """mpremote's exec_raw with EXEC_QUIET, its reads allowed PASTE_WAIT while the script is sent (only
        then: the REPL's prompt is still looked for a second at a time)."""
        serial = self.t.serial
        was = serial.timeout
        serial.timeout = PASTE_WAIT
        try:
            return self.t.exec_raw(code, timeout=EXEC_QUIET, data_consumer=data_consumer)
        finally:
            serial.timeout = was

    def close(self):
        try:
            self.t.close()
        except Exception:
            pass
        try:
            self.t.serial.close()  # mpremote's close skips this when clearing DTR/RTS fails: the port's lock
        except Exception:          # would stay held by a leaked file
            pass

    def take_repl(self, total=None, each=None):
        """Stop what runs and enter the raw REPL with a soft reset (what mpremote does), asking again while
        the board is still starting (printing its boot banner, which can swallow the first Ctrl-A) until
        `total` seconds have gone; FlashError saying what the board sent when it never gives the prompt."""
        import contextlib
        import io

        from mpremote.transport import TransportError

        total = REPL_TIMEOUT if total is None else total
        each = REPL_TRY if each is None else each
        end = time.monotonic() + total
        said = io.StringIO()  # mpremote prints what came instead of the prompt
        heard = bytearray()
        tries = 0
        while True:
            tries += 1
            wait = max(0.5, min(each * tries, end - time.monotonic()))
            try:
                with contextlib.redirect_stdout(said):
                    self.t.enter_raw_repl(soft_reset=True, timeout_overall=wait)
                return tries
            except TransportError:
                pass
            except OSError as e:
                raise FlashError("lost %s while asking for its REPL: %s" % (self.port, e))
            heard.extend(_printed_bytes(said.getvalue()))
            said = io.StringIO()
            if time.monotonic() >= end or tries >= 2 and heard.strip() and not _sounds_like_micropython(heard):
                break  # (a device that talks, but never like MicroPython, is not waited for)
        raise FlashError(_no_repl_message(self.port, bytes(heard), tries, total))

    def run(self, code, what, consumer=None):
        from mpremote.transport import TransportError

        try:
            out, err = self.exec_raw(code, consumer)
        except TransportError as e:
            raise FlashError("lost the board while %s: %s (it said nothing for %d s)" % (what, e, EXEC_QUIET)
                             if "timeout" in str(e) else "lost the board while %s: %s" % (what, e))
        except OSError as e:
            raise FlashError("lost the board while %s: %s" % (what, e))
        if err:
            last = (err.decode("utf-8", "replace").strip().splitlines() or ["?"])[-1]
            raise FlashError("the board failed while %s: %s" % (what, last))
        return out

    def run_json(self, code, what):
        out = self.run(code, what)
        try:
            return json.loads(out.decode("utf-8", "replace").strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise FlashError("the board's answer while %s made no sense: %r" % (what, out[:200]))

    def hash_files(self, paths, what):
        """{board path: sha256, or None when missing, "?" when the board cannot hash}."""
        if not paths:
            return {}
        out = self.run(program("hash_files", PATHS=paths), what).decode("utf-8", "replace")
        got = {}
        for line in out.splitlines():
            try:
                path, h = json.loads(line)
            except (ValueError, TypeError):
                raise FlashError("the board's answer while %s made no sense: %r" % (what, line[:200]))
            got[path] = h
        return got

    def info(self):
        out = self.run(program("info"), "asking what it runs").decode("utf-8", "replace").strip()
        try:
            impl, version, mpy, platform, machine = ast.literal_eval(out.splitlines()[-1])
        except (ValueError, SyntaxError, IndexError):
            raise FlashError("the board did not say what it runs (%r). %s" % (out[:120], install()))
        return BoardInfo(impl, version, mpy, platform, machine)

    def write(self, path, data, progress=None):
        from mpremote.transport import TransportError

        try:
            self.t.fs_writefile(path, data, chunk_size=CHUNK, progress_callback=progress)
        except (TransportError, OSError) as e:
            raise FlashError("could not write %s on the board: %s" % (path, e))

    def soft_reset_to_main(self):
        """From the raw REPL: the friendly REPL, then Ctrl-D, which soft-resets and runs /main.py.
        Returns once the board says so: what the host sends before may be lost in the reset."""
        self.t.exit_raw_repl()
        self.t.serial.write(b"\x04")
        self.t.read_until(1, b"soft reboot", timeout=3, timeout_overall=5)

    def restart_quietly(self):
        """After a failure: stop what runs, leave the raw REPL, soft-reset: the board runs /main.py again
        (the loader still names a complete slot whatever was interrupted)."""
        try:
            for data in (b"\r\x03", b"\r\x02", b"\x04"):
                self.t.serial.write(data)
                time.sleep(0.05)
        except Exception:
            pass
