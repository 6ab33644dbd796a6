"""Malformed input to the engine: a Card that is not one of the 52 is refused when it is made
(InvalidCardError, a ValueError); an action with a field of the wrong type or range is refused
when it is made (ArgumentTypeError, InvalidArgumentError); and a malformed action that got past
its constructor (made with object.__new__, as a forged card with tuple.__new__) is still refused
by Game.apply with IllegalActionError and changes nothing; never an IndexError, TypeError or
AttributeError."""

import copy
import pickle
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spoken_cribbage.engine.cards import DECK, Card, InvalidCardError, is_card, parse_card, parse_cards
from spoken_cribbage.engine.errors import ArgumentTypeError, InvalidArgumentError
from spoken_cribbage.engine.game import PLAY, Discard, Game, Go, IllegalActionError, NextDeal, Play

FIELD_ERRORS = (ArgumentTypeError, InvalidArgumentError)

SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)


# ----------------------------------------------------------------------------- Card


@pytest.mark.parametrize(
    "rank, suit",
    [
        (14, 0),
        (0, 0),
        (-1, 2),
        (5, 9),
        (5, 4),
        (5, -1),
        (5.0, 1),
        (7.0, 0),
        (True, 0),
        (1, False),
        ("5", 2),
        (5, "H"),
        (None, 1),
        (5, None),
        (5, 1.0),
        ([5], 1),
    ],
)
def test_a_card_outside_the_deck_is_refused_when_made(rank, suit):
    with pytest.raises(InvalidCardError) as info:
        Card(rank, suit)
    assert isinstance(info.value, ValueError)
    assert "not a card" in str(info.value)
    assert ("rank" if not (type(rank) is int and 1 <= rank <= 13) else "suit") in str(info.value)


def test_seven_point_oh_is_not_the_seven_of_clubs():
    with pytest.raises(InvalidCardError, match="rank must be a whole number"):
        Card(7.0, 0)


def test_make_and_replace_validate_like_the_constructor():
    with pytest.raises(InvalidCardError):
        Card._make((14, 0))
    with pytest.raises(InvalidCardError):
        Card(5, 2)._replace(suit=9)
    assert Card._make((5, 2)) == Card(5, 2)
    assert Card(5, 2)._replace(rank=6) == Card(6, 2)


def test_every_card_of_the_deck_is_still_made_and_behaves_as_a_tuple():
    assert tuple(Card(r, s) for r in range(1, 14) for s in range(4)) == DECK
    for card in DECK:
        assert Card(rank=card.rank, suit=card.suit) == card == (card.rank, card.suit)
        assert hash(card) == hash((card.rank, card.suit))
        assert pickle.loads(pickle.dumps(card)) == card
        assert type(pickle.loads(pickle.dumps(card))) is Card
        assert copy.deepcopy(card) == card
        assert is_card(card)
    assert sorted(reversed(DECK)) == list(DECK)
    assert repr(Card(5, 2)) == "Card(rank=5, suit=2)"
    assert parse_card("7C") == Card(7, 0) and parse_cards("5H QS") == [Card(5, 2), Card(12, 3)]


def test_is_card_sees_through_a_card_forged_past_the_constructor():
    for forged in [(14, 0), (5, 9), (5.0, 1), (True, 0), ([], 1)]:
        assert not is_card(tuple.__new__(Card, forged))
    assert not is_card((5, 2)) and not is_card(None)


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 20),
    st.floats(allow_nan=True),
    st.text(max_size=3),
    st.lists(st.integers(), max_size=2),
)


@settings(max_examples=300, **SETTINGS)
@given(junk, junk)
def test_card_is_made_or_refused_with_invalid_card_error_only(rank, suit):
    try:
        card = Card(rank, suit)
    except InvalidCardError:
        assert not (type(rank) is int and 1 <= rank <= 13 and type(suit) is int and 0 <= suit <= 3)
    else:
        assert card in DECK and is_card(card)


# ----------------------------------------------------------------------------- Game.apply


def state(g):
    """Everything a refused action must leave as it was."""
    return (
        g.phase,
        [list(h) for h in g.hands],
        list(g.crib),
        g.starter,
        list(g.deck),
        list(g.series),
        list(g.played),
        set(g.gone),
        g.to_act,
        list(g.scores),
        list(g.back_pegs),
        list(g.events),
        list(g.actions),
        g.dealer,
        g.deal_number,
        [tuple(k) for k in g.kept],
        [tuple(d) for d in g.discards],
        g.winner,
        g.rng.getstate(),
    )


