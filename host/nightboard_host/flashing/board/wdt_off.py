# RP2040 watchdog CTRL.ENABLE off: an old firmware's watchdog must not reset the board mid-flash.
import machine
machine.mem32[0x40058000] &= ~(1 << 30)
