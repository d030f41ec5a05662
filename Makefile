# Nightboard: make play | test | flash | bench
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup play lint test test-pico flash virtual-board bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	ln -sfn "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" $(VENV)/mpy-typeshed
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/nightboard play vampiring

# ruff on the tree; pyright on firmware/ (MicroPython rp2 stubs) and host/ (CPython)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python tests/test_typecheck.py

test: $(STAMP) lint
	$(BIN)/python -m pytest -n 2 -q -m "not pico_slow"

# the slowest cases on the emulated Pico (MicroPython for the RP2040 under rp2040py; CI runs this too)
test-pico: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q -m pico_slow

# make flash [PORT=/dev/ttyACM0] [PROFILE=ring4|grid8|ring6|my.json]
flash: $(STAMP)
	$(BIN)/nightboard flash $(if $(PORT),--port $(PORT)) $(if $(PROFILE),--profile $(PROFILE))

# make virtual-board: a stand-in Pico on a pseudo-terminal (flash it with the port it prints)
virtual-board: $(STAMP)
	$(BIN)/nightboard virtual-board

bench: $(STAMP)
	$(BIN)/nightboard bench

clean:
	rm -rf $(VENV) build *.egg-info
