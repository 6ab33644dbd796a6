"""Cards: a small immutable Card, parsing and naming.

>>> parse_card("5h")
Card(rank=5, suit=2)
>>> card_name(parse_card("QS"))
'queen of spades'
>>> card_short(parse_card("ten of hearts"))
'10H'
>>> match_card("five", parse_cards("5H KD 2C"))
Card(rank=5, suit=2)
"""

from __future__ import annotations

import operator
import re
import reprlib
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NamedTuple, SupportsIndex, cast

if TYPE_CHECKING:
    from typing import TypeGuard  # typing.TypeGuard from Python 3.10

from spoken_cribbage.engine.errors import ArgumentTypeError, EngineProblem, InvalidArgumentError

SUIT_LETTERS = "CDHS"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
SUIT_GLYPHS = ("♣♧", "♦♢", "♥♡", "♠♤")
RANK_SHORT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = (
    "",
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
RANK_PLURALS = (
    "",
    "aces",
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
)


def shown_text(token: str) -> str:
    """Text as it may be shown back: unprintable characters as spaces, at most 40 characters."""
    _check_str(token, "shown_text", "token")
    shown = " ".join("".join(ch if ch.isprintable() else " " for ch in token).split())
    return shown[:37] + "..." if len(shown) > 40 else shown


class InvalidCardError(EngineProblem):
    """Text that does not name a card. ``token`` is the offending text; ``code`` says why
    (``calculator.not_a_card`` by default) and ``data`` holds the particulars."""

    def __init__(self, token: str, message: str | None = None, *, code: str = "calculator.not_a_card", **data: Any):
        self.token = token
        data.setdefault("shown", shown_text(token))
        super().__init__(code, token=token, **data)
        self.message = message or f"not a card: {data['shown']!r}"


class DuplicateCardError(InvalidCardError):
    """The same card named twice where cards must be distinct."""

    def __init__(self, token: str):
        super().__init__(token, f"card given twice: {token}", code="calculator.card_twice")


class AmbiguousCardError(EngineProblem):
    """Text that fits more than one card of a hand: 'five' with two fives held.
    ``token`` is the text and ``cards`` the cards it fits, in hand order."""

    def __init__(self, token: str, cards: Iterable[Card]):
        self.token = token
        self.cards = tuple(cards)
        super().__init__("calculator.ambiguous_card", token=token, cards=self.cards)
        self.message = f"{token!r} fits {len(self.cards)} cards: " + " ".join(c.short for c in self.cards)


class Card(NamedTuple):
    """A playing card. ``rank`` 1 (ace) to 13 (king); ``suit`` 0 clubs, 1 diamonds, 2 hearts, 3 spades."""

    rank: int
    suit: int

    @property
    def value(self) -> int:
        """Value for fifteens and the count: ace 1, faces 10."""
        return 10 if self.rank > 10 else self.rank

    @property
    def code(self) -> int:
        """0..51, rank-major: (rank - 1) * 4 + suit."""
        return (self.rank - 1) * 4 + self.suit

    @property
    def short(self) -> str:
        return RANK_SHORT[self.rank] + SUIT_LETTERS[self.suit]

    @property
    def name(self) -> str:
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.short

    def __repr__(self) -> str:
        return f"Card(rank={self.rank}, suit={self.suit})"


_tuple_new = tuple.__new__


def _card_new(cls: type[Card], rank: object, suit: object) -> Card:
    """Card(rank, suit), refusing anything but a whole-number rank 1..13 and suit 0..3.

    Installed as ``Card.__new__`` (a NamedTuple body may not define it), so the class, equality,
    hashing, ordering, pickling and repr stay those of the plain NamedTuple.
    """
    if type(rank) is int and type(suit) is int and 0 < rank < 14 and -1 < suit < 4:
        return _tuple_new(cls, (rank, suit))  # the fast path: every card the engine makes
    return _tuple_new(cls, _checked(rank, suit))


def _checked(rank: object, suit: object) -> tuple[int, int]:
    def whole(x: object) -> TypeGuard[int]:
        return isinstance(x, int) and not isinstance(x, bool)

    shown = f"Card({reprlib.repr(rank)}, {reprlib.repr(suit)})"
    if not (whole(rank) and 1 <= rank <= 13):
        raise InvalidCardError(
            shown,
            f"not a card: {shown}: the rank must be a whole number from 1 (ace) to 13 (king)",
            code="calculator.bad_rank",
        )
    if not (whole(suit) and 0 <= suit <= 3):
        raise InvalidCardError(
            shown,
            f"not a card: {shown}: the suit must be a whole number from 0 to 3 (clubs, diamonds, hearts, spades)",
            code="calculator.bad_suit",
        )
    return int(rank), int(suit)  # an int subclass (IntEnum) is stored as a plain int


def _card_make(cls: type[Card], iterable: Iterable[Any]) -> Card:
    """``Card._make`` (and so ``_replace``) validates like the constructor."""
    try:
        values = tuple(iterable)  # anything: the constructor checks it
    except Exception:  # noqa: BLE001 - not an iterable, or one that fails
        raise ArgumentTypeError("Card._make", "iterable", iterable, "a rank and a suit") from None
    if len(values) != 2:
        raise ArgumentTypeError("Card._make", "iterable", iterable, "a rank and a suit")
    return cls(*values)


# mypy cannot type replacing a class's methods (the NamedTuple's own are (int, int)):
Card.__new__ = _card_new  # type: ignore[method-assign, assignment]
Card._make = classmethod(_card_make)  # type: ignore[method-assign, assignment]


def is_card(obj: object) -> TypeGuard[Card]:
    """True for a genuine Card, one of the 52: a :class:`Card` itself (not a subclass, which
    could compare or hash as another card) with an int rank 1..13 and an int suit 0..3, even
    one made past the constructor with ``tuple.__new__``."""
    return (
        type(obj) is Card
        and len(obj) == 2
        and type(obj[0]) is int
        and type(obj[1]) is int
        and 0 < obj[0] < 14
        and -1 < obj[1] < 4
    )


DECK: tuple[Card, ...] = tuple(Card(r, s) for r in range(1, 14) for s in range(4))
"""The 52 cards in index order."""

# The ids of the 52 DECK objects, which live as long as the module. Every card the engine deals is
# one of them, so ``id(card) in DECK_IDS`` is a fast, exact test of a genuine card; anything else
# (a card parsed from text, a forged look-alike) goes through is_card.
DECK_IDS = frozenset(map(id, DECK))


# ----------------------------------------------------------------------------- argument checks
# The engine's public functions check what they are given with these, once, at the boundary.


def _check_int(value: object, function: str, argument: str, low: int, high: int) -> int:
    """``value`` if it is a whole number (an int, not a bool) from ``low`` to ``high``; else
    ArgumentTypeError (not an int) or InvalidArgumentError (out of range)."""
    if type(value) is int and low <= value <= high:
        return value
    expected = f"a whole number from {low} to {high}"
    if type(value) is not int:
        # An int subclass (an IntEnum) or numpy integer is taken as the plain int it stands for;
        # a bool, a float or a text is refused.
        if isinstance(value, bool) or not hasattr(type(value), "__index__"):
            raise ArgumentTypeError(function, argument, value, expected)
        try:
            value = operator.index(cast(SupportsIndex, value))  # its type has __index__
        except Exception:  # noqa: BLE001 - a hostile __index__
            raise ArgumentTypeError(function, argument, value, expected) from None
        if low <= value <= high:
            return value
    raise InvalidArgumentError(function, argument, value, expected)


def _check_bool(value: object, function: str, argument: str) -> bool:
    if type(value) is not bool:
        raise ArgumentTypeError(function, argument, value, "True or False")
    return value


def _check_str(value: object, function: str, argument: str = "text") -> str:
    if not isinstance(value, str):
        raise ArgumentTypeError(function, argument, value, "a text (str)")
    return value


def _check_card(obj: object, function: str, argument: str = "card") -> Card:
    """The genuine card ``obj`` is (one of the DECK objects); ArgumentTypeError for anything
    that is not a Card (a text, a tuple, a subclass of Card), InvalidArgumentError for a Card
    forged outside the deck."""
    if id(obj) in DECK_IDS:
        return cast(Card, obj)  # one of the DECK objects
    if is_card(obj):
        return DECK[(obj[0] - 1) * 4 + obj[1]]
    if type(obj) is Card:
        raise InvalidArgumentError(function, argument, tuple(obj), "one of the 52 cards")
    raise ArgumentTypeError(function, argument, obj, "a Card")


def _check_cards(objs: object, function: str, argument: str = "cards") -> tuple[Card, ...]:
    """The genuine cards of a list, tuple or other iterable of cards (not a text, not a single
    Card), in order; the errors of :func:`_check_card`."""
    if isinstance(objs, (str, bytes, Card)) or not hasattr(type(objs), "__iter__"):
        raise ArgumentTypeError(function, argument, objs, "a list of cards")
    iterable = cast(Iterable[object], objs)  # its type has __iter__
    if type(objs) in (list, tuple) and all(id(c) in DECK_IDS for c in iterable):
        return tuple(cast(Iterable[Card], iterable))  # every item one of the DECK cards
    try:
        items = list(iterable)
    except Exception:  # noqa: BLE001 - an iterable that fails is not a list of cards
        raise ArgumentTypeError(function, argument, objs, "a list of cards") from None
    return tuple(_check_card(c, function, f"{argument}[{i}]") for i, c in enumerate(items))


def card_from_code(code: int) -> Card:
    """The card with :attr:`Card.code` ``code``, 0..51."""
    return DECK[_check_int(code, "card_from_code", "code", 0, 51)]


def card_short(card: Card) -> str:
    """Canonical short text: '5H', '10H', 'QS', 'AD'."""
    return _check_card(card, "card_short").short


def card_name(card: Card) -> str:
    """Spoken name: 'five of hearts'."""
    return _check_card(card, "card_name").name


def rank_name(rank: int, plural: bool = False) -> str:
    """'five' ('fives' with ``plural``) for rank 5; 1 is the ace, 13 the king."""
    _check_int(rank, "rank_name", "rank", 1, 13)
    return (RANK_PLURALS if _check_bool(plural, "rank_name", "plural") else RANK_NAMES)[rank]


_RANK_WORDS = {name: r for r, name in enumerate(RANK_NAMES) if name}
_RANK_WORDS.update({"deuce": 2, "trey": 3})
_RANK_TOKENS = {s: r for r, s in enumerate(RANK_SHORT) if s}
_RANK_TOKENS.update({"T": 10, "1": 1})
_SUIT_WORDS = {}
for _i, _n in enumerate(SUIT_NAMES):
    _SUIT_WORDS[_n] = _i
    _SUIT_WORDS[SUIT_SINGULAR[_i]] = _i
_SUIT_TOKENS = {c: i for i, c in enumerate(SUIT_LETTERS)}
for _i, _g in enumerate(SUIT_GLYPHS):
    for _c in _g:
        _SUIT_TOKENS[_c] = _i

_SHORT_RE = re.compile(r"^(10|[2-9AJQKT1])([CDHS♣♧♦♢♥♡♠♤])$", re.IGNORECASE)
_NAME_RE = re.compile(r"^(?:the\s+)?(\w+)\s+of\s+(\w+)$", re.IGNORECASE)


def parse_card(text: str) -> Card:
    """Parse one card: '5H', '5h', '10H', 'TH', 'QS', '5♥', 'five of hearts', 'Queen of Spades'."""
    if not isinstance(text, str):
        raise InvalidCardError(repr(text))
    t = text.strip()
    m = _SHORT_RE.match(t.replace("\ufe0f", "").replace("\ufe0e", ""))  # emoji-style 5♥️
    if m:
        rank = _RANK_TOKENS.get(m.group(1).upper())
        suit = _SUIT_TOKENS.get(m.group(2).upper(), _SUIT_TOKENS.get(m.group(2)))
        if rank is not None and suit is not None and m.group(1) != "1":
            return Card(rank, suit)
    m = _NAME_RE.match(" ".join(t.split()))
    if m:
        rank = _RANK_WORDS.get(m.group(1).lower())
        if rank is None and m.group(1).upper() in _RANK_TOKENS and m.group(1) != "1":
            rank = _RANK_TOKENS[m.group(1).upper()]
        suit = _SUIT_WORDS.get(m.group(2).lower())
        if rank is not None and suit is not None:
            return Card(rank, suit)
    raise InvalidCardError(t or text)


_ARTICLES = ("the", "a", "an", "my")


def match_card(text: str, hand: Iterable[Card]) -> Card:
    """The card of ``hand`` that ``text`` names: a whole card ('5H', 'five of hearts'), a rank
    ('five', 'fives', '5', 'the jack', 'K') or a suit ('the heart', 'spades').

    Raises AmbiguousCardError when the text fits two cards or more (``words`` phrases it: "You
    have two fives: the five of hearts or the five of clubs?"), InvalidCardError when it fits none.

    >>> hand = parse_cards("5H 5C KD")
    >>> match_card("king", hand)
    Card(rank=13, suit=1)
    >>> try:
    ...     match_card("fives", hand)
    ... except AmbiguousCardError as e:
    ...     print(e.cards)
    (Card(rank=5, suit=2), Card(rank=5, suit=0))
    """
    if not isinstance(text, str):
        raise InvalidCardError(repr(text))
    held = list(_check_cards(hand, "match_card", "hand"))
    words = text.strip().split()
    if len(words) > 1 and words[0].lower() in _ARTICLES:
        words = words[1:]
    t = " ".join(words)
    try:
        card = parse_card(t)
    except InvalidCardError:
        card = None
    if card is not None:
        if card in held:
            return card
        raise InvalidCardError(text, f"not in the hand: {card.short}", code="calculator.card_not_held", card=card)
    low = t.lower()
    rank = _RANK_WORDS.get(low)
    if rank is None and low in RANK_PLURALS[1:]:
        rank = RANK_PLURALS.index(low)
    if rank is None and low != "1" and t.upper() in _RANK_TOKENS:
        rank = _RANK_TOKENS[t.upper()]
    if rank is not None:
        fits = [c for c in held if c.rank == rank]
        missing = f"no {RANK_PLURALS[rank]} in the hand"
        why: dict[str, Any] = {"code": "calculator.no_rank_held", "rank": rank}
    else:
        suit = _SUIT_WORDS.get(low)
        if suit is None:
            raise InvalidCardError(text)
        fits = [c for c in held if c.suit == suit]
        missing = f"no {SUIT_NAMES[suit]} in the hand"
        why = {"code": "calculator.no_suit_held", "suit": suit}
    if not fits:
        raise InvalidCardError(text, missing, **why)
    if len(fits) > 1:
        raise AmbiguousCardError(text, fits)
    return fits[0]


_SPLIT_RE = re.compile(r"[\s,;]+")


def split_card_tokens(text: str) -> list[str]:
    """Split text into card tokens, keeping 'five of hearts' together."""
    words = [w for w in _SPLIT_RE.split(_check_str(text, "split_card_tokens").strip()) if w]
    tokens: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and words[i + 1].lower() == "of":
            tokens.append(" ".join(words[i : i + 3]))
            i += 3
        elif i + 3 < len(words) and words[i].lower() == "the" and words[i + 2].lower() == "of":
            tokens.append(" ".join(words[i + 1 : i + 4]))
            i += 4
        else:
            tokens.append(words[i])
            i += 1
    return tokens


def parse_cards(text: str | Iterable[str], *, distinct: bool = True) -> list[Card]:
    """Parse several cards: '5H 5C 5S JD', '5h, jd', 'five of hearts, jack of diamonds'.

    With ``distinct`` (the default) a card named twice raises DuplicateCardError.
    """
    if isinstance(text, str):
        tokens = split_card_tokens(text)
    else:
        if isinstance(text, bytes) or not hasattr(type(text), "__iter__"):
            raise ArgumentTypeError("parse_cards", "text", text, "a text or a list of texts")
        try:
            items = list(text)
        except Exception:  # noqa: BLE001 - an iterable that fails
            raise ArgumentTypeError("parse_cards", "text", text, "a text or a list of texts") from None
        tokens = [t for item in items for t in split_card_tokens(item)]
    cards = [parse_card(t) for t in tokens]
    if _check_bool(distinct, "parse_cards", "distinct"):
        seen: set[Card] = set()
        for c in cards:
            if c in seen:
                raise DuplicateCardError(c.short)
            seen.add(c)
    return cards


def cards_short(cards: Iterable[Card]) -> str:
    """'5H 10C QS'."""
    return " ".join(c.short for c in _check_cards(cards, "cards_short"))


def sort_hand(cards: Iterable[Card]) -> list[Card]:
    """Sorted by rank then suit, the order hands are shown and numbered in."""
    return sorted(_check_cards(cards, "sort_hand"))  # a Card sorts as (rank, suit)
