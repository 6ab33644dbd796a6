"""The KeyMap stage alone (app/seat/keymap.py, app/seat/intent.py): a key and the moment give
one Intent, from bindings generated from the vocabulary table; no session is needed to ask."""

import dataclasses
from typing import get_args

import pytest

from spoken_cribbage.app.seat.intent import (
    Act,
    Answer,
    AnswerFirst,
    Cancel,
    ChooseAtCursor,
    ChooseCard,
    EraseDigit,
    Ignored,
    Intent,
    MoveCursor,
    OpenCommandLine,
    RunVerb,
    TypeDigit,
    Unassigned,
)
from spoken_cribbage.app.seat.keymap import KEYS, Binding, KeyMap, Moment, question_open
from spoken_cribbage.app.seat.question import Question
from spoken_cribbage.vocabulary import PHRASES, key_command

PLAY, DISCARD, COUNTING = Moment("play"), Moment("discard"), Moment("counting")
SHOW, OVER, OTHER = Moment("show"), Moment("over"), Moment("other")
QUIT, CONFIRM, VOICE = (
    Moment("play", Question.QUIT),
    Moment("discard", Question.DISCARD),
    Moment("play", Question.VOICE),
)
#: Every phase the vocabulary knows, each with and without a question open.
MOMENTS = [Moment(p, q) for p in ("discard", "play", "counting", "show", "over", "other") for q in (None, *Question)]

CASES = [
    # digits: a card by its number; the count's next digit; held back by the quit question
    ("3", PLAY, ChooseCard(3)),
    ("1", DISCARD, ChooseCard(1)),
    ("0", OTHER, ChooseCard(0)),
    ("3", CONFIRM, ChooseCard(3)),
    ("3", VOICE, ChooseCard(3)),
    ("\u0663", PLAY, ChooseCard(3)),  # an Arabic-Indic three is a three
    ("2", COUNTING, TypeDigit(2)),
    ("2", Moment("counting", Question.VOICE), TypeDigit(2)),
    ("2", QUIT, AnswerFirst()),
    ("2", Moment("counting", Question.QUIT), AnswerFirst()),
    ("backspace", COUNTING, EraseDigit()),
    ("backspace", Moment("counting", Question.QUIT), EraseDigit()),
    ("backspace", PLAY, Unassigned("backspace")),
    # Enter: confirms the discard, waits for y or n, the next deal, else acts
    ("enter", CONFIRM, Answer(yes=True)),
    ("enter", QUIT, AnswerFirst()),
    ("enter", VOICE, AnswerFirst()),
    ("enter", SHOW, RunVerb("next")),
    ("enter", OVER, RunVerb("next")),
    ("enter", PLAY, Act()),
    ("enter", COUNTING, Act()),
    ("enter", DISCARD, Act()),
    ("enter", OTHER, Act()),
    # Escape: refuses to quit or a doubtful voice command, else cancels
    ("escape", QUIT, Answer(yes=False)),
    ("escape", VOICE, Answer(yes=False)),
    ("escape", CONFIRM, Cancel()),
    ("escape", PLAY, Cancel()),
    ("escape", COUNTING, Cancel()),
    # y and n answer a question; n starts a new game when it is over; else they do nothing
    ("y", QUIT, Answer(yes=True)),
    ("Y", CONFIRM, Answer(yes=True)),
    ("n", VOICE, Answer(yes=False)),
    ("N", QUIT, Answer(yes=False)),
    ("n", OVER, RunVerb("new")),
    ("n", PLAY, Unassigned("n")),
    ("y", PLAY, Unassigned("y")),
    ("Y", OVER, Unassigned("Y")),
    # the hand's cursor, slash, the screen reader's key
    (" ", PLAY, ChooseAtCursor()),
    (" ", QUIT, ChooseAtCursor()),
    ("left", PLAY, MoveCursor("left")),
    ("right", DISCARD, MoveCursor("right")),
    ("home", OTHER, MoveCursor("home")),
    ("end", PLAY, MoveCursor("end")),
    ("/", PLAY, OpenCommandLine()),
    ("/", QUIT, OpenCommandLine()),
    ("insert", PLAY, Ignored()),
    ("c-s-insert", DISCARD, Ignored()),
    # the vocabulary's keys, its also keys, a capital letter as its small one
    ("s", PLAY, RunVerb("scores")),
    ("S", PLAY, RunVerb("scores")),
    ("q", QUIT, RunVerb("quit")),
    ("c", CONFIRM, RunVerb("count")),
    ("?", OVER, RunVerb("help")),
    ("f1", PLAY, RunVerb("help")),
    ("up", PLAY, RunVerb("previous")),
    ("pageup", OTHER, RunVerb("previous")),
    ("down", PLAY, RunVerb("later")),
    ("pagedown", PLAY, RunVerb("later")),
    ("]", PLAY, RunVerb("later")),
    ("[", PLAY, RunVerb("previous")),
    ("w", SHOW, RunVerb("walk")),
    ("u", DISCARD, RunVerb("undo")),
    ("m", COUNTING, RunVerb("muggins")),
    ("k", PLAY, RunVerb("time")),
    # keys that do nothing here, named as given for the sentence
    ("z", PLAY, Unassigned("z")),
    ("Z", PLAY, Unassigned("Z")),
    ("tab", PLAY, Unassigned("tab")),
    ("s-tab", PLAY, Unassigned("s-tab")),
    ("f5", QUIT, Unassigned("f5")),
    ("c-a", COUNTING, Unassigned("c-a")),
    ("delete", PLAY, Unassigned("delete")),
    ("é", PLAY, Unassigned("é")),
    ("É", PLAY, Unassigned("É")),
]


