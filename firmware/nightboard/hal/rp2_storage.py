"""The board's storage: files in one directory of the Pico's littlefs.

littlefs is copy-on-write and commits a file when it is closed: until then the
directory still names the file's old blocks, so writing a file over an old one
loses at most the write in progress when the power goes, the old content kept.
`replace` is therefore one write over a file that exists, with no temporary
file and no rename: one metadata commit a save instead of three (create,
close, rename). A file that does not exist yet is another matter: littlefs
commits a new, empty file when it is opened, so the first save of a game
still goes through `tmp` and a rename. Measured at
the emulated Pico's REPL, 40 saves of 3 KB in /data: a write over the file took
4.3 to 5.1 ms, 10.1 to 10.7 ms when littlefs compacted the directory (about
one in 16); a temporary file and a rename took 5 to 22.6 ms and 3 to 17.9 ms.

The first block littlefs allocates after the filesystem is mounted (at every power-up) costs more than the
write itself: littlefs then walks every directory and every file of the filesystem to learn which blocks
are free (its lookahead). On a board flashed as users flash it (two firmware slots, some 190 files) that
walk made the first save of a game a frame of 90 to 107 ms (docs/performance.md, "A board as users flash
it"). find_free() does that walk on purpose, by writing a small file (too large for littlefs to keep in
its directory) and removing it, in a frame that is long anyway: the one that starts a game, or the one
that reads a saved game at power-up.
"""

import os

from .files import DirStorage

DEFAULT_DIR = "/data"
SCAN = "free.scan"  # the file find_free writes and removes
SCAN_BYTES = 1024  # more than littlefs keeps inline in a directory on the Pico (512 B there): a block is allocated


class FlashStorage(DirStorage):
    def __init__(self, path=DEFAULT_DIR):
        DirStorage.__init__(self, path, create=True)

    def replace(self, name, data, tmp):
        if self.exists(name):
            self.write(name, data)  # atomic on littlefs (above)
        else:
            DirStorage.replace(self, name, data, tmp)

    def find_free(self):
        """Have littlefs find its free blocks now (see above): one small file written and removed."""
        self.write(SCAN, bytes(SCAN_BYTES))
        os.remove(self._p(SCAN))
