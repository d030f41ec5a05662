# Nightboard: make play | test | flash | bench
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup play test flash bench clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/nightboard play vampiring

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q

flash: $(STAMP)
	$(BIN)/nightboard flash

bench: $(STAMP)
	$(BIN)/nightboard bench

clean:
	rm -rf $(VENV) build *.egg-info
