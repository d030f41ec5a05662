"""Packaging: the package list, found rather than written out (pyproject.toml holds everything else).

The engine's packages come from firmware/, the host tool's from host/; a new subpackage (a game under
nightboard/games/) is picked up with no edit. nightboard_host.firmware, nightboard_host.profiles and
nightboard_host.docs are data-only packages (see pyproject.toml): a tool installed with pip finds the firmware,
the profiles, the documents and the example records there.
"""

from setuptools import find_packages, setup

PACKAGES = (find_packages("firmware", include=["nightboard", "nightboard.*"])
            + find_packages("host", include=["nightboard_host", "nightboard_host.*"])
            + ["nightboard_host.firmware", "nightboard_host.profiles", "nightboard_host.docs", "nightboard_host.pages"])

setup(packages=PACKAGES)
