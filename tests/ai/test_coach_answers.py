"""The coach that answers the move made (issue 25, item 5): one line when the expert's move was
better by more than noise, said right after the move at coach verbosity, nothing otherwise; the
points lost at the end of a deal; the ``e`` key at any verbosity. The line matches the analysis
(spoken_cribbage.ai.analyze, ai.pegging.play_values) for seeded positions."""

import random

from spoken_cribbage.ai import coach
from spoken_cribbage.ai.analyze import analyze_discards
from spoken_cribbage.ai.discard import _pegging_adjust
from spoken_cribbage.ai.pegging import play_values
from spoken_cribbage.ai.players import make_player
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.vocabulary import key_command
from spoken_cribbage.words.commands import key_lines
from spoken_cribbage.words.notices import phrase
from testkit.seated import after, make


def seat(seed=3, verbosity="coach"):
    return make(
        seed,
        settings=Settings().changed("verbosity", verbosity),
        opponents={1: make_player("expert", random.Random(1))},
    )


def test_a_discard_worse_than_the_experts_gets_the_analysis_difference():
    # seed 3: ace, two, three, five of clubs, ten of hearts, jack of clubs; the player deals
    gm = g.Game(seed=3)
    hand = list(gm.observation(0).hand)
    assert hand == parse_cards("AC 2C 3C 5C 10H JC")
    action = g.Discard(0, tuple(parse_cards("10H JC")))
    verdict = coach.judge(gm, 0, action)
    options = analyze_discards(hand, is_dealer=True)
    mine = next(o for o in options if set(o.discard) == set(action.cards))
    assert verdict.code == "calculator.coach_discard_better"
    assert set(verdict.data["discard"]) == set(options[0].discard)
    assert verdict.data["better"] == options[0].net - mine.net
    assert round(verdict.data["better"], 1) == 3.1
    assert phrase(verdict) == ("The expert keeps the jack and lays away the five here: about 3.1 points better.")


def test_the_experts_own_discard_and_one_within_noise_are_not_said():
    gm = g.Game(seed=3)
    hand = list(gm.observation(0).hand)
    options = analyze_discards(hand, is_dealer=True)
    assert coach.judge(gm, 0, g.Discard(0, options[0].discard)).code == "calculator.coach_same"
    # the noise rule: a discard whose net is lower by no more than its keep's pegging advantage
    # (the expert's fitted correction) is within noise, and so is one lower by under FLOOR
    for o in options[1:]:
        verdict = coach.judge(gm, 0, g.Discard(0, o.discard))
        better = options[0].net - o.net
        noise = max(coach.FLOOR, _pegging_adjust(o.keep, True) - _pegging_adjust(options[0].keep, True))
        assert coach.said(verdict) == (better > noise), o
        if not coach.said(verdict):
            assert verdict.code == "calculator.coach_close"


def test_a_play_worse_than_the_experts_gets_the_play_values_difference():
    s, out = seat(3)
    s.command("discard 10H JC")
    gm = s.table.game
    assert gm.phase == g.PLAY and gm.to_act == 0
    obs = gm.observation(0)
    expert = coach.hint_for(gm, 0).data["card"]
    values = play_values(
        obs.hand,
        series=obs.series,
        played=[c for _, c in obs.played],
        starter=obs.starter,
        is_dealer=obs.is_dealer,
        my_score=obs.my_score,
        their_score=obs.scores[1],
        target=obs.target,
        discards=obs.discards,
        kept=obs.kept,
    )
    judged = {c: coach.judge(gm, 0, g.Play(0, c)) for c in values}
    assert judged[expert].code == "calculator.coach_same"
    for card, verdict in judged.items():
        if card == expert:
            continue
        better = values[expert][1] - values[card][1]
        noise = max(coach.FLOOR, abs((values[expert][0] - values[card][0]) - better))
        assert coach.said(verdict) == (better > noise)
        if coach.said(verdict):
            assert verdict.data == {"card": expert, "mine": card, "better": better}
    five = parse_cards("5C")[0]
    assert coach.said(judged[five])
    assert phrase(judged[five]) == (
        f"The expert plays the {expert.name} here: about {judged[five].data['better']:.1f} points better."
    )


def test_at_coach_verbosity_the_line_follows_the_move_and_the_deal_ends_with_the_loss():
    s, out = seat(3)
    lines = after(out, lambda: s.command("discard 10H JC"))
    assert lines[:2] == [
        "You lay away the ten of hearts and jack of clubs.",
        "The expert keeps the jack and lays away the five here: about 3.1 points better.",
    ]
    said = [3.1]
    while s.table.game.phase == g.PLAY:
        if s.table.game.to_act != 0:
            break
        card = max(s.table.game.playable(0), key=lambda c: c.value) if s.table.game.playable(0) else None
        verdict = coach.judge(s.table.game, 0, g.Play(0, card)) if card else None
        lines = after(out, lambda card=card: s.command(f"play {card.short}" if card else "go"))
        if coach.said(verdict):
            assert lines[0].startswith(f"You play the {card.name}.")
            assert lines[1] == phrase(verdict)
            said.append(verdict.data["better"])
        else:
            assert not any(line.startswith("The expert") for line in lines)
    assert s.table.game.phase == g.DEAL_OVER
    lost = [line for line in out if line.startswith("The coach estimates")]
    assert len(lost) == 1 and len(said) > 1
    assert abs(float(lost[0].split("about ")[1].split()[0]) - sum(said)) < 0.11
    assert out[out.index(lost[0]) + 1].startswith("Press Enter")


