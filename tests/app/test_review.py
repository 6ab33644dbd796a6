"""Reviewing a deal and a game: the review command and the walk key in the game, the stored
game read back (review), written out (export) and dealt again (play --replay)."""

from __future__ import annotations

import random

from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.engine import game as g
from spoken_cribbage.storage.settings import Settings
from spoken_cribbage.words.review import deal_steps, deals_of
from testkit.games import finished_game, record_finished_game
from testkit.seated import after, make


def play_out_deal(s):
    """Lay away the first two cards and play the first playable card until the deal is over."""
    s.command("1 2")
    for _ in range(20):
        if s.table.game.phase != g.PLAY:
            break
        s.command("play " + s.table.game.observation(s.me).playable[0].short)
    assert s.table.game.phase in (g.DEAL_OVER, g.GAME_OVER)


def test_review_before_any_deal_ended_reads_the_deal_so_far():
    s, out = make()
    lines = after(out, lambda: s.command("review"))
    assert lines[0] == "Deal 1, as it was played:"
    assert lines[1] == "Deal 1. Your crib."
    assert lines[2].startswith("Your hand: four of clubs, eight of diamonds")
    assert lines[-1] == "That is deal 1 so far."


def test_review_reads_the_last_deal_in_order_and_hides_nothing_it_should_not():
    s, out = make()
    play_out_deal(s)
    lines = after(out, lambda: s.command("review"))
    assert lines[0] == "Deal 1, as it was played:" and lines[-1] == "End of the review of deal 1."
    text = "\n".join(lines)
    order = [
        "Your hand:",
        "You lay away the four of clubs and eight of diamonds.",
        "The starter is the four of hearts.",
        "Computer plays the eight of hearts. Count 8.",
        "One for last to you.",
        "Computer's hand:",
        "Your crib:",
        "End of deal 1: You 20, Computer 3.",
    ]
    places = [text.index(piece) for piece in order]
    assert places == sorted(places)
    assert "Computer lays away 2 cards." in lines  # the other seat's discards stay hidden
    assert all(line and line[0].isupper() and line[-1] in ".:" for line in lines)
    # in the next deal, before anything else happens, review still reads deal 1
    s.enter()
    assert after(out, lambda: s.command("review"))[0] == "Deal 1, as it was played:"
    assert after(out, lambda: s.command("replay"))[-1] == "End of the review of deal 1."


def test_the_walk_key_gives_one_event_a_press_with_a_sentence_at_each_end():
    s, out = make()
    play_out_deal(s)
    steps = deal_steps(deals_of(s.table.game.events_for(0))[1][1], s.names)
    first = after(out, lambda: s.key("w"))
    assert first == ["Deal 1, from the start; press w for each event.", *steps[0]]
    heard = [first[1:]]
    for _ in range(len(steps) - 1):
        heard.append(after(out, lambda: s.key("w")))
    assert heard == steps
    assert after(out, lambda: s.key("w")) == [
        "That was the last event of deal 1. Press w to hear it again from the start."
    ]
    assert after(out, lambda: s.key("w"))[0] == "Deal 1, from the start; press w for each event."


def test_the_walk_follows_the_current_deal_and_stops_at_its_latest_event():
    s, out = make()
    s.key("w")  # deal 1: dealt, the computer laid away
    s.key("w")
    assert after(out, lambda: s.key("w")) == [
        "That is the latest event of deal 1. Press w again when more has happened."
    ]
    s.command("1 2")  # more happens: the walk goes on
    assert after(out, lambda: s.key("w")) == ["You lay away the four of clubs and eight of diamonds."]


def test_a_walk_belongs_to_one_deal_and_starts_again_in_the_next():
    """Walked in deal 1, w in deal 2 never reads deal 1's events as current: it starts again,
    saying which deal it walks."""
    s, out = make()
    play_out_deal(s)
    s.key("w")
    s.key("w")  # half-way through deal 1
    s.enter()  # deal 2
    s.command("1 2")
    steps = deal_steps(deals_of(s.table.game.events_for(0))[2][1], s.names)
    assert after(out, lambda: s.key("w")) == ["Deal 2, from the start; press w for each event.", *steps[0]]


