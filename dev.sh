#!/usr/bin/env bash
# Rummy Table's two commands; each sets up what it needs first, so a fresh machine just works.
#   ./dev.sh run    play computer-vs-computer gin hands and print their statistics
#   ./dev.sh test   run every test
set -euo pipefail
cd "$(dirname "$0")"

VENV=.venv
PY="$VENV/bin/python"

setup() {
  # A project-local virtual environment with the engine installed (editable) and the pinned
  # test tools; reinstalled only when pyproject.toml changes.
  if [ ! -x "$PY" ]; then
    python3 -m venv "$VENV"
  fi
  local stamp="$VENV/.installed" want
  want=$(sha256sum pyproject.toml | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    "$PY" -m pip install --quiet --upgrade pip
    "$PY" -m pip install --quiet -e '.[test]'
    echo "$want" > "$stamp"
  fi
}

case "${1:-}" in
  run)
    setup
    shift
    exec "$PY" -m rummy gin selfplay --hands 200 --seed 1 "$@"
    ;;
  test)
    setup
    shift
    exec "$PY" -m pytest "$@"
    ;;
  *)
    echo "usage: ./dev.sh run | ./dev.sh test [pytest options]" >&2
    exit 2
    ;;
esac
