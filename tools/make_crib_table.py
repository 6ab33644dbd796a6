"""Generate ``spoken_cribbage/ai/data/crib_table.json``: the expected crib for two laid-away cards.

Method (exact enumeration, no sampling):

* The two laid-away cards are described by their ranks and whether they share a suit
  (13 pairs + 78 off-suit + 78 suited rank pairs = 169 classes). By suit symmetry every
  card pair in a class has the same expectation, so one representative pair is scored.
* For each class, every one of the C(50, 2) = 1,225 pairs of other two crib cards from the 50
  cards left, times each of the 48 starters left, is scored under crib rules (only a five-card
  flush counts; nobs counts): 58,800 equally likely cribs per class, 9,937,200 in all.
* The value stored is the mean: the expected crib when the other two crib cards are
  uniformly random among the cards the discarder cannot see (the model used by the
  classic published crib tables built "without strategy").

Run:  python tools/make_crib_table.py            (about 2 seconds)
"""

from __future__ import annotations

import json
import sys
from itertools import combinations
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spoken_cribbage.engine.scoring import rank_table_numpy  # noqa: E402

OUT = ROOT / "spoken_cribbage" / "ai" / "data" / "crib_table.json"


def crib_mean(c1: int, c2: int, table: np.ndarray) -> float:
    """Mean crib points over every other-two-cards pair and starter, for card codes c1, c2."""
    rest = np.array([c for c in range(52) if c not in (c1, c2)], dtype=np.int64)
    pairs = np.array(list(combinations(range(50), 2)), dtype=np.int64)
    o1, o2 = rest[pairs[:, 0]], rest[pairs[:, 1]]  # (1225,)
    # starters: every card of the 50 not in the pair -> build (1225, 48)
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
    flush5 = (suits[0] == suits[1]) & (suits[1] == suits[2]) & (suits[2] == suits[3]) & (suits[3] == s_suit)
    pts += np.where(flush5, 5, 0)
    nobs = np.zeros(st.shape, dtype=bool)
    for r, s in zip(ranks, suits, strict=True):
        nobs |= (r == 10) & (s == s_suit)
    pts += nobs
    return float(pts.mean())


def build() -> dict:
    table = rank_table_numpy().astype(np.int16)
    offsuit = [[0.0] * 13 for _ in range(13)]
    suited: list[list[float | None]] = [[None] * 13 for _ in range(13)]
    for r1 in range(13):
        for r2 in range(r1, 13):
            v = crib_mean(r1 * 4 + 0, r2 * 4 + 1, table)
            offsuit[r1][r2] = offsuit[r2][r1] = round(v, 4)
            if r1 != r2:
                w = crib_mean(r1 * 4 + 0, r2 * 4 + 0, table)
                suited[r1][r2] = suited[r2][r1] = round(w, 4)
    return {
        "description": "Expected crib points given the two laid-away cards; the other two crib "
        "cards uniformly random among the other 50, the starter among the other 48. "
        "Exact enumeration (1,225 x 48 cribs per class). Index [rank-1][rank-1].",
        "generator": "tools/make_crib_table.py",
        "offsuit": offsuit,
        "suited": suited,
    }


def main() -> int:
    data = build()
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=None, separators=(",", ":")) + "\n")
    print(f"wrote {OUT} (5-5: {data['offsuit'][4][4]:.3f}, K-2 offsuit: {data['offsuit'][12][1]:.3f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
