"""The browser table's host side: build the static site (build.py) and serve it (serve.py, `nightboard web`)."""
