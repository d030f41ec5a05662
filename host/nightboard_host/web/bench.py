"""`nightboard bench --only web`: the browser table's figures beside the terminal's simulated table.

- bytes over the wire: every file of the built site gzipped (gzip -9, as a server that compresses sends it);
- time to first frame: from the page's navigation to its first frame drawn, headless chromium, local server;
- frame time while animating: the page's tick() (one Table.tick in the wasm port), median and p99 over a few
  seconds of the start menu's animation, and the same for the terminal's simulated table (CPython, the same
  profile and frames), with their ratio.
Without chromium or Playwright, or without the runtime (npm ci), the part says why it was not measured.
"""

import gzip
import os
import statistics
import tempfile
import time
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PROFILE = "ring4"
ANIMATE_S = 4.0


def _p99(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.99 * len(xs)))]


def site_bytes(site):
    raw = packed = 0
    for p in sorted(Path(site).rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            raw += len(data)
            packed += len(gzip.compress(data, 9))
    return raw, packed


def terminal_frames(n):
    """ms per Table.tick of the terminal's simulated table on PROFILE's start menu (CPython)."""
    from nightboard.hal.sim import SimClock, make_sim_hal
    from nightboard.table.app import Table
    from nightboard_host.commands.play import load

    profile = load(PROFILE)
    clock = SimClock(0)
    t = Table(profile, make_sim_hal(profile, clock=clock))
    out = []
    for _ in range(n):
        clock.advance(t.frame_ms)
        a = time.perf_counter()
        t.tick()
        out.append((time.perf_counter() - a) * 1000)
    return out[10:]


def figures():
    from nightboard_host.web import build, serve

    if not os.path.exists(CHROMIUM):
        return {"skipped": "%s is missing (Debian: apt-get install chromium)" % CHROMIUM}
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return {"skipped": "Playwright for Python is missing (the [test] extra: make setup)"}
    with tempfile.TemporaryDirectory() as tmp:
        try:
            site = build.build(Path(tmp) / "web")
        except build.BuildError as e:
            return {"skipped": str(e)}
        raw, packed = site_bytes(site)
        server = serve.serve(site, 0)
        import threading

        threading.Thread(target=server.serve_forever, daemon=True).start()
        try:
            with sync_playwright() as p:
                b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                page = b.new_page()
                page.goto("http://127.0.0.1:%d/?profile=%s" % (server.server_address[1], PROFILE))
                page.wait_for_function("window.nightboard && (window.nightboard.error || window.nightboard.firstFrame())",
                                       timeout=60000)
                first = page.evaluate("window.nightboard.firstFrame()")
                load_ms = page.evaluate("window.nightboard.loadMs")
                page.evaluate("window.nightboard.times.length = 0")
                time.sleep(ANIMATE_S)
                ticks = page.evaluate("window.nightboard.times.slice()")
                b.close()
        finally:
            server.shutdown()
            server.server_close()
    mine = terminal_frames(max(60, len(ticks)))
    web_med, term_med = statistics.median(ticks), statistics.median(mine)
    return {"profile": PROFILE, "bytes": raw, "bytes_gzip": packed, "first_frame_ms": round(first, 1),
            "runtime_load_ms": round(load_ms, 1), "frames": len(ticks),
            "frame_ms_median": round(web_med, 3), "frame_ms_p99": round(_p99(ticks), 3),
            "terminal_frame_ms_median": round(term_med, 3), "terminal_frame_ms_p99": round(_p99(mine), 3),
            "median_ratio": round(web_med / max(1e-9, term_med), 2)}


def rows(w):
    """The bench report's rows for these figures: (figure, value, budget, verdict, change, how)."""
    if not w or "skipped" in w:
        return []
    how = "headless chromium, local server, %s start menu animating %.0f s" % (w["profile"], ANIMATE_S)
    return [
        ("browser table: bytes over the wire, gzipped (raw %d KB)" % (w["bytes"] // 1024), w["bytes_gzip"], "-", "",
         "", "every file of make web's site, gzip -9"),
        ("browser table: time to first frame (ms)", w["first_frame_ms"], "-", "", "", how),
        ("browser table: frame median / p99 (ms), wasm port", "%s / %s" % (w["frame_ms_median"], w["frame_ms_p99"]),
         "< 16.7", "inside" if w["frame_ms_p99"] < 16.7 else "OUTSIDE", "", how + "; the page's tick()"),
        ("terminal's simulated table: frame median / p99 (ms), CPython", "%s / %s" % (
            w["terminal_frame_ms_median"], w["terminal_frame_ms_p99"]), "-", "", "",
         "Table.tick on a SimClock, same profile, %d frames; wasm/CPython median ratio %s" % (
             w["frames"], w["median_ratio"])),
    ]
