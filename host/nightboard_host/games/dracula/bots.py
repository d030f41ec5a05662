"""Hunter teams for the Dracula hunt: players that the bench, the snapshot and the tests put in the hunters'
seats ("strong": the scripted play with a belief over his rooms; "sweep": a different strong team, a belief
filter over his walks and a sweep that spreads the hunters over it; "scripted": plays sensibly from what
the hunters know; "random": any legal action). They see only the hunters' view (state.view()), never his
room. Kept apart from the bench so that the snapshot does not import it.
"""

import json

from nightboard.games.dracula import know as K
from nightboard.games.dracula import map as dracula_map
from nightboard.games.dracula import rules as R
from nightboard.prng import Prng

TEAMS = ("strong", "sweep", "scripted", "random")


# --- hunter teams -------------------------------------------------------------------------


def _map_of(maps, v):
    """The map of a view, read once per layout (a team plays many games on few maps)."""
    key = json.dumps(v["map"], sort_keys=True)
    m = maps.get(key)
    if m is None:
        m = maps[key] = dracula_map.from_json(v["map"])
    return m


def _narrow(belief, possible):
    """The belief over Dracula's rooms, in place: zero outside the rooms he may be in, summing to 1 (even over
    them when nothing was left)."""
    ps = set(possible)
    total = 0.0
    for r in range(len(belief)):
        if r not in ps:
            belief[r] = 0.0
        total += belief[r]
    if total <= 0:
        for r in possible:
            belief[r] = 1.0
        total = float(len(possible))
    for r in range(len(belief)):
        belief[r] /= total

class RandomTeam:
    """Any legal action, uniformly, from its own seeded stream."""

    def __init__(self, seed):
        self.prng = Prng(seed)

    def action(self, g, h):
        return self.prng.choice(g.legal_actions(h))


