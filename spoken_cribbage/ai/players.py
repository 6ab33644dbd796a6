"""Computer players: discards and pegging at five levels, behind an observation-only interface.

A computer player sees exactly what a seated person sees: an :class:`~spoken_cribbage.engine.game.Observation`
(its own hand and discards, the starter once cut, every card played with who played it, the count,
the scores, the dealer, the target and the legal actions). :meth:`ComputerPlayer.act` turns one
observation into one action; it never receives the game, the deck or another hand.

Levels:

* ``expert``: discards by the exact expected hand over the 46 starters plus or minus the expected
  crib (from ``data/crib_table.json``, built by exact enumeration), with a small fitted pegging
  correction and, near the end, the chance of reaching the target instead of the average; pegs
  by weighing the points of each card against the opponent's best answer from the unseen cards
  (three plies: my card, their reply, my counter), using what their "go" calls reveal, and
  shifts between attack and defence near the end.
* ``standard``: the same discard without the end-game and pegging terms; pegs by immediate points
  with the common rules (never leave 5 or 21, lead low, do not lead a five).
* ``easy``: a human-like player: judges discards by its own hand with some noise and only half an
  eye on the crib, usually takes points in the play but sometimes plays carelessly; with manual
  counting it sometimes misses one scoring item in its count (:func:`choose_claim`).
* ``greedy`` (baseline): keeps the four with the best expected hand, ignoring the crib; plays the
  card that scores the most now.
* ``random`` (baseline): random legal actions.
* ``expert-points`` (baseline): the expert without the win-chance table: near the end it
  keeps the hand most likely to reach the target and shifts its pegging weights, but never
  weighs the opponent's chances or the next deal's (the expert before issue 14; the
  win-chance table describes its play).

At tables of three to six (alone or in teams) every level plays too: a seat lays away what
``obs.rules.discards_for`` says (none for a dealer of five or six), the expert values each
discard by its exact hand over the unseen starters plus the one-card crib table
(:func:`one_card_crib`) weighted by whose the crib is (:func:`crib_weight`: +1 its own side's,
-1/(sides - 1) a rival's), and pegs against the next seat to play, partner or opponent
(``_choose_play_multi``). The end game and the pegging correction are two-player only.

The code is split by concern, and every name stays importable from here:
:mod:`~spoken_cribbage.ai.common` (levels, card values), :mod:`~spoken_cribbage.ai.cribs`
(crib tables and side weights), :mod:`~spoken_cribbage.ai.discard` (the discard),
:mod:`~spoken_cribbage.ai.pegging` (the play), :mod:`~spoken_cribbage.ai.observe` (an
observation as the play evaluator's view) and this module (the players on observations).

>>> from spoken_cribbage.engine.cards import parse_cards
>>> keep_out = choose_discard(parse_cards("5H 5S JD 6C 7C KS"), is_dealer=False)
>>> sorted(c.short for c in keep_out)
['JD', 'KS']
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from spoken_cribbage.ai.common import LEVELS as LEVELS
from spoken_cribbage.ai.common import _as_cards as _as_cards
from spoken_cribbage.ai.common import _check_level as _check_level
from spoken_cribbage.ai.common import _val as _val
from spoken_cribbage.ai.cribs import RIVAL_WEIGHT_NOTE as RIVAL_WEIGHT_NOTE
from spoken_cribbage.ai.cribs import _crib_tables as _crib_tables
from spoken_cribbage.ai.cribs import _one_card_cribs as _one_card_cribs
from spoken_cribbage.ai.cribs import crib_weight as crib_weight
from spoken_cribbage.ai.cribs import expected_crib as expected_crib
from spoken_cribbage.ai.cribs import one_card_crib as one_card_crib
from spoken_cribbage.ai.cribs import rival_weight as rival_weight
from spoken_cribbage.ai.cribs import warm_up as warm_up
from spoken_cribbage.ai.discard import DiscardOption as DiscardOption
from spoken_cribbage.ai.discard import _hand_distribution as _hand_distribution
from spoken_cribbage.ai.discard import _pegging_adjust as _pegging_adjust
from spoken_cribbage.ai.discard import _pegging_features as _pegging_features
from spoken_cribbage.ai.discard import choose_discard as choose_discard
from spoken_cribbage.ai.discard import rank_discards as rank_discards
from spoken_cribbage.ai.observe import view_from_observation as view_from_observation
from spoken_cribbage.ai.pegging import _choose_play_multi as _choose_play_multi
from spoken_cribbage.ai.pegging import _pick_play as _pick_play
from spoken_cribbage.ai.pegging import choose_play as choose_play
from spoken_cribbage.ai.play_view import _peg_points as _peg_points
from spoken_cribbage.ai.play_view import _PlayView as _PlayView
from spoken_cribbage.ai.play_view import _unseen_pool as _unseen_pool
from spoken_cribbage.engine import scoring
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.game import (
    DEAL_OVER,
    DISCARD,
    PLAY,
    SHOW,
    Action,
    Claim,
    Discard,
    Go,
    Muggins,
    NextDeal,
    Observation,
    Play,
)
from spoken_cribbage.engine.rules import Rules

__all__ = [
    "LEVELS",
    "ComputerPlayer",
    "RandomPlayer",
    "make_player",
    "choose_discard",
    "choose_play",
    "rank_discards",
    "DiscardOption",
    "expected_crib",
    "view_from_observation",
    "warm_up",
    "choose_claim",
    "EASY_MISS_CHANCE",
    "crib_weight",
    "one_card_crib",
    "RIVAL_WEIGHT_NOTE",
]


#: Manual counting: how often the easy computer misses one scoring item in its count.
EASY_MISS_CHANCE = 0.3


def choose_claim(
    cards: Sequence[Card],
    starter: Card,
    *,
    is_crib: bool = False,
    level: str = "expert",
    rng: random.Random | None = None,
) -> int:
    """The count a computer player states for a hand (manual counting): the right count, except
    that the ``easy`` level sometimes (:data:`EASY_MISS_CHANCE`) misses one scoring item, as a
    person might (a fifteen, a pair, the nobs...)."""
    res = scoring.score_hand(cards, starter, is_crib=is_crib)
    rng = rng if rng is not None else random.Random(0)
    if level == "easy" and res.items and rng.random() < EASY_MISS_CHANCE:
        return res.total - rng.choice(res.items).points
    return res.total


class ComputerPlayer:
    """A computer player at one level. It acts on observations only; all its randomness comes
    from the injected ``rng`` so games are reproducible."""

    def __init__(self, level: str = "expert", rng: random.Random | None = None):
        _check_level(level)
        self.level = level
        self.rng = rng if rng is not None else random.Random()
        warm_up()

    def __repr__(self) -> str:
        return f"ComputerPlayer({self.level!r})"

    def act(self, obs: Observation, rng: random.Random | None = None) -> Action:
        """One legal action for the seat that ``obs`` describes. ``rng``, when given, drives
        this one decision instead of the player's own generator (a reproducible stream per
        decision, so that a resumed game plays on exactly as it would have)."""
        rng = rng if rng is not None else self.rng
        legal = obs.legal
        if not legal:
            raise ValueError("this seat has nothing to do now")
        if Muggins(obs.seat) in legal:  # points an opponent missed: always taken
            return Muggins(obs.seat)
        if obs.phase == SHOW and obs.to_act == obs.seat and obs.starter is not None:
            level = "expert" if self.level == "random" else self.level
            return Claim(
                obs.seat, choose_claim(obs.showing, obs.starter, is_crib=obs.showing_crib, level=level, rng=rng)
            )
        if obs.phase == DEAL_OVER:
            return NextDeal()
        if self.level == "random":
            return rng.choice(legal)
        if obs.phase == DISCARD:
            their = max(s for i, s in enumerate(obs.scores) if i != obs.side)
            rules = obs.rules if obs.rules is not None else Rules(obs.players)
            if obs.players == 2:  # exactly as always
                out = choose_discard(
                    obs.hand,
                    is_dealer=obs.is_dealer,
                    my_score=obs.scores[obs.side],
                    their_score=their,
                    target=obs.target,
                    level=self.level,
                    rng=rng,
                )
            else:
                out = choose_discard(
                    obs.hand,
                    is_dealer=obs.is_dealer,
                    my_score=obs.scores[obs.side],
                    their_score=their,
                    target=obs.target,
                    level=self.level,
                    rng=rng,
                    players=obs.players,
                    crib_weight=crib_weight(rules, obs.seat, obs.dealer),
                )
            return Discard(obs.seat, tuple(out))
        if obs.phase == PLAY:
            if len(legal) == 1:
                return legal[0]
            card = _pick_play(view_from_observation(obs), self.level, rng)
            return Go(obs.seat) if card is None else Play(obs.seat, card)
        return legal[0]


class RandomPlayer:
    """Plays any legal action at random: a baseline, a seat's default opponent, the tests'.
    (The ``random`` level of :class:`ComputerPlayer` still takes muggins and counts well.)"""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, obs: Observation, rng: random.Random | None = None) -> Action:
        return (rng or self.rng).choice(list(obs.legal))


def make_player(level: str = "expert", rng: random.Random | None = None) -> ComputerPlayer:
    """A computer player: ``easy``, ``standard``, ``expert``, or a baseline: ``greedy``,
    ``random``, ``expert-points``."""
    return ComputerPlayer(level, rng)
