"""A pip-installed nightboard works from any directory (issue 21, item 1).

The wheel is built from a copy of the sources, installed with its `virtual` extra into a fresh venv, and
every command a newcomer meets is run from an empty directory elsewhere: play (non-interactively, with
--script), snapshot, diagram, and flash into a virtual board. Nothing may come from this checkout.

Network: the dependencies' wheels are downloaded once into tests/_artifacts/install/wheels and installed
from there with --no-index; the venv is kept per hash of the wheel's contents, so a second run with the
same sources reuses it. Without the network and without those wheels the tests are skipped, saying so.
"""

import fcntl
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest
from signals import sigint_default

ROOT = Path(__file__).resolve().parents[2]
CACHE = ROOT / "tests" / "_artifacts" / "install"
WHEELS = CACHE / "wheels"
SOURCES = ("pyproject.toml", "setup.py", "README.md", "firmware", "host", "hardware/profiles", "docs", "web/party",
           "web/table-canvas.js")
PIP_QUIET = ["--disable-pip-version-check", "--quiet"]


def _copy_sources(dest):
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.mpy", "*.egg-info")
    for rel in SOURCES:
        src = ROOT / rel
        if src.is_dir():
            shutil.copytree(src, dest / rel, ignore=ignore)
        else:
            (dest / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / rel)


def _wheel_hash(wheel):
    h = hashlib.sha256()
    with zipfile.ZipFile(wheel) as z:
        for name in sorted(z.namelist()):
            h.update(name.encode() + b"\0" + z.read(name) + b"\0")
    return h.hexdigest()[:16]


def _pip(python, *args, check=True):
    proc = subprocess.run([str(python), "-m", "pip", *PIP_QUIET, *args], capture_output=True, text=True)
    if check and proc.returncode != 0:
        raise RuntimeError("pip %s failed:\n%s%s" % (" ".join(args), proc.stdout, proc.stderr))
    return proc


def _offline_or_download(python, install_args, what):
    """pip install from the cached wheels; download what is missing once, then retry; skip without network."""
    if _pip(python, "install", "--no-index", "--find-links", str(WHEELS), *install_args, check=False).returncode == 0:
        return
    for stale in WHEELS.glob("nightboard-*.whl"):  # pip download keeps the project's own wheel here: an older
        stale.unlink()  # one of the same version would stand in for today's, with yesterday's dependencies
    got = _pip(sys.executable, "download", "-d", str(WHEELS), *what, check=False)
    for ours in WHEELS.glob("nightboard-*.whl"):
        ours.unlink()
    if got.returncode != 0:
        pytest.skip("cannot install the wheel's dependencies: not in %s and not downloadable (%s)"
                    % (WHEELS, (got.stderr.strip().splitlines() or ["no network?"])[-1]))
    _pip(python, "install", "--no-index", "--find-links", str(WHEELS), *install_args)


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    """bin/ of a fresh venv with the built wheel installed (with [virtual]); cached per wheel hash."""
    CACHE.mkdir(parents=True, exist_ok=True)
    WHEELS.mkdir(exist_ok=True)
    with open(CACHE / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # xdist workers share the cache: one builds, the others wait
        src = tmp_path_factory.mktemp("src")
        _copy_sources(src)
        out = tmp_path_factory.mktemp("wheel")
        build = subprocess.run([sys.executable, "-m", "pip", *PIP_QUIET, "wheel", "--no-deps", "--no-index",
                                "--find-links", str(WHEELS), "-w", str(out), str(src)], capture_output=True, text=True)
        if build.returncode != 0:  # the build backend (setuptools) not cached yet
            got = _pip(sys.executable, "download", "-d", str(WHEELS), "setuptools>=77", check=False)
            if got.returncode != 0:
                pytest.skip("cannot build the wheel: setuptools>=77 is neither in %s nor downloadable" % WHEELS)
            build = subprocess.run([sys.executable, "-m", "pip", *PIP_QUIET, "wheel", "--no-deps", "--no-index",
                                    "--find-links", str(WHEELS), "-w", str(out), str(src)],
                                   capture_output=True, text=True)
            assert build.returncode == 0, build.stdout + build.stderr
        wheel = next(out.glob("nightboard-*.whl"))
        venv = CACHE / ("venv-" + _wheel_hash(wheel))
        if not (venv / "ok").is_file():
            for old in CACHE.glob("venv-*"):
                shutil.rmtree(old, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            _offline_or_download(venv / "bin" / "python", ["%s[virtual]" % wheel], ["%s[virtual]" % wheel])
            (venv / "ok").write_text(wheel.name + "\n")
        return wheel, venv / "bin"


@pytest.fixture
def elsewhere(tmp_path):
    """An empty working directory with nothing of the checkout on the path."""
    d = tmp_path / "elsewhere"
    d.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "NIGHTBOARD_FIRMWARE")}
    env["PATH"] = "/usr/bin:/bin"
    return d, env


