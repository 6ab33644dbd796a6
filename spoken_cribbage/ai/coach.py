"""Coaching: the hint for the player's decision now, and the coach's answer to the move the
player made (:func:`judge`), both from the expert's analysis.

When the coach speaks after a move (the rule of noise). The analyses are exact expectations
under their models, with no sampling: a discard's ``net`` is the mean show over every starter
plus the crib from the enumerated table; a play's worth is its points now plus the mean of my
counter minus the opponent's answer over every holding the opponent may have. So the noise is
what each analysis leaves out of the number it states, as the expert itself weighs it:

* a discard: the pegging of the kept cards, which ``net`` leaves out and the expert estimates
  with its fitted correction (two players): a difference no larger than the correction's
  advantage for the player's keep is noise;
* a play: the expert's own weighing beyond the plain expectation (the counter at 0.8, a low
  card kept for the go, a five not led, the end game's weights): a difference no larger than
  the gap between the expert's score and the plain expectation is noise.

And under :data:`FLOOR` (it would be said as 0.0 points) a difference is never said.
"""

from __future__ import annotations

import random

from spoken_cribbage.ai.analyze import analyze_discards, discard_advice, play_advice
from spoken_cribbage.ai.discard import _pegging_adjust
from spoken_cribbage.ai.pegging import play_values, table_play_values
from spoken_cribbage.ai.players import _peg_points, _pick_play, view_from_observation
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.notice import Notice


def hint_for(game: g.Game, seat: int) -> Notice | None:
    """What the expert would do now for ``seat`` (:func:`hint_seen` on its observation)."""
    return hint_seen(game.observation(seat))


def _rules(obs: g.Observation) -> Rules:
    return obs.rules if obs.rules is not None else Rules(players=obs.players)


def hint_seen(obs: g.Observation) -> Notice | None:
    """What the expert would do now, from the seat's observation only (as a computer player
    decides), or None when there is no decision: ``calculator.coach_discard`` (the discard
    hint with the hand numbers to ``press``), ``calculator.play_hint`` or
    ``calculator.say_go``. ``spoken_cribbage.words`` phrases it."""
    seat = obs.seat
    if obs.phase == g.DISCARD and seat in obs.waiting:
        hand = list(obs.hand)
        if obs.players == 2:
            best = discard_advice(hand, obs.is_dealer)
        else:
            rules = _rules(obs)
            partner = not obs.is_dealer and rules.side_of(seat) == rules.side_of(obs.dealer)
            best = discard_advice(hand, obs.is_dealer, players=rules.players, teams=rules.teams, partner=partner)
        press = tuple(hand.index(c) + 1 for c in best.data["discard"])
        return Notice("calculator.coach_discard", best.data, press=press)
    if obs.phase == g.PLAY and obs.to_act == seat:
        if obs.players > 2:
            return _table_play_advice(obs)
        other = obs.scores[1 - obs.side]
        return play_advice(
            obs.hand,
            series=obs.series,
            played=[c for _, c in obs.played],
            starter=obs.starter,
            is_dealer=obs.is_dealer,
            my_score=obs.my_score,
            their_score=other,
            target=obs.target,
            discards=obs.discards,
            kept=obs.kept,
        )
    return None


def _table_play_advice(obs: g.Observation) -> Notice:
    """The expert's play at a table of three or more, from the seat's observation (the next
    seat to play, partner or opponent, as the computer player weighs it)."""
    card = _pick_play(view_from_observation(obs), "expert", random.Random(0))
    if card is None:
        return Notice("calculator.say_go")
    series = [c.rank for c in obs.series]
    return Notice("calculator.play_hint", card=card, points=_peg_points(series, obs.count, card.rank))


#: The smallest difference the coach says (points): under it the line would say "about 0.0".
FLOOR = 0.05


