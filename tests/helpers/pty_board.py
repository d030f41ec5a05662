"""A board on a pseudo-terminal for tests: firmware/main.py under the MicroPython unix port.

`PtyBoard(profile)` starts `micropython main.py` (the firmware compiled by
mpy-cross, as the board runs it, in a Pico-sized heap) in a private directory
holding profile.json, with its stdin/stdout on the master side of a pty; the
host talks to `board.port` (the slave's path) as it would to a Pico's
/dev/ttyACM0. The serial port, main.py and the protocol all run for real.
"""

import os
import shutil
import subprocess
import tempfile
import termios
import tty

from mpy_harness import FIRMWARE, PICO_HEAP, ROOT, compiled_firmware, micropython_exe


class PtyBoard:
    def __init__(self, profile="ring4", heap=PICO_HEAP, files=None):
        """files: {name: bytes to write there, None to remove it, {} for an empty directory in its place}."""
        self.dir = tempfile.mkdtemp(prefix="nightboard-ptyboard-")
        shutil.copy(ROOT / "hardware" / "profiles" / (profile + ".json"), os.path.join(self.dir, "profile.json"))
        shutil.copy(FIRMWARE / "main.py", os.path.join(self.dir, "main.py"))
        for name, data in sorted((files or {}).items()):
            path = os.path.join(self.dir, name)
            if os.path.exists(path):
                os.remove(path)
            if isinstance(data, dict):
                os.mkdir(path)
            elif data is not None:
                with open(path, "wb") as f:
                    f.write(data)
        self.master, self.slave = os.openpty()
        tty.setraw(self.slave)  # a USB CDC port has no line discipline: no echo, no cooking
        attrs = termios.tcgetattr(self.master)
        tty.setraw(self.master)
        self._attrs = attrs
        self.port = os.ttyname(self.slave)
        env = dict(os.environ, MICROPYPATH=str(compiled_firmware()))
        self.proc = subprocess.Popen([micropython_exe(), "-X", "heapsize=" + heap, "main.py"], stdin=self.master,
                                     stdout=self.master, stderr=subprocess.PIPE, cwd=self.dir, env=env)

    def interrupt(self, timeout=10):
        """Ctrl-C down the serial line, as mpremote sends it; returns (exit code, stderr)."""
        fd = os.open(self.port, os.O_WRONLY | os.O_NOCTTY)
        try:
            os.write(fd, b"\x03")
        finally:
            os.close(fd)
        try:
            self.proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, ""
        return self.proc.returncode, self.proc.stderr.read().decode("utf-8", "replace")

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.proc.stderr:
            self.proc.stderr.close()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
