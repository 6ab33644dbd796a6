"""Counting your own hand (issue 14, point 3): with manual counting each seat states its count in
the show; the engine checks it and pegs what is right, with muggins, the overcount penalty and
the counting clock as options. The engine first, then the seat (keys, typed lines, voice
phrases, the clock on a fake clock), then settings, saves and a real terminal."""

from __future__ import annotations

import random

import pytest

from spoken_cribbage import parse_card, parse_cards
from spoken_cribbage.app.seat import narration
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.engine.scoring import score_hand
from spoken_cribbage.speech.priority import Priority
from testkit.seated import after

# The deal of these tests. Seat 0 keeps 5H 5C JS KD (2C 3C to the crib), seat 1 keeps
# 6D 7D 8D 9S (AH 2H to the crib); the starter is the four of spades.
HANDS = ("5H 5C JS KD 2C 3C", "AH 2H 6D 7D 8D 9S")
STARTER = "4S"
HAND0, HAND1, CRIB = 11, 8, 10  # seat 0's hand, seat 1's hand, the crib


def manual_game(dealer=1, *, muggins=False, penalty=False, scores=None, target=121, counting="manual"):
    rules = Rules(target=target, counting=counting, muggins=muggins, overcount_penalty=penalty)
    chance = [g.Deal(tuple(tuple(parse_cards(h)) for h in HANDS)), g.TurnStarter(parse_card(STARTER))]
    return g.Game(rules=rules, first_dealer=dealer, chance=chance, scores=scores)


def play_out(game):
    """Lay away the last two cards of each hand and play the first card that fits, to the show."""
    for seat in range(2):
        game.apply(g.Discard(seat, tuple(parse_cards(HANDS[seat])[-2:] if seat == 0 else parse_cards(HANDS[seat])[:2])))
    while game.phase == g.PLAY:
        seat = game.to_act
        fits = game.playable(seat)
        game.apply(g.Play(seat, fits[0]) if fits else g.Go(seat))
    return game


def scored(events, reason=None):
    return [
        (e.seat, e.points, str(e.reason))
        for e in events
        if isinstance(e, g.Scored) and (reason is None or e.reason == reason)
    ]


def test_the_deal_counts_what_the_tests_say():
    st = parse_card(STARTER)
    assert score_hand(parse_cards("5H 5C JS KD"), st).total == HAND0
    assert score_hand(parse_cards("6D 7D 8D 9S"), st).total == HAND1
    assert score_hand(parse_cards("2C 3C AH 2H"), st, is_crib=True).total == CRIB


# ----------------------------------------------------------------------------- the engine


def test_auto_counting_is_as_it_always_was():
    game = play_out(manual_game(counting="auto"))
    assert game.phase == g.DEAL_OVER
    assert not any(isinstance(e, (g.CountDue, g.Claimed)) for e in game.events)
    assert [e.total for e in game.events if isinstance(e, g.HandShown)] == [HAND0, HAND1, CRIB]


def test_the_show_waits_for_each_count_in_order():
    game = play_out(manual_game())
    assert game.phase == g.SHOW == "show" and game.to_act == 0
    due = game.events[-1]
    assert due == g.CountDue(0, 0, False, tuple(parse_cards("5C 5H JS KD")), parse_card(STARTER))
    assert game.legal_actions(0) == [g.Claim(0, n) for n in range(30)]
    assert game.legal_actions(1) == []
    obs = game.observation(1)
    assert obs.phase == "show" and obs.to_act == 0 and obs.showing == due.cards
    events = game.apply(g.Claim(0, HAND0))
    assert isinstance(events[0], g.Claimed) and events[0].claimed == events[0].total == HAND0
    assert isinstance(events[1], g.HandShown) and events[1].total == HAND0
    assert scored(events) == [(0, HAND0, "hand")]
    assert events[-1] == g.CountDue(1, 1, False, tuple(parse_cards("6D 7D 8D 9S")), parse_card(STARTER))
    game.apply(g.Claim(1, HAND1))
    assert game.to_act == 1 and game.showing == (1, True) and game.observation(1).showing_crib
    events = game.apply(g.Claim(1, CRIB))
    assert scored(events) == [(1, CRIB, "crib")]
    assert game.phase == g.DEAL_OVER and isinstance(events[-1], g.DealEnded)
    assert game.scores[0] >= HAND0 and game.legal_actions() == [g.NextDeal()]


def test_an_undercount_pegs_the_claim_and_an_overcount_the_right_count():
    game = play_out(manual_game())
    before = list(game.scores)
    assert scored(game.apply(g.Claim(0, 7))) == [(0, 7, "hand")]  # four points lost
    assert scored(game.apply(g.Claim(1, 12))) == [(1, HAND1, "hand")]  # no more than it is
    assert game.scores == [before[0] + 7, before[1] + HAND1]
    assert scored(game.apply(g.Claim(1, 0))) == []  # nineteen: nothing


