"""Generate ``spoken_cribbage/ai/data/endgame.json``: what the expert's end-game discard needs to
know about a deal besides its own cards, from expert self-play.

Method: ``--deals`` deals of ``expert-points`` self-play (the expert without the win-chance
table, far from the end of the game: a target that cannot be reached), each played to the end
of the show. Per deal the script records the starter, each side's kept four, pegging points
(play, go and last) and hand points, and the crib. From those:

* ``hand[role][r]``: how many deals the role's kept hand scored 0, 1, 2, ... points with a
  starter of rank ``r`` (1 ace .. 13 king). The end-game discard uses it for the opponent's
  hand, whose cards it cannot see.
* ``pegging[role]``: the pegging of a deal as a function of the kept hand of the player in
  ``role``. Two least-squares fits on the seven pegging features of the kept four (pairs, low
  cards, fives, ten-cards, two-card fifteens, adjacent ranks, sum of values / 10; see
  ``players._pegging_features``) and a constant: ``own`` predicts the points that player pegs,
  ``opp`` the points the opponent pegs. Each prediction is cut at its quartiles (own: 4 bins)
  and terciles (opp: 3 bins), and ``joint[own bin][opp bin][p][q]`` counts the deals in which
  that player pegged ``p`` points and the opponent ``q`` (both capped at ``PEG_CAP``).

The crib is not stored: ``spoken_cribbage.ai.endgame`` enumerates it exactly (the crib table's
method, by starter rank).

    nice -n 19 python tools/make_endgame.py [--deals 100000] [--seed 3]

About 6 minutes on one core at the default.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from spoken_cribbage.ai.players import _pegging_features, make_player, warm_up  # noqa: E402
from spoken_cribbage.engine.game import Game, HandShown, Scored, StarterTurned  # noqa: E402

OUT = ROOT / "spoken_cribbage" / "ai" / "data" / "endgame.json"
GENERATOR_VERSION = 1
PEG_CAP = 20
HAND_MAX = 29
UNREACHABLE = 1_000_000
ROLES = ("dealer", "pone")
OWN_BINS, OPP_BINS = 4, 3


def play_deal(seed: int) -> dict:
    """One ``expert-points`` self-play deal: starter rank, and per role (0 dealer, 1 pone) the
    kept four, pegging and hand points; the crib."""
    game = Game(target=UNREACHABLE, seed=seed, first_dealer=0)
    players = [make_player("expert-points", random.Random(seed)) for _ in range(2)]
    peg = [0, 0]
    hand = [0, 0]
    keep: list[tuple] = [(), ()]
    crib = 0
    starter = None
    while True:
        if game.phase == "discard":
            seats = list(game.pending_discards())
        else:
            seats = [game.to_act if game.to_act is not None else 0]
        for seat in seats:
            for ev in game.apply(players[seat].act(game.observation(seat))):
                if isinstance(ev, StarterTurned):
                    starter = ev.card
                elif isinstance(ev, Scored) and ev.reason in ("play", "go", "last"):
                    peg[ev.seat] += ev.points
                elif isinstance(ev, HandShown):
                    if ev.is_crib:
                        crib = ev.total
                        assert starter is not None
                        return {"starter": starter.rank, "keep": keep, "peg": peg, "hand": hand, "crib": crib}
                    role = 0 if ev.seat == 0 else 1  # seat 0 deals
                    hand[role] = ev.total
                    keep[role] = ev.cards


def build(deals: list[dict]) -> dict:
    out_hand = {}
    out_peg = {}
    for role, name in enumerate(ROLES):
        counts = np.zeros((13, HAND_MAX + 1), dtype=np.int64)
        for d in deals:
            counts[d["starter"] - 1, d["hand"][role]] += 1
        out_hand[name] = counts.tolist()

        X = np.array([(1.0,) + _pegging_features(d["keep"][role]) for d in deals])
        own = np.array([d["peg"][role] for d in deals], dtype=float)
        opp = np.array([d["peg"][1 - role] for d in deals], dtype=float)
        c_own = np.linalg.lstsq(X, own, rcond=None)[0]
        c_opp = np.linalg.lstsq(X, opp, rcond=None)[0]
        p_own, p_opp = X @ c_own, X @ c_opp
        e_own = np.quantile(p_own, [k / OWN_BINS for k in range(1, OWN_BINS)])
        e_opp = np.quantile(p_opp, [k / OPP_BINS for k in range(1, OPP_BINS)])
        b_own = np.searchsorted(e_own, p_own, side="right")
        b_opp = np.searchsorted(e_opp, p_opp, side="right")
        joint = np.zeros((OWN_BINS, OPP_BINS, PEG_CAP + 1, PEG_CAP + 1), dtype=np.int64)
        np.add.at(joint, (b_own, b_opp, np.minimum(own, PEG_CAP).astype(int), np.minimum(opp, PEG_CAP).astype(int)), 1)
        out_peg[name] = {
            "own_coef": [round(float(v), 5) for v in c_own],
            "opp_coef": [round(float(v), 5) for v in c_opp],
            "own_edges": [round(float(v), 5) for v in e_own],
            "opp_edges": [round(float(v), 5) for v in e_opp],
            "joint": joint.tolist(),
        }
        means = [[float(own[(b_own == i) & (b_opp == j)].mean()) for j in range(OPP_BINS)] for i in range(OWN_BINS)]
        print(
            f"{name}: pegging own {own.mean():.2f} opp {opp.mean():.2f}; own by bin "
            + " ".join(f"{m[0]:.2f}/{m[-1]:.2f}" for m in means),
            file=sys.stderr,
        )
    return {"hand": out_hand, "pegging": out_peg}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=3, help="deal i is dealt from seed * 10,000,000 + i")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    warm_up()
    t = time.process_time()
    deals = []
    for i in range(args.deals):
        deals.append(play_deal(args.seed * 10_000_000 + i))
        if (i + 1) % 10_000 == 0:
            print(f"{i + 1} deals, {time.process_time() - t:.0f} s", file=sys.stderr, flush=True)
    seconds = time.process_time() - t
    data = {
        "description": (
            "What the end-game discard knows of a deal beyond its own cards, from "
            "expert-points self-play far from the end: hand[role][starter rank - 1]"
            "[points] counts kept hands by show points; pegging[role] predicts a "
            "player's and the opponent's pegging from the player's kept four and "
            "counts joint[own bin][opp bin][own points][opp points]."
        ),
        "generator": "tools/make_endgame.py",
        "generator_version": GENERATOR_VERSION,
        "made": dt.date.today().isoformat(),
        "deals": args.deals,
        "seed": args.seed,
        "seconds_playing": round(seconds),
        "peg_cap": PEG_CAP,
        "features": [
            "constant",
            "pairs",
            "low cards (up to 2)",
            "fives",
            "ten-cards",
            "two-card fifteens",
            "adjacent ranks",
            "sum of values / 10",
        ],
        **build(deals),
    }
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n")
    print(f"wrote {args.out}: {args.deals} deals, {seconds:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
