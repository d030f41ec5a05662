# Whether the board has a ROMFS partition and its size, as JSON (flashing/romfs.py).
import json
# (a dict of a bool and, with ROMFS, an int)
r = {"rom": False}  # type: dict
try:
    import vfs
    if hasattr(vfs, "rom_ioctl") and vfs.rom_ioctl(1) > 0:
        dev = vfs.rom_ioctl(2, 0)
        if not isinstance(dev, int):
            r["rom"] = True
            r["size"] = dev.ioctl(4, 0) * dev.ioctl(5, 0) if hasattr(dev, "ioctl") else len(dev)
except ImportError:
    pass
print(json.dumps(r))
