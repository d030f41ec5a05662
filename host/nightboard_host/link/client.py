"""Talking to a Nightboard over its serial protocol (docs/protocol.md): the host side.

Client(port)      a board (or the virtual board) on a serial port, through pyserial
LocalLink(table)  a Table in this process, through a SimSerial (tests, the simulator)

Both offer request(kind, **args) -> the reply (a dict, "ok" true or false) and
call(kind, **args) -> the reply, raising RequestFailed when "ok" is false. A
request longer than the board's line limit is sent in parts, transparently.
Lines without the "@nb " prefix (REPL banners, prints) and replies to other
ids are skipped; no reply in time raises BoardTimeout saying what was seen.
"""

import json
import time

PREFIX = "@nb "
MAX_LINE = 1024
PART_CHARS = 450  # characters of a long request per part (escaped, a part stays under MAX_LINE)
NOISE_KEPT = 20
BUSY_WAIT_S = 1.0  # how long a port held by another program is waited for before saying so


SOFT_REBOOT = "soft reboot"  # what MicroPython prints as it restarts ("MPY: soft reboot")
# Requests that only ask: sent again when the board restarted before answering (table/fresh.py)
ASK_AGAIN = ("hello", "profile", "state", "frame", "events", "report", "restart", "memory")


class ProtocolError(Exception):
    """The board could not be talked to (or answered nonsense); the message says what happened."""


class PortError(ProtocolError):
    """The serial port could not be opened: missing, not a serial port, in use, or not allowed."""


def open_serial(port, baudrate=115200, timeout=0.05, write_timeout=2.0):
    """The pyserial port, opened exclusively (as mpremote does: two programs on one port garble each other),
    or PortError saying which of the usual reasons stopped it."""
    import serial

    if port.startswith("/") and not _exists(port):  # (Windows' COM3 is no path: pyserial says what is wrong)
        raise PortError(missing_port_message(port))
    end = time.monotonic() + BUSY_WAIT_S
    while True:
        try:
            return serial.serial_for_url(port, baudrate=baudrate, timeout=timeout, write_timeout=write_timeout,
                                         exclusive=True)
        except (serial.SerialException, OSError, ValueError) as e:
            if "exclusively lock" in str(e) and time.monotonic() < end:
                time.sleep(0.05)  # a program letting go of the port (mpremote ending, a flash closing)
                continue
            raise PortError(port_failure_message(port, e))


def _exists(port):
    import os

    return os.path.exists(port)


def missing_port_message(port):
    from nightboard_host.link import boards

    try:
        seen = ", ".join(p.device for p in boards.list_ports()) or "none"
    except Exception:
        seen = "?"
    return ("cannot open %s: there is no such serial port. Is the board plugged in with a data cable, and is that "
            "its name? "
            "(serial ports seen: %s; without --port the board is found by itself)" % (port, seen))


def port_failure_message(port, error):
    """Why opening `port` failed, in a maker's words (`error` is what pyserial or the OS said)."""
    import errno
    import os

    text = str(error)
    if "exclusively lock" in text or getattr(error, "errno", None) in (errno.EAGAIN, errno.EBUSY) or (
            os.name == "nt" and ("Access is denied" in text or "PermissionError" in text)):  # Windows: busy
        who = port_holders(port)
        return ("cannot open %s: it is in use by another program%s. Close that first (a `nightboard monitor`, "
                "mpremote, a serial terminal or Thonny holding the board), then try again"
                % (port, " (%s)" % ", ".join(who) if who else ""))
    if getattr(error, "errno", None) == errno.EACCES or "Permission denied" in text:
        return ("cannot open %s: no permission. On Linux add yourself to the dialout group (sudo usermod -aG dialout "
                "$USER, then log in again; uucp on Arch)" % port)
    if getattr(error, "errno", None) == errno.ENOENT or "No such file" in text:
        return missing_port_message(port)
    if "Inappropriate ioctl" in text or getattr(error, "errno", None) == errno.ENOTTY or (
            os.path.exists(port) and not _is_char_device(port)):
        return "cannot open %s: it is not a serial port (%s); give the board's port, e.g. /dev/ttyACM0" % (
            port, _what_is(port))
    return "cannot open %s: %s" % (port, text)


def _is_char_device(path):
    import os
    import stat

    try:
        return stat.S_ISCHR(os.stat(path).st_mode)
    except OSError:
        return False


