"""ruff (pinned in pyproject.toml) keeps the style of firmware/, host/ and tests/ ([tool.ruff] config)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
RUFF = str(BIN / "ruff") if (BIN / "ruff").exists() else "ruff"


def ruff(*args, cwd=ROOT):
    return subprocess.run([RUFF, "check", "--no-cache", *args], capture_output=True, text=True, cwd=cwd, timeout=120)


def test_tree_passes_ruff():
    r = ruff(".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_ruff_catches_an_unused_import_and_an_undefined_name(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n\n\ndef f():\n    return undefined_thing\n")
    r = ruff("--config", str(ROOT / "pyproject.toml"), str(bad), cwd=tmp_path)
    assert r.returncode != 0
    assert "F401" in r.stdout and "F821" in r.stdout
