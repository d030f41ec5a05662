"""`nightboard selftest [--port PORT]`: run the table's self-test over the serial protocol and print the result.

Finds the board as `flash` and `monitor` do (or takes --port), starts the "selftest" program on it
({"req": "start", "game": "selftest"}), then asks for {"req": "report"} every half second, telling the
person at the table what to watch and what to press, until the pass is done. In a terminal, keys press
the buttons over the protocol as in the monitor (q w e r for player 0's mode, move, look, ok; a s d f for
player 1...), so the virtual board, which has no buttons to press, can pass too. Exit 0 when it passed,
1 when it failed or timed out, 2 when the board could not be reached or refused, 130 on Ctrl-C.
`run_selftest(link, ...)` does the work on any protocol link (a board's Client, or a LocalLink to a
simulated table in the tests).
"""

import json
import sys
import time

from nightboard.table import palette as P
from nightboard_host.link.client import Client, ProtocolError, RequestFailed

POLL_S = 0.5
ROLES = ("mode", "move", "look", "ok")
DEFAULT_TIMEOUT_S = 300

PHASE_WORDS = {
    "segments": "Watch the table: each segment lights up in turn, the play area white, each seat's panel in its "
                "seat's colour (%s). Red showing as green means led.order is wrong."
                % ", ".join("seat %d %s" % (k, n) for k, n in enumerate(P.SEAT_NAMES)),
    "leds": "Now every LED, one at a time in chain order, white: look for one that stays dark (often every LED "
            "after it stays dark too) or one that lights out of turn.",
    "buttons": "Now press and let go of every button once. Each press lights its seat's panel: blood LED 1 for "
               "mode, 2 move, 3 look, 4 ok, in the seat's colour. A stuck button blinks magenta.",
}


def add_selftest_command(sub):
    s = sub.add_parser("selftest", help="run the self-test on a connected board and print the result",
                       description="Start the table's self-test over the serial protocol, say what to watch and"
                                   " press, and print the result (exit 0 passed, 1 failed or timed out).")
    s.add_argument("--port", help="serial port of the board (found automatically when omitted; give the port of "
                   "`nightboard virtual-board` for that)")
    s.add_argument("--timeout", type=int, default=DEFAULT_TIMEOUT_S,
                   help="give up after this many seconds (default %d)" % DEFAULT_TIMEOUT_S)
    s.add_argument("--json", action="store_true", help="print the final report as JSON as well")
    s.set_defaults(func=run_command)


def run_command(args, out=None):
    out = out if out is not None else sys.stdout
    if args.timeout < 1:
        print("nightboard selftest: --timeout must be 1 second or more (got %d)" % args.timeout, file=sys.stderr)
        return 2
    from nightboard_host.link import boards

    try:
        port = boards.find_board(args.port)
        link = Client(port)
    except (LookupError, ProtocolError) as e:
        print("nightboard selftest: %s" % e, file=sys.stderr)
        return 2
    keys = None
    try:
        if sys.stdin.isatty():
            keys = KeyPresses(link, sys.stdin)
        return run_selftest(link, out, timeout_s=args.timeout, as_json=args.json,
                            wait=keys.wait if keys else None, keys=keys)
    finally:
        if keys:
            keys.restore()
        link.close()


class KeyPresses:
    """Keys typed here press the board's buttons over the protocol ("tap"), as in the monitor: the rows of
    `nightboard play` (q w e r: player 0's mode, move, look, ok; a s d f: player 1; ...)."""

    def __init__(self, link, stdin):
        import termios
        import tty

        from nightboard_host.terminal.view import KEY_ROWS

        self.link, self.stdin = link, stdin
        keys = link.call("profile")["profile"]["buttons"]["keys"]
        self.ids = {}
        players = sorted({k["player"] for k in keys})
        self.rows = []
        for p in players:
            if p >= len(KEY_ROWS):
                break
            row = KEY_ROWS[p]
            self.rows.append(row)
            for i in range(len(keys)):
                if keys[i]["player"] == p and keys[i]["role"] in ROLES:
                    self.ids[row[ROLES.index(keys[i]["role"])]] = i
        self.fd = stdin.fileno()
        self.saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)
        self.pressed = 0

    def help(self):
        return ("Or press them from here: %s (each row one player's mode, move, look, ok)"
                % ", ".join(" ".join(r) for r in self.rows))

    def wait(self, seconds):
        import os
        import select

        end = time.monotonic() + seconds
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return
            r, _, _ = select.select([self.fd], [], [], left)
            if not r:
                return
            for ch in os.read(self.fd, 64).decode("utf-8", "replace"):
                b = self.ids.get(ch)
                if b is not None:
                    self.link.call("tap", button=b)
                    self.pressed += 1

    def restore(self):
        import termios

        termios.tcsetattr(self.fd, termios.TCSADRAIN, self.saved)


