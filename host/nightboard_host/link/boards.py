"""Finding Pico boards on the USB serial ports (pyserial's port list)."""

# USB vendor/product ids of MicroPython on RP2040 boards (Raspberry Pi's vendor id 0x2E8A,
# product 0x0005 = MicroPython). Other MicroPython boards share the MicroPython product name.
PICO_IDS = {(0x2E8A, 0x0005)}
ADAFRUIT_VID = 0x239A  # CircuitPython boards (a Pico running CircuitPython shows up with it)
NO_MICROPYTHON = ("A Pico without MicroPython has no serial port: hold BOOTSEL while plugging it in, copy "
                  "MicroPython's UF2 onto the RPI-RP2 drive that appears (`nightboard docs flashing`), then flash again.")


def list_ports():
    from serial.tools import list_ports as lp

    return list(lp.comports())


def is_micropython(port):
    if (port.vid, port.pid) in PICO_IDS:
        return True
    return "MicroPython" in (port.manufacturer or "") or "MicroPython" in (port.product or "")


def describe(port):
    ids = "%04x:%04x" % (port.vid, port.pid) if port.vid is not None else "no USB id"
    note = ""
    if port.vid == ADAFRUIT_VID or "CircuitPython" in "%s %s" % (port.manufacturer or "", port.product or ""):
        note = " -- runs CircuitPython? Nightboard needs MicroPython"
    return "%s (%s, %s)%s" % (port.device, port.description or "?", ids, note)


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
                          "Plug it in with a data USB cable, or give --port. Serial ports seen:\n" + seen
                          + "\n" + NO_MICROPYTHON)
    raise LookupError("several MicroPython boards are connected; choose one with --port:\n"
                      + "\n".join("  " + describe(p) for p in boards))
