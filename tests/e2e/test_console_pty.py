"""The real game in a real pseudo-terminal: a scripted player reads the screen and plays to the end."""

import re

import pexpect
import pytest

from testkit import BIN, game_env

WAITS = [
    r"Your turn: lay away 2 cards[^\r\n]*\r\n",
    r"Your turn\b[^\r\n]*\r\n",
    r"Press Enter[^\r\n]*\r\n",
    r"Press n for a new game or q to leave\.\r\n",
]
RIGHT, HOME = "\x1b[C", "\x1b[H"
CURSOR = r"[A-Z][a-z]+ of [a-z]+, card \d+( of \d+)?, (playable|not playable)\.\r\n"
ESC = re.compile(rb"\x1b")


def spawn(home, *args, **env):
    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", *args],
        env=game_env(home, **env),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
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


def play_whole_game(child, check=True):
    """Play with digits, arrows and Enter only, reading the screen: lay away cards 1 and 2; in
    the play, Home, then Right until the card under the cursor is playable, then Enter."""
    answered = not check
    transcript = []
    deals = 0
    while True:
        i = child.expect(WAITS, timeout=90)
        transcript.append(child.before + child.after)
        if i == 0:
            deals += 1
            child.send("1")
            child.expect(r"chosen; choose one more\.\r\n")
            child.send("2")
            child.expect(r"Enter[^\r\n]* to confirm\.\r\n")
            child.send("\r")
        elif i == 1:
            if not answered:
                answered = True
                check_shortcuts(child)
            child.send(HOME)
            for _ in range(6):
                child.expect(CURSOR)
                if child.match.group(2) == "playable":
                    break
                child.send(RIGHT)
            child.send("\r")
        elif i == 2:
            child.send("\r")
        else:
            return "".join(transcript), deals


def check_shortcuts(child):
    assert re.search(r"The count is \d+", ask(child, "c", r"The count is [^\r\n]*\r\n"))
    ask(child, "b", r"It is (your|Computer's) crib\.\r\n")
    ask(child, "f", r"The starter is the \w+ of \w+\.\r\n")
    ask(child, "v", r"This series: [^\r\n]*Played this hand, you: [^\r\n]*\r\n")
    ask(child, "s", r"You \d+, \d+ to go; Computer \d+, \d+ to go\.\r\n")
    ask(child, "t", r"Your turn[^\r\n]*\r\n")
    ask(child, "h", r"Card \d+: [^\r\n]*\r\n")
    ask(child, "r", r"Card \d+: [^\r\n]*\r\n")  # repeat says the last answer again
    ask(child, "?", r"Keys: [^\r\n]*\r\n")
    ask(child, "[", r"Earlier: [^\r\n]*\r\n")  # history back, marked as earlier
    ask(child, "]", r"\r\n")
    ask(child, "z", r"The key z does nothing here\.[^\r\n]*\r\n")
    ask(child, "q", r"Quit the game\? [^\r\n]*\r\n")
    ask(child, "n", r"Back to the game\.\r\n")
    command(child, "play 5h 3", r"Use card numbers or card names, not both at once\.")
    command(child, "zogus", r"I don't know 'zogus'\. ")
    command(child, "hint", r"(No hint right now|Play|Keep|Lead)[^\r\n]*\r\n")
    child.send("t")
    child.expect(r"Your turn[^\r\n]*\r\n")


def command(child, text, pattern):
    """Slash, the text, Enter: the command line."""
    child.send("/")
    child.expect(r"Command\.\r\n")
    child.send(text)
    child.send("\r")
    child.expect(re.escape(text) + r"\r\n")
    child.expect(pattern)
    return child.before + child.after


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
    assert re.search(r"(Your|Computer's) hand: [^\r\n]*\r\n([^\r\n]* is [\w-]+\.|Nineteen: no points)", text)
    assert re.search(r"Your crib: |Computer's crib: ", text)
    assert "Fifteen two" in text
    assert ESC.search(bytes(raw)) is None, "escape sequence in plain output"
    # Lines are only ever appended: no carriage-return rewrites, no backspaces (nothing was erased).
    assert b"\r\r" not in raw and b"\x08" not in raw
    child.send("q")
    child.expect(r"Goodbye\.\r\n")  # the game is over: nothing to keep, nothing to ask
    child.expect(pexpect.EOF)
    assert "kept" not in child.before


def test_backspace_erases_typed_text_without_escape_codes(tmp_path):
    child, raw = spawn(tmp_path, "--new", "--seed", "11", "--accessible")  # kept: --new
    child.expect(WAITS[0])
    child.send("/")
    child.expect(r"Command\.\r\n")
    child.send("discard 9")
    child.send("\x7f")
    child.send("1 2\r")
    child.expect("You lay away the")
    assert ESC.search(bytes(raw)) is None
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.sendcontrol("c")  # twice in a row: quit at once, the game is kept
    child.expect(r"Goodbye\. Your game is kept\.")
    child.expect(pexpect.EOF)


