"""A VampiRing game saved, resumed by a fresh table on the same storage, a crash in a frame logged, and an
old-format save set aside; prints one JSON line: the resumed mode, whether the game is the same, the saves
written, the crash mode, whether error.log has it, the save problem and whether the bad file was kept.
"""

import gc
import json
from nightboard.hal.sim import MemStorage, make_sim_hal
from nightboard.table.app import Table
from nightboard.table.tablefit import load_profile_once

prof = load_profile_once('hardware/profiles/ring4.json')
mem = MemStorage()
hal = make_sim_hal(prof, storage=mem)
t = Table(prof, hal, {'game': 'vampiring', 'players': 2, 'seed': 3})
for f in (0, 1):
    t.play.confirm(f, 0)
for _ in range(400):
    hal.clock.advance(16)
    t.tick()
state = t.game.to_json()
writes = t.saves.writes
del t, hal
gc.collect()
t2 = Table(prof, make_sim_hal(prof, storage=mem), None)
t2.tick()  # power-up: the first frame says a save is being read,
t2.tick()  # the second reads it
out = {'mode': t2.mode, 'same': t2.game.to_json() == state, 'writes': writes}
def broken(now):
    raise ValueError('boom')
t2.play.render = broken
t2.tick()
out['crash'] = t2.mode
out['log'] = 'ValueError: boom' in mem.read('error.log').decode()
del t2, broken
gc.collect()
mem.files['game.json'] = b'{"nightboard_save": 1, "bytes": 3, "crc32": 1}\nabc'
t3 = Table(prof, make_sim_hal(prof, storage=mem), None)
t3.tick()
t3.tick()
out['bad'] = t3.save_problem
out['aside'] = 'game.bad1.json' in mem.listdir()
print(json.dumps(out))
