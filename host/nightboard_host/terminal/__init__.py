"""Terminal views: the simulated table drawn in the terminal (view.py) and a live board's monitor (monitor.py)."""