def test_a_walk_started_before_the_game_ended_starts_again_after_it():
    s, out = make(scores=[119, 119])
    s.key("w")  # the last deal, as it begins
    s.command("1 2")
    for _ in range(20):
        if s.table.game.phase != g.PLAY:
            break
        s.command("play " + s.table.game.observation(s.me).playable[0].short)
    assert s.table.game.phase == g.GAME_OVER
    deal = s.table.game.deal_number
    assert after(out, lambda: s.key("w"))[0] == (f"Deal {deal}, from the start; press w for each event.")


def test_review_and_walk_are_in_the_vocabulary_help_and_key_list():
    from spoken_cribbage.vocabulary import VoiceContext, key_command, parse_command, phrases_for

    assert key_command("w", "play") == "walk"
    for typed in ("review", "replay", "review the deal"):
        assert parse_command(typed).verb == "review"
    for typed in ("walk", "step", "next event", "w"):
        assert parse_command(typed).verb == "walk"
    for phase in ("discard", "play", "other", "show", "over"):
        ph = phrases_for(VoiceContext(phase))
        assert ph["review the deal"] == "review" and ph["next event"] == "walk"
    s, out = make()
    text = "\n".join(after(out, lambda: s.key("?")))
    assert "w the deal again, an event a press" in text
    assert "/review reads the last deal again, every event in order." in text


# ----------------------------------------------------------------------------- a stored game

import subprocess  # noqa: E402
import sys  # noqa: E402

import pexpect  # noqa: E402

from spoken_cribbage.ai.players import make_player  # noqa: E402
from spoken_cribbage.app.persist import Keeper  # noqa: E402
from spoken_cribbage.storage.gamelog import events_from_json  # noqa: E402
from spoken_cribbage.storage.stats import StatsDB, game_record  # noqa: E402
from testkit import BIN, game_env  # noqa: E402
from testkit.robust_support import feed, make_script, one_sentence  # noqa: E402


def stored(home, *seeds):
    for seed in seeds:
        record_finished_game(home, seed)