def judge(game: g.Game, seat: int, action: g.Action) -> Notice | None:
    """The coach's answer to ``action`` by ``seat``, judged before it is applied: None when it
    is not the seat's discard or play;
    ``calculator.coach_same`` when the expert would do the same (or an equal move),
    ``calculator.coach_close`` when the difference is within noise (see the module, ``better``
    the difference); else ``calculator.coach_discard_better`` (the expert's ``keep`` and
    ``discard``, the player's ``mine``, ``better`` points) or ``calculator.coach_play_better``
    (the expert's ``card``, the player's ``mine``, ``better``: at a table of three or more,
    points for the player's side, the next seat's answer counted as its points count there).
    Only the last two are lines the coach says on its own (:func:`said`)."""
    if getattr(action, "seat", None) != seat:
        return None
    return judge_seen(game.observation(seat), action)


def judge_seen(obs: g.Observation, action: g.Action) -> Notice | None:
    """:func:`judge` from the seat's observation only (``obs``, before ``action`` is applied),
    as a computer player decides: the seat judged is the observation's."""
    seat = obs.seat
    if getattr(action, "seat", None) != seat:
        return None
    if isinstance(action, g.Discard) and obs.phase == g.DISCARD:
        return _judge_discard(obs, action)
    if isinstance(action, g.Play) and obs.phase == g.PLAY and obs.to_act == seat:
        return _judge_play(obs, action)
    return None


def _judge_discard(obs: g.Observation, action: g.Discard) -> Notice | None:
    seat = obs.seat
    hand = list(obs.hand)
    if obs.players == 2:
        options = analyze_discards(hand, is_dealer=obs.is_dealer)
    else:
        rules = _rules(obs)
        partner = not obs.is_dealer and rules.side_of(seat) == rules.side_of(obs.dealer)
        options = analyze_discards(
            hand, is_dealer=obs.is_dealer, players=rules.players, teams=rules.teams, partner=partner
        )
    best = options[0]  # the hint's discard (discard_advice)
    mine = next((o for o in options if set(o.discard) == set(action.cards)), None)
    if mine is None:
        return None
    if set(mine.discard) == set(best.discard):
        return Notice("calculator.coach_same")
    better = best.net - mine.net
    noise = FLOOR
    if obs.players == 2:
        noise = max(noise, _pegging_adjust(mine.keep, obs.is_dealer) - _pegging_adjust(best.keep, obs.is_dealer))
    if better <= noise:
        return Notice("calculator.coach_close", better=max(0.0, better))
    return Notice(
        "calculator.coach_discard_better", keep=best.keep, discard=best.discard, mine=mine.discard, better=better
    )


def _judge_play(obs: g.Observation, action: g.Play) -> Notice | None:
    hint = hint_seen(obs)
    if hint is None or hint.code != "calculator.play_hint":
        return None
    expert = hint.data["card"]
    if expert == action.card:
        return Notice("calculator.coach_same")
    if obs.players > 2:
        values = table_play_values(view_from_observation(obs))
    else:
        values = play_values(
            obs.hand,
            series=obs.series,
            played=[c for _, c in obs.played],
            starter=obs.starter,
            is_dealer=obs.is_dealer,
            my_score=obs.my_score,
            their_score=obs.scores[1 - obs.side],
            target=obs.target,
            discards=obs.discards,
            kept=obs.kept,
        )
    if expert not in values or action.card not in values:
        return None
    (s_e, v_e), (s_m, v_m) = values[expert], values[action.card]
    better = v_e - v_m
    noise = max(FLOOR, abs((s_e - s_m) - better))
    if better <= noise:
        return Notice("calculator.coach_close", better=max(0.0, better))
    return Notice("calculator.coach_play_better", card=expert, mine=action.card, better=better)


def said(verdict: Notice | None) -> bool:
    """Whether the coach says ``verdict`` on its own after the move (a better move, by more
    than noise)."""
    return verdict is not None and verdict.code in ("calculator.coach_discard_better", "calculator.coach_play_better")
