"""Keeping the game through power cuts, hangs and bugs: the table's saving and recovery.

Mixed into Table (table/app.py). The game is saved after setup and after
every completed turn (one write a turn, over the last save: SaveStore and the
storage's replace), in steps: the frame that ends a turn takes the state, and
the following frames seal and write it a bounded part at a time (_save_step),
so the table never freezes on a save.
On power-up a saved game is read in the second frame (the first says so:
mode "reading_save"), then offered (mode "resume_ask": ok resumes, mode or
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

import gc

from nightboard.compat import SMALL_HEAP, forget_module, forget_modules
from nightboard.table import palette as P
from nightboard.table.saves import SAVE, SaveError, SaveStore, present


ERROR_SHOW_MS = 2000
SAVE_AGAIN = 2  # _save_due's value for a save begun again after the heap had no room for it (_save_short)
ERROR_LOG = "error.log"
ERROR_LOG_MAX = 2048
CRASHES_BEFORE_GIVING_UP = 3
READING = "reading_save"  # the mode while a saved game waits to be read at power-up
REPL_MARK = "repl.mark"  # written when Ctrl-C gives the REPL the board during a game; gone with that game
HARD_CRASH = "an error the table could not even handle (no memory left for it)"
HARD_CRASH_NEXT = "the board restarts and goes back to the saved game"
REPL_WORDS = "the board was stopped to its REPL during this game: whoever had it could have seen every hidden fact"


_TROUBLE = []  # the module once imported: an import statement every frame (a failing save's mark) allocates


def _trouble():
    """The failure handling (table/keeper_trouble.py), imported the first time something goes wrong."""
    if not _TROUBLE:
        from nightboard.table import keeper_trouble

        _TROUBLE.append(keeper_trouble)
    return _TROUBLE[0]


def log_error(storage, text):
    """Add a line to error.log (keeper_trouble.log_error)."""
    _trouble().log_error(storage, text)


def save_waiting(storage):
    """True when a saved game waits on the flash to be read at power-up (saves.present: the files' sizes)."""
    try:
        return present(storage)
    except OSError:  # something unreadable where the save should be: _boot sets it aside and says so
        return True


def mark_repl(storage):
    """Leave REPL_MARK on the flash (the game it belongs to says so when it comes back)."""
    try:
        storage.write(REPL_MARK, b"the REPL had the board during this game\n")
    except (OSError, ValueError):
        pass


def unload(prog):
    """Forget the modules of a program that has left the table (a game's whole package, a tool's module), so
    that they are collected with its last object: the next program starts with the room the first had, but
    for the names MicroPython interned while they were loaded (docs/performance.md, "An evening"). Only on a
    board's heap: on CPython a module read again would make its classes anew under the tests' feet."""
    if prog is None or not SMALL_HEAP:
        return
    if prog.get("kind") == "tool":
        forget_module(prog["table"][0])
    else:
        forget_modules("nightboard.games." + prog["name"] + ".")
        forget_module("nightboard.games." + prog["name"])


class Keeper:
    def _keeper_init(self):
        rb = getattr(self.hal, "random_bytes", None)
        if rb is None:  # a hal made before it had one
            from nightboard.hal.entropy import random_bytes as rb
        self.random_bytes = rb
        self.saves = SaveStore(self.hal.storage, None, rb)  # the board's own key (seal.board_key)
        self.repl_opened = False  # this game was resumed after the REPL had the board (REPL_MARK)
        self.repl_since = None  # when the game so marked came back on the table: the marks are shown from then
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
        self._save_due = False  # a turn finished: save it at the start of the next frame
        self._collect_due = False  # a save or a reply just ended: collect its garbage in a held frame
        self._boot_due = False  # a saved game to read at power-up, in the frame after the first (_boot_begin)
        self._free_found = False  # the flash's free blocks found since power-up (_find_free)

    # --- saving ------------------------------------------------------------------

    def payload(self):
        """The running game, secrets included, for a host that is allowed them (debug mode, tests)."""
        play = self.play
        return {"program": self.program["name"], "state": play.game.to_json(),
                "turns_done": getattr(play, "turns_done", 0)}

    def _write_save(self):
        play = self.play
        self.saves.save(self.program["name"], getattr(play, "turns_done", 0), play.game.to_json())

    def _find_free(self):
        """Once a power-up, before the first save is written: let the storage find its free blocks now
        (hal/rp2_storage.py find_free: littlefs walks the whole filesystem at the first block it allocates,
        90 ms and more on a board flashed as users flash it), in a frame that is long anyway (a game's
        start, the reading of a saved game at power-up), not in the held frame of the first save's write.
        A flash that cannot be written is reported by the save itself."""
        if self._free_found:
            return
        self._free_found = True
        find = getattr(self.saves.storage, "find_free", None)
        if find is not None:
            try:
                find()
            except OSError:
                pass

    def _save(self, again=False):
        """Begin saving the running game (finished over the next frames by _save_step)."""
        if self.play is None or getattr(self.play, "game", None) is None:
            return
        self._find_free()
        if self.watchdog is not None:
            self.watchdog.feed()
        try:
            self._store()
        except (OSError, SaveError) as e:
            self._save_trouble(e)
            return
        except MemoryError as e:
            self._save_short(e, again)
            return
        if not self.saves.pending:
            self._save_worked()

    def _save_short(self, exc, again):
        """A save the heap had no room for: the game is untouched (a save only reads it). It is begun
        again in the next frame, once the garbage of this one (a host's start request, the turn's own) is
        gone; a second failure is reported as any failed save is, and the next turn tries again."""
        self.saves.cancel()
        if again:
            self._save_trouble(exc)
        else:
            self._save_due = SAVE_AGAIN

    def _store(self):
        if self.play.game.over:
            self.saves.cancel()
            self.saves.clear()  # a finished game is not offered again
            self._forget_repl()
        else:
            play = self.play
            self.saves.begin(self.program["name"], getattr(play, "turns_done", 0), play.game.to_json())

    def _save_step(self):
        """One bounded part of the save under way (run once a frame by the table's loop)."""
        if not self.saves.pending:
            return
        sealing = not self.saves.on_flash_next
        try:
            done = self.saves.step()
        except (OSError, SaveError, MemoryError) as e:  # (step() has dropped the save) reported; the next turn tries again
            self._save_trouble(e)
            return
        if done:
            self._save_worked()
            self._collect_due = True
        elif sealing and self.saves.on_flash_next:
            # the sealing's garbage (some 50 KB of hashes and numbers), collected before the flash's frames:
            # left to itself MicroPython would collect in a frame of the save's end (36.7 ms on the emulated
            # RP2040 with the firmware as .mpy files)
            self._collect_due = True

    def _collect(self):
        """Collect the garbage of the turn and its save now, in a held frame (table/app.py): left to itself
        MicroPython collects when the heap is full, which may be the frame that resolves the next turn (on a
        Pico, 7 to 13 ms more in a frame that already takes the longest). The frame is held on CPython too,
        which has no such need, so that the simulated table's frames stay the board's."""
        self._collect_due = False
        if SMALL_HEAP:  # MicroPython: its collector runs when the heap is full, in any frame
            gc.collect()

    def _save_settle(self):
        """Finish the save under way now (before the saved game is read back or set aside)."""
        try:
            if self._save_due:
                self._save_due = False
                self._save(True)  # now or never: no next frame to try again in
            if self.saves.pending:
                self.saves.finish()
                self._save_worked()
        except (OSError, SaveError) as e:
            self._save_trouble(e)
        except Exception as e:  # a game broken by the error being handled must not stop the recovery
            self._save_failed(e)

    def _save_trouble(self, exc):
        _trouble().save_trouble(self, exc)

    def _save_failed(self, exc):
        _trouble().save_failed(self, exc)

    def _set_aside(self, reason, now):
        _trouble().set_aside(self, reason, now)

    def _crash(self, exc, now):
        try:
            _trouble().crash(self, exc, now)
        except Exception:  # noqa: BLE001 - the handler itself failed (a heap too full even for it)
            self._crash_hard(now)

    def _crash_hard(self, now):
        """The last resort of the crash path: allocate nothing (every word below is a constant), let the game
        go, and restart the board (hal.restart: machine.reset() on a Pico, which reports a watchdog reset, so
        the saved game is resumed at once). Where the port cannot restart (the simulated table), the error
        pattern's end tries the saved game as after any error."""
        self.play = None
        self.program = None
        self.mode = "error"
        self.error = HARD_CRASH
        self.error_next = HARD_CRASH_NEXT
        self.error_until = now
        self.crashes += 1
        restart = getattr(self.hal, "restart", None)
        if restart is not None:
            restart()

    def _recover(self, now):
        _trouble().recover(self, now)

    def _render_error(self, now):
        _trouble().render_error(self, now)

    def error_lines(self):
        return _trouble().error_lines(self)

    def _save_worked(self):
        self.crashes = 0
        if self.save_failing is not None:
            if self.save_problem == self.save_failing:
                self.save_problem = None
            self.save_failing = None
        self.save_unusable = False  # whatever was in game.json has been replaced

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
        done = payload.get("turns_done", 0)
        if not isinstance(done, int) or isinstance(done, bool) or done < 0:
            raise ValueError("turns_done must be a whole number, 0 or more (got %r)" % (done,))
        self._restore(payload)
        self._save()

    def drop_play(self):
        """The running program leaves the table: its controller and game become garbage, and on a board every
        module of its own leaves RAM with them (unload). Without that, an evening of games kept every game
        played in RAM until the heap ran out at the fifth start or so."""
        prog = self.program
        self.play = None
        self.program = None
        if self._private is not None:
            self._private.phones = 0
        unload(prog)

    def reset(self):
        """Abandon the running game and forget its save; back to the start menu. An ok held down now does
        nothing when it is let go (ok acts on release: it would start a game from the menu)."""
        for b in range(len(self.states)):
            if self.states[b]:
                self._long[b] = 1
        self.drop_play()
        self.mode = "menu"
        self._save_due = False
        self.saves.cancel()
        self.saves.clear()
        self._forget_repl()

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

    def _boot_begin(self):
        """At power-up, with a saved game on the flash (save_waiting): say so in the first frame (READING), and
        read it in the second (_boot, a held frame). Reading it (its checks, its game's modules, its state) took
        0.56 s on the emulated RP2040 (a 2-player game on ring4), which would otherwise come before the first
        frame."""
        self.mode = READING
        self._boot_due = True

    def _boot(self, now):
        """Find the saved game: resume it at once after a watchdog restart, else offer it. The start menu, not
        made at a boot that found a save (app.py), is made in this held frame when it follows."""
        self._boot_read(now)
        if self.play is None:
            self.menu  # noqa: B018 - the menu's modules read now, not in a frame that draws

    def _boot_read(self, now):
        self._boot_due = False
        self.mode = "menu"
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
        self._find_free()  # this frame is held and long already: the next save's write will not be
        if self.saves.storage.exists(REPL_MARK):
            self.repl_opened = True
            if self.mode == "game":
                self.repl_since = now

    def _resume_press(self, role):
        if role == "ok":
            self.mode = "game"
            if self.repl_opened:
                self.repl_since = self.hal.clock.ticks_ms()
        elif role == "mode" or role == "move":
            self.reset()

    # --- the REPL ------------------------------------------------------------------
    # Whoever holds the REPL can read everything (docs/table.md, "What the seal promises"); what the
    # table can do is make it visible. Ctrl-C during a game leaves REPL_MARK on the flash; the game,
    # when it comes back, says so on describe()'s lines, in the protocol's state ("repl_opened") and
    # with debug mode's lights (the ring flashes magenta, then each panel's last status LED stays
    # magenta: hidden facts may have been seen). The mark goes with that game (its end, a reset, a
    # new game). Someone at the REPL can delete it too: it shows an opened box, not a careful cheat.

    def stopped_to_repl(self):
        """Ctrl-C took the board to the REPL: mark a game under way, then finish its save. With no game on
        the table yet (the first frames, before the saved game is read), a saved game on the flash is marked:
        it is the one the REPL could have read."""
        play = self.play
        if play is None:
            try:
                waiting = self.saves.storage.exists(SAVE)
            except OSError:
                waiting = True
            if waiting:
                mark_repl(self.saves.storage)
            return
        if getattr(play, "game", None) is None or play.game.over or not self.program.get("hides", True):
            return
        mark_repl(self.saves.storage)
        self._save_settle()

    def _forget_repl(self):
        """The marked game is over or replaced: the next one starts unmarked."""
        if self.repl_opened or self.saves.storage.exists(REPL_MARK):
            try:
                self.saves.storage.remove(REPL_MARK)
            except OSError:
                pass
        self.repl_opened = False
        self.repl_since = None

    # --- errors ------------------------------------------------------------------

    def problem_lines(self, lines):
        """Add to describe()'s lines of a running game: the REPL had the board; the reason a save is failing."""
        if self.repl_opened:
            lines.append(REPL_WORDS)
        seed = self.shown_seed() if self.seed_secret else None
        if seed is not None:
            lines.append("seed %d (told now that the game is over)" % seed)
        if self.save_failing is not None:
            lines.append(self.save_failing)
        return lines

    def render_save_failing(self, now):
        _trouble().render_save_failing(self, now)

    def _render_reading(self):
        """A saved game being read at power-up: every fourth ring LED green, steady, the board dark else."""
        self.frame.clear()
        self._dots(P.RESUME_ASK, 4)  # Table's ring marks

    def _render_resume_ask(self, now):
        """The saved game, with every fourth ring LED blinking green: "carry on with this game?"."""
        self.play.render(now)
        if (now // 300) % 2 == 0:
            self._dots(P.RESUME_ASK, 4)