def test_a_move_matching_the_expert_says_nothing_and_the_deal_nothing_lost():
    s, out = seat(3)
    best = analyze_discards(list(s.table.game.observation(0).hand), is_dealer=True)[0]
    lines = after(out, lambda: s.command("discard " + " ".join(c.short for c in best.discard)))
    assert not any(line.startswith("The expert") for line in lines)
    assert s.coach.answer() == "The expert would have done the same."
    while s.table.game.phase == g.PLAY and s.table.game.to_act == 0:
        hint = coach.hint_for(s.table.game, 0)
        s.command(f"play {hint.data['card'].short}" if hint.code == "calculator.play_hint" else "go")
    assert not any(line.startswith(("The expert", "The coach")) for line in out)


def test_at_normal_verbosity_nothing_is_said_but_the_coach_key_answers():
    s, out = seat(3, verbosity="normal")
    assert key_command("e", "play") == "coach" and key_command("e", "discard") == "coach"
    assert any("e the coach on your last move" in line for line in key_lines("play"))
    assert after(out, lambda: s.key("e"))[0] == "No move of yours to judge yet this deal."
    lines = after(out, lambda: s.command("discard 10H JC"))
    assert not any(line.startswith("The expert") for line in lines)
    assert after(out, lambda: s.key("e"))[0] == (
        "The expert keeps the jack and lays away the five here: about 3.1 points better."
    )
    while s.table.game.phase == g.PLAY and s.table.game.to_act == 0:
        p = s.table.game.playable(0)
        s.command(f"play {p[-1].short}" if p else "go")
    # only the key's answer: no line of the coach's own at normal verbosity
    assert [line for line in out if line.startswith(("The expert", "The coach"))] == [
        "The expert keeps the jack and lays away the five here: about 3.1 points better."
    ]


def test_the_discard_line_says_a_pair_once_and_full_names_when_ranks_cross():
    d = dict(keep=(), better=1.5)
    two_h, two_d, nine, ten = parse_cards("2H 2D 9C 10S")
    assert phrase("calculator.coach_discard_better", mine=(two_h, two_d), discard=(nine, ten), **d) == (
        "The expert keeps both twos and lays away the nine and the ten here: about 1.5 points better."
    )
    five_h, five_s, king = parse_cards("5H 5S KS")
    assert phrase("calculator.coach_discard_better", mine=(five_h, king), discard=(five_s, king), **d) == (
        "The expert keeps the five of hearts and lays away the five of spades here: about 1.5 points better."
    )


def test_a_move_taken_back_is_not_counted_lost_nor_answered_by_the_key():
    from spoken_cribbage.app.coach import CoachWatch

    gm = g.Game(seed=3)
    watch = CoachWatch()
    bad = g.Discard(0, tuple(parse_cards("10H JC")))
    watch.before(gm.observation(0), len(gm.actions), bad)
    gm.apply(bad)
    assert watch.answer().startswith("The expert keeps the jack")
    watch.undone(len(gm.actions) - 1)  # the discard taken back
    assert watch.answer() == "No move of yours to judge yet this deal."
    watch.move_lines(speak=True)
    assert watch.deal_lines([g.DealEnded(deal=1, next_dealer=1, scores=(0, 0))], speak=True) == []
    # kept, it is counted at the deal's end
    gm = g.Game(seed=3)
    watch = CoachWatch()
    watch.before(gm.observation(0), len(gm.actions), bad)
    gm.apply(bad)
    [line] = watch.deal_lines([g.DealEnded(deal=1, next_dealer=1, scores=(0, 0))], speak=True)
    assert line.text == "The coach estimates you lost about 3.1 points this deal."


def test_a_play_at_a_table_of_three_is_judged_by_the_tables_analysis():
    from spoken_cribbage.ai.observe import view_from_observation
    from spoken_cribbage.ai.pegging import table_play_values

    checked = said = 0
    for seed in range(1, 8):
        gm = g.Game(players=3, seed=seed)
        bots = {s: make_player("expert", random.Random(s)) for s in range(3)}
        for _ in range(60):
            if gm.phase == g.DISCARD:
                seat = next(iter(gm.pending_discards()))
            elif gm.phase == g.PLAY and gm.to_act is not None:
                seat = gm.to_act
            else:
                break
            obs = gm.observation(seat)
            if seat == 0 and gm.phase == g.PLAY and len(obs.playable) > 1:
                expert = coach.hint_for(gm, 0).data["card"]
                values = table_play_values(view_from_observation(obs))
                for card in obs.playable:
                    verdict = coach.judge(gm, 0, g.Play(0, card))
                    if card == expert:
                        assert verdict.code == "calculator.coach_same"
                        continue
                    better = values[expert][1] - values[card][1]
                    noise = max(coach.FLOOR, abs((values[expert][0] - values[card][0]) - better))
                    assert coach.said(verdict) == (better > noise)
                    if coach.said(verdict):
                        assert verdict.data == {"card": expert, "mine": card, "better": better}
                        said += 1
                    checked += 1
            gm.apply(bots[seat].act(obs, rng=random.Random(seed)))
    assert checked > 10 and said > 0