def button_words(report, ids):
    names = report.get("missing_names", []) + report.get("stuck_names", [])
    known = dict(zip(report.get("missing", []) + report.get("stuck", []), names))
    return ", ".join("%s (button %d)" % (known[i], i) if i in known else "button %d" % i for i in ids)


def verdict(report):
    """The result in one line."""
    n = report["leds"]
    if report["passed"]:
        return "PASSED: all %d LEDs lit once each, all %d buttons pressed and let go, none stuck" % (
            n, report["buttons"])
    why = []
    bad = [i for i in range(len(report["led_counts"])) if report["led_counts"][i] != 1]
    if bad:
        why.append("LEDs not lit exactly once: %s" % ", ".join(str(i) for i in bad[:20]))
    if report["stuck"]:
        why.append("stuck: %s" % button_words(report, report["stuck"]))
    if report["missing"]:
        why.append("never pressed: %s" % button_words(report, report["missing"]))
    return "FAILED: " + ("; ".join(why) or "the pass did not finish")


def run_selftest(link, out, timeout_s=DEFAULT_TIMEOUT_S, as_json=False, wait=None, clock=None, keys=None):
    """Start the self-test on `link`, follow it to the end; the exit code. `wait(seconds)` and `clock()`
    default to real time (the tests pass frame-ticking ones); `keys` (KeyPresses) adds its help line."""
    wait = wait or time.sleep
    clock = clock or time.monotonic
    try:
        started = link.call("start", game="selftest")
    except RequestFailed as e:
        print("nightboard selftest: the board refused to start the self-test: %s" % e.error, file=sys.stderr)
        return 2
    except ProtocolError as e:
        print("nightboard selftest: %s" % e, file=sys.stderr)
        return 2
    out.write("self-test started on %s (%s); leave it on the table with a long ok, then ok. Ctrl-C stops "
              "following it here\n" % (link.name, started.get("game", "selftest")))
    end = clock() + timeout_s
    phase = None
    done = -1
    stuck = []
    report = None
    try:
        while True:
            report = link.call("report")["report"]
            if report["phase"] != phase:
                phase = report["phase"]
                if phase in PHASE_WORDS:
                    out.write(PHASE_WORDS[phase] + "\n")
                if phase == "buttons" and keys is not None:
                    out.write(keys.help() + "\n")
            if phase in ("buttons", "done"):
                now_done = len(report["released"]) + len(report["stuck"])
                if now_done != done:
                    done = now_done
                    out.write("buttons: %d of %d done\n" % (done, report["buttons"]))
                if report["stuck"] != stuck:
                    stuck = report["stuck"]
                    out.write("stuck: %s\n" % button_words(report, stuck))
            if phase == "done":
                break
            if clock() >= end:
                out.write("timed out after %d s in the %s phase" % (timeout_s, phase))
                if phase == "buttons" and report["missing"]:
                    out.write("; still to press: %s" % button_words(report, report["missing"]))
                out.write("\n")
                if as_json:
                    out.write(json.dumps(report, sort_keys=True) + "\n")
                return 1
            wait(POLL_S)
    except KeyboardInterrupt:
        out.write("stopped; the self-test goes on running on the table (a long ok, then ok, leaves it)\n")
        return 130
    except ProtocolError as e:
        print("nightboard selftest: %s" % e, file=sys.stderr)
        return 2
    out.write(verdict(report) + "\n")
    if as_json:
        out.write(json.dumps(report, sort_keys=True) + "\n")
    return 0 if report["passed"] else 1
