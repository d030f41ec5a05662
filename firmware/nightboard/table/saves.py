"""The game in progress on the board's flash: saved safely, sealed, checked when read back.

A save file is a header line (JSON: format, program, turn count, nonce, the
body's length and CRC-32) and a body: the game's whole state as JSON, sealed
(table/seal.py) so that no secret is readable in the file. It is written to a
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
is written straight into it and sealed in place, so saving in the middle of a
long game never needs a large block from a fragmented heap.
"""

import json

from nightboard.compat import json_dumps
from nightboard.table.jsonguard import too_deep
from nightboard.table.seal import crc32, xor_in_place

SAVE = "game.json"
TMP = "game.tmp"
FORMAT = 2
HEADROOM = 160  # room before the body for the header line
BUFFER = 4096
MAX_DEPTH = 16  # arrays/objects inside one another in a saved state (the games' states nest 2..4 deep)

class SaveError(ValueError):
    """A save file that cannot be trusted (or a game too large to save); the message says why."""


class _Json:
    """Writes JSON for plain data (dict, list, str, int, bool, None) into a bytearray."""

    def __init__(self, buf, pos):
        self.buf = buf
        self.pos = pos

    def put(self, b):
        end = self.pos + len(b)
        if end > len(self.buf):
            raise SaveError("the game is too large to save (more than %d bytes)" % (len(self.buf) - HEADROOM))
        self.buf[self.pos:end] = b
        self.pos = end

    def value(self, v):
        if v is None:
            self.put(b"null")
        elif v is True:
            self.put(b"true")
        elif v is False:
            self.put(b"false")
        elif isinstance(v, int):
            self.put(b"%d" % v)
        elif isinstance(v, str):
            self.put(json_dumps(v).encode())
        elif isinstance(v, (list, tuple)):
            self.put(b"[")
            for i in range(len(v)):
                if i:
                    self.put(b",")
                self.value(v[i])
            self.put(b"]")
        elif isinstance(v, dict):
            self.put(b"{")
            first = True
            for k in v:
                if not first:
                    self.put(b",")
                first = False
                self.value(str(k))
                self.put(b":")
                self.value(v[k])
            self.put(b"}")
        else:
            raise SaveError("cannot save a %s" % type(v).__name__)


def encode_into(buf, program, turns_done, state, key, nonce):
    """Write a save file into buf; return (start, end) of its bytes."""
    w = _Json(buf, HEADROOM)
    w.value(state)
    body = memoryview(buf)[HEADROOM:w.pos]
    xor_in_place(body, key, nonce)
    header = json_dumps({"nightboard_save": FORMAT, "program": program, "turns_done": turns_done,
                         "nonce": nonce, "bytes": w.pos - HEADROOM,
                         "crc32": crc32(body) & 0xFFFFFFFF}).encode() + b"\n"
    if len(header) > HEADROOM:
        raise SaveError("save header too long")
    start = HEADROOM - len(header)
    buf[start:HEADROOM] = header
    return start, w.pos


def encode(program, turns_done, state, key, nonce, size=BUFFER):
    """A save file's bytes (for tests and tools)."""
    buf = bytearray(size)
    start, end = encode_into(buf, program, turns_done, state, key, nonce)
    return bytes(buf[start:end])


def decode(data, key):
    """(header, state) from a save file's bytes, or SaveError saying what is wrong with them."""
    nl = data.find(b"\n", 0, HEADROOM + 1)
    if nl < 0:
        if len(data) > HEADROOM and data.find(b"\n") >= 0:
            raise SaveError("not a Nightboard save (its first line is longer than a save's header)")
        raise SaveError("truncated: no header line")
    if too_deep(memoryview(data)[:nl], 2):
        raise SaveError("not a Nightboard save (its first line nests too deep for a header)")
    try:
        header = json.loads(data[:nl])
    except ValueError:
        raise SaveError("the header is not JSON")
    if not isinstance(header, dict) or "nightboard_save" not in header:
        raise SaveError("not a Nightboard save")
    if header["nightboard_save"] != FORMAT:
        raise SaveError("save format %r is not supported (this firmware reads format %d)"
                        % (header["nightboard_save"], FORMAT))
    if not isinstance(header.get("program"), str) or not isinstance(header.get("nonce"), int):
        raise SaveError("not a saved game (needs program and nonce)")
    body = bytearray(data[nl + 1:])
    if len(body) != header.get("bytes"):
        raise SaveError("truncated: %d of %r bytes" % (len(body), header.get("bytes")))
    if crc32(body) & 0xFFFFFFFF != header.get("crc32"):
        raise SaveError("checksum mismatch")
    xor_in_place(body, key, header["nonce"])
    if too_deep(body, MAX_DEPTH):
        raise SaveError("the game does not open with this board's key, or nests deeper than %d" % MAX_DEPTH)
    try:
        state = json.loads(body)  # pyright: ignore[reportArgumentType]  json.loads takes bytes-like on both
    except ValueError:
        raise SaveError("the game does not open with this board's key, or is not JSON")
    if not isinstance(state, dict):
        raise SaveError("not a saved game (its state is not an object)")
    return header, state


class SaveStore:
    def __init__(self, storage, key, size=BUFFER):
        self.storage = storage
        self.key = key
        self.buf = bytearray(size)
        self.writes = 0
        self.nonce = 0

    def save(self, program, turns_done, state):
        self.nonce += 1
        start, end = encode_into(self.buf, program, turns_done, state, self.key, self.nonce)
        self.storage.write(TMP, memoryview(self.buf)[start:end])
        self.storage.rename(TMP, SAVE)
        self.writes += 1

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
                    decode(tmp, self.key)
                    st.rename(TMP, SAVE)
                    data = tmp
                except SaveError:
                    st.remove(TMP)
            else:
                st.remove(TMP)
        if data is None:
            return None
        header, state = decode(data, self.key)
        if header["nonce"] > self.nonce:
            self.nonce = header["nonce"]
        return header, state

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
