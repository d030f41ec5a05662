"""`nightboard party`'s traffic on the emulated Pico (`make bench ONLY=party_pico`): the board's frames while four
phones' pages are open, and a tap to the board's LEDs and to the `frame` reply that shows it, in emulated time.

The real party cannot run against the emulated RP2040 (it runs 18 to 20 times slower than a Pico: the party's
wall-clock pauses would be twenty times as short for the board), so its rounds are played here in the board's own
time, as party_driver.Driver sends them: each round the pages' action first (as the act's HTTP request brings
it), then one of the replies the board gives one a frame (HEAVY): after an action the `frame`; the words
(`state`) every STATE_EVERY_S and at once after an action, the log (`events`) with the next frame; each seat's
view (`seat`, marked as played from a phone; the seats to move first) after the words changed or every
SEATS_EVERY_S, every other round while some wait (party_driver.plan_round); at most 4 lines at once, then
ROUND_GAP_S of quiet. Every TAP_EVERY_MS the seat to move plays its first choice. The probe times every frame
(its work, not the wait for the next): how many take longer than two frame times, and which replies the longest
ones answered.
"""

import json
import statistics

from nightboard_host.web.party_driver import ROUND_GAP_S, SEATS_EVERY_S, STATE_EVERY_S, plan_round

PROFILE = "grid8"
PLAYERS = 4


def _start():
    """The index's first game for 2 to 4 players (the largest of them on a grid), 4 players, a fixed seed."""
    from nightboard.games import index

    game = [n for n in index.names() if tuple(index.facts(n)["players"]) == (2, PLAYERS)][0]
    return {"game": game, "players": PLAYERS, "seed": 5}
TAPS = 4
TAP_EVERY_MS = 1500
AFTER_MS = 1500  # after the last tap: its save and the rounds after it
LIMIT_US = 2 * 16_667


class _Party:
    """The party's rounds, driven from play_on_board's action (in emulated time)."""

    def __init__(self, taps):
        self.taps = taps
        self.rid = 1000
        self.work = []
        self.words_due = 0.0
        self.seats_due = 0.0
        self.key = None
        self.since = 0
        self.moving = {}  # seat -> its first choice, from its last `seat` reply
        self.frames = []  # (emulated us, leds) of every `frame` reply
        self.acts = []  # (emulated us sent, ok)
        self.served = []  # (emulated us the reply came, kind)
        self.marked = set()
        self.framed = True  # the last round asked for the frame
        self.to_move = set()  # the seats whose last view said the game waits for them

    def round(self, emu, now_ms, tap):
        cmds = []
        if tap and self.moving:
            s = sorted(self.moving)[0]
            cmds = [("act", {"seat": s, "action": self.moving.pop(s)})]
        if cmds or now_ms >= self.words_due:
            self.words_due = now_ms + STATE_EVERY_S * 1000
            if not any(k == "state" for k, _a in self.work):
                self.work[:0] = [("state", {}), ("events", {"since": self.since})]
        frame, n = plan_round(len(cmds), self.work, self.framed)  # as the party plans its rounds
        self.framed = frame
        reqs = cmds + ([("frame", {})] if frame else []) + self.work[:n]
        del self.work[:n]
        ids = {}
        text = ""
        for kind, args in reqs:
            self.rid += 1
            ids[self.rid] = kind
            text += "@nb %s\n" % json.dumps(dict(args, id=self.rid, req=kind))
        pos = [len(emu.out)]
        sent = emu.now_us()
        got = {}

        def all_in():  # (each new line read once: this runs after every step of the emulator)
            end = emu.out.rfind(b"\n", pos[0])
            if end < 0:
                return False
            for line in bytes(emu.out[pos[0]:end]).split(b"\n"):
                if line.startswith(b"@nb ") and b'"ok"' in line:
                    r = json.loads(line[4:])
                    if r.get("id") in ids:
                        got[r["id"]] = (r, emu.now_us())
            pos[0] = end + 1
            return len(got) == len(ids)

        emu.send(text)
        emu.run_until(all_in, 5000, "the replies to a round of %d requests" % len(ids))
        for rid in sorted(got):
            r, at = got[rid]
            self.served.append((at, ids[rid]))
            getattr(self, "_got_" + ids[rid])(r, at, now_ms, sent)

    def _got_act(self, r, at, now_ms, sent):
        self.acts.append((sent, bool(r.get("ok"))))

    def _got_frame(self, r, at, now_ms, sent):
        self.frames.append((at, r["leds"]))

    def _got_state(self, r, at, now_ms, sent):
        key = json.dumps([r.get("mode"), r.get("turn"), r.get("describe"), r.get("state")], sort_keys=True)
        if key != self.key or now_ms >= self.seats_due:
            self.key = key
            self.seats_due = now_ms + SEATS_EVERY_S * 1000
            for s in sorted(range(PLAYERS), key=lambda s: s not in self.to_move):  # as the party: to move first
                args = {"seat": s}
                if s not in self.marked:
                    args["phone"] = True
                self.work.append(("seat", args))

    def _got_events(self, r, at, now_ms, sent):
        self.since = r.get("last", self.since)

    def _got_seat(self, r, at, now_ms, sent):
        if r.get("ok"):
            s = r["seat"]
            if r.get("phone"):
                self.marked.add(s)
            self.to_move.discard(s)
            if r.get("to_move"):
                self.to_move.add(s)
            if r.get("to_move") and r.get("choices"):
                self.moving[s] = r["choices"][0]["action"]
            else:
                self.moving.pop(s, None)


