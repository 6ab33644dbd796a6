#!/usr/bin/env bash
# Play Spoken Cribbage. The first run installs what it needs (system speech packages, a local .venv).
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
bash "$HERE/scripts/setup-system.sh" play
bash "$HERE/scripts/setup-venv.sh" play
bash "$HERE/scripts/link-command.sh" || true   # spoken-cribbage on the PATH, said once
exec "$HERE/.venv/bin/spoken-cribbage" "$@"
