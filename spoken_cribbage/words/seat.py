"""The sentences of one seat at the table that are not about game events: answers to keys,
choices of cards, refusals, questions, help. The session decides *what* to say (a message id
and its facts); this module says it, so verbosity and a later translation touch one place.

>>> phrase("key_unassigned", key="z")
'The key z does nothing here. Press question mark for help.'
>>> more(1), more(2)
('one more', '2 more')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from spoken_cribbage.engine.cards import Card
from spoken_cribbage.words.announce import cap, card_list, list_words
from spoken_cribbage.words.channels import MODE_NAMES
from spoken_cribbage.words.clean import fill
from spoken_cribbage.words.keys import help_lines as help_lines  # the help, with the key list

if TYPE_CHECKING:
    from spoken_cribbage.words.announce import Names

MESSAGES: dict[str, str] = {
    # keys and questions
    "key_unassigned": "The key {key} does nothing here. Press question mark for help.",
    "named_key_unassigned": "{key} does nothing here. Press question mark for help.",
    "speech_off_silence": "Speech is off: there is nothing to silence.",
    "count_no_digit": "No digit to take back: type your count, then Enter.",
    "press_y_or_n": "Please press y for yes or n for no.",
    "answer_y_or_n": "Please answer y for yes or n for no.",
    "no_question_yes": "There is no question to answer yes to.",
    "no_question_no": "There is no question to answer no to.",
    "nothing_to_repeat": "Nothing to repeat yet.",
    "no_earlier_lines": "No earlier lines.",
    "first_line": "That is the first line.",
    "latest_line": "That is the latest line.",
    "earlier": "Earlier: {text}",
    "no_hint": "No hint right now.",
    # the a key: the last show again, a hand a press (app.show_reader)
    "show_part": "Show, {part} of {parts}, with the {starter}:",
    "show_none": "No show yet in this game.",
    "show_end": "That was the whole show. Press a again to hear it from the start.",
    "voice_off": "Voice commands are off: start the game with --voice auto to use them.",
    "voice_check_unavailable": "The voice check is not available here.",
    "command_line": "Command.",
    "command_cancelled": "Cancelled.",
    "command_empty": "Cancelled: the command line was empty.",
    # Ctrl-Z (or SIGTSTP): the game stops and the shell is back; fg brings the game back
    "suspended": "Suspended. Type fg to come back to the game.",
    "back_from_suspend": "Back to the game.",
    "suspend_refused": "Ctrl-Z cannot suspend the game here: nothing could bring it back. Press q to quit.",
    # the same outside the game's key loop (the resume question, review, practice)
    "suspended_here": "Suspended. Type fg to come back.",
    "back_here": "Back.",
    "suspend_refused_here": "Ctrl-Z cannot suspend here: nothing could bring it back.",
    "line_too_long": "That line was too long, over {most} characters: nothing was done.",
    "line_full": (
        "The command line is full: {most} characters. The rest is left out; Enter drops the line, Escape cancels it."
    ),
    "key_error": "Something went wrong with that key: {error}.",
    "input_ended": "Input ended.",
    "input_ended_kept": "Input ended. The game is kept.",
    # the flow of the game
    "resumed": "Game resumed. {scores}",
    "resumed_next_deal": "Next: {whose} deal. Press Enter for the next deal.",
    "game_over_prompt": "Press n for a new game or q to leave.",
    "game_over": "The game is over. Press n for a new game or q to leave.",
    "deal_not_over": "The deal is not over. {turn}",
    "new_game_not_yet": "A new game can start when this one is over; q quits and keeps this one.",
    "new_game_unavailable": "A new game cannot start here. Press q to leave.",
    "quit_kept": "Quit the game? It is kept, and you can resume it later. Press y or n.",
    "quit_seeded": "Quit the game? This seeded game is for this run only. Press y or n.",
    "goodbye_kept": "Goodbye. Your game is kept.",
    "goodbye": "Goodbye.",
    "back_to_game": "Back to the game.",
    # cards chosen by number, arrows, Space
    "no_card_to_choose": "There is no card to choose now.",
    "no_cards_to_choose": "There are no cards to choose now. {turn}",
    "no_cards_in_hand": "You have no cards in hand.",
    "no_cards_left": "You have no cards left in your hand.",
    "card_in_crib": "Card {n}, the {card}, is in the crib. Your cards are {numbers}.",
    "card_played": "Card {n}, the {card}, is already played. Your cards are {numbers}.",
    "no_such_card": "There is no card {n}. Your cards are {numbers}.",
    "choose_first": "Choose {more} first, or press Escape.",
    "chosen": "{Card} chosen; choose {more}.",
    "unchosen": "{Card} no longer chosen; choose {more}.",
    "already_chosen_card": "The {card} is already chosen; choose {more} or press Escape.",
    "already_chosen": "You have already chosen the {cards}; choose {more} or press Escape.",
    "already_chosen_all": (
        "You have already chosen the {cards}: press Enter to lay them away, or Escape to choose again."
    ),
    "confirm_discard": "Lay away the {cards}? Enter{voice} to confirm.",
    "choice_cleared": "Choice cleared: choose {count}.",
    # a voice command heard, but not surely: the question asked first (words.voice asks it)
    "voice_no_play": "Not played: say the card again, or press its number.",
    "voice_no_discard": "Not discarded: say the card again, or press its number.",
    "voice_no_other": "Nothing done: say it again, or press question mark for help.",
    "voice_stale_play": "Not played: the game moved on since the question. {turn}",
    "voice_stale_discard": "Not discarded: the game moved on since the question. {turn}",
    "voice_stale_other": "Nothing done: the game moved on since the question. {turn}",
    "nothing_to_cancel": "Nothing to cancel.",
    # refusals
    "not_your_turn": "Wait: it is not your turn.",
    "no_go_now": "There is no go now. {turn}",
    "cannot_go": "You can't say go: you can play the {cards}.",
    "not_in_hand": "You don't have the {card}. {hand}",
    "you_hold": "You hold the {cards}.",
    "play_before_discard": "You can't play yet: first lay away {count} for the crib.",
    "play_waits_for_crib": "You can't play yet: the play starts when every crib card is laid away.",
    "nothing_to_play": "There is nothing to play now. {turn}",
    "one_at_a_time": "Play one card at a time.",
    "count_over": "You can't play the {card}: the count would be {count}. {allowed}",
    "playable": "Playable: {cards}.",
    "nothing_fits": "No card fits: say go.",
    "discard_over": "The discard is over. {turn}",
    "named_twice": "The same card is named twice. Choose different cards.",
    "exactly": "Lay away exactly {count}, not {given}.",
    "refused": "That can't be done: {reason}.",
    # manual counting: the player's count, muggins, the clock
    "count_typed": "Your count: {n}.",
    "count_too_big": "No hand counts {n}: the most is 29. Your count: {typed}.",
    "count_cleared": "Count cleared: type it again.",
    "count_first": "Type your count first: the points, then Enter; 19 or 0 for none.",
    "count_timed": "{turn} You have {seconds} seconds.",
    "time_warning": "{seconds} seconds left to count.",
    "time_left": "{seconds} seconds left to count.",
    "time_left_paused": "{seconds} seconds left; the clock waits while help or a question is open.",
    "no_clock": "No clock is running: it runs while you count, with a time limit set.",
    "no_time_limit": "Counting has no time limit: take your time. /time limit 30 sets one.",
    "not_counting": "There is no count to give now. {turn}",
    "not_a_count": "No hand counts {points}: a count is 0 to 29, and nineteen means none.",
    "muggins_off": "Muggins is off in this game; /muggins on plays it from the next game.",
    "muggins_auto": ("Muggins goes with manual counting: /counting manual and /muggins on, from the next game."),
    "muggins_none": "There is no count to call muggins on.",
    "muggins_right": "{Who} counted {n}, and that is right: nothing to take.",
    "muggins_late": "Too late: muggins is called before your own next move.",
    "muggins_called": "Muggins was called on that count already.",
    # undo
    "cannot_undo": "You can't undo: {reason}.",
    "undone": "Undone: {what}.",
    # settings
    "setting_refused": "That setting was not changed: {reason}.",
    "setting_changed": "{Name} is now {value}.{extra}",
    "next_game": " It takes effect in the next game.",
    "teams_reset": "Teams is now {value}, as the teams set before do not fit.",
    "cues_changed": "Sound cues are now {value}.",
    # the cues command
    "cues_heading": "Sound cues, one after another; any key stops them.",
    "cues_heading_off": (
        "Sound cues, one after another; any key stops them. They are off in the game: type /cues on to hear them."
    ),
    "cues_silent": "Sound cues cannot play: {reason}.",
    "cue": "Cue {n} of {total}: {meaning}.",
    "cues_count_tone": ("With /count tone on, a short tone after each card rises with the count, from 0 to 31."),
    "cues_done": "That was every cue.",
    "cues_stopped": "Cues stopped.",
}

#: What each sound cue means, by its name (``speech.cues.CUE_NAMES``): the cues command says it.
CUE_MEANINGS: dict[str, str] = {
    "your_turn": "your turn",
    "my_card": "you play a card",
    "their_card": "the computer plays a card",
    "points": "points pegged",
    "fifteen": "fifteen",
    "thirty_one": "thirty-one",
    "go": "go",
    "count_reset": "the count goes back to zero",
    "starter": "the starter is cut",
    "heels": "his heels",
    "new_deal": "a new deal",
    "show": "the show, hands are counted",
    "win": "you win",
    "lose": "you lose",
    "listen_on": "listening started",
    "listen_off": "listening stopped",
    "refused": "not understood, or not allowed",
}


def phrase(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` with its facts filled in, each text fact as one visible
    line (:func:`~spoken_cribbage.words.clean.fill`)."""
    return fill(MESSAGES[message], facts)


