"""What the table does when something goes wrong: a save that fails, a bad save at boot, a crash.

Imported only when it happens (table/keeper.py's Keeper calls in here), so that a table whose saves
work never holds this code in RAM. The functions take the table (t) and do what keeper.py's docstring
says: free space and try again, report a failing save, set a bad save aside, show the error pattern,
log to error.log, go back to the saved game.
"""

import gc

from nightboard.compat import format_exception
from nightboard.table import palette as P
from nightboard.table.keeper import CRASHES_BEFORE_GIVING_UP, ERROR_LOG, ERROR_LOG_MAX, ERROR_SHOW_MS
from nightboard.table.saves import SAVE, TMP, SaveError

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


def save_trouble(t, exc):
    """A save that failed: when space can be freed, try once more at once (all its steps: a full flash is
    rare, a long frame then is better than a lost turn); otherwise report it."""
    if isinstance(exc, OSError) and not (exc.args and exc.args[0] in READ_ONLY) and free_space(t):
        try:
            t._store()
            t.saves.finish()
            t._save_worked()
            return
        except (OSError, SaveError) as e2:
            t.saves.cancel()
            exc = e2
    save_failed(t, exc)


def save_failed(t, exc):
    """A save that could not be written: tell the players at once (the error pattern over the game for
    ERROR_SHOW_MS, the first time), then keep a mark and the reason until a save works again."""
    first = t.save_failing is None
    t.save_failing = "the game could not be saved (%s); it goes on, and the next turn tries again" % why(exc)
    t.save_problem = t.save_failing
    if first:
        t.save_alert_until = t.hal.clock.ticks_add(t.hal.clock.ticks_ms(), ERROR_SHOW_MS)
        log_error(t.saves.storage, "[frame %d] %s" % (t.frames, t.save_failing))


def free_space(t):
    """Make room on a full flash: remove a torn temporary save, old set-aside saves (game.bad*.json)
    and error.log. True when something was removed."""
    st = t.saves.storage
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


def set_aside(t, reason, now):
    reason = why(reason) if isinstance(reason, Exception) else reason
    try:
        name = set_aside_file(t.saves)
        t.save_problem = "the saved game could not be used (%s); kept as %s" % (reason, name)
    except OSError as e:
        t.save_unusable = True  # not tried again: the table goes on to the start menu
        t.save_problem = ("the saved game could not be used (%s) and could not be set aside (%s): "
                          "it is left as %s and will be replaced by the next game's save"
                          % (reason, why(e), SAVE))
    log_error(t.saves.storage, "[boot] " + t.save_problem)
    t.error = None
    t.error_next = "the start menu follows"
    t.drop_play()
    t.mode = "error"
    t.error_until = t.hal.clock.ticks_add(now, ERROR_SHOW_MS)


def crash(t, exc, now):
    """An unhandled error: log it, show the error pattern, then go back to the saved game."""
    hides = t.program is not None and t.program.get("hides", True)
    t._save_settle()  # the save under way holds a whole turn, taken before the error
    t.drop_play()  # the game's room back before anything here allocates (an error is often a full heap)
    gc.collect()
    text = format_exception(exc)
    if hides:  # an engine's words may name a hidden fact ("a1 is not next to c3"): only error.log keeps them
        t.error = "%s (in a game with hidden facts: its words are kept in error.log)" % type(exc).__name__
    else:
        t.error = text.strip().split("\n")[-1]
    t.restart_reason = "error: " + t.error
    t.crashes += 1
    log_error(t.hal.storage, "[frame %d] %s" % (t.frames, text))
    if t.save_unusable or not t.saves.storage.exists(SAVE):
        t.error_next = "the start menu follows (there is no saved game to go back to)"
    elif t.crashes >= CRASHES_BEFORE_GIVING_UP:
        t.error_next = "it failed %d times in a row: the saved game is set aside and the start menu follows" \
            % t.crashes
    else:
        t.error_next = "going back to the saved game"
    t.mode = "error"
    t.error_until = t.hal.clock.ticks_add(now, ERROR_SHOW_MS)
    t.debouncer.clear()


def recover(t, now):
    """After the error pattern: the saved game again, unless it keeps failing."""
    t.mode = "menu"
    if t.save_unusable:
        return
    if t.crashes >= CRASHES_BEFORE_GIVING_UP:
        t.crashes = 0
        if t.saves.storage.exists(SAVE):
            set_aside(t, "it failed %d times in a row" % CRASHES_BEFORE_GIVING_UP, now)
        return
    try:
        payload = t._load_save()
    except (SaveError, OSError) as e:
        set_aside(t, e, now)
        return
    if payload is not None:
        try:
            t._restore(payload)
            t.mode = "game"
        except ValueError as e:
            set_aside(t, e, now)


def render_error(t, now):
    """The error pattern: magenta and dark LEDs alternating round the ring, marching."""
    fr = t.frame
    lay = t.layout
    fr.clear()
    c = P.ERROR
    shift = (now // 150) % 2
    for j in range(lay.ring_len):
        if (j + shift) % 2 == 0:
            fr.set(lay.ring_led(j), c[0], c[1], c[2])
    for p in range(lay.max_players):
        fr.set(lay.status_led(p, 0), c[0], c[1], c[2])


def error_lines(t):
    """describe()'s lines in the error mode: what went wrong and, truly, what comes next."""
    if t.error is not None:
        return ["something went wrong: " + t.error, t.error_next]
    return [t.save_problem or "something went wrong", t.error_next]


def set_aside_file(store):
    """Rename a bad save (or whatever is in its place) out of the way; return its new name."""
    n = 1
    while n < 1000:
        name = "game.bad%d.json" % n
        try:
            if store.storage.size(name) is None:
                store.storage.rename(SAVE, name)
                return name
        except OSError as e:
            if getattr(e, "errno", None) != 21:  # EISDIR: a directory of that name; the next name
                raise
        n += 1
    raise OSError(17, "game.bad1.json .. game.bad999.json are all taken")


def render_save_failing(t, now):
    """While saves fail: the error pattern over the game at first, then every fourth ring LED from the
    third flashes magenta for a quarter of each second ("this game is not being saved")."""
    if t.hal.clock.ticks_diff(now, t.save_alert_until) < 0:
        render_error(t, now)
        return
    if now % 1000 < 250:
        c = P.ERROR
        lay = t.layout
        for j in range(2, lay.ring_len, 4):
            t.frame.set(lay.ring_led(j), c[0], c[1], c[2])