def in_play(seed=4):
    """A two-player game just after both discards, in the play."""
    g = Game(seed=seed, first_dealer=0)
    for seat in (1, 0):
        g.apply(Discard(seat, tuple(g.hands[seat][:2])))
    assert g.phase == PLAY
    return g


def refused(g, action, match=None):
    before = state(g)
    with pytest.raises(IllegalActionError) as info:
        g.apply(action)
    assert state(g) == before
    if match:
        assert match in info.value.reason
    return info.value.reason


def forged(rank, suit):
    return tuple.__new__(Card, (rank, suit))


def past_constructor(cls, **fields):
    """An action made without its constructor's checks, as a forged card is: apply must still
    refuse it."""
    action = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(action, name, value)
    return action


def test_discards_of_cards_that_are_not_cards_are_refused():
    g = Game(seed=3, first_dealer=0)
    real = g.hands[1][0]
    for bad in [forged(14, 0), forged(5, 9), forged(5.0, 1), forged(True, 0), "5H", 5, None]:
        with pytest.raises(FIELD_ERRORS, match="Discard: cards"):
            Discard(1, (bad, real))
        refused(g, past_constructor(Discard, seat=1, cards=(bad, real)), "not a card")
    # made the ordinary way, the bad card never gets as far as the action
    for rank, suit in [(14, 0), (5, 9), (5.0, 1), (7.0, 0)]:
        with pytest.raises(InvalidCardError):
            Discard(1, (Card(rank, suit), real))


def test_a_forged_card_equal_to_a_real_one_is_still_refused():
    g = in_play()
    seat = g.to_act
    card = g.playable(seat)[0]
    fake = forged(float(card.rank), card.suit)
    with pytest.raises(InvalidArgumentError, match="Play: card must be one of the 52 cards"):
        Play(seat, fake)
    refused(g, past_constructor(Play, seat=seat, card=fake), "not a card")
    g2 = Game(seed=3, first_dealer=0)
    a, b = g2.hands[1][:2]
    with pytest.raises(InvalidArgumentError):
        Discard(1, (forged(float(a.rank), a.suit), b))
    refused(g2, past_constructor(Discard, seat=1, cards=(forged(float(a.rank), a.suit), b)), "not a card")


def test_a_forged_card_equal_to_a_real_one_is_kept_as_the_real_one():
    # an int-ranked card made past Card's constructor is the genuine card: the action holds
    # the deck's own object
    card = DECK[18]
    copy_of = forged(card.rank, card.suit)
    assert Play(1, copy_of).card is card
    assert Discard(0, [copy_of]).cards[0] is card


def test_discard_of_none_or_a_single_card_or_text_is_refused():
    g = Game(seed=3, first_dealer=0)
    for cards in [None, 5, "5H 6H", b"5H", g.hands[1][0], {"a": 1, "b": 2}]:
        with pytest.raises(ArgumentTypeError, match="Discard: cards"):
            Discard(1, cards)
    for cards in [None, 5, "5H 6H", b"5H", g.hands[1][0], [g.hands[1][0]]]:
        refused(g, past_constructor(Discard, seat=1, cards=cards), "not a list of cards")


def test_a_discard_given_as_a_list_is_kept_as_a_tuple():
    g = Game(seed=3, first_dealer=0)
    cards = list(g.hands[1][:2])
    action = Discard(1, cards)
    assert action.cards == tuple(cards) and isinstance(action.cards, tuple)
    assert action == Discard(1, tuple(cards)) and hash(action) == hash(Discard(1, tuple(cards)))
    g.apply(action)
    cards[:] = [Card(13, 3), Card(12, 3)]  # the caller reuses its list
    assert g.actions[-1].cards != tuple(cards)
    again = Game.replay(g.actions, seed=3, first_dealer=0)
    assert again.events == g.events
    assert Discard(1, iter(g.hands[0][:2])).cards == tuple(g.hands[0][:2])


