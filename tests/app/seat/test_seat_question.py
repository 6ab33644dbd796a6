"""The Question stage (spoken_cribbage.app.seat.question): the open yes/no question as a typed
state, and the one list of yes/no words, taken from the vocabulary. The state and the words
are tested alone; the last tests check that every yes/no word of the vocabulary answers every
yes/no question the program asks: the game's three (typed, spoken, by key) and the resume
question before the game (lines and single keys)."""

import io

import pytest

from spoken_cribbage.app import console, keyloop
from spoken_cribbage.app.seat import question as q
from spoken_cribbage.app.seat.question import (
    ANSWER_VERBS,
    CANCEL_WORDS,
    NEW_GAME_WORDS,
    NO_WORDS,
    NOT_ANSWERED_AHEAD,
    RESUME_WORDS,
    YES_WORDS,
    Asking,
    Question,
    key_answer,
    key_leaves,
    yes_or_no,
)
from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import PHRASES
from spoken_cribbage.words.seat import phrase
from testkit.seated import after, make

BACK = phrase("back_to_game")
ANSWER_Y_OR_N = phrase("answer_y_or_n")


def vocabulary_forms(verb):
    """The forms the phrase table gives ``verb`` (read here without the module's helper)."""
    (p,) = [p for p in PHRASES if p.verb == verb]
    return {p.verb, *p.spoken, *p.typed} | ({p.key} if p.key else set())


# ------------------------------------------------------------------ the one list of words


def test_the_yes_and_no_words_are_the_vocabularys():
    assert YES_WORDS == vocabulary_forms("yes") >= {"y", "yes", "yeah", "yes please"}
    assert NO_WORDS == vocabulary_forms("no") >= {"n", "no", "no thanks"}
    assert vocabulary_forms("cancel") == CANCEL_WORDS
    assert not YES_WORDS & NO_WORDS
    assert ANSWER_VERBS == ("yes", "no", "cancel")
    assert "n" not in NEW_GAME_WORDS and {"new", "new game"} <= NEW_GAME_WORDS


@pytest.mark.parametrize("word", sorted(YES_WORDS))
def test_every_yes_word_is_yes_however_typed(word):
    for text in (word, word.upper(), f"  {word.capitalize()}. ", word.replace(" ", "   ") + "!"):
        assert yes_or_no(text) is True and yes_or_no(text, cancel=False) is True


@pytest.mark.parametrize("word", sorted(NO_WORDS))
def test_every_no_word_is_no_however_typed(word):
    for text in (word, word.upper(), f"  {word.capitalize()}. ", word.replace(" ", "   ") + "!"):
        assert yes_or_no(text) is False and yes_or_no(text, cancel=False) is False


def test_cancel_is_no_in_the_game_and_nothing_where_it_is_not_offered():
    assert yes_or_no("cancel") is False and yes_or_no("Cancel.") is False
    assert yes_or_no("cancel", cancel=False) is None


def test_anything_else_is_no_answer_and_choices_are_the_questions_own():
    for text in ("", "yess", "maybe", "play 5h", "y n", "quit", "new game", "resume"):
        assert yes_or_no(text) is None
    assert yes_or_no("Resume", yes=RESUME_WORDS, no=NEW_GAME_WORDS) is True
    assert yes_or_no("new game", yes=RESUME_WORDS, no=NEW_GAME_WORDS) is False
    assert yes_or_no("new game", yes=NEW_GAME_WORDS) is True


def test_the_answer_keys_are_the_vocabularys_in_either_case():
    assert (key_answer("y"), key_answer("Y"), key_answer("n"), key_answer("N")) == (True, True, False, False)
    for key in ("q", "x", "1", " ", "", "yes", "f1", "escape"):
        assert key_answer(key) is None
    assert key_leaves("q") and key_leaves("Q") and not key_leaves("quit") and not key_leaves("y")


# ------------------------------------------------------------------ the open question


def test_a_question_opens_is_asked_again_and_closes():
    asking = Asking()
    assert asking.kind is None and asking.again() is None and not asking.besides_voice()
    asking.ask(Question.QUIT, "Quit?")
    assert asking.kind is Question.QUIT and asking.again() == "Quit?"
    assert asking.besides_voice()
    asking.close()
    assert (asking.kind, asking.line, asking.held, asking.again()) == (None, None, None, None)


def test_only_a_voice_question_holds_its_command_and_a_new_question_replaces_it():
    asking = Asking()
    asking.ask(Question.VOICE, "Play the five of clubs?", "play 5C")
    assert asking.held == "play 5C" and not asking.besides_voice()
    asking.ask(Question.DISCARD, "Lay away?", "play 5C")  # replaced: nothing held
    assert asking.kind is Question.DISCARD and asking.held is None
    assert not asking.drop_voice() and asking.kind is Question.DISCARD  # not a voice question
    asking.ask(Question.VOICE, "Discard the ace?", "discard AC")
    assert asking.take_voice() == "discard AC" and asking.kind is None
    assert asking.take_voice() == ""
    asking.ask(Question.VOICE, "Go?", "go")
    assert asking.drop_voice() and asking.kind is None and asking.held is None


def test_the_quit_question_lets_only_saying_commands_through():
    asking = Asking()
    assert asking.lets("play") and asking.lets("undo")
    asking.ask(Question.QUIT, "Quit?")
    assert [
        v for v in ("quit", "silence", "repeat", "help", "time", "play", "undo", "hand", "scores") if asking.lets(v)
    ] == ["quit", "silence", "repeat", "help", "time"]
    for kind in (Question.DISCARD, Question.VOICE):
        asking.ask(kind, "?")
        assert asking.lets("play")


