# For pyright only (tests/host/test_typecheck.py): the parameters of the programs here, which the card game's bench
# (bench.py) writes into their text (mpy_runner.filled), or puts in front (N, mpy_runner.params).
GAMES: int
