"""`make bench ONLY=evening`: the heap at the tenth start of each program beside the first.

Two ways, side by side:
- on the virtual board (the firmware as `nightboard flash` puts it there, MicroPython's unix port with a Pico's
  heap in its larger objects), each program started STARTS times by the protocol (a fixed seed) and reset, the
  board restarting into its start menu after each (table/fresh.py): the heap in use right after the first and
  the tenth start (gc.collect(), the `memory` request, after the start's own save: at_rest);
- in one MicroPython process that cannot restart (the unix port with mpy_harness's heap, .mpy files), the
  programs in turn, STARTS rounds (programs/evening_cycle.py): the heap free just before the first and the
  tenth start of each. What it loses over the first round is what the restart gives back.
"""

import json
import tempfile
import time
from pathlib import Path

from nightboard.games import index

PROFILE = "grid8"  # seats every game
STARTS = 10


def _programs():
    return index.names() + ["selftest"]


def at_rest(c, expect=None, window_s=2.0):
    """The heap in use once a start's own work is done (its first save is written over the frames after it,
    with some 8 KB of buffers while it lasts, longer on a busy machine): the least of `memory` readings 0.1 s
    apart over `window_s`, or the first within 256 B of `expect` (the same start's figure before)."""
    least = None
    for _ in range(max(1, int(window_s / 0.1))):
        time.sleep(0.1)
        used = c.call("memory")["used"]
        least = used if least is None else min(least, used)
        if expect is not None and least <= expect + 256:
            break
    return least


def on_virtual_board():
    from nightboard_host.emulation.virtual_board import VirtualBoard, VirtualBoardError
    from nightboard_host.flashing import flash
    from nightboard_host.link.client import Client

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            vb = VirtualBoard(Path(tmp) / "flash").start()
        except VirtualBoardError as e:
            return {"skipped": str(e)}
        try:
            flash.flash(vb.port, profile=PROFILE, cache_dir=Path(tmp) / "cache")
            with Client(vb.port, timeout=10) as c:
                menu = [c.call("memory")["used"]]
                for name in _programs():
                    used = []
                    for _ in range(STARTS):
                        c.call("start", game=name, **({} if name == "selftest" else {"seed": 7}))
                        used.append(at_rest(c, used[0] if used else None))
                        c.call("reset")
                        menu.append(c.call("memory")["used"])
                    out[name] = {"first": used[0], "tenth": used[-1], "least": min(used), "most": max(used)}
            out["menu"] = {"first": menu[0], "last": menu[-1], "least": min(menu), "most": max(menu)}
            out["restarts"] = len(vb.exits)
        finally:
            vb.stop()
    return out


def without_restart():
    from nightboard_host.emulation.mpy_runner import ROOT, params, program, run_mpy

    names = _programs()
    code = params({"PROFILE": str(ROOT / "hardware" / "profiles" / (PROFILE + ".json")),
                   "STARTS": STARTS * len(names), "GAMES": names}) + program(__file__, "evening_cycle")
    rows = [json.loads(ln) for ln in run_mpy(code, compiled=True, timeout=900).splitlines() if ln.startswith("{")]
    out = {}
    for r in rows:
        f = out.setdefault(r["game"], {"free_first": None, "free_tenth": None, "refused": 0})
        if f["free_first"] is None:
            f["free_first"] = r["free"]
        f["free_tenth"] = r["free"]
        f["refused"] += 0 if r["ok"] else 1
    return out


def figures():
    return {"profile": PROFILE, "starts": STARTS, "virtual_board": on_virtual_board(),
            "one_process": without_restart()}


def rows(e):
    """The bench report's rows: (figure, value, budget, verdict, change, how)."""
    if not e:
        return []
    out = []
    vb = e.get("virtual_board") or {}
    if "skipped" in vb:
        return [("heap at the tenth start beside the first", "skipped", "-", "", "", vb["skipped"])]
    how = ("virtual board, %s, each program started %d times by the protocol (seed 7) and reset, the board "
           "restarting into its menu after each; `memory` (gc.collect) after the start's save" % (e["profile"], e["starts"]))
    for name in _programs():
        f = vb.get(name)
        if not f:
            continue
        grew = f["tenth"] - f["first"]
        out.append(("heap in use at the 1st / 10th start: %s (B)" % name, "%d / %d" % (f["first"], f["tenth"]),
                    "the same, within a few hundred B", "inside" if abs(grew) <= 512 else "OUTSIDE", "", how))
    one = e.get("one_process") or {}
    for name in _programs():
        f = one.get(name)
        if not f:
            continue
        out.append(("without the restart: heap free before the 1st / 10th start: %s (B)" % name,
                    "%d / %d" % (f["free_first"], f["free_tenth"]), "-", "", "",
                    "one MicroPython process (unix port, mpy_harness's heap, .mpy), the programs in turn; "
                    "refused for memory: %d" % f["refused"]))
    return out
