"""The emulated Pico on a pseudo-terminal: MicroPython for the RP2040 under rp2040py, reached like a real board.

`rp2040py micropython --image FILE.uf2 --pty` runs a MicroPython image on an emulated RP2040 and serves its
USB serial on a pty, where the real mpremote and `nightboard flash` work. PicoPty starts it, waits for the
REPL prompt (`>>>`) and stops it; the tests use it, and so does `nightboard virtual-board --pico`.

The stock image (RPI_PICO, from MicroPython's download page) is found in NIGHTBOARD_PICO_UF2 or in a folder
shared/pico beside the checkout (firmware-v1.28.0-RPI_PICO.uf2); the image with a ROMFS partition in
NIGHTBOARD_PICO_ROMFS_UF2, else the one the project ships (hardware/micropython/, which holds every game's
code). It runs 18 to 20 times slower than a real Pico.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
IMAGES = {
    False: ("NIGHTBOARD_PICO_UF2", "firmware-v1.28.0-RPI_PICO.uf2"),
    True: ("NIGHTBOARD_PICO_ROMFS_UF2", "firmware-v1.28.0-RPI_PICO_ROMFS300K.uf2"),
}
SHIPPED = ROOT / "hardware" / "micropython"  # the project's own build, with a ROMFS partition (build.sh there)
START_S = 120  # wall seconds for the emulator to start and show the prompt
WAKE_S = 5.0  # wall seconds between the Enters sent to wake the prompt


class PicoUnavailable(Exception):
    """The emulated Pico cannot run here; the message says what is missing."""


def find_image(romfs=False):
    """The path of the MicroPython image, or PicoUnavailable saying where it was looked for."""
    var, name = IMAGES[romfs]
    given = os.environ.get(var)
    if given:
        if not Path(given).is_file():
            raise PicoUnavailable("%s names %s, which is not a file" % (var, given))
        return Path(given)
    where = [SHIPPED] if romfs else [ROOT.parent / "shared" / "pico", ROOT / ".." / "shared" / "pico"]
    for d in where:
        if (d / name).is_file():
            return (d / name).resolve()
    raise PicoUnavailable("no MicroPython image for the emulated Pico: set %s to the path of %s (%s; looked in %s)"
                          % (var, "a MicroPython .uf2 built with a ROMFS partition" if romfs else
                             "MicroPython's RPI_PICO .uf2", name, where[0]))


def rp2040py_exe():
    exe = shutil.which("rp2040py", path=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""))
    if not exe:
        raise PicoUnavailable("the RP2040 emulator is not installed: pip install rp2040py==0.3.6 "
                              "(the project's test extras)")
    return exe


class PicoPty:
    """An emulated Pico on a pty: `with PicoPty() as pico: pico.port` (a path mpremote and pyserial open).

    littlefs: a filesystem image to start from (None: blank flash, formatted by MicroPython at boot);
    dump: where to write the filesystem image when it stops."""

    def __init__(self, image=None, romfs=False, littlefs=None, dump=None, log=None):
        self.image = Path(image) if image else find_image(romfs)
        self.exe = rp2040py_exe()
        self.littlefs, self.dump = littlefs, dump
        self.log = log
        self.proc = None
        self.port = None
        self.output = ""

    def start(self, timeout=START_S):
        cmd = [self.exe, "micropython", "--image", str(self.image), "--pty"]
        if self.littlefs:
            cmd += ["--littlefs", str(self.littlefs)]
        if self.dump:
            cmd += ["--dump-fs", str(self.dump)]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                     start_new_session=True)
        end = time.monotonic() + timeout
        for line in self.proc.stdout:
            self.output += line
            m = re.search(r"PTY REPL listening on (\S+)", line)
            if m:
                self.port = m.group(1)
                break
            if time.monotonic() > end:
                break
        if not self.port:
            self.stop()
            raise PicoUnavailable("the emulated Pico did not start: %s" % self.output.strip()[-300:])
        self._drain()
        try:
            self.wait_prompt(max(1.0, end - time.monotonic()))
        except BaseException:
            self.stop()
            raise
        return self

    def _drain(self):
        """Keep reading the emulator's own output, so that it never blocks on a full pipe."""
        import threading

        def run():
            for line in self.proc.stdout:
                if self.log:
                    self.log.write(line)

        threading.Thread(target=run, daemon=True).start()

    def wait_prompt(self, timeout=START_S):
        """Until MicroPython's `>>>` prompt shows on the port (connecting earlier can lose the first bytes), or
        a firmware started from the filesystem image answers the Enter sent to wake the prompt."""
        import serial

        end = time.monotonic() + timeout
        seen = b""
        woke = 0.0
        with serial.Serial(self.port, 115200, timeout=0.5) as s:
            while time.monotonic() < end:
                data = s.read(4096)
                seen = (seen + data)[-2000:]
                if b">>>" in seen or b"@nb " in seen:  # the REPL, or a firmware already answering
                    return
                if not data and time.monotonic() - woke >= WAKE_S:
                    # "\r\n": the REPL's Enter, and a whole (empty) line for the firmware, which answers it at
                    # once. A bare "\r" left the firmware a line that never ended: the host's first request
                    # was glued to it and refused ("not a protocol line"). Every WAKE_S only: the firmware
                    # answers each wake sent while it booted, a frame or more each.
                    s.write(b"\r\n")
                    woke = time.monotonic()
        raise PicoUnavailable("the emulated Pico on %s showed no MicroPython prompt within %.0f s (it sent %r)"
                              % (self.port, timeout, seen[-200:]))

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
