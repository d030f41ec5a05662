"""A scripted session of the browser table (web/py/webtable.py), the same on CPython and in MicroPython's
WebAssembly port: the page's own entry points (start, press, tick), presses drawn from a seeded PRNG, and
each frame's colours hashed. tests/web/ runs it under both and compares the hashes frame by frame
(tests/web/node_session.mjs calls step() once per call from JavaScript, as the page calls tick()).

SESSIONS: (game or None for the start menu, players, seed, profile): every game of the index on its own
table, and the start menu."""

import hashlib
import json
import sys

if sys.implementation.name != "micropython":  # the page's module, from the repository (the port has it in /lib)
    import os

    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "web", "py"))

import webtable  # noqa: E402
from nightboard.prng import Prng  # noqa: E402

FRAME_MS = 16
HOLD_EVERY = 5  # a button goes down or up every this many frames
SESSIONS = (
    (None, 0, 3, "ring4"),
    ("vampiring", 3, 5, "ring4"),
    ("dracula", 2, 7, "grid8"),
    ("vampire_cards", 3, 11, "ring4"),
    ("vampire_nights", 2, 13, "grid8"),
    ("vampempire", 2, 17, "hex8"),
)


def fixed_random(n):
    """The table's random bytes, the same on both interpreters (its board key; the seeds are given)."""
    return "5a" * n


class Session:
    def __init__(self, profile_text, game, players, seed):
        start = json.dumps({"game": game, "players": players, "seed": seed}) if game else None
        self.shape = json.loads(webtable.start(profile_text, webtable.DictStore(), fixed_random, start))
        self.table = webtable.TABLE[0].table
        self.prng = Prng(seed)
        self.players = players or 1
        self.held = None
        self.frames = 0

    def step(self):
        """One frame (presses first, as the page's events come between frames); its colours' hash."""
        if self.frames % HOLD_EVERY == 0:
            if self.held is not None:
                webtable.press(self.held, False)
                self.held = None
            else:
                keys = [i for i in range(len(self.shape["buttons"])) if self.shape["buttons"][i][0] < self.players]
                self.held = keys[self.prng.below(len(keys))]
                webtable.press(self.held, True)
        webtable.tick(FRAME_MS)
        self.frames += 1
        return hashlib.sha256(bytes(self.table.frame.rgb)).digest()[:8]

    def hashes(self, n):
        """n frames' hashes as one hex string, 16 characters a frame (CPython's side of the comparison)."""
        out = []
        for _ in range(n):
            out.append(self.step())
        return "".join("%02x" % b for h in out for b in h)


SESSION = []


def begin(profile_text, spec_json):
    """Start session spec (JSON [game, players, seed, profile]) -- called from JavaScript."""
    game, players, seed, _profile = json.loads(spec_json)
    del SESSION[:]
    SESSION.append(Session(profile_text, game, players, seed))


def step():
    """One frame of the session begun; its hash in hex -- called from JavaScript once per frame."""
    return "".join("%02x" % b for b in SESSION[0].step())


def summary():
    t = SESSION[0].table
    g = t.game
    return json.dumps({"mode": t.mode, "turn": g.turn if g is not None else 0, "over": bool(g is not None and g.over),
                       "frames": t.frames, "events": t.log_mark})
