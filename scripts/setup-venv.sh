#!/usr/bin/env bash
# Creates .venv and installs the package into it (with test extras when given "test").
# pip's output goes to .venv/install.log and is shown only if the install fails.
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
stamp=".venv/.installed-${1:-play}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "Installing Spoken Cribbage into .venv (first run only)..."
  log=.venv/install.log
  target=.
  [ "${1:-play}" = test ] && target='.[test]'
  if ! { .venv/bin/python -m pip install -q --upgrade pip && .venv/bin/python -m pip install -q -e "$target"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "The install failed; the messages above say why." >&2
    exit 1
  fi
  touch "$stamp"
fi