def test_the_overcount_penalty_gives_the_excess_to_the_opponent():
    game = play_out(manual_game(penalty=True))
    events = game.apply(g.Claim(0, HAND0 + 3))
    assert scored(events) == [(0, HAND0, "hand"), (1, 3, "overcount")]


def test_muggins_takes_what_was_missed_before_the_callers_next_action():
    game = play_out(manual_game(muggins=True))
    game.apply(g.Claim(0, 9))  # two missed
    assert game.muggins_open(1) == 2 and game.muggins_open(0) == 0
    assert g.Muggins(1) in game.legal_actions(1)
    events = game.apply(g.Muggins(1))
    assert events[0] == g.MugginsCalled(1, 1, 0, False, 2, HAND0, events[0].items, tuple(parse_cards("5C 5H JS KD")))
    assert scored(events) == [(1, 2, "muggins")]
    assert game.muggins_open(1) == 0
    # seat 1 undercounts its hand and its crib; seat 0 may call muggins on both at the end
    game.apply(g.Claim(1, HAND1 - 4))
    game.apply(g.Claim(1, CRIB - 2))
    assert game.phase == g.DEAL_OVER and game.muggins_open(0) == 6
    assert game.legal_actions(0) == [g.NextDeal(), g.Muggins(0)]
    assert scored(game.apply(g.Muggins(0))) == [(0, 4, "muggins"), (0, 2, "muggins")]


def test_a_chance_passes_when_the_caller_acts_otherwise():
    game = play_out(manual_game(dealer=0, muggins=True))  # seat 1 counts first
    game.apply(g.Claim(1, HAND1 - 2))
    assert game.muggins_open(0) == 2
    game.apply(g.Claim(0, 0))  # seat 0 counts its own hand: the chance is gone
    assert game.muggins_open(0) == 0
    with pytest.raises(g.IllegalActionError) as e:
        game.apply(g.Muggins(0))
    assert e.value.code == g.Refusal.NOTHING_MISSED and e.value.last == (1, HAND1 - 2, HAND1, False)
    assert game.muggins_open(1) == HAND0  # seat 0 missed its whole hand
    game.apply(g.Claim(0, CRIB))
    assert game.phase == g.DEAL_OVER and game.muggins_open(1) == HAND0
    game.apply(g.NextDeal())  # the next deal ends every chance
    assert game.muggins_open(1) == 0


def test_time_up_scores_nothing_and_half_rounded_down_goes_to_the_opponent():
    game = play_out(manual_game())
    before = list(game.scores)
    events = game.apply(g.TimeUp(0))
    out = events[0]
    assert isinstance(out, g.CountTimedOut) and (out.total, out.to_seat, out.points) == (HAND0, 1, 5)
    assert scored(events) == [(1, 5, "time")]
    assert game.scores == [before[0], before[1] + 5] and game.to_act == 1


def test_counts_are_refused_with_a_reason_and_change_nothing():
    game = manual_game()
    for action, code in (
        (g.Claim(0, 3), g.Refusal.NOT_COUNTING),
        (g.TimeUp(0), g.Refusal.NOT_COUNTING),
        (g.Muggins(0), g.Refusal.MUGGINS_OFF),
    ):
        with pytest.raises(g.IllegalActionError) as e:
            game.apply(action)
        assert e.value.code == code
    play_out(game)
    n = len(game.events)
    # a claim of -1 or True is refused when made (Claim's own check); made past it, by the game
    forged = [object.__new__(g.Claim) for _ in range(2)]
    for claim, points in zip(forged, (-1, True), strict=True):
        object.__setattr__(claim, "seat", 0)
        object.__setattr__(claim, "points", points)
        with pytest.raises((g.InvalidArgumentError, g.ArgumentTypeError)):
            g.Claim(0, points)
    for action, code in (
        (g.Claim(1, 3), g.Refusal.NOT_YOUR_TURN),
        (g.Claim(0, 30), g.Refusal.NOT_A_COUNT),
        (forged[0], g.Refusal.NOT_A_COUNT),
        (forged[1], g.Refusal.NOT_A_COUNT),
        (g.NextDeal(), g.Refusal.DEAL_NOT_OVER),
        (g.Muggins(1), g.Refusal.MUGGINS_OFF),
    ):
        with pytest.raises(g.IllegalActionError) as e:
            game.apply(action)
        assert e.value.code == code, action
    assert len(game.events) == n and game.can_undo(0) == g.UndoBlocked.SHOW
    with pytest.raises(g.IllegalActionError) as e:
        play_out(manual_game(muggins=True)).apply(g.Muggins(1))
    assert e.value.code == g.Refusal.NOTHING_MISSED and e.value.last is None


