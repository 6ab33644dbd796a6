"""The hostile-file matrix (issue 23, item 4): real processes against odd things in the data folder.

    .venv/bin/python bench/hostile_files.py            # ~2-4 minutes on 2 busy cores
    .venv/bin/python bench/hostile_files.py --json out.json

Each of the game's files (``game.json``, ``settings.toml``, ``stats.sqlite3``) is replaced by
each hostile thing below, and each command that reads it is run as a real process with a
time limit: ``play`` (piped: quit), ``stats``, ``review``, ``export 1 --out``, and
``play --replay 1``. A row counts the runs, hangs (the time limit reached), tracebacks, runs
with no sentence about the file, and files outside the folder written through a link.

Hostile things: a named pipe, a folder, a link to a device (/dev/zero), a dangling link, a link
to a file outside the folder, an empty file, random bytes, a read-only file (kept as it is, and
said, when the game would write it), and links planted at the temporary names a write once
used (``.NAME.tmp-<pid>`` for the next few process ids).

Never fails; exits 1 if any run hung, showed a traceback or wrote outside its folder.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from testkit import robust_support as rs  # noqa: E402

FILES = ("game.json", "settings.toml", "stats.sqlite3")
COMMANDS = {
    "play": (["--speech", "off", "--cues", "off", "--difficulty", "easy"], b"q\ny\n"),
    "stats": (["stats"], b""),
    "review": (["review"], b""),
    "export": (["export", "1", "--out", "out.txt"], b""),
    "replay": (["play", "--replay", "1", "--speech", "off", "--cues", "off"], b"q\ny\n"),
}
LIMIT = 30


def _fifo(p, outside):
    os.mkfifo(p)


def _folder(p, outside):
    p.mkdir()


def _device(p, outside):
    os.symlink("/dev/zero", p)


def _dangling(p, outside):
    os.symlink(p.parent / "nowhere" / "x", p)


def _outside_link(p, outside):
    os.symlink(outside, p)


def _empty(p, outside):
    p.write_bytes(b"")


def _garbage(p, outside):
    p.write_bytes(random.Random(p.name).randbytes(3000))


def _read_only(p, outside):
    if p.name == "settings.toml":
        p.write_text("version = 1\nrate = 150\n")
    else:
        shutil.copyfile(_READ_ONLY_SAVE if p.name == "game.json" else _READ_ONLY_STATS, p)
    os.chmod(p, 0o444)


def _planted_temporaries(p, outside):
    for pid in range(os.getpid() + 1, os.getpid() + 400):
        os.symlink(outside, p.parent / f".{p.name}.tmp-{pid}")


KINDS = {
    "named pipe": _fifo,
    "folder": _folder,
    "link to /dev/zero": _device,
    "dangling link": _dangling,
    "link outside": _outside_link,
    "empty file": _empty,
    "random bytes": _garbage,
    "read-only file": _read_only,
    "links at temporary names": _planted_temporaries,
}
_READ_ONLY_SAVE = _READ_ONLY_STATS = None
#: What cannot be used as the file: a run of a command that reads it must say so.
MUST_SAY = ("named pipe", "folder", "link to /dev/zero", "random bytes")


def _make_reference_files(folder: Path) -> None:
    """A save of a game in progress and statistics with one finished game (for read-only)."""
    global _READ_ONLY_SAVE, _READ_ONLY_STATS
    home = folder / "ref"
    home.mkdir()
    script = rs.make_script(41, "easy", noise=0)
    subprocess.run(
        [str(rs.BIN), "--speech", "off", "--cues", "off", "--difficulty", "easy", "--new", "--seed", "41"],
        input=("\n".join(script.lines_from(0)) + "\n").encode(),
        capture_output=True,
        env=rs.env_for(home),
        timeout=300,
    )
    subprocess.run(
        [str(rs.BIN), "--speech", "off", "--cues", "off", "--difficulty", "easy", "--new", "--seed", "42"],
        input=b"1 2\n",
        capture_output=True,
        env=rs.env_for(home),
        timeout=120,
    )
    _READ_ONLY_SAVE, _READ_ONLY_STATS = home / "game.json", home / "stats.sqlite3"


def run_one(name: str, kind: str, command: str, root: Path) -> dict:
    home = Path(tempfile.mkdtemp(prefix="h-", dir=root))
    outside = root / f"outside-{home.name}"
    outside.write_bytes(b"precious")
    target = home / name
    if name != "stats.sqlite3":  # one finished game, so review, export and --replay read on
        shutil.copyfile(_READ_ONLY_STATS, home / "stats.sqlite3")
    KINDS[kind](target, outside)
    args, inp = COMMANDS[command]
    t = time.monotonic()
    row = {"file": name, "kind": kind, "command": command}
    try:
        r = subprocess.run(
            [str(rs.BIN), *args], input=inp, capture_output=True, cwd=home, env=rs.env_for(home), timeout=LIMIT
        )
        text = (r.stdout + r.stderr).decode("utf-8", "replace")
        row.update(
            hung=False,
            rc=r.returncode,
            traceback="Traceback" in text,
            said=any(w in text for w in (name, "statistics", "settings file", "saved game", "can't be saved")),
        )
    except subprocess.TimeoutExpired:
        row.update(hung=True, rc=None, traceback=False, said=False)
    row["seconds"] = round(time.monotonic() - t, 2)
    row["outside_written"] = outside.read_bytes() != b"precious"
    if kind == "read-only file":
        src = _READ_ONLY_SAVE if name == "game.json" else _READ_ONLY_STATS
        if name == "settings.toml":
            row["read_only_kept"] = target.read_text() == "version = 1\nrate = 150\n"
        elif name == "game.json" and command == "play":
            row["read_only_kept"] = target.read_bytes() == src.read_bytes()
    shutil.rmtree(home, ignore_errors=True)
    outside.unlink()
    return row


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json")
    a = ap.parse_args()
    root = Path(tempfile.mkdtemp(prefix="crib-hostile-"))
    _make_reference_files(root)
    rows = []
    for name in FILES:
        for kind in KINDS:
            for command in COMMANDS:
                rows.append(run_one(name, kind, command, root))
    shutil.rmtree(root, ignore_errors=True)
    print("| File | Runs | Hung | Tracebacks | Written outside | Unusable, read, not said |")
    print("|---|---|---|---|---|---|")
    for name in FILES:
        mine = [r for r in rows if r["file"] == name]
        quiet = [
            f"{r['kind']}/{r['command']}"
            for r in mine
            if not r["said"]
            and not r["hung"]
            and r["kind"] in MUST_SAY
            and (name == "stats.sqlite3" or r["command"] in ("play", "replay"))
        ]
        print(
            f"| {name} | {len(mine)} | {sum(r['hung'] for r in mine)} | "
            f"{sum(r['traceback'] for r in mine)} | {sum(r['outside_written'] for r in mine)} | "
            f"{len(quiet)} |"
        )
    kept = [r for r in rows if "read_only_kept" in r]
    print(
        f"\nRead-only files left as they were: {sum(r['read_only_kept'] for r in kept)} of "
        f"{len(kept)}. Runs in all: {len(rows)}, "
        f"{sum(r['seconds'] for r in rows):.0f} s."
    )
    if a.json:
        Path(a.json).write_text(json.dumps(rows, indent=1))
    bad = [r for r in rows if r["hung"] or r["traceback"] or r["outside_written"]]
    for r in bad:
        print("BAD:", r)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
