"""The game under real screen readers (Orca in a VTE terminal, and yasr), headless.

The shared tool logs every utterance the reader sends to its speech synthesiser. Each
announcement and each shortcut answer must be spoken once, in order, with no escape-code or
prompt-redraw noise: exactly the lines the game prints, and nothing else but key echo.
"""

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from testkit import BIN, ROOT
from testkit import screen_reader as sr
from testkit.screen_reader import KEY_ECHO

RUN_SR = ROOT.parent / "shared" / "tools" / "screen-reader" / "run_sr.sh"

# (seconds after start, keys typed) and the same input as lines for the reference run.
KEYS = [
    (4, "s"),
    (5, "b"),
    (6, "f"),
    (7, "1"),
    (7.7, "2"),
    (8.5, "\n"),
    (9.5, "c"),
    (10.5, "h"),
    (11.5, "v"),
    (12.5, "t"),
    (13.5, "i"),
    (14.5, "r"),
    (15.5, "["),
    (16.5, "]"),
    (17.5, "?"),
    (19, "q"),
    (20, "y"),
]

pytestmark = pytest.mark.skipif(
    not RUN_SR.exists() or not shutil.which("yasr") or not shutil.which("orca"),
    reason="the shared screen-reader tool and its readers are installed by ./test.sh",
)


def reference_lines(home: Path) -> list[str]:
    """What the game prints for the same input, read line by line from a pipe."""
    script = "".join(k if k.endswith("\n") else k + "\n" for _, k in KEYS)
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(home))
    out = subprocess.run(
        [str(BIN), "--seed", "3", "--speech", "off", "--accessible"],
        input=script,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    ).stdout
    return [line for line in out.splitlines() if line.strip() and not line.startswith("> ")]


def run_reader(cmd: list[str], env: dict) -> subprocess.CompletedProcess:
    """Run the harness; one Orca at a time on a machine (the tool refuses a second), so wait
    while another run ends (another test of this file, or tests/e2e/test_net_orca.py), until a
    deadline scaled to the machine's load."""
    import time

    env = dict(env, SR_TIMEOUT=str(round(sr.scaled(120))))  # the tool's own wait for the run's end
    deadline = time.monotonic() + sr.scaled(300)
    retried = False
    while True:
        res = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=sr.scaled(240))
        if res.returncode == 3 and "another orca" in res.stderr and time.monotonic() < deadline:
            time.sleep(2)
            continue
        if not retried and not reader_spoke(res.stdout):
            # The reader never started: under load Orca once hung in its own start-up (its debug
            # log ends at "Runtime settings set", nothing said, not even the Return that starts
            # the command). That is the harness, not the game: one more run.
            retried = True
            continue
        return res


def reader_spoke(log: str) -> bool:
    """The harness's log has one utterance at least (Orca says the Return that starts the
    command, yasr the screen): the screen reader ran."""
    return re.search(r"^\+\s*[\d.]+\s+(SPEAK|CHAR)\s", log, re.M) is not None


def spoken(reader: str, home: Path, keys=KEYS) -> list[str]:
    args = ["bash", str(RUN_SR), "--sr", reader]
    for t, k in keys:
        args += ["--keys", f"{t}:{k.replace(chr(10), chr(92) + 'n')}"]
    args += ["--", str(BIN), "--seed", "3", "--speech", "off", "--accessible"]
    res = run_reader(args, dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(home)))
    utterances = []
    for line in res.stdout.splitlines():
        m = re.match(r"^\+\s*[\d.]+\s+(SPEAK|CHAR)\s+(.*)$", line)
        if m:
            for part in m.group(2).split("\\n"):
                part = part.strip()
                if part:
                    utterances.append(part)
    assert utterances, res.stdout + res.stderr
    return utterances


def rejoin(said: list[str], expected: list[str]) -> list[str]:
    """yasr says a long burst of lines in pieces of about 280 characters, and a piece can end
    mid-line: 12 lines of 74 characters written at once (one write or one a line, the same) were
    said as 14 utterances, lines 4 and 8 each in two. The game writes the help keys as one burst,
    so a help line may come as two utterances, in order, nothing lost or repeated. Put such a
    pair back together only when the two make exactly the line the game printed."""
    out: list[str] = []
    i = 0
    while i < len(said):
        j = len(out)
        if (
            i + 1 < len(said)
            and j < len(expected)
            and said[i] != expected[j]
            and f"{said[i]} {said[i + 1]}" == expected[j]
        ):
            out.append(expected[j])
            i += 2
        else:
            out.append(said[i])
            i += 1
    return out


