"""Where the board's whole heap goes, on the emulated Pico with the code in ROMFS: `python -m
nightboard_host.emulation.heap_map [GAME|menu ...] [--holders] [--map]`.

The board is the one the ROMFS evening plays (pico_emu.romfs_board: every game's code in the ROMFS partition of
the shipped image, grid8), with one change: the loader in the filesystem (/main.py) puts a hook on `import`
before it runs the firmware's main.py. The hook collects the heap before and after every import of a module not
yet loaded and keeps (module, bytes in use after it less before, depth) in a list made before anything else
(the retained cost: module dict, functions and classes, module-level data, and the interned names, which
ROMFS does not keep in flash; nested imports are counted in their parent too, `own` is without them). Then, for
each game: the heap in use at the start menu (the protocol's `memory`, a host talking), the game started by
`start` (seed 7) and read again, the table stopped with Ctrl-C and, at the REPL, the import log, the number of
interned names and their bytes (micropython.qstr_info) and the heap's block map (micropython.mem_info(1),
printed with --map). With --holders, the game's state, its controller and the table then let go of their
attributes one at a time, a collection after each: what each held alone (some minutes more).
The hook's base is the heap in use once the loader has made its hook: MicroPython's own heap (littlefs
buffers, the ROMFS mount, sys.path, sys.modules: 4,336 B measured before) and the hook's list and function.

The hook costs that list, its records (some 2 KB in all, counted in every figure here) and a few names; its
collections move where blocks fall, so the figures are what each import keeps, not the layout of an ordinary
boot. Each game is a fresh emulated board:
some minutes of wall time each on a busy machine.
"""

import sys



def _loader():
    """The loader heap_map puts in /main.py (programs/heap_loader.py)."""
    from nightboard_host.emulation.mpy_runner import program

    return program(__file__, "heap_loader")

REPORT = ("import gc, micropython; gc.collect(); print('USED', gc.mem_alloc(), 'HOOKBASE', _hb); "
          "print('LOG', [x for x in _hl if x]); print('MODS', sorted(sys.modules)); micropython.qstr_info(); micropython.mem_info(1)")


# At the REPL after REPORT: each attribute of the game's controller, its game state and the table let go in
# turn (set to None), the heap collected after each: what each holder alone kept (in this order: a buffer two
# holders share is counted at the second).
HOLDERS = ("exec(\"def _drop(o, tag):\\n r = []\\n for k in sorted(o.__dict__):\\n  gc.collect()\\n"
           "  a = gc.mem_alloc()\\n  setattr(o, k, None)\\n  gc.collect()\\n  r.append((tag + k, a - gc.mem_alloc()))"
           "\\n return r\\n\"); _p = table.play; _g = getattr(_p, 'game', None); "
           "print('HOLD', (_drop(_g, 'game.') if _g is not None and hasattr(_g, '__dict__') else []) + "
           "(_drop(_p, 'play.') if _p is not None else []) + _drop(table, 'table.'))")


def own_modules(log):
    """[(module, retained bytes, own bytes, depth)]: own = retained less the nested imports made inside it."""
    out = []
    for i, (name, used, depth) in enumerate(log):
        inner = 0
        j = i - 1
        while j >= 0 and log[j][2] > depth:  # nested imports are logged before their parent (they end first)
            if log[j][2] == depth + 1:
                inner += log[j][1]
            j -= 1
        out.append((name, used, used - inner, depth))
    return out


def _board(profile):
    from nightboard.games import index
    from nightboard_host.emulation.pico_emu import PicoEmu, find_image, romfs_board

    fs, rom = romfs_board(profile, index.names(), extra={"/main.py": _loader().encode()})
    return PicoEmu(profile, fs=fs, image=find_image(True), romfs=rom)


def measure(game, profile="grid8", seed=7, readings=2, holders=False):
    """{'menu': B, 'start': B, 'repl': B, 'log': [...], 'qstr': text, 'map': text} for `game` (None: the menu only)."""
    import ast

    emu = _board(profile)
    emu.run_until(lambda: emu.frames or b"Traceback" in emu.out, 20000, "the LEDs' first frame")
    if not emu.frames:
        raise RuntimeError("the board did not start: %s" % bytes(emu.out[-800:]).decode(errors="replace"))
    emu.request({"req": "hello"}, 10000)
    out = {"menu": min(emu.request({"req": "memory"})[0]["used"] for _ in range(readings))}
    if game is not None:
        req = {"req": "start", "game": game}
        if game != "selftest":
            req["seed"] = seed
        reply, ms = emu.request(req, 10000)
        out["start_ms"] = round(ms)
        out["start"] = min(emu.request({"req": "memory"})[0]["used"] for _ in range(readings))
    emu.stop_to_repl()
    text = emu.repl(REPORT, 60000).decode(errors="replace")
    if holders:
        text += emu.repl(HOLDERS, 120000).decode(errors="replace")
    for line in text.splitlines():
        if line.startswith("USED "):
            parts = line.split()
            out["repl"], out["hookbase"] = int(parts[1]), int(parts[3])
        elif line.startswith("HOLD "):
            out["holders"] = sorted(ast.literal_eval(line[5:]), key=lambda r: -r[1])
        elif line.startswith("MODS "):
            out["modules"] = ast.literal_eval(line[5:])
        elif line.startswith("LOG "):
            out["log"] = own_modules(ast.literal_eval(line[4:]))
    qs = text.find("qstr pool")
    out["qstr"] = text[qs:text.find("\n", qs)].strip() if qs >= 0 else ""
    gcs = text.find("GC:")
    out["map"] = text[gcs:] if gcs >= 0 else text
    return out


def report(game, fig):
    lines = ["== %s: whole heap at the menu %s B, at its start %s B, at the REPL after %s B (hook's base %s B)"
             % (game, fig.get("menu"), fig.get("start"), fig.get("repl"), fig.get("hookbase")),
             "   %s" % fig.get("qstr"), "   retained by each import (B, own without nested imports), biggest first:"]
    for name, used, own, depth in sorted(fig.get("log", []), key=lambda r: -r[2]):
        if not (used or own):  # a built-in module (not kept in sys.modules on MicroPython: it comes by often)
            continue
        lines.append("   %7d %7d  %s%s" % (own, used, "  " * depth, name))
    lines.append("   sum of top-level imports: %d B" % sum(r[1] for r in fig.get("log", []) if r[3] == 0))
    lines.append("   modules loaded at the REPL: %s" % " ".join(fig.get("modules", [])))
    held = [h for h in fig.get("holders", []) if h[1] >= 64]
    if held:
        lines.append("   what each holder alone kept (B, 64 and over): " + ", ".join("%s %d" % h for h in held))
    return "\n".join(lines)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    show_map = "--map" in argv
    games = [a for a in argv if not a.startswith("--")] or [None]
    for game in games:
        fig = measure(None if game == "menu" else game, holders="--holders" in argv)
        print(report(game or "menu", fig), flush=True)
        if show_map:
            print(fig["map"], flush=True)


if __name__ == "__main__":
    main()