def test_escape_cancels_the_command_line_and_nothing_typed_is_lost(tmp_path):
    child, raw = spawn(tmp_path, "--seed", "11", "--accessible")
    child.expect(WAITS[0])
    child.send("/")
    child.expect(r"Command\.\r\n")
    child.send("quit")
    child.send("\x1b")
    child.expect(r"Cancelled\.\r\n")
    command(child, "queen of hearts", r"You don't have the queen of hearts\.")
    child.sendcontrol("c")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)


def test_colour_only_decorates_when_allowed(tmp_path):
    child, raw = spawn(tmp_path, "--seed", "11")
    text, _ = play_whole_game(child, check=False)
    assert ESC.search(bytes(raw)) is not None  # scores in bold on a colour terminal
    child.send("q")
    child.expect(pexpect.EOF)


def test_piped_output_has_no_escape_codes_even_on_a_colour_terminal(tmp_path):
    import subprocess

    env = game_env(tmp_path)  # TERM=xterm-256color, no NO_COLOR, no ACCESSIBLE
    res = subprocess.run(
        [str(BIN), "--seed", "11", "--speech", "off"], input=b"1 2\nc\ns\nh\n", capture_output=True, env=env, timeout=60
    )
    assert res.returncode == 0
    assert b"You 0, 121 to go; Computer 0, 121 to go." in res.stdout
    assert ESC.search(res.stdout) is None and b"\r" not in res.stdout


#: The answers single letter keys give: none may appear for a line typed after slash, unless
#: the line is that very command.
LETTER_ANSWERS = {
    "count": r"The count is|No count yet",
    "crib": r"It is (your|Computer's) crib",
    "starter": r"The starter is",
    "table": r"No cards on the table|This series",
    "scores": r"\d+ to go",
    "turn": r"Your turn|Waiting for",
    "hand": r"Your hand\.",
    "help": r"Keys: ",
    "quit": r"Quit the game\?",
    "hint": r"Keep [^\r\n]*; lay away",
}


def vocabulary_lines():
    """Every command of the phrase table (spoken and typed forms), every card by name and code,
    with and without its verb, and the card phrases of a hand."""
    from spoken_cribbage.engine.cards import DECK
    from spoken_cribbage.vocabulary import PHRASES, SETTINGS

    lines = []
    for entry in PHRASES:
        if entry.verb in ("quit", "listen", "check"):
            continue  # said at the end (quit), or needs voice (listen says it is off; the
            #            mic check listens in the background: tests/voice/test_voice_check.py)
        lines += [f for f in (*entry.spoken, *entry.typed) if len(f) > 1]
    lines += ["rate 200", "verbosity normal", "difficulty expert", "volume 1"]
    assert set(SETTINGS) >= {"rate", "verbosity", "difficulty", "volume"}
    for card in DECK:
        lines += [card.name, f"play {card.name}", card.short.lower(), f"discard {card.short.lower()}"]
    lines += [
        "play the king",
        "card two",
        "third card",
        "the second card",
        "discard card six",
        "what's the score",
        "queen of hearts",
        "qd",
        "quit",
    ]
    return lines


def test_every_typed_command_runs_whole_with_no_shortcut_answer(tmp_path):
    from spoken_cribbage.vocabulary import CommandError, parse_command

    child, raw = spawn(tmp_path, "--seed", "11", "--accessible")
    child.delaybeforesend = None
    child.expect(WAITS[0])
    lines = vocabulary_lines()
    for text in lines:
        # slash, the words, Enter; then "/cancel" clears a card chosen and closes the answer
        child.send("/" + text + "\r" + ("/cancel\r" if text != "quit" else ""))
        child.expect(r"Command\.\r\n" + re.escape(text) + r"\r\n")  # echoed exactly as typed
        if text == "quit":
            child.expect(r"Quit the game\?[^\r\n]*\r\n")
            break
        child.expect(r"Command\.\r\ncancel\r\n(Choice cleared[^\r\n]*|Nothing to cancel\.)\r\n")
        answer = child.before
        try:
            verb = parse_command(text).verb
        except CommandError:
            verb = "card"
        for what, pattern in LETTER_ANSWERS.items():
            if what == verb:
                continue
            # a shortcut's answer is a line of its own (a refusal may mention the turn inside)
            assert not re.search(r"^(" + pattern + ")", answer, re.M), (text, what, answer)
    assert len(lines) > 280
    child.send("y")
    child.expect(pexpect.EOF)