def _what_is(path):
    import os

    if os.path.realpath(path) == os.devnull:
        return "it is the null device"
    if os.path.isdir(path):
        return "it is a directory"
    if os.path.isfile(path):
        return "it is a file"
    return "the device there is no terminal"


def port_holders(port):
    """The programs holding `port`'s lock ("pid 123 nightboard monitor ..."), where the OS tells (Linux)."""
    import os

    try:
        st = os.stat(port)
        with open("/proc/locks") as f:
            locks = f.read().splitlines()
        key = "%02x:%02x:%d" % (os.major(st.st_dev), os.minor(st.st_dev), st.st_ino)
    except (OSError, AttributeError):  # no /proc (macOS), no os.major (Windows)
        return []
    out = []
    for line in locks:
        parts = line.split()
        if len(parts) > 5 and parts[5] == key and parts[4].isdigit():
            pid = parts[4]
            try:
                with open("/proc/%s/cmdline" % pid, "rb") as f:
                    cmd = f.read().replace(b"\0", b" ").decode("utf-8", "replace").strip()
            except OSError:
                cmd = "?"
            out.append("pid %s: %s" % (pid, _short_command(cmd)))
    return sorted(set(out))


def _short_command(cmd):
    """`.../python .../bin/nightboard monitor --port X` -> `nightboard monitor --port X`."""
    import os

    words = cmd.split()
    if len(words) > 1 and os.path.basename(words[0]).startswith("python"):
        words = words[1:]
    if words:
        words[0] = os.path.basename(words[0])
    return " ".join(words)[:80]


class BoardTimeout(ProtocolError):
    """No reply in time."""


class RequestFailed(ProtocolError):
    """The board answered "ok": false; `.error` is its message, `.reply` the whole reply."""

    def __init__(self, kind, reply):
        self.kind = kind
        self.reply = reply
        self.error = reply.get("error", "?")
        ProtocolError.__init__(self, "%s: %s" % (kind, self.error))


def encode(rid, kind, args):
    """The request line (bytes, with the newline)."""
    obj = {"id": rid, "req": kind}
    for k in args:
        if k in ("id", "req"):
            raise ValueError("request fields id and req are set by the client")
        obj[k] = args[k]
    return (PREFIX + json.dumps(obj, separators=(",", ":")) + "\n").encode("utf-8")


def decode(line):
    """The reply object of one line (str, no newline), or None for a line that is not a protocol reply."""
    if not line.startswith(PREFIX):
        return None
    try:
        obj = json.loads(line[len(PREFIX):])
    except ValueError:
        return None
    if not isinstance(obj, dict) or "ok" not in obj:
        return None  # an echoed request, or garbage
    return obj


def is_echo(line):
    """A request of ours coming back (a terminal's echo, or a board at its REPL repeating what it got)."""
    return line.startswith(PREFIX) and '"req":' in line and '"ok":' not in line


