"""The browser table's tests' set-ups: the site built once per session (make web's build into a temporary
folder), node and chromium found or the reason they are not, and a local server for the site."""

import os
import shutil
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def missing(reason):
    """Skip, saying what is missing; in CI (CI set) fail instead: there these tests must run."""
    if os.environ.get("CI"):
        pytest.fail("CI must run the browser table's tests, and " + reason)
    pytest.skip(reason)


def need_node():
    node = shutil.which("node")
    if node is None:
        missing("node is not installed (Debian: apt-get install nodejs; make test-web needs it)")
    return node


def need_chromium():
    if not os.path.exists(CHROMIUM):
        missing("%s is missing (Debian: apt-get install chromium; make test-web installs it as root)" % CHROMIUM)
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing("Playwright for Python is missing (the [test] extra: make setup)")


def build_site(tmp_dir):
    """The site built into tmp_dir/web; skips when the runtime is not installed (npm ci, which make test-web
    runs first)."""
    from nightboard_host.web import build

    try:
        build.runtime_dir(ROOT)
    except build.BuildError as e:
        missing(str(e))
    return build.build(Path(tmp_dir) / "web", ROOT)


class Server:
    """The site served on a free local port in a thread (nightboard web's own server)."""

    def __init__(self, site):
        from nightboard_host.web.serve import serve

        self.httpd = serve(site, 0)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()
