"""The board profile as flashing writes it (profile_bytes, validated first) and its check (profile_check): what
/profile.checked should hold, worked out by the firmware's own boot.py (board/profile_check.py) so that the
board's first boot after a flash need not validate."""

import json
import subprocess
import sys
import tempfile
from pathlib import Path

from nightboard_host.flashing.build import board_index
from nightboard_host.flashing.errors import FlashError
from nightboard_host.flashing.layout import CHECKED, MANIFEST
from nightboard_host.flashing.programs import program


def profile_bytes(profile):
    """The bytes of `profile` (a shipped name or a .json file), validated: a broken profile must not reach the
    board."""
    from nightboard.table.profile import ProfileError
    from nightboard_host.commands import play

    try:
        play.load(profile)
        return play.profile_path(profile).read_bytes()
    except ProfileError as e:
        raise FlashError(str(e))


def profile_check(fw, games, manifest, prof_bytes, have=None):
    """(bytes, same): what /profile.checked should hold on a board whose running slot has this manifest.json
    (bytes, as on the board) with this profile.json (bytes) and the firmware `fw` flashed with `games`,
    worked out by the firmware's own boot.py (board/profile_check.py); same is True when `have` (the board's
    check, bytes, or None) already says that. (None, False) when the board keeps no check (boot.py finds no key)
    or it could not be worked out here: the board then validates at its first boot, as it always did.
    FlashError when the firmware refuses the profile."""
    with tempfile.TemporaryDirectory(prefix="nightboard-check-") as tmp:
        d = Path(tmp)
        (d / "slot").mkdir()
        (d / "slot" / MANIFEST).write_bytes(manifest)
        (d / "profile.json").write_bytes(prof_bytes)
        if have is not None:
            (d / "board.checked").write_bytes(have)
        index = ""
        text = board_index(fw, games)
        if text is not None:
            (d / "games").mkdir()
            (d / "games" / "index.py").write_text(text)
            index = str(d / "games")
        try:
            argv = [sys.executable, "-I", "-B", "-c", program("profile_check"), str(Path(fw).resolve()), index, str(d)]
            proc = subprocess.run(argv, capture_output=True, text=True, timeout=120)
            said = json.loads(proc.stdout.strip().splitlines()[-1])
        except (OSError, subprocess.SubprocessError, ValueError, IndexError):
            return None, False
        if "refused" in said:
            raise FlashError("the firmware being flashed refuses this profile: %s" % said["refused"])
        if not said.get("made") or "/" + said.get("checked", "") != CHECKED:
            return None, False
        return (d / said["checked"]).read_bytes(), bool(said["same"])
