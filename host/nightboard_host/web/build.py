"""Build the browser table's static site: `make web` (python -m nightboard_host.web.build [OUT]).

The site is a folder any static web server serves (build/web/ by default, not committed):
  index.html, app.js, table-canvas.js, style.css   the page (web/ in the repository)
  mp/micropython.mjs, mp/micropython.wasm         MicroPython's WebAssembly port, from node_modules/ (npm ci,
                                                  pinned by package-lock.json)
  bundle.json                                     the files the page writes into the port's filesystem: the
                                                  firmware's nightboard/ package as the board gets it,
                                                  web/py/webtable.py, the host modules that tell each game's
                                                  events in words (named by its TOOLS), and every shipped
                                                  profile
Nothing is fetched from anywhere else at build or run time.
"""

import json
import shutil
import sys
from pathlib import Path

from nightboard import VERSION
from nightboard.games import index
from nightboard_host import resources

RUNTIME_PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "app.js", "table-canvas.js", "style.css")
ROOT = "/lib"  # where the bundle's modules go in the port's filesystem (first on sys.path)
HEAPSIZE = 4 * 1024 * 1024  # the port's heap: the firmware, the host's words and the compiler's work
# the host's own modules the words need (host/nightboard_host/...): the hooks' registry and what it imports
HOST_BASE = ("__init__.py", "hooks.py", "jsonfile.py", "commands/__init__.py", "commands/replay.py",
             "games/__init__.py")
WORD_HOOKS = ("log_lines", "labels", "own_words")  # the TOOLS hooks the page calls
DEFAULT_OUT = "build/web"


class BuildError(Exception):
    """The site cannot be built; the message says what is missing and how to get it."""


def repo_root():
    if not resources.in_checkout():
        raise BuildError("the browser table is built from a checkout of the repository (it needs web/ and "
                         "node_modules/): clone it and run `make web`")
    return resources.CHECKOUT


def runtime_dir(root):
    d = root / "node_modules" / Path(*RUNTIME_PACKAGE.split("/"))
    missing = [f for f in RUNTIME_FILES if not (d / f).is_file()]
    if missing:
        raise BuildError("%s is not installed in %s (missing %s): run `npm ci` in %s (`make web` does), which "
                         "installs the version package-lock.json pins" % (RUNTIME_PACKAGE, d, ", ".join(missing), root))
    return d


def runtime_version(root):
    meta = json.loads((runtime_dir(root) / "package.json").read_text())
    return meta.get("version", "?")


def host_modules():
    """The host modules (paths under nightboard_host/) that the games' word hooks live in, with their packages."""
    out = set(HOST_BASE)
    for name in index.names():
        tools = index.tools(name)
        for key in WORD_HOOKS:
            path = tools.get(key)
            if not path:
                continue
            parts = path.partition(":")[0].split(".")
            if parts[0] != "nightboard_host":
                raise BuildError("%s's %s hook %s is not in nightboard_host" % (name, key, path))
            for k in range(2, len(parts)):
                out.add("/".join(parts[1:k]) + "/__init__.py")
            out.add("/".join(parts[1:]) + ".py")
    return sorted(out)


def bundle(root):
    """The bundle's content: {files: {path in the port's filesystem: source}, profiles: {name: {text,
    description}}, ...}."""
    files = {}
    firmware = root / "firmware" / "nightboard"
    for p in sorted(firmware.rglob("*.py")):
        files["%s/nightboard/%s" % (ROOT, p.relative_to(firmware).as_posix())] = p.read_text()
    host = root / "host" / "nightboard_host"
    for rel in host_modules():
        files["%s/nightboard_host/%s" % (ROOT, rel)] = (host / rel).read_text()
    files["%s/webtable.py" % ROOT] = (root / "web" / "py" / "webtable.py").read_text()
    profiles = {}
    for d in resources.profile_dirs()[:1]:
        for p in sorted(d.glob("*.json")):
            text = p.read_text()
            profiles[p.stem] = {"text": text, "description": json.loads(text).get("description", "")}
    if not profiles:
        raise BuildError("no board profiles found (hardware/profiles/*.json)")
    return {"format": 1, "nightboard": VERSION, "micropython": runtime_version(root), "root": ROOT,
            "heapsize": HEAPSIZE, "default_profile": index.tools(index.default())["profile"],
            "files": files, "profiles": profiles}


def build(out=None, root=None):
    """Write the site into `out` (build/web under the checkout by default); returns its path."""
    root = Path(root) if root is not None else repo_root()
    out = Path(out) if out is not None else root / DEFAULT_OUT
    rt = runtime_dir(root)
    data = bundle(root)
    if out.exists():
        shutil.rmtree(out)
    (out / "mp").mkdir(parents=True)
    for f in PAGE_FILES:
        src = root / "web" / f
        if not src.is_file():
            raise BuildError("web/%s is missing from the checkout" % f)
        shutil.copyfile(src, out / f)
    for f in RUNTIME_FILES:
        shutil.copyfile(rt / f, out / "mp" / f)
    (out / "bundle.json").write_text(json.dumps(data, separators=(",", ":"), sort_keys=True))
    return out


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) > 1:
        print("usage: python -m nightboard_host.web.build [OUT_DIR]", file=sys.stderr)
        return 2
    try:
        out = build(argv[0] if argv else None)
    except BuildError as e:
        print("make web: %s" % e, file=sys.stderr)
        return 2
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print("the browser table is in %s (%d files, %d KB): `nightboard web` serves it, or copy the folder to any "
          "static web host" % (out, len(list(out.rglob("*.*"))), size // 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
