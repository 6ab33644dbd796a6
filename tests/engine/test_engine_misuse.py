"""Misuse of the engine is refused with the engine's own errors, and changes nothing.

Every public function and method of spoken_cribbage.engine (cards, scoring, rules, game) is
called with random objects: wrong types, numbers out of range, forged cards, a Card subclass
that equals every card, an int subclass that equals every seat, objects whose every method
raises, one-shot iterators, mixed with values that are right so that the checks deeper down are
reached too. Each call either returns or raises an EngineError (InvalidArgumentError,
ArgumentTypeError, IllegalActionError, InvalidCardError...), never a bare IndexError, TypeError
or AttributeError; and a full snapshot of the game (every attribute, the random generator's
state) is the same after as before, unless a legal action was applied.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoken_cribbage.engine import cards, errors, game, rules, scoring
from spoken_cribbage.engine.cards import DECK, Card
from spoken_cribbage.engine.errors import ArgumentTypeError, EngineError, InvalidArgumentError
from spoken_cribbage.engine.game import (
    Claim,
    CutForDealer,
    Deal,
    Discard,
    Game,
    Go,
    IllegalActionError,
    Muggins,
    NextDeal,
    Play,
    TimeUp,
    TurnStarter,
)
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.words.notices import phrase

SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


# ----------------------------------------------------------------------------- hostile objects


class EqualsEveryCard(Card):
    """The issue's case: a Card subclass equal to any card, hashing like the five of hearts."""

    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = Card.__hash__


class EqualsEverything(int):
    def __eq__(self, other):
        return True

    def __ne__(self, other):
        return False

    __hash__ = int.__hash__


class Boom:
    """Every method a check might call raises."""

    def _boom(self, *a, **k):
        raise RuntimeError("boom")

    __repr__ = __eq__ = __ne__ = __lt__ = __hash__ = __len__ = __iter__ = __index__ = _boom
    __bool__ = __int__ = __getitem__ = __contains__ = _boom


class PlaySubclass(Play):
    pass


def forged(rank, suit):
    return tuple.__new__(Card, (rank, suit))


def hostile():
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(),
        st.integers(-3, 60),
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=6),
        st.binary(max_size=4),
        st.sampled_from(DECK),
        st.builds(
            forged,
            st.one_of(st.integers(-1, 15), st.floats(0, 14), st.none()),
            st.one_of(st.integers(-1, 5), st.floats(0, 4)),
        ),
        st.builds(EqualsEveryCard, st.integers(1, 13), st.integers(0, 3)),
        st.builds(EqualsEverything, st.integers(-1, 6)),
        st.builds(Boom),
        st.just(object()),
        st.just(Card),
        st.just(Play(0, Card(5, 2))),
        st.builds(PlaySubclass, st.integers(0, 1), st.sampled_from(DECK)),
        st.just(random.Random(1)),
        st.just(Rules()),
        st.just(np.zeros((2, 4), dtype=np.int8)),
        st.just(np.array([[0, 1, 2, 3], [4, 5, 6, 7]])),
        st.just({"a": 1}),
        st.just({5, 6}),
    )


def cardish():
    return st.one_of(st.sampled_from(DECK), hostile())


def card_lists():
    return st.one_of(
        st.lists(st.sampled_from(DECK), max_size=7, unique=True),
        st.lists(st.sampled_from(DECK), max_size=7, unique=True).map(tuple),
        st.lists(cardish(), max_size=6),
        st.lists(cardish(), max_size=6).map(tuple),
        st.lists(st.sampled_from(DECK), max_size=5).map(iter),
        hostile(),
    )


def past_constructor(cls, *values):
    """An action made without its constructor's checks (as a forged card is made with
    tuple.__new__): what gets past them must still be refused by the game."""
    action = object.__new__(cls)
    for f, value in zip(dataclasses.fields(cls), values):
        object.__setattr__(action, f.name, value)
    return action


def made(cls, *values):
    """The action the constructor makes of ``values``; when it refuses them (with the
    engine's own error, checked here), the same fields forged past it."""
    try:
        return cls(*values)
    except Exception as e:  # noqa: BLE001 - what we are looking for
        assert ours(e), f"{cls.__name__}{values!r} raised {type(e).__name__}: {e}"
        return past_constructor(cls, *values)


