"""`nightboard bench --only party`: `nightboard party`'s figures, on the simulated table in this process and on
the virtual board (the firmware under the MicroPython unix port, on a pty, flashed as a Pico is).

- a tap to the LEDs: from a seat's action sent over HTTP (what its page's Confirm sends) to the board's own
  LEDs changing (the simulated table's frame buffer, watched every ms; a board on a port cannot be watched), to
  the act's HTTP reply, and to the table page's stream bringing a frame that differs from the one before, over
  ACTS actions of a 3-player card game (each seat ends its turn), each sample kept;
- the board's frame time while four seat pages and the table page are connected, beside the same board with no
  page at all: the board's own frame counter (the `frame` reply's `frames`) over WINDOW_S seconds, as ms a frame;
  on the simulated table also each Table.tick's own cost (median and p99).
"""

import statistics
import threading
import time

ACTS = 12
WINDOW_S = 4.0
PROFILE = "ring4"


def _start():
    """The game measured: the index's game of hidden hands for three at least (each seat in turn: every action
    moves the table on), 3 players, a fixed seed."""
    from nightboard.games import index

    game = [n for n in index.names() if index.facts(n)["players"][0] == 3][0]
    return {"game": game, "players": 3, "seed": 4}


def _p99(xs):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.99 * len(xs)))]


class _Stream:
    """A pushed stream read in a thread: the newest message of each kind, and when each frame came."""

    def __init__(self, url):
        import httpx

        self.client = httpx.Client(timeout=httpx.Timeout(30, read=60))
        self.latest = {}
        self.frames = []  # (time it came, leds)
        self.thread = threading.Thread(target=self._read, args=(url,), daemon=True)
        self.thread.start()

    def _read(self, url):
        import json

        try:
            with self.client.stream("GET", url) as r:
                kind = None
                for line in r.iter_lines():
                    if line.startswith("event: "):
                        kind = line[7:]
                    elif line.startswith("data: "):
                        data = json.loads(line[6:])
                        self.latest[kind] = data
                        if kind == "frame":
                            self.frames.append((time.perf_counter(), data["leds"]))
        except Exception:  # noqa: BLE001 - closed at the end
            pass

    def close(self):
        self.client.close()