@pytest.mark.parametrize("reader", ["yasr"])  # Orca: the deal under default settings below
def test_every_line_is_spoken_once_in_order_without_noise(reader, tmp_path):
    expected = reference_lines(tmp_path / "ref")
    said = rejoin([u for u in spoken(reader, tmp_path / "sr") if u.lower() not in KEY_ECHO], expected)
    assert said == expected
    for u in said:
        assert "\x1b" not in u and "[" not in u[:2]
    # The shortcut answers are among them, each once.
    for answer in (
        "You 0, 121 to go; Computer 0, 121 to go.",
        "The count is 8: eight of hearts.",
        "It is your crib.",
        "The starter is not cut yet.",
        "Quit the game? This seeded game is for this run only. Press y or n.",
    ):
        assert said.count(answer) == 1
    assert any(u.startswith("This series: eight of hearts") for u in said)
    assert any(u.startswith("Play the ") for u in said)  # the hint


RIGHT, HOME = "\x1b[C", "\x1b[H"  # what the arrow keys send (typed as text)


#: Shortcut keys asked during the Orca deal (yasr reads every key in the test above; one Orca
#: run covers the arrows, the shortcuts and the one voice, for the suite's time).
QUESTIONS_UNDER_ORCA = ["s", "c", "f", "v", "["]


def arrow_deal(seed: int = 3, settings=None, language: str = "en"):
    """Plan the first deal played with digits, arrows and Enter, in-process with the same
    opponent as the real game (and ``settings``, the defaults if None), in ``language``: (the
    keys, the lines the game prints, and for each key how many of those lines come before it)."""
    from spoken_cribbage.words import catalogue

    was = catalogue.current()
    catalogue.use(language)
    try:
        return _arrow_deal(seed, settings)
    finally:
        catalogue.use(was)


def _arrow_deal(seed: int, settings):
    import random

    from spoken_cribbage.ai.players import make_player
    from spoken_cribbage.app.local_seat import local_session
    from spoken_cribbage.app.play import _hint
    from spoken_cribbage.app.seat.hooks import SeatHooks
    from spoken_cribbage.engine import game as g
    from spoken_cribbage.storage.settings import Settings

    out: list[str] = []
    s = local_session(
        g.Game(seed=seed),
        hooks=SeatHooks(hint=_hint),
        settings=settings or Settings(),
        write=out.append,
        opponents={1: make_player("expert", random.Random(seed * 7 + 1))},
    )
    s.kept = False  # as play.py sets it for a --seed game: for this run only, never saved
    keys: list[str] = []
    before: list[int] = []

    def press(key: str, act) -> None:
        keys.append(key)
        before.append(sum(1 for line in out if line.strip()))
        act()

    s.start()
    press("1", lambda: s.key("1"))
    press("2", lambda: s.key("2"))
    press("\n", s.enter)
    for k in QUESTIONS_UNDER_ORCA:  # shortcut answers during the play, each a line of its own
        press(k, lambda k=k: s.key(k))
    while s.table.game.phase == g.PLAY and s.table.game.to_act == 0:
        card = s.table.game.observation(s.me).playable[-1]  # the last card that fits: arrows to it
        steps = s.hand_view.held_positions(s.table.game.observation(s.me).hand).index(s.hand_view.numbering.index(card))
        press(HOME, lambda: s.move("home"))
        for _ in range(steps):
            press(RIGHT, lambda: s.move("right"))
        press("\n", s.enter)
    assert s.table.game.phase == g.DEAL_OVER
    press("q", lambda: s.key("q"))
    press("y", lambda: s.key("y"))
    return keys, [line for line in out if line.strip()], before


# --- one voice: default settings under Orca ------------------------------------------------------

ASOUNDRC = """pcm.!default {{ type plug; slave {{ pcm "sink"; rate 16000; channels 1; format S16_LE }} }}
pcm.sink {{ type file; slave.pcm "null"; file "|cat >> {out}"; format "raw" }}
"""
CUE_LIMIT_S = 0.15  # short sound cues may play; speech may not


