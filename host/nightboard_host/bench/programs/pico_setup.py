"""A position's game as the table has it, at the emulated Pico's REPL (bench.pico): the modules its play
reads on the way read in with its setup (table/programs.py read_in), before the clock starts. In front: GAME,
POSITION (its JSON text), SEAT; pico_decide.py or pico_think.py follows."""

import gc, json, time  # noqa: F401 (time: for the program after this one)
from nightboard.games import index
from nightboard.table import programs
g = index.module(GAME).from_json(json.loads(POSITION))
POSITION = None  # not kept at the REPL: the next game's mind needs the heap
programs.read_in({'name': GAME}, g)
gc.collect()
