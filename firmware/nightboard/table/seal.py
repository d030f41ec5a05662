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

    Made for a Pico, where every Python operation costs microseconds and every object is garbage a
    collection must sweep: a part's keystream is hashed into one buffer kept from save to save, then its
    text is XOR-ed in one go as two long integers (in C), and the hashed message is one buffer whose
    counter is changed in place. What is left behind is each block's hash object and digest, and the
    part's integers. `start` makes the same Sealer seal the next save."""

    def __init__(self, keys=None, nonce=None, text=0, part=0):
        # Both buffers made now (a SaveStore makes its Sealer when the table starts, while the heap is in one
        # piece): the keystream of a part of `part` bytes, and the hashed message.
        self.ks = bytearray(part + 2 * BLOCK) if part else None
        self.msg = bytearray(BLOCK + NONCE_BYTES + 4)
        self.text = text
        self.pos = 0
        if keys is not None:
            self.start(keys, nonce, text)

    def start(self, keys, nonce, text):
        msg = self.msg
        n = len(keys.seal) + len(nonce) + 4
        if len(msg) != n:
            msg = self.msg = bytearray(n)
        msg[:n - 4] = keys.seal + nonce
        msg[n - 2] = msg[n - 1] = 0
        self.text = text
        self.pos = 0

    def _digest(self, c):
        m = self.msg  # its last two bytes stay 0: a body has fewer than 65536 blocks
        m[-4] = c & 0xFF
        m[-3] = c >> 8
        return hashlib.sha256(m).digest()

    def run(self, buf, n):
        """The next part of buf: up to n bytes of text (and the rest of the text's last block), or once the
        text is done up to n bytes of padding; True once buf is done."""
        i = self.pos
        size = len(buf)
        text = self.text
        if i < text:
            end = min(text, i + n)
            first = i // BLOCK
            stop = min(size, (end + BLOCK - 1) // BLOCK * BLOCK)  # the keystream to the end of end's block
            need = stop - first * BLOCK
            ks = self.ks
            if ks is None or len(ks) < need:
                ks = self.ks = bytearray(max(need, 2 * BLOCK))
            k = 0
            c = first
            while k < need:
                ks[k:k + BLOCK] = self._digest(c)
                k += BLOCK
                c += 1
            ksv = memoryview(ks)
            a = i - first * BLOCK
            if _WIDE:
                v = int.from_bytes(buf[i:end], "little") ^ int.from_bytes(ksv[a:a + end - i], "little")
                buf[i:end] = v.to_bytes(end - i, "little")
                v = None
            else:
                for j in range(end - i):
                    buf[i + j] ^= ks[a + j]
            if end == text:  # the rest of the text's last block: padding
                buf[end:stop] = ksv[end - i + a:stop - i + a]
                end = stop
            i = end
        else:
            end = min(size, i + n)
            while i < end:
                stop = min(size, i + BLOCK)
                if stop - i == BLOCK:
                    buf[i:stop] = self._digest(i // BLOCK)
                else:
                    buf[i:stop] = self._digest(i // BLOCK)[:stop - i]
                i = stop
        self.pos = i
        return i >= size