def test_keys_typed_ahead_never_answer_the_quit_or_voice_question():
    assert {Question.QUIT, Question.VOICE} == NOT_ANSWERED_AHEAD
    assert keyloop.YES_NO_QUESTIONS is NOT_ANSWERED_AHEAD


# ------------------------------------------------------------------ every word, everywhere


def _quit_asked():
    s, out = make()
    s.command("quit")
    assert s.asking.kind is Question.QUIT
    return s, out


def _discard_asked():
    s, out = make()
    s.key("1")
    s.key("2")
    assert s.asking.kind is Question.DISCARD and len(s.hand_view.marked) == 2
    return s, out


def _voice_asked():
    s, out = make()
    card = s.hand_view.numbering[0]
    s.doubtful(f"discard {card.short}", Notice("voice.confirm", heard="that card", command=f"discard {card.short}"))
    assert s.asking.kind is Question.VOICE and not s.hand_view.marked
    return s, out, card


def _answers(words, keys=True):
    """Each word as typed, and as a key press for the words that are one key."""
    return [("typed", w) for w in sorted(words)] + [("key", w) for w in sorted(words) if keys and len(w) == 1]


def _give(s, how, word):
    return (s.key if how == "key" else s.command)(word)


@pytest.mark.parametrize("how,word", _answers(YES_WORDS))
def test_every_yes_word_answers_every_question_of_the_game(how, word):
    s, out = _quit_asked()
    _give(s, how, word)
    assert s.quit and s.asking.kind is None
    s, out = _discard_asked()
    _give(s, how, word)
    assert s.table.game.phase != g.DISCARD or 0 not in s.table.game.pending_discards()
    assert s.asking.kind is None and not s.hand_view.marked
    s, out, card = _voice_asked()
    _give(s, how, word)
    assert s.hand_view.marked == [card] and s.asking.kind is None


@pytest.mark.parametrize("how,word", _answers(NO_WORDS | CANCEL_WORDS))
def test_every_no_word_answers_every_question_of_the_game(how, word):
    s, out = _quit_asked()
    assert after(out, lambda: _give(s, how, word)) == [BACK]
    assert not s.quit and s.asking.kind is None
    s, out = _discard_asked()
    _give(s, how, word)
    assert s.table.game.phase == g.DISCARD and not s.hand_view.marked and s.asking.kind is None
    s, out, card = _voice_asked()
    _give(s, how, word)
    assert not s.hand_view.marked and s.asking.kind is None and s.table.game.phase == g.DISCARD


def test_an_answer_with_a_full_stop_or_extra_spaces_answers_the_question():
    # ("Yes." and "yes  please" were answered "Please answer y for yes..." at the quit question, and at the
    # discard question "yes  please" was taken for a yes with no question open)
    for text in ("Yes.", "yes  please", " Yeah! "):
        s, out = _quit_asked()
        s.command(text)
        assert s.quit
        s, out = _discard_asked()
        s.command(text)
        assert 0 not in s.table.game.pending_discards()


def test_a_word_that_is_no_answer_is_refused_and_the_question_stays():
    s, out = _quit_asked()
    assert after(out, lambda: s.command("maybe")) == [ANSWER_Y_OR_N]
    assert s.asking.kind is Question.QUIT and not s.quit


@pytest.mark.parametrize(
    "word,expected",
    [
        *((w, True) for w in sorted(YES_WORDS)),
        *((w, False) for w in sorted(NO_WORDS)),
        ("resume", True),
        ("new game", False),
    ],
)
def test_every_yes_no_word_answers_the_resume_question_on_a_line(word, expected):
    said = []
    stream = io.StringIO(f"maybe\n{word.upper()}\n")
    answer = console.ask_yes_no("Resume? y/n", said.append, stream, tty=False, yes=RESUME_WORDS, no=NEW_GAME_WORDS)
    assert answer is expected
    assert said == ["Resume? y/n", ANSWER_Y_OR_N]


def test_the_offer_of_a_new_game_takes_new_game_as_yes():
    # the words of "New game? y/n": "new game" answered no there (it was a no of every question)
    assert (
        console.ask_yes_no("New game? y/n", lambda _: None, io.StringIO("new game\n"), tty=False, yes=NEW_GAME_WORDS)
        is True
    )
    assert (
        console.ask_yes_no("New game? y/n", lambda _: None, io.StringIO("no thanks\n"), tty=False, yes=NEW_GAME_WORDS)
        is False
    )


@pytest.mark.parametrize("text", ["q", "quit", "exit", "", "leave"])
def test_the_resume_question_is_left_with_the_quit_words_or_nothing(text):
    assert (
        console.ask_yes_no("Resume? y/n", lambda _: None, io.StringIO(text + "\n" if text else ""), tty=False) is None
    )


@pytest.mark.parametrize(
    "data,expected", [("y", True), ("Y", True), ("n", False), ("N", False), ("q", None), ("Q", None)]
)
def test_every_answer_key_answers_the_resume_question_on_a_terminal(monkeypatch, data, expected):
    from spoken_cribbage.app import rawkeys

    said = []

    def read_keys(on_key):
        for key in ("x", data):
            answer = on_key(None, key)
            if answer is not rawkeys.GO_ON:
                return answer
        raise AssertionError("the key did not answer")

    monkeypatch.setattr(rawkeys, "read_keys", read_keys)
    assert console._ask_tty(said.append) is expected
    assert said == [phrase("press_y_or_n")]


def test_the_module_state_is_an_enum_not_a_string():
    s, _ = _quit_asked()
    assert isinstance(s.asking.kind, Question) and s.asking.kind != "quit"
    assert q.Question("voice") is Question.VOICE
