"""Put in front of a program to import the firmware from a ROMFS image (IMAGE: its path, put in front of this)
mounted at /rom, as on a board whose MicroPython has a ROMFS partition: the bytecode stays in the image (in flash on
the board), not in the heap. The image is read before the program's first heap reading."""

import sys, vfs
_f = open(IMAGE, 'rb')
_IMAGE = _f.read()
_f.close()
vfs.mount(vfs.VfsRom(_IMAGE), '/rom')  # pyright: ignore[reportAttributeAccessIssue]
sys.path.insert(0, '/rom')