def actions():
    seat = st.one_of(st.integers(0, 5), hostile())

    def build(cls, *fields):
        return st.builds(made, st.just(cls), *fields)

    return st.one_of(
        build(Discard, seat, card_lists()),
        build(Play, seat, cardish()),
        build(Go, seat),
        st.just(NextDeal()),
        build(Claim, seat, st.one_of(st.integers(-1, 50), hostile())),
        build(Muggins, seat),
        build(TimeUp, seat),
        build(CutForDealer, card_lists()),
        build(TurnStarter, cardish()),
        build(Deal, st.lists(card_lists(), max_size=3).map(tuple), cardish()),
        hostile(),
    )


def any_value():
    """Hostile objects, and sometimes values that are right (so the checks behind are reached)."""
    return st.one_of(
        hostile(),
        hostile(),
        st.integers(0, 5),
        st.sampled_from(DECK),
        card_lists(),
        actions(),
        st.sampled_from(["5H", "five of hearts", "play 1 5H", "discard 0 5H 6H", "next", "auto"]),
    )


# ----------------------------------------------------------------------------- the calls


def rules_kwargs():
    return st.fixed_dictionaries(
        {},
        optional={
            "players": any_value(),
            "target": any_value(),
            "counting": any_value(),
            "muggins": any_value(),
            "overcount_penalty": any_value(),
            "teams": any_value(),
        },
    )


def game_kwargs():
    return st.fixed_dictionaries(
        {},
        optional={
            "rules": st.one_of(st.just(Rules(3)), any_value()),
            "players": any_value(),
            "target": any_value(),
            "seed": any_value(),
            "rng": any_value(),
            "first_dealer": any_value(),
            "chance": any_value(),
            "scores": any_value(),
            "teams": any_value(),
        },
    )


# name -> (callable, strategy of (args, kwargs)). Methods of Game are looked up on the game under
# test (a string); ``Game`` and ``Game.replay`` make new games.
def a(n):
    return st.tuples(*[any_value() for _ in range(n)])


def call(args, kwargs=None):
    return st.tuples(args, kwargs if kwargs is not None else st.just({}))


FUNCTIONS = {
    "cards.Card": (Card, call(a(2))),
    "cards.Card._make": (Card._make, call(st.tuples(any_value()))),
    "cards.shown_text": (cards.shown_text, call(a(1))),
    "cards.is_card": (cards.is_card, call(a(1))),
    "cards.card_from_code": (cards.card_from_code, call(a(1))),
    "cards.card_short": (cards.card_short, call(a(1))),
    "cards.card_name": (cards.card_name, call(a(1))),
    "cards.rank_name": (cards.rank_name, call(a(2))),
    "cards.parse_card": (cards.parse_card, call(a(1))),
    "cards.match_card": (cards.match_card, call(a(2))),
    "cards.split_card_tokens": (cards.split_card_tokens, call(a(1))),
    "cards.parse_cards": (cards.parse_cards, call(a(1), st.fixed_dictionaries({}, optional={"distinct": any_value()}))),
    "cards.cards_short": (cards.cards_short, call(a(1))),
    "cards.sort_hand": (cards.sort_hand, call(a(1))),
    "errors.shown": (errors.shown, call(a(1))),
    "scoring.score_hand": (
        scoring.score_hand,
        call(a(2), st.fixed_dictionaries({}, optional={"is_crib": any_value()})),
    ),
    "scoring.score_play": (scoring.score_play, call(a(2))),
    "scoring.hand_points": (scoring.hand_points, call(st.one_of(a(2), a(3)))),
    "scoring.starters_array": (scoring.starters_array, call(a(1))),
    "scoring.score_all_hands": (
        scoring.score_all_hands,
        call(
            st.just(()),
            st.fixed_dictionaries(
                {
                    "is_crib": st.one_of(st.just(False), any_value()),  # hands=None would score them all
                    "hands": any_value().filter(lambda v: v is not None),
                }
            ),
        ),
    ),
    "rules.Rules": (Rules, call(st.just(()), rules_kwargs())),
    "rules.Rules.dealt_to": (Rules(5).dealt_to, call(a(1))),
    "rules.Rules.discards_for": (Rules(5).discards_for, call(a(1))),
    "rules.Rules.side_of": (Rules(4).side_of, call(a(1))),
    "rules.Rules.seats_of": (Rules(4).seats_of, call(a(1))),
    "rules.Rules.skunk": (Rules(3).skunk, call(a(2))),
    "game.action_to_text": (game.action_to_text, call(a(1))),
    "game.action_from_text": (game.action_from_text, call(a(1))),
    "game.Game": (Game, call(st.just(()), game_kwargs())),
    "game.Game.replay": (
        Game.replay,
        call(st.tuples(st.one_of(st.lists(actions(), max_size=3), any_value())), game_kwargs()),
    ),
    "game.Dealt.seen_by": (game.Dealt(1, 0, ((Card(5, 2),), (Card(6, 2),))).seen_by, call(a(1))),
    "game.Discarded.seen_by": (game.Discarded(1, (Card(5, 2),), 0).seen_by, call(a(1))),
    "game.CribCardFromDeck.seen_by": (game.CribCardFromDeck(Card(5, 2)).seen_by, call(a(1))),
}

