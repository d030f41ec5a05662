"""The CircuitPython/Blinka hal (hal/cp_backend.py) on Adafruit's real neopixel and adafruit_pixelbuf.

Only the lowest layer is replaced: tests/fakes_cp/ (board, digitalio,
neopixel_write, microcontroller) go first on sys.path for each test, ahead of
Blinka's modules of the same names, and sys.modules is restored afterwards.
The bytes neopixel_write receives must be exactly the Encoder's wire buffer,
and the same as what the MicroPython backend (NeoPixelFallback) sends.
"""

import json
import os
import shutil
import sys
import types

import pytest

import fakes
from mpy_harness import ROOT, run_mpy_json
from nightboard.table.frame import GAMMA8, Encoder, Frame
from nightboard.table.profile import ProfileError, load_profile

FAKES_CP_DIR = str(ROOT / "tests" / "fakes_cp")
PROFILES = ROOT / "hardware" / "profiles"
_SWAPPED = ("board", "digitalio", "neopixel_write", "microcontroller", "neopixel", "adafruit_pixelbuf",
            "keypad", "nightboard.hal.cp_backend")


def _profile(name, **extra):
    d = json.loads((PROFILES / (name + ".json")).read_text())
    d.update(extra)
    return load_profile(d)


@pytest.fixture
def cp():
    """The doubles and Adafruit's real neopixel, imported fresh; everything put back afterwards."""
    saved_mods = {n: sys.modules.pop(n) for n in _SWAPPED if n in sys.modules}
    saved_path = list(sys.path)
    sys.path[:] = [FAKES_CP_DIR] + [p for p in sys.path if os.path.abspath(p) != fakes.FAKES_DIR]
    try:
        import board
        import digitalio
        import neopixel
        import neopixel_write

        from nightboard.hal import cp_backend

        assert board.__file__.startswith(FAKES_CP_DIR) and digitalio.__file__.startswith(FAKES_CP_DIR)
        assert "fakes" not in neopixel.__file__  # Adafruit's, from site-packages
        digitalio.reset()
        del neopixel_write.WRITES[:]
        yield types.SimpleNamespace(board=board, digitalio=digitalio, neopixel=neopixel, wire=neopixel_write,
                                    cp=cp_backend)
    finally:
        for n in _SWAPPED:
            sys.modules.pop(n, None)
        sys.modules.update(saved_mods)
        sys.path[:] = saved_path


def _white_frame(profile):
    f = Frame(profile["led"]["count"])
    f.fill(255, 255, 255)
    return f


def _colour_frame(profile):
    f = Frame(profile["led"]["count"])
    for i in range(f.n):
        f.set(i, (7 * i) % 256, (13 * i + 50) % 256, (29 * i + 100) % 256)
    return f


def _micropython_backend_bytes(profile, wire):
    """What hal/rp2_ws2812.NeoPixelFallback puts in MicroPython's neopixel (tests/fakes) for `wire`."""
    mods = fakes.install()
    try:
        px = mods.rp2_ws2812.NeoPixelFallback(profile["led"]["pin"], profile["led"]["count"])
        px.write(wire)
        return mods.neopixel.INSTANCES[-1].writes[-1]
    finally:
        fakes.uninstall()


# ---- the bytes on the wire ----


@pytest.mark.parametrize("path", ["pixelbuf-buffer", "led-by-led"])
def test_white_frame_full_brightness_is_current_limited_on_the_wire(cp, path):
    profile = _profile("ring4")
    enc = Encoder(profile)
    enc.set_brightness(255)
    wire = bytes(enc.encode(_white_frame(profile)))
    assert enc.limited
    # Independently: 108 LEDs x 3 channels at 255 -> the largest sum the 1800 mA budget allows.
    n, budget, ma, idle = 108, 1800, 20, 108
    max_sum = (255 * (budget - idle) + 254) // ma
    scale = (max_sum << 16) // (3 * 255 * n)
    level = (255 * scale) >> 16
    assert wire == bytes([level]) * (3 * n)
    assert 3 * n * level * ma // 255 + idle <= budget < 3 * n * (level + 1) * ma // 255 + idle

    hal = cp.cp.make_cp_hal(profile, storage=object())
    if path == "led-by-led":  # what CircuitPython's built-in pixelbuf gets: one packed int per LED
        hal.pixels = cp.cp.CpPixels(cp.board.LED, 108, raw=False)
    hal.pixels.write(enc.buf)
    assert cp.wire.WRITES == [("LED" if path == "led-by-led" else "GP2", wire)]
    assert cp.wire.WRITES[0][1] == _micropython_backend_bytes(profile, wire)


