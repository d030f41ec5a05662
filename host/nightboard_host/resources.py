"""Where the host tool finds the firmware it flashes, the board profiles it ships, and its documents and
example records (docs/: `nightboard docs`, `nightboard replay <example>`).

Two places, in this order:
- the source tree the tool runs from (a checkout installed editable by `make setup`): firmware/ and
  hardware/profiles/ beside host/;
- the installed package (pip or pipx from the repository or a wheel): the data packages
  nightboard_host/firmware (main.py and nightboard/**, as the board gets them), nightboard_host/profiles and
  nightboard_host/docs, which pyproject.toml ships.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]  # the repository root when running from a checkout (has pyproject.toml)
PACKAGED_FIRMWARE = HERE / "firmware"
PACKAGED_PROFILES = HERE / "profiles"
PACKAGED_DOCS = HERE / "docs"


def in_checkout():
    """True when the tool runs from a checkout of the repository (make setup), not from a pip install."""
    return (CHECKOUT / "pyproject.toml").is_file() and (CHECKOUT / "firmware" / "main.py").is_file()


def _checkout(*parts):
    """[CHECKOUT/parts...] when running from a checkout, else []."""
    if not in_checkout():
        return []
    return [CHECKOUT.joinpath(*parts)]


def _is_firmware(d):
    return (d / "main.py").is_file() and (d / "nightboard" / "__init__.py").is_file()


def firmware_dirs():
    """Firmware directories (main.py + nightboard/) found, the checkout's first."""
    return [d for d in _checkout("firmware") + [PACKAGED_FIRMWARE] if _is_firmware(d)]


def firmware_dir():
    """The firmware to flash by default, or None when neither place has it."""
    found = firmware_dirs()
    return found[0] if found else None


def profile_dirs():
    """Directories of shipped profiles (*.json), the checkout's first; those that exist."""
    return [d for d in _checkout("hardware", "profiles") + [PACKAGED_PROFILES] if d.is_dir()]



def docs_dir():
    """The documents (docs/: the *.md pages, games/*.md, examples/*.json), the checkout's first; or None."""
    found = [d for d in _checkout("docs") + [PACKAGED_DOCS] if (d / "records.md").is_file()]
    return found[0] if found else None


def docs():
    """{name: path} of the documents, a name as `nightboard docs NAME` takes it ("flashing", "games/<game>")."""
    d = docs_dir()
    if d is None:
        return {}
    out = {}
    for p in sorted(d.glob("*.md")) + sorted(d.glob("games/*.md")):
        out[p.relative_to(d).with_suffix("").as_posix()] = p
    return out


def examples():
    """{name: path} of the example records (their file names without .json), for `nightboard replay NAME`."""
    d = docs_dir()
    return {p.stem: p for p in sorted(d.glob("examples/*.json"))} if d is not None else {}


def example(path):
    """The shipped example a record path names when no such file is here: "NAME", "NAME.json" or
    "docs/examples/NAME.json" from any directory; else None."""
    p = Path(path)
    if p.exists():
        return None
    name = p.name[:-5] if p.name.endswith(".json") else p.name
    return examples().get(name)