# Methods of the game under test, and whether a successful call may change it.
METHODS = {
    "side_of": (a(1), False),
    "seats_from": (a(1), False),
    "dealt_to_seat": (a(1), False),
    "discards_due": (a(1), False),
    "opponent_of": (a(1), False),
    "chance_pending": (a(0), False),
    "pending_discards": (a(0), False),
    "playable": (a(1), False),
    "legal_actions": (st.one_of(a(0), a(1)), False),
    "muggins_open": (a(1), False),
    "showing_cards": (a(0), False),
    "observation": (a(1), False),
    "events_for": (st.one_of(a(1), a(2)), False),
    "outcome": (a(0), False),
    "is_game_over": (a(0), False),
    "can_undo": (a(1), False),
    "apply": (st.tuples(actions()), True),
    "undo": (a(1), True),
}

# Public names that take no argument or are values, not entry points to check.
NO_ARGUMENTS = {"scoring.all_hands_array", "scoring.rank_table_numpy"}


def public_entry_points() -> set[str]:
    """Every public function of the four modules (and errors), and every public method of the
    engine's classes that takes an argument."""
    found = set()
    for mod in (cards, scoring, rules, game, errors):
        short = mod.__name__.rsplit(".", 1)[1]
        for name, obj in vars(mod).items():
            if name.startswith("_") or getattr(obj, "__module__", None) != mod.__name__:
                continue
            if inspect.isfunction(obj):
                found.add(f"{short}.{name}")
            elif inspect.isclass(obj) and not issubclass(obj, BaseException):
                for meth, f in vars(obj).items():
                    if inspect.isfunction(f) and not meth.startswith("_") and len(inspect.signature(f).parameters) > 1:
                        found.add(f"{short}.{name}.{meth}")
    return found


def test_every_public_entry_point_is_thrown_at():
    covered = set(FUNCTIONS) | {f"game.Game.{m}" for m in METHODS} | NO_ARGUMENTS
    missing = public_entry_points() - covered
    assert not missing, f"add these to FUNCTIONS or METHODS: {sorted(missing)}"
    # Game.__init__ and Rules' fields are thrown at through "game.Game" and "rules.Rules".


# ----------------------------------------------------------------------------- snapshots


def snapshot(g: Game) -> dict:
    """Everything in the game, deep-copied; a random generator by its state."""
    out = {}
    for k, v in vars(g).items():
        out[k] = ("rng", v.getstate()) if isinstance(v, random.Random) else copy.deepcopy(v)
    return out


def a_game(seed: int, steps: int, kind: int) -> Game:
    """A game somewhere along: two players, three, four in teams, manual counting with
    muggins, or manual chance."""
    if kind == 0:
        g = Game(seed=seed)
    elif kind == 1:
        g = Game(seed=seed, players=3)
    elif kind == 2:
        g = Game(seed=seed, players=4)
    elif kind == 3:
        g = Game(rules=Rules(2, counting="manual", muggins=True), seed=seed)
    else:
        g = Game(seed=seed, players=2, chance="manual", first_dealer=seed % 2)
    rng = random.Random(seed)
    for _ in range(steps):
        legal = g.legal_actions()
        if not legal:
            break
        g.apply(rng.choice(legal))
    return g


def ours(e: BaseException) -> bool:
    return isinstance(e, EngineError)


def normal(action):
    if type(action) is Discard:
        return ("discard", action.seat, frozenset(action.cards))
    return action


@settings(max_examples=300, **SETTINGS)
@given(st.data())
def test_random_objects_at_every_function_are_refused_with_our_errors(data):
    name = data.draw(st.sampled_from(sorted(FUNCTIONS)), label="function")
    fn, strategy = FUNCTIONS[name]
    args, kwargs = data.draw(strategy, label="arguments")
    try:
        fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 - what we are looking for
        assert ours(e), f"{name}{args!r} {kwargs!r} raised {type(e).__name__}: {e}"
        assert str(e).strip()
        if isinstance(e, errors.EngineProblem):
            assert "has no words" not in phrase(e)


