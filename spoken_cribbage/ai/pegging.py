"""The play (pegging): the model of the opponent's answer, and each level's choice of card
(:func:`_pick_play`, :func:`choose_play`); the points of a card and the evaluator's view
are in :mod:`spoken_cribbage.ai.play_view`.

Part of :mod:`spoken_cribbage.ai.players` (which re-exports the public names).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb

from spoken_cribbage.ai import endgame
from spoken_cribbage.ai.common import _as_cards, _check_level, _val
from spoken_cribbage.ai.play_view import _peg_points, _PlayView, _unseen_cards, _unseen_pool  # noqa: F401
from spoken_cribbage.engine import scoring
from spoken_cribbage.engine.cards import Card


def _opponent_show(view: _PlayView) -> list[float] | None:
    """The distribution of the opponent's show points when at most two of their four cards
    are unseen: every way to complete their hand from the cards they may hold, equally
    likely. None otherwise."""
    unknown = 4 - len(view.opp_played)
    if view.starter is None or not 0 <= unknown <= 2 or unknown != view.opp_cards or len(view.opp_unseen) < unknown:
        return None
    counts = [0] * 30
    known = list(view.opp_played)
    for rest in combinations(view.opp_unseen, unknown):
        counts[scoring.hand_points(known + list(rest), view.starter)] += 1
    total = sum(counts)
    return [c / total for c in counts]


#: The opponent's answers to a count: (their points minus half my counter, -my counter, their
#: points, my counter, copies) a rank; the copies that fit, the pool's size, the opponent's cards.
_Replies = tuple[list[tuple[float, int, int, int, int]], int, int, int]


def _reply_choices(view: _PlayView, series: list[int], count: int, mine_after: list[Card]) -> _Replies | None:
    """The opponent's possible answers to ``series``/``count``, one per rank of the pool that
    fits: (their points minus half my counter, -my counter, their points, my counter, copies),
    with the copies that fit, the pool's size and the opponent's cards; None when they cannot
    answer (31, no cards, or fewer unseen cards than they hold)."""
    n = view.opp_cards
    if count == 31 or n == 0:
        return None
    room = 31 - count
    u = sum(view.pool.values())
    if u < n:
        return None
    choices: list[tuple[float, int, int, int, int]] = []
    playable_total = 0
    for rank, k in view.pool.items():
        v = _val(rank)
        if v > room:
            continue
        playable_total += k
        p = _peg_points(series, count, rank)
        c2 = count + v
        s2 = series + [rank]
        m = 0
        can = False
        for d in mine_after:
            if c2 + _val(d.rank) <= 31:
                can = True
                q = _peg_points(s2, c2, d.rank)
                if q > m:
                    m = q
        if not can and c2 < 31:
            p += 1  # I must say go: they at least take the go point
        choices.append((p - 0.5 * m, -m, p, m, k))
    return choices, playable_total, u, n


def _reply_stats(view: _PlayView, series: list[int], count: int, mine_after: list[Card]) -> tuple[float, float]:
    """Expected (opponent points, my counter points) after I leave ``series``/``count``.

    The opponent is modelled as holding a uniformly random set of ``opp_cards`` from the pool
    and answering with the rank that is best for them (their points minus half my counter);
    if they hold nothing that fits they say go and I take the go (or play on).
    """
    found = _reply_choices(view, series, count, mine_after)
    if found is None:
        return 0.0, 0.0
    choices, playable_total, u, n = found
    total = comb(u, n)
    exp_p = exp_m = 0.0
    if choices:
        choices.sort(reverse=True)
        removed = 0
        prev = total
        for _, _, p, m, k in choices:
            removed += k
            nxt = comb(u - removed, n)
            prob = (prev - nxt) / total
            prev = nxt
            exp_p += prob * p
            exp_m += prob * m
    # no playable card: they say go
    p_go = comb(u - playable_total, n) / total
    if p_go > 0:
        go_gain = 0.0
        for d in mine_after:
            if count + _val(d.rank) <= 31:
                go_gain = max(go_gain, _peg_points(series, count, d.rank))
        exp_m += p_go * (go_gain + 1)
    return exp_p, exp_m


def _expert_weights(view: _PlayView) -> tuple[float, float]:
    """The expert's weights of its own points (offence) and the opponent's (defence)."""
    need_me = view.target - view.my_score
    need_opp = view.target - view.their_score
    w_off, w_def = 1.0, 1.0
    if view.my_show is not None and not view.is_dealer and view.my_show >= need_me:
        w_off, w_def = 0.3, 3.0  # I win at the show unless they peg out: defend
    elif view.is_dealer and need_opp <= 7:
        w_off, w_def = 2.0, 0.7  # the pone will likely count out first: attack
    elif need_opp <= 4:
        w_def = 2.0
    return w_off, w_def


def _expert_terms(view: _PlayView, c: Card, w_off: float, w_def: float) -> tuple[float, float]:
    """(the expert's score of playing ``c``, the plain expected points of the exchange it
    starts: my points now plus my expected counter minus the opponent's expected answer)."""
    pts = _peg_points(view.series, view.count, c.rank)
    rest = [d for d in view.hand if d is not c]
    count = view.count + _val(c.rank)
    if count == 31:
        opp_p, my_m = 0.0, 0.0  # the count resets and the opponent leads
    else:
        opp_p, my_m = _reply_stats(view, view.series + [c.rank], count, rest)
    score = w_off * (pts + 0.8 * my_m) - w_def * opp_p
    # keep a low card for the go and for the end of a series
    if rest and any(_val(d.rank) <= 4 for d in rest) and _val(c.rank) > 4:
        score += 0.15
    # leading: cards under five cannot be answered with a fifteen
    if not view.series and len(rest) > 0 and _val(c.rank) == 5:
        score -= 0.3
    score -= 0.01 * _val(c.rank) if not view.series else 0.0
    return score, pts + my_m - opp_p


def _choose_play_expert(view: _PlayView) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    need_me = view.target - view.my_score
    w_off, w_def = _expert_weights(view)
    best, best_score = playable[0], -1e9
    for c in playable:
        if _peg_points(view.series, view.count, c.rank) >= need_me:
            return c  # wins now
        score, _ = _expert_terms(view, c, w_off, w_def)
        if score > best_score:
            best, best_score = c, score
    return best


def _reply_outcomes(
    view: _PlayView, series: list[int], count: int, mine_after: list[Card]
) -> list[tuple[float, int, int]]:
    """The opponent's answers as :func:`_reply_stats` models them, one by one:
    (probability, their points, my best counter)."""
    found = _reply_choices(view, series, count, mine_after)
    if found is None:
        return [(1.0, 0, 0)]
    choices, playable_total, u, n = found
    total = comb(u, n)
    out = []
    if choices:
        choices.sort(reverse=True)
        removed = 0
        prev = total
        for _, _, p, m, k in choices:
            removed += k
            nxt = comb(u - removed, n)
            prob = (prev - nxt) / total
            prev = nxt
            if prob > 0:
                out.append((prob, p, m))
    p_go = comb(u - playable_total, n) / total
    if p_go > 0:
        go_gain = 0
        for d in mine_after:
            if count + _val(d.rank) <= 31:
                go_gain = max(go_gain, _peg_points(series, count, d.rank))
        out.append((p_go, 0, go_gain + 1))
    return out


def _choose_play_endgame(view: _PlayView) -> Card:
    """Near the end: the card with the best chance to win the game, looking at my card, the
    opponent's best answer and my counter, then the shows and the win-chance table
    (``endgame.show_chances``); near ties go to the expert's usual weighing."""
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    need_me = view.target - view.my_score
    need_opp = view.target - view.their_score
    assert view.starter is not None and view.my_show is not None
    size = 32
    grid = endgame.show_chances(
        target=view.target,
        is_dealer=view.is_dealer,
        me=view.my_score,
        opp=view.their_score,
        my_show=view.my_show,
        discards=view.discards,
        starter_rank=view.starter.rank,
        size=size,
        opp_show=_opponent_show(view) if endgame.OPP_SHOW else None,
    )
    best, best_key = playable[0], None
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        if pts >= need_me:
            return c  # wins now
        rest = [d for d in view.hand if d is not c]
        count = view.count + _val(c.rank)
        outcomes = [(1.0, 0, 0)] if count == 31 else _reply_outcomes(view, view.series + [c.rank], count, rest)
        chance = 0.0
        exp_p = exp_m = 0.0
        for prob, q, m in outcomes:
            exp_p += prob * q
            exp_m += prob * m
            if q >= need_opp:
                continue
            if pts + m >= need_me:
                chance += prob
                continue
            chance += prob * grid[min(pts + m, size - 1), min(q, size - 1)]
        score = pts + 0.8 * exp_m - exp_p
        if rest and any(_val(d.rank) <= 4 for d in rest) and _val(c.rank) > 4:
            score += 0.15
        if not view.series and len(rest) > 0 and _val(c.rank) == 5:
            score -= 0.3
        score -= 0.01 * _val(c.rank) if not view.series else 0.0
        key = (round(chance, 4), score)
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _next_reply(view: _PlayView, series: list[int], count: int) -> float:
    """Expected points of the next seat's answer at a table of three or more: it holds a
    uniformly random set of ``opp_cards`` from the pool and plays the rank that scores it the
    most (a partner and an opponent alike)."""
    n = view.opp_cards
    if count == 31 or n == 0:
        return 0.0
    u = sum(view.pool.values())
    if u < n:
        return 0.0
    room = 31 - count
    choices = sorted(
        ((_peg_points(series, count, rank), k) for rank, k in view.pool.items() if _val(rank) <= room), reverse=True
    )
    total = comb(u, n)
    removed = 0
    prev = total
    exp = 0.0
    for p, k in choices:
        removed += k
        nxt = comb(u - removed, n)
        exp += p * (prev - nxt) / total
        prev = nxt
    return exp


def _alone_points(hand: list[Card], series: list[int], count: int) -> int:
    """The most I can score playing on alone (every other seat has said go or has no cards):
    my cards in the best order, then one for the go (none after a 31, which resets)."""
    best = -1
    for i, d in enumerate(hand):
        v = _val(d.rank)
        if count + v > 31:
            continue
        pts = _peg_points(series, count, d.rank)
        c2 = count + v
        more = 0 if c2 == 31 else _alone_points(hand[:i] + hand[i + 1 :], series + [d.rank], c2)
        best = max(best, pts + more)
    return 1 if best < 0 else best


def _choose_play_multi(view: _PlayView) -> Card:
    """The expert's play at a table of three or more: my points now plus the next seat's
    expected answer, weighted by whose it is (+1 a partner: a fifteen or a pair left to it is
    a chance; a rival side's -1/(sides - 1), -2 when that side is within 6 of the target). When
    only the next seat and I are left in the series, my counter is weighed too, as with two
    players; when I am alone, my best run of cards to the go."""
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    need_me = view.target - view.my_score
    w_next = _multi_weight(view)
    best, best_score = playable[0], -1e9
    for c in playable:
        if _peg_points(view.series, view.count, c.rank) >= need_me:
            return c  # wins now
        score, _ = _multi_terms(view, c, w_next)
        if score > best_score:
            best, best_score = c, score
    return best


def _multi_weight(view: _PlayView) -> float:
    """The weight of the next seat's points in the expert's score at a larger table."""
    w_next = view.next_weight
    if w_next < 0 and view.next_need <= 6:
        w_next = -2.0
    return w_next


def _multi_terms(view: _PlayView, c: Card, w_next: float) -> tuple[float, float]:
    """(the expert's score of playing ``c`` at a table of three or more, the plain expected
    points for my side: my points now, my counter, and the next seat's answer counted as its
    points count for me, ``next_weight``)."""
    pts = _peg_points(view.series, view.count, c.rank)
    rest = [d for d in view.hand if d is not c]
    count = view.count + _val(c.rank)
    series = view.series + [c.rank]
    if count == 31:
        score = plain = float(pts)
    elif view.alone:
        score = plain = float(pts + _alone_points(rest, series, count))
    elif view.heads_up:
        opp_p, my_m = _reply_stats(view, series, count, rest)
        score = pts + 0.8 * my_m + w_next * opp_p
        plain = pts + my_m + view.next_weight * opp_p
    else:
        reply = _next_reply(view, series, count)
        score = pts + w_next * reply
        plain = pts + view.next_weight * reply
    if rest and any(_val(d.rank) <= 4 for d in rest) and _val(c.rank) > 4:
        score += 0.15
    if not view.series:
        if rest and _val(c.rank) == 5 and w_next < 0:
            score -= 0.3
        score -= 0.01 * _val(c.rank)
    return score, plain


def table_play_values(view: _PlayView) -> dict[Card, tuple[float, float]]:
    """Each playable card at a table of three or more (``view`` from
    ``players.view_from_observation``) with (the expert's score, the plain expected points
    for my side: :func:`_multi_terms`)."""
    w_next = _multi_weight(view)
    return {c: _multi_terms(view, c, w_next) for c in view.hand if view.count + _val(c.rank) <= 31}


def _choose_play_standard(view: _PlayView) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    best, best_score = playable[0], -1e9
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        count = view.count + _val(c.rank)
        score = float(pts)
        if count in (5, 21) and not view.alone:
            # never leave 5 or 21 to an opponent; to a partner it is a chance of two
            score += -1.5 if view.next_weight < 0 else 0.5
        if not view.series:
            score -= 0.1 * _val(c.rank) + (1.0 if c.rank == 5 else 0.0)
            if _val(c.rank) < 5:
                score += 0.5
        elif count < 15 and count + 10 >= 15 and count != 5:
            score -= 0.2 if count >= 5 else 0.0
        if score > best_score:
            best, best_score = c, score
    return best


def _choose_play_greedy(view: _PlayView, rng: random.Random) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    scored = [(_peg_points(view.series, view.count, c.rank), c) for c in playable]
    top = max(p for p, _ in scored)
    return rng.choice([c for p, c in scored if p == top])


def _choose_play_easy(view: _PlayView, rng: random.Random) -> Card:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    if rng.random() < 0.25:
        return rng.choice(playable)
    scored = []
    for c in playable:
        pts = _peg_points(view.series, view.count, c.rank)
        miss = pts > 0 and rng.random() < 0.2  # overlooks a score now and then
        scored.append((0 if miss else pts, rng.random(), c))
    return max(scored)[2]


def _pick_play(view: _PlayView, level: str, rng: random.Random) -> Card | None:
    room = 31 - view.count
    playable = [c for c in view.hand if _val(c.rank) <= room]
    if not playable:
        return None
    if len(playable) == 1:
        return playable[0]
    if level == "random":
        return rng.choice(playable)
    if level == "greedy":
        return _choose_play_greedy(view, rng)
    if level == "easy":
        return _choose_play_easy(view, rng)
    if level == "standard":
        return _choose_play_standard(view)
    if view.players > 2:
        return _choose_play_multi(view)
    if (
        level == "expert"
        and view.my_show is not None
        and view.starter is not None
        and len(view.discards) == 2
        and endgame.applies(view.target, view.my_score, view.their_score, endgame.NEAR_PLAY)
    ):
        return _choose_play_endgame(view)
    return _choose_play_expert(view)


def choose_play(
    hand: Sequence[Card | str],
    *,
    series: Sequence[Card | str],
    played: Sequence[Card | str],
    starter: Card | str | None,
    is_dealer: bool,
    my_score: int = 0,
    their_score: int = 0,
    target: int = 121,
    level: str = "expert",
    discards: Sequence[Card | str] = (),
    kept: Sequence[Card | str] | None = None,
    rng: random.Random | None = None,
) -> Card | None:
    """The card to play, or None for "go".

    ``hand`` is the cards still held, ``series`` the cards since the last reset and ``played``
    every card played this deal, in order (two players: the opponent's plays are the ones not in
    ``kept``). ``discards`` (own crib cards) and ``kept`` (the four kept) sharpen the estimate of
    what the opponent can hold.
    """
    _check_level(level)
    view = _view_of(
        hand,
        series=series,
        played=played,
        starter=starter,
        is_dealer=is_dealer,
        my_score=my_score,
        their_score=their_score,
        target=target,
        discards=discards,
        kept=kept,
    )
    return _pick_play(view, level, rng if rng is not None else random.Random(0))


def play_values(
    hand: Sequence[Card | str],
    *,
    series: Sequence[Card | str],
    played: Sequence[Card | str],
    starter: Card | str | None,
    is_dealer: bool,
    my_score: int = 0,
    their_score: int = 0,
    target: int = 121,
    discards: Sequence[Card | str] = (),
    kept: Sequence[Card | str] | None = None,
) -> dict[Card, tuple[float, float]]:
    """Each playable card (two players, arguments as :func:`choose_play`) with (the expert's
    score of it, its plain expected points over the exchange it starts: its points now plus
    my expected counter minus the opponent's expected answer, exact over every holding the
    opponent may have)."""
    view = _view_of(
        hand,
        series=series,
        played=played,
        starter=starter,
        is_dealer=is_dealer,
        my_score=my_score,
        their_score=their_score,
        target=target,
        discards=discards,
        kept=kept,
    )
    w_off, w_def = _expert_weights(view)
    return {c: _expert_terms(view, c, w_off, w_def) for c in view.hand if view.count + _val(c.rank) <= 31}


def _view_of(
    hand: Sequence[Card | str],
    *,
    series: Sequence[Card | str],
    played: Sequence[Card | str],
    starter: Card | str | None,
    is_dealer: bool,
    my_score: int,
    their_score: int,
    target: int,
    discards: Sequence[Card | str],
    kept: Sequence[Card | str] | None,
) -> _PlayView:
    """The evaluator's view from :func:`choose_play`'s arguments."""
    hand_c = _as_cards(hand)
    series_c = _as_cards(series)
    played_c = _as_cards(played)
    disc_c = _as_cards(discards)
    st = _as_cards([starter])[0] if starter is not None else None
    kept_c = _as_cards(kept) if kept is not None else None
    mine_played = [c for c in played_c if c in kept_c] if kept_c is not None else [None] * (4 - len(hand_c))
    opp_cards = max(0, 4 - (len(played_c) - len(mine_played)))
    known = hand_c + played_c + disc_c + ([st] if st else [])
    view = _PlayView(
        hand=hand_c,
        series=[c.rank for c in series_c],
        count=sum(c.value for c in series_c),
        pool=_unseen_pool(known, 0),
        opp_cards=opp_cards,
        my_score=my_score,
        their_score=their_score,
        target=target,
        is_dealer=is_dealer,
        my_show=scoring.hand_points(kept_c, st) if (kept_c is not None and st and len(kept_c) == 4) else None,
        starter=st,
        discards=tuple(disc_c),
        opp_played=tuple(c for c in played_c if c not in kept_c) if kept_c is not None else (),
        opp_unseen=_unseen_cards(known, 0),
    )
    return view
