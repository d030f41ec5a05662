"""`make bench` figures from the emulated Pico: real MicroPython 1.28 for the RP2040 under rp2040py.

Two sessions played through the board's emulated buttons, with the frame timing probe of
pico_emu.py: a 4-family VampiRing game on the ring table (started from the menu, one whole turn,
its animation and its save) and a 4-hunter Dracula hunt on the grid table (a round of hunters'
moves and Dracula's night, his mind timed). Every figure is in emulated time and labelled
"emulated RP2040, lower bound": the emulator counts no flash wait states and writes flash
instantly, so a real Pico takes at least this long (flash writes much longer).

A frame's figure is its work: the time tick() took (buttons, game, save step, protocol, drawing,
sending), not counting the wait for the next frame.
"""

LABEL = "emulated RP2040, lower bound"
FRAME_US = 16_667


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


def vampiring_session():
    from nightboard_host.pico_emu import play_on_board

    acts = [("wait", 500), ("mark", "menu_end"),
            ("click", 0, "move"), ("click", 0, "mode"), ("click", 0, "mode"),  # players: 2 -> 4
            ("mark", "start"), ("click", 0, "ok"), ("wait", 700), ("mark", "turn")]
    acts += [("click", f, "ok") for f in range(4)]
    acts += [("mark", "resolved"), ("wait", 2200), ("mark", "end"),
             ("request", {"req": "hello"}), ("request", {"req": "state"}), ("request", {"req": "frame"})]
    return play_on_board("ring4", acts, heap_every=10,
                         timed=(("nightboard.table.vampiring_play", "VampiRingPlay", "start_animation"),))


def dracula_session(hunters=4, steps=6):
    from nightboard_host.pico_emu import play_on_board

    def hunter_moves(emu, run):
        """The active hunter moves (asked over the protocol); during Dracula's night, wait for him."""
        done = run.marks.setdefault("steps", [])
        tries = run.marks.setdefault("tries", [0])
        if len(done) >= steps or tries[0] > 40:
            return []
        tries[0] += 1
        reply, _ms = emu.request({"req": "state"})
        h = (reply.get("state") or {}).get("active")
        if h is None:
            return [("wait", 300), hunter_moves]
        done.append(emu.now_us())
        return [("click", h, "mode")] * (len(done) % 3) + [("click", h, "move"), ("click", h, "ok"), ("wait", 900),
                                                           hunter_moves]

    acts = [("wait", 300), ("mark", "idle_from"), ("wait", 500), ("mark", "idle_to"),
            ("request", {"req": "start", "game": "dracula", "players": hunters, "seed": 21, "level": 3}),
            ("mark", "started"), ("wait", 600), ("mark", "grid_from"), ("wait", 500), ("mark", "grid_to"),
            hunter_moves, ("wait", 1500), ("mark", "end")]
    return play_on_board("grid8", acts, heap_every=10,
                         timed=(("nightboard.games.dracula.mind", None, "decide"),))


def measure():
    """The figures (a dict), or {"skipped": why} when the emulated Pico cannot run here."""
    import os

    from nightboard_host.pico_emu import missing_reason

    why = missing_reason()
    if why:
        return {"skipped": why}
    if os.environ.get("NIGHTBOARD_BENCH_PICO") != "1":
        # Two emulated sessions take tens of minutes of a busy 2-core machine (over 40 in the one try).
        return {"skipped": "set NIGHTBOARD_BENCH_PICO=1 to run the firmware on the emulated Pico (slow)"}
    out = {"label": LABEL}
    v = vampiring_session()
    m = v.marks
    out["boot_to_first_frame_ms"] = round(v.boot_us / 1000, 1)
    out["frame_idle_menu"] = _stats(_window(v, m["first_frame"] + 100_000, m["menu_end"]))
    out["frame_game_start_ms"] = round(max(_window(v, m["start"], m["turn"])) / 1000, 2)
    out["frame_turn_and_save_max_ms"] = round(max(_window(v, m["turn"], m["end"])) / 1000, 2)
    out["frame_animation"] = _stats(_window(v, m["resolved"] + 200_000, m["end"]))
    out["turn_resolve_ms"] = _parts_max(v, "start_animation", m["turn"], m["end"])
    out["save_begin_ms"] = _parts_max(v, "_save", m["turn"], m["end"])
    out["save_step_max_ms"] = _parts_max(v, "_save_step", m["turn"], m["end"])
    out["frames_over_2_frame_times_in_turn"] = len([w for w in _window(v, m["turn"], m["end"]) if w > 2 * FRAME_US])
    out["protocol_reply_ms"] = {r["req"]: round(ms, 1) for r, _rep, ms in v.replies}
    if v.heap:
        out["heap_vampiring_4"] = {"in_use_after_turn": v.heap[0], "heap_total": v.heap[0] + v.heap[1],
                                   "peak_sampled_with_garbage": v.heap[2]}
    d = dracula_session()
    dm = d.marks
    out["frame_idle_grid_menu"] = _stats(_window(d, dm["idle_from"], dm["idle_to"]))
    out["frame_dracula_grid"] = _stats(_window(d, dm["grid_from"], dm["grid_to"]))
    decide = [dd for n, _s, dd in d.parts if n == "decide"]
    out["dracula_mind_decision_ms"] = round(max(decide) / 1000, 1) if decide else None
    out["frame_dracula_round_max_ms"] = round(max(_window(d, dm["grid_from"], dm["end"])) / 1000, 2)
    out["dracula_moves_played"] = len(dm.get("steps", []))
    if d.heap:
        out["heap_dracula_4"] = {"in_use_in_round": d.heap[0], "heap_total": d.heap[0] + d.heap[1],
                                 "peak_sampled_with_garbage": d.heap[2]}
    return out
