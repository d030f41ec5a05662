"""What the VampiRing table shows, and the animation of a resolved turn.

A Scene is the picture of the game the renderer draws: where each vampire
stands, its shape, the blood, the haunted homes. Between turns it mirrors
the game's public view (what everybody sees: never a family's choice); while a turn is animated it starts from the state
before the turn and the turn's events are applied to it one by one on a
timeline, so the board tells what happened step by step. The timeline is
built once per turn; playing it allocates nothing per frame.
"""

from array import array

from nightboard.games.vampiring.cards import SHAPES, card_from_name

# Timeline step kinds and their durations (ms).
MORPH = 1
STEP = 2
PARCHMENT = 3
FIGHT = 4
WOUND = 5
BLOCKED = 6
HAUNT = 7
DROPS = 8
ELIM = 9
END = 10

DUR = {MORPH: 350, STEP: 110, PARCHMENT: 400, FIGHT: 350, WOUND: 300, BLOCKED: 250, HAUNT: 350, DROPS: 500,
       ELIM: 900, END: 0}


class Scene:
    """Arrays the renderer reads; sized for one game. Filled from the public view only."""

    def __init__(self, view):
        n = view["families"]
        self.families = n
        self.ring = [card_from_name(c, n) for c in view["ring"]]
        self.size = len(self.ring)
        self.pos = [0] * (3 * n)
        self.shape = [0] * (3 * n)
        self.drops = [0] * n
        self.lost_last = [0] * n
        self.alive = bytearray(n)
        self.haunted = bytearray(self.size)
        self.over = False
        self.winner = -1
        self.scores = [0] * n
        self.sync(view)

    def sync(self, v):
        """Copy the public view (game.view(), what everybody sees) into the arrays."""
        n = self.families
        for f in range(n):
            vs = v["vampires"][f]
            for i in range(3):
                if vs is None:
                    self.pos[f * 3 + i] = -1  # off the ring: eliminated
                else:
                    self.pos[f * 3 + i] = vs[i]["card"]
                    self.shape[f * 3 + i] = SHAPES.index(vs[i]["shape"])
            self.drops[f] = v["drops"][f]
            self.lost_last[f] = v["lost_last"][f]
            self.alive[f] = 1 if v["eliminated_turn"][f] is None else 0
        for c in range(self.size):
            self.haunted[c] = 0
        for c in v["haunted"]:
            self.haunted[c] = 1
        self.over = v["over"]
        w = v["winner"]
        self.winner = -1 if w is None else w
        if self.over:
            s = v["scores"]
            for f in range(n):
                self.scores[f] = s[f]


class Timeline:
    """The steps of one turn's animation, built from the events: five integers a step (kind, start_ms, a,
    b, c) in one array, not a tuple each (the frames after a turn are the heap's worst point on the board,
    and a long turn has some sixty steps). A MORPH step's a and b are where its (vampire, shape) pairs
    start in `morphs` and how many there are."""

    def __init__(self, events, scene):
        st = []
        mo = []
        t = 0
        nm = 0
        for e in events:
            k = e["e"]
            if k == "morph":
                mo.append(e["fam"] * 3 + e["v"])
                mo.append(e["to"])
                nm += 1
                continue
            if nm:
                st.extend((MORPH, t, len(mo) - 2 * nm, nm, 0))
                t += DUR[MORPH]
                nm = 0
            if k == "move":
                i = e["fam"] * 3 + e["v"]
                for _ in range(e["steps"]):
                    st.extend((STEP, t, i, e["dir"], 1 if e["why"] == "carriage" else 0))
                    t += DUR[STEP]
            elif k == "parchment":
                st.extend((PARCHMENT, t, e["fam"] * 3 + e["v"], e["from"], e["to"]))
                t += DUR[PARCHMENT]
            elif k == "fight":
                st.extend((FIGHT, t, e["card"], 0, 0))
                t += DUR[FIGHT]
            elif k == "wound":
                st.extend((WOUND, t, e["card"], e["taker"][0] * 3 + e["taker"][1], e["n"]))
                t += DUR[WOUND]
            elif k == "blocked":
                st.extend((BLOCKED, t, e["card"], e["taker"][0] * 3 + e["taker"][1], 0))
                t += DUR[BLOCKED]
            elif k == "haunt":
                st.extend((HAUNT, t, e["card"], e["taker"][0] * 3 + e["taker"][1], 0))
                t += DUR[HAUNT]
            elif k == "drops":
                st.extend((DROPS, t, e["fam"], e["lost"], e["left"]))
                t += DUR[DROPS]
            elif k == "eliminated":
                st.extend((ELIM, t, e["fam"], 0, 0))
                t += DUR[ELIM]
        self.steps = array("i", st)
        st = None
        self.morphs = bytearray(mo)
        self.cur = [0, 0, 0, 0, 0]  # the step playing now, handed to the renderer (filled in place)
        self.length = t
        self.next = 0  # where the first step not yet applied to the scene starts in steps
        self.scene = scene

    def current(self, elapsed):
        """Apply every step that has finished by `elapsed`; return the step playing now, or None."""
        steps = self.steps
        n = len(steps)
        while self.next < n:
            j = self.next
            if elapsed < steps[j + 1] + DUR[steps[j]]:
                if elapsed < steps[j + 1]:
                    return None
                cur = self.cur
                for q in range(5):
                    cur[q] = steps[j + q]
                return cur
            self._apply(j)
            self.next = j + 5
        return None

    def done(self, elapsed):
        return elapsed >= self.length

    def _apply(self, j):
        sc = self.scene
        st = self.steps
        kind = st[j]
        if kind == MORPH:
            mo = self.morphs
            k = st[j + 2]
            for q in range(k, k + 2 * st[j + 3], 2):
                sc.shape[mo[q]] = mo[q + 1]
        elif kind == STEP:
            sc.pos[st[j + 2]] = (sc.pos[st[j + 2]] + st[j + 3]) % sc.size
        elif kind == PARCHMENT:
            sc.pos[st[j + 2]] = st[j + 4]
        elif kind == DROPS:
            sc.drops[st[j + 2]] = st[j + 4]
            sc.lost_last[st[j + 2]] = st[j + 3]
        elif kind == ELIM:
            sc.alive[st[j + 2]] = 0
