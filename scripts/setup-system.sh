#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages Spoken Cribbage uses. Needs root or sudo; skips what is there.
#   scripts/setup-system.sh play   - what playing needs: Python with venv, and for speech (and
#                                    sound cues) the espeak-ng library (its voice data comes with
#                                    it) and PortAudio; no audio player, speech goes out through
#                                    PortAudio
#   scripts/setup-system.sh test   - also what the test suite needs (the espeak-ng and flite
#                                    programs, sox, tmux, aplay, the Orca and yasr screen readers)
# On a system without apt-get it installs nothing and says what to install by hand: the game
# still starts, and says in one line which library speech is missing.
set -eu
want="python3 python3-venv libespeak-ng1 libportaudio2"
if [ "${1:-play}" = test ]; then
  want="$want espeak-ng sox flite tmux alsa-utils strace"
fi
if ! command -v apt-get >/dev/null 2>&1 || ! command -v dpkg-query >/dev/null 2>&1; then
  if [ "$(uname -s)" = Linux ]; then
    echo "No apt-get here: install Python 3 (with venv), espeak-ng and PortAudio with this" \
         "system's package manager if they are missing." >&2
  fi
  exit 0
fi
missing=""
for p in $want; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    [ -z "$missing" ] || echo "Please install these packages as root:$missing" >&2
    exit 0
  fi
fi
if [ -n "$missing" ]; then
  echo "Installing system packages:$missing"
  # apt's messages (debconf's "delaying package configuration" among them) go to a log, shown
  # only if the install fails, as setup-venv.sh does with pip's; sudo asks on the terminal.
  # DEBIAN_FRONTEND is set after sudo (through env): sudo drops what is set before it.
  log="$(mktemp "${TMPDIR:-/tmp}/spoken-cribbage-apt.XXXXXX")"
  if ! { $SUDO apt-get update -qq &&
         $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
       } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "The system packages could not be installed; the messages above say why." >&2
    exit 1
  fi
  rm -f "$log"
fi
# Real screen readers (Orca, yasr) for the accessibility tests, from the shared tool when present.
SR="$(cd "$(dirname "$0")/.." && pwd)/../shared/tools/screen-reader/install.sh"
if [ "${1:-play}" = test ] && [ -x "$SR" ]; then
  if ! command -v orca >/dev/null 2>&1 || ! command -v yasr >/dev/null 2>&1; then
    $SUDO bash "$SR"
  fi
fi
