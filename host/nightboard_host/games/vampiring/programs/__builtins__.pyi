# For pyright only (tests/host/test_typecheck.py): the parameters of the programs here, which VampiRing's bench
# (bench.py) writes into their text (mpy_runner.filled), or puts in front (N, mpy_runner.params).
N: int
PATH: str
FAMILIES: int
FAMILY: int
GAMES: int
LEVEL: int
