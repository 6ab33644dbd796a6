"""The prompt is the last line: every line of an answer comes before what the game waits for,
and a line that arrives on its own later is followed by the prompt again."""

import pexpect

from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage.stats import DealRecord, StatsDB
from spoken_cribbage.words.announce import Line
from testkit import BIN, game_env
from testkit.seated import after, make

HOME, RIGHT = "\x1b[H", "\x1b[C"


def seated(seed=3, **kw):
    return make(seed, **kw)


def play_out_deal(s):
    s.command("1 2")
    for _ in range(20):
        if s.table.game.phase != g.PLAY:
            break
        s.command("play " + s.table.game.observation(s.me).playable[0].short)


def test_a_line_said_after_the_deal_end_prompt_goes_before_it():
    """A milestone said with the show (the keeper speaks after the events) comes before
    'Press Enter for ...'."""

    def milestone(session, events):
        if any(isinstance(e, g.DealEnded) for e in events):
            session.output.say([Line.same("Your best hand yet: 12.")], priority=Priority.NORMAL)

    s, out = seated(hooks=SeatHooks(on_change=milestone))
    play_out_deal(s)
    assert s.table.game.phase == g.DEAL_OVER
    assert out[-2:] == ["Your best hand yet: 12.", "Press Enter for Computer's deal."]


def test_a_line_that_arrives_on_its_own_is_followed_by_the_prompt_again():
    s, out = seated()
    prompt = out[-1]
    with s.output.answer(unprompted=True):
        s.output.tell("No microphone found: voice is off. Keyboard play goes on.", "voice")
    assert out[-2:] == [
        "No microphone found: voice is off. Keyboard play goes on.",
        "Your turn: lay away 2 cards for your crib.",
    ]
    assert prompt == "Your turn: lay away 2 cards."
    # an answer to the player's own key is not followed by the prompt
    assert after(out, lambda: s.key("c")) == ["No count yet: the play has not started."]


def test_repeat_after_the_computers_card_says_the_card_and_the_count_again():
    s, out = seated()
    s.command("1 2")
    while s.table.game.phase == g.PLAY and s.table.game.to_act == 0:
        block = after(out, lambda: s.command("play " + s.table.game.observation(s.me).playable[0].short))
        if any(line.startswith("Computer plays") for line in block):
            break
    computers = [line for line in block if line.startswith("Computer plays")]
    assert computers and block[-1].startswith("Your turn")
    again = after(out, lambda: s.key("r"))
    assert computers[-1] in again and again[-1] == block[-1]


def test_in_a_terminal_the_milestone_comes_before_the_prompt(tmp_path):
    """The real game in a pty: 'Your best hand yet' (the statistics know a best hand of 0)
    comes before 'Press Enter for ...', and nothing follows the prompt."""
    db = StatsDB(tmp_path / "stats.sqlite3")
    assert db.open() is None
    db.record_deals("earlier", [DealRecord(1, 0, None, 0)])
    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--seed", "1", "--new", "--difficulty", "standard"],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    child.expect(r"Your turn: lay away 2 cards[^\r\n]*\r\n")
    child.send("1")
    child.expect(r"choose one more\.\r\n")
    child.send("2")
    child.expect(r"to confirm\.\r\n")
    child.send("\r")
    while child.expect([r"Your turn\b[^\r\n]*\r\n", r"Press Enter[^\r\n]*\r\n"]) == 0:
        child.send(HOME)
        for _ in range(6):
            child.expect(r", card \d+( of \d+)?, (playable|not playable)\.\r\n")
            if child.match.group(2) == "playable":
                break
            child.send(RIGHT)
        child.send("\r")
    assert "Your best hand yet: 8." in child.before
    assert child.expect([r"\S", pexpect.TIMEOUT], timeout=1.5) == 1  # nothing after the prompt
    child.send("q")
    child.close(force=True)


def test_a_voice_notice_or_result_of_its_own_is_followed_by_the_prompt():
    from types import SimpleNamespace

    from spoken_cribbage.app.handsfree import SORRY, HandsFree
    from spoken_cribbage.notice import Notice

    s, out = seated()
    hf = HandsFree(s, engine="pocketsphinx", recognizer=object(), audio_source=lambda: iter(()))
    hf._message(Notice("voice.no_microphone"))
    assert out[-2:] == [
        "No microphone found: voice is off. Keyboard play goes on.",
        "Your turn: lay away 2 cards for your crib.",
    ]
    hf._heard(SimpleNamespace(accepted=False, command=None))
    assert out[-2:] == [SORRY, "Your turn: lay away 2 cards for your crib."]
    n = len(out)
    hf._message(Notice("voice.listening"))  # the answer to the player's own listen key
    assert out[n:] == ["Listening."]


def test_the_cues_command_paced_by_the_timer_ends_with_the_prompt_again():
    s, out = seated()
    pending = []
    s.runner.timer = lambda delay, fn: pending.append(fn) or (lambda: None)
    s.command("cues")
    while pending:
        pending.pop(0)()
    assert out[-2:] == [
        "With /count tone on, a short tone after each card rises with the count, from 0 to 31.",
        "Your turn: lay away 2 cards for your crib.",
    ]
