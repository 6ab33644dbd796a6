"""The end of the game: discards and plays judged by the chance to win, not by points.

Near the end of a two-player game (either side within :data:`NEAR` points of a target the
win-chance table covers) the expert (``players.py``) asks this module, for each way to lay away
two cards, what its chance to win the game is after this deal. The deal is followed in the order
points are scored, because the first side to reach the target wins:

1. the starter (each of the 46 cards the player cannot see, equally likely); two for his heels
   to the dealer if it is a jack;
2. the play: the joint distribution of the points each side pegs, given the kept four
   (``data/endgame.json``, from expert-points self-play; if both sides would peg out, each is
   given half);
3. the pone's hand, then the dealer's hand, then the crib: the player's own hand exactly, the
   opponent's from the distribution of expert hands by role and starter rank (also from
   ``data/endgame.json``), the crib by exact enumeration of the other two crib cards and the
   starter (the crib table's method, by starter rank);
4. if nobody has won, the win-chance table's value of the next deal, the other side dealing.

:func:`discard_chances` does the sums for all 15 splits with numpy in a few milliseconds.
:func:`show_chances` gives the play the same steps 3 and 4 from any scores once the play is over.
``tools/make_endgame.py`` makes the data file.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt

from spoken_cribbage.ai.odds import TARGETS, load_table
from spoken_cribbage.engine.cards import Card
from spoken_cribbage.engine.scoring import rank_table_numpy

__all__ = [
    "DATA_PATH",
    "EndgameModel",
    "load_model",
    "crib_distribution",
    "discard_chances",
    "show_chances",
    "applies",
    "NEAR",
    "NEAR_PLAY",
]

DATA_PATH = Path(__file__).with_name("data") / "endgame.json"

#: The end-game discard is used when either side needs at most this many points, and the
#: end-game play within NEAR_PLAY. Measured against expert-points in runs of 1,000 pairs of
#: games (reach 30, 45, 50, 70, 90 and everywhere, for one or both): 70 for both did best, by
#: margins within the runs' noise.
NEAR = 70
NEAR_PLAY = 70
#: Whether the play reads the opponent's show from the cards they have played.
OPP_SHOW = True


@dataclass(frozen=True)
class _PegModel:
    own_coef: np.ndarray
    opp_coef: np.ndarray
    own_edges: np.ndarray
    opp_edges: np.ndarray
    joint: np.ndarray  # [own bin, opp bin, own points, opp points], sums to 1 per bin


@dataclass(frozen=True)
class EndgameModel:
    """``hand[role][rank - 1]``: the distribution of an expert's kept hand by show points with
    a starter of that rank (role 0 dealer, 1 pone); ``peg[role]``: pegging by kept four."""

    hand: np.ndarray  # (2, 13, 30)
    peg: tuple[_PegModel, _PegModel]
    cap: int


@lru_cache(maxsize=1)
def load_model() -> EndgameModel:
    """The model of ``data/endgame.json`` (read once)."""
    raw = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    hand = np.array([raw["hand"]["dealer"], raw["hand"]["pone"]], dtype=float)
    hand /= hand.sum(axis=2, keepdims=True)
    pegs = []
    for role in ("dealer", "pone"):
        p = raw["pegging"][role]
        joint = np.array(p["joint"], dtype=float)
        joint /= joint.sum(axis=(2, 3), keepdims=True)
        pegs.append(
            _PegModel(
                np.array(p["own_coef"]),
                np.array(p["opp_coef"]),
                np.array(p["own_edges"]),
                np.array(p["opp_edges"]),
                joint,
            )
        )
    return EndgameModel(hand, (pegs[0], pegs[1]), int(raw["peg_cap"]))


@lru_cache(maxsize=1)
def _dealer_table(target: int) -> np.ndarray:
    return np.array(load_table(target).dealer)


def applies(target: int, my_score: int, their_score: int, near: int | None = None) -> bool:
    """Whether the end game is played by the chance to win: a target the table covers, with
    either side within ``near`` (:data:`NEAR`) points of it."""
    near = NEAR if near is None else near
    return (
        target in TARGETS
        and min(target - my_score, target - their_score) <= near
        and max(my_score, their_score) < target
    )


# ----------------------------------------------------------------------------- the crib


@cache
def _crib_class(r1: int, r2: int, suited: bool) -> np.ndarray:
    """(13, 30): the crib's points by starter rank, for two laid-away cards of ranks r1, r2
    (suited or not), the other two crib cards and the starter uniformly random among the 50
    cards left."""
    c1 = (r1 - 1) * 4
    c2 = (r2 - 1) * 4 + (0 if suited else 1)
    table: np.ndarray = rank_table_numpy()
    rest = np.array([c for c in range(52) if c not in (c1, c2)], dtype=np.int64)
    pairs = np.array(list(combinations(range(50), 2)), dtype=np.int64)
    o1, o2 = rest[pairs[:, 0]], rest[pairs[:, 1]]
    mask = np.ones((len(pairs), 50), dtype=bool)
    mask[np.arange(len(pairs)), pairs[:, 0]] = False
    mask[np.arange(len(pairs)), pairs[:, 1]] = False
    st = np.broadcast_to(rest, (len(pairs), 50))[mask].reshape(len(pairs), 48)
    cards = [
        np.full_like(st, c1),
        np.full_like(st, c2),
        np.broadcast_to(o1[:, None], st.shape),
        np.broadcast_to(o2[:, None], st.shape),
    ]
    ranks = [c // 4 for c in cards]
    suits = [c % 4 for c in cards]
    s_rank, s_suit = st // 4, st % 4
    key = (((ranks[0] * 13 + ranks[1]) * 13 + ranks[2]) * 13 + ranks[3]) * 13 + s_rank
    pts = table[key].astype(np.int64)
    pts += np.where(
        (suits[0] == suits[1]) & (suits[1] == suits[2]) & (suits[2] == suits[3]) & (suits[3] == s_suit), 5, 0
    )
    nobs = np.zeros(st.shape, dtype=bool)
    for r, s in zip(ranks, suits, strict=True):
        nobs |= (r == 10) & (s == s_suit)
    pts += nobs
    counts = np.bincount((s_rank * 30 + pts).ravel(), minlength=13 * 30).reshape(13, 30)
    counts = counts.astype(float)
    dist: np.ndarray = counts / counts.sum(axis=1, keepdims=True)
    return dist


def crib_distribution(a: Card, b: Card) -> np.ndarray:
    """(13, 30): the distribution of a crib holding ``a`` and ``b`` by the starter's rank."""
    r1, r2 = sorted((a.rank, b.rank))
    return _crib_class(r1, r2, a.suit == b.suit and a.rank != b.rank)