def test_a_claim_can_win_the_game_at_once():
    game = play_out(manual_game(scores=(115, 0)))
    events = game.apply(g.Claim(0, HAND0))
    assert game.phase == g.GAME_OVER and isinstance(events[-1], g.GameOver)
    assert not any(isinstance(e, g.CountDue) for e in events)


def test_counting_actions_are_saved_as_text_and_replay():
    game = play_out(manual_game(muggins=True, penalty=True))
    for action in (g.Claim(0, 9), g.Muggins(1), g.TimeUp(1), g.Claim(1, 12)):
        game.apply(action)
    texts = [g.action_to_text(a) for a in game.actions]
    assert texts[-4:] == ["claim 0 9", "muggins 1", "timeup 1", "claim 1 12"]
    assert [g.action_from_text(t) for t in texts] == game.actions
    again = g.Game.replay(game.actions, rules=game.rules, first_dealer=1, chance="manual")
    assert again.events == game.events and again.scores == game.scores


def test_the_computer_counts_right_and_the_easy_one_sometimes_misses_an_item():
    from spoken_cribbage.ai.players import choose_claim, make_player

    cards, st = parse_cards("5H 5C JS KD"), parse_card(STARTER)
    for level in ("standard", "expert", "greedy", "random"):
        assert {choose_claim(cards, st, level=level, rng=random.Random(i)) for i in range(50)} == {HAND0}
    easy = [choose_claim(cards, st, level="easy", rng=random.Random(i)) for i in range(200)]
    assert set(easy) <= {HAND0, HAND0 - 1, HAND0 - 2}  # one item missed: a fifteen, the pair, nobs
    assert 20 <= sum(c < HAND0 for c in easy) <= 100  # sometimes (about 3 in 10), never over
    # through its observation, like any computer decision; it always takes what was missed
    game = play_out(manual_game(dealer=0, muggins=True))
    assert make_player("expert").act(game.observation(1), rng=random.Random(1)) == g.Claim(1, HAND1)
    game.apply(g.Claim(1, HAND1))
    game.apply(g.Claim(0, 3))
    assert make_player("easy").act(game.observation(1), rng=random.Random(1)) == g.Muggins(1)


# ----------------------------------------------------------------------------- the seat

from spoken_cribbage.app.local_seat import local_session  # noqa: E402
from spoken_cribbage.app.seat.hooks import SeatHooks  # noqa: E402
from spoken_cribbage.storage.settings import Settings  # noqa: E402
from spoken_cribbage.vocabulary import Command, VoiceContext, key_command, parse_command, phrases_for  # noqa: E402

YOUR_HAND = [
    "Your hand: five of clubs, five of hearts, jack of spades and king of diamonds.",
    "With the starter: the four of spades.",
]
PROMPT = "Count your hand: type the points, then press Enter."
CALL = "Fifteen two, fifteen four, fifteen six, fifteen eight, and a pair is ten, and his nobs is eleven."


class Counter:
    """The computer of these tests: lays away its two lowest cards, plays the first card that
    fits, counts ``claim(total)`` and always calls muggins."""

    def __init__(self, claim=lambda total, crib: total):
        self.claim = claim

    def act(self, obs, rng=None):
        if g.Muggins(obs.seat) in obs.legal:
            return g.Muggins(obs.seat)
        if obs.phase == g.DISCARD:
            return g.Discard(obs.seat, tuple(obs.hand[:2]))
        if obs.phase == g.SHOW:
            total = score_hand(obs.showing, obs.starter, is_crib=obs.showing_crib).total
            return g.Claim(obs.seat, self.claim(total, obs.showing_crib))
        return obs.legal[0]


class FakeClock:
    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def seat(
    dealer=1, *, muggins=False, penalty=False, time_limit=0, claim=None, clock=None, speaker=None, scores=None, **kw
):
    """A session at the deal of these tests, played to the player's first count of the show."""
    out = []
    game = manual_game(dealer, muggins=muggins, penalty=penalty, scores=scores)
    settings = Settings(
        counting="manual",
        muggins="on" if muggins else "off",
        overcount_penalty="on" if penalty else "off",
        time_limit=time_limit,
    )
    s = local_session(
        game,
        hooks=SeatHooks(clock=clock),
        settings=settings,
        write=out.append,
        speaker=speaker,
        opponents={1: Counter(claim) if claim else Counter()},
        **kw,
    )
    s.start()
    s.command("discard 2c 3c")
    while game.phase == g.PLAY:
        s.command(f"play {game.playable(0)[0].short}")
    return s, out


def scores_line(s):
    sc = s.table.game.scores
    return f"You {sc[0]}, Computer {sc[1]}."


def test_the_hand_is_laid_out_with_the_starter_and_the_prompt_is_the_last_line():
    s, out = seat()
    assert out[-3:] == YOUR_HAND + [PROMPT]
    assert s.voice_context().phase == "counting"
    assert s.table.game.phase == g.SHOW and s.table.game.to_act == 0