class Link:
    """What Client and LocalLink share: ids, parts, line splitting, matching replies."""

    name = "the board"

    def __init__(self):
        self._next = 1
        self._buf = bytearray()
        self._unread = []  # lines that came with a reply, after it
        self.noise = []  # the latest lines that were not protocol replies
        self.stray = []  # the latest replies to other ids (late replies, errors with id null)
        self.echoes = 0  # our own requests seen coming back
        self.sent = 0

    # subclasses: _write(bytes), _read(deadline) -> bytes (b"" when nothing came), _expired(deadline), _deadline(t)

    def _write(self, data):
        raise NotImplementedError

    def _read(self, deadline):
        raise NotImplementedError

    def _deadline(self, timeout):
        raise NotImplementedError

    def _expired(self, deadline):
        raise NotImplementedError

    def _wait_words(self, timeout):
        raise NotImplementedError

    def request(self, kind, _timeout=None, **args):
        """Send one request and return its reply (a dict); BoardTimeout when none comes in time."""
        rid = self._next
        self._next += 1
        line = encode(rid, kind, args)
        if len(line) - 1 > MAX_LINE:
            return self._in_parts(kind, args, _timeout)
        return self._exchange(rid, kind, line, _timeout)

    def call(self, kind, _timeout=None, **args):
        """request(), raising RequestFailed when the board says no. After a `reset` whose reply says the board
        restarts (docs/protocol.md, "A fresh heap for every game"), it returns once the board answers again."""
        reply = self.request(kind, _timeout, **args)
        if not reply.get("ok"):
            raise RequestFailed(kind, reply)
        if reply.get("restarting"):
            self.wait_restarted(max(_timeout or 0, self.restart_wait))
        return reply

    restart_wait = 30.0  # seconds a board may take to restart (the emulated Pico's links set more)

    def _seconds(self, timeout):
        return self.timeout if timeout is None else timeout

    def wait_restarted(self, timeout, seen=False):
        """Wait for the board's soft reboot line (unless `seen`), then for its hello; BoardTimeout when either
        does not come."""
        deadline = self._deadline(timeout)
        while not seen:
            for text in self._lines(deadline):
                if SOFT_REBOOT in text:
                    seen = True
                elif decode(text) is None:
                    self._note(text)
            if not seen and self._expired(deadline):
                raise BoardTimeout("%s said it would restart into its start menu, and no %r came within %s"
                                   % (self.name, SOFT_REBOOT, self._wait_words(timeout)))
        while True:
            try:
                return self.request("hello", 1.0)
            except BoardTimeout:
                if self._expired(deadline):
                    raise BoardTimeout("%s restarted and did not answer within %s"
                                       % (self.name, self._wait_words(timeout)))

    def _in_parts(self, kind, args, timeout):
        obj = {"req": kind}
        obj.update(args)
        body = json.dumps(obj, separators=(",", ":"))
        chunks = [body[i:i + PART_CHARS] for i in range(0, len(body), PART_CHARS)]
        reply = None
        for seq in range(len(chunks)):
            rid = self._next
            self._next += 1
            end = seq == len(chunks) - 1
            reply = self._exchange(rid, kind, encode(rid, "part", {"seq": seq, "data": chunks[seq], "end": end}),
                                   timeout)
            if not reply.get("ok"):
                return reply
        return reply

    def _exchange(self, rid, kind, line, timeout):
        self._write(line)
        self.sent += 1
        deadline = self._deadline(timeout)
        while True:
            lines = self._lines(deadline)
            for i in range(len(lines)):
                text = lines[i]
                obj = decode(text)
                if obj is None and SOFT_REBOOT in text:  # the board restarted into its menu (a game was left)
                    self._unread = lines[i + 1:] + self._unread
                    self.wait_restarted(max(self._seconds(timeout), self.restart_wait), seen=True)
                    if kind not in ASK_AGAIN:
                        raise BoardTimeout("%s restarted into its start menu (a game had left the table) before "
                                           "answering %r: the request may not have been done; ask again"
                                           % (self.name, kind))
                    self._write(line)  # a question, asked again of the restarted board
                    deadline = self._deadline(timeout)
                    break
                if obj is None:
                    self._note(text)
                elif type(obj.get("id")) is int and obj["id"] == rid:  # (true == 1 in Python: not a match)
                    self._unread = lines[i + 1:] + self._unread  # what came with it is read next time
                    return obj
                else:
                    self._keep(self.stray, obj)
            if self._expired(deadline):
                raise BoardTimeout(self._timeout_message(kind, rid, timeout))

    def send_raw(self, data):
        """Write bytes as they are (tests: garbled lines)."""
        self._write(data)

    def read_replies(self, count, timeout=None):
        """The next `count` protocol replies, whatever their ids (after send_raw)."""
        out = []
        deadline = self._deadline(timeout)
        while len(out) < count:
            for text in self._lines(deadline):
                obj = decode(text)
                if obj is None:
                    self._note(text)
                else:
                    out.append(obj)
            if len(out) < count and self._expired(deadline):
                raise BoardTimeout("%s sent %d of the %d replies expected" % (self.name, len(out), count))
        return out

    def _lines(self, deadline):
        if self._unread:
            out, self._unread = self._unread, []
            return out
        data = self._read(deadline)
        if not data:
            return []
        self._buf.extend(data)
        out = []
        while True:
            i = self._buf.find(b"\n")
            if i < 0:
                break
            raw = bytes(self._buf[:i])
            del self._buf[:i + 1]
            out.append(raw.rstrip(b"\r").decode("utf-8", "replace"))
        return out

    def _note(self, text):
        if is_echo(text):
            self.echoes += 1
        else:
            self._keep(self.noise, text)

    def _keep(self, where, item):
        where.append(item)
        if len(where) > NOISE_KEPT:
            del where[0]

    def _timeout_message(self, kind, rid, timeout):
        msg = "no reply to %r (id %s) from %s within %s" % (kind, rid, self.name, self._wait_words(timeout))
        errs = [s for s in self.stray if s.get("id") is None and not s.get("ok")]
        if errs:
            msg += "; it said: %s" % errs[-1].get("error")
        tail = bytes(self._buf).decode("utf-8", "replace")  # a prompt has no newline after it
        seen = [n for n in self.noise if n.strip()] + ([tail] if tail.strip() else [])
        if seen:
            msg += "; it printed %r" % seen[-1][-80:]
        if any(n.rstrip().endswith((">>>", "...")) or n.startswith(("MicroPython v", "Traceback")) for n in seen):
            msg += " (it is at the MicroPython REPL: Nightboard's firmware is not running there, as after " \
                   "mpremote; `nightboard reset` starts it again, `nightboard flash` puts it there)"
        elif self.echoes:
            msg += " (it only echoed the request back: is this a board running Nightboard?)"
        elif not seen:
            msg += " (nothing came back at all: is this Nightboard's serial port, and is its firmware running?)"
        return msg

    # --- conveniences ---------------------------------------------------------------------------------

    def events(self, since=0):
        """(events after `since` as [[seq, event], ...], the board's last seq), fetching every page."""
        out = []
        while True:
            r = self.call("events", since=since)
            out.extend(r["events"])
            if r["events"]:
                since = r["events"][-1][0]
            if not r.get("more"):
                return out, r["last"]

    def frame_bytes(self):
        """The logical frame (r, g, b per LED) as bytes."""
        return bytes.fromhex(self.call("frame")["leds"])