# ----------------------------------------------------------------------------- the deal


def _peg_joint(role: int, features: Sequence[float]) -> np.ndarray:
    m = load_model().peg[role]
    x = np.concatenate(([1.0], np.asarray(features, dtype=float)))
    i = int(np.searchsorted(m.own_edges, float(x @ m.own_coef), side="right"))
    j = int(np.searchsorted(m.opp_edges, float(x @ m.opp_coef), side="right"))
    joint: np.ndarray = m.joint[i, j]
    return joint


def _next_deal(target: int, is_dealer: bool) -> np.ndarray:
    """V[A, B]: my chance at the start of the next deal (the other side dealing) with my
    score A and the opponent's B, both below the target."""
    d = _dealer_table(target)
    return 1.0 - d.T if is_dealer else d


def _after_play(target: int, is_dealer: bool, a0: int, b0: int, rows: int, cols: int) -> np.ndarray:
    """Z[i, k]: my chance once the play is over, with my score a0 + i after my hand (and
    crib, when dealing) and the opponent's b0 + k after theirs (and their crib), the shows
    counted in order: the pone's hand first."""
    T = target
    V = _next_deal(T, is_dealer)
    x = a0 + np.arange(rows)
    y = b0 + np.arange(cols)
    z = V[np.minimum(x, T - 1)[:, None], np.minimum(y, T - 1)[None, :]]
    mine, theirs = (x >= T)[:, None], (y >= T)[None, :]
    if is_dealer:  # their hand is counted first
        return np.where(theirs, 0.0, np.where(mine, 1.0, z))
    return np.where(mine, 1.0, np.where(theirs, 0.0, z))


