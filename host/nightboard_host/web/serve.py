"""`nightboard web`: serve the browser table (the static site `make web` builds) on this computer.

The site is found in --site DIR, else in the checkout's build/web (built first when it is missing: that
needs node_modules/, which `make web` installs with npm ci). An installed nightboard (a wheel) carries no
site: build it in a checkout with `make web` and give its folder with --site, or put that folder on any
static web host instead.
"""

import sys
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from nightboard_host import resources

DEFAULT_PORT = 8041
TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json"}


class SiteError(Exception):
    """No site to serve; the message says how to get one."""


def is_site(d):
    return (d / "index.html").is_file() and (d / "bundle.json").is_file() and (d / "mp" / "micropython.wasm").is_file()


def find_site(given=None):
    """The folder to serve: `given`, else the checkout's build/web (built when missing)."""
    if given is not None:
        d = Path(given)
        if not is_site(d):
            raise SiteError("%s is not a built browser table (no index.html, bundle.json and mp/micropython.wasm "
                            "there): build one with `make web` in a checkout" % d)
        return d
    if not resources.in_checkout():
        raise SiteError("this nightboard is installed from a package, which carries no browser table: in a checkout "
                        "of the repository run `make web`, then `nightboard web --site build/web` (or copy "
                        "build/web to any static web host)")
    d = resources.CHECKOUT / "build" / "web"
    if not is_site(d):
        from nightboard_host.web import build

        try:
            build.build(d)
        except build.BuildError as e:
            raise SiteError(str(e))
    return d


class Handler(SimpleHTTPRequestHandler):
    """Static files with the types a module script and WebAssembly need, quietly."""

    extensions_map = dict(SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def serve(site, port=DEFAULT_PORT, host="127.0.0.1"):
    """A server for `site` on host:port (not started: call serve_forever)."""
    return ThreadingHTTPServer((host, port), partial(Handler, directory=str(site)))


def add_web_command(sub):
    p = sub.add_parser("web", help="serve the browser table (every game on the real firmware, in MicroPython's "
                                   "WebAssembly port) on this computer")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help="the port (default %d)" % DEFAULT_PORT)
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this "
                   "computer only; 0.0.0.0 lets other devices of your network in)")
    p.add_argument("--site", default=None, help="a built site (default: the checkout's build/web, built by "
                                                "`make web`)")
    p.set_defaults(func=run)


def run(args):
    if not 0 < args.port < 65536:
        print("nightboard web: --port must be 1..65535 (got %d)" % args.port, file=sys.stderr)
        return 2
    try:
        site = find_site(args.site)
        server = serve(site, args.port, args.host)
    except SiteError as e:
        print("nightboard web: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("nightboard web: cannot listen on %s:%d: %s" % (args.host, args.port, e.strerror or e), file=sys.stderr)
        return 2
    print("The browser table (%s) at http://%s:%d/ (Ctrl-C stops)" % (site, args.host, server.server_address[1]))
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0
