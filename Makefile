# The two commands of the README; each sets up .venv on a fresh machine.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-dev
STAMP_RUN := $(VENV)/.installed

.PHONY: demo test test-fast lint typecheck pytest package goldens docs-cli fuzz notebooks notebooks-clean bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP_RUN): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(STAMP_RUN)

demo: $(STAMP_RUN)
	$(BIN)/arbiter demo

lint: $(STAMP)
	$(BIN)/ruff check arbiter model solver tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

test: lint typecheck pytest package

package: $(STAMP)  # sdist + wheel, installed into a fresh venv outside the checkout
	$(BIN)/python -m tests.package_check

# The developers' loop (at most 3 minutes): unit tests and examples; no notebooks, no
# fuzzing, no benchmarks, no browser (tests marked slow, tests/conftest.py SLOW_FILES).
test-fast: $(STAMP)
	$(BIN)/pytest -n auto --dist worksteal -m "not slow" --durations=10

docs-cli: $(STAMP)  # rewrite docs/cli.md from the click definitions
	$(BIN)/python -m arbiter.solver.cli.docgen > docs/cli.md

goldens: $(STAMP)  # rewrite tests/goldens/: every example's whole answer
	$(BIN)/python -m tests.goldens

fuzz: $(STAMP)
	ARBITER_FUZZ=long $(BIN)/pytest tests/test_fuzz.py tests/test_fuzz_outside.py tests/test_determinism.py -q -s

bench: $(STAMP)
	for b in benchmarks/*.py; do $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache

notebooks: $(STAMP)
	$(BIN)/jupyter nbconvert --execute --to html --output-dir docs/notebooks notebooks/*.ipynb

notebooks-clean: $(STAMP)
	$(BIN)/jupyter nbconvert --clear-output --inplace notebooks/*.ipynb
