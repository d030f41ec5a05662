"""The programs flashing runs on the board (host/nightboard_host/flashing/board/*.py), filled as the host fills them:
each does its job under the MicroPython unix port, and does what the text the host sent before they became files
did (OLD_*: flash.py's and romfs.py's templates as they were, the same input given both ways)."""

import hashlib
import json
import re
from pathlib import Path

import pytest

from mpy_harness import run_mpy
from nightboard_host.flashing import layout, sync
from nightboard_host.flashing.programs import program

# What the host sent before (host/nightboard_host/flashing/flash.py and romfs.py at f4b05af), %-templates.
OLD_HASHER = '''import json
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
OLD_PROBE = OLD_HASHER + '''import os
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
OLD_HASH = OLD_HASHER + '''for p in %(paths)r:
    print(json.dumps([p, _h(p)]))
'''
OLD_MKDIRS = '''import os
for d in %(dirs)r:
    try:
        os.mkdir(d)
    except OSError as e:
        if e.args[0] != 17:
            raise
'''
OLD_COPY = '''b = bytearray(1024)
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
OLD_REMOVE = '''import os
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
OLD_RENAME = '''import os
os.rename(%(old)r, %(new)r)
'''
OLD_INFO = '''import sys
i = sys.implementation
print(repr((i.name, tuple(i.version[:3]), getattr(i, "_mpy", None), sys.platform, getattr(i, "_machine", ""))))
'''
OLD_WDT_OFF = '''import machine
machine.mem32[0x40058000] &= ~(1 << 30)
'''
OLD_CHECK = r'''import json, sys
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
OLD_ROM_INFO = '''import json
r = {"rom": False}
try:
    import vfs
    if hasattr(vfs, "rom_ioctl") and vfs.rom_ioctl(1) > 0:
        dev = vfs.rom_ioctl(2, 0)
        if not isinstance(dev, int):
            r["rom"] = True
            r["size"] = dev.ioctl(4, 0) * dev.ioctl(5, 0) if hasattr(dev, "ioctl") else len(dev)
except ImportError:
    pass
print(json.dumps(r))
'''
OLD_ROM_HASH = '''import vfs, hashlib, binascii
dev = vfs.rom_ioctl(2, 0)
m = memoryview(dev)
h = hashlib.sha256()
for i in range(0, %(n)d, 4096):
    h.update(m[i:min(i + 4096, %(n)d)])
print(binascii.hexlify(h.digest()).decode())
'''

OLD = {"hash_files": OLD_HASH, "probe": OLD_PROBE, "mkdirs": OLD_MKDIRS, "copy_files": OLD_COPY, "remove": OLD_REMOVE,
       "rename": OLD_RENAME, "info": OLD_INFO, "wdt_off": OLD_WDT_OFF, "profile_check": OLD_CHECK,
       "rom_info": OLD_ROM_INFO, "rom_hash": OLD_ROM_HASH}
PROGRAMS = Path(__file__).resolve().parents[2] / "host" / "nightboard_host" / "flashing" / "board"


def one_import_a_line(text):
    """`import a, b` as `import a` and `import b` (ruff's E401), the only change to a program without parameters."""
    return re.sub(r"^( *)import (\w+), (.+)$", lambda m: "%simport %s\n%s" % (
        m.group(1), m.group(2), one_import_a_line("%simport %s" % (m.group(1), m.group(3)))), text, flags=re.M)


def old_text(name, values):
    """What the host sent before for these parameters (their names in lower case filled the template)."""
    return OLD[name] % {k.lower(): v for k, v in values.items()}


def test_every_program_file_is_covered_here():
    assert sorted(p.stem for p in PROGRAMS.glob("*.py")) == sorted(set(OLD) | {"hasher"})


@pytest.mark.parametrize("name", ["info", "wdt_off", "rom_info", "profile_check"])
def test_a_program_without_parameters_is_sent_as_before(name):
    assert program(name) == one_import_a_line(OLD[name])


def test_what_is_sent_has_no_comments_and_hasher_in_front():
    for name in OLD:
        assert "#" not in program(name) and "noqa" not in program(name), name
    hasher = program("hasher")
    assert hasher == one_import_a_line(OLD_HASHER)
    assert program("probe", DIRS=[], TEXTS=[], HASHES=[]).startswith(hasher)
    assert program("hash_files", PATHS=["/a"]) == hasher + "PATHS = ['/a']\nfor p in PATHS:\n    print(json.dumps([p, _h(p)]))\n"


def test_a_parameter_the_program_does_not_have_is_refused():
    with pytest.raises(ValueError, match="board/rename.py has no parameter PATH"):
        program("rename", OLD="/a", NEW="/b", PATH="/c")


# --- run under MicroPython, old and new side by side ------------------------------------------------------

# The board's "/" as a directory of the host's (the unix port's VfsPosix): the probe lists the root. (Its rename
# mixes up absolute paths under a mount: the programs that rename run on the host's real paths instead.)
MOUNT = '''import os, vfs
vfs.umount("/")
vfs.mount(vfs.VfsPosix(%r), "/")
os.chdir("/")
'''

# A ROMFS partition holding IMAGE and some erased flash after it, for the unix port (which has none).
FAKE_ROM = '''import sys
class _Vfs:
    pass
_part = bytearray(open(%r, "rb").read()) + bytearray(b"\\xff" * 5000)
vfs = _Vfs()
vfs.rom_ioctl = lambda op, *args: 1 if op == 1 else _part
sys.modules["vfs"] = vfs
'''

BOARD = {"main.py": b"# loader\n", "profile.json": b'{"name": "ring4"}\n', "x.nbnew": b"half",
         "nightboard.a/main.py": b"print('slot a')\n" * 200, "nightboard.a/manifest.json": b'{"format": 1}\n',
         "nightboard.a/nightboard/prng.mpy": bytes(range(256)) * 9, "nightboard.a/nightboard/games/x.mpy": b"M\x06",
         "nightboard/old.py": b"old = 1\n", "data/game.json": b"{}"}


def make_board(root):
    for rel, data in BOARD.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)
    (root / "nightboard.b").mkdir()
    return root


def snapshot(root):
    return {p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None) for p in sorted(root.rglob("*"))}


def run_both(tmp_path, name, values, prelude=""):
    """Run the program the host sends now and the one it sent before, each on its own copy of BOARD; their
    outputs (the copy's path as ROOT) and what they left, which must be the same; the new program's output,
    its copy and its text."""
    got = {}
    for which in ("new", "old"):
        root = make_board(tmp_path / which)
        vals = {k: json.loads(json.dumps(v).replace("ROOT", str(root))) for k, v in values.items()}
        if name == "copy_files":
            vals["PAIRS"] = [tuple(p) for p in vals["PAIRS"]]
        text = program(name, **vals) if which == "new" else old_text(name, vals)
        out = run_mpy(prelude.replace("ROOT", str(root)) + text)
        got[which] = (out.replace(str(root), "ROOT"), snapshot(root), root, text)
    assert got["new"][:2] == got["old"][:2]
    assert len(got["new"][3]) <= len(got["old"][3]) + 60  # a parameter's line, an import a line: a few bytes
    return got["new"][0], got["new"][2], got["new"][3]


@pytest.mark.micropython
def test_hash_files_says_each_file_sha256_as_hashlib_does(tmp_path):
    paths = ["ROOT/nightboard.a/nightboard/prng.mpy", "ROOT/nightboard.a/main.py", "ROOT/missing", "ROOT/main.py"]
    out, root, _ = run_both(tmp_path, "hash_files", {"PATHS": paths})
    said = [json.loads(line) for line in out.splitlines()]
    assert [p for p, _ in said] == paths
    for (p, h), rel in zip(said, ["nightboard.a/nightboard/prng.mpy", "nightboard.a/main.py", None, "main.py"]):
        assert h == (hashlib.sha256((root / rel).read_bytes()).hexdigest() if rel else None), p


@pytest.mark.micropython
def test_the_probe_tells_the_tree_the_texts_and_the_hashes(tmp_path):
    texts = [layout.LOADER] + [s + "/" + layout.MANIFEST for s in layout.SLOTS] + [layout.CHECKED]
    values = {"DIRS": list(layout.SLOTS) + [layout.LEGACY], "TEXTS": texts, "HASHES": [layout.PROFILE]}
    got = {}
    for which in ("new", "old"):
        root = make_board(tmp_path / which)
        text = program("probe", **values) if which == "new" else old_text("probe", values)
        got[which] = sync.probe_state(run_mpy(MOUNT % str(root) + text))
        assert got[which]["free"] > 0
        got[which]["free"] = None  # (the host's disk: it moves between the two runs)
        for tree in got[which]["trees"].values():
            tree.sort()
    assert got["new"] == got["old"]
    state = got["new"]
    assert sorted(state["root"]) == sorted(["data", "main.py", "nightboard", "nightboard.a", "nightboard.b",
                                            "profile.json", "x.nbnew"])
    assert state["trees"]["/nightboard.a"] == sorted(
        [["/nightboard.a/main.py", len(BOARD["nightboard.a/main.py"])], ["/nightboard.a/manifest.json", 14],
         ["/nightboard.a/nightboard", -1], ["/nightboard.a/nightboard/games", -1],
         ["/nightboard.a/nightboard/games/x.mpy", 2], ["/nightboard.a/nightboard/prng.mpy", 256 * 9]])
    assert state["trees"]["/nightboard.b"] == [] and state["trees"]["/nightboard"] == [["/nightboard/old.py", 8]]
    assert state["texts"] == {"/main.py": "# loader\n", "/nightboard.a/manifest.json": '{"format": 1}\n'}
    assert state["hashes"] == {"/profile.json": hashlib.sha256(BOARD["profile.json"]).hexdigest()}


@pytest.mark.micropython
def test_mkdirs_makes_parents_first_and_minds_none_already_there(tmp_path):
    dirs = ["ROOT/nightboard.b", "ROOT/nightboard.b/nightboard", "ROOT/nightboard.b/nightboard/games"]
    _, root, _ = run_both(tmp_path, "mkdirs", {"DIRS": dirs})
    assert (root / "nightboard.b" / "nightboard" / "games").is_dir()


@pytest.mark.micropython
def test_copy_files_copies_on_the_board_a_dot_a_file(tmp_path):
    pairs = [("ROOT/nightboard.a/" + r, "ROOT/nightboard.b/" + r) for r in ("main.py", "manifest.json")]
    out, root, _ = run_both(tmp_path, "copy_files", {"PAIRS": pairs})
    assert out == ".."
    for r in ("main.py", "manifest.json"):
        assert (root / "nightboard.b" / r).read_bytes() == BOARD["nightboard.a/" + r]


@pytest.mark.micropython
def test_remove_takes_files_then_empty_dirs_and_minds_nothing_missing(tmp_path):
    values = {"FILES": ["ROOT/nightboard/old.py", "ROOT/x.nbnew", "ROOT/missing"],
              "DIRS": ["ROOT/nightboard", "ROOT/nightboard.a", "ROOT/missing"]}
    _, root, _ = run_both(tmp_path, "remove", values)
    assert not (root / "nightboard").exists() and not (root / "x.nbnew").exists()
    assert (root / "nightboard.a" / "main.py").is_file()  # a directory still holding files stays


@pytest.mark.micropython
def test_rename_puts_a_file_over_another(tmp_path):
    _, root, _ = run_both(tmp_path, "rename", {"OLD": "ROOT/x.nbnew", "NEW": "ROOT/main.py"})
    assert (root / "main.py").read_bytes() == b"half" and not (root / "x.nbnew").exists()


@pytest.mark.micropython
def test_info_says_what_the_board_runs(tmp_path):
    import ast

    impl, version, mpy, platform, _machine = ast.literal_eval(run_mpy(program("info")).strip())
    assert impl == "micropython" and len(version) == 3 and version >= (1, 22, 0)
    assert mpy & 0xFF == 6 and platform == "linux"


@pytest.mark.micropython
def test_rom_info_and_rom_hash_read_a_romfs_partition(tmp_path):
    assert json.loads(run_mpy(program("rom_info"))) == {"rom": False}  # the unix port has none
    image = bytes(range(251)) * 40  # not a whole number of 4 KB reads
    (tmp_path / "image").write_bytes(image)
    fake = FAKE_ROM % str(tmp_path / "image")
    assert json.loads(run_mpy(fake + program("rom_info"))) == {"rom": True, "size": len(image) + 5000}
    out, _, _ = run_both(tmp_path, "rom_hash", {"N": len(image)}, fake)
    assert out.strip() == hashlib.sha256(image).hexdigest()
