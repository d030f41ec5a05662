"""A whole VampEmpire game on the table (the board in seats 1-3, seat 0 played through the controller as the
bench's drive plays it), each seat holding look in turn, then all four, then nobody; the heap allocated by
every steady frame counted: a frame with no turn in it, no save or publication under way, no board seat
about to act and no choices of the seat to move still to work out (the board's decision, the save after
it and the next seat's choices are a turn's work, not a steady frame).

Run with PROFILE, SEED and STORE (a folder for the saves: on files, as on the board's flash) defined in
front; prints: steady frames, animation frames among them, bytes they allocated, the first frame that
allocated (0: none), whether the game ended, actions applied.
"""

import gc
from nightboard.hal.sim import make_sim_hal
from nightboard.hal.files import DirStorage
from nightboard.table.app import Table
from nightboard.table.profile import load_profile_file

prof = load_profile_file("hardware/profiles/%s.json" % PROFILE)
hal = make_sim_hal(prof, storage=DirStorage(STORE))
t = Table(prof, hal, None)
t.start_game({"game": "vampempire", "players": 4, "seed": SEED, "board": 3})
g = t.game
p = t.play


def busy():
    return (t._save_due or t._publish_upto >= 0 or t.saves.pending or t._collect_due
            or p.turns_done != t._turns_seen)


def frame():
    hal.clock.advance(16)
    t.tick()


looks = [t.button_id(s, "look") for s in range(4)]
held = -1
# A press or release reaches the table once the debouncer has seen it hold (debounce_ms): the frames until
# then may carry its event (a look press reads that seat's hand), so they are not counted as steady either.
SETTLE = t.debouncer.debounce_ms // 16 + 2
# globals made before the first count: a new one may grow the module's dict
k = steady = anim = grown = first = n = a = d = w = s = settle = 0
while not g.over and k < 40000:
    k += 1
    if 0 in g.to_move() and not p.animating() and not busy() and k % 7 == 0:
        p._apply(0, g.board_move(0), hal.clock.ticks_ms())
        continue
    w = (k // 90) % 6
    if w != held:  # a press or a release: that frame reads it
        for s in range(4):
            if s == w or w == 4:
                hal.buttons.press(looks[s])
            else:
                hal.buttons.release(looks[s])
        held = w
        settle = SETTLE
        frame()
        continue
    if settle:
        settle -= 1
        frame()
        continue
    if busy() or p.board_turn or p.choices_due:
        frame()
        continue
    n = p.turns_done
    gc.collect()
    gc.disable()
    a = gc.mem_alloc()
    frame()
    d = gc.mem_alloc() - a
    gc.enable()
    if p.turns_done == n and t.mode == "game":
        steady += 1
        anim += p.animating()
        grown += d
        if d and not first:
            first = k
print(steady, anim, grown, first, g.over, p.turns_done)