def sounds(raw: Path, rate: int = 16000, gap_s: float = 0.05) -> list[float]:
    """Lengths (s) of the stretches of sound in what the program played (16 kHz mono s16le):
    non-silent samples, with pauses shorter than ``gap_s`` counted as part of the sound."""
    import numpy as np

    if not raw.exists():
        return []
    pcm = np.frombuffer(raw.read_bytes()[: raw.stat().st_size // 2 * 2], dtype="<i2")
    loud = np.flatnonzero(np.abs(pcm.astype(np.int32)) > 300)
    if loud.size == 0:
        return []
    breaks = np.flatnonzero(np.diff(loud) > gap_s * rate)
    starts = np.concatenate(([loud[0]], loud[breaks + 1]))
    ends = np.concatenate((loud[breaks], [loud[-1]]))
    return [float(e - s + 1) / rate for s, e in zip(starts, ends, strict=True)]


def spoken_by(
    home: Path, keys, args, reader: str = "orca", _command: list[str] | None = None, **env_extra
) -> list[tuple[str, str]]:
    """(client, utterance) for each line the reader's speech service was given (SSIP_CLIENTS=1):
    the game run with ``args`` and ``keys`` typed at their times, or ``_command`` run instead."""
    cmd = ["bash", str(RUN_SR), "--sr", reader]
    for t, k in keys:
        cmd += ["--keys", f"{t}:{k.replace(chr(10), chr(92) + 'n')}"]
    cmd += ["--", *(_command or [str(BIN), *args])]
    res = run_reader(cmd, dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(home), SSIP_CLIENTS="1", **env_extra))
    said = []
    for line in res.stdout.splitlines():
        m = re.match(r"^\+\s*[\d.]+\s+(SPEAK|CHAR)\s+\[([^\]]+)\] ?(.*)$", line)
        if m:
            for part in m.group(3).split("\\n"):
                if part.strip():
                    said.append((m.group(2), part.strip()))
    assert said, res.stdout + res.stderr
    return said


def orca_said(
    home: Path, deal, args, tmp_path: Path, first: str = "Speech through Orca.", **env_extra
) -> list[tuple[str, str]]:
    """(client, utterance) of a run under Orca that plays ``deal`` (:func:`arrow_deal`), each
    key typed once the lines before it (and ``first``, the game's first line) have been said
    (testkit.screen_reader: no fixed times, deadlines scaled to the machine's load), key echo
    left out."""
    keys, expected, before = deal
    plan = tmp_path / "plan.json"
    plan.write_text(json.dumps(sr.plan(keys, expected, before, first=[first])))
    said = spoken_by(home, [], [], **env_extra, _command=sr.command(plan, [str(BIN), *args]))
    late = plan.with_suffix(".late")
    assert late.exists(), "the typist did not run in Orca's terminal"
    return [(c, u) for c, u in said if u.lower() not in KEY_ECHO] + [("late", w) for w in late.read_text().splitlines()]


def test_a_run_the_reader_never_started_is_told_from_one_it_read():
    assert not reader_spoke("+  0.35  CANCEL [spoken-cribbage] SELF\n# sr=orca elapsed=93.5s\n")
    assert reader_spoke("+  0.02  CANCEL [Orca] self\n+  0.02  SPEAK [Orca] return \n")
    assert reader_spoke("+  1.20  SPEAK Speech through Orca.\n")


def test_the_typist_reads_the_speech_log_as_the_tool_writes_it():
    log = (
        "  0.000 READY unix:/tmp/x/ssip.sock\n  4.317 SPEAK [Orca] Screen reader on.\n"
        " 24.500 MARK START\n 25.001 SPEAK [Orca] Speech through Orca.\\nNew game.\\n\n"
        " 25.100 CHAR [Orca] s\n 25.200 CANCEL [Orca] self\n125.300 SPEAK [Orca] The count is 8.\n"
    )
    said = sr.utterances(log)
    assert said == ["Speech through Orca.", "New game.", "The count is 8."]
    assert sr.said_in_order(said, ["Speech through Orca.", "The count is 8."])
    assert not sr.said_in_order(said, ["The count is 8.", "New game."])


def test_default_settings_under_orca_one_voice(tmp_path):
    """No --speech option: Orca is found and is the only voice. Every line is said once, in
    order, by Orca; the game sends speech-dispatcher nothing and plays no speech of its own."""
    deal = arrow_deal()
    keys, expected, _ = deal
    audio = tmp_path / "audio.raw"
    (tmp_path / "asoundrc").write_text(ASOUNDRC.format(out=audio))
    said = orca_said(tmp_path / "sr", deal, ["--seed", "3"], tmp_path, SR_ASOUNDRC=str(tmp_path / "asoundrc"))
    # the deal played with digits, arrows and Enter is read back in order, every line once
    rights = keys.count(RIGHT)
    assert rights >= 1 and any(", card " in line and "playable" in line for line in expected)
    assert [u for _, u in said] == ["Speech through Orca."] + expected
    assert any(u.startswith("Press Enter for ") for _, u in said) and said[-1][1] == "Goodbye."
    assert any(u.startswith("The count is ") for _, u in said)  # c
    assert any(u.startswith("The starter is the ") for _, u in said)  # f
    assert any(u.startswith("Earlier: ") for _, u in said)  # [
    assert {client for client, _ in said} == {"Orca"}  # one voice
    # The file device records only while a stream runs, so cues played one after another sit
    # next to each other in the recording: split at 10 ms of silence. Speech would also show in
    # the total: a deal's sentences are tens of seconds of it.
    played = sounds(audio, gap_s=0.01)
    assert all(s < CUE_LIMIT_S for s in played), f"the game played speech: {played}"
    assert sum(played) < CUE_LIMIT_S * len(said), f"too much sound for cues: {sum(played):.1f} s"


def test_default_settings_under_yasr_one_voice(tmp_path):
    """yasr wraps the game's terminal: found among its parents, it is the only voice."""
    keys = [(3, "s"), (4, "c"), (5, "q"), (6, "y")]
    script = "".join(k + "\n" for _, k in keys)
    env = dict(os.environ, SPOKEN_CRIBBAGE_HOME=str(tmp_path / "ref"))
    out = subprocess.run(
        [str(BIN), "--seed", "3", "--speech", "off"], input=script, capture_output=True, text=True, env=env, timeout=60
    ).stdout
    expected = [line for line in out.splitlines() if line.strip() and not line.startswith("> ")]
    said = [
        (c, u) for c, u in spoken_by(tmp_path / "sr", keys, ["--seed", "3"], reader="yasr") if u.lower() not in KEY_ECHO
    ]
    assert [u for _, u in said] == ["Speech through yasr."] + expected
    assert {client for client, _ in said} == {"yasr"}


def test_quiet_profile_under_orca_one_voice(tmp_path):
    """The quiet profile (issue 25), kept in the settings file: Orca reads every line the game
    prints, once, in order, and nothing else; the other player's cards are not printed, so not
    read, but kept in the history and heard as the game's short cues. Still one voice."""
    from spoken_cribbage.storage import settings as sm

    quiet = sm.with_profile(sm.Settings(), "quiet")
    home = tmp_path / "sr"
    home.mkdir()
    assert sm.save(quiet, home / "settings.toml") is None
    deal = arrow_deal(settings=quiet)
    keys, expected, _ = deal
    same_keys, everything, _ = arrow_deal()
    assert keys == same_keys and len(expected) < len(everything)
    theirs = [line for line in everything if line.startswith("Computer plays")]
    assert theirs and not any(line.startswith("Computer plays") for line in expected)
    audio = tmp_path / "audio.raw"
    (tmp_path / "asoundrc").write_text(ASOUNDRC.format(out=audio))
    said = orca_said(home, deal, ["--seed", "3"], tmp_path, SR_ASOUNDRC=str(tmp_path / "asoundrc"))
    assert [u for _, u in said] == ["Speech through Orca."] + expected
    assert any(u.startswith("You play ") for _, u in said)  # your own moves
    assert {client for client, _ in said} == {"Orca"}  # one voice
    played = sounds(audio, gap_s=0.01)
    assert played and all(s < CUE_LIMIT_S for s in played), f"cues, never speech: {played}"


def test_a_chinese_deal_under_orca_one_voice(tmp_path):
    """Issue 27 item 5: a seeded deal in simplified Chinese (--language zh-Hans) under Orca:
    every line the game prints is given to the speech service once, in order, by Orca alone
    (SSIP_CLIENTS=1 names the client of each utterance), and the game speaks none itself."""
    deal = arrow_deal(language="zh-Hans")
    keys, expected, _ = deal
    assert any(line.startswith("你出") for line in expected)  # the deal is in Chinese
    audio = tmp_path / "audio.raw"
    (tmp_path / "asoundrc").write_text(ASOUNDRC.format(out=audio))
    said = orca_said(
        tmp_path / "sr",
        deal,
        ["--seed", "3", "--language", "zh-Hans"],
        tmp_path,
        first="语音通过 Orca。",
        SR_ASOUNDRC=str(tmp_path / "asoundrc"),
    )
    assert [u for _, u in said] == ["语音通过 Orca。"] + expected
    assert sum(1 for _, u in said if u.startswith("你出")) == sum(1 for line in expected if line.startswith("你出"))
    assert {client for client, _ in said} == {"Orca"}  # one voice
    played = sounds(audio, gap_s=0.01)
    assert all(s < CUE_LIMIT_S for s in played), f"the game played speech: {played}"
