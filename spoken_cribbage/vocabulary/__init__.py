"""The one vocabulary: every command a player can give, by key, typed on the command line, or
spoken, comes from the table :data:`PHRASES` (:mod:`spoken_cribbage.vocabulary.phrases`) and
the card phrases built from the hand.

* :func:`phrases_for` gives the voice grammar of a moment (a :class:`VoiceContext`): each spoken
  phrase mapped to the typed command it stands for (``play 5H``, ``go``, ``count`` ...).
* :func:`parse_command` reads a typed line. It accepts every phrase of every voice grammar (with
  the same meaning), plus typed-only forms (card codes like ``5h``, numbers like ``1 2``).
* :func:`key_command` maps a single key to its command in a phase; :func:`keys_for` and
  :func:`help_lines` make the key list and the help from the same table.

>>> from spoken_cribbage.engine.cards import parse_cards
>>> ctx = VoiceContext.of("play", parse_cards("5H 10C JD KS"))
>>> phrases_for(ctx)["play five of hearts"]
'play 5H'
>>> phrases_for(ctx)["third card"]
'play JD'
>>> str(parse_command("play the king", ctx))
'play KS'
>>> "play six of hearts" in decoys_for(ctx)
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from spoken_cribbage.engine.cards import (
    DECK,
    RANK_NAMES,
    RANK_PLURALS,
    SUIT_NAMES,
    SUIT_SINGULAR,
    AmbiguousCardError,
    Card,
    InvalidCardError,
    match_card,
    parse_card,
    sort_hand,
    split_card_tokens,
)
from spoken_cribbage.notice import Problem
from spoken_cribbage.vocabulary.command import CHANNEL_SETTINGS
from spoken_cribbage.vocabulary.command import VALUE_VERBS as VALUE_VERBS
from spoken_cribbage.vocabulary.command import Command as Command
from spoken_cribbage.vocabulary.command import CommandError as CommandError
from spoken_cribbage.vocabulary.command import fragments as fragments
from spoken_cribbage.vocabulary.command import normalize as normalize
from spoken_cribbage.vocabulary.command import shown as shown
from spoken_cribbage.vocabulary.phrases import _ANSWERING as _ANSWERING
from spoken_cribbage.vocabulary.phrases import BY_VERB as BY_VERB
from spoken_cribbage.vocabulary.phrases import CARD_VERBS as CARD_VERBS
from spoken_cribbage.vocabulary.phrases import COUNT_WORDS as COUNT_WORDS
from spoken_cribbage.vocabulary.phrases import NINETEEN as NINETEEN
from spoken_cribbage.vocabulary.phrases import NUMBER_WORDS as NUMBER_WORDS
from spoken_cribbage.vocabulary.phrases import OFFERED_ORDINALS as OFFERED_ORDINALS
from spoken_cribbage.vocabulary.phrases import ORDINALS as ORDINALS
from spoken_cribbage.vocabulary.phrases import PHASED_KEYS as PHASED_KEYS
from spoken_cribbage.vocabulary.phrases import PHASES as PHASES
from spoken_cribbage.vocabulary.phrases import PHRASES as PHRASES
from spoken_cribbage.vocabulary.phrases import PRONUNCIATIONS as PRONUNCIATIONS
from spoken_cribbage.vocabulary.phrases import QUERY_PHRASES as QUERY_PHRASES
from spoken_cribbage.vocabulary.phrases import SETTINGS as SETTINGS
from spoken_cribbage.vocabulary.phrases import SHORTCUT_KEYS as SHORTCUT_KEYS
from spoken_cribbage.vocabulary.phrases import Phrase as Phrase

# ----------------------------------------------------------------------------- the moment


@dataclass(frozen=True)
class VoiceContext:
    """What is legal now. ``hand`` holds the cards as numbered for the player; ``numbers`` their
    positions (1.. by default): numbers stay those the player last heard, so they may have gaps."""

    phase: str = "other"
    hand: tuple[Card, ...] = ()
    can_go: bool = True
    numbers: tuple[int, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.phase not in PHASES:
            raise ValueError(f"unknown voice phase {self.phase!r}: use one of {', '.join(PHASES)}")
        object.__setattr__(self, "hand", tuple(self.hand))
        numbers = tuple(self.numbers) or tuple(range(1, len(self.hand) + 1))
        if len(numbers) != len(self.hand):
            raise ValueError("give one position number for each card")
        object.__setattr__(self, "numbers", numbers)

    @classmethod
    def of(cls, phase: str, hand: Iterable[Card] = (), can_go: bool = True) -> VoiceContext:
        """Build a context, sorting the hand the way it is shown."""
        return cls(phase, tuple(sort_hand(hand)), can_go)

    @classmethod
    def numbered(cls, phase: str, numbering: Iterable[Card | None], can_go: bool = True) -> VoiceContext:
        """Build a context from a numbering: position i+1 holds a card, or None (a gap)."""
        pairs = [(i, c) for i, c in enumerate(numbering, 1) if c is not None]
        return cls(phase, tuple(c for _, c in pairs), can_go, tuple(i for i, _ in pairs))

    @property
    def card_verb(self) -> str:
        """What a bare card means now: discard in the discard, play otherwise."""
        return "discard" if self.phase == "discard" else "play"


def _card_phrases(verb: str, card: Card, position: int, rank_unique: bool, *, all_ordinals: bool = False) -> list[str]:
    name = card.name
    out = [f"{verb} {name}", name]
    if rank_unique:
        rank = RANK_NAMES[card.rank]
        out += [f"{verb} the {rank}", f"the {rank}"]
    if 1 <= position <= 6:
        num, ordn = NUMBER_WORDS[position], ORDINALS[position]
        out += [f"card {num}", f"{verb} card {num}"]
        if all_ordinals or position in OFFERED_ORDINALS:
            out += [f"{ordn} card", f"the {ordn} card", f"{verb} the {ordn} card"]
    return out


def phrases_for(ctx: VoiceContext) -> dict[str, str]:
    """Every phrase the voice grammar accepts in ``ctx``, mapped to its typed command."""
    out: dict[str, str] = {}
    if ctx.phase in CARD_VERBS:
        verb = ctx.phase
        ranks = [c.rank for c in ctx.hand]
        for pos, card in zip(ctx.numbers, ctx.hand, strict=True):
            for p in _card_phrases(verb, card, pos, ranks.count(card.rank) == 1):
                out[p] = f"{verb} {card.short}"
    if ctx.phase == "counting":
        for n, said in enumerate(COUNT_WORDS):
            out[said] = f"claim {claimed(n)}"
    for entry in PHRASES:
        if ctx.phase not in entry.phases:
            continue
        if entry.verb == "go" and not ctx.can_go:
            continue
        for p in entry.spoken:
            out[p] = entry.verb
    return out


def claimed(n: int) -> int:
    """The count a player means by ``n``: "nineteen" (19) is the call for no points."""
    return 0 if n == NINETEEN else n


def count_number(text: str) -> int | None:
    """A count as typed or said ('12', 'twelve', 'twenty-one', 'nineteen' for 0), or None."""
    said = normalize(text)
    if said.isdecimal() and said.isascii() and len(said) <= 3:
        return claimed(int(said))
    if said in COUNT_WORDS:
        return claimed(COUNT_WORDS.index(said))
    return None


def decoys_for(ctx: VoiceContext) -> list[str]:
    """Command-like phrases that are NOT legal in ``ctx`` (recognised, then rejected)."""
    legal = phrases_for(ctx)
    decoys: list[str] = []
    in_hand = set(ctx.hand)
    ranks = [c.rank for c in ctx.hand]
    for card in DECK:
        if card not in in_hand:
            decoys.append(card.name)
        for verb in CARD_VERBS:
            decoys.append(f"{verb} {card.name}")
    for rank in range(1, 14):
        if ranks.count(rank) != 1:
            decoys.append(f"the {RANK_NAMES[rank]}")
        for verb in CARD_VERBS:
            decoys.append(f"{verb} the {RANK_NAMES[rank]}")
    for pos in range(1, 7):
        decoys += [f"card {NUMBER_WORDS[pos]}", f"{ORDINALS[pos]} card", f"the {ORDINALS[pos]} card"]
        for verb in CARD_VERBS:
            decoys += [f"{verb} card {NUMBER_WORDS[pos]}", f"{verb} the {ORDINALS[pos]} card"]
    decoys.append("go")
    # The answers to a question, outside one: recognised as what they are, and rejected. (The
    # phrases of the end of a deal and of the game are not added to the other phases: as decoys
    # they cost 6 points of exact matches on the test corpus, 91% -> 85%.)
    for entry in PHRASES:
        if entry.verb in ("yes", "no", "cancel") or ctx.phase == "question":
            decoys += entry.spoken  # and, during a question, every other command
    decoys += fragments(list(legal) + decoys)
    seen: set[str] = set()
    result = []
    for d in decoys:
        if d not in legal and d not in seen:
            seen.add(d)
            result.append(d)
    return result


def command_for(phrase: str, ctx: VoiceContext) -> str | None:
    """The typed command for a spoken phrase, or None when it is not legal in ``ctx``."""
    return phrases_for(ctx).get(normalize(phrase))


def vocabulary(ctx: VoiceContext | None = None) -> set[str]:
    """Words used by the phrases (and decoys) of ``ctx``, or of every context when None."""
    if ctx is None:
        # The phases where a mistake would act on the game; the words of "next deal" and "new
        # game" are left out of this reference set (they made other commands fit it better).
        hand = tuple(sort_hand(DECK[:6]))
        ctxs = [VoiceContext(p, hand if p in CARD_VERBS else ()) for p in ("discard", "play", "other", "question")]
    else:
        ctxs = [ctx]
    words: set[str] = set()
    for c in ctxs:
        for p in list(phrases_for(c)) + decoys_for(c):
            words.update(p.split())
    for card in DECK:
        words.update(card.name.split())
    words.update(r for r in RANK_NAMES if r)
    words.update(NUMBER_WORDS[1:])
    words.update(ORDINALS[1:])
    return words


# ----------------------------------------------------------------------------- typed lines

_TYPED: dict[str, str] = {}
for _entry in PHRASES:
    for _form in (_entry.verb, *_entry.spoken, *_entry.typed):
        _TYPED.setdefault(_form, _entry.verb)
for _key, _verb in SHORTCUT_KEYS.items():
    _TYPED.setdefault(_key, _verb)
_TYPED[""] = "next"  # Enter alone on a line: do what the prompt says


def _typed_card_phrases(ctx: VoiceContext) -> dict[str, Command]:
    """The card phrases of the hand for both verbs (bare forms take the phase's verb): what a
    voice grammar of this hand accepts, and the ordinals voice leaves out."""
    out: dict[str, Command] = {}
    ranks = [c.rank for c in ctx.hand]
    bare_verb = ctx.card_verb
    for verb in CARD_VERBS:
        for pos, card in zip(ctx.numbers, ctx.hand, strict=True):
            for p in _card_phrases(verb, card, pos, ranks.count(card.rank) == 1, all_ordinals=True):
                said_verb = verb if p.startswith(verb + " ") else bare_verb
                out.setdefault(p, Command(said_verb, cards=(card,)))
    return out


def parse_command(text: str, ctx: VoiceContext | None = None, *, phase: str | None = None) -> Command:
    """Parse a typed line (or a spoken phrase) into a :class:`Command`.

    ``ctx`` gives the hand as numbered, so "the king" or "third card" name a card; a bare card
    or number means a discard in the discard and a play otherwise. Raises
    :class:`CommandError` with a sentence the player can act on; never anything else."""
    if not isinstance(text, str):
        raise CommandError("command.not_text")
    if ctx is None:
        ctx = VoiceContext(phase if phase in PHASES else "other")
    raw = _cleaned_line(text)
    if raw in _TYPED and (raw or not text.split()):  # "" only for a line of nothing but spaces
        return Command(_TYPED[raw])
    said = normalize(raw)
    if not said:
        # Something was given, but nothing in it is a word (NUL bytes, undecodable bytes, a
        # zero-width space, punctuation): refused, never taken as Enter's "next".
        raise CommandError("command.nothing_readable")
    command = _whole_phrase(said, ctx) or _headed_line(raw.split(), text, ctx)
    if command is not None:
        return command
    try:
        return _cards_named(ctx.card_verb, raw, ctx)
    except CommandError as e:
        if e.code == "command.not_a_card":
            raise CommandError("command.unknown", text=shown(text)) from None
        raise


def _cleaned_line(text: str) -> str:
    """The line in lower case, its spaces (and NULs) folded, without closing punctuation."""
    raw = " ".join(text.replace("\x00", " ").split()).lower()
    if len(raw) > 200:
        raise CommandError("command.too_long")
    return raw if raw == "?" else raw.strip(" .!?")


def _whole_phrase(said: str, ctx: VoiceContext) -> Command | None:
    """The command a line means as a whole: a command's word, a count while counting, or a card
    of the hand by name or position; None when it is none of these."""
    if said in _TYPED:
        return Command(_TYPED[said])
    if ctx.phase == "counting":  # the player's count of a hand: a number, "nineteen" for none
        n = count_number(said)
        if n is not None:
            return Command("claim", numbers=(n,))
    return _typed_card_phrases(ctx).get(said)


def _headed_line(words: list[str], text: str, ctx: VoiceContext) -> Command | None:
    """The command of a line led by its verb: a claim, a setting and its value, names, or a card
    verb and its cards; None when the first word leads none of these."""
    if words[0] == "claim":  # "claim 12": a count, in any phase (the game says if it is due)
        return _claimed(words[1:])
    if len(words) > 1 and words[0] in ("channel", "channels"):  # "channel scores history"
        if f"channel_{words[1]}" not in CHANNEL_SETTINGS:
            raise CommandError(
                "command.no_such_channel",
                name=shown(words[1]),
                channels=[k.removeprefix("channel_") for k in CHANNEL_SETTINGS],
            )
        words = ["channel", *words[1:]]
    if len(words) > 1 and "_".join(words[:2]) in SETTINGS:  # "cue volume 0.5"
        words = ["_".join(words[:2])] + words[2:]
    head = words[0]
    if head == "names" and len(words) > 1:  # names keep their capitals and spaces
        typed = " ".join(text.replace("\x00", " ").split()).split(" ", 1)[1]
        return Command(head, value=typed.strip())
    if head == "brief" and len(words) > 2:  # "brief discard suits": several parts
        parts = [p for w in words[1:] for p in w.split(",") if p and p != "and"]
        return Command(head, value=",".join(parts))
    if head in SETTINGS or (head in VALUE_VERBS and len(words) > 1):
        if len(words) != 2:
            raise CommandError(
                "command.setting_value", setting=head.replace("_", " "), example=SETTINGS.get(head) or VALUE_VERBS[head]
            )
        return Command(head, value=words[1])
    if head in BY_VERB:
        raise CommandError("command.takes_nothing", verb=head)
    if head in ("play", "discard", "lay", "throw"):
        return _card_verb_line(head, words[1:], ctx)
    return None


def _claimed(rest: list[str]) -> Command:
    """The claim of "claim 12" (the words after "claim")."""
    n = count_number(" ".join(rest)) if rest else None
    if n is None:
        raise CommandError("command.claim_how")
    return Command("claim", numbers=(n,))


def _card_verb_line(head: str, rest: list[str], ctx: VoiceContext) -> Command:
    """The cards after "play", "discard", "lay" or "throw" (and "away")."""
    verb = "play" if head == "play" else "discard"
    if rest and rest[0] == "away":
        rest = rest[1:]
    if not rest or rest == ["card"]:
        raise CommandError("command.which_card_example", verb=verb)
    return _cards_named(verb, " ".join(rest), ctx)


_ARTICLES = ("the", "a", "an", "my")
#: Between the cards of one command: "the ace and the four", "5h, jd".
_AND = re.compile(r"\s*(?:,|\band\b)\s*")


def _position(text: str) -> int | None:
    """The position a card is named by: 'card two', 'card 2', 'the second card' -> 2 (the
    card may have left the hand: the session then says where it went); None otherwise."""
    words = text.split()
    if words and words[0] in _ARTICLES:
        words = words[1:]
    if len(words) != 2:
        return None
    if words[0] == "card":
        said = words[1]
        if said.isdecimal() and said.isascii():
            return int(said)
        return NUMBER_WORDS.index(said) if said in NUMBER_WORDS[1:] else None
    if words[1] == "card" and words[0] in ORDINALS[1:]:
        return ORDINALS.index(words[0])
    return None


def _cards_named(verb: str, text: str, ctx: VoiceContext) -> Command:
    """The cards of a line after its verb (or of a bare line): one or more, joined by 'and' or
    commas, each a position ('card two', 'second card'), a card of the hand by rank or suit
    ('the ace'), card codes or names ('5h jd', 'ace of diamonds'), or numbers ('1 2')."""
    cards: list[Card] = []
    numbers: list[int] = []
    doubt: CommandError | None = None  # a part that fits two cards ("the ace" with two aces)
    for part in [p for p in _AND.split(text) if p]:
        n = _position(part)
        if n is not None:
            numbers.append(n)
            continue
        try:
            named = _typed_card_phrases(ctx).get(normalize(part)) or _card_in_hand(verb, part, ctx)
        except CommandError as e:
            if e.code != "command.ambiguous" or doubt is not None:
                raise
            doubt = e  # the question is asked after the other parts are read
            continue
        if named is None:
            words = part.split()
            if len(words) > 1 and words[0] == "card":  # "card 1 2"
                part = " ".join(words[1:])
            named = _cards_command(verb, part)
        cards += named.cards
        numbers += named.numbers
    if doubt is not None:
        # which one is asked; ``known``: the other cards named, sure (a discard keeps them)
        raise CommandError(doubt.code, **doubt.data, verb=verb, known=tuple(cards) if not numbers else ())
    if cards and numbers:
        raise CommandError("command.numbers_and_names")
    if not cards and not numbers:
        raise CommandError("command.which_card", verb=verb)
    return Command(verb, cards=tuple(cards), numbers=tuple(numbers))


def _card_in_hand(verb: str, text: str, ctx: VoiceContext) -> Command | None:
    """A card of the hand named by its rank or suit alone ('the five', 'spades'), when the hand
    is known. Raises CommandError when the name fits two cards ("You have two fives: ...?") or
    none; None when ``text`` is not such a name (it may be a whole card or numbers)."""
    if not ctx.hand:
        return None
    words = text.split()
    if len(words) > 1 and words[0] in _ARTICLES:
        words = words[1:]
    if len(words) != 1:
        return None
    word = words[0]
    if word in RANK_NAMES[1:] or word in RANK_PLURALS[1:]:
        rank = RANK_NAMES.index(word) if word in RANK_NAMES else RANK_PLURALS.index(word)
        fits = [c for c in ctx.hand if c.rank == rank]
        none = Problem("command.no_rank", rank=rank)
    elif word in SUIT_NAMES or word in SUIT_SINGULAR:
        suit = SUIT_NAMES.index(word) if word in SUIT_NAMES else SUIT_SINGULAR.index(word)
        fits = [c for c in ctx.hand if c.suit == suit]
        none = Problem("command.no_suit", suit=suit)
    else:
        return None
    try:
        card = match_card(word, fits)
    except AmbiguousCardError as e:
        raise CommandError("command.ambiguous", text=word, cards=tuple(e.cards)) from None
    except InvalidCardError:
        raise CommandError(none.code, **none.data) from None
    return Command(verb, cards=(card,))


def _card_or_number(token: str) -> Card | int:
    if token.isdecimal() and token.isascii():
        return int(token)
    return parse_card(token)


def _cards_command(verb: str, text: str) -> Command:
    try:
        tokens = split_card_tokens(text)
        items = [_card_or_number(t) for t in tokens]
    except InvalidCardError as e:
        raise CommandError("command.not_a_card", token=shown(e.token)) from None
    if not items:
        raise CommandError("command.which_card", verb=verb)
    cards = tuple(i for i in items if isinstance(i, Card))
    numbers = tuple(i for i in items if isinstance(i, int))
    if cards and numbers:
        raise CommandError("command.numbers_and_names")
    return Command(verb, cards=cards, numbers=numbers)


# ----------------------------------------------------------------------------- keys and help


def key_command(key: str, phase: str) -> str | None:
    """The command of a single key in a phase (``y`` and ``n`` answer a question; ``n`` starts
    a new game when the game is over), or None when the key does nothing. ``key`` is the
    character a key types, or the name of one that types none ("f1", "up", "tab").

    >>> key_command("?", "play"), key_command("f1", "play"), key_command("up", "play")
    ('help', 'help', 'previous')
    """
    for entry in PHRASES:
        if (entry.key == key or key in entry.also) and (entry.verb not in PHASED_KEYS or phase in entry.phases):
            return entry.verb
    return None


def also_keys() -> list[tuple[str, tuple[str, ...]]]:
    """(key, the named keys that do the same) in table order, for help."""
    return [(p.key, p.also) for p in PHRASES if p.key and p.also]


def commands_for_help() -> list[tuple[str, str]]:
    """(typed form, verb) of the listed commands that have no key and work in every phase, in
    table order: help gives each a line of its own (``words.commands`` says what it does)."""
    return [(p.typed[0], p.verb) for p in PHRASES if p.key is None and p.listed and p.typed and p.phases == _ANSWERING]


def keys_for(phase: str, *, voice: bool = False, muggins: bool = False) -> list[tuple[str, str]]:
    """(key, verb) for the single keys of the key list in ``phase`` (``words.commands`` says
    what each does); the muggins key only in a game with muggins (``muggins``)."""
    out = []
    for entry in PHRASES:
        if not entry.key or not entry.listed:
            continue
        if entry.verb == "listen" and not voice:
            continue
        if entry.verb in ("new", "undo", "time", "muggins") and phase not in entry.phases:
            continue
        if entry.verb == "muggins" and not muggins:
            continue
        out.append((entry.key, entry.verb))
    return out