def not_done(command: str, *, stale: bool = False, turn: str = "") -> str:
    """What a player hears when a doubtful voice command is not acted on: answered no
    (``stale`` False), or dropped because the game moved on since the question.

    >>> not_done("play 9S")
    'Not played: say the card again, or press its number.'
    >>> not_done("discard 9S", stale=True, turn="The deal is over.")
    'Not discarded: the game moved on since the question. The deal is over.'
    """
    verb = command.split(" ", 1)[0]
    kind = verb if verb in ("play", "discard") else "other"
    return phrase(f"voice_{'stale' if stale else 'no'}_{kind}", turn=turn).rstrip()


def setting_shown(name: str, value: object) -> str:
    """A setting's value as said when it changes: 'off' or '30 seconds' for the time limit."""
    if name == "time_limit":
        return f"{value} seconds" if value else "off"
    if name == "pace":
        return f"{value:g} seconds" if value else "0: the computer turns come at once"
    if name == "teams":
        return {"usual": "the usual for the table", "none": "none, each for themselves"}.get(str(value), str(value))
    if name == "names" and not value:
        return "the default names"
    if name == "language" and not value:
        return "the system's language"
    if name == "brief" and "," in str(value):  # "discard and suits"
        return list_words(str(value).split(","))
    if name.startswith("channel_"):  # "history only", "cue only"
        return MODE_NAMES.get(str(value), str(value))
    return str(value)


