"""The game in progress on the board's flash: saved safely, checked when read back.

A save is two lines: a header with the format, the payload's length and its
CRC-32, then the payload (JSON). It is written to a temporary file which is
then renamed over the old save, so a power cut at any moment leaves either
the old save or the new one, never a broken one (littlefs renames atomically).
A save that fails its check is renamed aside (game.bad1.json, game.bad2.json,
...) with the reason, never deleted and never allowed to stop the boot.
"""

import json

from nightboard.compat import json_dumps

SAVE = "game.json"
TMP = "game.tmp"
FORMAT = 1

try:
    from binascii import crc32
except ImportError:  # a MicroPython built without binascii.crc32
    def crc32(data, crc=0):
        crc ^= 0xFFFFFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
        return crc ^ 0xFFFFFFFF


class SaveError(ValueError):
    """A save file that cannot be trusted; the message says why."""


def encode(payload):
    body = json_dumps(payload).encode()
    header = json_dumps({"nightboard_save": FORMAT, "bytes": len(body), "crc32": crc32(body) & 0xFFFFFFFF})
    return header.encode() + b"\n" + body + b"\n"


def decode(data):
    """The payload of a save file's bytes, or SaveError saying what is wrong with them."""
    nl = data.find(b"\n")
    if nl < 0:
        raise SaveError("truncated: no header line")
    try:
        header = json.loads(data[:nl])
    except ValueError:
        raise SaveError("the header is not JSON")
    if not isinstance(header, dict) or "nightboard_save" not in header:
        raise SaveError("not a Nightboard save")
    if header["nightboard_save"] != FORMAT:
        raise SaveError("save format %r is not supported (this firmware reads format %d)"
                        % (header["nightboard_save"], FORMAT))
    body = data[nl + 1:]
    if body.endswith(b"\n"):
        body = body[:-1]
    if len(body) != header.get("bytes"):
        raise SaveError("truncated: %d of %r bytes" % (len(body), header.get("bytes")))
    if crc32(body) & 0xFFFFFFFF != header.get("crc32"):
        raise SaveError("checksum mismatch")
    try:
        payload = json.loads(body)
    except ValueError:
        raise SaveError("the game is not JSON")
    if not isinstance(payload, dict) or not isinstance(payload.get("program"), str) \
            or not isinstance(payload.get("state"), dict):
        raise SaveError("not a saved game (needs program and state)")
    return payload


class SaveStore:
    def __init__(self, storage):
        self.storage = storage
        self.writes = 0

    def save(self, payload):
        self.storage.write(TMP, encode(payload))
        self.storage.rename(TMP, SAVE)
        self.writes += 1

    def load(self):
        """The saved payload, None when there is none; SaveError when there is one that fails its checks.

        A leftover temporary file from a save cut short is removed (or, if the save itself is
        missing and the temporary file is whole, it is completed).
        """
        st = self.storage
        data = st.read(SAVE)
        tmp = st.read(TMP)
        if tmp is not None:
            if data is None:
                try:
                    decode(tmp)
                    st.rename(TMP, SAVE)
                    data = tmp
                except SaveError:
                    st.remove(TMP)
            else:
                st.remove(TMP)
        if data is None:
            return None
        return decode(data)

    def set_aside(self):
        """Rename a bad save out of the way; return its new name."""
        n = 1
        names = self.storage.listdir()
        while "game.bad%d.json" % n in names:
            n += 1
        name = "game.bad%d.json" % n
        self.storage.rename(SAVE, name)
        return name

    def clear(self):
        if self.storage.exists(SAVE):
            self.storage.remove(SAVE)
