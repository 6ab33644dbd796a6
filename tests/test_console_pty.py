"""The real game in a real pseudo-terminal: a scripted player reads the screen and plays to the end."""

import re
import sys

import pexpect
import pytest

from conftest import BIN, game_env

WAITS = [
    r"Your turn: lay away 2 cards[^\r\n]*\r\n",
    r"Your turn(?:\. Count \d+)?\.\r\n",
    r"Your turn\. Count \d+\. No card fits: say go\.\r\n",
    r"Press Enter for [^\r\n]*\r\n",
    r"Final score: [^\r\n]*\r\n",
]
ESC = re.compile(rb"\x1b")


def spawn(home, *args, **env):
    child = pexpect.spawn(str(BIN), ["--speech", "off", *args], env=game_env(home, **env),
                          encoding="utf-8", timeout=60, dimensions=(50, 200))
    raw = bytearray()
    child.logfile_read = _Raw(raw)
    return child, raw


class _Raw:
    def __init__(self, buf):
        self.buf = buf

    def write(self, s):
        self.buf.extend(s.encode("utf-8"))

    def flush(self):
        pass


def ask(child, key, pattern):
    """Press a shortcut key (no Enter) and wait for its answer line."""
    child.send(key)
    child.expect(pattern)
    return child.after


def play_whole_game(child):
    """Play by reading the screen: discard cards 1 and 2, play the first playable card."""
    answered = False
    transcript = []
    deals = 0
    while True:
        i = child.expect(WAITS, timeout=90)
        transcript.append(child.before + child.after)
        if i == 0:
            deals += 1
            child.sendline("1 2")
        elif i == 1:
            if not answered:
                answered = True
                check_shortcuts(child)
            child.send("h")
            child.expect(r"Your hand\. Card \d+: ([^.]*)\.(?:[^\r\n]*\r\n)+?(All of them can be played|Playable: ([^.,]*))")
            first = child.match.group(3) or child.match.group(1)
            child.sendline(f"play {first}")
        elif i == 2:
            child.sendline("go")
        elif i == 3:
            child.sendline("")
        else:
            return "".join(transcript), deals


def check_shortcuts(child):
    assert re.search(r"The count is \d+", ask(child, "c", r"The count is [^\r\n]*\r\n"))
    ask(child, "b", r"It is (your|Computer's) crib\.\r\n")
    ask(child, "f", r"The starter is the \w+ of \w+\.\r\n")
    ask(child, "v", r"This series: [^\r\n]*Played this hand, you: [^\r\n]*\r\n")
    ask(child, "s", r"You \d+, \d+ to go; Computer \d+, \d+ to go\.\r\n")
    ask(child, "t", r"Your turn\. Count \d+\.\r\n")
    ask(child, "h", r"Your hand\. Card \d+: [^\r\n]*\r\n")
    ask(child, "r", r"Your hand\. Card \d+: [^\r\n]*\r\n")          # repeat says the last line again
    ask(child, "?", r"Keys, no Enter: [^\r\n]*\r\n")
    ask(child, "[", r"\r\n")                              # history back
    ask(child, "]", r"\r\n")
    ask(child, "q", r"Quit the game\? [^\r\n]*\r\n")
    ask(child, "n", r"Back to the game\.\r\n")
    child.sendline("play 5h 3")
    child.expect(r"Use card numbers or card names, not both at once\.")
    child.sendline("zogus")
    child.expect(r"I don't know 'zogus'\. Type help")
    child.sendline("hint")     # 'h' answers at once; the rest of the word still makes 'hint'
    child.expect(r"Your hand\. [^\r\n]*\r\n")
    child.expect(r"(No hint right now|Play|Keep|Lead)[^\r\n]*\r\n")
    child.send("t")
    child.expect(r"Your turn\. Count \d+\.\r\n")


@pytest.mark.parametrize("mode", ["accessible", "no_color", "dumb"])
def test_seeded_game_plays_to_the_end_in_a_pty_with_no_escape_codes(tmp_path, mode):
    args, env = [], {}
    if mode == "accessible":
        args = ["--accessible"]
    elif mode == "no_color":
        env = {"NO_COLOR": "1"}
    else:
        env = {"TERM": "dumb"}
    child, raw = spawn(tmp_path, "--seed", "11", *args, **env)
    child.expect("New game to 121 points against Computer.")
    text, deals = play_whole_game(child)
    assert deals >= 5
    assert re.search(r"(You win|Computer wins), \d+ to \d+", text)
    assert "The starter is the" in text
    assert re.search(r"(Your|Computer's) hand: [^\r\n]*\r\n([^\r\n]* is [\w-]+\.|Nineteen: no points)",
                     text)
    assert re.search(r"Your crib: |Computer's crib: ", text)
    assert "Fifteen two" in text
    assert ESC.search(bytes(raw)) is None, "escape sequence in plain output"
    # Lines are only ever appended: no carriage-return rewrites, no backspaces (nothing was erased).
    assert b"\r\r" not in raw and b"\x08" not in raw
    child.sendline("q")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)


def test_backspace_erases_typed_text_without_escape_codes(tmp_path):
    child, raw = spawn(tmp_path, "--seed", "11", "--accessible")
    child.expect(WAITS[0])
    child.send("9")
    child.send("\x7f")
    child.sendline("1 2")
    child.expect("You lay away the")
    assert ESC.search(bytes(raw)) is None
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.send("y")
    child.expect(pexpect.EOF)


def test_colour_only_decorates_when_allowed(tmp_path):
    child, raw = spawn(tmp_path, "--seed", "11")
    text, _ = play_whole_game(child)
    assert ESC.search(bytes(raw)) is not None  # scores in bold on a colour terminal
    child.sendline("q")
    child.send("y")
    child.expect(pexpect.EOF)


def test_piped_output_has_no_escape_codes_even_on_a_colour_terminal(tmp_path):
    import subprocess
    env = game_env(tmp_path)  # TERM=xterm-256color, no NO_COLOR, no ACCESSIBLE
    res = subprocess.run([str(BIN), "--seed", "11", "--speech", "off"], input=b"1 2\nc\ns\nh\n",
                         capture_output=True, env=env, timeout=60)
    assert res.returncode == 0
    assert b"You 0, 121 to go; Computer 0, 121 to go." in res.stdout
    assert ESC.search(res.stdout) is None and b"\r" not in res.stdout
