"""Finding Pico boards on the USB serial ports (pyserial's port list)."""

import sys

# USB vendor/product ids of MicroPython on RP2040 boards (Raspberry Pi's vendor id 0x2E8A,
# product 0x0005 = MicroPython). Other MicroPython boards share the MicroPython product name.
PICO_IDS = {(0x2E8A, 0x0005)}


def list_ports():
    from serial.tools import list_ports as lp

    return list(lp.comports())


def is_micropython(port):
    if (port.vid, port.pid) in PICO_IDS:
        return True
    return "MicroPython" in (port.manufacturer or "") or "MicroPython" in (port.product or "")


def describe(port):
    ids = "%04x:%04x" % (port.vid, port.pid) if port.vid is not None else "no USB id"
    return "%s (%s, %s)" % (port.device, port.description or "?", ids)


def find_board(port=None, ports=None):
    """The serial device of the one MicroPython board, or raise LookupError with what was seen."""
    if port:
        return port
    ports = list_ports() if ports is None else ports
    boards = [p for p in ports if is_micropython(p)]
    if len(boards) == 1:
        return boards[0].device
    seen = "\n".join("  " + describe(p) for p in ports) or "  (no serial ports at all)"
    if not boards:
        raise LookupError("no Nightboard (a Pico running MicroPython) is connected.\n"
                          "Plug it in with a data USB cable, or give --port. Serial ports seen:\n" + seen)
    raise LookupError("several MicroPython boards are connected; choose one with --port:\n"
                      + "\n".join("  " + describe(p) for p in boards))


def flash_placeholder(port=None):
    try:
        device = find_board(port)
    except LookupError as e:
        print("nightboard flash: %s" % e, file=sys.stderr)
        return 1
    print("nightboard flash: found a board on %s, but flashing is not built yet (tracked as issue 4)." % device,
          file=sys.stderr)
    return 1
