"""The Pico's hal, built from a validated board profile.

make_board_hal(profile) -> object with .pixels .buttons .clock .storage, and .encode_loop: the LED
encoder's loop compiled by viper at the start (native_encode.py).
Pixels use the PIO+DMA driver; when this MicroPython has no rp2.DMA (older than
1.21) or no DMA channel is free, they fall back to the blocking neopixel module
with a printed warning.
"""

from nightboard.hal import Hal
import rp2

from .rp2_buttons import GpioButtons, MatrixButtons
from .rp2_clock import Clock
from .rp2_storage import DEFAULT_DIR, FlashStorage
from .rp2_watchdog import Watchdog, reset_cause
from .rp2_ws2812 import NeoPixelFallback, Ws2812Dma


def _section(profile, name):
    try:
        sec = profile[name]
    except (KeyError, TypeError):
        raise ValueError("profile.%s is missing" % name)
    if not isinstance(sec, dict):
        raise ValueError("profile.%s must be an object" % name)
    return sec


def _need(sec, where, key):
    if key not in sec:
        raise ValueError("profile.%s.%s is missing" % (where, key))
    return sec[key]


def make_pixels(pin, count, sm_id=0):
    if hasattr(rp2, "DMA"):
        try:
            return Ws2812Dma(pin, count, sm_id)
        except OSError as e:
            print("nightboard: warning: PIO/DMA LED driver unavailable (%s); using blocking neopixel" % (e,))
    else:
        print("nightboard: warning: this MicroPython has no rp2.DMA; using blocking neopixel for the LEDs")
    return NeoPixelFallback(pin, count)


def make_buttons(spec):
    kind = _need(spec, "buttons", "kind")
    keys = _need(spec, "buttons", "keys")
    if kind == "gpio":
        return GpioButtons(keys, spec.get("pull", "up"))
    if kind == "matrix":
        return MatrixButtons(_need(spec, "buttons", "rows"), _need(spec, "buttons", "cols"), keys)
    raise ValueError("profile.buttons.kind must be 'gpio' or 'matrix', got %r" % (kind,))


def make_board_hal(profile, storage_dir=DEFAULT_DIR, sm_id=0):
    led = _section(profile, "led")
    pixels = make_pixels(_need(led, "led", "pin"), _need(led, "led", "count"), sm_id)
    buttons = make_buttons(_section(profile, "buttons"))
    import machine

    from nightboard.compat import forget_module

    from .native_encode import compiled

    loop = compiled()
    forget_module("nightboard.hal.native_encode")  # the loop's source text is needed no more
    return Hal(pixels, buttons, Clock(), FlashStorage(storage_dir), Watchdog(), reset_cause(), restart=restart,
               soft_reset=getattr(machine, "soft_reset", None), encode_loop=loop)


def restart():
    """machine.reset(): the RP2040 restarts through its watchdog, so the firmware sees a watchdog reset."""
    import machine

    machine.reset()
