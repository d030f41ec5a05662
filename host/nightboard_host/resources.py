"""Where the host tool finds the firmware it flashes and the board profiles it ships.

Two places, in this order:
- the source tree the tool runs from (a checkout installed editable by `make setup`): firmware/ and
  hardware/profiles/ beside host/;
- the installed package (pip or pipx from the repository or a wheel): the data packages
  nightboard_host/firmware (main.py and nightboard/**, as the board gets them) and nightboard_host/profiles,
  which pyproject.toml ships.
"""

from pathlib import Path

HERE = Path(__file__).resolve().parent
CHECKOUT = HERE.parents[1]  # the repository root when running from a checkout (has pyproject.toml)
PACKAGED_FIRMWARE = HERE / "firmware"
PACKAGED_PROFILES = HERE / "profiles"


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

