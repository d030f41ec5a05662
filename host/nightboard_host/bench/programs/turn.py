"""A game's turns: seeded games (PLAYS: [(seed, [[seat, action], ...])], played on CPython) replayed through
the contract's apply, each to its end; PLAY=0 does all the same setup and plays none (the baseline for
instruction counts). GAME, PLAYERS, OPTIONS: what they were set up with. All put in front by bench.costs.turn."""

import json, time
mod = __import__('nightboard.games.' + GAME, None, None, ['new_game'])
games = [mod.new_game(seed, PLAYERS, **OPTIONS) for seed, _acts in PLAYS]
turns = 0
actions = 0
el = 0
gi = 0
while gi < PLAY:
    g = games[gi]
    acts = PLAYS[gi][1]
    first = g.turn
    k = 0
    n = len(acts)
    t0 = time.ticks_us()
    while k < n:
        a = acts[k]
        g.apply(a[0], a[1])
        k += 1
    el += time.ticks_diff(time.ticks_us(), t0)
    turns += g.turn - first
    actions += n
    gi += 1
print(json.dumps({'turns': turns, 'actions': actions, 'us_per_turn': el / turns if turns else 0}))