def _run(bin_dir, cwd_env, *args, timeout=120, stdin=subprocess.DEVNULL):
    cwd, env = cwd_env
    return subprocess.run([str(bin_dir / "nightboard"), *args], cwd=str(cwd), env=env, capture_output=True,
                          text=True, timeout=timeout, stdin=stdin)


def test_the_wheel_carries_the_firmware_and_the_profiles(installed):
    wheel, _bin = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for rel in ["main.py"] + [p.relative_to(ROOT / "firmware").as_posix()
                              for p in (ROOT / "firmware" / "nightboard").rglob("*.py")]:
        assert "nightboard_host/firmware/" + rel in names, rel
    for p in (ROOT / "hardware" / "profiles").glob("*.json"):
        assert "nightboard_host/profiles/" + p.name in names
    # every engine package is importable from the wheel, not only listed ones
    for p in (ROOT / "firmware" / "nightboard").rglob("__init__.py"):
        assert p.relative_to(ROOT / "firmware").as_posix() in names


def test_installed_tool_uses_its_own_files(installed, elsewhere):
    _wheel, bin_dir = installed
    cwd, env = elsewhere
    code = ("from nightboard_host import resources; from nightboard_host.commands import play; from nightboard_host.flashing import build; import nightboard; "
            "print(nightboard.__file__); print(build.default_firmware_dir()); print(play.shipped_profiles())")
    r = subprocess.run([str(bin_dir / "python"), "-c", code], cwd=str(cwd), env=env, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    site = str(bin_dir.parent / "lib")
    assert lines[0].startswith(site) and lines[1].startswith(site), r.stdout  # nothing from this checkout
    assert lines[1].endswith("nightboard_host/firmware")
    assert lines[2] == "['grid8', 'grid8hands', 'hex8', 'ring4', 'ring6']"


def test_play_with_a_script_from_another_directory(installed, elsewhere):
    _wheel, bin_dir = installed
    r = _run(bin_dir, elsewhere, "play", "--seed", "3", "--script", "rf")
    assert r.returncode == 0, r.stderr
    assert "vampiring on ring4" in r.stdout
    assert "turn 1:" in r.stdout and "red chose metamorphosis" in r.stdout
    r = _run(bin_dir, elsewhere, "play", "dracula", "--seed", "2", "--script", "....")
    assert r.returncode == 0, r.stderr
    assert "dracula on grid8" in r.stdout
    r = _run(bin_dir, elsewhere, "play", "--seed", "3")  # no terminal and no script: refused, not a blank game
    assert r.returncode == 2 and "needs a terminal" in r.stderr and "Traceback" not in r.stderr


def test_the_readmes_replays_and_the_docs_work_from_another_directory(installed, elsewhere):
    """The examples and the documents come with the wheel: the README's `nightboard replay docs/examples/...`
    works from any directory, as does the bare name; `nightboard docs flashing` prints the guide the flashing
    messages name; no message of the tool sends a user to a docs/ file it does not have."""
    wheel, bin_dir = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for p in sorted((ROOT / "docs" / "examples").glob("*.json")):
        assert "nightboard_host/docs/examples/" + p.name in names
        r = _run(bin_dir, elsewhere, "replay", "docs/examples/" + p.name)
        assert r.returncode == 0 and "Traceback" not in r.stderr, (p.name, r.stderr)
        assert len(r.stdout.splitlines()) > 5
    r = _run(bin_dir, elsewhere, "replay", "vampiring-movement")
    assert r.returncode == 0 and "Turn 1" in r.stdout, r.stderr
    r = _run(bin_dir, elsewhere, "replay", "docs/examples/nosuch.json")  # a missing one: the examples named
    assert r.returncode == 2 and "vampiring-movement" in r.stderr and "Traceback" not in r.stderr
    r = _run(bin_dir, elsewhere, "docs", "flashing")
    assert r.returncode == 0 and r.stdout.startswith("# ") and "BOOTSEL" in r.stdout
    r = _run(bin_dir, elsewhere, "docs")
    assert r.returncode == 0 and "records" in r.stdout and "vampiring-movement" in r.stdout
    for args in (("flash", "--help"), ("replay", "--help")):
        r = _run(bin_dir, elsewhere, *args)
        assert r.returncode == 0 and "docs/" not in r.stdout, r.stdout


def test_snapshot_and_diagram_from_another_directory(installed, elsewhere):
    _wheel, bin_dir = installed
    cwd, _env = elsewhere
    r = _run(bin_dir, elsewhere, "snapshot", "--seed", "12", "--players", "3", "--turns", "2", "--size", "300",
             "-o", "board.png")
    assert r.returncode == 0, r.stderr
    assert (cwd / "board.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    r = _run(bin_dir, elsewhere, "snapshot", "--game", "dracula", "--size", "300", "-o", "hunt.png")
    assert r.returncode == 0, r.stderr
    r = _run(bin_dir, elsewhere, "diagram", "ring4", "-o", "ring4.svg")
    assert r.returncode == 0, r.stderr
    assert "<svg" in (cwd / "ring4.svg").read_text()
    r = _run(bin_dir, elsewhere, "diagram", "grid8", "--sheet")
    assert r.returncode == 0 and "grid8" in r.stdout


def test_flash_into_a_virtual_board_from_another_directory(installed, elsewhere):
    _wheel, bin_dir = installed
    cwd, env = elsewhere
    port_file = cwd / "port"
    flash_dir = cwd / "board"
    board = subprocess.Popen([str(bin_dir / "nightboard"), "virtual-board", "--dir", str(flash_dir),
                              "--port-file", str(port_file)], cwd=str(cwd), env=env,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=sigint_default)
    try:
        end = time.monotonic() + 30
        while not port_file.exists() or not port_file.read_text().strip():
            assert board.poll() is None, board.communicate()
            assert time.monotonic() < end, "the virtual board did not start"
            time.sleep(0.05)
        port = port_file.read_text().strip()
        r = _run(bin_dir, elsewhere, "flash", "--port", port, "--profile", "grid8", "--quiet", timeout=180)
        assert r.returncode == 0, r.stdout + r.stderr
        assert (flash_dir / "main.py").is_file()
        assert list(flash_dir.rglob("nightboard/__init__.mpy"))  # compiled from the wheel's copy
        assert "grid8" in (flash_dir / "profile.json").read_text()
    finally:
        board.send_signal(signal.SIGINT)
        board.communicate(timeout=30)


def test_a_missing_virtual_extra_is_named(tmp_path, elsewhere):
    """Without the [virtual] extra the virtual board says which extra to install."""
    from nightboard_host.emulation import virtual_board

    cwd, env = elsewhere
    code = ("import sys, shutil; from nightboard_host.emulation import virtual_board as v; shutil.which = lambda *a, **k: None\n"
            "try:\n v.micropython_exe()\nexcept v.VirtualBoardError as e:\n print(e)\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=str(cwd), capture_output=True, text=True,
                       env=dict(env, PYTHONPATH="%s:%s" % (ROOT / "firmware", ROOT / "host")))
    assert "nightboard[virtual]" in r.stdout, r.stdout + r.stderr
    assert virtual_board.VirtualBoardError  # the module imports on its own


def test_commands_that_work_on_the_repository_say_so(installed, elsewhere):
    _wheel, bin_dir = installed
    for args in (("bench", "--quick"), ("diagram", "--all", "--check")):
        r = _run(bin_dir, elsewhere, *args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert "works on a checkout of the repository" in r.stderr and "Traceback" not in r.stderr


def test_party_serves_its_pages_from_another_directory(installed, elsewhere):
    """`nightboard party` from the wheel: the simulated table, the table page and the files it loads."""
    import re
    import socket
    import urllib.error
    import urllib.request

    wheel, bin_dir = installed
    names = set(zipfile.ZipFile(wheel).namelist())
    for rel in ("party/table.html", "party/seat.html", "party/table.js", "party/seat.js", "party/party.css",
                "table-canvas.js"):
        assert "nightboard_host/pages/" + rel in names, rel
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    cwd, env = elsewhere
    proc = subprocess.Popen([str(bin_dir / "nightboard"), "party", "--http-port", str(port)], cwd=str(cwd), env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, preexec_fn=sigint_default)
    try:
        url = None
        end = time.monotonic() + 60
        while url is None and time.monotonic() < end:
            line = proc.stdout.readline()
            assert line or proc.poll() is None, "nightboard party ended: %s" % proc.stdout.read()
            m = re.search(r"(http://127\.0\.0\.1:%d/t/\S+)" % port, line)
            url = m.group(1) if m else None
        assert url, "no table page's address printed"
        page = urllib.request.urlopen(url, timeout=20).read().decode()
        assert "<canvas" in page and "/s/" in page  # the join codes
        for name in ("table.js", "seat.js", "party.css", "table-canvas.js"):
            assert urllib.request.urlopen("http://127.0.0.1:%d/static/%s" % (port, name), timeout=20).status == 200
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen("http://127.0.0.1:%d/t/wrong" % port, timeout=20)
        assert e.value.code == 403
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
