"""Boot: importing the firmware as .py or .mpy, with one game's engine (GAME's state.py) and controller
(CONTROLLER, a module name): time and heap. GAME and CONTROLLER are put in front by bench.costs.boot_script."""

import gc, json, time
gc.collect()
a = gc.mem_alloc()
t0 = time.ticks_us()
import nightboard.table.app  # noqa: F401 (imported to be timed)
__import__('nightboard.games.%s.state' % GAME)
__import__(CONTROLLER)
el = time.ticks_diff(time.ticks_us(), t0)
gc.collect()
print(json.dumps({'import_us': el, 'heap': gc.mem_alloc() - a}))
