"""`make bench` figures from the emulated Pico: real MicroPython 1.28 for the RP2040 under rp2040py.

Every figure is in emulated time and labelled "emulated RP2040, lower bound": the emulator counts no
flash wait states and writes flash instantly, so a real Pico takes at least this long (flash writes
much longer). A frame's figure is its work: the time tick() took (buttons, game, save step,
protocol, drawing, sending), not counting the wait for the next frame.

What is run comes from the games' facts, never from a name here (games/index.py, GAME, TOOLS):
- a session on the stock image (.mpy files in the filesystem, flashed by `nightboard flash` on the emulated
  Pico with an earlier game's save on it: emulation/flashed.py): boot, the start menu idle, the
  index's first game started over the protocol on the table its TOOLS name, one turn in which every
  player presses ok, its animation and save, then the protocol asked;
- at the REPL of a freshly flashed board stopped at its start menu, every game of the index asked for its
  board player's move (board_move), at once and spread over frames as the table does, for its own seat
  (TOOLS "board_seats") or one it takes (started as TOOLS["bench"]["thinking"] says), at positions reached
  on the host early and later in a game (the board's mind, timed on the board);
- the same session, shorter, on the ROMFS image with the code in ROMFS, for as many of the index's
  games (in its order) as fit its partition (every game, in the image the project ships): boot and the heap there;
- each game whose TOOLS["bench"] gives "board_only" (start options in which the board plays every seat),
  started so over the protocol on its bench's table: every frame of the board's own turns for
  BOARD_ONLY_MS (its thinking, each turn's rules, animation and save).

The part pico_heap (measure_heap, below) runs the bench's heap script itself on the emulated Pico.
"""

from nightboard_host.emulation.mpy_runner import params, program

LABEL = "emulated RP2040, lower bound"
FRAME_US = 16_667


BOARD_ONLY_MS = 6000  # emulated ms of a game the board plays alone, from a second after its start


