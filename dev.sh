#!/usr/bin/env bash
# Rummy Table's commands; each sets up what it needs first, so a fresh machine just works.
#   ./dev.sh run                 build the web game into dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
#   ./dev.sh test                run every test
#   ./dev.sh bench NAME [args]   run bench/bench_NAME.py (NAME: melds, bench_melds, ...)
# The browser tests and benches drive ${RUMMY_CHROMIUM:-/usr/bin/chromium} (Debian's) when it exists,
# else Playwright's own Chromium, which `test` and `bench` then install once.
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"
CHROMIUM="${RUMMY_CHROMIUM:-/usr/bin/chromium}"

setup() {
  # A project-local virtual environment with the engine installed (editable), the pinned test
  # tools, the build's own (MicroPython's cross-compiler) and the wheel's build backend
  # (pyproject's [build-system] requires: build.py builds the wheel with it, without build
  # isolation, so offline); reinstalled only when pyproject.toml or this script changes.
  if [ ! -x "$PY" ]; then
    python3 -m venv "$VENV"
  fi
  local stamp="$VENV/.installed" want backend
  want=$(cat pyproject.toml dev.sh | sha256sum | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    backend=$("$PY" -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"])')
    "$PY" -m pip install --quiet --upgrade pip
    # shellcheck disable=SC2086  # the requirements are words without spaces
    "$PY" -m pip install --quiet -e '.[site,test]' $backend
    echo "$want" > "$stamp"
  fi
}

setup_node() {
  # Pyodide, MicroPython and PyScript, pinned in package-lock.json, served from dist/ rather than a CDN.
  # `npm ci` only when node_modules is missing or older than the lock (build.py checks the
  # same, plus the installed versions, and runs npm ci itself if needed).
  if ! command -v npm >/dev/null; then
    echo "dev.sh: npm is needed (Node.js 18+); on Debian: apt-get install -y npm" >&2
    exit 1
  fi
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
  fi
}

setup_browser() {
  # Without Debian's Chromium (a Mac, say), Playwright's own, installed once per install of the
  # test tools (a new Playwright may want another build of Chromium).
  local stamp="$VENV/.browser"
  if [ -e "$CHROMIUM" ] || [ "$(cat "$stamp" 2>/dev/null)" = "$(cat "$VENV/.installed")" ]; then
    return
  fi
  echo "dev.sh: $CHROMIUM is missing; installing Playwright's Chromium" >&2
  "$PY" -m playwright install chromium
  cp "$VENV/.installed" "$stamp"
}

benches() {
  local path
  for path in bench/bench_*.py; do
    path=${path#bench/bench_}
    echo "${path%.py}"
  done
}

case "${1:-}" in
  run)
    setup
    setup_node
    shift
    exec "$PY" build.py serve --port "${PORT:-8000}" "$@"
    ;;
  test)
    setup
    setup_node
    setup_browser
    shift
    # A worker per core and one more: the browser tests wait on Chromium part of the time (on
    # 2 cores, 3 workers ran them in 8:22 against 9:36 for 2; docs/figures.md). pytest alone
    # runs one per core (pyproject's addopts); an -n given here wins.
    exec "$PY" -m pytest -n "$("$PY" -c 'import os; print((os.cpu_count() or 1) + 1)')" "$@"
    ;;
  bench)
    name=${2:-}
    name=${name#bench/}
    name=${name#bench_}
    name=${name%.py}
    if [ -z "$name" ] || [ ! -f "bench/bench_$name.py" ]; then
      echo "dev.sh: ${2:+no bench named '$2'; }./dev.sh bench NAME [args] takes one of:" $(benches) >&2
      exit 2
    fi
    setup
    setup_node
    setup_browser
    shift 2
    exec "$PY" "bench/bench_$name.py" "$@"
    ;;
  *)
    echo "usage: ./dev.sh run [--port N] | ./dev.sh test [pytest options] | ./dev.sh bench NAME [args]" >&2
    exit 2
    ;;
esac
