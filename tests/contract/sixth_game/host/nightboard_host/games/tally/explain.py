"""The tally's events in words, for the terminal's and the monitor's log (its TOOLS "log_lines" hook)."""

SEATS = ("red", "blue")


def log_lines(log, game):
    out = []
    for ev in log:
        if ev["e"] == "add":
            out.append((ev["turn"], "%s adds %d: %d" % (SEATS[ev["seat"]], ev["by"], ev["tally"])))
        else:
            out.append((ev["turn"], "%s reaches the goal, %d, and wins" % (SEATS[ev["seat"]], ev["goal"])))
    return out
