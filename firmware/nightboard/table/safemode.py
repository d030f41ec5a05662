"""Safe mode: what the board runs when it cannot start its table (a broken profile, anything at boot).

The LEDs stay dark (a broken profile cannot say which pin drives them), the
serial protocol answers -- `hello` with mode "safe", `state` and `restart`
with the reason, every other request refused with it -- and Ctrl-C gives
the REPL back as in the table's own loop, so `nightboard flash` (mpremote,
the raw REPL) can repair the board. SafeTable offers the protocol the few
things of a table it reads.
"""

SAFE_FRAME_MS = 16


class _NoFrame:
    rgb = b""
    n = 0


class _NoLayout:
    max_players = 0


class SafeTable:
    def __init__(self, reason):
        self.reason = reason
        self.mode = "safe"
        self.profile = {"name": None, "buttons": {}}
        self.play = None
        self.program = None
        self.game = None
        self.debug = False
        self.frame = _NoFrame()
        self.layout = _NoLayout()
        self.frames = 0
        self.frame_ms = SAFE_FRAME_MS
        self.injected = bytearray(0)
        self.event_seq = 0
        self.save_problem = reason
        self.restart_reason = "safe mode: " + reason

    def describe(self):
        return ["safe mode: the table could not start: " + self.reason,
                "repair it from a computer: nightboard flash (with --profile to send a good profile)"]

    def refuse(self, *args):
        raise ValueError("the board is in safe mode (%s); repair it with nightboard flash" % self.reason)

    start_game = load_game = save_now = reset = button_id = inject = refuse

    def set_debug(self, on, now):
        self.refuse()

    def debug_visible(self, now):
        return False

    def events_since(self, seq):
        return []


def run_safe(reason, services, clock):
    """Answer the services (the protocol) every frame, forever; Ctrl-C (KeyboardInterrupt) ends it."""
    print("nightboard: safe mode: " + reason)
    t = SafeTable(reason)
    while True:
        now = clock.ticks_ms()
        for svc in services:
            try:
                svc.poll(t, now)
            except Exception:  # noqa: BLE001 - a request gone wrong must not end safe mode
                pass
        t.frames += 1
        clock.sleep_ms(SAFE_FRAME_MS)