def test_a_right_count_typed_with_the_digits_and_enter():
    s, out = seat()
    mine, theirs = s.table.game.scores
    assert after(out, lambda: s.key("1")) == ["Your count: 1."]
    assert after(out, lambda: s.key("1")) == ["Your count: 11."]
    lines = after(out, s.enter)
    assert lines[:2] == ["Right, eleven.", f"You {mine + 11}, Computer {theirs}."]
    # the computer says its own count aloud, and the deal ends with its crib
    assert lines[2:] == [
        "Computer's hand: six of diamonds, seven of diamonds, eight of diamonds and nine of spades.",
        "Computer counts eight.",
        f"You {mine + 11}, Computer {theirs + 8}.",
        "Computer's crib: ace of hearts, two of clubs, two of hearts and three of clubs.",
        "Computer counts ten.",
        scores_line(s),
        "Press Enter for your deal.",
    ]


def test_a_wrong_count_is_corrected_item_by_item():
    s, out = seat()
    mine, theirs = s.table.game.scores
    s.key("9")
    lines = after(out, s.enter)
    assert lines[:4] == [
        "You said nine; the hand counts eleven.",
        CALL,
        "You peg nine.",
        f"You {mine + 9}, Computer {theirs}.",
    ]
    s2, out2 = seat()
    lines = after(out2, lambda: s2.command("14"))  # too many: the right count is pegged
    assert lines[:3] == ["You said fourteen; the hand counts eleven.", CALL, "You peg eleven."]


def test_nineteen_is_the_call_for_no_points():
    s, out = seat()
    assert after(out, lambda: s.command("nineteen"))[:2] == ["You said nineteen; the hand counts eleven.", CALL]
    assert [a for a in s.table.game.actions if isinstance(a, g.Claim)][0] == g.Claim(0, 0)
    assert parse_command("19", VoiceContext("counting")) == Command("claim", numbers=(0,))
    # a hand with no points: nineteen is right; the computer says it too
    from spoken_cribbage.words.announce import Announcer, Names

    cards, st = tuple(parse_cards("2H 4C 6S KD")), parse_card("8C")
    said = Announcer(Names()).announce(
        [g.Claimed(0, 0, False, cards, st, 0, 0, ()), g.HandShown(0, 0, False, cards, st, 0, ())]
    )
    assert [line.text for line in said] == ["Right, nineteen."]
    said = Announcer(Names()).announce([g.Claimed(1, 1, False, cards, st, 0, 0, ())])
    assert [line.text for line in said] == ["Computer says nineteen."]


def test_typed_numbers_and_voice_phrases_are_one_vocabulary():
    ctx = VoiceContext("counting")
    said = phrases_for(ctx)
    assert said["twelve"] == "claim 12" and said["twenty nine"] == "claim 29"
    assert said["zero"] == said["nineteen"] == "claim 0"
    assert said["muggins"] == "muggins" and said["time left"] == "time"  # and key m, typed
    assert said["count"] == "count" and said["help"] == "help"  # questions as always
    for spoken, typed in said.items():
        assert parse_command(spoken, ctx) == parse_command(typed, ctx), spoken
    for text, n in (
        ("12", 12),
        ("twelve", 12),
        ("Twenty-one.", 21),
        ("claim 8", 8),
        ("claim eight", 8),
        ("nineteen", 0),
        ("0", 0),
    ):
        assert parse_command(text, ctx) == Command("claim", numbers=(n,)), text
    # elsewhere a bare number is a card; a count is only offered while counting
    assert parse_command("2", VoiceContext("play")) == Command("play", numbers=(2,))
    assert "twelve" not in phrases_for(VoiceContext("show"))
    for phase in ("counting", "show", "play"):
        assert parse_command("muggins", VoiceContext(phase)) == Command("muggins")
    assert parse_command("claim 3", VoiceContext("play")) == Command("claim", numbers=(3,))
    assert key_command("m", "counting") == "muggins" and key_command("k", "counting") == "time"


def test_every_word_said_while_counting_is_in_the_pocketsphinx_dictionary():
    # pocketsphinx cannot build a grammar with a word its dictionary lacks (the whole phase
    # would go deaf): every phrase and decoy of every phase is made of known words, or of words
    # the vocabulary gives a pronunciation for (muggins)
    import os

    pocketsphinx = pytest.importorskip("pocketsphinx")
    from spoken_cribbage.vocabulary import PHASES, PRONUNCIATIONS, decoys_for

    path = os.path.join(pocketsphinx.get_model_path(), "en-us", "cmudict-en-us.dict")
    with open(path) as f:
        known = {line.split()[0] for line in f if line.strip()} | set(PRONUNCIATIONS)
    for phase in PHASES:
        ctx = VoiceContext(phase)
        words = {w for p in [*phrases_for(ctx), *decoys_for(ctx)] for w in p.split()}
        assert words <= known, (phase, words - known)