def _serve(board):
    import socket

    import uvicorn

    from nightboard_host.web import party as P

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    url = "http://127.0.0.1:%d" % port
    party = P.Party(board, url)
    server = uvicorn.Server(uvicorn.Config(P.make_app(party), host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    end = time.monotonic() + 60
    while not server.started:
        if time.monotonic() > end:
            raise RuntimeError("the party's server did not start")
        time.sleep(0.02)
    return party, server, thread, url


def _frame_rate(link, seconds):
    """ms a frame of the board's own counter over `seconds`, asking only at the ends."""
    a = link.call("frame")["frames"]
    t0 = time.perf_counter()
    time.sleep(seconds)
    b = link.call("frame")["frames"]
    return (time.perf_counter() - t0) * 1000.0 / max(1, b - a)


def _leds(board):
    """The simulated table's own LEDs as it last drew them (None for a board on a port)."""
    table = getattr(board, "table", None)
    if table is None:
        return None
    with board.lock:
        return bytes(table.frame.rgb)


def measure(board, probe, count=ACTS, slow=1.0):
    """The figures on `board` (party_link.SimBoard or PortBoard); probe: a second link to read the board's frame
    counter while no page is connected (None: it is read through the party's own link). slow: how many times
    slower than a Pico the board runs (the emulated one): every wait is that much longer."""
    import httpx

    import json

    idle_ms = None
    if probe is not None:
        probe.call("start", **_start())
        idle_ms = _frame_rate(probe, WINDOW_S)
        probe.close()
    party, server, thread, url = _serve(board)
    streams = []
    try:
        http = httpx.Client(base_url=url, timeout=30)
        if probe is None:
            reply = party.driver.submit("start", **_start()).result(30 * slow)  # (with a seed: the page offers none)
            assert reply.get("ok"), reply
        table = _Stream("%s/t/%s/events" % (url, party.tokens.table))
        seats = [_Stream("%s/s/%s/events" % (url, party.tokens.seats[s])) for s in range(4)]
        streams = [table] + seats
        time.sleep(1.0 * slow)
        ticks_from = getattr(board, "frames_timed", 0)
        first = party.driver.submit("frame").result(30 * slow)["frames"]
        t0 = time.perf_counter()
        time.sleep(WINDOW_S)
        busy_frames = party.driver.submit("frame").result(30 * slow)["frames"] - first
        busy_ms = (time.perf_counter() - t0) * 1000.0 / max(1, busy_frames)
        lat = []
        reply_lat = []  # to the act's HTTP reply: the board has played it (its reply came)
        led_lat = []  # to the board's own LEDs (the simulated table only: a real board's are not seen here)
        end = time.monotonic() + 120 * slow
        while len(lat) < count and time.monotonic() < end:
            moving = [s for s in range(3) if (seats[s].latest.get("seat") or {}).get("to_move")
                      and seats[s].latest["seat"].get("actions")]
            if not moving:
                time.sleep(0.01)
                continue
            s = moving[0]
            acts = seats[s].latest["seat"]["actions"]
            before = table.frames[-1][1] if table.frames else None
            seen = len(table.frames)
            leds = _leds(board)
            replies = []
            t0 = time.perf_counter()
            def post(s=s, a=acts[0]["action"]):
                replies.append(http.post("/s/%s/act" % party.tokens.seats[s], content=json.dumps({"action": a})))
                answered.append((time.perf_counter() - t0) * 1000.0)
            answered = []
            poster = threading.Thread(target=post)
            poster.start()
            lit = None
            while leds is not None and lit is None and time.perf_counter() - t0 < 10 * slow:
                if _leds(board) != leds:
                    lit = time.perf_counter()
                time.sleep(0.001)
            poster.join()
            if replies[0].status_code != 200:
                time.sleep(0.05)  # a message behind: ask again with the next one
                continue
            got = None
            while got is None and time.perf_counter() - t0 < 10 * slow:
                for at, text in table.frames[seen:]:
                    if text != before:
                        got = at
                        break
                time.sleep(0.002)
            if got is not None:
                lat.append((got - t0) * 1000.0)
                reply_lat.append(answered[0])
            if lit is not None:
                led_lat.append((lit - t0) * 1000.0)
            while seats[s].latest["seat"].get("to_move") and time.perf_counter() - t0 < 5 * slow:
                time.sleep(0.01)  # its page has heard the move went on
        http.close()
        timed = getattr(board, "frames_timed", 0) - ticks_from  # the window and the taps
        ticks = list(getattr(board, "frame_times", []))[-timed:] if timed else []
    finally:
        for st in streams:
            st.close()
        server.should_exit = True
        thread.join(10)
    out = {"acts": len(lat), "leds_count": len(led_lat),
           "tap_to_frame_ms_median": round(statistics.median(lat), 1) if lat else None,
           "tap_to_frame_ms_max": round(max(lat), 1) if lat else None,
           "frame_ms_pages": round(busy_ms, 2), "frame_ms_no_page": round(idle_ms, 2) if idle_ms else None,
           "pages": 5, "tap_to_reply_ms_median": round(statistics.median(reply_lat), 1) if reply_lat else None,
           "samples_ms": {"frame": [round(x, 1) for x in lat], "leds": [round(x, 1) for x in led_lat],
                          "reply": [round(x, 1) for x in reply_lat]}}
    if led_lat:
        out["tap_to_leds_ms_median"] = round(statistics.median(led_lat), 1)
        out["tap_to_leds_ms_max"] = round(max(led_lat), 1)
    if ticks:
        out["tick_ms_median"] = round(statistics.median(ticks), 3)
        out["tick_ms_p99"] = round(_p99(ticks), 3)
        out["tick_ms_max"] = round(max(ticks), 3)
        out["ticks"] = len(ticks)
        out["ticks_over_2_frames"] = len([x for x in ticks if x > 2 * 16.667])
    return out


def simulated():
    from nightboard_host.commands.play import load
    from nightboard_host.web.party_link import SimBoard

    board = SimBoard(load(PROFILE)).start()
    probe = board.link()
    probe.call("start", **_start())
    idle = _frame_rate(probe, WINDOW_S)
    idle_ticks = list(board.frame_times)[-int(WINDOW_S * 50):]
    board.stop()
    board = SimBoard(load(PROFILE))
    out = measure(board, None)
    out["frame_ms_no_page"] = round(idle, 2)
    if idle_ticks:
        out["tick_ms_median_no_page"] = round(statistics.median(idle_ticks), 3)
    return out


def virtual():
    import tempfile
    from pathlib import Path

    from nightboard_host.emulation.virtual_board import VirtualBoard, VirtualBoardError
    from nightboard_host.flashing import flash
    from nightboard_host.link.client import Client
    from nightboard_host.web.party_link import PortBoard

    with tempfile.TemporaryDirectory() as tmp:
        try:
            vb = VirtualBoard(Path(tmp) / "flash").start()
        except VirtualBoardError as e:
            return {"skipped": str(e)}
        try:
            flash.flash(vb.port, profile=PROFILE, cache_dir=Path(tmp) / "cache")
            time.sleep(1.0)
            return measure(PortBoard(vb.port), Client(vb.port))
        finally:
            vb.stop()


def figures():
    out = {"simulated": simulated()}
    for where, fn in (("virtual", virtual),):
        try:
            out[where] = fn()
        except Exception as e:  # noqa: BLE001 - said in the report, the other figures kept
            out[where] = {"skipped": "%s: %s" % (type(e).__name__, e)}
    return out


def pico_figures():
    """The party's rounds on the emulated Pico (web/party_pico.py: `make bench ONLY=party_pico`, some 20 minutes
    of a loaded machine's wall time)."""
    from nightboard_host.web import party_pico

    t0 = time.monotonic()
    try:
        out = party_pico.measure()
    except Exception as e:  # noqa: BLE001 - said in the report
        return {"skipped": "%s: %s" % (type(e).__name__, e)}
    out["wall_s"] = round(time.monotonic() - t0)
    return out


def _verdict(ok):
    return "inside" if ok else "OUTSIDE"


def rows(f, p=None):
    """The bench report's rows: (figure, value, budget, verdict, change, how); p: pico_figures()."""
    out = []
    for where, words in (("simulated", "the simulated table in the party's process"),
                         ("virtual", "the virtual board (MicroPython unix port, pty)")):
        w = (f or {}).get(where)
        if not w or "skipped" in w:
            continue
        how = "%s, %s, %d actions of a 3-player card game over HTTP, 127.0.0.1" % (words, PROFILE, w["acts"])
        if w.get("tap_to_leds_ms_median") is not None:
            out.append(("party, %s: a tap to the board's own LEDs, median / max / count (ms)" % where,
                        "%s / %s / %s" % (w["tap_to_leds_ms_median"], w["tap_to_leds_ms_max"], w.get("leds_count")),
                        "< 100 median", _verdict(w["tap_to_leds_ms_median"] < 100), "", how + "; the table's "
                        "frame buffer watched every ms (some turns change no light for up to 21 frames)"))
        if w["tap_to_frame_ms_median"] is not None:
            out.append(("party, %s: a tap to the table page's changed LEDs, median / max / count (ms)" % where,
                        "%s / %s / %s" % (w["tap_to_frame_ms_median"], w["tap_to_frame_ms_max"], w["acts"]),
                        "< 100 median", _verdict(w["tap_to_frame_ms_median"] < 100), "",
                        how + "; during the turn's save the board answers one `frame` a turn, once the LEDs "
                        "show something the last one did not"))
        out.append(("party, %s: the board's frame with 5 pages open / with none (ms)" % where,
                    "%s / %s" % (w["frame_ms_pages"], w["frame_ms_no_page"]), "< 20",
                    _verdict(w["frame_ms_pages"] < 20), "",
                    "the board's own frame counter over %.0f s; %s" % (WINDOW_S, words)))
        if w.get("ticks"):
            out.append(("party, %s: each frame's work with 5 pages open and the taps, median / max / count over "
                         "33.3 ms (ms)" % where, "%s / %s / %d of %d" % (w["tick_ms_median"], w["tick_ms_max"],
                                                                        w["ticks_over_2_frames"], w["ticks"]),
                         "none over 33.3", _verdict(not w["ticks_over_2_frames"]), "",
                         "Table.tick timed in the party's process (CPython: not a Pico's time)"))
    if p and "skipped" not in p:
        how = "%s; %d taps (%d played), emulated time; some %s s of wall time" % (
            p["where"], p["acts"], p["acts_ok"], p.get("wall_s"))
        for key, what in (("tap_to_leds_ms", "a tap to the board's own LEDs (its PIO output)"),
                          ("tap_to_frame_reply_ms", "a tap to the `frame` reply that shows it (the table page "
                                                    "less the host's own time)")):
            m = p.get(key)
            if m:
                out.append(("party, emulated Pico: %s, median / max / count (ms)" % what,
                            "%s / %s / %s" % (m["median"], m["max"], m["count"]), "< 100 median",
                            _verdict(m["median"] < 100), "", how))
        m = p["frame_ms"]
        out.append(("party, emulated Pico: each frame's work with 4 seat pages and the table's rounds, median / max "
                    "/ count over 33.3 ms (ms)", "%s / %s / %d of %d" % (m["median"], m["max"], m["over_2_frames"],
                                                                          m["count"]),
                    "none over 33.3", _verdict(not m["over_2_frames"]), "", how))
    return out
