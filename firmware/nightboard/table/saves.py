"""The game in progress on the board's flash: saved safely, sealed, checked when read back.

A save file is a header line (JSON: format, program, turn count, nonce, the
body's length, CRC-32 and MAC) and a body: the game's whole state as JSON,
padded with zeros to BODY bytes and sealed (table/seal.py), so that no secret
is readable in the file and its length is the same for every game. It is written to a
temporary file which is then renamed over the old save, so a power cut at any
moment leaves either the old save or the new one, never a broken one (littlefs
renames atomically). A save that fails its checks is renamed aside
(game.bad1.json, game.bad2.json, ...), never deleted and never allowed to stop
the boot.

Reading one back is bounded before anything is parsed: a file larger than
the save buffer (no save can be) is refused by its size from os.stat, before
it is read; a header line longer than HEADROOM and a body nested deeper than
MAX_DEPTH are refused before json.loads. Whatever is in the file, loading it
cannot run the board out of memory.

The file is assembled in one buffer allocated when the table starts: the JSON
is copied into it and sealed in place. The board saves in steps, a bounded
part in each frame (SaveStore.begin/step), so a turn never freezes the table.
"""

import json
from binascii import hexlify, unhexlify

from nightboard.compat import json_dumps
from nightboard.table.jsonguard import too_deep
from nightboard.table.seal import MAC_BYTES, NONCE_BYTES, Keys, Sealer, crc32, open_body

SAVE = "game.json"
TMP = "game.tmp"
FORMAT = 3
HEADROOM = 200  # room before the body for the header line
BUFFER = 4096
BODY = BUFFER - HEADROOM  # every save's body is this long, whatever the game: its size tells nothing
MAX_DEPTH = 16  # arrays/objects inside one another in a saved state (the games' states nest 2..4 deep)
SEAL_STEP = 256  # text bytes sealed in one frame (or 8 times as many of padding): a few ms on a Pico
_SEALING, _WRITING, _RENAMING = 0, 1, 2


class SaveError(ValueError):
    """A save file that cannot be trusted (or a game too large to save); the message says why."""


def _hex(b):
    return hexlify(b).decode()


def _body_into(buf, state):
    """The state as JSON into buf after HEADROOM, zeros after it to the end of the body; the text's length.
    json.dumps works in C: the hand-written writer this replaced (one Python call per value) took 290-420
    ms of a save on a Pico."""
    text = json_dumps(state).encode()
    n = len(text)
    if n > BODY:
        raise SaveError("the game is too large to save (more than %d bytes)" % BODY)
    buf[HEADROOM:HEADROOM + n] = text
    return n


def _header_into(buf, program, turns_done, nonce, crc, mac):
    """The header line, just before the (sealed) body at HEADROOM; the start of the file in buf. Every
    field but the program and the turn count (public) has a fixed length."""
    header = json_dumps({"nightboard_save": FORMAT, "program": program, "turns_done": turns_done,
                         "nonce": _hex(nonce), "bytes": BODY, "crc32": "%08x" % (crc & 0xFFFFFFFF),
                         "mac": _hex(mac)}).encode() + b"\n"
    if len(header) > HEADROOM:
        raise SaveError("save header too long")
    start = HEADROOM - len(header)
    buf[start:HEADROOM] = header
    return start


def encode_into(buf, program, turns_done, state, keys, nonce):
    """Write a save file into buf (BUFFER bytes); return (start, end) of its bytes."""
    text = _body_into(buf, state)
    body = memoryview(buf)[HEADROOM:BUFFER]
    sealer = Sealer(keys, nonce, text)
    while not sealer.run(body, BODY):
        pass
    mac = keys.mac_start(program, turns_done, nonce)
    mac.update(body)
    return _header_into(buf, program, turns_done, nonce, crc32(body), keys.mac_end(mac)), BUFFER


def encode(program, turns_done, state, key, nonce):
    """A save file's bytes (for tests and tools); key is the board's key, nonce NONCE_BYTES bytes."""
    buf = bytearray(BUFFER)
    start, end = encode_into(buf, program, turns_done, state, Keys(key), nonce)
    return bytes(buf[start:end])