def more(k: int) -> str:
    return "one more" if k == 1 else f"{k} more"


def cards_count(k: int) -> str:
    """'1 card', '2 cards'."""
    return f"{k} card{'s' if k != 1 else ''}"


def numbers(held: Sequence[int]) -> str:
    """'numbered 3, 4 and 6' for the positions (0-based) still held."""
    return "numbered " + list_words([str(p + 1) for p in held], "and")


def cursor_line(card: Card, position: int, held: int | None, state: str) -> str:
    """'Nine of hearts, card 3 of 5, playable.' (``held`` None when numbers have gaps;
    ``state`` 'chosen', 'playable', 'not playable' or '')."""
    where = f"card {position} of {held}" if held is not None else f"card {position}"
    return f"{cap(card.name)}, {where}" + (f", {state}" if state else "") + "."


def hand_summary(hand: Sequence[Card]) -> str:
    return phrase("you_hold", cards=card_list(hand)) if hand else phrase("no_cards_in_hand")


def undone(action_kind: str, card: Card | None, replies: int, whose: str) -> str:
    """'Undone: you take back the nine of clubs.' (``action_kind`` play, go or discard)."""
    if action_kind == "play" and card is not None:
        what = f"you take back the {card.name}"
    elif action_kind == "go":
        what = "you take back your go"
    else:
        what = "you take back your discard"
    if replies:
        what += f", and {whose} repl{'y' if replies == 1 else 'ies'} to it"
    return phrase("undone", what=what)


