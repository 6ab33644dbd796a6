"""Numbers as words, for speech: 24 -> 'twenty-four'."""

from __future__ import annotations

from spoken_cribbage.vocabulary.phrases import COUNT_WORDS
from spoken_cribbage.words.catalogue import Message, text

_ONES = COUNT_WORDS[:20]  # zero to nineteen: the words the vocabulary hears counts by
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINALS = ("zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def number_words(n: int) -> str:
    """0..999 as English words; larger numbers as digits."""
    if n < 0:
        return "minus " + number_words(-n)
    if n < 20:
        return _ONES[n]
    if n < 100:
        tens, ones = divmod(n, 10)
        return _TENS[tens] + ("-" + _ONES[ones] if ones else "")
    if n < 1000:
        hundreds, rest = divmod(n, 100)
        return _ONES[hundreds] + " hundred" + (" and " + number_words(rest) if rest else "")
    return str(n)


def ordinal_words(n: int) -> str:
    return _ORDINALS[n] if 0 <= n < len(_ORDINALS) else f"{n}th"


def decimal_words(x: float) -> str:
    """9.8 -> 'nine point eight' (one decimal)."""
    whole, tenth = divmod(round(abs(x) * 10), 10)
    sign = "minus " if x < 0 else ""
    return sign + number_words(int(whole)) + (f" point {_ONES[int(tenth)]}" if tenth else "")


#: The numbers a player hears as words in the game (the count, up to 31, and a hand's points,
#: up to 29), on the catalogue (words.catalogue): 'twenty-four', 'vingt-quatre', '24'.
CODES: dict[str, Message] = {
    f"number.said.{n}": Message(
        number_words(n),
        f"the number {n} said as a word in the game's calls, as in 'fifteen {number_words(n)}' or "
        f"'Count back to zero.' (the count and the points); in a language whose players say digits, {n}",
    )
    for n in range(32)
}


def said_number(n: int) -> str:
    """``n`` as the current language says it in a call: 'twenty-four', 'vingt-quatre', '24'."""
    code = f"number.said.{n}"
    return text(code, CODES[code]) if code in CODES else number_words(n)