@lru_cache(maxsize=32)
def _kernel_fft(
    role: int, bins: tuple[int, ...], mine_from: int, theirs_from: int, shape: tuple[int, int]
) -> np.ndarray:
    """The FFT of the play's joint distributions ``bins`` of ``role``, flipped, with the cells
    where my points reach ``mine_from`` or theirs ``theirs_from`` set to zero."""
    joints = load_model().peg[role].joint.reshape(-1, load_model().cap + 1, load_model().cap + 1)[list(bins)].copy()
    joints[:, mine_from:, :] = 0.0
    joints[:, :, theirs_from:] = 0.0
    return np.fft.rfft2(joints[:, ::-1, ::-1], shape)


def _correlate(z: np.ndarray, kernel_fft: np.ndarray, P: int, rows: int, cols: int) -> np.ndarray:
    """E[b, i, k] = sum over p, q of kernels[b, p, q] * z[i + p, k + q], for i < rows and
    k < cols (by FFT; ``kernel_fft`` from :func:`_kernel_fft`)."""
    shape = (z.shape[0] + P - 1, z.shape[1] + P - 1)
    full = np.fft.irfft2(np.fft.rfft2(z, shape)[None] * kernel_fft, shape)
    return full[:, P - 1 : P - 1 + rows, P - 1 : P - 1 + cols]


@lru_cache(maxsize=32)
def _shift_matrix(pmf: tuple[float, ...], n: int) -> np.ndarray:
    """M with ``x @ M == np.convolve(x, pmf)`` for any x of length ``n``."""
    m = np.zeros((n, n + len(pmf) - 1))
    for i in range(n):
        m[i, i : i + len(pmf)] = pmf
    return m


