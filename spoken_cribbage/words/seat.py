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
from spoken_cribbage.words.announce import cap, list_words
from spoken_cribbage.words.catalogue import decimal, decimal_count, say
from spoken_cribbage.words.channels import mode_name
from spoken_cribbage.words.keys import help_lines as help_lines  # the help, with the key list
from spoken_cribbage.words.lines import card_name, the_card, the_cards
from spoken_cribbage.words.seat_texts import CUE_MEANINGS, MESSAGES, PARTS
from spoken_cribbage.words.storage import setting_name, setting_word

__all__ = [
    "CUE_MEANINGS",
    "MESSAGES",
    "PARTS",
    "phrase",
    "cue_meaning",
    "not_done",
    "setting_shown",
    "more",
    "cards_count",
    "numbers",
    "cursor_line",
    "hand_summary",
    "undone",
    "help_lines",
    "refusal",
]

if TYPE_CHECKING:
    from spoken_cribbage.words.announce import Names


def phrase(message: str, /, **facts: object) -> str:
    """The sentence for ``message`` (words.seat_texts) in the current language with its facts
    filled in, each text fact as one visible line (:func:`~spoken_cribbage.words.clean.fill`)."""
    return say(MESSAGES[message], facts, f"seat.{message}")


def _part(part: str, /, **facts: object) -> str:
    return say(PARTS[part], facts, f"seat.{part}")


def cue_meaning(name: str) -> str:
    """What the sound cue ``name`` means, as the cues command says it."""
    return say(CUE_MEANINGS[name], {}, f"cue.{name}")


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
        return _part("value.seconds", value=value, count=value) if value else _part("value.off")
    if name == "pace" and isinstance(value, (int, float)):
        # a number with decimals takes the language's form for it ('0.8 seconds', '0,8 seconde')
        count = decimal_count(float(value))
        return _part("value.seconds", value=decimal(float(value)), count=count) if value else _part("value.no_pace")
    if name == "teams":
        if str(value) in ("usual", "none"):
            return _part(f"value.teams_{value}")
        return str(value)
    if name == "names" and not value:
        return _part("value.default_names")
    if name == "language" and not value:
        return _part("value.system_language")
    if name.startswith("channel_"):  # "history only", "cue only"
        return mode_name(str(value))
    return setting_word(name, value)  # 'terse', 'on', 'discard and suits' in words; a number as it is


def setting_named(name: str) -> str:
    """A setting's name in words at the start of a sentence: 'Time limit', 'Verbosité', '语速'."""
    return cap(setting_name(name))


def more(k: int) -> str:
    """'one more', '2 more'."""
    return _part("more", count=k)


def cards_count(k: int) -> str:
    """'1 card', '2 cards'."""
    return _part("cards", count=k)


def numbers(held: Sequence[int]) -> str:
    """'numbered 3, 4 and 6' for the positions (0-based) still held."""
    return _part("numbered", numbers=list_words([str(p + 1) for p in held], "and"))


def cursor_line(card: Card, position: int, held: int | None, state: str) -> str:
    """'Nine of hearts, card 3 of 5, playable.' (``held`` None when numbers have gaps;
    ``state`` 'chosen', 'playable', 'not playable' or '')."""
    said = _part(f"cursor.{state.replace(' ', '_')}") if state else ""
    form = {(True, True): "cursor.state", (True, False): "cursor", (False, True): "cursor.gaps_state"}.get(
        (held is not None, bool(state)), "cursor.gaps"
    )
    return _part(form, Card=cap(card_name(card)), position=position, held=held, state=said)


def hand_summary(hand: Sequence[Card]) -> str:
    return phrase("you_hold", cards=the_cards(hand)) if hand else phrase("no_cards_in_hand")


def undone(action_kind: str, card: Card | None, replies: int, who: str | None) -> str:
    """'Undone: you take back the nine of clubs.' (``action_kind`` play, go or discard;
    ``who``: the other player of a two-player game, None at a table)."""
    if action_kind == "play" and card is not None:
        what = _part("undone.play", card=the_card(card))
    elif action_kind == "go":
        what = _part("undone.go")
    else:
        what = _part("undone.discard")
    if replies:
        reply = "undone.reply" if who is not None else "undone.table_reply"
        what = _part(reply, what=what, who=who or "", count=replies)
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
    cards_or = the_cards(playable, "or")
    if code == "not your turn":
        return phrase("not_your_turn")
    if code == "count over 31":
        fits = list_words([card_name(c) for c in playable], "or")
        allowed = phrase("playable", cards=fits) if playable else phrase("nothing_fits")
        return phrase("count_over", card=the_card(data["card"]), count=data["count"], allowed=allowed)
    if code == "can still play":
        return phrase("cannot_go", cards=cards_or)
    if code == "not in hand":
        return phrase("not_in_hand", card=the_card(data["card"]), hand=hand_summary(hand))
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
    who = names.Subject(seat) if names is not None else _part("other_player")
    return phrase("muggins_right", Who=who, n=claimed)
