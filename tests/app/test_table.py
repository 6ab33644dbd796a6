"""More players at the table: three players, and four in two partnerships. The names, the
question keys with every player named, the held-cards key, the paced computer turns, the
table chosen from the command line, saved and resumed, and counted apart in the statistics."""

from __future__ import annotations

import random
import re

import pytest

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat import narration
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.engine.rules import Rules
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage import table
from spoken_cribbage.storage.settings import SettingError, Settings
from spoken_cribbage.words.announce import seat_names
from spoken_cribbage.words.notices import phrase
from testkit.seated import after, make

NAMES4 = ("you", "Max", "Lena", "Oliver")
NAMES3 = ("you", "Max", "Lena")


def seated(players: int, seed: int = 5, **kw) -> tuple[Session, list[str]]:
    """A started session at a table of ``players`` (four: partners), random computer players."""
    return make(seed, players=players, **kw)


def to_my_play(s: Session) -> None:
    """Lay away card 1 and go on until it is the player's turn to play a card."""
    s.command("1")
    assert s.table.game.phase == g.PLAY and s.table.game.to_act == 0


class Timers:
    """The console's timer, by hand: each call is kept until ``run`` fires the oldest."""

    def __init__(self):
        self.pending: list[list] = []

    def __call__(self, delay, fn):
        entry = [delay, fn, False]
        self.pending.append(entry)
        return lambda: entry.__setitem__(2, True)

    def live(self) -> list[list]:
        return [e for e in self.pending if not e[2]]

    def run(self) -> None:
        entry = self.pending.pop(0)
        if not entry[2]:
            entry[1]()


# ----------------------------------------------------------------------------- the table


def test_the_table_sizes_and_layouts_are_those_the_engine_plays():
    for n in range(2, table.MOST_PLAYERS + 1):
        try:
            Rules(players=n)
            plays = True
        except ValueError:
            plays = False
        assert (n in table.sizes()) == plays
    assert {2, 3, 4} <= set(table.sizes())
    assert "2" in table.layouts(4) and "none" in table.layouts(3) and "2" not in table.layouts(3)
    assert table.rules_for(4, "2").sides == 2 and table.rules_for(3, "none").sides == 3
    assert table.rules_for(4).sides == 2  # four: partners, as usual


