"""The board's filesystem as `nightboard flash` leaves it (everything else on it, /data with the saved games
included, is left alone):

    /main.py                   the loader: runs the slot it names (written last, temp + rename)
    /profile.json              the board profile (temp + rename, just before the loader)
    /profile.checked           the profile's check (boot.py), as the board's first boot would write it
                               (temp + rename, after the profile and before the loader)
    /nightboard.a/, .b/        two slots: main.py, nightboard/**.mpy, manifest.json

A slot's manifest.json (path -> sha256 and size) is written after every file of the slot is in place and
checked, and removed before the slot is changed (flashing/sync.py).
"""

import hashlib
import json
import re

SLOTS = ("/nightboard.a", "/nightboard.b")
LOADER = "/main.py"
PROFILE = "/profile.json"
CHECKED = "/profile.checked"  # the profile's check: boot.py's CHECKED, beside the profile
MANIFEST = "manifest.json"
TMP = ".nbnew"  # suffix of a file being written before its rename
LEGACY = "/nightboard"  # the package copied by hand to the root (README before flashing existed)

# /main.py's bytes (a template, not a program the host runs): the board runs what it names at every start.
LOADER_TEXT = '''# Nightboard boot loader, written by `nightboard flash` (firmware %(version)s). Do not edit:
# the firmware runs from %(slot)s; the other slot holds the previous one or a half-written update.
import sys
sys.path.insert(0, "%(slot)s")
with open("%(slot)s/main.py") as f:
    code = compile(f.read(), "%(slot)s/main.py", "exec")
del f
exec(code)
'''
LOADER_SLOT = re.compile(r'sys\.path\.insert\(0, "(/nightboard\.[ab])"\)')


def parse_manifest(text):
    """A slot's manifest.json (text) as a dict, or None when it is missing or not one."""
    if not text:
        return None
    try:
        m = json.loads(text)
        files = m["files"]
        if m.get("format") != 1 or not isinstance(files, dict):
            return None
        for rel in files:
            sha, size = files[rel]
            if not isinstance(sha, str) or not isinstance(size, int):
                return None
        return m
    except (ValueError, KeyError, TypeError):
        return None


def manifest_text(version, mpy, files):
    """The manifest.json of a slot holding `files` ({slot path: bytes}) of firmware `version` for .mpy `mpy`."""
    body = {"format": 1, "firmware": version, "mpy": mpy,
            "files": {rel: [hashlib.sha256(files[rel]).hexdigest(), len(files[rel])] for rel in sorted(files)}}
    return json.dumps(body, indent=0, sort_keys=True) + "\n"
