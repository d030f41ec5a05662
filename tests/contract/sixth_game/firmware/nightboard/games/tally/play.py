"""The tally on the table: the ring's first places light in blood up to the tally; the player to move has its
status LED lit, and its first two blood LEDs show what its ok adds (mode changes it: 1 or 2)."""

from nightboard.table import palette as P
from nightboard.table.eventlog import EventLog
from nightboard.table.layout import STATUS_AT


class TallyPlay:
    def __init__(self, layout, frame, game):
        self.layout = layout
        self.frame = frame
        self.game = game
        self.adds = bytearray(game.players_count())  # per seat: 0 adds 1, 1 adds 2
        self.places = [3 * layout.position_led(i, 0) for i in range(min(layout.positions, 12))]
        self.log = EventLog()  # the table hands over its own
        self.turns_done = 0

    def press(self, player, role, now):
        g = self.game
        if player not in g.to_move():
            return
        if role == "mode":
            self.adds[player] ^= 1
        elif role == "ok":
            self.log.extend(g.apply(player, 1 + self.adds[player]))
            self.turns_done += 1

    def release(self, player, role, now):
        pass

    def board_step(self, now, room):
        return False  # the board plays no seat

    def animating(self):
        return False

    def render(self, now):
        fr = self.frame
        g = self.game
        fr.clear()
        for i in range(min(g.tally, len(self.places))):
            fr.put(self.places[i], P.BLOOD)
        for s in g.to_move():
            at = self.layout.panel_at[s]
            fr.put(at + STATUS_AT, P.SEAT[s])
            fr.put(at, P.TABLE)
            if self.adds[s]:
                fr.put(at + 3, P.TABLE)

    def describe(self):
        v = self.game.view(None)
        if v["over"]:
            return ["Tally, turn %d: %d" % (v["turn"], v["tally"]),
                    "game over: the goal was %d, %s wins" % (v["goal"], P.SEAT_NAMES[v["winner"]])]
        s = v["to_move"][0]
        return ["Tally, turn %d: %d" % (v["turn"], v["tally"]),
                "%s to add %d" % (P.SEAT_NAMES[s], 1 + self.adds[s])]
