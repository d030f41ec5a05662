"""Keeping the game through power cuts, hangs and bugs: the table's saving and recovery.

Mixed into Table (table/app.py). The game is saved after setup and after
every completed turn (one write a turn), through SaveStore's write-then-rename.
On power-up a saved game is offered (mode "resume_ask": ok resumes, mode or
move starts afresh); after a watchdog restart or an unhandled error it is
resumed at once. An unhandled error in a game, a renderer or a service shows
the error pattern, is logged to error.log, and the table goes back to the
saved game. A save that fails its checks is set aside and reported
(save_problem, shown with the error pattern at boot), never fatal; one that
cannot even be set aside (a read-only flash) is left where it is, reported,
and not tried again. A save that cannot be written (a full or read-only
flash) is reported at once (the error pattern for a moment over the game,
then a mark while it lasts: save_failing, also on the protocol); the game
goes on in memory, every turn tries again, and a full flash is first given
back the space of old set-aside saves, error.log and a torn temporary file.
"""

# A mixin: hal, frame, layout, game... are Table's attributes, unknown to a checker reading this class alone.
# pyright: reportAttributeAccessIssue=false

from nightboard.compat import format_exception
from nightboard.table import palette as P
from nightboard.table.saves import SAVE, TMP, SaveError, SaveStore

ERROR_SHOW_MS = 2000
ERROR_LOG = "error.log"
ERROR_LOG_MAX = 2048
CRASHES_BEFORE_GIVING_UP = 3
READ_ONLY = (1, 13, 30)  # EPERM, EACCES, EROFS: removing files cannot help a save then
# What an OSError's number means for the board's files, in words (MicroPython prints only the number).
ERRNO_WORDS = {28: "the flash is full", 30: "the flash is read-only", 1: "writing is not permitted",
               13: "writing is not permitted", 5: "the flash could not be written (I/O error)",
               21: "a directory is in its place"}


def why(exc):
    """An error as a short reason for players and the monitor."""
    n = exc.args[0] if isinstance(exc, OSError) and exc.args else None
    if n in ERRNO_WORDS:
        return "%s, errno %d" % (ERRNO_WORDS[n], n)
    return str(exc)


def log_error(storage, text):
    """Add a line to error.log (its newest ERROR_LOG_MAX bytes are kept); never fails: a failing flash
    must not stop the recovery, and a log grown too large by anything else is started afresh."""
    try:
        n = storage.size(ERROR_LOG)
        old = storage.read(ERROR_LOG) if n is not None and n <= ERROR_LOG_MAX else b""
        storage.write(ERROR_LOG, ((old or b"") + (text + "\n").encode())[-ERROR_LOG_MAX:])
    except Exception:  # noqa: BLE001
        pass


