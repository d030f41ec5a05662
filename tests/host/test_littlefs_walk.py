"""The first save's stall and its fix, shown by littlefs itself (emulation/lfs_walk.py): on a filesystem holding
a firmware's worth of files, the first block littlefs allocates after a mount reads the whole filesystem, and
the board's find_free (hal/rp2_storage.py) takes that walk, so that the first save then costs what any save
costs (docs/performance.md, "A board as users flash it")."""

import pytest

littlefs = pytest.importorskip("littlefs")

from nightboard_host.emulation.lfs_walk import SAVE, SAVE_BYTES, reads  # noqa: E402

BLOCK = 4096
BLOCKS = 352  # the stock Pico build's filesystem


def _image():
    """A firmware slot's worth of files, written one by one through temporary names as `nightboard flash`
    does, and a save."""
    from littlefs import LittleFS, UserContext

    fs = LittleFS(context=UserContext(buffsize=BLOCK * BLOCKS), block_size=BLOCK, block_count=BLOCKS,
                  prog_size=256, disk_version=0x00020000)
    for d in ("nightboard.a", "nightboard.a/nightboard", "nightboard.a/nightboard/games", "data"):
        fs.mkdir(d)
    for k in range(90):
        where = "nightboard.a/nightboard/games" if k % 3 else "nightboard.a/nightboard"
        with fs.open("%s/m%02d.mpy.nbnew" % (where, k), "wb") as f:
            f.write(bytes([k]) * (700 + 37 * k))
        fs.rename("%s/m%02d.mpy.nbnew" % (where, k), "%s/m%02d.mpy" % (where, k))
    with fs.open(SAVE, "wb") as f:
        f.write(bytes(SAVE_BYTES))
    fs.unmount()
    return bytes(fs.context.buffer)


def test_the_first_block_after_a_mount_walks_the_filesystem_and_find_free_takes_the_walk():
    got = reads(_image())
    first, later = got["first save"]["reads"], got["second save"]["reads"]
    assert first > 20 * later and got["third save"]["reads"] == later  # the walk, once a mount
    assert got["first save"]["blocks"] > got["second save"]["blocks"]
    walk, after = got["find_free"]["reads"], got["first save after find_free"]["reads"]
    assert walk >= first and after <= 2 * later  # find_free's 1 KB file is not kept inline: it allocates
    assert got["second save after find_free"]["reads"] <= 2 * later
