"""The board's storage: files in one directory of the Pico's littlefs.

littlefs commits a file when it is closed and os.rename replaces the target
atomically, so the save-new-then-rename-over-old pattern loses at most the
save in progress when the power goes. DirStorage.write flushes and closes
before returning (and calls os.sync where the port has it).
"""

from .files import DirStorage

DEFAULT_DIR = "/data"


class FlashStorage(DirStorage):
    def __init__(self, path=DEFAULT_DIR):
        DirStorage.__init__(self, path, create=True)