def _after(frames, t_us, before):
    """The time of the first of `frames` ([(us, picture)]) after t_us that differs from `before`."""
    for at, pic in frames:
        if at > t_us and pic != before:
            return at
    return None


def _last_before(frames, t_us):
    got = None
    for at, pic in frames:
        if at <= t_us:
            got = pic
    return got


def _ms(xs):
    return {"median": round(statistics.median(xs), 1), "max": round(max(xs), 1), "count": len(xs)} if xs else None


def measure(taps=TAPS):
    """The figures (emulated time), or {"skipped": why} without the emulator or the MicroPython image."""
    from nightboard_host.emulation.pico_emu import missing_reason, play_on_board, tick_of

    why = missing_reason()
    if why is not None:
        return {"skipped": why}
    party = _Party(taps)

    def play(emu, run):
        emu.request({"req": "frame"})  # the first `frame` and `seat` import their code: not measured
        emu.request({"req": "seat", "seat": 0})
        run.marks["from"] = t0 = emu.now_us()
        tapped = 0
        last_tap = t0
        while True:
            now = emu.now_us()
            tap = tapped < taps and now - last_tap >= TAP_EVERY_MS * 1000
            if tapped >= taps and now - last_tap >= AFTER_MS * 1000:
                break
            n = len(party.acts)
            party.round(emu, (now - t0) / 1000, tap)
            if len(party.acts) > n:
                tapped += 1
                last_tap = party.acts[-1][0]
            emu.run_ms(ROUND_GAP_S * 1000)
        run.marks["to"] = emu.now_us()
        return []

    start = _start()
    run = play_on_board(PROFILE, [("wait", 300), ("request", dict(start, req="start")), ("wait", 1500), play])
    a, b = run.marks["from"], run.marks["to"]
    window = [(i, w) for i, (s, w) in enumerate(run.ticks) if a <= s < b]
    works = [w / 1000 for _i, w in window]
    kinds = {}
    for at, kind in party.served:
        kinds.setdefault(tick_of(run, at), []).append(kind)
    long = [(round(w / 1000, 1), run.held[i], kinds.get(i, [])) for i, w in window if w > LIMIT_US]
    leds, page = [], []
    emu_frames = [(f.t_us, f.rgb) for f in run.emu.frames]
    for sent, ok in party.acts:
        if not ok:
            continue
        lit = _after(emu_frames, sent, _last_before(emu_frames, sent))
        if lit is not None:
            leds.append((lit - sent) / 1000)
        seen = _after(party.frames, sent, _last_before(party.frames, sent))
        if seen is not None:
            page.append((seen - sent) / 1000)
    return {"where": "emulated RP2040 (stock image, .mpy files), %s, %d-player %s, 4 seat pages and the table's "
                     "rounds" % (PROFILE, PLAYERS, start["game"]),
            "acts": len(party.acts), "acts_ok": sum(1 for _s, ok in party.acts if ok),
            "tap_to_leds_ms": _ms(leds), "tap_to_frame_reply_ms": _ms(page),
            "frame_ms": {"median": round(statistics.median(works), 2), "max": round(max(works), 2),
                         "count": len(works), "over_2_frames": len(long)},
            "long_frames": long[:10],
            "answered_ms": {"+".join(k): round(max(run.ticks[i][1] for i, kk in kinds.items() if tuple(kk) == k) / 1000, 1)
                            for k in sorted({tuple(v) for v in kinds.values()})}}


if __name__ == "__main__":
    print(json.dumps(measure(), indent=1))
