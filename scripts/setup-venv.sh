#!/usr/bin/env bash
# Creates .venv and installs the package into it (with test extras when given "test").
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
stamp=".venv/.installed-${1:-play}"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
  if [ "${1:-play}" = test ]; then
    .venv/bin/python -m pip install -q -e '.[test]'
  else
    .venv/bin/python -m pip install -q -e .
  fi
  touch "$stamp"
fi