def refusal(
    code: str,
    reason: str,
    data: Mapping[str, Any],
    *,
    playable: Sequence[Card] = (),
    hand: Sequence[Card] = (),
    turn: str = "",
    discard_count: int = 2,
    discarded: bool = False,
    names: Names | None = None,
) -> str:
    """The engine's refusal (its code and particulars) as the seat says it, with what is
    allowed now. ``names`` (an announce.Names) names the other players. Without ``turn`` (a
    seat that does not say whose turn it is, as the line seat of a shared table) a sentence
    that ends with it ends where the rest does, with no space after."""
    return _refusal(
        str(code),
        reason,
        data,
        playable=playable,
        hand=hand,
        turn=turn,
        discard_count=discard_count,
        discarded=discarded,
        names=names,
    ).strip()


def _refusal(
    code: str,
    reason: str,
    data: Mapping[str, Any],
    *,
    playable: Sequence[Card],
    hand: Sequence[Card],
    turn: str,
    discard_count: int,
    discarded: bool,
    names: Names | None,
) -> str:
    said = _count_refusal(code, data, turn=turn, names=names)
    if said is not None:
        return said
    cards_or = list_words([c.name for c in playable], "or")
    if code == "not your turn":
        return phrase("not_your_turn")
    if code == "count over 31":
        allowed = phrase("playable", cards=cards_or) if playable else phrase("nothing_fits")
        return phrase("count_over", card=data["card"].name, count=data["count"], allowed=allowed)
    if code == "can still play":
        return phrase("cannot_go", cards=cards_or)
    if code == "not in hand":
        return phrase("not_in_hand", card=data["card"].name, hand=hand_summary(hand))
    if code == "play not started":
        return (
            phrase("play_waits_for_crib")
            if discarded
            else phrase("play_before_discard", count=cards_count(discard_count))
        )
    if code == "play over":
        return phrase("nothing_to_play", turn=turn)
    if code in ("discard over", "already discarded"):
        return phrase("discard_over", turn=turn)
    if code == "wrong number of cards":
        return phrase("exactly", count=cards_count(data["needed"]), given=data["given"])
    if code == "card twice":
        return phrase("named_twice")
    if code == "game over":
        return phrase("game_over")
    return phrase("refused", reason=reason)


def _count_refusal(code: str, data: Mapping[str, Any], *, turn: str, names: Names | None) -> str | None:
    """A refusal of a count or of muggins as the seat says it; None for any other code."""
    if code == "not counting":
        return phrase("not_counting", turn=turn)
    if code == "not a count":
        return phrase("not_a_count", points=data.get("points"))
    if code == "muggins off":
        return phrase("muggins_off" if data.get("counting") == "manual" else "muggins_auto")
    if code != "nothing missed":
        return None
    last = data.get("last")
    if last is None:
        return phrase("muggins_none")
    seat, claimed, total, called = last
    if called:
        return phrase("muggins_called")
    if claimed != total:
        return phrase("muggins_late")
    who = names.Subject(seat) if names is not None else "The other player"
    return phrase("muggins_right", Who=who, n=claimed)
