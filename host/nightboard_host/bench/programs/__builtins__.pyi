# For pyright only (tests/host/test_typecheck.py): the names a program here finds in front of it when the bench
# runs it, never defined in its own file: the parameters the host puts in front (bench.costs, thinking, pico),
# and what the programs before it define (common.py, thinking_prepare.py, a setup's steps(), a game's drive).
from typing import Any

import gc as gc
import json as json
import time as time

from nightboard.table.thinking import Thinking as Thinking

BOARD: str
CONTROLLER: str
GAME: str
IMAGE: str
NAME: str
PATH: str
POSITION: str
PROFILE: str
STORE: str
START: dict[str, Any]
OPTIONS: dict[str, Any]
PLAYS: list[Any]
GAMES: list[str]
STARTS: int
K: int
N: int
PLAY: int
PLAYERS: int
SEAT: int
_SEAT: int
g: Any
t: Any
hal: Any

def drive(t: Any, hal: Any, k: int) -> None: ...
def prepare() -> None: ...
def steps() -> Any: ...
def table(profile: str, start: dict[str, Any]) -> tuple[Any, Any]: ...
