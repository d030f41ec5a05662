"""How a flash shows its progress: Silent (nothing; the base) and RichProgress (a rich bar on stderr)."""


class Silent:
    """A flash progress that shows nothing (the base of the others)."""

    def phase(self, text):
        pass

    def plan(self, nbytes, nsend, ncopy):
        pass

    def sending(self, rel):
        pass

    def advance(self, n):
        pass

    def copied(self, n):
        pass

    def done(self):
        pass


class RichProgress(Silent):
    """A rich progress bar on stderr: the bytes to send, the phase as its description."""

    WIDTH = 34

    def __init__(self, console=None):
        from rich.console import Console
        from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn

        # fits 80 columns: description 34 + bar 20 + "114.0/114.0 kB" 14 + "0:00:01" 7 + 3 spaces = 78
        self.p = Progress(TextColumn("{task.description:<34}"), BarColumn(bar_width=20),
                          DownloadColumn(), TimeElapsedColumn(), console=console or Console(stderr=True),
                          transient=False)
        self.task = self.p.add_task("nightboard flash", total=None)
        self.p.start()

    def phase(self, text):
        self.p.update(self.task, description=_fit(text, self.WIDTH))

    def plan(self, nbytes, nsend, ncopy):
        self.p.update(self.task, total=max(nbytes, 1), completed=0 if nbytes else 1,
                      description="sending %d files" % nsend)

    def sending(self, rel):
        self.p.update(self.task, description=_fit("sending %s" % rel, self.WIDTH))

    def advance(self, n):
        self.p.advance(self.task, n)

    def done(self):
        self.p.stop()


def _fit(text, width):
    """`text` in `width` columns, its end kept (a file's name matters more than its directory)."""
    return text if len(text) <= width else "…" + text[-(width - 1):]
