"""Sealing a game's hidden facts in its save file: what it promises, and how.

What it promises. Whoever holds the board's REPL (Ctrl-C over USB, mpremote) can read its memory and
its files, this key included, so nothing here protects a secret against them; the per-board key keeps
a save file copied off the board unreadable, and unalterable unnoticed, anywhere else. (A game resumed
after the REPL had the board says so to the players: table/repl_mark.py.)

How. Each board makes its own random key at first boot (KEY_BYTES from hal.random_bytes, kept in
KEY_FILE beside the saves). A save's body is the state's JSON followed by zero bytes up to a fixed
size (saves.BODY: every save of every game is as long as every other, so its length tells nothing),
XOR-ed with SHA-256 in counter mode: block i of the keystream is sha256(seal key + nonce + i), the
nonce random for every save. Knowing some of the plaintext (it begins with `{"`) gives those bytes
of the keystream and nothing else. An HMAC-SHA256 over the header's facts and the sealed body, cut to
MAC_BYTES, tells a file sealed with another board's key (or altered) from this board's own.

Only hashlib.sha256(data), .update() and .digest() are used: MicroPython's hashlib has no .copy() on
some ports, so nothing relies on it.
"""

import hashlib

try:
    from binascii import crc32  # pyright: ignore[reportAssignmentType]  the fallback below has the same call shape
except ImportError:  # a MicroPython built without binascii.crc32
    def crc32(data, crc=0):
        crc ^= 0xFFFFFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
        return crc ^ 0xFFFFFFFF

KEY_FILE = "board.key"
KEY_BYTES = 32
NONCE_BYTES = 8
MAC_BYTES = 16
BLOCK = 32  # bytes of keystream per SHA-256

try:  # a block XOR-ed as two integers needs 256-bit ones (the rp2 and unix ports; not a "long long" build)
    _WIDE = int.from_bytes(b"\xff" * BLOCK, "little") == (1 << (8 * BLOCK)) - 1
except (OverflowError, ValueError):
    _WIDE = False


def board_key(storage, random_bytes):
    """The board's own key: read from KEY_FILE, or made from the board's randomness and kept there at first
    boot. A flash that cannot keep it (read-only) gets a key for this power-up only: no save can be
    written there either. A key file of the wrong size is replaced (the saves it sealed are then set
    aside as another board's)."""
    try:
        k = storage.read(KEY_FILE)
    except (OSError, ValueError):
        k = None
    if k is not None and len(k) == KEY_BYTES:
        return bytes(k)
    k = bytes(random_bytes(KEY_BYTES))
    try:
        storage.write(KEY_FILE, k)
    except OSError:
        pass
    return k


class Keys:
    """The two keys a board key gives: one seals, one signs (HMAC's inner and outer pads, made once)."""

    def __init__(self, key):
        self.seal = hashlib.sha256(b"nightboard seal\x00" + key).digest()
        mac = hashlib.sha256(b"nightboard mac\x00" + key).digest() + bytes(32)
        self.ipad = bytes([b ^ 0x36 for b in mac])
        self.opad = bytes([b ^ 0x5C for b in mac])

    def mac_start(self, program, turns_done, nonce):
        """An HMAC under way over the header's facts; the sealed body is added with .update()."""
        h = hashlib.sha256(self.ipad)
        h.update(("%s:%d:" % (program, turns_done)).encode())
        h.update(nonce)
        return h

    def mac_end(self, h):
        return hashlib.sha256(self.opad + h.digest()).digest()[:MAC_BYTES]


class Sealer:
    """Seal (or open) a body in place, a bounded part at a time: its first `text` bytes are XOR-ed with the
    keystream for (keys, nonce); the rest, zeros in the plain body, receive the keystream itself.

    Made for a Pico: a whole block of text is XOR-ed as two long integers (in C, about 30 times faster
    than a byte loop in Python), and the hashed message is one buffer whose counter is changed in place,
    so each block leaves only the hash object and its digest behind."""

    def __init__(self, keys, nonce, text):
        self.msg = bytearray(keys.seal + nonce + bytes(4))
        self.text = text
        self.pos = 0

    def _block(self, i):
        c = i // BLOCK
        m = self.msg
        n = len(m)
        m[n - 4] = c & 0xFF
        m[n - 3] = (c >> 8) & 0xFF
        m[n - 2] = c >> 16
        return hashlib.sha256(m).digest()

    def run(self, buf, n):
        """The next part of buf: up to n bytes of text, or once the text is done up to 4*n bytes of padding;
        True once buf is done."""
        i = self.pos
        size = len(buf)
        text = self.text
        if i < text:
            end = min(text, i + n)
            while i < end:
                ks = self._block(i)
                j = i % BLOCK
                if _WIDE and j == 0 and i + BLOCK <= end:
                    v = int.from_bytes(buf[i:i + BLOCK], "little") ^ int.from_bytes(ks, "little")
                    buf[i:i + BLOCK] = v.to_bytes(BLOCK, "little")
                    i += BLOCK
                    continue
                stop = min(end, i + BLOCK - j)
                while i < stop:
                    buf[i] ^= ks[j]
                    i += 1
                    j += 1
                if i == text and j < BLOCK:  # the rest of the text's last block: padding
                    stop = min(size, i + BLOCK - j)
                    buf[i:stop] = ks[j:j + stop - i]
                    i = stop
        else:
            end = min(size, i + 4 * n)
            while i < end:
                stop = min(size, i + BLOCK)
                buf[i:stop] = self._block(i)[:stop - i]
                i = stop
        self.pos = i
        return i >= size
