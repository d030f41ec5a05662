"""The Dracula hunt on the host: its records and events in words (explain.py), its picture (snapshot.py), its bench figures (bench.py) and its hunter teams (bots.py)."""
