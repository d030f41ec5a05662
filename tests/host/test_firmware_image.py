"""The MicroPython image the project ships (hardware/micropython/): the file its checksum names, the partition
build.sh asks for, MicroPython's code below it, the stock filesystem above it; and emulation/uf2.py, which
reads all that from the image itself, refusing what is not a .uf2."""

import hashlib
import re
from pathlib import Path

import pytest

from nightboard_host.emulation import pico_pty, uf2

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "hardware" / "micropython"
IMAGE = HERE / pico_pty.IMAGES[True][1]


def test_the_shipped_image_is_the_one_its_checksum_and_readme_name():
    digest = hashlib.sha256(IMAGE.read_bytes()).hexdigest()
    assert (HERE / "SHA256SUMS").read_text().split() == [digest, IMAGE.name]
    assert "| %s | `%s` |" % (IMAGE.name, digest) in (HERE / "README.md").read_text()


def test_the_image_has_the_partition_build_sh_asks_for_and_the_stock_filesystem():
    script = (HERE / "build.sh").read_text()
    kb = {k: int(re.search(r"^%s=(\d+)" % k, script, re.M).group(1)) for k in ("ROMFS_KB", "STORAGE_KB", "FLASH_KB")}
    devices = uf2.block_devices(IMAGE)
    start, size = devices["ROMFS"]
    fs_start, fs_size = devices["MicroPython"]
    assert size == kb["ROMFS_KB"] * 1024 and fs_size == kb["STORAGE_KB"] * 1024
    assert start + size == fs_start and fs_start + fs_size == kb["FLASH_KB"] * 1024  # ROMFS right below the filesystem
    code = uf2.flash_bytes(IMAGE)
    assert len(code) <= start  # MicroPython's code ends below the partition (the linker does not check it)
    try:
        stock = pico_pty.find_image(False)
    except pico_pty.PicoUnavailable:
        stock = None
    if stock is not None:
        assert uf2.block_devices(stock) == {"MicroPython": (fs_start, fs_size)}  # the stock image's filesystem
        assert uf2.romfs_partition(stock) is None


def test_the_emulated_pico_takes_the_shipped_image_for_romfs(monkeypatch):
    monkeypatch.delenv("NIGHTBOARD_PICO_ROMFS_UF2", raising=False)
    assert pico_pty.find_image(True) == IMAGE.resolve()


@pytest.mark.parametrize("data, said", [
    (b"", "not a whole number of 512 B blocks"),
    (b"\0" * 700, "not a whole number of 512 B blocks"),
    (b"\0" * 512, "not a .uf2 for the RP2040's flash (block 0)"),
])
def test_what_is_not_a_uf2_is_refused_saying_why(tmp_path, data, said):
    bad = tmp_path / "bad.uf2"
    bad.write_bytes(data)
    with pytest.raises(uf2.Uf2Error, match=re.escape(said)):
        uf2.block_devices(bad)


def test_a_uf2_without_binary_info_is_refused_saying_why(tmp_path):
    import struct

    block = struct.pack("<8I", 0x0A324655, 0x9E5D5157, 0, uf2.XIP_BASE, 256, 0, 1, 0) + b"\0" * 476 \
        + struct.pack("<I", 0x0AB16F30)
    (tmp_path / "blank.uf2").write_bytes(block)
    with pytest.raises(uf2.Uf2Error, match="has no binary info"):
        uf2.romfs_partition(tmp_path / "blank.uf2")