def cli(home, *args, stdin=""):
    return subprocess.run(
        [sys.executable, "-m", "spoken_cribbage", *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=game_env(home),
        timeout=120,
    )


def test_a_game_played_through_the_keeper_is_stored_with_its_seed_actions_and_log(home):
    k = Keeper(say=lambda t, s: None)
    k.load()
    script = make_script(4, "easy", noise=0)
    gm = g.Game(seed=4)
    k.begin(gm, difficulty="easy")
    s = local_session(
        gm,
        hooks=SeatHooks(on_change=k.on_change, on_action=k.on_action),
        settings=Settings(speech="off"),
        write=lambda t: None,
        opponents={1: make_player("easy", random.Random(0))},
    )
    s.start()
    for grp in script.groups:
        for line in grp:
            feed(s, line)
    assert gm.phase == g.GAME_OVER
    (game,) = StatsDB(home / "stats.sqlite3").games()
    assert (game.number, game.seed, game.me, game.difficulty) == (1, 4, 0, "easy")
    assert [g.action_from_text(a) for a in game.actions] == gm.actions
    assert events_from_json(game.events) == gm.events


def test_review_reads_every_deal_and_export_writes_the_same_with_the_seed(home, tmp_path):
    stored(home, 5, 9)
    listed = cli(home, "review", "--list")
    assert listed.returncode == 0
    assert listed.stdout.splitlines()[0] == "Your games, oldest first:"
    assert listed.stdout.splitlines()[2].startswith("Game 2, ")
    res = cli(home, "review", "1")
    assert res.returncode == 0 and res.stderr == ""
    lines = res.stdout.splitlines()
    assert lines[0].startswith("Game 1, ") and "you lost, 118 to 122, in 13 deals" in lines[0]
    assert lines[1].startswith("Seed 5. To play the same deals again: spoken-cribbage play --replay 1")
    gm = finished_game(5)
    assert sum(line.startswith("Deal ") for line in lines) == gm.deal_number
    assert (
        "Computer holds: three of hearts, six of hearts, eight of diamonds, nine of diamonds, "
        "king of clubs and king of spades." in lines
    )  # the game is over: every card named
    assert lines[-1] == "End of game 1."
    assert all(line.strip() and line[0].isupper() for line in lines)
    assert cli(home, "review").stdout.splitlines()[0].startswith("Game 2, ")  # the last one
    out = tmp_path / "game.txt"
    res = cli(home, "export", "1", "--out", str(out))
    assert res.returncode == 0 and res.stdout.startswith("Game 1 written to ")
    text = out.read_text()
    assert [t for t in text.splitlines() if t] == lines[:-1]  # the same lines, a blank between deals
    assert "Seed 5." in text and "\n\nDeal 2. " in text


def test_review_and_export_say_what_is_wrong_in_one_sentence(home, tmp_path):
    res = cli(home, "review")
    assert (res.returncode, res.stdout) == (1, "No finished games yet: play one, and it can be reviewed here.\n")
    stored(home, 5)
    res = cli(home, "review", "4")
    assert res.returncode == 1 and one_sentence(res.stdout.strip())
    assert res.stdout == "There is no game 4: your games are numbered 1 to 1.\n"
    res = cli(home, "export", "--out", str(tmp_path / "no" / "such" / "folder.txt"))
    assert res.returncode == 1 and res.stdout == "" and one_sentence(res.stderr.strip())
    assert "Traceback" not in res.stderr
    res = cli(home, "export", "1")
    assert res.returncode == 2 and "--out" in res.stderr and res.stderr.count("\n") == 1


def test_the_same_seed_deals_the_same_cards_whatever_the_choices():
    """The deck has its own stream (the game's rng); the computer's choices come from fresh
    streams per decision: so different choices never change the deals."""
    a, b = finished_game(7, choices=1), finished_game(7, choices=2)
    assert a.actions != b.actions

    def deals(game):
        return (
            [e.hands for e in game.events if isinstance(e, g.Dealt)],
            [e.card for e in game.events if isinstance(e, g.StarterTurned)],
            [e for e in game.events if isinstance(e, g.CutForDeal)],
        )

    n = min(a.deal_number, b.deal_number)
    assert [x[:n] for x in deals(a)] == [x[:n] for x in deals(b)]


def test_play_replay_deals_the_stored_game_again_with_other_choices(home):
    stored(home, 5)
    first = [e for e in finished_game(5).events if isinstance(e, (g.Dealt, g.StarterTurned))][:2]
    hand = [f"Card {n}: {c.name}." for n, c in enumerate(first[0].hands[0], 1)]
    for discard in ("1 2", "5 6"):
        res = cli(home, "play", "--replay", "1", "--speech", "off", stdin=f"{discard}\nq\ny\n")
        assert res.returncode == 0, res.stderr
        lines = res.stdout.splitlines()
        assert lines[0] == "Game 1 dealt again: the same cards, seed 5. Your choices are your own."
        text = " ".join(lines)
        assert all(card in text for card in hand)
        assert f"The starter is the {first[1].card.name}." in lines
    res = cli(home, "--replay", "1", "--seed", "3", "--speech", "off")
    assert (res.returncode, res.stderr) == (2, "spoken-cribbage: give --replay or --seed, not both.\n")
    assert cli(home, "--replay", "8", "--speech", "off").stderr == (
        "There is no game 8: your games are numbered 1 to 1.\n"
    )


def test_review_in_a_terminal_goes_deal_by_deal_and_escape_stops_at_once(home):
    stored(home, 5)
    child = pexpect.spawn(
        str(BIN), ["review", "1"], env=game_env(home), encoding="utf-8", timeout=30, dimensions=(50, 200)
    )
    child.expect(r"End of deal 1: You 11, Computer 7\.\r\n")
    child.expect(r"Press Enter for deal 2; Escape, or q and Enter, stops\.\r\n")
    child.send("\r")
    child.expect(r"Deal 2\. Your crib\.\r\n")
    child.expect(r"Press Enter for deal 3; Escape, or q and Enter, stops\.\r\n")
    child.send("\x1b")
    child.expect(r"Review stopped\.\r\n")
    child.expect(pexpect.EOF)
    child = pexpect.spawn(
        str(BIN), ["review", "1"], env=game_env(home), encoding="utf-8", timeout=30, dimensions=(50, 200)
    )
    child.expect(r"Press Enter for deal 2")
    child.send("q\r")
    child.expect(r"Review stopped\.\r\n")
    child.expect(pexpect.EOF)


def test_a_manual_counting_game_is_logged_and_read_back_with_its_claims():
    from spoken_cribbage.engine.rules import Rules
    from spoken_cribbage.storage.gamelog import events_to_json
    from spoken_cribbage.words.review import names_for

    gm = g.Game(rules=Rules(counting="manual", muggins=True, overcount_penalty=True), seed=0)
    rng = random.Random(0)
    while gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    assert events_from_json(events_to_json(gm.events)) == gm.events
    lines = [t for _, evs in deals_of(gm.events) for step in deal_steps(evs, names_for(2), reveal=True) for t in step]
    deal2 = lines[lines.index("Deal 2. Computer's crib.") : lines.index("Deal 3. Your crib.")]
    assert deal2[-6:] == [
        "Computer's crib: two of clubs, three of diamonds, four of spades and eight of clubs, with the five of hearts.",
        "Fifteen two, fifteen four, and a run of four is eight.",
        "Overcount: you take 20.",
        "Muggins: you take the two Computer missed.",  # before the end of the deal
        "Computer's hand counts four: fifteen two, fifteen four.",
        "End of deal 2: You 39, Computer 77.",
    ]
    assert "Computer counts 2." in deal2 and "Computer pegs 2." in deal2


def test_seen_from_the_seat_another_seats_undercount_stays_the_players_to_find():
    """In the game an opponent's count that is too low is only said ('Computer counts 2.'), so
    the player may call muggins; the review tells no more. Once the game is over, all is told."""
    from spoken_cribbage.engine.rules import Rules
    from spoken_cribbage.words.review import names_for

    gm = g.Game(rules=Rules(counting="manual", muggins=True, overcount_penalty=True), seed=0)
    rng = random.Random(0)
    while gm.deal_number < 3 and gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    seat = [t for step in deal_steps(deals_of(gm.events_for(0))[2][1], names_for(2)) for t in step]
    told = [t for step in deal_steps(deals_of(gm.events)[2][1], names_for(2), reveal=True) for t in step]
    hand = "Computer's hand: two of diamonds, six of clubs, nine of hearts and ten of clubs, with the five of hearts."
    assert seat[seat.index(hand) - 1] == "Computer counts 2."
    assert seat[seat.index(hand) + 1] == "Computer counts 28."  # no call, no pegs line
    assert told[told.index(hand) + 1 : told.index(hand) + 3] == ["Fifteen two, fifteen four.", "Computer pegs 2."]


def test_undo_at_the_start_of_a_new_deal_says_what_is_true():
    s, out = make()
    play_out_deal(s)
    assert after(out, lambda: s.key("u")) == ["You can't undo: the deal is over."]
    s.enter()
    assert after(out, lambda: s.key("u")) == ["You can't undo: you have made no move in this deal yet."]


def test_review_list_names_every_score_of_a_three_player_game(home):
    from spoken_cribbage.engine.rules import Rules

    gm = g.Game(rules=Rules(players=3), seed=6)
    rng = random.Random(6)
    while gm.phase != g.GAME_OVER:
        gm.apply(rng.choice(gm.legal_actions()))
    db = StatsDB(home / "stats.sqlite3")
    db.open()
    db.record_game(game_record(gm, "three", "easy", names=["Ann", "Ben"]))
    db.record_game(game_record(finished_game(5), "two", "easy"))
    listed = cli(home, "review", "--list").stdout.splitlines()
    a, b, c = gm.scores
    result = "won" if a == max(gm.scores) else "lost"
    assert f"you {result} with {a}; Ann {b}, Ben {c}, in {gm.deal_number} deals" in listed[1]
    assert "you lost, 118 to 122, in 13 deals" in listed[2]  # two players: as before
    assert cli(home, "review", "1").stdout.splitlines()[0] == listed[1]
