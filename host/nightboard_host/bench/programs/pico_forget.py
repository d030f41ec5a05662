"""At the emulated Pico's REPL after a game's decisions (bench.pico): its modules forgotten, the table left
(the table stopped at the REPL still holds its own game; five games' minds at once do not fit beside it)."""
import gc, sys
import nightboard.games as G
for k in [k for k in sys.modules if k.startswith('nightboard.games.')]:
    del sys.modules[k]
    if k.count('.') == 2 and k.split('.')[2] in G.__dict__:
        delattr(G, k.split('.')[2])

G = None
gc.collect()
