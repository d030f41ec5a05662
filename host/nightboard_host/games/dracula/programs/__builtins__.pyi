# For pyright only (tests/host/test_typecheck.py): the parameters of the programs here, which Dracula's bench
# (bench.py) writes into their text (mpy_runner.filled), or puts in front (N, mpy_runner.params).
N: int
PATH: str
LEVEL: int
