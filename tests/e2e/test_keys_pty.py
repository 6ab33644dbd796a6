"""Every key answers, in a real pseudo-terminal: keys that type no character, a key pressed while
the game starts, keys typed ahead of a question, and a paste."""

import os
import re
import signal
import time

import pexpect

from testkit import BIN, game_env

F1, UP, DOWN, TAB, DELETE, INSERT, BACKSPACE = ("\x1bOP", "\x1b[A", "\x1b[B", "\t", "\x1b[3~", "\x1b[2~", "\x7f")
DISCARD = r"Your turn: lay away 2 cards\.\r\n"


def spawn(home, *args):
    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--accessible", *args],
        env=game_env(home),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    child.delaybeforesend = None
    return child


def answer(child, keys, pattern):
    """Send ``keys`` in one write and return the lines up to the answer ``pattern``."""
    time.sleep(0.05)  # typed, not pasted: the game waits for keys when they come
    child.send(keys)
    child.expect(pattern)
    return child.before + child.after


def test_keys_that_type_no_character_answer_and_a_paste_is_one_command_line(tmp_path):
    child = spawn(tmp_path, "--seed", "11")
    time.sleep(0.2)
    child.send("c")  # pressed while the game starts
    child.expect(DISCARD)
    opening = child.before
    assert not re.search(r"(^|\n)c\S", opening), opening  # no stray letter glued to a line
    assert answer(child, TAB, r"\r\n") == "No count yet: the play has not started.\r\n"
    assert answer(child, TAB, r"\r\n") == "Tab does nothing here. Press question mark for help.\r\n"
    answer(child, DELETE, r"Delete does nothing here\. Press question mark for help\.\r\n")
    answer(child, BACKSPACE, r"Backspace does nothing here\. Press question mark for help\.\r\n")
    help_text = answer(child, F1, r"Slash opens a command line[^\r\n]*\r\n")
    assert help_text.startswith("Lay away 2 cards") and "Up and Page Up are like left bracket." in help_text
    answer(child, UP, r"Earlier: [^\r\n]*\r\n")
    answer(child, DOWN, r"(Earlier: [^\r\n]*|That is the latest line\.)\r\n")
    # Insert is the screen reader's own key: no answer at all
    assert answer(child, INSERT + "t", r"\r\n").startswith("Your turn: lay away 2 cards")
    # q and y typed at once: the y came before the question and does not answer it
    answer(child, "qy", r"Quit the game\? [^\r\n]*\r\n")
    assert answer(child, "n", r"\r\n") == "Back to the game.\r\n"
    # a paste with no slash is a command line, not five shortcuts
    assert answer(child, "count", r"count") == "Command.\r\ncount"
    assert answer(child, "\r", r"No count yet[^\r\n]*\r\n") == ("\r\nNo count yet: the play has not started.\r\n")
    lines = answer(child, "1 2\r", r"Your turn[^\r\n]*\r\n")
    assert lines.startswith("Command.\r\n1 2\r\nYou lay away the ")
    # pasted lines run one by one; a line after one that asks to quit never answers it
    lines = answer(child, "quit\ry\r", r"Quit the game\? [^\r\n]*\r\n")
    assert lines.startswith("Command.\r\nquit\r\nQuit the game? ")
    assert answer(child, "n", r"\r\n") == "Back to the game.\r\n"
    child.sendcontrol("c")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


def test_a_key_typed_before_the_resume_question_does_not_answer_it(tmp_path):
    child = spawn(tmp_path, "--new", "--seed", "12")
    child.expect(DISCARD)
    answer(child, "q", r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
    # typed ahead, while the game starts: the game is held (SIGSTOP) from the moment it is
    # spawned while the key is sent, so the key surely comes before the question (a sleep of
    # 0.2 s did not: the question can come sooner, and the key then answered it rightly)
    child = spawn(tmp_path)
    os.kill(child.pid, signal.SIGSTOP)
    child.send("y")
    time.sleep(0.1)
    os.kill(child.pid, signal.SIGCONT)
    child.expect(r"Resume\? y/n\r\n")
    assert child.expect([r"Game resumed", pexpect.TIMEOUT], timeout=1.5) == 1
    child.send("n")
    child.expect(r"A new game begins[.;]")  # ". The old one is kept as ..." or "; the old one will be replaced."
    child.expect(DISCARD)
    # leave as a player does, a key at a time (two Ctrl-C at once: tests/e2e/test_startup_ctrl_c.py)
    answer(child, "q", r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)