@pytest.mark.parametrize("seat", ["x", None, 1.0, True, False, -1, 2, 99, (0,), [1]])
def test_a_seat_that_is_not_a_seat_is_refused(seat):
    g = Game(seed=3, first_dealer=0)
    p = in_play()
    card = p.playable(p.to_act)[0]
    if seat == 2 and type(seat) is int:
        # a seat of some table (0..5), not of this one: the game's to refuse
        refused(g, Discard(seat, tuple(g.hands[1][:2])), "no such player")
        refused(p, Play(seat, card), "no such player")
        refused(p, Go(seat), "no such player")
        return
    for make in (lambda: Discard(seat, tuple(g.hands[1][:2])), lambda: Play(seat, card), lambda: Go(seat)):
        with pytest.raises(FIELD_ERRORS, match=": seat must be a whole number from 0 to 5"):
            make()
    refused(g, past_constructor(Discard, seat=seat, cards=tuple(g.hands[1][:2])), "no such player")
    refused(p, past_constructor(Play, seat=seat, card=card), "no such player")
    refused(p, past_constructor(Go, seat=seat), "no such player")


def test_play_of_a_non_card_is_refused():
    g = in_play()
    seat = g.to_act
    for bad in [None, "5H", 5, (5, 2), forged(14, 0), forged(5, 9), [g.hands[seat][0]]]:
        with pytest.raises(FIELD_ERRORS, match="Play: card must be"):
            Play(seat, bad)
        refused(g, past_constructor(Play, seat=seat, card=bad), "not a card")


def test_things_that_are_not_actions_are_refused():
    g = in_play()
    for bad in [None, "play 1 5H", 5, Card(5, 2), Play, (1, Card(5, 2)), object()]:
        refused(g, bad, "not an action")


def test_an_out_of_turn_go_or_a_go_with_a_card_that_fits_reads_clearly():
    g = in_play()
    other = 1 - g.to_act
    refused(g, Go(other), "not that player's turn")
    refused(g, Go(g.to_act), "no go")


# random junk: apply either accepts a legal action or refuses with IllegalActionError and no change


def junk_values():
    return st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-2, 5),
        st.floats(-1, 60),
        st.text(max_size=3),
        st.sampled_from(DECK),
        st.builds(
            forged, st.one_of(st.integers(-1, 15), st.floats(0, 14)), st.one_of(st.integers(-1, 5), st.floats(0, 4))
        ),
    )


def made(cls, *fields):
    """The action, or the engine's error its constructor refused it with."""
    try:
        return cls(*fields)
    except FIELD_ERRORS as e:
        return e


def junk_actions():
    v = junk_values()
    cards = st.one_of(
        v,
        st.lists(v, max_size=3),
        st.lists(v, max_size=3).map(tuple),
        st.lists(st.sampled_from(DECK), min_size=1, max_size=3).map(tuple),
    )
    return st.one_of(
        st.builds(made, st.just(Discard), v, cards),
        st.builds(made, st.just(Play), v, v),
        st.builds(made, st.just(Go), v),
        st.just(NextDeal()),
        v,
    )


def normal(action):
    if isinstance(action, Discard):
        return ("discard", action.seat, frozenset(action.cards))
    return action


@settings(max_examples=300, **SETTINGS)
@given(st.integers(0, 10_000), st.integers(0, 60), st.lists(junk_actions(), min_size=1, max_size=8))
def test_random_junk_is_refused_with_illegal_action_error_and_changes_nothing(seed, steps, junk):
    g = Game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if not g.legal_actions():
            break
        g.apply(rng.choice(g.legal_actions()))
    for action in junk:
        if isinstance(action, FIELD_ERRORS):  # refused when made: nothing reached the game
            continue
        if isinstance(action, (Discard, Play, Go)):  # what a constructor let through is sound
            assert type(action.seat) is int and 0 <= action.seat <= 5
            assert all(is_card(c) for c in getattr(action, "cards", ()))
            assert is_card(getattr(action, "card", DECK[0]))
        legal = {normal(a) for a in g.legal_actions()}
        before = state(g)
        try:
            g.apply(action)
        except (IllegalActionError, ValueError):
            assert state(g) == before
        else:
            assert normal(action) in legal, f"{action!r} was accepted but is not legal"
            assert all(isinstance(c, Card) and type(c.rank) is int for _, c in g.played)
