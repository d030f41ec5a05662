"""Keeping the game through power cuts, hangs and bugs: the table's saving and recovery.

Mixed into Table (table/app.py). The game is saved after setup and after
every completed turn (one write a turn), through SaveStore's write-then-rename,
in steps: the frame that ends a turn takes the state, and the following frames
seal, write and rename it a bounded part at a time (_save_step), so the table
never freezes on a save.
On power-up a saved game is offered (mode "resume_ask": ok resumes, mode or
move starts afresh); after a watchdog restart or an unhandled error it is
resumed at once. An unhandled error in a game, a renderer or a service shows
the error pattern, is logged to error.log, and the table goes back to the
saved game. A save that fails its checks is set aside and reported
(save_problem, shown with the error pattern at boot), never fatal.
"""

# A mixin: hal, frame, layout, game... are Table's attributes, unknown to a checker reading this class alone.
# pyright: reportAttributeAccessIssue=false

from nightboard.compat import format_exception
from nightboard.table import palette as P
from nightboard.table.saves import SaveError, SaveStore

ERROR_SHOW_MS = 2000
ERROR_LOG = "error.log"
ERROR_LOG_MAX = 2048
CRASHES_BEFORE_GIVING_UP = 3


class Keeper:
    def _keeper_init(self):
        self.saves = SaveStore(self.hal.storage, getattr(self.hal, "secret", b"nightboard"))
        self.restart_reason = getattr(self.hal, "reset_cause", "power-on")
        self.save_problem = None
        self.error = None
        self.crashes = 0
        self.error_until = 0
        self.watchdog = getattr(self.hal, "watchdog", None)
        self._save_due = False  # a turn finished: save it at the start of the next frame

    # --- saving ------------------------------------------------------------------

    def payload(self):
        """The running game, secrets included, for a host that is allowed them (debug mode, tests)."""
        play = self.play
        return {"program": self.program["name"], "state": play.game.to_json(),
                "turns_done": getattr(play, "turns_done", 0)}

    def _write_save(self):
        play = self.play
        self.saves.save(self.program["name"], getattr(play, "turns_done", 0), play.game.to_json())

    def _save(self):
        """Begin saving the running game (finished over the next frames by _save_step)."""
        if self.play is None or getattr(self.play, "game", None) is None:
            return
        if self.watchdog is not None:
            self.watchdog.feed()
        try:
            if self.play.game.over:
                self.saves.cancel()
                self.saves.clear()  # a finished game is not offered again
            else:
                play = self.play
                self.saves.begin(self.program["name"], getattr(play, "turns_done", 0), play.game.to_json())
            self.crashes = 0
        except (OSError, SaveError) as e:
            self.save_problem = "saving failed: %s" % (e,)

    def _save_step(self):
        """One bounded part of the save under way (run once a frame by the table's loop)."""
        try:
            self.saves.step()
        except (OSError, SaveError) as e:
            self.save_problem = "saving failed: %s" % (e,)

    def _save_settle(self):
        """Finish the save under way now (before the saved game is read back or set aside)."""
        try:
            if self._save_due:
                self._save_due = False
                self._save()
            self.saves.finish()
        except Exception as e:  # a game broken by the error being handled must not stop the recovery
            self.save_problem = "saving failed: %s" % (e,)

    def save_now(self):
        """Save the running game now (the protocol's "save"); returns what was saved."""
        if self.play is None or getattr(self.play, "game", None) is None:
            raise ValueError("no game is running")
        self._write_save()
        return self.payload()

    def load_game(self, payload):
        """Replace the running game with a saved one (the protocol's "load"); nothing changes on error."""
        if not isinstance(payload, dict) or not isinstance(payload.get("program"), str) \
                or not isinstance(payload.get("state"), dict):
            raise ValueError("a saved game needs program and state")
        self._restore(payload)
        self._save()

    def reset(self):
        """Abandon the running game and forget its save; back to the start menu."""
        self.play = None
        self.program = None
        self.mode = "menu"
        self._save_due = False
        self.saves.cancel()
        self.saves.clear()

    def _restore(self, payload):
        self.start_game({"game": payload["program"], "position": payload["state"]}, save=False)
        done = payload.get("turns_done", 0)
        if isinstance(done, int) and hasattr(self.play, "turns_done"):
            self.play.turns_done = done
            self._turns_seen = done

    def _load_save(self):
        """The saved game as a payload, None when there is none; SaveError/OSError when it is bad."""
        got = self.saves.load()
        if got is None:
            return None
        header, state = got
        return {"program": header["program"], "state": state, "turns_done": header.get("turns_done", 0)}

    # --- boot --------------------------------------------------------------------

    def _boot(self, now):
        """Find the saved game: resume it at once after a watchdog restart, else offer it."""
        try:
            payload = self._load_save()
        except (SaveError, OSError) as e:
            self._set_aside(e, now)
            return
        if payload is None:
            return
        try:
            self._restore(payload)
        except ValueError as e:
            self._set_aside(e, now)
            return
        self.mode = "game" if self.restart_reason == "watchdog" else "resume_ask"

    def _set_aside(self, why, now):
        try:
            name = self.saves.set_aside()
            self.save_problem = "the saved game could not be used (%s); kept as %s" % (why, name)
        except OSError as e:
            self.save_problem = "the saved game could not be used (%s) nor set aside (%s)" % (why, e)
        self.play = None
        self.program = None
        self.mode = "error"
        self.error_until = self.hal.clock.ticks_add(now, ERROR_SHOW_MS)

    def _resume_press(self, role):
        if role == "ok":
            self.mode = "game"
        elif role == "mode" or role == "move":
            self.reset()

    # --- errors ------------------------------------------------------------------

    def _crash(self, exc, now):
        """An unhandled error: log it, show the error pattern, then go back to the saved game."""
        text = format_exception(exc)
        self._save_settle()  # the save under way holds a whole turn, taken before the error
        self.error = text.strip().split("\n")[-1]
        self.restart_reason = "error: " + self.error
        self.crashes += 1
        try:
            old = self.hal.storage.read(ERROR_LOG) or b""
            entry = ("[frame %d] %s\n" % (self.frames, text)).encode()
            self.hal.storage.write(ERROR_LOG, (old + entry)[-ERROR_LOG_MAX:])
        except Exception:  # a failing flash must not stop the recovery
            pass
        self.play = None
        self.program = None
        self.mode = "error"
        self.error_until = self.hal.clock.ticks_add(now, ERROR_SHOW_MS)
        self.debouncer.clear()

    def _recover(self, now):
        """After the error pattern: the saved game again, unless it keeps failing."""
        self.mode = "menu"
        if self.crashes >= CRASHES_BEFORE_GIVING_UP:
            self.crashes = 0
            if self.saves.storage.exists("game.json"):
                self._set_aside("it failed %d times in a row" % CRASHES_BEFORE_GIVING_UP, now)
            return
        try:
            payload = self._load_save()
        except (SaveError, OSError) as e:
            self._set_aside(e, now)
            return
        if payload is not None:
            try:
                self._restore(payload)
                self.mode = "game"
            except ValueError as e:
                self._set_aside(e, now)

    def _render_error(self, now):
        """The error pattern: magenta and dark LEDs alternating round the ring, marching."""
        fr = self.frame
        lay = self.layout
        fr.clear()
        c = P.ERROR
        shift = (now // 150) % 2
        for j in range(lay.ring_len):
            if (j + shift) % 2 == 0:
                fr.set(lay.ring_led(j), c[0], c[1], c[2])
        for p in range(lay.max_players):
            fr.set(lay.status_led(p, 0), c[0], c[1], c[2])

    def _render_resume_ask(self, now):
        """The saved game, with every fourth ring LED blinking green: "carry on with this game?"."""
        self.play.render(now)
        if (now // 300) % 2 == 0:
            c = P.RESUME_ASK
            lay = self.layout
            for j in range(0, lay.ring_len, 4):
                self.frame.set(lay.ring_led(j), c[0], c[1], c[2])
