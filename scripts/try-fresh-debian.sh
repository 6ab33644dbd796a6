#!/usr/bin/env bash
# Proves that ./play.sh works on a fresh Debian machine: makes a minimal Debian root with
# debootstrap (default: bookworm; also e.g. trixie), clones this repository's HEAD into it, runs
# ./play.sh there as a new user would (clean environment, no sound card: ALSA's default device
# is a file), quits the game after its first lines, and reports what it said, how much speech
# audio reached the device and which packages the set-up added.
#   sudo scripts/try-fresh-debian.sh [SUITE]      (KEEP=1 keeps the root for a look)
# Needs root, the network to Debian's packages and PyPI, about 500 MB and a minute or two.
# PIP_CERT, when set (a network that inspects TLS), is handed on to pip inside the root.
set -eu
suite=${1:-bookworm}
repo="$(cd "$(dirname "$0")/.." && pwd)"
[ "$(id -u)" -eq 0 ] || { echo "Run this as root (it uses debootstrap and chroot)." >&2; exit 2; }
command -v debootstrap >/dev/null 2>&1 || {
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null; }
root="$(mktemp -d /tmp/fresh-debian.XXXXXX)"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$root"' EXIT
echo "Making a minimal $suite root in $root ..."
debootstrap --variant=minbase "$suite" "$root" >"$root.debootstrap.log" 2>&1 || {
  cat "$root.debootstrap.log" >&2; exit 1; }
rm -f "$root.debootstrap.log"
git clone -q "$repo" "$root/root/spoken-cribbage"
printf 'pcm.!default { type file; slave.pcm "null"; file "/root/speech.raw"; format "raw" }\n' \
  >"$root/root/.asoundrc"
list() { chroot "$root" dpkg-query -W -f '${db:Status-Abbrev} ${Package}\n' | awk '/^ii/{print $2}' | sort; }
list >"$root/tmp/before"
cert=""
if [ -n "${PIP_CERT:-}" ] && [ -f "$PIP_CERT" ]; then
  cp "$PIP_CERT" "$root/tmp/pip-cert.pem"; cert="PIP_CERT=/tmp/pip-cert.pem"
fi
# The player: waits for the set-up to finish, gives the game 4 s to speak, then quits (q, y).
stamp="$root/root/spoken-cribbage/.venv/.installed-play"
start=$(date +%s)
(while [ ! -f "$stamp" ]; do sleep 0.5; done; sleep 4; printf 'q\ny\n') |
unshare --mount --propagation private bash -c '
  root=$1; shift
  mount -t proc proc "$root/proc"; mount --rbind /dev "$root/dev"; mount -t sysfs sys "$root/sys"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  exec chroot "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root TERM=dumb LANG=C.UTF-8 $0 bash -c "cd /root/spoken-cribbage && ./play.sh --new"
' "$cert" "$root" | tee "$root/tmp/out"
took=$(( $(date +%s) - start ))
list >"$root/tmp/after"
bytes=$(stat -c %s "$root/root/speech.raw" 2>/dev/null || echo 0)
echo "----"
echo "Debian $(cat "$root/etc/debian_version"): ./play.sh took ${took} s to the game's end"
echo "Speech line: $(grep -m1 '^Speech' "$root/tmp/out" || echo none)"
echo "Speech audio at the sound device: $(( bytes / 2 / 22050 )) s"
echo "Packages the set-up added: $(comm -13 "$root/tmp/before" "$root/tmp/after" | wc -l)"
echo "  $(comm -13 "$root/tmp/before" "$root/tmp/after" | tr '\n' ' ')"
for tool in aplay espeak-ng; do
  if chroot "$root" sh -c "command -v $tool" >/dev/null; then echo "  $tool is installed"; fi
done
grep -q '^Speech: ' "$root/tmp/out" && [ "$bytes" -gt 44100 ]
