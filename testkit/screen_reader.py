"""Real screen readers in the tests: deadlines scaled to the machine's load, and keys typed under
Orca when what the game said before them has been spoken, rather than at fixed times.

The shared tool (``../shared/tools/screen-reader/run_sr.sh``) types its ``--keys`` at fixed
seconds after the start. Under load (the suite's files side by side on two cores, other
neighbours) the game or Orca can fall behind such a timetable, and an utterance was once missed.
So the Orca tests give the tool no keys: the command it starts in Orca's terminal is this file
run as a script (:func:`command`), which starts the game in the terminal and, beside it, types
each key (with ``xdotool``, as the tool does) once the lines the game prints before that key have
reached the tool's speech log, then waits for the last lines before it lets the run end. Each
wait has a deadline (:func:`scaled`); past it the key is typed anyway, and the test's own
comparison of what was said says what was missing.

Run as a script it needs only the standard library and ``xdotool`` (it runs in the terminal the
tool opens, with the tool's ``DISPLAY`` and ``SPEECHD_ADDRESS``)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

#: Utterances that are a key's echo, not a line of the game (lower case): Orca and yasr say the
#: keys typed.
KEY_ECHO = frozenset(
    {
        "space",
        "return",
        "1 2",
        "$",
        "1",
        "2",
        "s",
        "c",
        "h",
        "q",
        "y",
        "?",
        "b",
        "f",
        "v",
        "t",
        "i",
        "r",
        "[",
        "]",
        "left bracket",
        "right bracket",
        "blank",  # yasr: the empty line Enter leaves behind
        "question",
        "1 space 2",
        "left shift",
        "shift",
        "right shift",
        "home",
        "right",
        "escape",
        "enter",
    }
)

#: A wait for an utterance, on an idle machine; :func:`scaled` stretches it under load.
UTTERANCE_WAIT_S = 20.0


def slowness() -> float:
    """How much slower than an idle machine a CPU-bound step runs now: the load average of the
    last minute per core, when above 1 (as tests/README.md scales the time budgets by the
    machine's slowness when above 1, never below)."""
    try:
        load = os.getloadavg()[0]
    except OSError:  # pragma: no cover (no load average on this system)
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


def scaled(seconds: float) -> float:
    """A deadline of ``seconds`` on an idle machine, stretched by :func:`slowness`."""
    return seconds * slowness()


#: A line of the speech log: "  4.317 SPEAK [Orca] text" (seconds, kind, what was said).
_LOG_LINE = re.compile(r"^\s*[\d.]+\s+(\S+)\s?(.*)$")


def utterances(log_text: str) -> list[str]:
    """What the reader said after the tool's START mark, one line each, the client's name (with
    ``SSIP_CLIENTS``) taken off and key echo left out."""
    said: list[str] = []
    started = False
    for line in log_text.splitlines():
        m = _LOG_LINE.match(line)
        if m is None:
            continue
        kind, text = m.group(1), m.group(2)
        if kind == "MARK":
            started = started or text == "START"
            continue
        if not started or kind not in ("SPEAK", "CHAR"):
            continue
        text = re.sub(r"^\[[^\]]+\] ?", "", text)
        for part in text.split("\\n"):
            part = part.strip()
            if part and part.lower() not in KEY_ECHO:
                said.append(part)
    return said


def said_in_order(said: list[str], wanted: list[str]) -> bool:
    """Every line of ``wanted`` is in ``said``, in that order (other lines may come between)."""
    it = iter(said)
    return all(any(s == w for s in it) for w in wanted)


def plan(keys: list[str], lines: list[str], before: list[int], first: list[str]) -> dict:
    """What the typist does: key ``keys[i]`` once ``first`` and ``lines[:before[i]]`` have been
    said; at the end, wait for ``first`` and every line."""
    assert len(keys) == len(before)
    return {
        "keys": [{"key": k, "after": first + lines[:n]} for k, n in zip(keys, before, strict=True)],
        "end": first + lines,
        "wait": scaled(UTTERANCE_WAIT_S),
    }


def command(plan_file: Path, program: list[str]) -> list[str]:
    """The command to give run_sr.sh: the typist running ``program`` (the plan in ``plan_file``)."""
    return [sys.executable, str(Path(__file__).resolve()), str(plan_file), "--", *program]


# ----------------------------------------------------------------------------- in the terminal


def _speech_log() -> Path:
    """The tool's speech log: beside the socket SPEECHD_ADDRESS names (unix_socket:W/ssip.sock)."""
    address = os.environ["SPEECHD_ADDRESS"]
    return Path(address.split(":", 1)[1]).parent / "speech.log"


def _wait_for(log: Path, wanted: list[str], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        try:
            text = log.read_text(errors="replace")
        except OSError:
            text = ""
        if said_in_order(utterances(text), wanted):
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def _keys_one_at_a_time(seconds: float) -> None:
    """Wait (until the deadline) for the game to read keys one at a time (ICANON off)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if not termios.tcgetattr(0)[3] & termios.ICANON:
                return
        except termios.error:
            return
        time.sleep(0.05)


#: What the terminal sends for a key, and the key a person presses for it (xdotool's name).
#: Typed as text, ESC [ C reaches the game the same way, but Orca takes the line that answers it
#: for an answer to the letter C or to Escape, by the timing of three key events; pressed as the
#: arrow, Orca knows the key a player pressed.
NAMED_KEYS = {
    "\x1b[A": "Up",
    "\x1b[B": "Down",
    "\x1b[C": "Right",
    "\x1b[D": "Left",
    "\x1b[H": "Home",
    "\x1b[F": "End",
}


def _type(key: str) -> None:
    """Type ``key`` as a person would: an arrow or Home/End as that key (:data:`NAMED_KEYS`);
    text as run_sr.sh types its --keys, with xdotool type, a newline as Return."""
    if key in NAMED_KEYS:
        subprocess.run(["xdotool", "key", NAMED_KEYS[key]], check=False)
        return
    parts = key.split("\n")
    for i, part in enumerate(parts):
        if part:
            subprocess.run(["xdotool", "type", "--delay", "30", "--", part], check=False)
        if i < len(parts) - 1:
            subprocess.run(["xdotool", "key", "Return"], check=False)


#: The wait for each key once one was late: a line the reader left out is not said later (Orca
#: does not read a line that it takes for no key's answer), and the test fails on it anyway.
AFTER_LATE_S = 1.5


def _typist(todo: dict, log: Path, late: list[str]) -> None:
    for i, step in enumerate(todo["keys"]):
        if not _wait_for(log, step["after"], AFTER_LATE_S if late else todo["wait"]) and not late:
            late.append(f"key {i} {step['key']!r} typed late: {step['after'][-1:]} was not said")
        if i == 0:
            _keys_one_at_a_time(todo["wait"])
        time.sleep(0.15)  # the game back at its prompt after its last line
        _type(step["key"])


def main(argv: list[str]) -> int:
    plan_file, sep, *program = argv
    assert sep == "--" and program, "usage: screen_reader.py PLAN -- PROGRAM [ARGS...]"
    todo = json.loads(Path(plan_file).read_text())
    log = _speech_log()
    late: list[str] = []
    typist = threading.Thread(target=_typist, args=(todo, log, late), daemon=True)
    typist.start()
    status = subprocess.run(program, check=False).returncode
    typist.join(timeout=todo["wait"])
    if not _wait_for(log, todo["end"], AFTER_LATE_S if late else todo["wait"]):
        late.append("the end: not every line was said")
    Path(plan_file).with_suffix(".late").write_text("\n".join(late))
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
