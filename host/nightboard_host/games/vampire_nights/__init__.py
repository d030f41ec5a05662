"""Vampire Nights on the host: its records and events in words (explain.py), its picture (snapshot.py) and its bench figures (bench.py)."""
