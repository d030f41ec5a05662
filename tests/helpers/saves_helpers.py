"""A board's flash for the save and boot tests: its key, a table booted on it, and damaged or oversized saves."""

import json

from nightboard.games import vampiring as V
from nightboard.hal.sim import make_sim_hal
from nightboard.table.saves import BODY, encode
from nightboard.table.seal import KEY_FILE, Keys, Sealer, crc32
from table_driver import Driver, profile

KEY = bytes(range(32))  # a board's key: boot() puts it in the storage it is given (KEY_FILE)
NONCE = bytes(8)
KB = 1024


def _sealed(body, nonce=NONCE):
    """A save file whose header is right for `body` (the plain JSON, padded and sealed here with the board's
    key, its MAC right too)."""
    keys = Keys(KEY)
    b = bytearray(body) + bytearray(max(0, BODY - len(body)))
    sealer = Sealer(keys, nonce, len(body))
    while not sealer.run(memoryview(b), len(b)):
        pass
    mac = keys.mac_start("vampiring", 0, nonce)
    mac.update(b)
    head = json.dumps({"nightboard_save": 3, "program": "vampiring", "turns_done": 0, "nonce": nonce.hex(),
                       "bytes": len(b), "crc32": "%08x" % crc32(b), "mac": keys.mac_end(mac).hex()}).encode()
    return head + b"\n" + bytes(b)


def _padded_save(total):
    """A save of `total` bytes whose header (length, checksum) is right for its body; the body is not
    sealed: its size alone must be enough to refuse it, before anything is read."""
    body = b" " * (total - 200)
    head = {"nightboard_save": 3, "program": "vampiring", "turns_done": 0, "nonce": NONCE.hex(), "bytes": len(body),
            "crc32": "%08x" % crc32(body), "note": ""}
    head["note"] = "x" * (total - len(body) - 1 - len(json.dumps(head)))
    return json.dumps(head).encode() + b"\n" + body


def save_cases():
    """Damaged, oversized and deeply nested saves by name, each as a board might find it on its flash."""
    good = encode("vampiring", 0, V.new_game(3, 2).to_json(), KEY, NONCE)
    head, body = good.split(b"\n", 1)
    flipped = bytearray(body)
    flipped[5] ^= 1
    cases = {
        "5000 brackets": b"[" * 5000 + b"\n",
        "nested 5000 deep": _sealed(b"[" * 5000 + b"]" * 5000),
        "nested 2800 deep, within a save's size": _sealed(b"[" * 1400 + b"]" * 1400),
        "truncated": good[: len(good) // 2],
        "wrong checksum": head + b"\n" + bytes(flipped),
        "binary garbage": bytes(range(256)) * 8,
        "empty": b"",
        "a header line 5000 long": b'{"nightboard_save": 2, "x": "' + b"a" * 5000 + b'"}\n{}',
        # sealed with the board's own key, and still not a game to resume
        "turns_done -5": encode("vampiring", -5, V.new_game(3, 2).to_json(), KEY, NONCE),
        "a game's state under the self-test's name": encode("selftest", 0, V.new_game(3, 2).to_json(), KEY, NONCE),
    }
    for size in (50, 100, 150, 300, 1024):
        cases["%d KB" % size] = _padded_save(size * KB)
    return cases


def boot(storage, reset_cause="power-on", name="ring4"):
    """A fresh table on the same flash, as after a power cut or a restart."""
    prof = profile(name)
    if not storage.exists(KEY_FILE):
        try:
            storage.write(KEY_FILE, KEY)
        except OSError:  # a read-only flash: the table makes a key for the time it runs
            pass
    hal = make_sim_hal(prof, storage=storage, reset_cause=reset_cause)
    d = Driver(None, name=name, hal=hal)
    d.table.tick()
    return d
