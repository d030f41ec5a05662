"""How often littlefs reads the flash to write a save, counted on a filesystem image (the first save's stall,
docs/performance.md, "A board as users flash it").

littlefs finds free blocks by walking every directory and file of the filesystem, at the first block it
allocates after a mount. reads(image) mounts the image with littlefs-python set as MicroPython's VfsLfs2 is on
a Pico (reads of 32 B, programs of 256, a 1 KB cache, a 32-byte lookahead) and counts the reads of the
flash that each step makes: three writes of a save over /data/game.json one after the other, then, after a
fresh mount, the board's find_free (hal/rp2_storage.py: a file of SCAN_BYTES written and removed) and two
saves. `python -m nightboard_host.emulation.lfs_walk IMAGE` prints them (e.g. the cached image of
emulation/flashed.py).
"""

import sys

SAVE = "data/game.json"
SAVE_BYTES = 3072  # table/saves.py BUFFER: every save is this long


def _mount(image):
    from littlefs import LittleFS, UserContext

    class Counting(UserContext):
        def __init__(self, size):
            super().__init__(size)
            self.reads = 0
            self.bytes = 0
            self.blocks = set()

        def read(self, cfg, block, off, size):
            self.reads += 1
            self.bytes += size
            self.blocks.add(block)
            return super().read(cfg, block, off, size)

    from nightboard_host.emulation.pico_emu import FS_BLOCK

    ctx = Counting(len(image))
    ctx.buffer[:] = image
    fs = LittleFS(context=ctx, block_size=FS_BLOCK, block_count=len(image) // FS_BLOCK, read_size=32,
                  prog_size=256, cache_size=1024, lookahead_size=32, block_cycles=100, mount=True)
    return ctx, fs


def _counted(ctx, fn):
    r, b = ctx.reads, ctx.bytes
    ctx.blocks = set()
    fn()
    return {"reads": ctx.reads - r, "bytes": ctx.bytes - b, "blocks": len(ctx.blocks)}


def reads(image):
    """{step: {"reads", "bytes", "blocks"}} for the steps above (image: a littlefs image, bytes)."""
    from nightboard.hal.rp2_storage import SCAN, SCAN_BYTES

    def save(fs):
        def write():
            with fs.open(SAVE, "wb") as f:
                f.write(bytes(SAVE_BYTES))
        return write

    def find_free(fs):
        def scan():
            with fs.open("data/" + SCAN, "wb") as f:
                f.write(bytes(SCAN_BYTES))
            fs.remove("data/" + SCAN)
        return scan

    out = {}
    ctx, fs = _mount(image)
    for name in ("first save", "second save", "third save"):
        out[name] = _counted(ctx, save(fs))
    ctx, fs = _mount(image)
    out["find_free"] = _counted(ctx, find_free(fs))
    for name in ("first save after find_free", "second save after find_free"):
        out[name] = _counted(ctx, save(fs))
    return out


def main():
    with open(sys.argv[1], "rb") as f:
        got = reads(f.read())
    for name, c in got.items():
        print("%-28s %5d reads %8d bytes %4d blocks" % (name, c["reads"], c["bytes"], c["blocks"]))


if __name__ == "__main__":
    main()
