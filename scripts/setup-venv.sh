#!/usr/bin/env bash
# Creates .venv and installs the package into it, with the extras a use needs:
#   scripts/setup-venv.sh play       - the game with the voice engines: .[voice]
#   scripts/setup-venv.sh test       - also what the test suite needs: .[voice,test]
#   scripts/setup-venv.sh test-vosk  - also the 253 MB Korean vosk model: .[voice,test,test-vosk]
# (A keyboard-only or scorer-only install is plain `pip install .`, without the voice engines.)
# pip's output goes to .venv/install.log and is shown only if the install fails.
set -eu
cd "$(dirname "$0")/.."
PY=${PYTHON:-python3}
use=${1:-play}
case "$use" in
  play) target='.[voice]' ;;
  test) target='.[voice,test]' ;;
  test-vosk) target='.[voice,test,test-vosk]' ;;
  *) echo "usage: $0 [play|test|test-vosk]" >&2; exit 2 ;;
esac
stamp=".venv/.installed-$use"
if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "Installing Spoken Cribbage ($target) into .venv (first run only)..."
  log=.venv/install.log
  if ! { .venv/bin/python -m pip install -q --upgrade pip && .venv/bin/python -m pip install -q -e "$target"; } >"$log" 2>&1; then
    cat "$log" >&2
    echo "The install failed; the messages above say why." >&2
    exit 1
  fi
  touch "$stamp"
fi
# A development install (test, test-vosk) also imports the test kit (testkit/) and the benches
# (bench/) as packages from this checkout, as the tests and benches do (tests/README.md): a .pth
# file naming the checkout, the way pip's own editable installs name a source folder. The wheel
# and a play install leave them out.
if [ "$use" != play ]; then
  site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
  pwd >"$site/spoken_cribbage_checkout.pth"
fi
