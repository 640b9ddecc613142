# CardTable — the README's commands.
#
#   make run         set up .venv if needed, compile translations, start the program
#   make test        the same set-up, then the test suite (offscreen), ruff and mypy
#   make bundle      the standalone program in dist/ (PyInstaller)
#   make self-check  run the bundle's --self-check
#
# Set-up is incremental: the venv is created once, the project is reinstalled only
# when pyproject.toml changes (a stamp file inside .venv), translations are compiled
# only when a .ts file changes.

PYTHON ?= python3
VENV   ?= .venv
# The oldest Python CardTable runs and is tested on: pyproject.toml's requires-python
# (a test holds the two and the README together).
MIN_PYTHON := 3.11

BIN   := $(VENV)/bin
PY    := $(BIN)/python
STAMP := $(VENV)/.cardtable-installed
BUNDLE_STAMP := $(VENV)/.cardtable-bundle-tools

TS_FILES := $(wildcard translations/cardtable_*.ts)
QM_FILES := $(patsubst translations/%.ts,cardtable/i18n/%.qm,$(TS_FILES))

.PHONY: run test lint setup translations update-translations bundle self-check \
	linux-archive dmg windows windows-check macos-check clean distclean

run: setup
	$(PY) -m cardtable

test: setup
	QT_QPA_PLATFORM=offscreen $(PY) -m pytest
	$(BIN)/ruff check cardtable tests packaging
	$(BIN)/mypy

lint: setup
	$(BIN)/ruff check cardtable tests packaging
	$(BIN)/mypy

setup: $(STAMP) translations

# Which Python makes the venv, said before it is made; one that is too old, or a
# Debian/Ubuntu python3 without its venv module, is named with what to do, instead of
# failing later in pip.  `make check-python` runs the check alone.
CHECK_PYTHON = $(PYTHON) -c 'import sys; v = sys.version_info; \
	print("Python %d.%d.%d (%s)" % (v[0], v[1], v[2], sys.executable)); \
	tuple(v[:2]) >= ($(subst .,$(comma) ,$(MIN_PYTHON))) or sys.exit( \
	"CardTable needs Python $(MIN_PYTHON) or newer; $(PYTHON) is %d.%d.%d. Install a newer " \
	"one and name it: make PYTHON=/path/to/python3 ..." % (v[0], v[1], v[2])); \
	import importlib.util; importlib.util.find_spec("ensurepip") or sys.exit( \
	"$(PYTHON) cannot make a virtual environment (no ensurepip). On Debian or " \
	"Ubuntu: sudo apt-get install python3-venv")'
comma := ,

.PHONY: check-python
check-python:
	@$(CHECK_PYTHON)

$(PY):
	@$(CHECK_PYTHON)
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -e '.[test]'
	touch $@

translations: $(QM_FILES)

cardtable/i18n/%.qm: translations/%.ts | $(STAMP)
	@mkdir -p $(@D)
	$(BIN)/pyside6-lrelease -silent $< -qm $@

# Refresh the .ts files from the tr() calls in the GUI code (keeps the translations).
update-translations: $(STAMP)
	$(BIN)/pyside6-lupdate -locations none -no-obsolete \
		$$(find cardtable/ui -name '*.py' | sort) -ts $(TS_FILES)

# The standalone program in dist/ (PyInstaller), proven by its own --self-check, and
# what players download (see packaging/README.md).  The same commands run in the
# release workflow on every system.
bundle: setup $(BUNDLE_STAMP)
	$(PY) packaging/build.py bundle

$(BUNDLE_STAMP): pyproject.toml | $(STAMP)
	$(PY) -m pip install -e '.[bundle]'
	touch $@

self-check:
	$(PY) packaging/build.py self-check

linux-archive:
	$(PY) packaging/build.py linux-archive

dmg:
	$(PY) packaging/build.py dmg

# The Windows program and its installer, built and proven on Linux under Wine (see
# packaging/README.md): dist/windows/CardTable and dist/windows/CardTable-Setup-*.exe,
# from the same spec, .iss and build.py commands as the release workflow.
windows: setup
	$(PY) packaging/windows/wine_build.py build

windows-check: setup
	$(PY) packaging/windows/wine_build.py check

# Build products and caches; `distclean` also removes the virtual environment.
clean:
	rm -rf build dist .pytest_cache .ruff_cache .hypothesis cardtable/i18n/*.qm
	find . \( -path ./.git -o -path ./$(VENV) \) -prune -o \
		\( -name __pycache__ -o -name '*.egg-info' \) -type d -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)

# macOS, as far as Linux can check it: the pinned PySide6 wheels for Apple silicon
# and Intel (downloaded once into ~/.cache/cardtable-macos) hold every Qt module,
# plugin, library and translation the spec keeps, for each architecture.  The
# Info.plist is checked by tests/test_macos_packaging.py; what only a Mac can prove
# is in packaging/README.md.
macos-check: setup
	$(PY) packaging/macos/check_wheels.py
