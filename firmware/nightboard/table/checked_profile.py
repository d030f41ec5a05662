"""The board's profile at boot, fully validated only when it or the firmware changed since the last check.

Validating a profile (table/profile.py, the firmware's biggest module) took 170 ms of a Pico's boot on the
emulated RP2040, every boot, for the same bytes. So once a profile passes, the board keeps what the
validator made of it in CHECKED beside it, under a key: the SHA-256 of the firmware slot's manifest (it
names every file of the firmware by its hash, so a new firmware or validator changes it) and of the
profile's bytes. At the next boot, the same key and an intact copy (its own SHA-256 inside) give that
profile without importing the validator. Anything else -- a changed, damaged or missing profile, a
damaged or foreign CHECKED, a board without a manifest (the virtual board, ROMFS) -- is validated in full,
so a bad profile is still refused with the validator's message (ProfileError).
"""

import hashlib
import json
import os
import sys

from nightboard.table.tablefit import load_profile_once

CHECKED = "profile.checked"
MANIFEST = "manifest.json"
MAX_BYTES = 16384  # a bigger file is left to the validator (it refuses files over its own limit)


def _read(path, limit):
    try:
        with open(path, "rb") as f:
            data = f.read(limit + 1)
    except OSError:
        return None
    return data if len(data) <= limit else None


def _hex(digest):
    return "".join("%02x" % b for b in digest)


def profile_key(path, slot=None):
    """The key of this profile with this firmware (a hex string), or None when there is none to trust."""
    slot = sys.path[0] if slot is None and sys.path else slot
    if not slot:
        return None
    manifest = _read(slot + "/" + MANIFEST, 65536)
    data = _read(path, MAX_BYTES)
    if not manifest or data is None:
        return None
    h = hashlib.sha256(manifest)
    h.update(b"\0")
    h.update(data)
    return _hex(h.digest())


def _cached(checked, key):
    data = _read(checked, 2 * MAX_BYTES)
    if not data:
        return None
    lines = data.split(b"\n", 2)
    if len(lines) != 3 or lines[0] != key.encode() or lines[1] != _hex(hashlib.sha256(lines[2]).digest()).encode():
        return None
    profile = json.loads(lines[2])
    return profile if isinstance(profile, dict) else None


def _remember(checked, key, profile):
    body = json.dumps(profile).encode()
    tmp = checked + ".new"
    with open(tmp, "wb") as f:
        f.write(key.encode() + b"\n" + _hex(hashlib.sha256(body).digest()).encode() + b"\n" + body)
    os.rename(tmp, checked)


def load_checked_profile(path, slot=None):
    """The profile at `path` as the validator returns it (ProfileError for a bad one, with its message)."""
    checked = path[:path.rfind("/") + 1] + CHECKED
    key = None
    try:
        key = profile_key(path, slot)
        if key is not None:
            profile = _cached(checked, key)
            if profile is not None:
                return profile
    except Exception:  # noqa: BLE001 - a damaged copy is never trusted: the profile is validated below
        pass
    profile = load_profile_once(path)
    if key is not None:
        try:
            _remember(checked, key, profile)
        except Exception:  # noqa: BLE001 - a full filesystem only means validating again at the next boot
            pass
    return profile
