"""A USB host for the emulated Pico that sends the board bytes only when it has some, as a real host does.

rp2040py's CDC host (rp2040py.usb.cdc.USBCDC) fills every OUT buffer the firmware arms 10 us later, with nothing
in it when it has nothing to send. TinyUSB arms the buffer again at once, so the emulated RP2040 takes a USB
interrupt and runs MicroPython's USB task some 18,500 times an emulated second, the table idle in its menu. A real
host sends an OUT transfer only with data in it, and the board idles. Measured on the ROMFS image, grid8: a
game's start took 347.5 ms with that load and 264.8 ms without; a `memory` reply 52.0 and 36.9 ms; the emulator's
CPU time for an emulated second about halves.

It is PicoEmu's default since the PIO is kept on time through the core's sleep (pio_pace.py). Before that, once the
board really idled, rp2040py stepped a PIO state machine at most one instruction per idle jump of its clock, so the
WS2812 line the LEDs are decoded from came out wrong while the core slept through a frame's DMA, and rp2040py's busy
USB, by keeping the core awake, kept the line right. PicoEmu(quiet_usb=False) gives rp2040py's own host back.

`quiet(cdc)` changes one USBCDC so that an armed OUT buffer waits unanswered until bytes come
(send_serial_byte), then is filled one read delay later with all that came by then (as before, a read takes at
most the buffer's size; the firmware arms the next). A reset of the controller or of the bus forgets a waiting
buffer. `python -m nightboard_host.emulation.quiet_usb ARGS` is rp2040py's own command line (`rp2040py ARGS`)
with every USBCDC it makes changed so.
"""


def quiet(cdc):
    """Make the CDC host `cdc` send OUT transfers only with data (see the module's docstring)."""
    usb = cdc.usb
    fill = usb.on_endpoint_read
    state = {"armed": None, "due": False}

    def fill_armed():
        armed, state["armed"], state["due"] = state["armed"], None, False
        if armed is not None:
            fill(*armed)

    alarm = usb.rp2040.clock.create_alarm(fill_armed)

    def on_endpoint_read(endpoint, size):
        if endpoint == cdc._out_endpoint and not cdc.tx_fifo.item_count:
            state["armed"] = (endpoint, size)  # the firmware's buffer: filled when the host has bytes
        else:
            fill(endpoint, size)

    push = cdc.send_serial_byte

    def send_serial_byte(data):
        push(data)
        if state["armed"] is not None and not state["due"]:
            state["due"] = True  # the rest of these bytes come before it fires (the same thread)
            alarm.schedule(usb.read_delay_microseconds * 1000)

    def forgetting(hook):
        def forget():
            state["armed"], state["due"] = None, False
            alarm.cancel()
            if hook is not None:
                hook()

        return forget

    usb.on_endpoint_read = on_endpoint_read
    for name in ("on_reset", "on_reset_received", "on_usb_enabled"):
        setattr(usb, name, forgetting(getattr(usb, name)))
    cdc.send_serial_byte = send_serial_byte
    return cdc


def main():
    """rp2040py's command line, every CDC host it makes quiet."""
    from rp2040py.cli import main as rp2040py_main
    from rp2040py.usb import cdc as cdc_module

    made = cdc_module.USBCDC.__init__

    def init(self, *a, **kw):
        made(self, *a, **kw)
        quiet(self)

    cdc_module.USBCDC.__init__ = init
    return rp2040py_main()


if __name__ == "__main__":
    import sys

    sys.argv[0] = "rp2040py"
    sys.exit(main())