def discard_chances(
    discards: Sequence[Sequence[Card]],
    hand_points: npt.ArrayLike,
    starters: Sequence[Card],
    features: Sequence[Sequence[float]],
    *,
    is_dealer: bool,
    me: int,
    opp: int,
    target: int,
) -> np.ndarray:
    """My chance to win the game for each way to split the hand: ``discards[i]`` laid away,
    ``hand_points[i, j]`` the show points of the four kept with ``starters[j]``, and
    ``features[i]`` their pegging features (``players._pegging_features``).

    The value after the play (a grid over the points each side adds in the show) is
    correlated with each pegging distribution once (by FFT), then read at each split's hand
    points and summed over the opponent's hand and the crib.
    """
    T = target
    model = load_model()
    role = 0 if is_dealer else 1
    cap = model.cap
    P = cap + 1
    n = len(discards)
    hand_points = np.asarray(hand_points, dtype=np.int64)
    cribs = np.stack([crib_distribution(*d) for d in discards])  # (n, 13, 30)
    nc = cribs.shape[2]
    opp_hands = model.hand[1 if is_dealer else 0]  # (13, 30)
    nh = opp_hands.shape[1]
    peg = model.peg[role]
    x = np.array([np.concatenate(([1.0], np.asarray(f, dtype=float))) for f in features])
    bins = np.searchsorted(peg.own_edges, x @ peg.own_coef, side="right") * (len(peg.opp_edges) + 1) + np.searchsorted(
        peg.opp_edges, x @ peg.opp_coef, side="right"
    )
    used, b_of = np.unique(bins, return_inverse=True)
    joints = peg.joint.reshape(-1, P, P)[used]  # (B, P, P)
    # my points added after the play: hand (dealer: and crib); theirs: hand (pone: and crib)
    rows = nh + (nc - 1 if is_dealer else 0)
    cols = nh + (0 if is_dealer else nc - 1)
    ranks = np.array([s.rank for s in starters])
    pm = np.arange(P)
    result = np.zeros((n, len(starters)))
    for heels in (0, 2):
        sel_r = [r for r in range(1, 14) if (r == 11) == (heels == 2)]
        if not np.isin(ranks, sel_r).any():
            continue
        a0 = me + (heels if is_dealer else 0)
        b0 = opp + (0 if is_dealer else heels)
        if a0 >= T or b0 >= T:
            result[:, np.isin(ranks, sel_r)] = 1.0 if a0 >= T else 0.0
            continue
        mine = (a0 + pm >= T)[:, None]
        theirs = (b0 + pm >= T)[None, :]
        const = (joints * np.where(mine, np.where(theirs, 0.5, 1.0), 0.0)).sum(axis=(1, 2))
        z = _after_play(T, is_dealer, a0, b0, rows + cap, cols + cap)
        kf = _kernel_fft(
            role, tuple(used.tolist()), min(P, T - a0), min(P, T - b0), (z.shape[0] + P - 1, z.shape[1] + P - 1)
        )
        E = _correlate(z, kf, P, rows, cols)  # (B, rows, cols)
        Eo = E[b_of]  # (n, rows, cols)
        for r in sel_r:
            sel = np.flatnonzero(ranks == r)
            if not len(sel):
                continue
            h = hand_points[:, sel]  # (n, m)
            crib = cribs[:, r - 1, :]  # (n, nc)
            oh = opp_hands[r - 1]
            if is_dealer:
                t = Eo @ oh  # (n, rows)
                idx = h[:, :, None] + np.arange(nc)[None, None, :]  # (n, m, nc)
                g = np.take_along_axis(t[:, None, :], idx, axis=2)
                val = np.einsum("omc,oc->om", g, crib)
            else:
                ps = crib @ _shift_matrix(tuple(oh.tolist()), nc)  # (n, cols)
                g = np.take_along_axis(Eo, h[:, :, None], axis=1)  # (n, m, cols)
                val = np.einsum("oms,os->om", g, ps)
            result[:, sel] = const[b_of][:, None] + val
    chances: np.ndarray = result.mean(axis=1)
    return chances


# ----------------------------------------------------------------------------- the play


def show_chances(
    *,
    target: int,
    is_dealer: bool,
    me: int,
    opp: int,
    my_show: int,
    discards: Sequence[Card],
    starter_rank: int,
    size: int = 32,
    opp_show: Sequence[float] | None = None,
) -> np.ndarray:
    """G[i, k]: my chance to win once the play is over, with my score ``me + i`` and the
    opponent's ``opp + k`` (i, k < ``size``); then the shows in order (the pone's hand first):
    my hand scores ``my_show``, the opponent's hand is distributed as an expert's of its role
    with a starter of ``starter_rank`` (or ``opp_show``, by points, when known better), the
    crib as :func:`crib_distribution` of my two ``discards``."""
    T = target
    model = load_model()
    opp_hand = (
        np.asarray(opp_show, dtype=float)
        if opp_show is not None
        else model.hand[1 if is_dealer else 0, starter_rank - 1]
    )
    crib = crib_distribution(*discards)[starter_rank - 1]
    if is_dealer:
        # their hand first, then my hand and crib: rows add my show, cols their hand
        z = _after_play(T, is_dealer, me + my_show, opp, size + len(crib) - 1, size + len(opp_hand) - 1)
        u = np.lib.stride_tricks.sliding_window_view(z, len(opp_hand), axis=1)[:, :size] @ opp_hand
        grid: np.ndarray = np.lib.stride_tricks.sliding_window_view(u, len(crib), axis=0)[:size] @ crib
        return grid
    s_pmf = np.convolve(opp_hand, crib)
    z = _after_play(T, is_dealer, me + my_show, opp, size, size + len(s_pmf) - 1)
    win = np.lib.stride_tricks.sliding_window_view(z, len(s_pmf), axis=1)[:, :size]
    grid = win @ s_pmf
    return grid