class WallClock:
    """A Link's deadlines in wall time (self.timeout seconds unless told): a board on a port, or a table ticking
    in a thread of its own (`nightboard party`'s simulated table)."""

    timeout = 2.0

    def _deadline(self, timeout):
        return time.monotonic() + (self.timeout if timeout is None else timeout)

    def _expired(self, deadline):
        return time.monotonic() >= deadline

    def _wait_words(self, timeout):
        return "%.1f s" % (self.timeout if timeout is None else timeout)


class Client(WallClock, Link):
    """A board on a serial port: Client("/dev/ttyACM0"), or a pty path of the virtual board."""

    def __init__(self, port, baudrate=115200, timeout=2.0, serial_port=None):
        Link.__init__(self)
        self.name = port if isinstance(port, str) else "the board"
        self.timeout = timeout
        if serial_port is None:
            serial_port = open_serial(port, baudrate=baudrate, timeout=0.05, write_timeout=timeout)
        self.ser = serial_port
        try:
            self.ser.reset_input_buffer()
        except Exception:  # not every port (or fake) can
            pass

    def close(self):
        self.ser.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _write(self, data):
        import serial

        try:
            self.ser.write(data)
            self.ser.flush()
        except (serial.SerialException, OSError) as e:
            raise ProtocolError("cannot write to %s: %s" % (self.name, e))

    def _read(self, deadline):
        import serial

        try:
            waiting = self.ser.in_waiting
            return self.ser.read(waiting if waiting else 1)
        except (serial.SerialException, OSError) as e:
            raise ProtocolError("cannot read from %s: %s" % (self.name, e))


class LocalLink(Link):
    """A Table in this process: requests go through a SimSerial and the table's Protocol service.

    Each read ticks the table once (advancing a SimClock by a frame first), so a
    reply comes after the frames it takes, as on the board. `timeout` counts frames.
    """

    name = "the local table"

    def __init__(self, table, serial=None, timeout=500):
        from nightboard.hal.sim_serial import SimSerial
        from nightboard.table.protocol import Protocol

        Link.__init__(self)
        self.table = table
        self.timeout = timeout
        self.serial = serial if serial is not None else SimSerial()
        self.protocol = Protocol(self.serial)
        table.services.append(self.protocol)

    def tick(self, n=1):
        clock = self.table.hal.clock
        for _ in range(n):
            if hasattr(clock, "advance"):
                clock.advance(self.table.frame_ms)
            self.table.tick()

    def _write(self, data):
        self.serial.feed(data)

    def _deadline(self, timeout):
        return [self.timeout if timeout is None else timeout]

    def _expired(self, deadline):
        return deadline[0] <= 0

    def _wait_words(self, timeout):
        return "%d frames" % (self.timeout if timeout is None else timeout)

    def _read(self, deadline):
        deadline[0] -= 1
        self.tick()
        return self.serial.take()