def _unhex(header, name, n):
    v = header.get(name)
    try:
        b = unhexlify(v) if isinstance(v, str) and len(v) == 2 * n else None
    except ValueError:
        b = None
    if b is None:
        raise SaveError("not a saved game (its %s is not %d hex bytes)" % (name, n))
    return b


def decode(data, key, buf=None):
    """(header, state) from a save file's bytes, or SaveError saying what is wrong with them.
    key: the board's key, or its Keys (made once by SaveStore); buf: a buffer to open the body in (the
    store's own, so that reading a save allocates no body-sized block on a fragmented heap)."""
    keys = key if isinstance(key, Keys) else Keys(key)
    head = bytes(memoryview(data)[:HEADROOM + 1])  # data: bytes, bytearray or a memoryview
    nl = head.find(b"\n")
    if nl < 0:
        if len(data) > HEADROOM and bytes(data).find(b"\n") >= 0:
            raise SaveError("not a Nightboard save (its first line is longer than a save's header)")
        raise SaveError("truncated: no header line")
    if too_deep(head[:nl], 2):
        raise SaveError("not a Nightboard save (its first line nests too deep for a header)")
    try:
        header = json.loads(head[:nl])
    except ValueError:
        raise SaveError("the header is not JSON")
    if not isinstance(header, dict) or "nightboard_save" not in header:
        raise SaveError("not a Nightboard save")
    if header["nightboard_save"] in (1, 2):
        raise SaveError("sealed by an older firmware (save format %d) with the old, weak seal, which this "
                        "firmware no longer opens" % header["nightboard_save"])
    if header["nightboard_save"] != FORMAT:
        raise SaveError("save format %r is not supported (this firmware reads format %d)"
                        % (header["nightboard_save"], FORMAT))
    if not isinstance(header.get("program"), str) or not isinstance(header.get("turns_done"), int):
        raise SaveError("not a saved game (needs program and turns_done)")
    nonce = _unhex(header, "nonce", NONCE_BYTES)
    mac = _unhex(header, "mac", MAC_BYTES)
    size = len(data) - nl - 1
    body = memoryview(buf if buf is not None and len(buf) >= size else bytearray(size))[:size]
    body[:] = memoryview(data)[nl + 1:]  # a copy, opened in place
    if len(body) != header.get("bytes"):
        raise SaveError("truncated: %d of %r bytes" % (len(body), header.get("bytes")))
    if "%08x" % (crc32(body) & 0xFFFFFFFF) != header.get("crc32"):
        raise SaveError("checksum mismatch")
    h = keys.mac_start(header["program"], header["turns_done"], nonce)
    h.update(body)
    if keys.mac_end(h) != mac:
        raise SaveError("the game does not open with this board's key (sealed by another board, or altered)")
    text = body[:open_body(body, keys, nonce)]  # the text alone: the padding is never opened
    if too_deep(text, MAX_DEPTH):
        raise SaveError("the game nests deeper than %d" % MAX_DEPTH)
    try:
        try:
            state = json.loads(text)  # pyright: ignore[reportArgumentType]  MicroPython reads a memoryview
        except TypeError:  # CPython does not
            state = json.loads(bytes(text))
    except ValueError:
        raise SaveError("the game is not JSON")
    if not isinstance(state, dict):
        raise SaveError("not a saved game (its state is not an object)")
    return header, state


