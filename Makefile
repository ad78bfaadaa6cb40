# Herald. On a fresh machine:
#   make run    virtualenv, install, migrate, set up each combat system, load the demo, serve web + worker + beat
#   make test   install what the tests need and run the whole suite (full stack when services answer)
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
# The address in the links of the emails `make run` keeps (a player's link must open on this port).
run demo: export HERALD_BASE_URL := $(or $(HERALD_BASE_URL),http://127.0.0.1:$(PORT))
# Full-stack tests: PostgreSQL and Redis on this machine (see README).
TEST_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/herald
TEST_REDIS_URL ?= redis://127.0.0.1:6379/5

.PHONY: run setup test test-unit test-fast test-fullstack test-e2e test-e2e-postgres migrate demo clean-var check-deploy

# The first Python 3.13 or 3.12 found: on PATH, then among pyenv's installed versions.
define find_python
for candidate in python3.13 python3.12; do \
  if command -v $$candidate >/dev/null 2>&1 && $$candidate -c 'import sys; sys.exit(sys.version_info < (3, 12))' 2>/dev/null; then \
    command -v $$candidate; exit 0; fi; \
done; \
if command -v pyenv >/dev/null 2>&1; then \
  for version in $$(ls "$$(pyenv root)/versions" 2>/dev/null | grep -E '^3\.1[23]\.[0-9]+$$' | sort -rV); do \
    candidate="$$(pyenv root)/versions/$$version/bin/python3"; \
    if [ -x "$$candidate" ]; then echo "$$candidate"; exit 0; fi; \
  done; \
fi; \
exit 1
endef

$(PY):
	@python="$$($(find_python))" || { \
	  echo "Herald needs Python 3.12 or newer, and found neither python3.13 nor python3.12." >&2; \
	  echo "Install one, for example: sudo apt-get install python3.13 python3.13-venv  (or: pyenv install 3.13)" >&2; \
	  exit 1; }; \
	echo "Creating $(VENV) with $$python"; \
	"$$python" -m venv $(VENV) || { echo "Could not create $(VENV): install the venv module (apt-get install python3.13-venv)" >&2; exit 1; }
	$(PY) -m pip install -q --upgrade pip

$(VENV)/.installed: requirements.txt | $(PY)
	$(PY) -m pip install -q -r requirements.txt
	touch $@

$(VENV)/.dev-installed: requirements.txt requirements-dev.txt | $(PY)
	$(PY) -m pip install -q -r requirements-dev.txt
	touch $(VENV)/.installed $@

setup: $(VENV)/.installed

migrate: setup
	$(PY) manage.py migrate --noinput

# Each combat system's own set-up (`prepare_systems` runs the commands its Django part's AppConfig lists), then the
# demo; each only when its command exists, so `make run` works at any commit.
demo: migrate
	@if $(PY) manage.py help prepare_systems >/dev/null 2>&1; then $(PY) manage.py prepare_systems; \
	 else echo "(no prepare_systems command yet: skipping the systems' set-up)"; fi
	@if $(PY) manage.py help load_demo >/dev/null 2>&1; then $(PY) manage.py load_demo; \
	 else echo "(no load_demo command yet: create a GM with: $(PY) manage.py create_gm NAME EMAIL)"; fi

run: demo
	@echo ""
	@echo "Herald: http://127.0.0.1:$(PORT)/   (demo GM: demo / demo-gm-pass)   Ctrl-C stops web, worker and beat."
	@echo ""
	HERALD_PORT=$(PORT) $(VENV)/bin/honcho start -f Procfile.dev

# Every pass always runs, so one report shows every failure; the target fails if any did. The browser tests
# run once: on PostgreSQL when it answers (slower answers than SQLite find races in the pages), else on SQLite.
test: $(VENV)/.dev-installed
	@status=0; \
	$(MAKE) --no-print-directory test-unit || status=1; \
	$(MAKE) --no-print-directory test-fullstack || status=1; \
	$(MAKE) --no-print-directory test-e2e || status=1; \
	exit $$status

# Everything but the full-stack and browser tests, on SQLite with the in-memory broker.
test-unit: $(VENV)/.dev-installed
	env -u DATABASE_URL -u REDIS_URL -u EMAIL_HOST $(PY) -m pytest -m "not fullstack and not e2e" $(PYTEST_ARGS)

# The browser tests on PostgreSQL when it answers, else on SQLite (a failure instead when
# HERALD_REQUIRE_SERVICES=1 and PostgreSQL does not answer).
test-e2e: $(VENV)/.dev-installed
	@if $(PY) -c "import socket, urllib.parse as u; url = u.urlsplit('$(TEST_DATABASE_URL)'); socket.create_connection((url.hostname, url.port or 5432), 2).close()" 2>/dev/null \
	    || [ "$$HERALD_REQUIRE_SERVICES" = 1 ]; then \
	  $(MAKE) --no-print-directory test-e2e-postgres; \
	else \
	  echo "e2e on SQLite: PostgreSQL does not answer at $(TEST_DATABASE_URL)"; \
	  env -u DATABASE_URL -u REDIS_URL -u EMAIL_HOST $(PY) -m pytest -m e2e $(PYTEST_ARGS); \
	fi

# Everything but the full-stack tests, on SQLite with the in-memory broker (e2e drives Chromium).
test-fast: $(VENV)/.dev-installed
	env -u DATABASE_URL -u REDIS_URL -u EMAIL_HOST $(PY) -m pytest -m "not fullstack" $(PYTEST_ARGS)

# Real PostgreSQL, Redis, Celery worker processes and an SMTP server; skipped with a reason when
# PostgreSQL or Redis do not answer (a failure instead when HERALD_REQUIRE_SERVICES=1).
test-fullstack: $(VENV)/.dev-installed
	DATABASE_URL=$(TEST_DATABASE_URL) REDIS_URL=$(TEST_REDIS_URL) $(PY) -m pytest -m fullstack $(PYTEST_ARGS)

# The browser tests again, on PostgreSQL (slower answers than SQLite find races in the pages); each run
# has its own test database. Skipped with a reason when PostgreSQL does not answer (a failure instead
# when HERALD_REQUIRE_SERVICES=1).
test-e2e-postgres: $(VENV)/.dev-installed
	@if $(PY) -c "import socket, urllib.parse as u; url = u.urlsplit('$(TEST_DATABASE_URL)'); socket.create_connection((url.hostname, url.port or 5432), 2).close()" 2>/dev/null; then \
	  echo "env -u REDIS_URL -u EMAIL_HOST DATABASE_URL=$(TEST_DATABASE_URL) $(PY) -m pytest -m e2e $(PYTEST_ARGS)"; \
	  env -u REDIS_URL -u EMAIL_HOST DATABASE_URL=$(TEST_DATABASE_URL) $(PY) -m pytest -m e2e $(PYTEST_ARGS); \
	elif [ "$$HERALD_REQUIRE_SERVICES" = 1 ]; then \
	  echo "e2e on PostgreSQL: PostgreSQL does not answer at $(TEST_DATABASE_URL), and HERALD_REQUIRE_SERVICES=1" >&2; exit 1; \
	else echo "e2e on PostgreSQL skipped: PostgreSQL does not answer at $(TEST_DATABASE_URL)"; fi

check-deploy: setup
	$(PY) manage.py check --deploy

clean-var:
	rm -rf var/broker var/cache var/celerybeat-schedule*