def _stats(works):
    if not works:
        return None
    w = sorted(works)
    return {"frames": len(w), "median_ms": round(w[len(w) // 2] / 1000, 2), "max_ms": round(w[-1] / 1000, 2)}


def _window(run, a, b):
    return [w for s, w in run.ticks if a <= s < b]


def _parts_max(run, name, a=0, b=1 << 62):
    got = [d for n, s, d in run.parts if n == name and a <= s < b]
    return round(max(got) / 1000, 2) if got else None


def plan():
    """What to run, from the index: {"game", "profile", "players", "deciders": [(game, seat)], "romfs_games"}."""
    from nightboard.games import index
    from nightboard.table.tablefit import ProfileError, check_players
    from nightboard_host.commands import play

    first = index.names()[0]
    tools = index.tools(first)
    profile = play.load(tools["profile"])
    lo, hi = tools["players"]
    players = lo
    for n in range(hi, lo - 1, -1):  # the most players its table hosts
        try:
            check_players(profile, index.facts(first), n)
        except ProfileError:
            continue
        players = n
        break
    deciders = []
    for g in index.names():  # every game's board player (board_move): its own seat, or a player's it takes
        t = index.tools(g)
        think = (t.get("bench") or {}).get("thinking") or {}  # the game as its bench starts it for the board
        n = think.get("players", t["players"][0])
        # the board's own seat comes after the players' (docs/games.md); else it takes a seat it plays
        deciders.append((g, n if t.get("board_seats") else None, n, think.get("options", {})))
    return {"game": first, "profile": tools["profile"], "players": players, "deciders": deciders,
            "romfs_games": romfs_games()}


def romfs_games():
    """The longest run of the index's games, from its start, whose code fits the ROMFS partition."""
    from nightboard.games import index
    from nightboard_host.flashing import build, romfs as flash_romfs
    from nightboard_host.emulation.pico_emu import ARCH, MPY_SUB, romfs_partition

    fw = build.default_firmware_dir()
    games = index.names()
    c = build.Compiler(MPY_SUB, ARCH)
    part = romfs_partition()
    while games and part:
        if len(flash_romfs.build_image("0", build.build(fw, c, games, "rp2"))) <= part[1]:
            return games
        games = games[:-1]
    return []


PLIES = (0, 12, 40)  # the positions a board player is timed at: the opening, early and later in the game


def _positions(game, seat, players, options=None, seed=1, plies=PLIES, limit=400):
    """[(ply, JSON text, seat)]: positions of `game` (with `players` players and new_game's `options`) where
    the board would move for `seat` (None: the first seat to move that the board plays, else the first to
    move), after about each of `plies` plies; the seats take their first legal action in between (on the
    host: the same engine)."""
    import json

    from nightboard.games import index

    g = index.module(game).new_game(seed, players, **(options or {}))
    out = []
    want = list(plies)
    for ply in range(limit):
        if not want or (g.over() if callable(g.over) else g.over):
            break
        seats = g.to_move()
        ours = [s for s in seats if g.board_plays(s)] if hasattr(g, "board_plays") else seats
        if ply >= want[0] and (seat in seats if seat is not None else ours):
            out.append((ply, json.dumps(g.to_json()), ours[0] if seat is None else seat))
            want.pop(0)
        s = seats[0]
        g.apply(s, g.legal(s)[0])
    return out


# Each position's game as the table has it (programs/pico_setup.py: GAME, POSITION, SEAT in front), then its
# board player's decision at once (pico_decide.py) or spread over frames as the table does (pico_think.py).
SETUP = program(__file__, "pico_setup")
DECIDE = SETUP + program(__file__, "pico_decide")
THINK = SETUP + program(__file__, "pico_think")


def _at(program_text, game, position, seat):
    """A REPL line that runs a program of the position's game, its parameters in front."""
    return "exec(%r)" % (params({"GAME": game, "POSITION": position, "SEAT": seat}) + program_text)


def board_thinking(emu, deciders):
    """{game: {"frame_worst_ms", "decision_ms", "frames"}} of the board player's decision spread over frames
    (the worst over the positions of _positions), emulated; games without board_steps decide in one frame."""
    out = {}
    for game, seat, players, options in deciders:
        worst = None  # (decision us, worst frame us, frames)
        why = None
        for _ply, pos, who in _positions(game, seat, players, options):
            text = emu.repl(_at(THINK, game, pos, who), 300_000).decode("utf-8", "replace")
            got = [ln.split()[1:] for ln in text.splitlines() if ln.startswith("THINK ")]
            if not got:
                why = why or " ".join(text.strip().splitlines()[-2:])[-200:]  # THINKNO, or the error
                continue
            frame, total, frames = (int(x) for x in got[0])
            if worst is None or total > worst[0]:
                worst = (total, frame, frames)
        emu.repl("exec(%r)" % FORGET)
        if worst is None:
            out[game] = why or "no position with the board to move"
        elif worst[2] == 1 and worst[0] < 1000:
            out[game] = "not spread: this game has no board_steps (its move is decided at once: board_decision_ms)"
        else:
            out[game] = {"frame_worst_ms": round(worst[1] / 1000, 1), "decision_ms": round(worst[0] / 1000, 1),
                         "frames": worst[2]}
    return out


# After a game's positions: its modules dropped, so that the next game's mind has the heap the table left
# (the table stopped at the REPL still holds its own game; five games' minds at once do not fit beside it).
FORGET = program(__file__, "pico_forget")


def board_decisions(emu, deciders):
    """{game: {"worst_ms", "ms_at_ply"}} of its board_move at the board's REPL (the table stopped), emulated
    ms, at each position of _positions."""
    out = {}
    for game, seat, players, options in deciders:
        got = {}
        for ply, pos, who in _positions(game, seat, players, options):
            text = emu.repl(_at(DECIDE, game, pos, who), 300_000).decode("utf-8", "replace")
            ms = [ln.split()[1] for ln in text.splitlines() if ln.startswith("DECIDE ")]
            if not ms:
                got[ply] = " ".join(text.strip().splitlines()[-2:])[-200:]
                continue
            got[ply] = round(int(ms[0]) / 1000, 1)
        emu.repl("exec(%r)" % FORGET)
        times = [v for v in got.values() if isinstance(v, float)]
        out[game] = {"worst_ms": max(times) if times else None, "ms_at_ply": got} if got else \
            "no position with the board to move"
    return out


def _session(p, romfs_games=None):
    """The bench's session; with .mpy files on a board flashed as users flash it (emulation/flashed.py: the
    real `nightboard flash` on the emulated Pico, an earlier game's save on it; made once, then cached)."""
    from nightboard_host.emulation.pico_emu import play_on_board

    short = romfs_games is not None
    acts = [("wait", 300 if short else 500), ("mark", "menu_end"),
            ("request", {"req": "start", "game": p["game"], "players": p["players"], "seed": 1}),
            ("mark", "start"), ("wait", 600), ("mark", "turn")]
    acts += [("click", f, "ok") for f in range(p["players"])]
    acts += [("mark", "resolved"), ("wait", 1000 if short else 2200), ("mark", "end")]
    if not short:
        acts += [("request", {"req": "hello"}), ("request", {"req": "state"}), ("request", {"req": "frame"})]
    # With the code in ROMFS the heap in use is the figure (GUIDE's budget): sampled after a collection every
    # other frame; the timing session samples without one, every 10th frame.
    used = None
    if not short:
        from nightboard_host.emulation.flashed import used_board

        used = used_board(p["profile"])
    return play_on_board(p["profile"], acts, heap_every=2 if short else 10, romfs_games=romfs_games,
                         heap_collect=short, used=used, boot_timeout_ms=8000)


def board_only_turns():
    """{game: figures} of each game whose TOOLS["bench"] gives "board_only", played by the board alone on its
    bench's table from a second after its start (the start's frame and first save left out) for
    BOARD_ONLY_MS: frames, the longest (and whether it was held: a collection, a flash write...), and those
    over two frame times."""
    from nightboard.games import index
    from nightboard_host.emulation.pico_emu import play_on_board

    out = {}
    for game in index.names():
        bench = index.tools(game).get("bench") or {}
        start = bench.get("board_only")
        if start is None:
            continue
        profile = bench.get("profile") or index.tools(game)["profile"]
        acts = [("wait", 500), ("request", dict(start, req="start", game=game)), ("wait", 1000), ("mark", "from"),
                ("wait", BOARD_ONLY_MS), ("mark", "end"), ("request", {"req": "state"})]
        r = play_on_board(profile, acts)
        frames = [(w, r.held[i]) for i, (s, w) in enumerate(r.ticks) if r.marks["from"] <= s < r.marks["end"]]
        over = sorted((round(w / 1000, 1) for w, _h in frames if w > 2 * FRAME_US), reverse=True)
        worst = max(frames) if frames else (0, 0)
        state = r.replies[-1][1] if r.replies else {}
        out[game] = {"profile": profile, "start": start, "frames": len(frames), "max_ms": round(worst[0] / 1000, 2),
                     "max_held": bool(worst[1]), "over_2_frame_times": len(over), "over_ms": over[:12],
                     "described": (state.get("describe") or [""])[0]}
    return out


def board_at_the_menu(profile):
    """A freshly flashed board stopped at the REPL from its start menu: the heap a game's setup finds there
    (after the session, its own game and save would leave too little for another game's modules)."""
    from nightboard_host.emulation.pico_emu import board_files, littlefs_image, powered_on

    emu = powered_on(profile, littlefs_image(board_files(profile)))
    emu.stop_to_repl()
    return emu


def second_boot_ms(profile, emu):
    """Power-on of the board flashed as users flash it (emulation/flashed.py: the profile's check written by
    the flash, an earlier game's save on it), without the probe: (ms to the first frame, which says that the
    save is being read, ms to the resume question's first frame, after the frame that reads it). (`emu`, the
    session's board, is no longer used: its filesystem was rebuilt on the host, compact, before.)"""
    from nightboard_host.emulation.flashed import used_board
    from nightboard_host.emulation.pico_emu import powered_on

    board = powered_on(profile, used_board(profile))
    board.run_until(lambda: len(board.frames) > 1, 6000, "the resume question's first LED frame")
    return round(board.frames[0].t_us / 1000, 1), round(board.frames[1].t_us / 1000, 1)


def _heap(run, collected=False):
    """The session's heap figures, the probe's own arrays left out (probe_bytes says how much that was)."""
    if not run.heap:
        return None
    used, free, peak, probe = run.heap
    return {"in_use_after_session": used - probe, "heap_total": used + free,
            ("worst_in_use" if collected else "worst_sampled_with_garbage"): peak - probe,
            "probe_bytes": probe}


def measure():
    """The figures (a dict), or {"skipped": why} when the emulated Pico cannot run here."""
    from nightboard_host.emulation.pico_emu import find_image, missing_reason

    why = missing_reason()
    if why:
        return {"skipped": why}
    p = plan()
    out = {"label": LABEL, "session": "%s, %d players, on %s" % (p["game"], p["players"], p["profile"])}
    v = _session(p)
    m = v.marks
    out["boot_to_first_frame_ms"] = round(v.boot_us / 1000, 1)
    out["frame_idle_menu"] = _stats(_window(v, m["first_frame"] + 100_000, m["menu_end"]))
    # from the menu's end: the start request is answered after the frame that starts the game
    out["frame_game_start_ms"] = round(max(_window(v, m["menu_end"], m["turn"]) or [0]) / 1000, 2)
    out["frame_turn_and_save_max_ms"] = round(max(_window(v, m["turn"], m["end"]) or [0]) / 1000, 2)
    out["frame_animation"] = _stats(_window(v, m["resolved"] + 200_000, m["end"]))
    out["save_begin_ms"] = _parts_max(v, "_save", m["turn"], m["end"])
    out["save_step_max_ms"] = _parts_max(v, "_save_step", m["turn"], m["end"])
    out["frames_over_2_frame_times_in_turn"] = len([w for w in _window(v, m["turn"], m["end"]) if w > 2 * FRAME_US])
    out["protocol_reply_ms"] = {r["req"]: round(ms, 1) for r, _rep, ms in v.replies if r["req"] != "start"}
    out["protocol_start_reply_ms"] = round([ms for r, _rep, ms in v.replies if r["req"] == "start"][0], 1)
    out["heap_mpy"] = _heap(v)
    first, question = second_boot_ms(p["profile"], v.emu)
    out["boot_to_first_frame_second_power_on_ms"] = first  # with the session's game saved on the flash
    out["boot_to_resume_question_ms"] = question
    menu = board_at_the_menu(p["profile"])
    out["board_decision_ms"] = board_decisions(menu, p["deciders"])
    out["board_thinking_spread_over_frames"] = board_thinking(menu, p["deciders"])
    out["board_only_games"] = board_only_turns()
    if find_image(True) is None:
        out["romfs"] = {"skipped": "no MicroPython image with a ROMFS partition (NIGHTBOARD_PICO_ROMFS_UF2)"}
    elif not p["romfs_games"]:
        out["romfs"] = {"skipped": "not even one game's code fits the ROMFS partition"}
    else:
        r = _session(p, p["romfs_games"])
        out["romfs"] = {"games": p["romfs_games"], "boot_to_first_frame_ms": round(r.boot_us / 1000, 1),
                        "heap": _heap(r, True),
                        "frame_turn_and_save_max_ms": round(max(_window(r, r.marks["turn"], r.marks["end"])
                                                                or [0]) / 1000, 2)}
    return out


# --- the bench's heap script on the real rp2 port ------------------------------------------------------
# `make bench`'s heap figures come from the unix port and from MicroPython's 32-bit WASI build. This part
# runs the very same script (bench/scripts.py HEAP, the game played as bench.bench_game plays it, the table on
# the simulated hal, saves to files) on MicroPython 1.28 for the RP2040 in the emulator, the code in the
# ROMFS partition as `flash --romfs --games` lays it out or as .mpy files in the filesystem. Like the other
# ways it counts from the heap in use when the script starts (`base`), so MicroPython's own heap before
# main.py (its filesystems' buffers and objects) is left out of the figures and given apart
# (`micropython_own`): the board's total in use is the two added.

HEAP_GAME_MS = 1_800_000  # emulated ms allowed for a whole bench game (about 60 s of emulated time seen)
OWN = b"import gc\ngc.collect()\nprint('OWN', gc.mem_alloc(), gc.mem_free())\n"


def _heap_board(game, romfs):
    """(PicoEmu, None) ready to boot: the bench's heap script as main.py, the game's code (and the simulated hal
    the script drives) in ROMFS or as .mpy files in /nb, the bench's board folder (profile and its check) in
    /board, saves in /store."""
    import tempfile
    from pathlib import Path

    from nightboard_host.bench import costs as bench, scripts as S
    from nightboard_host.flashing import build
    from nightboard_host.flashing.romfs import build_image
    from nightboard_host.emulation.pico_emu import ARCH, MPY_SUB, PicoEmu, find_image, littlefs_image

    g = bench.bench_game(game)
    fw = build.default_firmware_dir()
    built = dict(build.build(fw, build.Compiler(MPY_SUB, ARCH), [game], "rp2"))
    built.pop("main.py", None)
    compiled = bench.compiled_firmware()
    for rel in ("nightboard/hal/sim.mpy", "nightboard/hal/sim_serial.mpy"):  # the bench's table is simulated
        built[rel] = (compiled / rel).read_bytes()
    for p in bench.FAKES.glob("*.py"):
        built[p.name] = p.read_bytes()
    where = "/rom" if romfs else "/nb"
    with tempfile.TemporaryDirectory() as tmp:
        board = bench.checked_board(Path(tmp) / "board", g["profile"])
        files = {"/board/" + p.name: p.read_bytes() for p in board.iterdir()}
    files["/store/.keep"] = b""
    files["/heapbench.py"] = ("import sys\nsys.path.insert(0, %r)\nBOARD = '/board'\nSTART = %r\nSTORE = '/store'\n"
                              % (where, g["start"]) + g["drive"] + S.HEAP).encode()
    files["/main.py"] = b"import heapbench\n"
    rom = None
    if romfs:
        rom = build_image("heap bench", {k: v if isinstance(v, bytes) else v.encode() for k, v in built.items()})
    else:
        files.update({"/nb/" + k: v if isinstance(v, bytes) else v.encode() for k, v in built.items()})
    return PicoEmu(g["profile"], fs=littlefs_image(files), image=find_image(romfs), romfs=rom)


def heap_on_board(game, romfs):
    """The bench's heap figures of `game` on the emulated Pico (as bench.heap gives them: boot, setup, worst,
    the game's end, the interned names), or {"skipped": why}."""
    from nightboard_host.bench import costs as bench
    from nightboard_host.emulation.pico_emu import find_image

    if find_image(romfs) is None:
        return {"skipped": "no MicroPython image%s for the emulated Pico" % (" with a ROMFS partition" if romfs else "")}
    emu = _heap_board(game, romfs)
    emu.run_until(lambda: b">>> " in emu.out, HEAP_GAME_MS, "the end of the bench's game")
    text = bytes(emu.out).decode("utf-8", "replace")
    lines = [ln for ln in text.splitlines() if ln.startswith("{") or ln.startswith("qstr pool")]
    if not any(ln.startswith("{") for ln in lines):
        return {"skipped": "the script stopped: %s" % text.strip()[-300:]}
    out = bench._json_and_qstrs("\n".join(lines))
    out["emulated_s"] = round(emu.now_us() / 1e6, 1)
    return out


def micropython_own(profile, romfs=True):
    """MicroPython's own heap in use when main.py starts (after a collection), on the emulated Pico wired as
    `profile` says: what the bench's figures leave out. With a ROMFS partition both filesystems are mounted."""
    from nightboard_host.flashing.romfs import build_image
    from nightboard_host.emulation.pico_emu import PicoEmu, find_image, littlefs_image

    emu = PicoEmu(profile, fs=littlefs_image({"/main.py": OWN}), image=find_image(romfs),
                  romfs=build_image("own", {"own.txt": b"a ROMFS image to mount"}) if romfs else None)
    emu.run_ms(1000)
    emu.send(b"\r")  # the USB serial passes on what was printed once the host has sent something
    emu.run_until(lambda: b">>> " in emu.out, 6000, "the heap printed")
    for ln in bytes(emu.out).decode("utf-8", "replace").splitlines():
        if ln.startswith("OWN "):
            used, free = (int(x) for x in ln.split()[1:3])
            return {"in_use": used, "heap_total": used + free}
    return None


def largest_game(results=None):
    """The game of the index with the highest worst point at 32-bit ROMFS in `results` (the committed baseline
    by default); the index's first when none is known."""
    from nightboard.games import index
    from nightboard_host.bench import costs as bench

    results = bench.load_previous() if results is None else results
    known = [((results or {}).get("heap_%s_32_romfs" % g) or {}).get("worst") or 0 for g in index.names()]
    return index.names()[known.index(max(known))] if max(known) else index.names()[0]


def measure_heap():
    """`make bench`'s pico_heap part: the largest game's heap by the bench's own script on the emulated Pico,
    code in ROMFS and as .mpy files (run side by side, one process each), and MicroPython's own heap."""
    from concurrent.futures import ProcessPoolExecutor

    from nightboard_host.bench.costs import bench_game, heap
    from nightboard_host.emulation.pico_emu import missing_reason

    why = missing_reason()
    if why:
        return {"skipped": why}
    game = largest_game()
    with ProcessPoolExecutor(max_workers=2) as pool:
        rom, mpy = pool.submit(heap_on_board, game, True), pool.submit(heap_on_board, game, False)
        rom, mpy = rom.result(), mpy.result()
    own = micropython_own(bench_game(game)["profile"])
    end = heap(game).get("end")  # the unix port's game: a run counts when it ended in the very same state
    for figs in (rom, mpy):
        if "end" in figs:
            figs["same_game"] = figs.pop("end") == end
    out = {"label": LABEL, "game": game, "romfs": rom, "mpy": mpy, "micropython_own": own}
    for way, figs in (("romfs", rom), ("mpy", mpy)):  # the board's whole heap in use at the worst point
        worst = figs.get("worst")
        out["board_total_worst_" + way] = worst + own["in_use"] if isinstance(worst, int) and own else None
    return out
