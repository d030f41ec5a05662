"""In front of a decision's setup and thinking_frames.py (bench.thinking.decision_frames): Thinking, and a
prepare() that does nothing, for a setup that defines none."""

from nightboard.table.thinking import Thinking  # noqa: F401 (for thinking_frames.py)
def prepare():
    pass
