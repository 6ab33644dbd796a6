#!/usr/bin/env bash
# Run the whole test suite. Installs what the tests need first (system packages, a local .venv).
set -eu
cd "$(dirname "$0")"
bash scripts/setup-system.sh test
bash scripts/setup-venv.sh test
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