@settings(max_examples=250, **SETTINGS)
@given(st.integers(0, 10_000), st.integers(0, 80), st.integers(0, 4), st.data())
def test_random_objects_at_every_method_change_nothing(seed, steps, kind, data):
    g = a_game(seed, steps, kind)
    for _ in range(data.draw(st.integers(1, 6), label="calls")):
        name = data.draw(st.sampled_from(sorted(METHODS)), label="method")
        strategy, mutates = METHODS[name]
        args = data.draw(strategy, label="arguments")
        if name == "apply" and g.legal_actions() and data.draw(st.booleans(), label="legal"):
            args = (data.draw(st.sampled_from(g.legal_actions()), label="a legal action"),)
        legal = {normal(x) for x in g.legal_actions()}
        if g.phase == "show":  # the front end's clock: legal, though never listed
            legal.add(TimeUp(g.to_act))
        before = snapshot(g)
        try:
            getattr(g, name)(*args)
        except Exception as e:  # noqa: BLE001
            assert ours(e), f"Game.{name}{args!r} raised {type(e).__name__}: {e}"
            assert snapshot(g) == before, f"Game.{name}{args!r} was refused but changed the game"
            continue
        if not mutates:
            assert snapshot(g) == before, f"Game.{name}{args!r} changed the game"
        elif name == "apply":
            assert normal(args[0]) in legal, f"{args[0]!r} was accepted but is not legal"
            assert all(type(c) is Card for _, c in g.played)
            assert every_card_once(g)


def every_card_once(g: Game) -> bool:
    """Held, played, in the crib, the starter or still in the deck: each of the 52 once (true
    of any game between its deals too, where nothing is dealt)."""
    if g.phase == "deal":
        return True
    where = (
        [c for h in g.hands for c in h]
        + [c for _, c in g.played]
        + list(g.crib)
        + list(g.deck)
        + ([g.starter] if g.starter is not None else [])
    )
    return sorted(where) == list(DECK)


# ----------------------------------------------------------------------------- the cases


def in_play(seed=3):
    g = Game(seed=seed, first_dealer=0)
    for seat in (1, 0):
        g.apply(Discard(seat, tuple(g.hands[seat][:2])))
    return g


def test_a_card_subclass_equal_to_every_card_is_refused_and_no_card_vanishes():
    g = in_play()
    seat = g.to_act
    unseen = next(c for c in DECK if c in g.deck)
    before = snapshot(g)
    with pytest.raises(ArgumentTypeError, match="Play: card must be a Card"):
        Play(seat, EqualsEveryCard(unseen.rank, unseen.suit))
    with pytest.raises(IllegalActionError) as info:  # made past the constructor
        g.apply(past_constructor(Play, seat, EqualsEveryCard(unseen.rank, unseen.suit)))
    assert info.value.reason == "that is not a card"
    assert snapshot(g) == before
    assert every_card_once(g)  # all 52, none twice
    with pytest.raises(ArgumentTypeError):
        Discard(1, (EqualsEveryCard(5, 2), EqualsEveryCard(6, 2)))
    with pytest.raises(IllegalActionError):
        g.apply(past_constructor(Discard, 1, (EqualsEveryCard(5, 2), EqualsEveryCard(6, 2))))
    assert not cards.is_card(EqualsEveryCard(5, 2))
    with pytest.raises(ArgumentTypeError):
        scoring.score_hand([EqualsEveryCard(5, 2), *DECK[:3]], DECK[20])
    with pytest.raises(ArgumentTypeError):
        scoring.hand_points([EqualsEveryCard(5, 2), *DECK[:3]], DECK[20])


def test_a_seat_out_of_range_is_refused_with_invalid_argument_error():
    g = Game(seed=3)
    for method in (
        g.observation,
        g.playable,
        g.legal_actions,
        g.events_for,
        g.side_of,
        g.seats_from,
        g.muggins_open,
        g.opponent_of,
        g.can_undo,
        g.undo,
    ):
        with pytest.raises(InvalidArgumentError) as info:
            method(99)
        assert info.value.code == "engine.bad_value" and isinstance(info.value, ValueError)
        assert info.value.data["argument"] == "seat" and info.value.data["shown"] == "99"
        with pytest.raises(ArgumentTypeError) as info:
            method("1")
        assert info.value.code == "engine.bad_type" and isinstance(info.value, TypeError)


