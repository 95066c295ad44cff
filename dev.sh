#!/usr/bin/env bash
# Rummy Table's two commands; each sets up what it needs first, so a fresh machine just works.
#   ./dev.sh run    build the web game into dist/ and serve it on http://127.0.0.1:${PORT:-8000}/
#   ./dev.sh test   run every test
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"

setup() {
  # A project-local virtual environment with the engine installed (editable), the pinned test
  # tools and the build backend (pyproject's [build-system] requires: build.py builds the wheel
  # with it, without build isolation, so offline); reinstalled only when pyproject.toml or this
  # script changes.
  if [ ! -x "$PY" ]; then
    python3 -m venv "$VENV"
  fi
  local stamp="$VENV/.installed" want backend
  want=$(cat pyproject.toml dev.sh | sha256sum | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    backend=$("$PY" -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))["build-system"]["requires"])')
    "$PY" -m pip install --quiet --upgrade pip
    # shellcheck disable=SC2086  # the requirements are words without spaces
    "$PY" -m pip install --quiet -e '.[test]' $backend
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
    shift
    exec "$PY" -m pytest "$@"
    ;;
  *)
    echo "usage: ./dev.sh run [--port N] | ./dev.sh test [pytest options]" >&2
    exit 2
    ;;
esac
