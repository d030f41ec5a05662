"""What the board runs (BoardInfo, read by board/info.py) and what Nightboard needs of it: MicroPython MIN_VERSION or
newer with .mpy files of MPY_MAJOR, on a Pico; install() tells a maker where to get it."""

from nightboard_host.flashing.errors import FlashError

MIN_VERSION = (1, 22, 0)  # MicroPython on the board: the GUIDE's 1.22..1.28, rp2.DMA, .mpy v6.2+
MPY_MAJOR = 6
UF2_URL = "https://micropython.org/download/RPI_PICO/"
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp", "xtensa",
         "xtensawin", "rv32imc", "rv64imc")
INSTALL = ("Nightboard needs MicroPython %d.%d or newer on the Pico: hold BOOTSEL while plugging it in and "
           "copy the UF2 from %s (Pico W: RPI_PICO_W) onto the RPI-RP2 drive that appears; the flashing guide: `nightboard docs flashing`")


def install():
    return INSTALL % (MIN_VERSION[0], MIN_VERSION[1], UF2_URL)


class BoardInfo:
    def __init__(self, impl, version, mpy, platform, machine):
        self.impl, self.version, self.mpy, self.platform, self.machine = impl, tuple(version), mpy, platform, machine

    @property
    def mpy_major(self):
        return self.mpy & 0xFF if self.mpy is not None else None

    @property
    def mpy_sub(self):
        return (self.mpy >> 8) & 3 if self.mpy is not None else None

    @property
    def arch(self):
        a = (self.mpy >> 10) if self.mpy is not None else 0
        return ARCHS[a] if 0 < a < len(ARCHS) else None

    def version_text(self):
        return ".".join(str(v) for v in self.version)

    def describe(self):
        return "%s %s on %s (%s)" % (self.impl, self.version_text(), self.platform, self.machine or "?")


def check_board(info):
    """FlashError naming what to install when the board cannot run Nightboard."""
    if info.impl != "micropython":
        raise FlashError("the board runs %s %s, not MicroPython. %s" % (info.impl, info.version_text(), install()))
    if info.version < MIN_VERSION or info.mpy is None or info.mpy_major != MPY_MAJOR:
        raise FlashError("the board's MicroPython %s is too old. %s" % (info.version_text(), install()))
    if info.platform not in ("rp2", "linux", "darwin"):
        raise FlashError("the board is a MicroPython %s board (%s), not a Raspberry Pi Pico: Nightboard drives "
                         "its LEDs through the RP2040's PIO" % (info.platform, info.machine or "?"))