def test_muggins_can_be_said():
    # the recognizer adds the vocabulary's pronunciation, so the show and counting grammars
    # build with "muggins" in them and an espeak "muggins" is heard as the command
    import shutil
    import subprocess

    pytest.importorskip("pocketsphinx")
    if shutil.which("espeak-ng") is None or shutil.which("sox") is None:
        pytest.skip("needs espeak-ng and sox")
    from spoken_cribbage.voice.recognizers import PocketSphinxRecognizer

    wav = subprocess.run(["espeak-ng", "-v", "en-us", "--stdout", "muggins"], check=True, capture_output=True).stdout
    pcm = subprocess.run(
        [
            "sox",
            "-R",
            "-t",
            "wav",
            "-",
            "-t",
            "raw",
            "-r",
            "16000",
            "-c",
            "1",
            "-b",
            "16",
            "-e",
            "signed-integer",
            "-L",
            "-",
            "pad",
            "0.3",
            "0.3",
        ],
        input=wav,
        check=True,
        capture_output=True,
    ).stdout
    rec = PocketSphinxRecognizer()
    for phase in ("show", "counting"):
        assert "muggins" in phrases_for(VoiceContext(phase))
        got = rec.recognize(pcm, VoiceContext(phase))
        assert got.heard == "muggins", (phase, got)


def test_a_typed_line_and_a_spoken_phrase_count_the_same_in_the_game():
    results = []
    for text in ("eleven", "claim 11", "11"):
        s, out = seat()
        results.append(after(out, lambda s=s, text=text: s.command(text)))
    assert results[0] == results[1] == results[2] and results[0][0] == "Right, eleven."


def test_typing_a_count_can_be_cleared_and_bad_counts_are_refused():
    s, out = seat()
    assert after(out, s.enter) == ["Type your count first: the points, then Enter; 19 or 0 for none."]
    s.key("3")
    assert after(out, lambda: s.key("5")) == ["No hand counts 35: the most is 29. Your count: 3."]
    assert after(out, s.escape) == ["Count cleared: type it again."]
    assert after(out, lambda: s.command("claim 40")) == [
        "No hand counts 40: a count is 0 to 29, and nineteen means none."
    ]
    for beyond in ("claim 47", "claim 99", "999"):  # beyond any claim an action can hold
        assert after(out, lambda beyond=beyond: s.command(beyond)) == [
            f"No hand counts {beyond.split()[-1]}: a count is 0 to 29, and nineteen means none."
        ]
    assert after(out, lambda: s.command("claim lots")) == [
        "Claim how many? Give your count as a number, like 'claim 12'."
    ]
    assert s.table.game.phase == g.SHOW and s.table.game.to_act == 0  # nothing lost
    s2, out2 = seat()
    s2.command("11")
    assert after(out2, lambda: s2.command("claim 5")) == [
        "There is no count to give now. The deal is over. Press Enter for the next deal."
    ]
    assert after(out2, lambda: s2.command("claim 99")) == [
        "There is no count to give now. The deal is over. Press Enter for the next deal."
    ]


def test_muggins_gives_the_points_you_missed_to_the_computer():
    s, out = seat(muggins=True)
    mine, theirs = s.table.game.scores
    lines = after(out, lambda: s.command("9"))
    assert lines[:6] == [
        "You said nine; the hand counts eleven.",
        CALL,
        "You peg nine.",
        f"You {mine + 9}, Computer {theirs}.",
        "Muggins: Computer takes the two you missed.",
        f"You {mine + 9}, Computer {theirs + 2}.",
    ]
    assert lines[6].startswith("Computer's hand: ")


def test_the_overcount_penalty_gives_the_points_claimed_too_many_to_the_computer():
    s, out = seat(penalty=True)
    mine, theirs = s.table.game.scores
    lines = after(out, lambda: s.command("13"))
    assert lines[:6] == [
        "You said thirteen; the hand counts eleven.",
        CALL,
        "You peg eleven.",
        f"You {mine + 11}, Computer {theirs}.",
        "Overcount: Computer takes the two you claimed too many.",
        f"You {mine + 11}, Computer {theirs + 2}.",
    ]


def test_you_call_muggins_on_the_computers_undercount():
    # you deal: the computer counts first, and misses two in its hand
    s, out = seat(dealer=0, muggins=True, claim=lambda total, crib: total if crib else total - 2)
    assert out[-6:] == [
        "Computer's hand: six of diamonds, seven of diamonds, eight of diamonds and nine of spades.",
        "Computer counts six.",
        scores_line(s),
        *YOUR_HAND,
        PROMPT,
    ]
    mine = s.table.game.scores[0]
    lines = after(out, lambda: s.key("m"))
    assert lines[:3] == [
        "Muggins: you take the two Computer missed.",
        "Computer's hand counts eight: fifteen two, fifteen four, and a run of four is eight.",
        f"You {mine + 2}, Computer {s.table.game.scores[1]}.",
    ]
    assert lines[-1] == PROMPT  # your own count is still due
    assert after(out, lambda: s.key("m")) == ["Muggins was called on that count already."]
    s.command("11")
    assert s.table.game.phase == g.SHOW and s.table.game.showing == (0, True)  # your crib now
    assert after(out, lambda: s.key("m")) == ["Muggins was called on that count already."]


