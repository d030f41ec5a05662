"""Reading a save file back: its checks, in the order that keeps a hostile file harmless, then opening it.

Imported only when a save is read (at power-up, or going back to the saved game after an error) and
dropped again after (saves.SaveStore.load), so that a table at play holds none of this in RAM.
Everything is bounded before it is parsed: a file larger than the save buffer is refused by its size
(os.stat) before it is read; a header line longer than HEADROOM and a body nested deeper than
MAX_DEPTH are refused before json.loads; the MAC is checked before the body is opened.
"""

import hashlib
import json
from binascii import unhexlify

from nightboard.table.jsonguard import too_deep
from nightboard.table.saves import FORMAT, HEADROOM, MAX_DEPTH, SAVE, TMP, SaveError
from nightboard.table.seal import BLOCK, MAC_BYTES, NONCE_BYTES, Keys, crc32


def open_body(body, keys, nonce):
    """Open a sealed body in place; the length of its text (the plain body's first zero byte ends it).
    Only the text is XOR-ed: the padding is never needed in the clear."""
    prefix = keys.seal + nonce
    size = len(body)
    i = 0
    while i < size:
        ks = hashlib.sha256(prefix + (i // BLOCK).to_bytes(4, "little")).digest()
        for j in range(min(BLOCK, size - i)):
            b = body[i] ^ ks[j]
            if b == 0:
                return i
            body[i] = b
            i += 1
    return size


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
    if header["turns_done"] < 0:
        raise SaveError("turns_done must be 0 or more (got %d)" % header["turns_done"])
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


def _read(store, name):
    """The file's bytes, None when there is none; SaveError, before reading, when it is larger than
    any save (OSError when it cannot be read, a directory in its place for one)."""
    n = store.storage.size(name)
    if n is None:
        return None
    if n > len(store.buf):
        raise SaveError("too large for a save: %d bytes (a save is at most %d)" % (n, len(store.buf)))
    return store.storage.read(name)


def load(store):
    """(header, state) of the save, None when there is none; SaveError when it fails its checks.

    A leftover temporary file from a save cut short is removed (or, if the save itself is
    missing and the temporary file is whole, it is completed). One that cannot be a save is
    ignored (and removed when possible).
    """
    st = store.storage
    data = _read(store, SAVE)
    try:
        tmp = _read(store, TMP)
    except (SaveError, OSError):
        tmp = None
        try:
            st.remove(TMP)
        except OSError:
            pass
    if tmp is not None:
        if data is None:
            try:
                decode(tmp, store.keys, store.spare())
                st.rename(TMP, SAVE)
                data = tmp
            except SaveError:
                st.remove(TMP)
        else:
            st.remove(TMP)
    if data is None:
        return None
    return decode(data, store.keys, store.spare())