def test_action_to_text_refuses_what_is_not_an_action():
    for bad in (
        None,
        "next",
        5,
        Card(5, 2),
        PlaySubclass(0, Card(5, 2)),
        past_constructor(Play, "0", Card(5, 2)),
        past_constructor(Play, 0, "5H"),
        past_constructor(Discard, 0, None),
        past_constructor(Claim, 0, 99),
        Deal((), None),
    ):
        with pytest.raises(ArgumentTypeError if not isinstance(bad, Claim) else InvalidArgumentError):
            game.action_to_text(bad)
    assert game.action_to_text(NextDeal()) == "next"
    for text in ("play x 5H", "play -1 5H", "play ١ 5H", "play 1_0 5H", "claim 0 99", "nonsense"):
        with pytest.raises(InvalidArgumentError):
            game.action_from_text(text)


@pytest.mark.parametrize(
    "make, error, shown",
    [
        (lambda: Play(0, None), ArgumentTypeError, "Play: card must be a Card, not None"),
        (lambda: Play(0, "5H"), ArgumentTypeError, "Play: card must be a Card"),
        (lambda: Play(0, forged(5.0, 2)), InvalidArgumentError, "Play: card must be one of the 52"),
        (lambda: Play("0", Card(5, 2)), ArgumentTypeError, "Play: seat must be a whole number"),
        (lambda: Play(True, Card(5, 2)), ArgumentTypeError, "Play: seat"),
        (lambda: Go(6), InvalidArgumentError, "Go: seat must be a whole number from 0 to 5, not 6"),
        (lambda: Go(-1), InvalidArgumentError, "Go: seat"),
        (lambda: Muggins(1.0), ArgumentTypeError, "Muggins: seat"),
        (lambda: TimeUp(None), ArgumentTypeError, "TimeUp: seat"),
        (lambda: Claim(0, 99), InvalidArgumentError, "Claim: points must be a whole number from 0 to 46"),
        (lambda: Claim(0, -1), InvalidArgumentError, "Claim: points"),
        (lambda: Claim(0, 12.0), ArgumentTypeError, "Claim: points"),
        (lambda: Discard(0, None), ArgumentTypeError, "Discard: cards must be a list of cards"),
        (lambda: Discard(0, "5H 6H"), ArgumentTypeError, "Discard: cards"),
        (lambda: Discard(0, (Card(5, 2), "6H")), ArgumentTypeError, "Discard: cards[1] must be a Card"),
        (lambda: CutForDealer((Card(5, 2), 7)), ArgumentTypeError, "CutForDealer: cards[1]"),
        (lambda: TurnStarter(None), ArgumentTypeError, "TurnStarter: card"),
        (lambda: Deal(5), ArgumentTypeError, "Deal: hands"),
        (lambda: Deal(((Card(5, 2), None),)), ArgumentTypeError, "Deal: hands[0][1]"),
        (lambda: Deal((), "5H"), ArgumentTypeError, "Deal: crib_card"),
    ],
)
def test_action_constructors_refuse_wrong_fields_with_our_errors(make, error, shown):
    with pytest.raises(error) as info:
        make()
    assert shown in str(info.value)
    assert "has no words" not in phrase(info.value)


def test_action_constructors_keep_the_genuine_values():
    from enum import IntEnum

    class Seat(IntEnum):
        EAST = 1

    assert type(Go(Seat.EAST).seat) is int and Go(Seat.EAST) == Go(1)
    assert Discard(0, iter(DECK[:2])).cards == DECK[:2]
    assert Deal([list(DECK[:2]), DECK[2:4]]).hands == (DECK[:2], DECK[2:4])
    assert Play(1, forged(5, 2)).card is DECK[18]  # the deck's own object


def test_scorers_and_constructors_given_text_raise_our_errors():
    for fn, args in (
        (scoring.score_hand, ("5H 5C 5S JD", "5D")),
        (scoring.score_play, ("5H", "5D")),
        (scoring.hand_points, ("abcd", "e")),
        (Rules, ("2",)),
        (cards.sort_hand, ("5H",)),
        (cards.card_name, ("5H",)),
    ):
        with pytest.raises(ArgumentTypeError):
            fn(*args)
    for kwargs in (
        {"players": "2"},
        {"seed": "x"},
        {"rng": "x"},
        {"first_dealer": "0"},
        {"chance": 5},
        {"scores": "ab"},
        {"rules": "2"},
    ):
        with pytest.raises(ArgumentTypeError):
            Game(**kwargs)
    with pytest.raises(InvalidArgumentError):
        Game(first_dealer=2)