def test_muggins_is_refused_with_what_to_do():
    s, out = seat()
    assert after(out, lambda: s.key("m")) == ["Muggins is off in this game; /muggins on plays it from the next game."]
    s2, out2 = seat(muggins=True)
    assert after(out2, lambda: s2.command("muggins")) == ["There is no count to call muggins on."]
    s2.command("11")
    assert after(out2, lambda: s2.command("muggins")) == ["Computer counted 10, and that is right: nothing to take."]


# ----------------------------------------------------------------------------- the clock


def test_the_time_limit_warns_once_and_says_the_time_left_on_a_key():
    clock = FakeClock()
    s, out = seat(time_limit=30, clock=clock)
    assert out[-1] == PROMPT + " You have 30 seconds."
    assert after(out, lambda: s.key("k")) == ["30 seconds left to count."]
    clock.t += 19
    assert after(out, s.tick) == []
    clock.t += 1
    assert after(out, s.tick) == ["10 seconds left to count."]
    clock.t += 4
    assert after(out, s.tick) == []  # one warning only
    assert after(out, lambda: s.key("k")) == ["6 seconds left to count."]
    assert after(out, lambda: s.key("1")) == ["Your count: 1."]
    assert s.table.game.phase == g.SHOW


def test_when_the_time_runs_out_you_score_nothing_and_half_goes_to_the_computer():
    clock = FakeClock()
    s, out = seat(time_limit=15, clock=clock)
    mine, theirs = s.table.game.scores
    s.key("1")
    clock.t += 15
    lines = after(out, s.tick)
    assert lines[:4] == [
        "Time is up: no points for your hand.",
        CALL,
        "Computer takes five, half the count.",
        f"You {mine}, Computer {theirs + 5}.",
    ]
    assert s.table.game.actions[-3] == g.TimeUp(0) and s.hand_view.count_typed == ""
    assert after(out, lambda: s.key("k")) == ["No clock is running: it runs while you count, with a time limit set."]


def test_without_a_timer_the_next_key_finds_the_time_up_and_is_dropped():
    clock = FakeClock()
    s, out = seat(time_limit=20, clock=clock)
    clock.t += 25
    lines = after(out, lambda: s.key("1"))
    assert lines[0] == "Time is up: no points for your hand."
    assert "Your count: 1." not in lines and g.TimeUp(0) in s.table.game.actions


def test_the_clock_waits_while_help_or_a_question_is_open():
    clock = FakeClock()
    s, out = seat(time_limit=30, clock=clock)
    clock.t += 5
    help_lines = after(out, lambda: s.key("?"))
    assert help_lines[0] == "Give your count: type the points with the digits, then Enter; 19 for none."
    assert any("k time left to count" in line for line in help_lines)
    clock.t += 500
    s.tick()
    assert s.table.game.phase == g.SHOW and s.table.game.to_act == 0  # help is open: no time passes
    assert after(out, lambda: s.command("time")) == ["25 seconds left to count."]  # help closed
    clock.t += 5
    s.key("q")  # the quit question
    clock.t += 500
    s.tick()
    assert after(out, lambda: s.key("k")) == ["20 seconds left; the clock waits while help or a question is open."]
    assert after(out, lambda: s.key("n")) == ["Back to the game."]
    clock.t += 10
    assert after(out, s.tick) == ["10 seconds left to count."]
    clock.t += 10
    assert after(out, s.tick)[0] == "Time is up: no points for your hand."


def test_the_crib_count_gets_the_whole_limit_and_its_own_warning():
    """The dealer counts the hand, then the crib: the crib's count does not inherit what was
    left of the hand's clock."""
    clock = FakeClock()
    s, out = seat(dealer=0, time_limit=30, clock=clock)
    assert out[-1] == PROMPT + " You have 30 seconds."
    clock.t += 20
    assert after(out, s.tick) == ["10 seconds left to count."]
    clock.t += 9
    obs = s.table.game.observation(0)
    lines = after(out, lambda: s.command(str(score_hand(obs.showing, obs.starter).total)))
    assert lines[-1] == "Count your crib: type the points, then press Enter. You have 30 seconds."
    assert after(out, lambda: s.key("k")) == ["30 seconds left to count."]
    clock.t += 19
    assert after(out, s.tick) == []
    clock.t += 1
    assert after(out, s.tick) == ["10 seconds left to count."]
    assert s.table.game.phase == g.SHOW and s.table.game.showing == (0, True)


