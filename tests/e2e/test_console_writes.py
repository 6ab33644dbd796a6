"""Each answer reaches the terminal as one write.

Orca reads a terminal's new text from where the insertion began up to the cursor. An answer
written line by line could land in two pieces, the second arriving while Orca still read the
first: Orca then spoke the second piece twice (seen in CI under load: five lines of the opening
said again). The game now collects the lines of one answer (the opening, a key, a command, a
timer) and writes them at once. Here the game runs in a pseudo-terminal with its standard output
wrapped to log every write() call."""

import sys

import pexpect

from testkit import game_env

WRAPPER = r"""
import sys
log = open(sys.argv.pop(1), "a", encoding="utf-8")
class Logged:
    def __init__(self, s): self.s = s
    def write(self, t):
        log.write(repr(t) + "\n"); log.flush()
        return self.s.write(t)
    def __getattr__(self, name): return getattr(self.s, name)
sys.stdout = Logged(sys.stdout)
from spoken_cribbage.app.cli import main
sys.exit(main(sys.argv[1:]))
"""


def writes(log) -> list[str]:
    import ast

    return [ast.literal_eval(line) for line in log.read_text().splitlines() if line.strip()]


def test_the_opening_and_each_key_answer_are_one_write_each(tmp_path):
    log = tmp_path / "writes.log"
    child = pexpect.spawn(
        sys.executable,
        ["-c", WRAPPER, str(log), "--speech", "off", "--seed", "3", "--accessible"],
        env=game_env(tmp_path / "home"),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    child.expect(r"Your turn: lay away 2 cards\.\r\n")
    child.send("1")
    child.expect(r"choose one more\.\r\n")
    child.send("2")
    child.expect(r"to confirm\.\r\n")
    child.send("\r")
    child.expect(r"Your turn\.\r\n")
    child.send("q")
    child.expect(r"Press y or n\.\r\n")
    child.send("y")
    child.expect(pexpect.EOF)
    w = writes(log)
    opening = [t for t in w if "New game to 121" in t]
    assert len(opening) == 1, w
    assert "Your turn: lay away 2 cards." in opening[0] and "Deal 1." in opening[0]
    # Enter laid the cards away, the starter was cut and the computer led: one write
    enter = [t for t in w if "You lay away the" in t]
    assert len(enter) == 1 and "The starter is" in enter[0] and enter[0].endswith("Your turn."), w
    # the last line's newline follows on its own (app.console.LineWriter: the cursor at the end
    # of the answer while the terminal reports it), or in front of the next answer
    after = w[w.index(enter[0]) + 1]
    assert after == "\n" or after.startswith("\n"), w
    assert w[-1].endswith("\n"), w  # the last line ended before the shell's prompt


def test_a_line_written_while_keys_are_read_ends_at_the_cursor_until_its_newline_is_due():
    """Orca reads the answer to an arrow only when it ends at the cursor (LineWriter)."""
    import io
    import time

    from spoken_cribbage.app import console

    out = io.StringIO()
    writer = console.LineWriter(out, plain=True, screen=lambda: (80, 24))
    writer.line("before keys")
    writer.raw = True
    writer.line("Three of clubs, card 3, playable.")
    assert out.getvalue() == "before keys\nThree of clubs, card 3, playable."
    writer.line("Five of clubs, card 4, playable.")  # before the newline was due: in front
    assert out.getvalue().endswith("playable.\nFive of clubs, card 4, playable.")
    deadline = time.monotonic() + 10
    while not out.getvalue().endswith("\n") and time.monotonic() < deadline:
        time.sleep(0.01)
    assert out.getvalue().endswith("Five of clubs, card 4, playable.\n")
    writer.line("Ten of hearts, card 5, playable.")
    writer.raw = False  # keys no longer read: the newline at once
    assert out.getvalue().endswith("\nTen of hearts, card 5, playable.\n")
    assert "\n\n" not in out.getvalue()


def test_once_the_screen_is_full_a_line_ends_with_its_newline_again():
    """At the screen's last row the terminal scrolls: the line and its newline are reported
    together, ending at the cursor; a newline in front would make Orca read the line above
    again (LineWriter)."""
    import io

    from spoken_cribbage.app import console

    out = io.StringIO()
    writer = console.LineWriter(out, plain=True, screen=lambda: (20, 6))
    writer.line("one")
    writer.line("a line of forty columns, two rows here.")  # wraps: 2 rows
    writer.raw = True
    writer.line("four")
    assert out.getvalue().endswith("\nfour")  # 3 rows written of 6: the cursor waits
    writer.line("five")
    writer.line("six")
    assert out.getvalue().endswith("\nsix")  # 5 rows
    writer.line("seven")  # the 6th row: the screen is full after it
    writer.line("eight")
    assert out.getvalue().endswith("\nseven\neight\n")
    writer.line("nine")
    assert out.getvalue().endswith("\neight\nnine\n")
    writer.raw = False
    assert not console.LineWriter(io.StringIO(), plain=True).screen()  # not a terminal


def test_width_counts_wide_characters_twice_and_no_escape_sequence():
    from spoken_cribbage.app.console import wcswidth

    assert wcswidth("你好") == 4 and wcswidth("\x1b[1mab\x1b[0m") == 2