def test_the_errors_are_values_and_types_as_fits_and_travel_between_processes():
    import pickle

    e = ArgumentTypeError("Game.observation", "seat", "x", "a seat")
    assert isinstance(e, TypeError) and isinstance(e, ValueError) and isinstance(e, EngineError)
    again = pickle.loads(pickle.dumps(e))
    assert type(again) is ArgumentTypeError and again.code == e.code and again.data == e.data
    assert str(again) == str(e) == "Game.observation: seat must be a seat, not 'x'"
    assert issubclass(IllegalActionError, EngineError) and issubclass(IllegalActionError, ValueError)
    assert errors.shown(Boom()).startswith("<Boom") and errors.shown("\x1b[2J") == "'\\x1b[2J'"


@settings(max_examples=20, **SETTINGS)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=6, unique=True), st.data())
def test_hand_points_refuses_a_forged_card_whose_rank_only_equals_a_rank(cards_, data):
    """A Card made with tuple.__new__ holding 5.0 (or True) for 5 (or 1) compares and hashes as
    the genuine card, so the table look-up used to score it: it is refused, in any place."""
    *hand, starter = cards_
    where = data.draw(st.integers(0, len(hand)), label="forged at")
    victim = starter if where == len(hand) else hand[where]
    kind = data.draw(st.sampled_from([float, bool]) if victim.rank == 1 else st.just(float), label="rank type")
    fake = forged(kind(victim.rank), victim.suit)
    assert fake == victim and hash(fake) == hash(victim)
    if where == len(hand):
        starter = fake
    else:
        hand[where] = fake
    with pytest.raises(InvalidArgumentError):
        scoring.hand_points(hand, starter, data.draw(st.booleans(), label="is_crib"))


@settings(max_examples=40, **SETTINGS)
@given(st.lists(st.sampled_from(DECK), min_size=5, max_size=6, unique=True), st.data())
def test_hand_points_refuses_a_forged_card_whose_suit_is_not_a_suit(cards_, data):
    """A suit forged with tuple.__new__ as a float or bool equal to a suit (2.0, True), or an
    int out of 0..3, made a flush or his nobs of cards that are none: it is refused, in any
    place, with four cards and with five."""
    *hand, starter = cards_
    where = data.draw(st.integers(0, len(hand)), label="forged at")
    victim = starter if where == len(hand) else hand[where]
    kinds = [float, lambda s: s + 4, lambda s: s - 4, lambda s: s | 8]
    if victim.suit in (0, 1):
        kinds.append(bool)
    suit = data.draw(st.sampled_from(kinds), label="suit")(victim.suit)
    fake = forged(victim.rank, suit)
    if where == len(hand):
        starter = fake
    else:
        hand[where] = fake
    with pytest.raises(InvalidArgumentError):
        scoring.hand_points(hand, starter, data.draw(st.booleans(), label="is_crib"))


def test_a_forged_suit_no_longer_makes_a_flush():
    # the four hearts but one forged as suit 2.0: scored 4 points of flush before
    hand = [Card(2, 2), Card(4, 2), Card(6, 2), forged(8, 2.0)]
    assert scoring.hand_points([Card(2, 2), Card(4, 2), Card(6, 2), Card(8, 2)], Card(13, 0)) == 4
    with pytest.raises(InvalidArgumentError):
        scoring.hand_points(hand, Card(13, 0))
    with pytest.raises(InvalidArgumentError):  # every card of suit 6 (0b110): no flush of nothing
        scoring.hand_points([forged(r, 6) for r in (2, 4, 6, 8)], Card(13, 0))


@settings(max_examples=40, **SETTINGS)
@given(hostile())
def test_events_are_outputs_and_the_visitor_refuses_anything_else(value):
    """Events are made only by the engine; the one function that takes one, the visitor,
    refuses anything that is not an event instead of answering for it."""
    from spoken_cribbage.engine.events_visitor import EventVisitor

    class Visitor(EventVisitor):
        def visit_event(self, event):
            return "an event"

    with pytest.raises(ArgumentTypeError):
        Visitor().visit(value)
    g = Game(seed=3)
    assert all(Visitor().visit(e) in ("an event", None) for e in g.events)
