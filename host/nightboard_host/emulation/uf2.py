"""What a MicroPython .uf2 for the RP2040 says about itself: the flash it writes, and the block devices its
binary info declares (the pico-sdk's `bi_decl`, what `picotool info` reads), among them the ROMFS partition of
a build with MICROPY_HW_ROMFS_BYTES. The emulated Pico places a ROMFS image where the image's own MicroPython
will look for it, and of the size it takes, instead of trusting a figure written down elsewhere."""

import struct
from pathlib import Path

XIP_BASE = 0x10000000
UF2_MAGIC = (0x0A324655, 0x9E5D5157)
BI_MARKER_START, BI_MARKER_END = 0x7188EBF2, 0xE71AA390
BI_TYPE_BLOCK_DEVICE = 7


class Uf2Error(ValueError):
    """The file is not a .uf2 this module can read; the message says what is wrong."""


def flash_bytes(path):
    """The flash content the .uf2 writes, from XIP_BASE (gaps filled with 0xff)."""
    data = Path(path).read_bytes()
    if not data or len(data) % 512:
        raise Uf2Error("%s is not a .uf2 (its size, %d B, is not a whole number of 512 B blocks)" % (path, len(data)))
    out = bytearray()
    for i in range(0, len(data), 512):
        m0, m1, _flags, addr, size = struct.unpack_from("<5I", data, i)
        if (m0, m1) != UF2_MAGIC or size > 476 or addr < XIP_BASE:
            raise Uf2Error("%s is not a .uf2 for the RP2040's flash (block %d)" % (path, i // 512))
        at = addr - XIP_BASE
        if len(out) < at + size:
            out.extend(b"\xff" * (at + size - len(out)))
        out[at:at + size] = data[i + 32:i + 32 + size]
    return bytes(out)


def block_devices(path):
    """{name: (flash offset, bytes)} of the block devices the image's binary info declares."""
    flash = flash_bytes(path)

    def word(addr):
        at = addr - XIP_BASE
        if not 0 <= at <= len(flash) - 4:
            raise Uf2Error("%s: its binary info points outside the image (0x%08x)" % (path, addr))
        return struct.unpack_from("<I", flash, at)[0]

    def text(addr):
        at = addr - XIP_BASE
        end = flash.index(b"\0", at)
        return flash[at:end].decode("ascii", "replace")

    for at in range(0, min(len(flash), 1024) - 20, 4):  # the header sits right after the boot stage 2
        marker, start, end, _mapping, marker_end = struct.unpack_from("<5I", flash, at)
        if marker == BI_MARKER_START and marker_end == BI_MARKER_END:
            break
    else:
        raise Uf2Error("%s has no binary info (not a pico-sdk build)" % path)
    found = {}
    for entry in range(start, end, 4):
        item = word(entry)
        if word(item) & 0xFFFF == BI_TYPE_BLOCK_DEVICE:
            name, address, size = word(item + 4), word(item + 8), word(item + 12)
            found[text(name) if name else ""] = (address - XIP_BASE, size)
    return found


def romfs_partition(path):
    """(flash offset, bytes) of the image's ROMFS partition, or None when its MicroPython has none."""
    return block_devices(path).get("ROMFS")
