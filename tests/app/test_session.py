"""A seat at the table, driven in-process: commands in, exact lines out."""

import random
import re

import pytest

from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage import settings as settings_mod
from testkit import seated
from testkit.seated import after


class Speaker:
    available = True
    description = "test"

    def __init__(self):
        self.said, self.stops = [], 0

    def say(self, text, *, priority=Priority.NOW):
        self.said.append((text, priority))

    def stop(self):
        self.stops += 1

    def set_rate(self, wpm):
        self.rate = wpm

    def set_volume(self, v):
        self.volume = v

    def set_voice(self, v):
        self.voice = v

    def list_voices(self):
        return []

    def close(self):
        pass


def make(seed=3, **kw):
    sp = Speaker()
    s, out = seated.make(seed, speaker=sp, **kw)
    return s, out, sp


def test_start_announces_the_deal_and_asks_for_the_discard():
    s, out, sp = make()
    assert out[-1] == "Your turn: lay away 2 cards."  # "Deal 1. Your crib." was just said
    assert any(line.startswith("Your hand. Card 1: ace of clubs. Card 2: two of clubs.") for line in out)
    # the events interrupt stale speech; the prompt is queued after them
    assert sp.said and sp.said[-2][1] is Priority.NOW and sp.said[-1][1] is Priority.NORMAL


def test_discard_one_card_at_a_time_then_cancel():
    s, out, _ = make()
    assert after(out, lambda: s.command("discard ace of clubs")) == ["Ace of clubs chosen; choose one more."]
    assert after(out, lambda: s.command("discard 2c 3c")) == [
        "You have already chosen the ace of clubs; choose one more or press Escape."
    ]
    assert after(out, lambda: s.command("cancel")) == ["Choice cleared: choose 2 cards."]
    lines = after(out, lambda: s.command("discard 2c 1"))
    assert lines == ["Use card numbers or card names, not both at once."]
    lines = after(out, lambda: s.command("discard 2c ac"))
    assert lines[0] == "You lay away the two of clubs and ace of clubs."


def test_illegal_play_says_why_and_what_is_allowed_and_changes_nothing():
    s, out, _ = make()
    s.command("1 2")
    while s.table.game.count + 10 <= 31 and s.table.game.to_act == 0:
        # play low cards until a ten would go over 31
        low = min(s.table.game.playable(0), key=lambda c: c.value)
        s.command(f"play {low.short}")
        if s.table.game.phase != g.PLAY:
            pytest.skip("deal ended early for this seed")
    if s.table.game.to_act != 0 or not any(c.value == 10 for c in s.table.game.hands[0]):
        pytest.skip("no over-31 situation with this seed")
    before = (list(s.table.game.hands[0]), s.table.game.count, list(s.table.game.actions))
    ten = next(c for c in s.table.game.hands[0] if c.value == 10)
    [line] = after(out, lambda: s.command(f"play {ten.short}"))
    assert line.startswith(f"You can't play the {ten.name}: the count would be {s.table.game.count + 10}.")
    assert before == (list(s.table.game.hands[0]), s.table.game.count, list(s.table.game.actions))


def test_unknown_card_and_card_not_in_hand():
    s, out, _ = make()
    assert after(out, lambda: s.command("play 11h")) == [
        "'11h' is not a card. Use a number from your hand, or a name like 5h, 10c or 'five of hearts'."
    ]
    line = after(out, lambda: s.command("discard queen of hearts"))[0]
    assert line.startswith("You don't have the queen of hearts. You hold the ace of clubs")
    assert after(out, lambda: s.command("discard 9"))[0] == (
        "There is no card 9. Your cards are numbered 1, 2, 3, 4, 5 and 6."
    )


def test_go_is_refused_while_a_card_fits():
    s, out, _ = make()
    s.command("1 2")
    assert s.table.game.to_act == 0
    line = after(out, lambda: s.command("go"))[0]
    assert line.startswith("You can't say go: you can play the ")