def test_turning_the_time_limit_off_stops_a_count_under_way(home):
    clock = FakeClock()
    s, out = seat(time_limit=30, clock=clock)
    assert after(out, lambda: s.command("time limit off")) == ["Time limit is now off."]
    clock.t += 100
    s.tick()
    assert s.table.game.phase == g.SHOW and s.table.game.to_act == 0 and s.count_clock is None


def test_the_clock_starts_once_the_hand_has_been_read_out():
    class Speaking:
        available = True

        def say(self, text, *, priority=Priority.NOW):
            pass

        def stop(self):
            pass

    clock = FakeClock()
    s, out = seat(time_limit=30, clock=clock, speaker=Speaking())
    assert s.count_clock is not None
    clock.t += 5  # the hand, the starter and the prompt are still being read
    assert s.count_clock.remaining() == 30
    clock.t += 60
    s.tick()
    assert s.table.game.phase != g.SHOW or s.table.game.to_act != 0


def test_the_console_timer_drives_the_clock():
    clock = FakeClock()
    timers = []
    s, out = seat(time_limit=15, clock=clock)
    s.runner.timer = lambda delay, fn: (timers.append((delay, fn)), lambda: None)[1]
    narration.resume_clock(s)  # as the console does once its timer is set
    assert timers and 0 < timers[-1][0] <= 5
    clock.t += 15
    timers[-1][1]()
    assert "Time is up: no points for your hand." in out


# ----------------------------------------------------------------------------- settings, options

import json  # noqa: E402
import subprocess  # noqa: E402

from spoken_cribbage.storage import settings as sm  # noqa: E402
from spoken_cribbage.storage.settings import RunSettings  # noqa: E402
from spoken_cribbage.words.notices import phrase  # noqa: E402
from testkit import BIN, game_env  # noqa: E402


def test_counting_settings_changed_in_the_game_persist(home):
    run = RunSettings(current=Settings())
    out = []
    s = local_session(
        g.Game(seed=1), hooks=SeatHooks(on_settings=run.on_settings), settings=run.current, write=out.append
    )
    for text, said in (
        ("counting manual", "Counting is now manual. It takes effect in the next game."),
        ("muggins on", "Muggins is now on. It takes effect in the next game."),
        ("overcount penalty on", "Overcount penalty is now on. It takes effect in the next game."),
        ("time limit 30", "Time limit is now 30 seconds."),
        ("time limit 5", "That setting was not changed: time limit must be off or between 15 and 90 seconds."),
        ("counting sometimes", "That setting was not changed: counting must be one of auto, manual, not 'sometimes'."),
    ):
        assert after(out, lambda text=text: s.command(text)) == [said], text
    assert sm.load()[0] == Settings(counting="manual", muggins="on", overcount_penalty="on", time_limit=30)
    assert after(out, lambda: s.command("time limit off")) == ["Time limit is now off."]
    assert sm.load()[0].time_limit == 0
    assert "Time limit: off." in [phrase(n) for n in run.describe()]
    assert s.table.game.rules.counting == "auto"  # this game goes on as it began


def test_the_counting_options_are_for_one_run_only(home):
    from spoken_cribbage.app.cli import build_parser

    args = build_parser().parse_args(
        ["play", "--counting", "manual", "--muggins", "on", "--overcount-penalty", "on", "--time-limit", "45"]
    )
    assert sm.options_given(args) == {
        "counting": "manual",
        "muggins": "on",
        "overcount_penalty": "on",
        "time_limit": 45,
    }
    assert build_parser().parse_args(["play", "--time-limit", "off"]).time_limit == 0
    res = subprocess.run(
        [str(BIN), "--counting", "manual", "--speech", "off", "--cues", "off"],
        input=b"settings\nq\ny\n",
        capture_output=True,
        env=game_env(home),
        timeout=120,
    )
    text = res.stdout.decode()
    assert res.returncode == 0 and "Traceback" not in text
    assert "Counting: manual, for this run only (from --counting)." in text
    assert json.loads((home / "game.json").read_bytes())["counting"] == "manual"
    assert sm.load(home / "settings.toml")[0].counting == "auto"
    res = subprocess.run(
        [str(BIN), "--time-limit", "5", "--speech", "off"],
        input=b"",
        capture_output=True,
        env=game_env(home),
        timeout=120,
    )
    assert res.returncode == 2 and "between 15 and 90 seconds" in res.stderr.decode()


