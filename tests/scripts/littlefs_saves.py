"""The table on the board's own filesystem (littlefs, VfsLfs2 on a 24 KB block device in RAM) and storage
(hal/rp2_storage.py), the flash filled up, freed, made read-only, then a corrupt save on a read-only flash;
prints one JSON line: what each step left (mode, save_failing, turns done and saved, the files).
"""

import json
import os
import vfs
from nightboard.hal.rp2_storage import FlashStorage
from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.saves import decode
from nightboard.table.tablefit import load_profile_once


class RamBlocks:  # a block device in RAM for littlefs (MicroPython's documented block protocol)
    def __init__(self, size, count):
        self.size = size
        self.data = bytearray(size * count)

    def readblocks(self, n, buf, off=0):
        a = n * self.size + off
        buf[:] = memoryview(self.data)[a:a + len(buf)]

    def writeblocks(self, n, buf, off=0):
        a = n * self.size + off
        self.data[a:a + len(buf)] = buf

    def ioctl(self, op, arg):
        if op == 4:
            return len(self.data) // self.size
        if op == 5:
            return self.size
        return 0


bdev = RamBlocks(512, 48)
vfs.VfsLfs2.mkfs(bdev)
vfs.mount(vfs.VfsLfs2(bdev), "/flash")
prof = load_profile_once("hardware/profiles/ring4.json")
st = FlashStorage("/flash")  # the board's: a save written over the last one, littlefs keeping the old until close
hal = make_sim_hal(prof, storage=st)
t = Table(prof, hal, {"game": "vampiring", "players": 2, "seed": 3})
for _ in range(60):  # the setup's save is written over the first frames
    if not t._save_due and not t.saves.pending:
        break
    hal.clock.advance(16)
    t.tick()
out = {"setup saved": st.exists("game.json")}


def fill(name):
    n = 0
    try:
        while True:
            with open("/flash/" + name % n, "wb") as f:
                f.write(b"x" * 512)
            n += 1
    except OSError as e:
        return e.args[0]


def turn():
    for f in (0, 1):
        t.play.confirm(f, hal.clock.ticks_ms())
    for _ in range(600):
        hal.clock.advance(16)
        t.tick()
        if t.play.turns_done and not t.play.animating() and not t._save_due and not t.saves.pending:
            break


KEY = st.read("board.key")
SPARE = bytearray(4096)
RAW = bytearray(4096)


def saved_turns():  # read into buffers made at the start: the 24 KB device takes much of this heap
    with open("/flash/game.json", "rb") as f:
        n = f.readinto(RAW)
    return decode(memoryview(RAW)[:n], KEY, SPARE)[0]["turns_done"]


out["filled"] = fill("keep%d.bin")
turn()
out["full"] = [t.mode, t.save_failing, t.play.turns_done, saved_turns()]
for n in os.listdir("/flash"):
    if n.startswith("keep"):
        os.remove("/flash/" + n)
turn()
out["room again"] = [t.save_failing, t.play.turns_done, saved_turns()]
fill("game.bad%d.json")
turn()
out["freed"] = [t.save_failing, t.play.turns_done, saved_turns(), sorted(os.listdir("/flash"))]
vfs.umount("/flash")
vfs.mount(vfs.VfsLfs2(bdev), "/flash", readonly=True)
turn()
out["read-only"] = [t.mode, t.save_failing, t.play.turns_done, saved_turns()]
vfs.umount("/flash")
vfs.mount(vfs.VfsLfs2(bdev), "/flash")
with open("/flash/game.json", "wb") as f:
    f.write(b"junk")
vfs.umount("/flash")
vfs.mount(vfs.VfsLfs2(bdev), "/flash", readonly=True)
t = None
t2 = Table(prof, make_sim_hal(prof, storage=st), None)
t2.tick()  # power-up: the first frame says a save is being read,
t2.tick()  # the second reads it
ms = 0
while t2.mode == "error" and ms < 10000:
    t2.hal.clock.advance(16)
    t2.tick()
    ms += 16
out["corrupt and read-only"] = [t2.mode, ms, t2.save_problem]
print(json.dumps(out))