@pytest.mark.parametrize(
    "args, said",
    [
        (["--players", "9"], "players, not 9."),
        (["--players", "3", "--teams", "2"], "3 players play each for themselves, not in 2 teams."),
        (["--players", "4", "--teams", "3"], "4 players play each for themselves or in 2 teams of 2, not in 3 teams."),
        (["--teams", "many"], "teams must be usual, none or a number of teams, not 'many'."),
        (["--players", "3", "--names", "Ann,ann"], "the name 'ann' is given twice."),
        (["--pace", "9"], "pace must be between 0 and 5 seconds."),
    ],
)
def test_a_table_the_engine_cannot_play_is_one_sentence_and_exit_2(home, capsys, args, said):
    from spoken_cribbage.app.cli import main

    assert main(["--speech", "off", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("spoken-cribbage: ") and said in err and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_players_teams_names_and_pace_are_settings_a_change_persists(home):
    s = Settings()
    assert s.changed("players", "3").players == 3
    assert s.changed("teams", "0").teams == "none"
    assert s.changed("players", "4").changed("teams", "2").teams == "2"
    with pytest.raises(SettingError) as e:
        s.changed("players", "3").changed("teams", "2")
    assert phrase(e.value) == "3 players play each for themselves, not in 2 teams"
    # another size drops a layout it cannot be played in
    four = s.changed("players", "4").changed("teams", "2")
    assert four.changed("players", "3") == Settings(players=3)
    assert s.changed("names", "Ann,Ben").names == "Ann,Ben"
    assert s.changed("names", "Ann,Ben").changed("names", "default").names == ""
    assert s.changed("pace", "0").pace == 0.0
    seat, out = seated(3)
    assert after(out, lambda: seat.command("players 4")) == ["Players is now 4. It takes effect in the next game."]
    assert after(out, lambda: seat.command("pace 0")) == ["Pace is now 0: the computer turns come at once."]


def test_each_computer_player_has_a_name_told_apart_by_ear():
    assert seat_names(2) == ("you", "Computer")
    assert seat_names(4) == NAMES4
    names = seat_names(6)[1:]
    assert len({n[0] for n in names}) == 5  # five first sounds
    assert seat_names(4, ["Ann", "Max"]) == ("you", "Ann", "Max", "Lena")
    assert seat_names(2, ["Ann"]) == ("you", "Ann")
    assert table.split_names(" Ann , Ben,, ") == ["Ann", "Ben"]
    with pytest.raises(table.TableError):
        table.split_names("You")


# ----------------------------------------------------------------------------- the start


def test_with_partners_the_start_says_who_the_partner_is():
    s, out = seated(4)
    assert out[:3] == [
        "New game to 121 points: you and Lena against Max and Oliver.",
        "Your partner is Lena, sitting opposite; Max and Oliver play against you.",
        "Play goes round the table: you, Max, Lena, Oliver.",
    ]
    assert out[3].startswith("Cut for the deal: you a") or out[3].startswith("Cut for the deal")
    dealt = next(line for line in out if line.startswith("Deal 1."))
    dealer = s.table.game.dealer
    assert (
        dealt
        == {
            0: "Deal 1. Your crib.",
            1: "Deal 1. Max's crib, for the other side.",
            2: "Deal 1. Lena's crib, for your side.",
            3: "Deal 1. Oliver's crib, for the other side.",
        }[dealer]
    )
    others = [n for k, n in enumerate(NAMES4) if k]
    assert f"{others[0]}, {others[1]} and {others[2]} lay away a card each." in out
    assert out[-1] == "Your turn: lay away 1 card."
    assert all(len(line) <= 80 for line in out)


def test_three_players_start_with_the_order_of_play_and_the_crib_card():
    s, out = seated(3)
    assert out[:2] == ["New game to 121 points against Max and Lena.", "Play goes round the table: you, Max, Lena."]
    assert "One card from the deck goes to the crib." in out
    assert "Max and Lena lay away a card each." in out


# ----------------------------------------------------------------------------- the keys


def test_four_players_scores_name_every_team_and_the_crib_its_team():
    s, out = seated(4)
    assert after(out, lambda: s.key("s")) == ["You and Lena 0, 121 to go; Max and Oliver 0, 121 to go."]
    dealer = s.table.game.dealer
    assert after(out, lambda: s.key("b")) == [
        {
            0: "It is your crib, for you and Lena.",
            1: "It is Max's crib, for Max and Oliver.",
            2: "It is Lena's crib, for you and Lena.",
            3: "It is Oliver's crib, for Max and Oliver.",
        }[dealer]
    ]
    assert after(out, lambda: s.key("p")) == ["Cards held: you 5, Max 4, Lena 4, Oliver 4."]
    assert after(out, lambda: s.key("v")) == ["No cards on the table yet."]
    help_lines = after(out, lambda: s.key("?"))
    assert help_lines[0] == "Lay away 1 card: press its number, or the arrows and Space; then Enter."
    assert any("p cards each player holds" in line for line in help_lines)
    s.key("s")
    pegs = after(out, lambda: s.key("s"))
    assert pegs == [
        "Your pegs are both on 0: nothing pegged yet.",
        "Max and Oliver's pegs are both on 0: nothing pegged yet.",
    ]


def test_turn_table_and_cards_held_name_every_player_in_the_play():
    s, out = seated(4, seed=5)
    to_my_play(s)
    gm = s.table.game
    played = list(gm.played)
    line = after(out, lambda: s.key("t"))[0]
    assert re.fullmatch(
        r"Your turn\. Count \d+\. (Max plays after you|No one else plays in "
        r"this series)\.",
        line,
    ), line
    held = after(out, lambda: s.key("p"))[0]
    left = [len(h) for h in gm.hands]
    assert held == (
        f"Cards held: you {left[0] or 'none'}, Max {left[1] or 'none'}, "
        f"Lena {left[2] or 'none'}, Oliver {left[3] or 'none'}."
    )
    if played:
        v = after(out, lambda: s.key("v"))
        series = gm.series
        assert v[0] == f"This series, count {gm.count}: " + ", ".join(f"{NAMES4[k]} {c.name}" for k, c in series) + "."
        assert v[1].startswith("Played this hand, you: ")
        for k, c in played:
            assert c.name in v[1].split(f"{NAMES4[k]}: ")[1].split(";")[0]


def test_three_players_keys():
    s, out = seated(3)
    assert after(out, lambda: s.key("s")) == ["You 0, 121 to go; Max 0, 121 to go; Lena 0, 121 to go."]
    dealer = s.table.game.dealer
    assert after(out, lambda: s.key("b")) == [["It is your crib.", "It is Max's crib.", "It is Lena's crib."][dealer]]
    assert after(out, lambda: s.key("p")) == ["Cards held: you 5, Max 4, Lena 4."]
    to_my_play(s)
    assert after(out, lambda: s.key("t"))[0].startswith("Your turn. Count ")


def test_the_held_key_is_one_phrase_of_the_vocabulary_and_works_with_two_players():
    from spoken_cribbage.vocabulary import BY_VERB, VoiceContext, parse_command, phrases_for
    from spoken_cribbage.words.commands import key_lines

    assert BY_VERB["held"].key == "p"
    assert phrases_for(VoiceContext("other"))["how many cards"] == "held"
    assert str(parse_command("cards left")) == "held"
    assert "p cards each player holds" in ", ".join(key_lines("play"))
    s, out = seated(2)
    assert after(out, lambda: s.key("p")) == ["Cards held: you 6, Computer 4."]
    assert after(out, lambda: s.command("how many cards")) == ["Cards held: you 6, Computer 4."]


def test_a_new_game_can_seat_another_table_with_its_names():
    s, out = seated(2)
    new = g.Game(rules=table.rules_for(3), seed=9)
    s.table.new_game_factory = lambda: (new, {k: RandomPlayer(random.Random(k)) for k in (1, 2)}, ("you", "Ann", "Max"))
    s.finished = True  # (as at the end of a game: n, or "new game")
    lines = after(out, lambda: s.command("new game"))
    assert lines[:2] == ["New game to 121 points against Ann and Max.", "Play goes round the table: you, Ann, Max."]
    assert after(out, lambda: s.key("p")) == ["Cards held: you 5, Ann 4, Max 4."]


# ----------------------------------------------------------------------------- a whole game

PLAYER = r"(you|You|Max|Lena|Oliver)"


def play_out(s: Session, rng: random.Random) -> None:
    for _ in range(3000):
        gm = s.table.game
        if gm.phase == g.GAME_OVER:
            return
        if gm.phase == g.DISCARD:
            s.command("1")
        elif gm.phase == g.PLAY:
            fits = gm.playable(0)
            s.command(f"play {rng.choice(fits).short}" if fits else "go")
        else:
            s.command("")
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [3, 4])
def test_every_line_of_a_whole_game_names_its_player(players):
    s, out = seated(players, seed=12)
    play_out(s, random.Random(1))
    for line in out:
        if re.match(r"(\w+ )?plays? the ", line) or line.startswith(
            ("You play", "Max plays", "Lena plays", "Oliver plays")
        ):
            assert re.match(PLAYER + r" plays? the [a-z]+ of [a-z]+\. Count \d+\.", line), line
        if re.search(r"\bgo\b", line):
            assert re.match(
                r"(You cannot play: go\.|(Max|Lena|Oliver) says go\.|One for the go "
                r"to " + PLAYER + r"\.)",
                line,
            ), line
        if re.search(r"\b(hand|crib): ", line):
            assert re.match(r"(Your|Max's|Lena's|Oliver's) (hand|crib): ", line), line
        if line.startswith(("Fifteen", "Thirty", "A pair", "One for")) and " to " in line:
            assert re.search(r" to " + PLAYER + r"\.$", line), line
    assert out[-1] == "Press n for a new game or q to leave."
    end = out[-2] if not out[-2].startswith("That is") else out[-3]
    if players == 4:
        assert re.fullmatch(r"(You and Lena win, \d+ to \d+!|Max and Oliver win, \d+ to \d+\.)", end), end
    else:
        assert re.fullmatch(r"(You win with \d+!|(Max|Lena) wins with \d+\.)", end), end


# ----------------------------------------------------------------------------- pacing


def paced(seed: int = 5, pace: float = 0.8, players: int = 4):
    s, out = seated(players, seed=seed, settings=Settings(pace=pace))
    timers = Timers()
    s.runner.timer = timers
    return s, out, timers


def test_computer_turns_in_a_row_are_paced_by_the_timer():
    runs = 0
    for seed in range(1, 40):
        s, out, timers = paced(seed)
        s.command("1")  # lay away: then the computers on the left may play
        rng = random.Random(seed)
        for _ in range(40):
            if s.table.game.phase != g.PLAY:
                break
            if timers.live():
                runs += 1
                assert timers.live()[0][0] == 0.8 and s.runner.pacing
                before = len(out)
                # a key during the run is answered at once, and the run goes on
                turn = after(out, lambda s=s: s.key("t"))[0]
                assert re.fullmatch(
                    r"(Max|Lena|Oliver)'s turn\. ((You play|(Max|Lena|Oliver) "
                    r"plays) after (Max|Lena|Oliver)|No one else plays in this "
                    r"series)\.",
                    turn,
                ), turn
                assert after(out, lambda s=s: s.key("r")) == [turn]
                assert s.runner.pacing
                step = len(out)
                timers.run()
                new = out[step:]
                assert new and re.match(r"(Max|Lena|Oliver) (plays|says go)|You cannot play: go", new[0]), new
                assert len(out) > before
                continue
            assert s.table.game.to_act == 0 or s.table.game.phase != g.PLAY
            fits = s.table.game.playable(0)
            if s.table.game.phase == g.PLAY:
                s.command(f"play {rng.choice(fits).short}" if fits else "go")
        if runs >= 3:
            break
    assert runs >= 3


def test_no_pace_without_a_timer_or_at_pace_0():
    s, out, timers = paced(pace=0)
    for _ in range(30):
        if s.table.game.phase != g.PLAY and s.table.game.phase != g.DISCARD:
            break
        if s.table.game.phase == g.DISCARD:
            s.command("1")
            continue
        fits = s.table.game.playable(0)
        s.command(f"play {fits[0].short}" if fits else "go")
    assert timers.pending == [] and not s.runner.pacing


def test_a_paced_step_does_not_cut_off_the_speech_of_the_step_before():
    class Speaker:
        available = False
        said: list = []

        def say(self, text, *, priority=Priority.NOW):
            self.said.append(priority)

        def stop(self):
            pass

    for seed in range(1, 40):
        sp = Speaker()
        sp.said = []
        out: list[str] = []
        gm = g.Game(rules=table.rules_for(4), seed=seed)
        s = local_session(
            gm,
            settings=Settings(),
            write=out.append,
            speaker=sp,
            opponents={k: RandomPlayer(random.Random(k)) for k in range(1, 4)},
        )
        timers = Timers()
        s.runner.timer = timers
        s.start()
        s.command("1")
        if timers.live():
            sp.said.clear()
            timers.run()
            assert sp.said and sp.said[0] is Priority.NORMAL
            return
    raise AssertionError("no paced run after the discard in 39 deals")


# ----------------------------------------------------------------------------- saved and counted


def play_some(gm: g.Game, n: int, seed: int = 1) -> None:
    from spoken_cribbage.ai.players import make_player

    players = {k: make_player("easy", random.Random(k)) for k in range(gm.players)}
    for i in range(n):
        if gm.phase == g.GAME_OVER:
            return
        if gm.phase == g.DEAL_OVER:
            gm.apply(g.NextDeal())
            continue
        seat = gm.pending_discards()[0] if gm.phase == g.DISCARD else gm.to_act
        gm.apply(players[seat].act(gm.observation(seat), rng=random.Random(i + seed)))


def test_a_four_player_game_is_saved_and_resumed_with_its_names_and_levels(home):
    from spoken_cribbage.app.persist import Keeper
    from spoken_cribbage.storage import savegame

    gm = g.Game(rules=table.rules_for(4), seed=21)
    k = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    k.begin(gm, difficulty="standard", names=["Ann", "Ben", "Cleo"], levels=["easy", "standard", "expert"])
    play_some(gm, 30)
    k.on_undo(gm)  # saves the game as it is now
    loaded = savegame.load(home / "game.json")
    assert loaded.saved.players == 4 and loaded.saved.names == ["Ann", "Ben", "Cleo"]
    assert loaded.saved.seat_levels() == {1: "easy", 2: "standard", 3: "expert"}
    assert loaded.game.events == gm.events and loaded.game.scores == gm.scores
    k2 = Keeper(say=lambda t, s: None, save_path=home / "game.json", stats_path=home / "s.db")
    question = k2.resume_question(k2.load())
    side, other = gm.scores[0], gm.scores[1]
    assert question.startswith(f"You have a game in progress: you and Ben {side}, Ann and Cleo {other}, ")
    assert question.endswith(" crib. Resume? y/n")


def test_statistics_are_kept_by_table(home):
    from spoken_cribbage.storage.stats import StatsDB, game_record
    from spoken_cribbage.words.stats import stats_sentences

    db = StatsDB(home / "s.db")
    assert db.open() is None
    for n, (players, seed) in enumerate([(2, 1), (2, 2), (3, 3), (4, 4), (4, 5)]):
        gm = g.Game(rules=table.rules_for(players), seed=seed)
        play_some(gm, 5000, seed)
        assert gm.phase == g.GAME_OVER
        db.record_game(game_record(gm, f"game{n}", "easy"))
    tables = db.summary()["tables"]
    assert [(t["players"], t["teams"], t["games"]) for t in tables] == [(2, 0, 2), (3, 0, 1), (4, 2, 2)]
    assert all(t["wins"] + t["losses"] == t["games"] for t in tables)
    lines = stats_sentences(db.summary())
    assert lines[0] == "You have played 5 games: " + (
        f"{sum(t['wins'] for t in tables)} won, {sum(t['losses'] for t in tables)} lost."
    )
    assert any(re.fullmatch(r"Two players: 2 games, \d won, \d lost\.", line) for line in lines)
    assert any(re.fullmatch(r"Three players: 1 game, \d won, \d lost\.", line) for line in lines)
    assert any(re.fullmatch(r"Four players in two teams of two: 2 games, \d won, \d lost\.", line) for line in lines)
    assert [g_.teams for g_ in db.games()] == [0, 0, 0, 2, 2]


def test_two_player_statistics_read_as_before(home):
    from spoken_cribbage.storage.stats import StatsDB, game_record
    from spoken_cribbage.words.stats import stats_sentences

    db = StatsDB(home / "s.db")
    db.open()
    gm = g.Game(seed=1)
    play_some(gm, 5000)
    db.record_game(game_record(gm, "one", "easy"))
    assert not any(line.startswith("Two players") for line in stats_sentences(db.summary()))


def test_an_older_statistics_file_gets_the_teams_column_and_its_games_the_usual_table(home):
    import sqlite3

    from spoken_cribbage.storage.stats import StatsDB

    path = home / "s.db"
    con = sqlite3.connect(path)  # a schema-2 file, as the game wrote it before
    con.executescript(
        "CREATE TABLE games (id TEXT PRIMARY KEY, ended_at TEXT NOT NULL, result TEXT NOT NULL, "
        "my_score INTEGER NOT NULL, their_score INTEGER NOT NULL, target INTEGER NOT NULL, "
        "players INTEGER NOT NULL, difficulty TEXT NOT NULL, skunk_given INTEGER NOT NULL "
        "DEFAULT 0, skunk_taken INTEGER NOT NULL DEFAULT 0, deals INTEGER NOT NULL DEFAULT 0, "
        "seed INTEGER, me INTEGER, actions TEXT, events BLOB);"
        "CREATE TABLE deals (game_id TEXT NOT NULL, deal INTEGER NOT NULL, hand INTEGER, "
        "crib INTEGER, pegging INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (game_id, deal));"
        "INSERT INTO games VALUES ('a', '2025-01-01T00:00:00Z', 'win', 121, 90, 121, 4, 'easy', "
        "0, 0, 8, 1, 0, NULL, NULL);"
        "PRAGMA user_version = 2;"
    )
    con.close()
    db = StatsDB(path)
    assert db.summary()["tables"][0]["teams"] == 2  # read before the column is added
    assert db.open() is None
    assert [(t["players"], t["teams"], t["wins"]) for t in db.summary()["tables"]] == [(4, 2, 1)]
    assert db.games()[0].teams == 2


def test_the_review_heading_and_replay_line_name_the_table():
    from spoken_cribbage.words.review import game_heading, replay_line

    assert game_heading(3, "2025-01-02T00:00:00Z", "win", 121, 98, "expert", 9, 4, 2) == (
        "Game 3, 2025-01-02: you won, 121 to 98, in 9 deals, with 3 expert computers in two teams of two."
    )
    assert game_heading(3, "2025-01-02", "loss", 80, 121, "easy", 1).endswith("in 1 deal, against the easy computer.")
    assert replay_line(3, 7, 121, "easy", 3, 0).endswith("(or --seed 7 --target 121 --difficulty easy --players 3).")


@pytest.mark.parametrize("players", [3, 4])
def test_any_key_at_any_moment_of_a_paced_game_is_answered_and_never_breaks_it(players):
    rng = random.Random(players)
    s, out, timers = paced(seed=7, players=players)
    keys = list("0123456cbfvsthiorpwux?nyz[]") + ["\r", "esc", "left", "right", "space"]
    for _ in range(600):
        if s.quit:
            break
        if timers.live() and rng.random() < 0.4:
            timers.run()
            continue
        k = rng.choice(keys)
        n = len(out)
        if k == "\r":
            s.enter()
        elif k == "esc":
            s.escape()
        elif k in ("left", "right"):
            s.move(k)
        elif k == "space":
            s.space()
        else:
            s.key(k)
        if k not in ("x", "esc"):  # silence (and Escape with nothing to cancel) says nothing
            assert len(out) > n or s.quit, k
    assert all("Traceback" not in line and line.strip() for line in out)
    assert s.quit or s.table.game.deal_number >= 2 or s.table.game.phase == g.GAME_OVER, s.table.game.deal_number


def test_sides_of_three_and_three_teams_read_without_ambiguity():
    from spoken_cribbage.words.announce import Names

    six = Names(["you", "Max", "Lena", "Oliver", "Ruby", "Valentina"])
    assert six.side_name(0, 2) == "you, Lena and Ruby"
    assert six.scores([4, 2], 2) == "You, Lena and Ruby 4; Max, Oliver and Valentina 2"
    assert six.scores([4, 2, 9], 3) == "You and Oliver 4, Max and Ruby 2, Lena and Valentina 9"


def test_a_resumed_game_with_computer_turns_due_plays_them_paced_once_the_timer_is_set():
    """Resumed at a moment when computers are to play (the save was made before they did), the
    game says where things stand, then waits for the console's timer: the computers' turns come
    one at a time, not all at once."""
    for seed in range(1, 60):
        gm = g.Game(rules=table.rules_for(4), seed=seed)
        opponents = {k: RandomPlayer(random.Random(k)) for k in range(1, 4)}
        # lay away for everyone (the player's card 1), so the play starts: who leads is left of
        # the dealer
        for seat in gm.pending_discards():
            gm.apply(g.Discard(seat, (gm.hands[seat][0],)))
        if gm.phase != g.PLAY or gm.to_act == 0 or (gm.to_act + 1) % 4 == 0:
            continue  # want at least two computer turns before the player's
        out: list[str] = []
        s = local_session(gm, settings=Settings(pace=0.8), write=out.append, opponents=opponents)
        s.start(resumed=True, timer_coming=True)
        assert not any(" plays the " in line for line in out), out  # nothing played yet
        timers = Timers()
        s.runner.timer = timers
        narration.resume_clock(s)
        played = [line for line in out if " plays the " in line]
        assert len(played) == 1 and timers.live(), out  # one turn, the next on the timer
        assert timers.live()[0][0] == 0.8
        timers.run()
        assert len([line for line in out if " plays the " in line]) == 2
        return
    raise AssertionError("no seed left two computer turns before the player's")
