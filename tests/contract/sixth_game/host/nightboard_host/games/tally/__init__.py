"""The tally on the host: its events in words (explain.py)."""