def test_a_game_saved_in_the_show_resumes_with_your_count_due(home):
    from spoken_cribbage.app.persist import Keeper
    from spoken_cribbage.storage import savegame

    def keeper():
        k = Keeper(say=lambda t, sp: None, save_path=home / "game.json", stats_path=home / "stats.sqlite3")
        return k, k.load()

    k, _ = keeper()
    game = g.Game(rules=Rules(counting="manual", muggins=True), seed=5)
    k.begin(game, difficulty="expert")
    out = []
    s = local_session(
        game,
        hooks=SeatHooks(on_action=k.on_action, on_change=k.on_change),
        settings=Settings(counting="manual"),
        write=out.append,
        opponents={1: Counter()},
    )
    s.start()
    while not (game.phase == g.SHOW and game.to_act == 0):
        if game.phase == g.DISCARD:
            s.command("1 2")
        elif game.phase == g.PLAY:
            s.command(f"play {game.playable(0)[0].short}")
        elif game.phase == g.SHOW:
            s.command("0")
        else:
            s.enter()
    body = json.loads((home / "game.json").read_bytes())
    assert (body["counting"], body["muggins"], body["overcount_penalty"]) == ("manual", True, False)
    k.close()  # the first process ends (lets go of the save); a new one resumes
    k2, loaded = keeper()
    assert k2.in_progress(loaded) and loaded.game.phase == g.SHOW
    assert loaded.game.events == game.events and loaded.saved.rules == game.rules
    k2.begin(loaded.game, difficulty="expert", saved=loaded.saved)
    out2 = []
    s2 = local_session(
        loaded.game,
        hooks=SeatHooks(on_action=k2.on_action),
        settings=Settings(),
        write=out2.append,
        opponents={1: Counter()},
    )
    s2.start(resumed=True)
    what = "crib" if loaded.game.showing[1] else "hand"
    assert out2[0].startswith("Game resumed.")
    assert out2[-3].startswith(f"Your {what}: ") and out2[-2].startswith("With the starter: the ")
    assert out2[-1] == f"Count your {what}: type the points, then press Enter."
    total = score_hand(loaded.game.showing_cards(), loaded.game.starter, is_crib=loaded.game.showing[1]).total
    assert (
        after(out2, lambda: s2.command(str(total)))[0]
        == f"Right, {'nineteen' if total == 0 else phrase_number(total)}."
    )
    assert savegame.load(home / "game.json").game.actions == loaded.game.actions
    # an auto-counting save is written as it always was
    plain = savegame.SavedGame.from_game(g.Game(seed=1), difficulty="expert")
    assert "counting" not in json.loads(plain.to_bytes())


def phrase_number(n):
    from spoken_cribbage.words.numbers import number_words

    return number_words(n)


# ----------------------------------------------------------------------------- a real terminal


def test_a_deal_with_manual_counting_in_a_pty(tmp_path):
    """The real program: lay away, play with digits and Enter, then count the hand at the show
    with the digits and Enter; the time key answers at once."""
    import re

    import pexpect

    from spoken_cribbage.words.numbers import number_words

    child = pexpect.spawn(
        str(BIN),
        ["--speech", "off", "--seed", "11", "--accessible", "--counting", "manual"],
        env=game_env(tmp_path),
        encoding="utf-8",
        timeout=60,
        dimensions=(50, 200),
    )
    waits = [
        r"Your turn: lay away 2 cards[^\r\n]*\r\n",
        r"Your turn\b[^\r\n]*\r\n",
        r"Count your (hand|crib): type the points, then press Enter\.\r\n",
    ]
    hand = ""
    while True:
        i = child.expect(waits, timeout=90)
        if i == 0:
            child.send("1")
            child.expect(r"chosen; choose one more\.\r\n")
            child.send("2")
            child.expect(r"to confirm\.\r\n")
            child.send("\r")
        elif i == 1:
            child.send("\x1b[H")
            for _ in range(6):
                child.expect(r"[A-Z][a-z]+ of [a-z]+, card \d+( of \d+)?, (playable|not playable)\.\r\n")
                if child.match.group(2) == "playable":
                    break
                child.send("\x1b[C")
            child.send("\r")
        else:
            hand = child.before + child.after
            break
    what = re.search(r"Count your (hand|crib)", hand).group(1)
    cards = re.search(rf"Your {what}: ([^\r\n]*)\.\r\n", hand).group(1)
    starter = re.search(r"With the starter: the ([^\r\n]*)\.\r\n", hand).group(1)
    names = re.split(r", | and ", cards)
    total = score_hand([parse_card(n) for n in names], parse_card(starter), is_crib=what == "crib").total
    child.send("k")
    child.expect(r"Counting has no time limit: take your time\.[^\r\n]*\r\n")
    for digit in str(total):
        child.send(digit)
        child.expect(r"Your count: \d+\.\r\n")
    child.send("\r")
    child.expect(r"Right, " + ("nineteen" if total == 0 else number_words(total)) + r"\.\r\n")
    child.expect(r"You \d+, Computer \d+\.\r\n")
    child.sendcontrol("c")
    child.expect(r"Quit the game\?")
    child.sendcontrol("c")
    child.expect(pexpect.EOF)