@pytest.mark.parametrize("key,moment,intent", CASES)
def test_a_key_at_a_moment_means_one_intent(key, moment, intent):
    assert KEYS.intent_for(key, moment) == intent


def test_every_key_the_vocabulary_names_is_bound_to_its_command():
    checked = 0
    for phrase in PHRASES:
        for key in ((phrase.key,) if phrase.key else ()) + phrase.also:
            assert key in KEYS, (key, phrase.verb)
            works = (
                [m for m in MOMENTS if m.key_phase in phrase.phases] if phrase.verb in ("yes", "no", "new") else MOMENTS
            )
            assert works, phrase.verb
            for moment in works:
                meant = KEYS.intent_for(key, moment)
                if phrase.verb in ("yes", "no"):
                    assert meant == Answer(phrase.verb == "yes"), (key, moment)
                else:
                    assert meant == RunVerb(phrase.verb), (key, moment)
                checked += 1
    assert checked > 100


def test_the_map_and_the_vocabulary_agree_on_every_key_of_the_vocabulary():
    """The key map is generated from the table key_command reads: they never differ."""
    keys = {k for p in PHRASES for k in (p.key, *p.also) if k} | {"z", "tab", "f5", "Q", "N"}
    checked = 0
    for moment in MOMENTS:
        for key in keys:
            verb = key_command(key.lower() if key.isalpha() else key, moment.key_phase)
            meant = KEYS.intent_for(key, moment)
            if verb is None:
                assert meant == Unassigned(key), (key, moment)
            elif verb in ("yes", "no"):
                assert meant == Answer(verb == "yes"), (key, moment)
            else:
                assert meant == RunVerb(verb), (key, moment)
            checked += 1
    assert checked > 500


def test_every_intent_type_has_a_handler_in_the_seat():
    from spoken_cribbage.app.seat.choices import ON_INTENT

    kinds = set(get_args(Intent))
    assert len(kinds) >= 13
    assert set(ON_INTENT) == kinds
    assert all(callable(h) for h in ON_INTENT.values())


def test_every_binding_is_a_frozen_intent_of_the_union():
    kinds = get_args(Intent)
    checked = 0
    for binding in KEYS:
        assert isinstance(binding, Binding) and isinstance(binding.intent, kinds)
        assert type(binding.intent).__dataclass_params__.frozen
        assert not hasattr(binding.intent, "__dict__")  # slots: a small value
        checked += 1
    assert checked > 40
    with pytest.raises(dataclasses.FrozenInstanceError):
        ChooseCard(3).number = 4


def test_a_key_map_tries_a_keys_bindings_in_order_and_the_first_that_holds_wins():
    keys = KeyMap()
    keys.add("x", Answer(yes=True), question_open)
    keys.add("X", Cancel())  # bound as its small letter, after the first
    assert keys.intent_for("x", QUIT) == Answer(yes=True)
    assert keys.intent_for("X", PLAY) == Cancel()
    assert keys.intent_for("q", PLAY) == Unassigned("q")
    assert "X" in keys and "q" not in keys and 3 not in keys
