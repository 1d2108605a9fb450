# Two commands: `make run` starts the companion, `make test` runs the whole suite.
# Both create or refresh the local venv first; nothing else needs installing by hand.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export YOLO_OFFLINE := 1
export YOLO_VERBOSE := False

.PHONY: run test lint install clean browser

# Debian's Chromium drives the real-browser test (playwright never downloads a browser).
CHROMIUM := /usr/bin/chromium

$(STAMP): pyproject.toml constraints.txt Makefile
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	# torch first, from the wheels on this machine's disk, so no resolver pulls another build
	$(BIN)/python -m pip install -q torch==2.14.1 torchvision==0.29.1
	# every other package at the versions the published figures were measured with
	$(BIN)/python -m pip install -q -c constraints.txt -e ".[vision,app,dev]"
	# opencv-python and albumentations' opencv-python-headless share the cv2 folder: the
	# full one is laid last, whole, so the cv2 in use does not depend on install order
	$(BIN)/python -m pip install -q -c constraints.txt --force-reinstall --no-deps opencv-python
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/passt serve $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

browser:
	test -x $(CHROMIUM) || (apt-get update -qq && apt-get install -y -qq chromium)

test: lint browser
	$(BIN)/python -m pytest -q

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache
