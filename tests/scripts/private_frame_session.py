"""PART "cards": two twin card games on ring4 (seeds 5 and 6 at their start: the same public facts, other hands), seats 0
and 1 holding look: prints, for each, the protocol's `frame` reply and the raw frame as hex lines, then the heap a frame
allocates while seat 0 is played from a phone, as JSON. PART "vampiring": a VampiRing table whose family 0
holds look with the preview on, its raw frame and its `frame` reply. Run by
tests/runtime/test_private_frames.py under CPython and MicroPython."""

import gc
import json

from nightboard.hal.sim import make_sim_hal
from nightboard.hal.sim_serial import SimSerial
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once as load_profile_file
from nightboard.table.protocol import Protocol

prof = load_profile_file("hardware/profiles/ring4.json")


def _write(b):  # replies through print, as the frames are: one stream, in order on both interpreters
    print(str(bytes(b), "utf-8"), end="")


out = {}
if PART == "cards":  # noqa: F821 - put in front of this script by the test (a heap each)
    for k in range(2):
        hal = make_sim_hal(prof)
        t = Table(prof, hal, {"game": "vampire_cards", "players": 4, "seed": 5 + k})
        port = SimSerial(sink=_write)
        proto = Protocol(port)
        t.services.append(proto)
        hal.buttons.press(t.button_id(0, "look"))
        hal.buttons.press(t.button_id(1, "look"))
        tick(60, keep=False)  # noqa: F821 - session_frames, in front
        print_hex(t.frame.rgb)  # noqa: F821
        port.feed(b'@nb {"id": 1, "req": "frame"}\n')
        tick(2, keep=False)  # noqa: F821
        print()
        if k == 0:
            port.feed(b'@nb {"id": 2, "req": "seat", "seat": 0, "phone": true}\n')
            tick(2, keep=False)  # noqa: F821
            print()
            saved()  # noqa: F821
            tick(30, keep=False)  # noqa: F821
            out["phone_alloc"] = alloc_per_frame(30)  # noqa: F821
            print_hex(t.frame.rgb)  # noqa: F821
        t = proto = port = hal = None
        gc.collect()
else:
    # VampiRing with the preview on, family 0 holding look: the cards where its vampires could land are dark
    hal = make_sim_hal(prof)
    t = Table(prof, hal, {"game": "vampiring", "players": 3, "seed": 21})
    port = SimSerial(sink=_write)
    proto = Protocol(port)
    t.services.append(proto)
    hal.buttons.press(t.button_id(0, "look"))
    tick(40, keep=False)  # noqa: F821
    print_hex(t.frame.rgb)  # noqa: F821
    port.feed(b'@nb {"id": 3, "req": "frame"}\n')
    tick(2, keep=False)  # noqa: F821
    print()
print(json.dumps(out))