def test_questions_answer_from_the_state():
    s, out, _ = make()
    assert after(out, lambda: s.key("c")) == ["No count yet: the play has not started."]
    assert after(out, lambda: s.key("f")) == ["The starter is not cut yet."]
    assert after(out, lambda: s.key("b")) == ["It is your crib."]
    assert after(out, lambda: s.key("s")) == ["You 0, 121 to go; Computer 0, 121 to go."]
    assert after(out, lambda: s.key("v")) == ["No cards on the table yet."]
    s.command("1 2")
    assert after(out, lambda: s.key("f")) == ["The starter is the king of hearts."]
    assert after(out, lambda: s.key("c"))[0].startswith("The count is ")
    assert after(out, lambda: s.key("z")) == ["The key z does nothing here. Press question mark for help."]


def test_repeat_and_history_walk_back_and_forward():
    s, out, sp = make()
    s.key("b")
    s.key("f")
    assert after(out, lambda: s.key("r")) == ["The starter is not cut yet."]
    assert after(out, lambda: s.key("[")) == ["Earlier: It is your crib."]
    assert after(out, lambda: s.key("]")) == ["Earlier: The starter is not cut yet."]
    assert after(out, lambda: s.key("]")) == ["That is the latest line."]


def test_silence_key_stops_speech_and_every_response_interrupts_stale_speech():
    s, out, sp = make()
    s.key("x")
    assert sp.stops == 1
    s.key("s")
    assert sp.said[-1] == ("You 0, 121 to go; Computer 0, 121 to go.", Priority.NOW)


def test_quit_asks_to_confirm():
    s, out, _ = make()
    assert after(out, lambda: s.key("q")) == ["Quit the game? It is kept, and you can resume it later. Press y or n."]
    assert after(out, lambda: s.command("maybe")) == ["Please answer y for yes or n for no."]
    assert after(out, lambda: s.command("n")) == ["Back to the game."]
    assert not s.quit
    s.key("q")
    s.command("y")
    assert s.quit


def test_settings_changed_in_the_game_are_saved(home):
    s, out, sp = make(hooks=SeatHooks(on_settings=lambda new, name: settings_mod.save(new)))
    assert after(out, lambda: s.command("rate 220")) == ["Rate is now 220."]
    assert sp.rate == 220
    assert after(out, lambda: s.command("verbosity terse")) == ["Verbosity is now terse."]
    assert after(out, lambda: s.command("rate fast"))[0] == (
        "That setting was not changed: rate needs a whole number, not 'fast'."
    )
    loaded, msg = settings_mod.load()
    assert msg is None and loaded.rate == 220 and loaded.verbosity == "terse"


def test_a_whole_game_by_commands_ends_with_a_winner():
    s, out, _ = make(seed=8)
    rng = random.Random(0)
    for _ in range(2000):
        gm = s.table.game
        if gm.phase == g.GAME_OVER:
            break
        if gm.phase == g.DISCARD:
            s.command("1 2")
        elif gm.phase == g.PLAY:
            fits = gm.playable(0)
            s.command(f"play {rng.choice(fits).short}" if fits else "go")
        else:
            s.command("")
    assert s.table.game.phase == g.GAME_OVER
    assert any("wins, " in line or line.startswith("You win, ") for line in out)
    assert re.match(r"(You win|Computer wins), \d+ to \d+", out[-2]) or out[-2].startswith("That is a")
    assert not any(line.startswith("Final score") for line in out)
    assert out[-1] == "Press n for a new game or q to leave."


def test_every_help_line_fits_a_braille_line_in_every_phase():
    # Braille displays show about 80 characters: help is read line by line there.
    from spoken_cribbage.vocabulary import PHASES
    from spoken_cribbage.words.commands import key_lines
    from spoken_cribbage.words.seat import help_lines

    for phase in PHASES:
        for voice in (False, True):
            for count in (1, 2):
                for line in help_lines(phase, key_lines(phase, voice=voice), count):
                    assert len(line) <= 80, line


def test_play_without_a_card_outside_the_play_is_refused_with_the_engines_reason():
    # the seat builds no junk action (Play(seat, None) is refused by its constructor now): the
    # player hears the phase's reason, as before
    s, out, _ = make()
    assert s.table.game.phase == "discard"
    lines = after(out, lambda: s.command("play 2"))  # a place in the hand: no card named
    assert lines == ["You can't play yet: first lay away 2 cards for the crib."]
    assert lines == after(out, lambda: s.command(f"play {s.table.game.hands[0][0].short}"))  # a card named
    assert s.table.game.phase == "discard"
