# Benchmarks only (the tests: `python -m pytest -q`, see README.md).
PYTHON ?= python

.PHONY: bench
bench:
	$(PYTHON) bench/run_all.py
