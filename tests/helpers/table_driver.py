"""Drive a simulated table from tests: press buttons, let frames pass, read LEDs."""

from pathlib import Path

from nightboard.hal.sim import make_sim_hal
from nightboard.table.app import Table
from nightboard.table.profile import load_profile_file

PROFILES = Path(__file__).resolve().parents[2] / "hardware" / "profiles"


def profile(name="ring4"):
    return load_profile_file(str(PROFILES / (name + ".json")))


class Driver:
    def __init__(self, start=None, name="ring4", hal=None):
        self.profile = profile(name)
        self.hal = hal or make_sim_hal(self.profile)
        self.table = Table(self.profile, self.hal, start)
        if start is None:
            self.powered_on()

    def powered_on(self):
        """The frames of a power-up: with a saved game on the flash, the first says it is being read and the
        second reads it (table/keeper.py, _boot_begin)."""
        while self.table._boot_due or self.table.held:
            self.frames()

    def frames(self, n=1):
        for _ in range(n):
            self.hal.clock.advance(self.table.frame_ms)
            self.table.tick()

    def tap(self, player, role, hold_ms=64):
        b = self.table.button_id(player, role)
        self.hal.buttons.press(b)
        self.frames(hold_ms // self.table.frame_ms + 1)
        self.hal.buttons.release(b)
        self.frames(3)

    def hold(self, player, role):
        self.hal.buttons.press(self.table.button_id(player, role))
        self.frames(3)

    def let_go(self, player, role):
        self.hal.buttons.release(self.table.button_id(player, role))
        self.frames(3)

    def settle(self, limit=2000):
        """Frames until the turn's animation has finished."""
        for _ in range(limit):
            if self.table.play is None or not self.table.play.animating():
                return
            self.frames()
        raise AssertionError("animation did not finish")

    def saved(self, limit=200):
        """Frames until the save under way (begun the frame after a start or a turn, then written a bounded
        part a frame) is on the flash, or has failed, and its garbage is collected (a held frame)."""
        t = self.table
        for _ in range(limit):
            if not t._save_due and not t.saves.pending and not t._collect_due and not t.held:
                return
            self.frames()
        raise AssertionError("the save did not finish in %d frames" % limit)

    def choose(self, player, meta, direction):
        """Set a family's draft choice through its buttons (from whatever it is now)."""
        play = self.table.play
        if play.meta[player] != meta:
            self.tap(player, "mode")
        if play.dir[player] != direction:
            self.tap(player, "move")

    def led(self, i):
        return self.table.frame.get(i)

    def wire(self):
        return bytes(self.hal.pixels.last)


def game_frame(c, now, room=True):
    """A frame of controller `c` driven without the table, as the table makes one (app.py, _frame_work): the
    board's step for the seats it plays, then the drawing, unless that step ended a turn (the next frame
    draws it). True if it drew."""
    before = c.turns_done
    c.board_step(now, room)
    if c.turns_done != before:
        return False
    c.render(now)
    return True


def twin_frames_agree(game, table, players, steps, every, seeds=3):
    """Non-interference on the LEDs, for a game whose controller is built by table(state): over `seeds`
    random games of `players`, every `every` steps, each twin of the state (the game's secrets.twins: the
    same public facts, one hidden fact changed) draws the same frames as the state itself, with every seat
    that may not know the change holding look. Returns how many frames were compared."""
    from importlib import import_module

    from nightboard.prng import Prng

    twins = import_module(game.__name__ + ".secrets").twins
    n = 0
    for seed in range(seeds):
        g = game.new_game(seed, players)
        rng = Prng(seed)
        for step in range(steps):
            if g.result() is not None:
                break
            if step % every == 0:
                for d, knowers in twins(g):
                    a, b = table(g.copy()), table(game.from_json(d))
                    for t in (0, 250, 500, 1000, 1250):
                        for who in range(players):
                            if who not in knowers:
                                a.looking[who] = b.looking[who] = 1
                        a.render(t)
                        b.render(t)
                        assert a.frame.rgb == b.frame.rgb
                        n += 1
            s = g.to_move()[0]
            legal = g.legal(s)
            g.apply(s, legal[rng.below(len(legal))])
    return n