class ScriptedTeam:
    """Hunters that play sensibly from the public view (never his room):
    - when he is known to be in one room: go for it and stake it; a hunter that cannot stake puts
      sunlight on his room when it is next door (he must leave and may not come into the placer's room);
    - else search: stand where the likeliest rooms (those with most possible rooms around them) are
      within reach, throw garlic at the likeliest one in reach, stake him at once when found, stake
      blindly only when he can be in at most two rooms and the stakes allow it (D7);
    - keep the team together (close in on the rooms he may be in, one room apart) so that a bite,
      which shows where he was, leaves him within reach of the others;
    - in the classic rules, share the round's garlic and rest for a stake when out of stakes."""

    def __init__(self, seed):
        self.prng = Prng(seed)

    def action(self, g, h):
        v = g.view(h)
        m = g.map
        here = v["positions"][h]
        possible = v["possible"]
        legal = g.legal_actions(h)
        stakes = v["stakes"][h]
        spare = 99 if g.team else R.stakes_left(g) - v["health"]  # misses allowed before D7 ends it
        weight = self._weights(m, possible)
        if v["seen"] in weight and v["seen_turn"] >= v["turn"] - 1:
            weight[v["seen"]] += 4  # he often ends where he was last seen (a bite at his last step)
        garlic_ok = any(R.kind_of(a) == R.GARLIC for a in legal)
        if len(possible) == 1:
            d = possible[0]
            if m.distance(here, d) <= 1 and stakes > 0:
                return R.act(R.STAKE, d)
            if not v["moved"]:
                step = self._step_towards(m, here, [d])
                if step is not None and (stakes > 0 or m.distance(step, d) >= 1):
                    return R.act(R.MOVE, step)
            if m.distance(here, d) == 1 and R.act(R.SUN, d) in legal:
                return R.act(R.SUN, d)
            return self._finish(g, h, legal, v)
        in_reach = [r for r in possible if m.distance(here, r) <= 1]
        spot = here if v["moved"] else self._best_spot(m, g, h, possible, weight)
        if garlic_ok and in_reach and spot == here:
            return R.act(R.GARLIC, self._likeliest(in_reach, weight))
        if spot != here:
            return R.act(R.MOVE, spot)
        total = sum(weight.values())
        if stakes > 0 and in_reach and spare >= 2:
            best = self._likeliest(in_reach, weight)
            if len(possible) <= 2 or 3 * weight[best] >= total:
                return R.act(R.STAKE, best)
        if v["sun"][h] > 0 and len(possible) <= 3:
            near = [r for r in in_reach if r != here and R.act(R.SUN, r) in legal]
            if near:
                return R.act(R.SUN, self._likeliest(near, weight))
        return self._finish(g, h, legal, v)

    def _finish(self, g, h, legal, v):
        if g.team and not v["moved"] and v["garlics"] == 0 and v["stakes"][h] < 2 and R.act(R.REST_STAKE) in legal:
            return R.act(R.REST_STAKE)
        return R.act(R.END)

    @staticmethod
    def _weights(m, possible):
        """The likelier rooms are those with more possible rooms around them (more ways to get there)."""
        ps = set(possible)
        w = {}
        for r in possible:
            w[r] = 1 + sum(1 for b in m.adj[r] if b in ps)
        return w

    @staticmethod
    def _likeliest(rooms, weight):
        return max(sorted(rooms), key=lambda r: weight.get(r, 0))

    def _best_spot(self, m, g, h, possible, weight):
        """Stay or move to the neighbour that puts the most likely rooms within garlic reach, without
        sharing a room with a teammate and without straying far from the team."""
        here = g.pos[h]
        mates = [g.pos[k] for k in range(g.hunters) if k != h and g.alive(k)]
        best, best_key = here, None
        total = sum(weight.values())
        for spot in (here,) + m.adj[here]:
            cover = sum(weight[r] for r in possible if m.distance(spot, r) <= 1)
            near = min(m.distance(spot, r) for r in possible)
            crowd = sum(1 for p in mates if p == spot)
            apart = max([m.distance(spot, p) for p in mates] or [0])
            close = sum(1 for p in mates if m.distance(spot, p) <= 2)  # he could bite both in one turn
            # The share of his likely rooms from which he could bite here next turn (D6: 3 rooms).
            threat = 10 * sum(weight[r] for r in possible if m.distance(spot, r) <= 3) // total
            key = (-crowd, 3 * cover * 10 // total - threat - 2 * max(0, apart - 3) - 2 * close, -near, spot == here)
            if best_key is None or key > best_key:
                best, best_key = spot, key
        return best

    @staticmethod
    def _step_towards(m, here, targets):
        best, best_d = None, None
        for b in m.adj[here]:
            d = min(m.distance(b, t) for t in targets)
            if best_d is None or d < best_d:
                best, best_d = b, d
        return best


class PublicGame:
    """The hunters' view (state.view()) as the few attributes the hunters' rules read, so that a team can
    ask rules.legal() for its actions: it holds nothing else, in particular not his room, so a team that
    plays on it cannot read what the hunters may not know."""

    def __init__(self, v, m):
        self.map = m
        self.hunters = v["hunters"]
        self.team = v["team_lives"] is not None
        self.over = v["over"]
        self.active = v["active"] if v["active"] is not None else -1
        self.pos = v["positions"]
        self.lives = v["lives"]
        self.team_lives = v["team_lives"]
        self.stakes = v["stakes"]
        self.sun = v["sun"]
        self.sunlight = v["sunlight"]
        self.moved = v["moved"]
        self.garlics = v["garlics"]
        self.garlic_left = v["garlic_left"]
        self.health = v["health"]
        self.turn = v["turn"]
        self._view = v

    def alive(self, h):
        return self.team or self.lives[h] > 0

    def sunlit(self, room):
        return any(s[0] == room for s in self.sunlight)

    def legal_actions(self, h):
        return R.legal(self, h)

    def view(self, h=None):
        return self._view


class StrongTeam(ScriptedTeam):
    """The scripted team's play, on the public view alone (choose() takes a view and nothing else), with a
    better guess of where he is: a belief over the rooms he may be in. After each of his turns every
    room's weight spreads evenly over the rooms he could reach from it (up to 3 steps, or the crypt);
    then only the public set of rooms he may be in keeps its weight (misses, bites, crypt journeys)."""

    def __init__(self, seed=0):
        ScriptedTeam.__init__(self, seed)
        self.maps = {}
        self.belief = None
        self.turn = None

    def action(self, g, h):
        return self.choose(g.view(h))

    def choose(self, v):
        m = _map_of(self.maps, v)
        self._update(m, v)
        return ScriptedTeam.action(self, PublicGame(v, m), v["you"])

    def _update(self, m, v):
        possible = v["possible"]
        n = m.n
        if self.belief is None or len(self.belief) != n or v["turn"] < (self.turn or 0):
            self.belief = [0.0] * n
            self.turn = v["turn"]
        elif v["turn"] != self.turn:
            crypts = v["rules"] == "playtest"
            nb = [0.0] * n
            for r in range(n):
                b = self.belief[r]
                if b <= 0:
                    continue
                ends = [e for e in range(n) if m.distance(r, e) <= 3]
                if crypts and m.is_crypt(r):
                    ends.append(m.opposite[r])
                share = b / len(ends)
                for e in ends:
                    nb[e] += share
            self.belief = nb
            self.turn = v["turn"]
        _narrow(self.belief, possible)

    def _weights(self, m, possible):
        return {r: self.belief[r] * 100 for r in possible}


class SweepTeam:
    """A second strong team, written apart from the scripted one: a Bayes filter over the room he is in and
    a sweep that spreads the hunters over it, from the public view alone (choose() takes a view).

    - The filter: after each of his turns every room's weight goes to the ends of his legal walks from it
      under the sunlight of the round (D4), half spread evenly over the walks and half over the distinct
      rooms they end in (and the crypt journey, D6), then only the public set of rooms he may be in keeps
      its weight (misses, bites, journeys).
    - The sweep: when he is found, every hunter in reach stakes him and the others close in; otherwise
      each hunter stands where the most weight lies within its garlic reach, counting at half the weight
      the hunters still to play this round can reach, throws garlic at the heaviest room, stakes a room
      whose weight is high for the stakes the team can spare (D7), and puts sunlight on a heavy
      neighbouring room when the set is small (he cannot come in, and must leave)."""

    APART = 2
    ALONE = 0.3
    STAKE_AT = (0.6, 0.35, 0.2)  # the weight a room needs for a stake, with few, some (3) or many (8) to spare
    THREAT = 2.0  # how much the weight within his reach next turn (3 rooms) counts against a spot

    def __init__(self, seed=0):
        self.prng = Prng(seed)
        self.maps = {}
        self.belief = None
        self.turn = None
        self.sunlight = []
        self.pos = []

    def action(self, g, h):
        return self.choose(g.view(h))

    def choose(self, v):
        m = _map_of(self.maps, v)
        self._update(m, v)
        g = PublicGame(v, m)
        return self._act(m, g, v, v["you"])

    # --- the filter ---

    def _update(self, m, v):
        n = m.n
        if self.belief is None or len(self.belief) != n or v["turn"] < (self.turn or 0):
            self.belief = [0.0] * n
            self.turn = v["turn"]
        elif v["turn"] != self.turn:
            self.belief = self._spread(m, v["rules"] == "playtest")
            self.turn = v["turn"]
        self.sunlight = [list(s) for s in v["sunlight"]]  # the last seen before his turn is the round's
        self.pos = list(v["positions"])
        possible = v["possible"]
        _narrow(self.belief, possible)

    def _spread(self, m, crypts):
        n = m.n
        sun = K.sun_rooms(n, self.sunlight)
        nb = [0.0] * n
        for r in range(n):
            b = self.belief[r]
            if b <= 0:
                continue
            must = sun[r] == 1
            forbid = K.placer_rooms(n, self.sunlight, r, self.pos) if must else bytearray(n)
            crypt = K.crypt_ok(m, r, sun, forbid, crypts)
            ends = [K.walk_end(w, r) for w in K.legal_walks(m, r, sun, forbid, must, crypt)]
            if crypt:
                ends.append(m.opposite[r])
            distinct = sorted(set(ends))
            for e in ends:
                nb[e] += 0.5 * b / len(ends)
            for e in distinct:
                nb[e] += 0.5 * b / len(distinct)
        return nb

    # --- the sweep ---

    def _act(self, m, g, v, h):
        here = v["positions"][h]
        possible = v["possible"]
        legal = g.legal_actions(h)
        stakes = v["stakes"][h]
        bel = self.belief
        if len(possible) == 1:
            d = possible[0]
            if m.distance(here, d) <= 1 and stakes > 0:
                return R.act(R.STAKE, d)
            if not v["moved"] and here != d:
                step = min(m.adj[here], key=lambda b: (m.distance(b, d), b))
                return R.act(R.MOVE, step)
            return R.act(R.END)
        later = [v["positions"][k] for k in range(h + 1, v["hunters"]) if g.alive(k) and not v["skip"][k]]
        mates = [v["positions"][k] for k in range(v["hunters"]) if k != h and g.alive(k)]
        if not v["moved"]:
            best, best_key = here, None
            for spot in (here,) + tuple(m.adj[here]):
                cover = 0.0
                for r in possible:
                    if m.distance(spot, r) <= 1:
                        cover += bel[r] * (0.5 if any(m.distance(p, r) <= 2 for p in later) else 1.0)
                near = sum(bel[r] for r in possible if m.distance(spot, r) <= 3)
                threat = self.THREAT * near
                crowd = sum(1 for p in mates if p == spot)
                # a bite shows where he was: a hunter alone is bitten with nobody in reach to answer
                alone = min([m.distance(spot, p) for p in mates] or [0]) > self.APART
                key = (-crowd, round(cover + 0.2 * near - self.ALONE * alone - threat, 6), spot == here, -spot)
                if best_key is None or key > best_key:
                    best, best_key = spot, key
            if best != here:
                return R.act(R.MOVE, best)
        reach = sorted((r for r in possible if m.distance(here, r) <= 1), key=lambda r: (-bel[r], r))
        if reach and any(R.kind_of(a) == R.GARLIC for a in legal) and bel[reach[0]] > 0:
            return R.act(R.GARLIC, reach[0])
        spare = 99 if g.team else R.stakes_left(g) - v["health"]
        if stakes > 0 and reach:
            p = bel[reach[0]]
            t = self.STAKE_AT
            if p >= t[0] or (p >= t[1] and spare >= 3) or (p >= t[2] and spare >= 8):
                return R.act(R.STAKE, reach[0])
        if v["sun"][h] > 0 and len(possible) <= 5:
            near = [r for r in reach if r != here and R.act(R.SUN, r) in legal and bel[r] > 0]
            if near:
                return R.act(R.SUN, near[0])
        if g.team and not v["moved"] and v["garlics"] == 0 and stakes < 2 and R.act(R.REST_STAKE) in legal:
            return R.act(R.REST_STAKE)
        return R.act(R.END)


def play_rounds(g, k, seed=None):
    """Play up to k rounds of `g` with the scripted team and the board's Dracula (a fixed sequence for a
    given state); stops at the end of the game. Returns the rounds played."""
    team = ScriptedTeam((g.seed or 0) if seed is None else seed)
    played = 0
    while played < k and not g.over:
        if g.active >= 0:
            g.submit(g.active, team.action(g, g.active))
        else:
            g.dracula_turn()
            played += 1
    return played


def make_team(team, seed):
    if team == "strong":
        return StrongTeam(seed)
    if team == "sweep":
        return SweepTeam(seed)
    if team == "scripted":
        return ScriptedTeam(seed)
    if team == "random":
        return RandomTeam(seed)
    raise ValueError("team must be one of %s, not %r" % (", ".join(TEAMS), team))
