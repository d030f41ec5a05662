"""The emulated Pico's USB host sends the board an OUT transfer only with bytes in it (emulation/quiet_usb.py).

rp2040py's own CDC host (rp2040py.usb.cdc.USBCDC) on a bare emulated RP2040, its clock moved by hand: the firmware's
armed OUT buffer waits while the host has nothing, is filled one read delay after bytes come with all of them,
and is forgotten at a reset. Skipped, saying why, without rp2040py.
"""

import pytest

pytest.importorskip("rp2040py", reason="the RP2040 emulator (rp2040py, the test extras) is not installed")

OUT = 2  # the CDC data interface's OUT endpoint, as MicroPython's descriptors give it


def _host():
    """(emulated RP2040, its quiet CDC host, [(emulated us, bytes) the host handed to the firmware's OUT buffer])."""
    from rp2040py.rp2040 import RP2040
    from rp2040py.usb.cdc import USBCDC

    from nightboard_host.emulation.quiet_usb import quiet

    mcu = RP2040()
    usb = mcu.usb_ctrl
    handed = []
    done = usb.endpoint_read_done

    def endpoint_read_done(endpoint, buffer, delay=None):
        handed.append((mcu.clock.nanos // 1000, bytes(buffer)))
        done(endpoint, buffer, delay)

    usb.endpoint_read_done = endpoint_read_done
    cdc = quiet(USBCDC(usb))
    cdc._out_endpoint = OUT  # as enumeration sets it from the firmware's descriptors
    return mcu, cdc, handed


def _run_us(mcu, us):
    """Move the emulated clock on by `us`, firing every alarm due on the way."""
    mcu.clock.tick(us * 1000)


def test_an_armed_buffer_waits_while_the_host_has_nothing_then_gets_the_bytes_that_came():
    mcu, cdc, handed = _host()
    mcu.usb_ctrl.on_endpoint_read(OUT, 64)  # the firmware arms its OUT buffer
    _run_us(mcu, 1000)
    assert handed == []  # rp2040py's own host hands over an empty buffer 10 us after it is armed
    for c in b'@nb {"req": "hello"}\n':
        cdc.send_serial_byte(c)
    assert handed == []  # not byte by byte: one read delay later, with all that came by then
    _run_us(mcu, 1000)
    assert handed == [(1010, b'@nb {"req": "hello"}\n')]
    assert cdc.tx_fifo.item_count == 0


def test_a_buffer_takes_at_most_its_size_and_bytes_already_there_fill_it_at_once():
    mcu, cdc, handed = _host()
    for c in b"0123456789":
        cdc.send_serial_byte(c)
    mcu.usb_ctrl.on_endpoint_read(OUT, 8)
    _run_us(mcu, 100)
    assert handed == [(0, b"01234567")]  # the rest for the next buffer the firmware arms
    mcu.usb_ctrl.on_endpoint_read(OUT, 8)
    assert handed[1:] == [(100, b"89")]


def test_a_reset_forgets_a_waiting_buffer():
    mcu, cdc, handed = _host()
    mcu.usb_ctrl.on_endpoint_read(OUT, 64)
    mcu.usb_ctrl.on_reset()  # a machine.reset(): the firmware's buffer is gone with its USB controller's state
    cdc._out_endpoint = OUT  # enumerated again, the buffer not yet armed again
    cdc.send_serial_byte(ord("y"))
    _run_us(mcu, 1000)
    assert handed == []  # a stale buffer would have been filled
    mcu.usb_ctrl.on_endpoint_read(OUT, 64)
    assert handed == [(1000, b"y")]
