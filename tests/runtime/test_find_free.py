"""The flash's free blocks are found once a power-up, in a frame that is long anyway (issue 44).

littlefs walks the whole filesystem at the first block it allocates after a mount; on a board flashed as
users flash it that made the first save's write a frame of 90 to 107 ms (docs/performance.md, "A board as
users flash it"). The table has the storage do that walk (find_free) in the frame that starts a game or
reads a saved game at power-up, and only once; the board's storage does it by a small write it removes.
"""

from nightboard.hal.sim import MemStorage, make_sim_hal
from nightboard.table.saves import SAVE
from saves_helpers import boot
from table_driver import Driver, profile

START = {"game": "vampiring", "players": 2, "seed": 5}


class CountingStorage(MemStorage):
    """The simulated flash, saying when the table asked it to find its free blocks and when it wrote."""

    def __init__(self, files=None):
        MemStorage.__init__(self, files)
        self.log = []

    def find_free(self):
        self.log.append("find_free")

    def replace(self, name, data, tmp=None):
        self.log.append("replace " + name)
        MemStorage.replace(self, name, data, tmp)


def _driver(storage):
    prof = profile()
    return Driver(None, hal=make_sim_hal(prof, storage=storage))


def test_the_frame_that_starts_a_game_finds_the_free_blocks_once_before_any_save_is_written():
    storage = CountingStorage()
    d = _driver(storage)
    assert storage.log == []  # the menu writes nothing, and finds nothing
    d.table.start_game(dict(START))
    assert storage.log == ["find_free"]  # in the start's own frame, before the first save's write
    d.frames(40)
    assert storage.log == ["find_free", "replace " + SAVE]
    d.table.start_game(dict(START, seed=6))  # a second game since power-up: nothing to find again
    d.frames(40)
    assert storage.log == ["find_free", "replace " + SAVE, "replace " + SAVE]


def test_reading_a_saved_game_at_power_up_finds_the_free_blocks_in_that_held_frame():
    from nightboard.table.app import HELD_READ

    first = _driver(MemStorage())
    first.table.start_game(dict(START))
    first.frames(40)
    storage = CountingStorage(dict(first.hal.storage.files))
    hal = make_sim_hal(profile(), storage=storage)
    from nightboard.table.app import Table

    t = Table(profile(), hal)
    t.tick()
    assert storage.log == []  # the first frame says the save is being read
    t.tick()
    assert t.held == HELD_READ and t.mode == "resume_ask" and storage.log == ["find_free"]
    d = boot(storage)  # and a power-up that resumes it then saves the next turn finds nothing twice
    assert d.table.mode == "resume_ask"


def test_a_flash_that_cannot_find_its_free_blocks_still_saves_and_says_nothing_more():
    class Refusing(CountingStorage):
        def find_free(self):
            self.log.append("find_free")
            raise OSError(28, "no space")

    storage = Refusing()
    d = _driver(storage)
    d.table.start_game(dict(START))
    d.frames(40)
    assert storage.log == ["find_free", "replace " + SAVE]
    assert d.table.save_failing is None and storage.exists(SAVE)


def test_the_boards_storage_finds_free_blocks_by_a_write_it_removes(tmp_path):
    from nightboard.hal import rp2_storage

    s = rp2_storage.FlashStorage(str(tmp_path / "flash"))
    s.write(SAVE, b"kept")
    written = []
    write = s.write
    s.write = lambda name, data: (written.append((name, len(bytes(data)))), write(name, data))
    s.find_free()
    # more than littlefs keeps inline in its directory on the Pico (at most 512 B: an eighth of a block, its
    # cache 1 KB with progsize 256): a block is allocated
    assert written == [(rp2_storage.SCAN, rp2_storage.SCAN_BYTES)] and rp2_storage.SCAN_BYTES > 512
    assert s.listdir() == [SAVE] and s.read(SAVE) == b"kept"  # and nothing else is left or changed
