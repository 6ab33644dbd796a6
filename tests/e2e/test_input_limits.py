"""Input that means nothing does nothing (issue 23, item 5): a line that reduces to nothing is
refused with a sentence (only a truly empty Enter keeps its meaning), and a line is cut early:
read in bounded chunks, said to be too long, its rest dropped."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time

import pytest

from spoken_cribbage.app.lineinput import LINE_LIMIT, read_bounded
from spoken_cribbage.engine import game as g
from spoken_cribbage.vocabulary import CommandError, parse_command
from testkit import BIN, game_env
from testkit.robust_support import feed, human_line
from testkit.seated import make

NOTHING = ["((", "\x00\x00", "\x00", "\u200b", "\ufffd\ufffd", ".", "!!", "\u202e", "\x1b"]
REFUSED = "That line has no word in it: nothing was done."
#: Runs the command given and writes its peak memory (kB) as the last line of stderr.
MEASURED = (
    "import resource, subprocess, sys; subprocess.run(sys.argv[1:], stderr=subprocess.STDOUT); "
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)"
)


@pytest.mark.parametrize("text", NOTHING)
def test_a_line_that_reduces_to_nothing_is_refused_not_taken_as_next(text):
    with pytest.raises(CommandError) as e:
        parse_command(text)
    assert e.value.code == "command.nothing_readable"


def test_enter_alone_and_the_question_mark_keep_their_meaning():
    assert parse_command("").verb == "next"
    assert parse_command("   ").verb == "next"
    assert parse_command("?").verb == "help"


def test_at_the_end_of_a_deal_such_lines_never_deal_the_next_hand():
    s, out = make(seed=11)
    gm = s.table.game
    while gm.phase != g.DEAL_OVER:
        mine = [a for a in gm.legal_actions() if getattr(a, "seat", 0) == 0]
        feed(s, human_line(mine[0]) if mine else "")
    deal = gm.deal_number
    for text in NOTHING:
        n = len(out)
        feed(s, text)
        assert gm.phase == g.DEAL_OVER and gm.deal_number == deal, repr(text)
        if len(text) == 1 and text.isprintable():  # a piped single key: that key's answer
            assert out[n:] == ["The key . does nothing here. Press question mark for help."]
        else:
            assert out[n:] == [REFUSED], (repr(text), out[n:])
    feed(s, "")  # Enter alone: the next deal
    assert gm.deal_number == deal + 1


def test_read_bounded_cuts_a_long_line_and_drops_its_rest():
    stream = io.StringIO("a" * (LINE_LIMIT * 300) + "\nnext line\n" + "b" * LINE_LIMIT + "\n")
    assert read_bounded(stream) == ("a" * LINE_LIMIT, True)
    assert read_bounded(stream) == ("next line\n", False)
    assert read_bounded(stream) == ("b" * LINE_LIMIT + "\n", False)  # exactly the limit
    assert read_bounded(stream) == ("", False)


def test_a_30_mb_piped_line_takes_little_memory_and_time_and_is_refused(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"1\n" + b"x" * (30 * 1024 * 1024) + b"\n2\n")
    started = time.monotonic()
    # The game's peak memory, measured by a small wrapper process that starts it: Linux keeps
    # a process's peak across exec, so a game started straight from this (large) test process
    # would report this process's size, not its own.
    with open(big, "rb") as f:
        p = subprocess.Popen(
            [sys.executable, "-c", MEASURED, str(BIN), "--speech", "off", "--cues", "off", "--seed", "3"],
            stdin=f,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=game_env(tmp_path),
        )
        out, err = p.communicate()
    elapsed = time.monotonic() - started
    maxrss = int(err.decode().strip().splitlines()[-1])
    text = out.decode()
    assert "That line was too long, over 1000 characters: nothing was done." in text
    assert "Lay away the ace of clubs and two of clubs? Enter to confirm." in text  # went on
    assert len(out) < 5000  # the long line is not echoed whole
    # Before: the whole line in memory several times (1.1 GB for 100 MB). Now a few chunks.
    assert maxrss < 150 * 1024, maxrss  # kilobytes
    assert elapsed < 60


def test_a_paste_on_the_command_line_is_cut_at_the_limit_and_dropped(tmp_path):
    import pexpect

    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--cues", "off", "--seed", "3"],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
    )
    child.expect(r"Your turn: lay away 2 cards")
    child.send("/")
    child.expect(r"Command\.\r\n")
    child.delaybeforesend = None
    started = time.monotonic()
    chunk = "play five of hearts " * 205
    seen = []
    for _ in range(256):  # 1 MB pasted; what the game writes is read meanwhile (no deadlock)
        child.send(chunk)
        seen.append(drain(child, 0))
    full = "The command line is full: 1000 characters."
    if full not in "".join(seen):
        child.expect(re.escape(full), timeout=10)
    seen.append(drain(child))
    assert len("".join(seen)) < 5000  # the paste is not echoed whole
    child.send("\r")
    child.expect(r"That line was too long, over 1000 characters: nothing was done\.\r\n")
    assert time.monotonic() - started < 15  # was 68 s: 1 MB parsed and echoed key by key
    child.send("h")  # the next key is a shortcut again, answered at once
    child.expect(r"Card 1: ")
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
    assert "Traceback" not in child.before


def drain(child, wait: float = 0.05) -> str:
    import pexpect

    got = []
    while True:
        try:
            got.append(child.read_nonblocking(65536, timeout=wait))
        except (pexpect.TIMEOUT, pexpect.EOF):
            return "".join(got)
