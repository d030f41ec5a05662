"""The game in progress on the board's flash: saved safely, sealed, checked when read back.

A save file is a header line (JSON: format, program, turn count, nonce, the
body's length, CRC-32 and MAC) and a body: the game's whole state as JSON,
padded with zeros to BODY bytes and sealed (table/seal.py), so that no secret
is readable in the file and its length is the same for every game. It is written over
the old save by the storage's `replace`, so a power cut at any moment leaves either
the old save or the new one, never a broken one: on the board's littlefs that is one
write (a file is committed when it is closed), elsewhere a temporary file (TMP)
renamed over the old save (hal/files.py). A save that fails its checks is renamed aside
(game.bad1.json, game.bad2.json, ...), never deleted and never allowed to stop
the boot.

Reading one back is bounded before anything is parsed: a file larger than
the save buffer (no save can be) is refused by its size from os.stat, before
it is read; a header line longer than HEADROOM and a body nested deeper than
MAX_DEPTH are refused before json.loads. Whatever is in the file, loading it
cannot run the board out of memory.

Reading (decode, SaveStore.load) lives in table/save_open.py, imported only when a save is read and
dropped again after. The file is assembled in one buffer allocated when the table starts: the JSON
is copied into it and sealed in place. The board saves in steps, a bounded
part in each frame (SaveStore.begin/step), so a turn never freezes the table.
"""

from binascii import hexlify

from nightboard.compat import forget_module, json_dumps
from nightboard.table.seal import NONCE_BYTES, Keys, Sealer, crc32

SAVE = "game.json"
TMP = "game.tmp"
FORMAT = 3
HEADROOM = 200  # room before the body for the header line
BUFFER = 3072  # the largest game state seen in random play is about 1.1 KB; every save is this long
BODY = BUFFER - HEADROOM  # every save's body is this long, whatever the game: its size tells nothing
MAX_DEPTH = 16  # arrays/objects inside one another in a saved state (the games' states nest 2..4 deep)
SEAL_STEP = 256  # bytes sealed in one frame, of text or of padding: 2 to 5 ms, emulated Pico
# Sealing takes this many frames whatever the state's length (a short one waits out the rest): the frames
# after a save (the held one that collects its garbage) then fall at the same place for every game, and
# the length of the hidden facts cannot be read from when the picture pauses.
SEAL_FRAMES = (BODY + SEAL_STEP - 1) // SEAL_STEP + 1  # a text ending in a block: one more frame
_SEALING, _WRITING = 0, 1


def present(storage):
    """True when `storage` holds a save (or a torn write of one) to read; only the files' sizes are looked at."""
    return storage.size(SAVE) is not None or storage.size(TMP) is not None


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


def decode(data, key, buf=None):
    """(header, state) from a save file's bytes, or SaveError saying what is wrong with them
    (table/save_open.py: imported only to read a save)."""
    from nightboard.table.save_open import decode as _decode

    return _decode(data, key, buf)


def _forget_reader():
    """Drop save_open.py once a save is read (the board reads one at power-up, or after an error)."""
    forget_module("nightboard.table.save_open")


class SaveStore:
    """The board's save file. key: the board's own key (seal.board_key); random_bytes: the board's randomness,
    for each save's nonce (hal.random_bytes)."""

    def __init__(self, storage, key, random_bytes, size=BUFFER):
        self.storage = storage
        self.key = key  # None: the board's own (seal.board_key), read or made when first needed
        self._keys = None
        self.random_bytes = random_bytes
        self.buf = bytearray(max(size, BUFFER))
        self.writes = 0
        # the save under way: [phase, sealer, mac, crc, program, turns_done, nonce, start, frames sealing, sealed]
        self._job = None
        self._sealer = Sealer(part=SEAL_STEP)  # kept from save to save, with its buffers

    @property
    def keys(self):
        """The seal's keys; the board's key is read (or made, at the first save) only when one is needed, so
        that a power-up with no saved game writes nothing."""
        if self._keys is None:
            key = self.key
            if key is None:
                from nightboard.table.seal import board_key

                key = board_key(self.storage, self.random_bytes)
            self._keys = Keys(key)
        return self._keys

    # --- writing, in steps ----------------------------------------------------------------------
    # A save is begun in the frame that finished the turn (the state as JSON into the buffer, which
    # fixes what is saved), then sealed SEAL_STEP bytes a frame (its MAC and CRC taken as it goes), then
    # written over SAVE (storage.replace) in a frame of its own: no frame carries the whole save. Until
    # that write is committed the old save stays whole, so a power cut at any moment loses at most the
    # turn in progress.

    def begin(self, program, turns_done, state):
        """Start saving `state` (a save still under way is finished first)."""
        if self._job is not None:
            self.finish()
        nonce = bytes(self.random_bytes(NONCE_BYTES))
        text = _body_into(self.buf, state)
        sealer = self._sealer
        sealer.start(self.keys, nonce, text)
        self._job = [_SEALING, sealer, self.keys.mac_start(program, turns_done, nonce),
                     0, program, turns_done, nonce, 0, 0, False]

    @property
    def pending(self):
        return self._job is not None

    @property
    def on_flash_next(self):
        """True when the next step writes to the flash: the table holds its picture in that frame
        (table/app.py)."""
        job = self._job
        return job is not None and job[0] != _SEALING

    def step(self):
        """Do the next bounded part of the save under way; True when it is complete (or none was)."""
        job = self._job
        if job is None:
            return True
        try:
            if job[0] == _SEALING:
                job[8] += 1
                if not job[9]:
                    sealer = job[1]
                    was = sealer.pos
                    job[9] = sealer.run(memoryview(self.buf)[HEADROOM:], SEAL_STEP)
                    part = memoryview(self.buf)[HEADROOM + was:HEADROOM + sealer.pos]
                    job[2].update(part)
                    job[3] = crc32(part, job[3])
                if job[9] and job[8] >= SEAL_FRAMES:
                    job[0] = _WRITING
            else:
                job[7] = _header_into(self.buf, job[4], job[5], job[6], job[3], self.keys.mac_end(job[2]))
                self.storage.replace(SAVE, memoryview(self.buf)[job[7]:], TMP)
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
        """Drop the save under way; the old save stays (a temporary file a failed replace left is removed)."""
        job = self._job
        self._job = None
        if job is not None and job[0] == _WRITING:
            try:
                if self.storage.exists(TMP):
                    self.storage.remove(TMP)
            except OSError:
                pass

    def save(self, program, turns_done, state):
        """Save now, all steps at once."""
        self.begin(program, turns_done, state)
        self.finish()

    def present(self):
        """True when there is a save (or a torn write of one) to read; only the files' sizes are looked at."""
        return present(self.storage)

    def load(self):
        """(header, state) of the save, None when there is none; SaveError when it fails its checks
        (table/save_open.py)."""
        if not self.present():  # nothing to read: the reader is not even loaded
            return None
        from nightboard.table.save_open import load

        try:
            return load(self)
        finally:
            _forget_reader()

    def spare(self):
        """The save buffer, to open a save in, when no save is under way in it."""
        return self.buf if self._job is None else None

    def clear(self):
        if self.storage.exists(SAVE):
            self.storage.remove(SAVE)