class Keeper:
    def _keeper_init(self):
        self.saves = SaveStore(self.hal.storage, getattr(self.hal, "secret", b"nightboard"))
        self.restart_reason = getattr(self.hal, "reset_cause", "power-on")
        self.save_problem = None
        self.save_failing = None  # why the last save could not be written; None once one is
        self.save_alert_until = 0
        self.save_unusable = False  # a bad save that could not be set aside: not loaded again
        self.error = None
        self.error_next = ""  # what follows the error pattern, for describe()
        self.crashes = 0
        self.error_until = 0
        self.watchdog = getattr(self.hal, "watchdog", None)

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
        if self.play is None or getattr(self.play, "game", None) is None:
            return
        if self.watchdog is not None:
            self.watchdog.feed()
        try:
            self._store()
        except SaveError as e:  # the game itself cannot be saved: freeing space would not help
            self._save_failed(e)
            return
        except OSError as e:
            if e.args and e.args[0] in READ_ONLY or not self._free_space():
                self._save_failed(e)
                return
            try:
                self._store()
            except (OSError, SaveError) as e2:
                self._save_failed(e2)
                return
        self.crashes = 0
        if self.save_failing is not None:
            if self.save_problem == self.save_failing:
                self.save_problem = None
            self.save_failing = None
        self.save_unusable = False  # whatever was in game.json has been replaced

    def _store(self):
        if self.play.game.over:
            self.saves.clear()  # a finished game is not offered again
        else:
            self._write_save()

    def _save_failed(self, exc):
        """A save that could not be written: tell the players at once (the error pattern over the game for
        ERROR_SHOW_MS, the first time), then keep a mark and the reason until a save works again."""
        first = self.save_failing is None
        self.save_failing = "the game could not be saved (%s); it goes on, and the next turn tries again" % why(exc)
        self.save_problem = self.save_failing
        if first:
            self.save_alert_until = self.hal.clock.ticks_add(self.hal.clock.ticks_ms(), ERROR_SHOW_MS)
            log_error(self.saves.storage, "[frame %d] %s" % (self.frames, self.save_failing))

    def _free_space(self):
        """Make room on a full flash: remove a torn temporary save, old set-aside saves (game.bad*.json)
        and error.log. True when something was removed."""
        st = self.saves.storage
        freed = False
        try:
            names = st.listdir()
        except OSError:
            return False
        for name in names:
            if name == TMP or name == ERROR_LOG or (name.startswith("game.bad") and name.endswith(".json")):
                try:
                    st.remove(name)
                    freed = True
                except OSError:
                    pass
        return freed

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

    def _set_aside(self, reason, now):
        reason = why(reason) if isinstance(reason, Exception) else reason
        try:
            name = self.saves.set_aside()
            self.save_problem = "the saved game could not be used (%s); kept as %s" % (reason, name)
        except OSError as e:
            self.save_unusable = True  # not tried again: the table goes on to the start menu
            self.save_problem = ("the saved game could not be used (%s) and could not be set aside (%s): "
                                 "it is left as %s and will be replaced by the next game's save"
                                 % (reason, why(e), SAVE))
        log_error(self.saves.storage, "[boot] " + self.save_problem)
        self.error = None
        self.error_next = "the start menu follows"
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
        self.error = text.strip().split("\n")[-1]
        self.restart_reason = "error: " + self.error
        self.crashes += 1
        log_error(self.hal.storage, "[frame %d] %s" % (self.frames, text))
        if self.save_unusable or not self.saves.storage.exists(SAVE):
            self.error_next = "the start menu follows (there is no saved game to go back to)"
        elif self.crashes >= CRASHES_BEFORE_GIVING_UP:
            self.error_next = "it failed %d times in a row: the saved game is set aside and the start menu follows" \
                % self.crashes
        else:
            self.error_next = "going back to the saved game"
        self.play = None
        self.program = None
        self.mode = "error"
        self.error_until = self.hal.clock.ticks_add(now, ERROR_SHOW_MS)
        self.debouncer.clear()

    def _recover(self, now):
        """After the error pattern: the saved game again, unless it keeps failing."""
        self.mode = "menu"
        if self.save_unusable:
            return
        if self.crashes >= CRASHES_BEFORE_GIVING_UP:
            self.crashes = 0
            if self.saves.storage.exists(SAVE):
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

    def error_lines(self):
        """describe()'s lines in the error mode: what went wrong and, truly, what comes next."""
        if self.error is not None:
            return ["something went wrong: " + self.error, self.error_next]
        return [self.save_problem or "something went wrong", self.error_next]

    def problem_lines(self, lines):
        """Add the reason a save is failing to describe()'s lines of a running game."""
        if self.save_failing is not None:
            lines.append(self.save_failing)
        return lines

    def render_save_failing(self, now):
        """While saves fail: the error pattern over the game at first, then every fourth ring LED from the
        third flashes magenta for a quarter of each second ("this game is not being saved")."""
        if self.hal.clock.ticks_diff(now, self.save_alert_until) < 0:
            self._render_error(now)
            return
        if now % 1000 < 250:
            c = P.ERROR
            lay = self.layout
            for j in range(2, lay.ring_len, 4):
                self.frame.set(lay.ring_led(j), c[0], c[1], c[2])

    def _render_resume_ask(self, now):
        """The saved game, with every fourth ring LED blinking green: "carry on with this game?"."""
        self.play.render(now)
        if (now // 300) % 2 == 0:
            c = P.RESUME_ASK
            lay = self.layout
            for j in range(0, lay.ring_len, 4):
                self.frame.set(lay.ring_led(j), c[0], c[1], c[2])
