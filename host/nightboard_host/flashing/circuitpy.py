"""Flashing a CircuitPython board: copying the firmware onto its CIRCUITPY drive.

A CircuitPython board shows up as a USB drive named CIRCUITPY; copying files to
it is how it is flashed, and the board restarts by itself when main.py changes.
CircuitPython cannot load MicroPython's .mpy files, so the sources are copied.
Only files whose content differs are written, nightboard/ files that no longer
belong are removed, the profile becomes /profile.json, and main.py goes last
so a half-finished copy leaves the previous main.py starting the previous code.
"""

import glob
import os
from pathlib import Path

NAME = "CIRCUITPY"
SEARCH = ("/media/*/%s" % NAME, "/run/media/*/%s" % NAME, "/media/%s" % NAME, "/Volumes/%s" % NAME)


def find_drives(patterns=SEARCH):
    """Mounted CIRCUITPY drives (boot_out.txt marks a real one)."""
    found = []
    for pat in patterns:
        for d in sorted(glob.glob(pat)):
            if os.path.isfile(os.path.join(d, "boot_out.txt")):
                found.append(d)
    return found


def _sources(firmware):
    fw = Path(firmware)
    files = {}
    for src in sorted((fw / "nightboard").rglob("*.py")):
        files[str(src.relative_to(fw))] = src.read_bytes()
    return files


def copy_firmware(drive, firmware, profile_bytes):
    """Copy what changed onto the drive; return (written, deleted, unchanged) counts."""
    drive = Path(drive)
    if not (drive / "boot_out.txt").is_file():
        raise OSError("%s does not look like a CIRCUITPY drive (no boot_out.txt)" % drive)
    files = _sources(firmware)
    files["profile.json"] = profile_bytes
    written = unchanged = 0
    for rel in sorted(files):
        if _put(drive / rel, files[rel]):
            written += 1
        else:
            unchanged += 1
    deleted = 0
    for old in sorted((drive / "nightboard").rglob("*.py")) if (drive / "nightboard").is_dir() else []:
        if str(old.relative_to(drive)) not in files:
            old.unlink()
            deleted += 1
    main = (Path(firmware) / "main.py").read_bytes()
    if _put(drive / "main.py", main):  # last: it restarts the board on the new code
        written += 1
    else:
        unchanged += 1
    return written, deleted, unchanged


def _put(path, data):
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)
    return True
