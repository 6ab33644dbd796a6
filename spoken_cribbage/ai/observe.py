"""From an observation to the pegging evaluator's view: who plays next, what the go calls have
shown about the cards a seat holds, and what may still be unseen (:func:`view_from_observation`).

Part of :mod:`spoken_cribbage.ai.players` (which re-exports the public names).
"""

from __future__ import annotations

from spoken_cribbage.ai.cribs import rival_weight
from spoken_cribbage.ai.play_view import _PlayView, _unseen_cards, _unseen_pool
from spoken_cribbage.engine import scoring
from spoken_cribbage.engine.game import Observation, Play
from spoken_cribbage.engine.rules import Rules


def _opponent_go_limit(obs: Observation, opp: int) -> int:
    """The highest card value the opponent has shown they do not hold (0 when unknown):
    a player who says go holds nothing that fits, and never gains cards in the play."""
    limit = 0
    count = 0
    prev_seat: int | None = None
    opp_played = 0
    for seat, card in obs.played:
        v = card.value
        if count + v > 31:
            # a go ended the series; the opponent (if still holding cards) had nothing <= 31-count
            if opp_played < 4:
                limit = max(limit, 31 - count)
            count = 0
        elif prev_seat == obs.seat and seat == obs.seat and count > 0 and opp_played < 4:
            limit = max(limit, 31 - count)  # I played twice running: they said go
        count += v
        if seat == opp:
            opp_played += 1
        if count == 31:
            count = 0
        prev_seat = seat
    if opp in obs.gone:
        limit = max(limit, 31 - obs.count)
    return min(limit, 10)


def _go_limits(obs: Observation) -> dict[int, int]:
    """By seat, the highest card value it has shown it does not hold this deal (a go at count
    c: nothing of value 31 - c or less), read from the public story of the play. A series ends
    at 31, or when nobody can play on: the next card then comes from a seat that had said go,
    or does not fit the old count (a seat that could play would have played)."""
    limits: dict[int, int] = {}
    count = 0
    gone: set[int] = set()
    for a in obs.history:
        if isinstance(a, Play):
            v = a.card.value
            if a.seat in gone or count + v > 31:
                count, gone = 0, set()
            count += v
            if count == 31:
                count, gone = 0, set()
        else:
            gone.add(a.seat)
            limits[a.seat] = max(limits.get(a.seat, 0), min(10, 31 - count))
    return limits


def _view_multi(obs: Observation) -> _PlayView:
    """The view at a table of three or more: "the opponent" is the next seat to play in this
    series (not gone, holding cards), partner or not."""
    rules = obs.rules if obs.rules is not None else Rules(obs.players)
    me, n = obs.seat, obs.players
    left = obs.cards_left or (0,) * n
    active = [s for s in ((me + k) % n for k in range(1, n)) if left[s] > 0 and s not in obs.gone]
    nxt = active[0] if active else None
    my_cards = set(obs.hand) | set(obs.kept) | set(obs.discards)
    known = list(my_cards) + [c for _, c in obs.played] + ([obs.starter] if obs.starter else [])
    limit = _go_limits(obs).get(nxt, 0) if nxt is not None else 0
    pool = _unseen_pool(known, limit)
    opp_cards = left[nxt] if nxt is not None else 0
    if sum(pool.values()) < opp_cards:
        pool, limit = _unseen_pool(known, 0), 0
    side = obs.side
    their = max(s for i, s in enumerate(obs.scores) if i != side)
    if nxt is None:
        weight, need = rival_weight(rules.sides), obs.target
    else:
        nside = rules.side_of(nxt)
        weight = 1.0 if nside == side else rival_weight(rules.sides)
        need = obs.target - obs.scores[nside]
    my_show = (
        scoring.hand_points(obs.kept, obs.starter) if obs.starter is not None and len(obs.kept) in (4, 5) else None
    )
    return _PlayView(
        hand=list(obs.hand),
        series=[c.rank for c in obs.series],
        count=obs.count,
        pool=pool,
        opp_cards=opp_cards,
        my_score=obs.scores[side],
        their_score=their,
        target=obs.target,
        is_dealer=obs.is_dealer,
        my_show=my_show,
        starter=obs.starter,
        discards=tuple(obs.discards),
        opp_played=tuple(c for s, c in obs.played if s == nxt),
        opp_unseen=_unseen_cards(known, limit),
        players=n,
        next_weight=weight,
        heads_up=len(active) == 1,
        alone=nxt is None,
        next_need=need,
    )


def view_from_observation(obs: Observation) -> _PlayView:
    """The pegging evaluator's view of a play-phase observation (two players: the opponent is
    the other seat; with more, the next seat to play in the series)."""
    if obs.players > 2:
        return _view_multi(obs)
    opp = (obs.seat + 1) % obs.players
    my_cards = set(obs.hand) | set(obs.kept) | set(obs.discards)
    known = list(my_cards) + [c for _, c in obs.played] + ([obs.starter] if obs.starter else [])
    limit = _opponent_go_limit(obs, opp) if obs.players == 2 else 0
    pool = _unseen_pool(known, limit)
    opp_cards = obs.cards_left[opp] if obs.cards_left else 0
    if sum(pool.values()) < opp_cards:
        pool = _unseen_pool(known, 0)
        limit = 0
    their = max(s for i, s in enumerate(obs.scores) if i != obs.side)
    my_show = scoring.hand_points(obs.kept, obs.starter) if obs.starter is not None and len(obs.kept) == 4 else None
    return _PlayView(
        hand=list(obs.hand),
        series=[c.rank for c in obs.series],
        count=obs.count,
        pool=pool,
        opp_cards=opp_cards,
        my_score=obs.scores[obs.side],
        their_score=their,
        target=obs.target,
        is_dealer=obs.is_dealer,
        my_show=my_show,
        starter=obs.starter,
        discards=tuple(obs.discards),
        opp_played=tuple(c for s, c in obs.played if s == opp),
        opp_unseen=_unseen_cards(known, limit),
    )
