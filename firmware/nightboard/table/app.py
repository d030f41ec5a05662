"""The table's main loop: buttons in, game controller, animation, LEDs out, at a fixed frame pace.

`Table(profile, hal, start)` runs the same on the board (hal from
hal/board.py) and in simulation (hal from hal/sim.py). Each `tick()` is one
frame: scan and debounce the buttons, hand their events to the start menu or
the game, draw the frame and send it to the LEDs. "ok" acts when released, so
that a long press of "ok" (asking to leave the game) never also confirms a
turn; a long press shows the question on the ring, another "ok" goes back to
the menu and any other key carries on playing.
"""

import json

from nightboard.compat import SMALL_HEAP, const, forget_module, json_dumps
from nightboard.table import palette as P
from nightboard.table.buttons import LONG, PRESS, RELEASE, Debouncer, event_button, event_kind
from nightboard.table.eventlog import EventLog
from nightboard.table.frame import Encoder, Frame
from nightboard.table.keeper import READING, SAVE_AGAIN, Keeper, save_waiting, unload
from nightboard.table.layout import Layout

FRAME_MS = 16  # about 60 frames a second (GUIDE section 6)
# Events of finished turns kept for the host (table/eventlog.py keeps them compact; a turn's own events stay
# until the next turn's arrive, docs/protocol.md). 32 more cost 1.1 to 1.7 KB of a game's worst point on the
# board; the terminal gathers its own log (host/nightboard_host/terminal/view.py).
_EVENTS_KEPT = const(16)
_LOG_SHOWN = const(40)  # the newest events `log` tells (the terminal view's log)
REFRESH_FRAMES = 60  # an unchanged frame is sent again this often (LEDs hold their colour; a glitch heals)
DEBUG_ANNOUNCE_MS = 2000
ROLES = ("mode", "move", "look", "ok")
# A held frame does one heavy thing and neither draws nor sends the LEDs (they keep the last picture, a
# frame longer), so that no frame takes more than two frame times on a Pico: the frame that collects the
# garbage of a save or of a reply (some 26 ms on a grid, on the emulated RP2040) and the one that writes a
# save to the flash read the buttons and do nothing else; the frame that answered the host
# handles the presses but does not draw; so does the frame whose presses, or a seat the board plays,
# resolved a turn (the game's rules, then the first picture of its animation in the next frame: 40 ms in
# one frame on the emulated RP2040 with the code in ROMFS), and the one that publishes a turn's events
# (the event log made compact: 24 ms for a 4-family turn's 44 events there). (A grid's drawing alone takes
# up to 30 ms in some animation frames.) At power-up with a saved game, the second frame reads it (HELD_READ, 0.56 s on the emulated
# RP2040: not a turn; the first frame has said that a save is being read). Held frames fall on the same frames
# on the board and in simulation (table.held says which kind), so their pictures match.
CARRY = "table.next"  # what the table's own restart carries (table/fresh.py), beside the saves
WAIT_FRAMES = 3  # menu frames before the restart that gives the next game a fresh heap: the reply to a
# host's `reset` is out, and the menu is on the LEDs (table/fresh.py)
HELD_COLLECTED = 1
HELD_SERVED = 2
HELD_FLASH = 3
HELD_TURN = 4
HELD_PUBLISHED = 5
HELD_READ = 6
# What the services may answer in a frame (table.serving): nothing, anything, or only a look at the LEDs (the
# protocol's `frame`: it reads and changes nothing). Once a turn, the frame that would publish its events
# (or a sealing frame) answers a look instead, if one waits (_look), so a host sees the turn's picture without waiting for
# the save; no frame does a part of a save and answers too (on grid8 on the emulated RP2040 a `frame` reply
# beside the save's beginning made a frame of 58.7 ms, its module's first import included).
_SERVE_NONE = const(0)
_SERVE_ALL = const(1)
_SERVE_FRAME = const(2)
# Table._look_due's bits (one name, not two: every new name is interned for good, docs/performance.md)
_LOOK_TURN = const(1)
_LOOK_NEW = const(2)  # (cleared by protocol_kinds.frame)


_last = [None]  # type: list  # the profile as JSON text while a game is played (a name programs.py has)


def profile_again():
    """The table's profile, made again from the JSON text the table kept of it. A board that restarts after every
    game (table/fresh.py) holds that text, not the profile, while a game is played (_menu_away: 1.5 KB of text
    for 3.2 KB of lists and dicts in a Pico's heap, grid8), and makes the profile again when a start, the menu
    or the host's `profile` asks for it (a collection's worth of work: no file is read)."""
    return json.loads(_last[0])


class StartError(ValueError):
    """Options that cannot start a game on this table; the message says why."""


class Table(Keeper):
    def __init__(self, profile, hal, start=None, offered=None):
        self.profile = profile
        self.hal = hal
        self.layout = Layout(profile)
        self.frame = Frame(profile["led"]["count"])
        # The menu works out the games this table seats now (menu.offered, unless `offered` gives them as an
        # earlier boot found them), before the table's buffers: the names the game packages hold are
        # interned low in the heap, not in the middle of its free space.
        self._menu = None
        self._menu_kept = None  # what the menu showed when a game took the table (Menu.kept)
        self._offered = offered
        # A port that can restart the firmware (table/fresh.py) does so when a game has left the table: what
        # it carried over that restart is read back here.
        self.hal_soft_reset = getattr(hal, "soft_reset", None)
        self.played = False  # a program has run since boot (its names are interned: the next one restarts)
        self._menu_frames = 0
        carried = None
        if self.hal_soft_reset is not None and hal.storage.exists(CARRY):  # (a boot without one imports nothing)
            from nightboard.table import fresh

            carried = fresh.read(hal.storage)
            fresh = None
            forget_module("nightboard.table.fresh")
            if carried is not None:
                self._menu_kept = carried["menu"]
        # A power-up that finds a saved game says so in its first frame and reads it in the second
        # (keeper.py _boot): the start menu waits until then, and is not made at all when the game resumes (its
        # modules and a game's package: some 120 ms of a Pico's boot with .mpy files, docs/performance.md).
        reading = start is None and carried is None and save_waiting(hal.storage)
        if not reading:
            self.menu  # noqa: B018 - made now, low in the heap
        # encode the next frame while DMA sends the last; with the chip's compiled loop where the hal has one
        self.encoder = Encoder(profile, buffers=2, loop=getattr(hal, "encode_loop", None))
        self._shown = bytearray(len(self.frame.rgb))  # the frame last encoded and sent
        self._shown_brightness = -1
        self._since_sent = REFRESH_FRAMES
        keys = profile["buttons"]["keys"]
        self.key_player = bytearray(len(keys))
        self.key_role = bytearray(len(keys))
        for i in range(len(keys)):
            self.key_player[i] = keys[i]["player"]
            self.key_role[i] = ROLES.index(keys[i]["role"])
        b = profile["buttons"]
        # Eager: a press shows in the next frame; bounces are ignored for debounce_ms after it.
        self.debouncer = Debouncer(len(keys), b.get("debounce_ms", 20), b.get("long_ms", 800), eager=True)
        self.states = bytearray(len(keys))
        self._long = bytearray(len(keys))
        self.injected = bytearray(len(keys))  # presses held by the host over the protocol
        self.injecting = 0  # how many of them are held (the merge is skipped when none)
        self.frame_ms = FRAME_MS
        self.frames = 0
        self.services = []  # objects with poll(table, now), run every frame (the serial protocol)
        self.events = EventLog(_EVENTS_KEPT)  # every game's events, the only holder; handed to each controller
        self._log_from = 0  # the first event of the game being played
        self._publish_upto = -1  # a finished turn's last event, to publish in the next frames
        self._turns_seen = 0
        self.debug = False
        self.debug_since = 0
        self._private = None  # table/private.py's Private, made at the first need (the seats on phones in it)
        self.seed_secret = False  # the running game's seed was drawn by the board: shown only once it is over
        self._drawn = None
        self.play = None
        self.program = None
        self.held = 0  # this frame's kind of held frame (HELD_COLLECTED, ...), 0 for a frame that drew
        self.serving = _SERVE_ALL  # what the services may answer the host in this frame (_frame_work)
        # _LOOK_TURN: a turn ended, its save may answer a host's look first (_look); _LOOK_NEW: the LEDs changed
        # since the host's last `frame` (none yet)
        self._look_due = _LOOK_NEW
        self.pressed = False  # the last frame that drew handled a button's event (_frame_work)
        self.mode = "menu"
        self._keeper_init()
        if carried is not None:  # back from the table's own restart: the start menu, as it was left
            if carried["reason"] is not None:
                self.restart_reason = carried["reason"]
            if carried["debug"]:
                self.set_debug(True, hal.clock.ticks_ms())
            self.events.recorded = self.events.published = self._log_from = carried["events"]
        if start is not None:
            self.start_game(start)
        elif reading:
            self._boot_begin()

    # --- games ---------------------------------------------------------------

    def start_game(self, opts, save=True):
        """Start a game from menu or host options; StartError (nothing changed) when impossible."""
        if not isinstance(opts, dict):
            raise StartError("start options must be an object")
        if self.profile is None:  # a game let go of it (_menu_away)
            self.profile = profile_again()
            _last[0] = None
        from nightboard.table import programs

        prog = None
        try:
            prog = programs.find(opts.get("game", programs.first()))
            if prog.get("kind") == "tool":  # not a game: the controller drives the table itself (self-test)
                if "position" in opts:  # (a save or a host's load naming a tool: it holds no game to resume)
                    raise ValueError("%s is not a game: it has no position to start from" % prog["name"])
                play = programs.controller_class(prog)(self)
            else:  # the package is set aside once the controller is built: a module of the package that the
                # controller imports (a hand panel's drawing) would otherwise import it again, for the whole game
                try:
                    play = programs.controller_class(prog)(self.layout, self.frame, self._new_game(prog, opts))
                finally:
                    programs.set_aside(prog)  # the game's entry points are not needed while it is played
        except Exception as e:
            if prog is not None and (self.program is None or self.program["name"] != prog["name"]):
                unload(prog)  # what a refused start imported (its engine, to read a position) leaves RAM
            if isinstance(e, ValueError):
                raise StartError(str(e))
            raise
        left = self.program
        self.program = prog
        self.play = play
        if self._private is not None:
            self._private.phones = 0
        self.played = True
        if left is not None and left["name"] != prog["name"]:
            unload(left)  # the game this one replaced (a host's start or load during a game)
        self._boot_due = False  # a game started before the save was read (the host's start) replaces it
        self._menu_away(prog["name"])
        drawn = self._drawn is not None and opts.get("seed") == self._drawn and "position" not in opts
        self.seed_secret = bool(prog.get("hides", True)) and (drawn or "position" in opts)
        self._drawn = None
        if save:
            self._forget_repl()  # a new game: a REPL mark of the last one is not its
        if self._publish_upto >= 0:  # the previous game's last finished turn, not yet published
            self.events.publish(self._publish_upto)
            self._publish_upto = -1
        self._save_due = False  # this game is saved below
        self.events.drop_unpublished()  # a turn left half-way in the previous game is not served
        self._log_from = self.events.recorded
        play.log = self.events
        self._turns_seen = getattr(play, "turns_done", 0)
        self.mode = "game"
        if save:
            self._save()

    @property
    def menu(self):
        """The start menu: made again, showing what it showed, the first time it is needed after a game."""
        m = self._menu
        if m is None:
            if self.profile is None:  # a game let go of it (_menu_away)
                self.profile = profile_again()
                _last[0] = None
            from nightboard.table.menu import Menu

            m = self._menu = Menu(self.layout, self.frame, self.profile, self._offered, self._menu_kept)
            self._offered = m.progs
        return m

    def _menu_away(self, name):
        """A game takes the table: the menu will show that game when the table comes back to it. Until then
        the menu and the modules only it and a game's start use (menu.py, tablefit.py, programs.py: some
        4 KB of a Pico's heap with the code in ROMFS) leave RAM, and so does the profile on a board that
        restarts after the game (kept as JSON text: profile_again)."""
        m = self._menu
        if m is not None:
            m.show(name)
            self._menu_kept = m.kept()
            self._menu = m = None
        elif self._menu_kept is None or self._menu_kept[0] != name:
            self._menu_kept = (name, self._menu_kept[1] if self._menu_kept else 0, 0, b"")
        if SMALL_HEAP:  # on CPython (the host) a module read again would make its classes anew
            forget_module("nightboard.table.menu")
            forget_module("nightboard.table.tablefit")
            forget_module("nightboard.table.programs")
            if self.hal_soft_reset is not None and self.profile is not None:  # the board restarts after it
                _last[0] = json_dumps(self.profile)
                self.profile = None  # profile_again() when asked

    def draw_seed(self, opts):
        """Seed a new game from the board's own randomness (hal.random_bytes: os.urandom), never from the
        clock; a game that hides anything keeps it secret until it is over (seed_secret)."""
        from nightboard.prng import draw_seed

        self._drawn = draw_seed(self.random_bytes(8))  # 62 bits: a wide stream nobody can search
        opts["seed"] = self._drawn
        return opts

    def shown_seed(self):
        """The running game's seed where the players may see it (its end, or a seed a user chose); else None."""
        g = self.game
        if g is None or (self.seed_secret and not g.over):
            return None
        return getattr(g, "seed", None)

    def _new_game(self, prog, opts):
        from nightboard.table import programs

        mod = programs.engine(prog)
        if "position" in opts:
            game = mod.from_json(opts["position"])
            players = game.players_count()
        else:
            options = {}
            for name, values in prog["options"]:
                options[name] = opts.get(name, values[0])
            players = opts.get("players", prog["players"][0])
            game = mod.new_game(opts.get("seed", 0), players, **options)
        mod = None
        from nightboard.table.tablefit import check_players

        check_players(self.profile, prog, players, opts)
        programs.read_in(prog, game)
        return game

    @property
    def game(self):
        return self.play.game if self.play is not None else None

    @property
    def log(self):
        """The newest events of the game being played (up to _LOG_SHOWN), as dicts, oldest first."""
        if self.play is None:
            return []
        return self.events.recent(min(_LOG_SHOWN, self.events.recorded - self._log_from))

    @property
    def log_mark(self):
        """Grows with every event recorded (a view redraws its log when it changes)."""
        return self.events.recorded

    @property
    def event_seq(self):
        """The number of the newest event the host may have (of a finished turn)."""
        return self.events.published

    def button_id(self, player, role):
        r = ROLES.index(role)
        for i in range(len(self.key_role)):
            if self.key_player[i] == player and self.key_role[i] == r:
                return i
        raise ValueError("no %s button for player %d" % (role, player))

    # --- the frame loop ------------------------------------------------------

    def tick(self):
        hal = self.hal
        now = hal.clock.ticks_ms()
        if self.watchdog is not None:
            self.watchdog.feed()
        states = self.states
        hal.buttons.scan(states)
        if self.injecting:
            inj = self.injected
            for i in range(len(states)):
                states[i] |= inj[i]
        deb = self.debouncer
        deb.update(states, now)
        # The frame after a held one draws (with the presses): no save work, no reply; only a reply's
        # garbage is collected at once, in the frame after the reply.
        after = self.held
        # nor a reply in a frame that does a part of a save (but a look at the LEDs), nor before a save found
        # at power-up is read: the board's mode, game and problem are not known yet
        serve = _SERVE_NONE if after or self._boot_due else _SERVE_ALL
        self.held = 0
        if self.played and self.mode == "menu" and self.hal_soft_reset is not None and not self._save_due \
                and not self.saves.pending:  # a game has left the table: a fresh heap for the next (fresh.py)
            self._menu_frames += 1
            if self._menu_frames > WAIT_FRAMES:
                from nightboard.table import fresh

                fresh.restart(self)
        try:
            # After a turn, a frame each, before any press: its save begins (the state as the turn left it),
            # its events are published (held), then the save goes on a bounded part a frame (keeper.py;
            # the sealing's garbage collected, held, before the write), then the save's garbage is
            # collected (held). Not before the sealing: MicroPython looks for a block of more than 16 bytes
            # from the lowest free one up, so on a heap just collected (full of small holes) each of the
            # sealing's 256-byte numbers took longer to place than the last (sealing frames of 7 to 13 ms,
            # against 4 to 5, in a round on grid8 on the emulated RP2040).
            # The frame that resolved the turn is the fullest of all (held); it does none of this. A turn that
            # ends while the save of the one before is still under way waits for it: finishing that save at
            # once took 33 ms of a frame on the emulated RP2040 (a person's turn right after the board's). Its
            # save then begins from the state of that moment; a power cut before it is written loses that turn,
            # as one during its own save would.
            if after:
                if after == HELD_SERVED and self._collect_due:
                    self._collect()
                    self.held = HELD_COLLECTED
            elif self._boot_due and self.frames:  # the first frame said a save is being read: read it
                self._boot(now)
                self._collect_due = True
                self.held = HELD_READ
            elif self._save_due and not self.saves.pending:
                again = self._save_due == SAVE_AGAIN
                self._save_due = False
                self._save(again)
                serve = _SERVE_NONE
            elif self._publish_upto >= 0 and not self._save_due:
                if self._look_due & _LOOK_TURN and self._look(now):  # a host's look at the turn's picture first
                    self.held = HELD_SERVED
                    self._collect_due = True
                else:
                    self.events.publish(self._publish_upto)
                    self._publish_upto = -1
                    self.held = HELD_PUBLISHED
            elif self._collect_due:
                self._collect()
                self.held = HELD_COLLECTED
            elif self.saves.pending:
                if self._look_due & _LOOK_TURN and not self.saves.on_flash_next and self._look(now):  # (step: next)
                    self.held = HELD_SERVED
                    self._collect_due = True
                else:
                    if self.saves.on_flash_next:
                        self.held = HELD_FLASH
                    self._save_step()
                    serve = _SERVE_NONE
            if not self.held:
                self._frame_work(deb, now, serve)
        except Exception as e:  # a bug must not freeze the table: show it, log it, go back to the save
            self.held = 0
            self._crash(e, now)
            self._render_error(now)
        if not self.held:
            self._show()
        self.frames += 1

    def _frame_work(self, deb, now, serve):
        """The presses, the services and the drawing of a frame that is not held. A frame in which a
        service answered the host (the protocol) draws nothing: the reply is its work (held). With
        `serve` _SERVE_NONE the services only keep their timers and answer in a later frame: the frame after
        a held one draws, so that a host that asks without pause (a reply, its collection, ...) cannot stop
        the picture (a look at the LEDs during a save has a frame of its own: _look). The board's work for
        the seats it plays (play.board_step: a frame's thinking, up to some 20 ms on the emulated RP2040, or its action, which holds the frame as a turn's presses do)
        has room only in a frame that serves, has not answered and handled no button's event, nor did the
        frame before (a person's ok and the picture it changes took 15 to 25 ms of a frame on the emulated
        RP2040, some of it in the next frame: with a frame's thinking on top, the deepest board player made
        frames of 52 and 59 ms); every other frame keeps its clock. A decision the board begins (its
        controller's `thinking`, table/thinking.py) is followed by a held frame that collects the garbage:
        left to itself MicroPython collected in the middle of a frame of thinking and drawing (some 12 ms
        more, docs/performance.md)."""
        play = self.play
        before = play.turns_done if play is not None else -1
        ev = deb.next_event()
        pressed = ev is not None or self.pressed  # a button's event handled, in this frame or the last
        self.pressed = ev is not None
        while ev is not None:
            self._dispatch(event_kind(ev), event_button(ev), now)
            ev = deb.next_event()
        if play is not None and self.play is play and play.turns_done != before:  # these presses resolved it
            self.held = HELD_TURN
            serve = _SERVE_NONE
        self.serving = serve
        for svc in self.services:
            if svc.poll(self, now):  # it answered the host: its garbage is collected in the next frame
                self.held = HELD_SERVED
                self._collect_due = True
        if self.held != HELD_TURN and play is not None and self.play is play and \
                (self.mode == "game" or self.mode == "confirm_quit"):
            # The seats the board plays: their pause's clock, and, in a frame with room, a frame's thinking
            # or an action.
            th = getattr(play, "thinking", None)
            idle = th is None or not th.busy
            play.board_step(now, serve == _SERVE_ALL and not self.held and not pressed)
            if idle and th is not None and th.busy:  # a decision begun: its heap collected in the next frame
                self._collect_due = True
            if play.turns_done != before:  # the board's action ended a turn: drawn in the next frame
                self.held = HELD_TURN
        if self.play is not None and self.play.turns_done != self._turns_seen:
            self._turn_finished(now)
        if self.mode == "error" and self.hal.clock.ticks_diff(now, self.error_until) >= 0:
            self._recover(now)
        if not self.held:
            self.render(now)

    def _show(self):
        """Encode and send the frame, unless the LEDs already show it (compared in C, no allocation)."""
        rgb = self.frame.rgb
        enc = self.encoder
        self._since_sent += 1
        same = rgb == self._shown
        if same and enc.brightness == self._shown_brightness and self._since_sent < REFRESH_FRAMES:
            return
        if not same:
            self._look_due |= _LOOK_NEW
        self.hal.pixels.write(enc.encode(self.frame))
        self._shown[:] = rgb
        self._shown_brightness = enc.brightness
        self._since_sent = 0

    def run(self):
        """Tick forever at the frame pace (the board's main loop), with the watchdog running.
        Ctrl-C stops the watchdog, so the REPL (mpremote, the flash tool) can take over; any other error
        that reaches here restarts the board (hal.restart), which resumes the saved game."""
        clock = self.hal.clock
        due = clock.ticks_ms()
        if self.watchdog is not None:
            self.watchdog.start()
        try:
            while True:
                self.tick()
                due = clock.ticks_add(due, self.frame_ms)
                wait = clock.ticks_diff(due, clock.ticks_ms())
                if wait > 0:
                    clock.sleep_ms(wait)
                elif wait < -self.frame_ms:
                    due = clock.ticks_ms()  # fell behind: do not try to catch up in a burst
        except KeyboardInterrupt:
            if self.watchdog is not None:
                self.watchdog.stop()
            self.stopped_to_repl()
            raise
        except Exception:  # noqa: BLE001 - what even the crash path let through: never the REPL on its own
            restart = getattr(self.hal, "restart", None)
            if restart is None:
                raise
            restart()

    def _turn_finished(self, now):
        self._turns_seen = self.play.turns_done
        self._publish_upto = self.events.recorded  # the events so far: published in a later frame
        self._save_due = True
        self._look_due |= _LOOK_TURN

    def _look(self, now):
        """Once a turn, a frame of its save that would publish the turn's events or seal a part answers a host's
        `frame` request waiting on the port instead (_SERVE_FRAME), and does that part in a later frame: the
        turn's picture reaches the host during the save, in a frame that does nothing else (the save has begun:
        its state is taken). Only once the LEDs show something the host's last `frame` did not (a turn's first
        pictures often change no light for a while): a look at an unchanged picture would leave the change to
        the save's end. Whether a seat's private LEDs changed is not known without working out the public frame,
        so while any may be lit (a hand panel, a seat holding look) the look is answered at once, as it does
        not depend on what they show. True when a service answered (then no more looks this turn)."""
        if not self._look_due & _LOOK_NEW and not self.layout.hand_w:
            looking = getattr(self.play, "looking", None)
            s = len(looking) if looking is not None else 0
            while s and not (looking[s - 1] and not self.phones >> (s - 1) & 1):
                s -= 1
            if not s:  # no seat holds look but from a phone: the frame is the public one
                return False
        self.serving = _SERVE_FRAME
        answered = False
        for svc in self.services:
            if svc.poll(self, now):
                answered = True
        if answered:
            self._look_due &= ~_LOOK_TURN
        return answered

    def events_since(self, seq):
        """[(seq, event)] of finished turns with seq greater than `seq` (those still kept)."""
        return self.events.since(seq)

    def inject(self, button, pressed):
        """Hold (or let go of) a button from the host, as if a finger pressed it."""
        if not 0 <= button < len(self.injected):
            raise ValueError("no button %r (this table has 0..%d)" % (button, len(self.injected) - 1))
        self.injected[button] = 1 if pressed else 0
        self.injecting = sum(self.injected)

    def set_phone(self, seat, on):
        """Mark a seat of the running game as played from a phone (or no longer): its private view is then
        never drawn on the table, even while its player holds look. Cleared when a game starts or leaves."""
        pv = self.private()
        if on:
            pv.phones |= 1 << seat
        else:
            pv.phones &= ~(1 << seat)

    @property
    def phones(self):
        """Bit s: seat s is played from a phone (the protocol's seat request)."""
        return self._private.phones if self._private is not None else 0

    def private(self):
        """The private LEDs' mask and the public frame (table/private.py), made at the first need."""
        pv = self._private
        if pv is None:
            from nightboard.table.private import Private

            pv = self._private = Private(self.layout)
        return pv

    def is_phone(self, seat):
        return bool(self.phones >> seat & 1)

    def set_debug(self, on, now):
        """Debug mode shows hidden facts over the protocol, but only once the table has announced it."""
        if on and not self.debug:
            self.debug_since = now
        self.debug = bool(on)

    def debug_visible(self, now):
        """True once debug mode has been announced on the LEDs for DEBUG_ANNOUNCE_MS."""
        return self.debug and self.hal.clock.ticks_diff(now, self.debug_since) >= DEBUG_ANNOUNCE_MS

    def _dispatch(self, kind, button, now):
        player = self.key_player[button]
        role = ROLES[self.key_role[button]]
        if role == "ok":
            if kind == LONG:
                self._long[button] = 1
                if self.mode == "game":
                    self.mode = "confirm_quit"
            elif kind == RELEASE:
                if self._long[button]:
                    self._long[button] = 0
                else:
                    self._press(player, role, now)
            return
        if kind == PRESS:
            self._press(player, role, now)
        elif kind == LONG:
            if role == "move" and self.mode == "game":
                # A long press of move steps back through the choices: the game's controller takes "back"
                # (its press already stepped on once: back is the choice before the one shown then).
                self.play.press(player, "back", now)
        elif kind == RELEASE:
            if self.mode == "game" or self.mode == "confirm_quit":
                self.play.release(player, role, now)

    def _press(self, player, role, now):
        if self.mode == "error" or self.mode == READING:
            return
        if self.mode == "resume_ask":
            self._resume_press(role)
            return
        if self.mode == "menu":
            opts = self.menu.press(role)
            if opts is not None:
                self.start_game(self.draw_seed(opts))
        elif self.mode == "confirm_quit":
            if role == "ok":
                self.drop_play()
                self.mode = "menu"
            else:
                self.mode = "game"
        else:
            self.play.press(player, role, now)

    def render(self, now):
        if self.mode == "menu":
            self.menu.render(now)
        elif self.mode == "error":
            self._render_error(now)
        elif self.mode == "resume_ask":
            self._render_resume_ask(now)
        elif self.mode == READING:
            self._render_reading()
        else:
            self.play.render(now)
            pv = self._private
            if pv is not None and pv.phones:
                pv.hide_phones(self)
        if self.save_failing is not None and self.play is not None and self.mode != "error":
            self.render_save_failing(now)
        if self.mode == "confirm_quit" and (now // 250) % 2 == 0:
            self._dots(P.QUIT_ASK, 2)
        if self.debug:
            self._debug_marks(now, self.debug_since)
        elif self.repl_since is not None and self.mode == "game":
            self._debug_marks(now, self.repl_since)  # the same meaning: hidden facts may have been seen

    def _dots(self, c, every):
        lay = self.layout
        for j in range(0, lay.ring_len, every):
            self.frame.set(lay.ring_led(j), c[0], c[1], c[2])

    def _debug_marks(self, now, since):
        """While debug mode is being announced (or a game the REPL interrupted comes back) the ring flashes
        magenta; after that every panel's last status LED stays magenta, so everyone at the table can see
        that hidden facts may be shown (or may have been seen)."""
        c = P.ERROR
        if self.hal.clock.ticks_diff(now, since) < DEBUG_ANNOUNCE_MS:
            if (now // 200) % 2 == 0:
                self._dots(c, 1)
            return
        lay = self.layout
        for p in range(lay.max_players):
            self.frame.set(lay.status_led(p, 2), c[0], c[1], c[2])

    def describe(self):
        """Short public lines about the table now, for a host's side panel."""
        if self.mode == "error":
            return self.error_lines()
        if self.mode == READING:
            return ["reading the saved game"]
        if self.mode == "menu":
            lines = self.menu.describe()
            if self.save_problem:
                lines.append(self.save_problem)
            return lines
        lines = self.play.describe()
        if self.mode == "resume_ask":
            lines.insert(0, "carry on with the saved game? ok: yes, mode or move: start afresh")
        if self.mode == "confirm_quit":
            lines.insert(0, "leave this game? ok: yes, any other key: no")
        return self.problem_lines(lines)