class SaveStore:
    """The board's save file. key: the board's own key (seal.board_key); random_bytes: the board's randomness,
    for each save's nonce (hal.random_bytes)."""

    def __init__(self, storage, key, random_bytes, size=BUFFER):
        self.storage = storage
        self.keys = Keys(key)
        self.random_bytes = random_bytes
        self.buf = bytearray(max(size, BUFFER))
        self.writes = 0
        self._job = None  # the save under way: [phase, sealer, mac, crc, program, turns_done, nonce, start]

    # --- writing, in steps ----------------------------------------------------------------------
    # A save is begun in the frame that finished the turn (the state as JSON into the buffer, which
    # fixes what is saved), then sealed SEAL_STEP bytes a frame (its MAC and CRC taken as it goes), then
    # written to TMP, then renamed over SAVE, each in a frame of its own: no frame carries the whole
    # save. Until the rename the old save stays whole, so a power cut at any moment loses at most the
    # turn in progress.

    def begin(self, program, turns_done, state):
        """Start saving `state` (a save still under way is finished first)."""
        if self._job is not None:
            self.finish()
        nonce = bytes(self.random_bytes(NONCE_BYTES))
        text = _body_into(self.buf, state)
        self._job = [_SEALING, Sealer(self.keys, nonce, text), self.keys.mac_start(program, turns_done, nonce),
                     0, program, turns_done, nonce, 0]

    @property
    def pending(self):
        return self._job is not None

    def step(self):
        """Do the next bounded part of the save under way; True when it is complete (or none was)."""
        job = self._job
        if job is None:
            return True
        try:
            if job[0] == _SEALING:
                sealer = job[1]
                was = sealer.pos
                done = sealer.run(memoryview(self.buf)[HEADROOM:], SEAL_STEP)
                part = memoryview(self.buf)[HEADROOM + was:HEADROOM + sealer.pos]
                job[2].update(part)
                job[3] = crc32(part, job[3])
                if done:
                    job[0] = _WRITING
            elif job[0] == _WRITING:
                job[7] = _header_into(self.buf, job[4], job[5], job[6], job[3], self.keys.mac_end(job[2]))
                self.storage.write(TMP, memoryview(self.buf)[job[7]:])
                job[0] = _RENAMING
            else:
                self.storage.rename(TMP, SAVE)
                self._job = None
                self.writes += 1
                return True
        except Exception:
            self.cancel()
            raise
        return False

    def finish(self):
        """Complete the save under way now."""
        while not self.step():
            pass

    def cancel(self):
        """Drop the save under way; a temporary file it wrote is removed, the old save stays."""
        job = self._job
        self._job = None
        if job is not None and job[0] == _RENAMING:
            try:
                self.storage.remove(TMP)
            except OSError:
                pass

    def save(self, program, turns_done, state):
        """Save now, all steps at once."""
        self.begin(program, turns_done, state)
        self.finish()

    def _read(self, name):
        """The file's bytes, None when there is none; SaveError, before reading, when it is larger than
        any save (OSError when it cannot be read, a directory in its place for one)."""
        n = self.storage.size(name)
        if n is None:
            return None
        if n > len(self.buf):
            raise SaveError("too large for a save: %d bytes (a save is at most %d)" % (n, len(self.buf)))
        return self.storage.read(name)

    def load(self):
        """(header, state) of the save, None when there is none; SaveError when it fails its checks.

        A leftover temporary file from a save cut short is removed (or, if the save itself is
        missing and the temporary file is whole, it is completed). One that cannot be a save is
        ignored (and removed when possible).
        """
        st = self.storage
        data = self._read(SAVE)
        try:
            tmp = self._read(TMP)
        except (SaveError, OSError):
            tmp = None
            try:
                st.remove(TMP)
            except OSError:
                pass
        if tmp is not None:
            if data is None:
                try:
                    decode(tmp, self.keys, self._spare())
                    st.rename(TMP, SAVE)
                    data = tmp
                except SaveError:
                    st.remove(TMP)
            else:
                st.remove(TMP)
        if data is None:
            return None
        return decode(data, self.keys, self._spare())

    def _spare(self):
        """The save buffer, to open a save in, when no save is under way in it."""
        return self.buf if self._job is None else None

    def set_aside(self):
        """Rename a bad save (or whatever is in its place) out of the way; return its new name."""
        n = 1
        while n < 1000:
            name = "game.bad%d.json" % n
            try:
                if self.storage.size(name) is None:
                    self.storage.rename(SAVE, name)
                    return name
            except OSError as e:
                if getattr(e, "errno", None) != 21:  # EISDIR: a directory of that name; the next name
                    raise
            n += 1
        raise OSError(17, "game.bad1.json .. game.bad999.json are all taken")

    def clear(self):
        if self.storage.exists(SAVE):
            self.storage.remove(SAVE)
