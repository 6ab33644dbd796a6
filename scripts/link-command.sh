#!/usr/bin/env bash
# Puts the command `spoken-cribbage` on the PATH: a link ~/.local/bin/spoken-cribbage to this
# folder's .venv/bin/spoken-cribbage, made once by play.sh and said in one line when it is made
# (with what to do when ~/.local/bin is not on the PATH). A file or another link already there
# is left alone, and said once; a dangling link to a moved folder's .venv is replaced. Quiet
# when the link is there already; never fails the start.
set -u
cd "$(dirname "$0")/.." || exit 0
target="$PWD/.venv/bin/spoken-cribbage"
[ -n "${HOME:-}" ] && [ -d "$HOME" ] && [ -x "$target" ] || exit 0
dir="$HOME/.local/bin"
link="$dir/spoken-cribbage"
if [ -L "$link" ] && [ "$(readlink "$link")" = "$target" ]; then
  exit 0   # ours already
fi
shown="~/.local/bin/spoken-cribbage"
if [ -L "$link" ] && [ ! -e "$link" ]; then
  case "$(readlink "$link")" in   # this game's link from a folder moved or removed: replaced
    */.venv/bin/spoken-cribbage) rm -f "$link" ;;
  esac
fi
if [ -e "$link" ] || [ -L "$link" ]; then
  said=".venv/.command-link-said"
  if [ ! -e "$said" ]; then
    echo "$shown is there already and is not this game's, so it was left alone: start the game with ./play.sh, or $target."
    : >"$said" 2>/dev/null || true
  fi
  exit 0
fi
if ! { mkdir -p "$dir" && ln -s "$target" "$link"; } 2>/dev/null; then
  exit 0   # a read-only home, say: ./play.sh still starts the game
fi
case ":${PATH:-}:" in
  *":$dir:"*|*":$dir/:"*)
    echo "The command spoken-cribbage now starts the game from any folder (a link in ~/.local/bin)." ;;
  *)
    if [ -f "$HOME/.profile" ] && grep -q '\.local/bin' "$HOME/.profile" 2>/dev/null; then
      echo "The command spoken-cribbage is now in ~/.local/bin, which your ~/.profile puts on the PATH from your next login; until then, start the game with ./play.sh."
    else
      echo "The command spoken-cribbage is now in ~/.local/bin, which is not on your PATH: add the line export PATH=\"\$HOME/.local/bin:\$PATH\" to your ~/.profile, and log in again; until then, start the game with ./play.sh."
    fi ;;
esac
