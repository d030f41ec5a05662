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
is copied into it and sealed in place. The board saves in steps, a bounded
part in each frame (SaveStore.begin/step), so a turn never freezes the table.
"""

import json

from nightboard.compat import json_dumps
from nightboard.table.jsonguard import too_deep
from nightboard.table.seal import Sealer, crc32, xor_in_place

SAVE = "game.json"
TMP = "game.tmp"
FORMAT = 2
HEADROOM = 160  # room before the body for the header line
BUFFER = 4096
MAX_DEPTH = 16  # arrays/objects inside one another in a saved state (the games' states nest 2..4 deep)
SEAL_STEP = 256  # bytes sealed in one frame: about 7 ms on a Pico (26 us a byte, measured on the emulated RP2040)
_SEALING, _WRITING, _RENAMING = 0, 1, 2

class SaveError(ValueError):
    """A save file that cannot be trusted (or a game too large to save); the message says why."""


def _body_into(buf, state):
    """The state as JSON into buf after HEADROOM; the end of it. json.dumps works in C: the hand-written
    writer this replaced (one Python call per value) took 290-420 ms of a save on a Pico."""
    text = json_dumps(state).encode()
    end = HEADROOM + len(text)
    if end > len(buf):
        raise SaveError("the game is too large to save (more than %d bytes)" % (len(buf) - HEADROOM))
    buf[HEADROOM:end] = text
    return end


def _header_into(buf, program, turns_done, nonce, end):
    """The header line, just before the (sealed) body at HEADROOM; the start of the file in buf."""
    body = memoryview(buf)[HEADROOM:end]
    header = json_dumps({"nightboard_save": FORMAT, "program": program, "turns_done": turns_done,
                         "nonce": nonce, "bytes": end - HEADROOM,
                         "crc32": crc32(body) & 0xFFFFFFFF}).encode() + b"\n"
    if len(header) > HEADROOM:
        raise SaveError("save header too long")
    start = HEADROOM - len(header)
    buf[start:HEADROOM] = header
    return start


def encode_into(buf, program, turns_done, state, key, nonce):
    """Write a save file into buf; return (start, end) of its bytes."""
    end = _body_into(buf, state)
    xor_in_place(memoryview(buf)[HEADROOM:end], key, nonce)
    return _header_into(buf, program, turns_done, nonce, end), end


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
        self._job = None  # the save under way: [phase, sealer, end, program, turns_done, nonce, start]

    # --- writing, in steps ----------------------------------------------------------------------
    # A save is begun in the frame that finished the turn (the state as JSON into the buffer, which
    # fixes what is saved), then sealed SEAL_STEP bytes a frame, then written to TMP, then renamed over
    # SAVE, each in a frame of its own: no frame carries the whole save. Until the rename the old
    # save stays whole, so a power cut at any moment loses at most the turn in progress.

    def begin(self, program, turns_done, state):
        """Start saving `state` (a save still under way is finished first)."""
        if self._job is not None:
            self.finish()
        self.nonce += 1
        end = _body_into(self.buf, state)
        self._job = [_SEALING, Sealer(self.key, self.nonce), end, program, turns_done, self.nonce, 0]

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
                if job[1].run(memoryview(self.buf)[HEADROOM:job[2]], SEAL_STEP):
                    job[0] = _WRITING
            elif job[0] == _WRITING:
                job[6] = _header_into(self.buf, job[3], job[4], job[5], job[2])
                self.storage.write(TMP, memoryview(self.buf)[job[6]:job[2]])
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
