"""The browser table's firmware in MicroPython's WebAssembly port (under node) draws every frame as CPython
does: for every game of the index and the start menu, a scripted session (tests/helpers/web_session.py: the
page's own entry points, the same presses from the same seeds) hashed frame by frame on both."""

import json
import subprocess

import pytest

from nightboard.games import index
from web_session import SESSIONS, Session
from web_site import ROOT, build_site, need_node

FRAMES = 2500
pytestmark = pytest.mark.web


@pytest.fixture(scope="module")
def wasm_runs(tmp_path_factory):
    node = need_node()
    site = build_site(tmp_path_factory.mktemp("site"))
    specs = [json.dumps(list(s)) for s in SESSIONS]
    out = subprocess.run([node, str(ROOT / "tests" / "web" / "node_session.mjs"), str(site),
                          str(ROOT / "tests" / "helpers" / "web_session.py"), str(FRAMES)] + specs,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    runs = [json.loads(line) for line in out.stdout.splitlines()]
    return {tuple(r["spec"]): r for r in runs}


def test_every_game_has_a_session():
    assert sorted(s[0] for s in SESSIONS if s[0]) == sorted(index.names())


@pytest.mark.parametrize("spec", SESSIONS, ids=[s[0] or "menu" for s in SESSIONS])
def test_frames_match_cpython(wasm_runs, spec):
    game, players, seed, profile = spec
    text = (ROOT / "hardware" / "profiles" / ("%s.json" % profile)).read_text()
    mine = Session(text, game, players, seed).hashes(FRAMES)
    theirs = wasm_runs[tuple(spec)]["hashes"]
    assert len(theirs) == len(mine) == 16 * FRAMES
    if theirs != mine:
        first = next(i for i in range(FRAMES) if theirs[16 * i:16 * i + 16] != mine[16 * i:16 * i + 16])
        pytest.fail("%s: frame %d differs between the wasm port and CPython (of %d)" % (spec, first, FRAMES))
    summary = wasm_runs[tuple(spec)]["summary"]
    if game is not None:
        assert summary["events"] > 0, summary  # the session played: its presses made the game move
