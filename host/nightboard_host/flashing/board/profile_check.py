# Run by the host's own Python in a process of its own (flashing/profile_check.py), not by the board: the firmware
# being flashed (its source: the same code as the .mpy files), with the board's index of games in front of the
# firmware's own. boot.py's load_checked on a directory laid out as the board's (d/profile.json, the slot d/slot
# with its manifest.json) validates the profile, works out the start menu's games and writes d/profile.checked,
# the file the board's first boot would write. A check the board holds (d/board.checked) is read back by boot.py
# too: the same key and contents (JSON formatting aside: the board's json writes its own) mean nothing to write.
import json
import sys
fw, index, d = sys.argv[1:4]
sys.path.insert(0, fw)
import nightboard.games  # noqa: E402 (the firmware goes on the path first)
if index:
    nightboard.games.__path__.insert(0, index)
from nightboard import boot  # noqa: E402 (the firmware goes on the path first)
from nightboard.table.tablefit import ProfileError  # noqa: E402 (the firmware goes on the path first)
key = boot.profile_key(d + "/profile.json", d + "/slot")
try:
    boot.load_checked(d + "/profile.json", d + "/slot")
except ProfileError as e:
    print(json.dumps({"refused": str(e)}))
    sys.exit(0)
def kept(name):
    try:
        return boot._cached(d + "/" + name, key)
    except Exception:
        return None
new = kept(boot.CHECKED) if key else None
print(json.dumps({"checked": boot.CHECKED, "made": new is not None, "same": new is not None and kept("board.checked") == new}))