@pytest.mark.parametrize("raw", [None, False])
def test_colours_reach_the_wire_in_grb_order_with_gamma_and_brightness(cp, raw):
    profile = _profile("ring4")
    enc = Encoder(profile)  # brightness 80 from the profile, not limited
    frame = _colour_frame(profile)
    wire = bytes(enc.encode(frame))
    assert not enc.limited
    expect = bytearray()
    for i in range(frame.n):
        r, g, b = frame.rgb[3 * i:3 * i + 3]
        expect += bytes([GAMMA8[g] * 80 // 255, GAMMA8[r] * 80 // 255, GAMMA8[b] * 80 // 255])
    assert wire == bytes(expect) and len(set(wire)) > 20
    px = cp.cp.CpPixels(cp.board.GP2, 108, raw=raw)
    assert (px._raw is not None) == (raw is None)  # Blinka's pure-Python pixelbuf has a raw buffer
    px.write(enc.buf)
    px.write(enc.buf)
    assert [w[1] for w in cp.wire.WRITES] == [wire, wire]
    assert wire == _micropython_backend_bytes(profile, wire)
    assert not px.busy()
    px.wait()


def test_pixels_refuse_a_wrong_buffer_and_send_nothing(cp):
    px = cp.cp.CpPixels(cp.board.GP2, 4)
    with pytest.raises(ValueError, match=r"buffer has 11 bytes, the chain needs 12 \(3 x 4 LEDs\)"):
        px.write(bytearray(11))
    assert cp.wire.WRITES == []
    with pytest.raises(ValueError, match="LED count must be a positive integer"):
        cp.cp.CpPixels(cp.board.GP3, 0)


def test_pixel_pin_is_an_output_and_deinit_blanks_the_chain(cp):
    px = cp.cp.CpPixels(cp.board.GP2, 2)
    assert cp.digitalio.OPEN["GP2"].direction == cp.digitalio.Direction.OUTPUT
    px.write(bytearray(b"\x01\x02\x03\x04\x05\x06"))
    px.deinit()
    assert cp.wire.WRITES == [("GP2", b"\x01\x02\x03\x04\x05\x06"), ("GP2", bytes(6))]
    assert "GP2" not in cp.digitalio.OPEN


# ---- pins by name ----


def test_default_pins_are_gp_names_on_a_pico(cp):
    hal = cp.cp.make_cp_hal(_profile("ring4"), storage=object())
    assert cp.digitalio.OPEN["GP2"].direction == cp.digitalio.Direction.OUTPUT
    for gp in range(3, 19):
        io = cp.digitalio.OPEN["GP%d" % gp]
        assert io.direction == cp.digitalio.Direction.INPUT and io.pull == cp.digitalio.Pull.UP
    assert hal.buttons.n == 16


def test_default_pins_are_d_names_under_blinka(cp):
    import microcontroller

    pi = types.ModuleType("board")
    for i in range(28):
        setattr(pi, "D%d" % i, microcontroller.Pin("D%d" % i))
    assert cp.cp.default_pin_name(18, pi) == "D18"
    assert cp.cp.default_pin_name(18, cp.board) == "GP18"
    cp.cp.make_cp_hal(_profile("ring4"), storage=object(), board_mod=pi)
    assert sorted(cp.digitalio.OPEN) == sorted(["D%d" % i for i in range(2, 19)])


def test_cp_pins_name_the_pins(cp):
    names = ["GP%d" % i for i in range(10, 26)]
    profile = _profile("ring4", cp_pins={"led": "board.LED", "keys": names})
    hal = cp.cp.make_cp_hal(profile, storage=object())
    hal.pixels.write(bytearray(3 * 108))
    assert cp.wire.WRITES[-1][0] == "LED"
    cp.digitalio.LEVELS["GP12"] = False  # keys[2] pressed: pulled to ground
    states = bytearray(16)
    hal.buttons.scan(states)
    assert list(states) == [0, 0, 1] + [0] * 13


def test_unknown_pin_name_is_refused_naming_the_field(cp):
    profile = _profile("ring4", cp_pins={"led": "D99"})
    with pytest.raises(ValueError, match=r"cp_pins.led: this board has no pin 'D99' \(it has: GP0, GP1, GP10"):
        cp.cp.make_cp_hal(profile, storage=object())
    pi = types.ModuleType("board")
    with pytest.raises(ValueError, match=r"led.pin: this board has no pin 'D2' \(it has: none\)"):
        cp.cp.make_cp_hal(_profile("ring4"), storage=object(), board_mod=pi)
    with pytest.raises(ValueError, match="pin name must be a non-empty string"):
        cp.cp.resolve_pin("x", "", cp.board)


# ---- buttons ----


def test_gpio_buttons_read_pressed_as_low(cp):
    b = cp.cp.CpButtons([cp.board.GP3, cp.board.GP4, cp.board.GP26])
    states = bytearray(3)
    b.scan(states)
    assert states == bytearray(3)
    cp.digitalio.LEVELS["GP4"] = False
    b.scan(states)
    assert states == bytearray([0, 1, 0])
    cp.digitalio.LEVELS["GP4"] = True
    cp.digitalio.LEVELS["GP26"] = False
    b.scan(states)
    assert states == bytearray([0, 0, 1])
    with pytest.raises(ValueError, match="states has 2 bytes, there are 3 buttons"):
        b.scan(bytearray(2))
    with pytest.raises(ValueError, match="non-empty list of pins"):
        cp.cp.CpButtons([])


class FakeKeypad:
    """keypad.KeyMatrix double: a test queues (key_number, pressed) transitions."""

    class Event:
        def __init__(self, key_number=0, pressed=True):
            self.key_number = key_number
            self.pressed = pressed

    class _Queue:
        def __init__(self):
            self.q = []
            self.overflowed = False

        def get_into(self, ev):
            if not self.q:
                return False
            ev.key_number, ev.pressed = self.q.pop(0)
            return True

        def clear(self):
            self.q = []
            self.overflowed = False

    class KeyMatrix:
        def __init__(self, row_pins, column_pins, columns_to_anodes=True, interval=0.02):
            self.rows, self.cols, self.anodes, self.interval = row_pins, column_pins, columns_to_anodes, interval
            self.events = FakeKeypad._Queue()
            self.held = set()

        def reset(self):
            self.events.q = [(k, True) for k in sorted(self.held)]


def test_matrix_buttons_through_keypad(cp):
    profile = _profile("grid8")  # 4x4 matrix, rows GP3..GP6, cols GP7..GP10
    kp = FakeKeypad()
    hal = cp.cp.make_cp_hal(profile, storage=object(), keypad_mod=kp)
    km = hal.buttons._km
    assert [p.name for p in km.rows] == ["GP3", "GP4", "GP5", "GP6"]
    assert [p.name for p in km.cols] == ["GP7", "GP8", "GP9", "GP10"]
    assert km.anodes is True  # diode anodes on the columns, as docs/hal.md wires the matrix
    keys = profile["buttons"]["keys"]
    target = 5
    cell = keys[target]["row"] * 4 + keys[target]["col"]
    states = bytearray(len(keys))
    km.events.q = [(cell, True)]
    hal.buttons.scan(states)
    assert [i for i in range(len(keys)) if states[i]] == [target]
    hal.buttons.scan(states)  # no news: still held
    assert states[target] == 1
    km.events.q = [(cell, False)]
    hal.buttons.scan(states)
    assert not any(states)
    # A full queue: keypad.reset() reports the held keys again.
    km.held = {cell}
    km.events.overflowed = True
    hal.buttons.scan(states)
    assert [i for i in range(len(keys)) if states[i]] == [target]


# ---- storage, clock ----


def test_read_only_filesystem_falls_back_to_memory(cp, tmp_path, capsys):
    afile = tmp_path / "flat"
    afile.write_text("x")
    st = cp.cp.make_storage(str(afile))
    assert type(st).__name__ == "MemStorage"
    assert "games are not saved" in capsys.readouterr().out
    st2 = cp.cp.make_storage(str(tmp_path / "data"))
    st2.write("game.json", b"{}")
    assert st2.listdir() == ["game.json"]


def test_clock_ticks(cp):
    hal = cp.cp.make_cp_hal(_profile("ring4"), storage=object())
    a = hal.clock.ticks_ms()
    hal.clock.sleep_ms(5)
    assert 4 <= hal.clock.ticks_diff(hal.clock.ticks_ms(), a) < 1000


# ---- profile field cp_pins ----


@pytest.mark.parametrize(
    "cp_pins, msg",
    [
        ({"led": 5}, "cp_pins.led: must be a string"),
        ({"led": "2GP"}, r'cp_pins.led: "2GP" is not a pin name'),
        ({"led": "board.GP-2"}, "is not a pin name"),
        ({"keys": ["GP3"]}, r"cp_pins.keys: must name 16 pins, one for each of buttons.keys \(got 1\)"),
        ({"led": "GP3", "keys": ["board.GP3"] + ["GP%d" % i for i in range(4, 19)]},
         r'cp_pins.keys\[0\]: "board.GP3" already used by cp_pins.led'),
        ({"rows": ["GP1"]}, "cp_pins.rows: unknown field"),
        ("GP2", "cp_pins: must be an object"),
    ],
)
def test_profile_cp_pins_validation(cp_pins, msg):
    with pytest.raises(ProfileError, match=msg):
        _profile("ring4", cp_pins=cp_pins)


def test_profile_cp_pins_optional_and_kept():
    assert "cp_pins" not in _profile("ring4")
    p = _profile("grid8", cp_pins={"rows": ["D0", "D1", "D2", "D3"], "cols": ["A0", "A1", "A2", "A3"]})
    assert p["cp_pins"] == {"rows": ["D0", "D1", "D2", "D3"], "cols": ["A0", "A1", "A2", "A3"]}
    with pytest.raises(ProfileError, match=r"cp_pins.keys: unknown field \(known fields: led, rows, cols\)"):
        _profile("grid8", cp_pins={"keys": []})


# ---- under MicroPython (CircuitPython is a MicroPython) ----


@pytest.mark.micropython
def test_backend_under_micropython_sends_the_encoder_bytes(tmp_path):
    import adafruit_pixelbuf  # noqa: F401  (site-packages copies, so the doubles are not shadowed)

    libdir = tmp_path / "lib"
    libdir.mkdir()
    site = os.path.dirname(sys.modules["adafruit_pixelbuf"].__file__ or "")
    for name in ("adafruit_pixelbuf.py", "neopixel.py"):
        shutil.copy(os.path.join(site, name), libdir / name)
    d = json.loads((PROFILES / "ring4.json").read_text())
    d["cp_pins"] = {"led": "board.GP2", "keys": ["GP%d" % i for i in range(3, 19)]}
    text = json.dumps(d)
    code = """
import json
from nightboard.table.profile import load_profile
from nightboard.table.frame import Encoder, Frame
from nightboard.hal import cp_backend
from nightboard.hal.sim import MemStorage
import neopixel_write, digitalio
p = load_profile(%r)
bad = json.loads(%r)
bad["cp_pins"]["keys"][1] = "GP3"
try:
    load_profile(bad)
    err = None
except ValueError as e:
    err = str(e)
hal = cp_backend.make_cp_hal(p, storage=MemStorage())
enc = Encoder(p)
enc.set_brightness(255)
f = Frame(108)
f.fill(255, 255, 255)
hal.pixels.write(enc.encode(f))
digitalio.LEVELS["GP7"] = False
st = bytearray(16)
hal.buttons.scan(st)
print(json.dumps({"wire": list(neopixel_write.WRITES[-1][1]), "enc": list(enc.buf), "raw": hal.pixels._raw is not None,
                  "states": list(st), "limited": enc.limited, "err": err}))
""" % (text, text)
    got = run_mpy_json(code, extra_path=[FAKES_CP_DIR, str(libdir)])
    assert got["limited"] and got["raw"]
    assert got["wire"] == got["enc"] and len(got["wire"]) == 324
    assert got["states"] == [0, 0, 0, 0, 1] + [0] * 11
    assert got["err"] == 'cp_pins.keys[1]: "GP3" already used by cp_pins.keys[0]'


# ---- `nightboard run` (a Raspberry Pi through Blinka) ----


def test_run_without_pi_hardware_fails_clearly(tmp_path):
    import subprocess

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT / "firmware"), str(ROOT / "host")]))
    proc = subprocess.run([sys.executable, "-m", "nightboard_host.cli", "run", "--profile", "ring4",
                           "--data", str(tmp_path / "data")], capture_output=True, text=True, timeout=60,
                          cwd=str(tmp_path), env=env)
    assert proc.returncode == 2, proc.stderr
    assert "nightboard run: no GPIO hardware that Adafruit Blinka can drive on this computer" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_run_bad_profile(tmp_path, capsys):
    from nightboard_host.cli import main

    assert main(["run", "--profile", "nope", "--data", str(tmp_path)]) == 2
    assert "nightboard run: profile: no profile named 'nope'" in capsys.readouterr().err


def test_run_drives_the_table_until_ctrl_c(cp, tmp_path, capsys):
    from nightboard_host.commands import run_pi

    class StopAfter:
        def __init__(self, clock, n):
            self.clock, self.n = clock, n

        def __getattr__(self, name):
            return getattr(self.clock, name)

        def sleep_ms(self, ms):
            self.n -= 1
            if self.n < 0:
                raise KeyboardInterrupt
            self.clock.sleep_ms(min(ms, 1))

    def hal(profile, storage):
        h = cp.cp.make_cp_hal(profile, storage=storage)
        h.clock = StopAfter(h.clock, 5)
        return h

    args = types.SimpleNamespace(profile="ring4", data=str(tmp_path / "data"))
    assert run_pi.run_command(args, make_hal=hal) == 0
    frames = [w for w in cp.wire.WRITES if w[0] == "GP2"]
    assert len(frames) >= 2 and any(frames[0][1])  # the start menu lit something
    assert frames[-1][1] == bytes(3 * 108)  # blanked on the way out
    assert "running on this computer's pins" in capsys.readouterr().out
