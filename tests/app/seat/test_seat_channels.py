"""Channels, profiles and the history by channel (issue 25, items 1 to 3, and their tests of
item 6): each channel mode changes what is printed, spoken, cued and kept; the modes are
settings validated like the others; profiles persist across runs; ``[`` and ``]`` walk one
channel; the history is saved to a new text file, one line per event with its deal."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from spoken_cribbage.ai.players import RandomPlayer
from spoken_cribbage.app.local_seat import local_session
from spoken_cribbage.app.seat.channels import CHANNEL_CUES, CHANNEL_OF, channel_of
from spoken_cribbage.app.seat.hooks import SeatHooks
from spoken_cribbage.app.seat.listening import next_profile
from spoken_cribbage.app.seat.output import Output
from spoken_cribbage.app.session import Session
from spoken_cribbage.engine import game as g
from spoken_cribbage.speech.cues import RecordingCuePlayer
from spoken_cribbage.speech.priority import Priority
from spoken_cribbage.storage import paths
from spoken_cribbage.storage import settings as sm
from spoken_cribbage.storage.settings import CHANNELS, Settings
from spoken_cribbage.vocabulary import SETTINGS, VoiceContext, key_command, parse_command
from spoken_cribbage.words.lines import Line, LineKind
from spoken_cribbage.words.seat import help_lines
from testkit.seated import after

NOW, NORMAL = Priority.NOW, Priority.NORMAL


class Speaker:
    available = True
    description = "test"

    def __init__(self, reader=None):
        self.said: list[tuple[str, Priority]] = []
        self.reader = reader

    def say(self, text, *, priority=NOW):
        self.said.append((text, priority))

    def stop(self):
        pass

    def set_rate(self, wpm):
        pass

    def set_volume(self, v):
        pass

    def set_voice(self, v):
        pass

    def list_voices(self):
        return []

    def close(self):
        pass


def output(modes: dict[str, str], cues_on: bool = True):
    written: list[str] = []
    speaker, cues = Speaker(), RecordingCuePlayer()
    out = Output(
        lambda text, kind: written.append(text),
        speaker,
        cues,
        cues_on=lambda: cues_on,
        modes=lambda: modes,
        deal=lambda: 4,
    )
    return out, written, speaker, cues


SCORE = Line.same("You 12, Computer 9.", LineKind.SCORES)
PLAY = Line.same("Computer plays nine. Count 24.", LineKind.PLAY)


# ----------------------------------------------------------------------------- the output stage


@pytest.mark.parametrize(
    ("mode", "printed", "kept", "cued"),
    [
        ("spoken", True, True, False),
        ("history", False, True, False),
        ("cue", False, True, True),
        ("off", False, False, False),
    ],
)
def test_each_mode_changes_what_is_printed_spoken_cued_and_kept(mode, printed, kept, cued):
    out, written, speaker, cues = output({"scores": mode})
    out.say([PLAY, SCORE])
    assert written == [PLAY.text, *([SCORE.text] if printed else [])]
    assert speaker.said == [(PLAY.text + (" " + SCORE.text if printed else ""), NOW)]
    assert cues.played == (["points"] if cued else [])
    assert out.history == [PLAY, *([SCORE] if kept else [])]
    assert out.history_deals == [4] * len(out.history)
    assert out.last_batch == [PLAY, *([SCORE] if printed else [])]  # what r says again


#: A kind of line of each channel.
OF_CHANNEL = {
    "game": LineKind.PLAY,
    "scores": LineKind.SCORE,
    "prompts": LineKind.TURN,
    "coach": LineKind.HINT,
    "answers": LineKind.ANSWER,
    "system": LineKind.INFO,
    "chat": LineKind.CHAT,
}


@pytest.mark.parametrize("channel", CHANNELS)
@pytest.mark.parametrize("mode", sm.CHANNEL_MODES)
def test_every_channels_mode_applies_to_its_lines_only(channel, mode):
    other = next(c for c in CHANNELS if c != channel)
    mine = Line.same(f"A line of {channel}.", OF_CHANNEL[channel])
    theirs = Line.same(f"A line of {other}.", OF_CHANNEL[other])
    out, written, speaker, cues = output({channel: mode})
    out.say([mine, theirs])
    shown = [mine.text] if mode == "spoken" else []
    assert written == [*shown, theirs.text]
    assert speaker.said == [(" ".join([*shown, theirs.text]), NOW)]
    cue = CHANNEL_CUES[channel]
    assert cues.played == ([cue] if mode == "cue" and cue else [])
    assert out.history == ([mine] if mode != "off" else []) + [theirs]


def test_cue_only_plays_once_an_utterance_and_not_with_cues_off():
    out, written, _, cues = output({"scores": "cue", "prompts": "cue"})
    out.say([SCORE, SCORE, Line.same("Your turn.", LineKind.TURN)])
    assert written == [] and cues.played == ["points", "your_turn"]
    out, _, _, cues = output({"scores": "cue"}, cues_on=False)
    out.say([SCORE])
    assert cues.played == [] and out.history == [SCORE]  # like history only, said in channels


def test_an_utterance_held_back_passes_its_cut_in_to_the_next_one_spoken():
    out, written, speaker, _ = output({"game": "history"})
    with out.answer():
        out.say([PLAY])  # NOW, but not spoken
        out.say([SCORE], priority=NORMAL)
    assert written == [SCORE.text]
    assert speaker.said == [(SCORE.text, NOW)]  # stale speech is still cut off


def test_help_and_lines_said_again_are_said_whatever_the_modes():
    modes = {c: "off" for c in CHANNELS}
    out, written, speaker, _ = output(modes)
    out.say([Line.same("Keys: c the count.", LineKind.HELP), SCORE])
    out.say([Line.same("Earlier: You 12.", LineKind.SCORES)], record=False)
    assert written == ["Keys: c the count.", "Earlier: You 12."]
    assert out.history == [Line.same("Keys: c the count.", LineKind.HELP)]


def test_own_moves_are_of_the_players_turn_and_walks_keep_to_a_channel():
    out, written, _, _ = output({"game": "cue"})
    mine = Line.same("You play five. Count 20.", LineKind.PLAY, own=True)
    out.say([PLAY, mine, SCORE])
    assert written == [mine.text, SCORE.text]
    assert out.walkable() == [0, 1, 2]
    out.walked = "scores"
    assert out.walkable() == [2]
    out.walked = "game"
    assert out.walkable() == [0]


def test_every_kind_of_line_has_a_channel_and_every_channel_a_cue():
    assert set(CHANNEL_OF) | {LineKind.HELP} == set(LineKind)
    assert set(CHANNEL_OF.values()) == set(CHANNELS) == set(CHANNEL_CUES)
    assert channel_of(LineKind.HINT) == "coach" and channel_of(LineKind.ANSWER) == "answers"


# ----------------------------------------------------------------------------- settings


def test_channel_settings_are_validated_on_change_and_on_load(tmp_path):
    s = Settings().changed("channel_scores", "History")
    assert s.channel_scores == "history"
    with pytest.raises(sm.SettingError):
        Settings().changed("channel_scores", "loud")
    p = tmp_path / "settings.toml"
    p.write_text('version = 1\nchannel_game = "whisper"\n')
    loaded, notice = sm.load(p)
    assert loaded == Settings() and notice is not None and notice.code == "storage.settings_replaced"


def test_the_vocabulary_reads_channels_profiles_and_history():
    ctx = VoiceContext("play")
    assert parse_command("channel scores history", ctx).verb == "channel_scores"
    assert parse_command("channel scores history", ctx).value == "history"
    assert (parse_command("profile quiet", ctx).verb, parse_command("profile quiet", ctx).value) == ("profile", "quiet")
    assert parse_command("history save", ctx).value == "save"
    assert parse_command("channels", ctx).verb == "channels"
    assert key_command("j", "play") == "profile"
    assert {f"channel_{c}" for c in CHANNELS} <= set(SETTINGS)


def test_profiles_set_the_channels_and_the_key_goes_round_them():
    s, name = next_profile(Settings())
    assert name == "quiet" and sm.channel_modes(s)["game"] == "cue" and s.verbosity == "normal"
    s, name = next_profile(s)
    assert name == "teaching" and s.verbosity == "coach" and sm.profile_of(s) == "teaching"
    s, name = next_profile(s)
    assert name == "everything" and s.verbosity == "normal" and s == Settings()
    own = Settings(channel_system="off")
    assert sm.profile_of(own) is None and next_profile(own)[1] == "everything"


def test_a_channel_setting_is_said_by_its_mode():
    from spoken_cribbage.words.seat import setting_shown

    assert setting_shown("channel_scores", "cue") == "cue only"
    assert setting_shown("channel_game", "history") == "history only"


def test_help_says_a_screen_reader_reads_every_printed_line():
    lines = help_lines("play", ["c the count"], screen_reader="Orca")
    assert "Orca reads every line: /channel NAME history or cue quiets one." in lines
    assert not any("reads every line" in t for t in help_lines("play", ["c the count"]))


# ----------------------------------------------------------------------------- a seat


def seat(settings: Settings, seed: int = 3, **kw):
    out: list[str] = []
    sp, cues = Speaker(), RecordingCuePlayer()
    s = local_session(
        g.Game(seed=seed),
        settings=settings,
        write=out.append,
        speaker=sp,
        cues=cues,
        opponents={1: RandomPlayer(random.Random(1))},
        **kw,
    )
    s.start()
    return s, out, sp, cues


def play_a_deal(s: Session) -> None:
    """Lay away the first two cards, then play the first playable card (or go) to the show."""
    s.command("1 2")
    while s.table.game.phase == g.PLAY:
        if s.table.game.to_act != s.me:
            break
        playable = s.table.game.playable(s.me)
        s.command(f"play {playable[0].short}" if playable else "go")


def test_quiet_play_prints_scores_prompts_and_own_moves_and_cues_the_computers_cards():
    quiet = sm.with_profile(Settings(), "quiet")
    s, out, sp, cues = seat(quiet)
    play_a_deal(s)
    loud, lout, _, _ = seat(Settings())
    play_a_deal(loud)
    theirs = [t for t in lout if t.startswith("Computer plays")]
    assert theirs and not any(t.startswith("Computer plays") for t in out)
    kept = [line.text for line in s.output.history]
    assert all(t in kept for t in theirs)  # in the history
    assert "their_card" in cues.played  # and heard as cues
    assert any(t.startswith("You play") for t in out)  # your own moves
    assert any(t.startswith("Your turn") for t in out)  # the prompts
    assert [t for t in out if t.startswith("You ") and "Computer " in t and t[-1] == "."]  # scores
    assert not any(t.startswith("Computer plays") for t, _ in sp.said)
    assert len(out) < len(lout)


def test_a_channel_changed_in_the_game_is_said_saved_and_listed(tmp_path):
    run = sm.RunSettings(Settings(), path=tmp_path / "settings.toml")
    s, out, _, _ = seat(Settings(), hooks=SeatHooks(on_settings=run.on_settings))
    assert after(out, lambda: s.command("channel scores history")) == ["The scores channel is now history only."]
    assert sm.load(tmp_path / "settings.toml")[0].channel_scores == "history"
    listed = after(out, lambda: s.command("channels"))
    assert "Scores channel, points scored and the scores: history only." in listed
    assert "Profile: your own. j or /profile goes to the next profile." in listed
    # even with every channel off, the way back is said
    for c in CHANNELS:
        s.command(f"channel {c} off")
    assert after(out, lambda: s.key("j"))[0].startswith("Profile everything")
    assert sm.load(tmp_path / "settings.toml")[0] == Settings()


def test_the_brackets_walk_one_channel_after_history_scores():
    s, out, _, _ = seat(Settings())
    play_a_deal(s)
    said = after(out, lambda: s.command("history scores"))
    assert said[0].startswith("Left and right bracket walk the scores channel:")
    scores = [line.text for line in s.output.history if channel_of(line.kind) == "scores"]
    assert after(out, lambda: s.key("[")) == [f"Earlier: {scores[-1]}"]
    assert after(out, lambda: s.key("[")) == [f"Earlier: {scores[-2]}"]
    assert after(out, lambda: s.key("]")) == [f"Earlier: {scores[-1]}"]
    assert after(out, lambda: s.key("]")) == ["That is the latest line."]
    s.command("history all")
    assert after(out, lambda: s.key("["))[0] == f"Earlier: {s.output.history[-2].text}"


def test_history_save_writes_a_new_file_a_line_an_event_with_its_deal(tmp_path, monkeypatch):
    monkeypatch.setenv("SPOKEN_CRIBBAGE_HOME", str(tmp_path))
    s, out, _, _ = seat(Settings())
    play_a_deal(s)
    (tmp_path / "history-1.txt").symlink_to(tmp_path / "planted")  # never followed
    n = len(s.output.history)
    [said] = after(out, lambda: s.command("history save"))
    assert said == f"History saved, {n} lines: {tmp_path / 'history-2.txt'}"
    lines = (tmp_path / "history-2.txt").read_text().splitlines()
    assert lines == [f"Deal 1: {line.text}" for line in s.output.history[:n]]
    assert lines[0] == "Deal 1: New game to 121 points against Computer."
    assert all(t.startswith("Deal 1: ") for t in lines)
    assert not (tmp_path / "planted").exists()
    assert oct((tmp_path / "history-2.txt").stat().st_mode & 0o777) == "0o600"


def test_write_new_takes_the_first_free_name_and_never_replaces(tmp_path):
    (tmp_path / "history-1.txt").write_text("mine")
    path = paths.write_new(tmp_path, paths.history_name, b"new\n")
    assert path.name == "history-2.txt" and (tmp_path / "history-1.txt").read_text() == "mine"


# ----------------------------------------------------------------------------- across runs


def _run(home: Path, typed: str) -> str:
    env = {**os.environ, "SPOKEN_CRIBBAGE_HOME": str(home), "HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "spoken_cribbage", "--seed", "3", "--speech", "off", "--cues", "off"],
        input=typed,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    return done.stdout


def test_a_profile_persists_across_runs(tmp_path):
    first = _run(tmp_path, "profile quiet\nq\ny\n")
    assert "Profile quiet: scores, your turn and moves" in first
    second = _run(tmp_path, "channels\nq\ny\n")
    assert "Profile: quiet. j or /profile goes to the next profile." in second
    assert "Game channel, the other players' moves, deals, the starter and the show: cue only." in second


def test_lines_kept_in_the_history_only_are_reached_with_the_brackets():
    s, out, sp, _ = seat(Settings(channel_game="history"))
    play_a_deal(s)
    hidden = [line.text for line in s.output.history if line.text.startswith("Computer plays")]
    assert hidden and not any(t in out for t in hidden)
    assert not any(t.startswith("Computer plays") for t, _ in sp.said)
    game = [line.text for line in s.output.history if channel_of(line.kind) == "game" and not line.own]
    assert not any(t in out for t in game)  # the show, the starter: kept, not printed
    s.command("history game")
    assert after(out, lambda: s.key("[")) == [f"Earlier: {game[-1]}"]
    while game[-1] not in hidden:
        game.pop()
        assert after(out, lambda: s.key("[")) == [f"Earlier: {game[-1]}"]


# ----------------------------------------------------------------------------- found in QA


def test_keys_asked_for_are_answered_whatever_their_lines_channel():
    """h (the hand) and a (the last show again) answer a key: printed even when the channel of
    their lines keeps them in the history only or drops them (every key is answered)."""
    quiet = Settings(channel_prompts="history", channel_game="off", channel_scores="off")
    s, out, sp, _ = seat(quiet)
    hand = after(out, lambda: s.key("h"))
    assert hand and hand[0].startswith("Your hand")
    assert sp.said[-1][0].startswith("Your hand")
    play_a_deal(s)
    while s.table.game.phase == g.PLAY:  # the computer's cards, to the show
        s.command("go")
    assert s.show_reader is not None
    shown = after(out, lambda: s.key("a"))
    assert len(shown) > 1 and shown[0].startswith("Show, 1 of"), shown  # the hand, not the head only


def test_a_channel_not_known_is_refused_with_the_channels_named():
    s, out, _, _ = seat(Settings())
    said = after(out, lambda: s.command("channel nonsense off"))
    assert said == ["There is no channel 'nonsense': say game, scores, prompts, coach, answers, system or chat."]
    # "channels" with a channel and a mode is the same command as "channel"
    assert parse_command("channels scores history", VoiceContext("play")).verb == "channel_scores"


def test_the_channels_list_names_each_channel_as_typed():
    s, out, _, _ = seat(Settings())
    listed = after(out, lambda: s.command("channels"))
    for c in CHANNELS:
        assert any(t.startswith(f"{c.capitalize()} channel, ") for t in listed), (c, listed)


def test_with_no_sound_device_cue_only_says_it_has_no_sound():
    """Cues set on but no sound device (the cue player is not available): the quiet profile's
    'cue only' channels make no sound at all, so choosing it and listing the channels say so."""
    from spoken_cribbage.speech.cues import NullCuePlayer

    out: list[str] = []
    s = local_session(
        g.Game(seed=3),
        settings=Settings(),
        write=out.append,
        speaker=Speaker(),
        cues=NullCuePlayer(),
        opponents={1: RandomPlayer(random.Random(1))},
    )
    s.start()
    no_sound = "Sound cues are off: cue only keeps the lines in the history, without a sound."
    assert no_sound in " ".join(after(out, lambda: s.command("profile quiet")))
    assert no_sound in after(out, lambda: s.command("channels"))
    s2, out2, _, _ = seat(Settings())  # a cue player that plays: not said
    assert not any(no_sound in t for t in after(out2, lambda: s2.command("profile quiet")))


def test_quiet_play_says_the_count_when_the_other_players_card_was_not_printed():
    """With the game channel not printed (quiet: cue only), 'Your turn.' after the computer's
    card must carry the count: the line that said it was not heard (the player's own card,
    printed before it, said an older count)."""
    s, out, _, _ = seat(sm.with_profile(Settings(), "quiet"))
    s.command("1 2")
    checked = 0
    while s.table.game.phase == g.PLAY and s.table.game.to_act == s.me:
        playable = s.table.game.playable(s.me)
        before = len(s.output.history)
        move = f"play {playable[0].short}" if playable else "go"
        said = after(out, lambda move=move: s.command(move))
        theirs = [line for line in s.output.history[before:] if line.text.startswith("Computer plays")]
        if theirs and s.table.game.phase == g.PLAY and s.table.game.to_act == s.me:
            assert said[-1].startswith("Your turn") and f"Count {s.table.game.count}" in said[-1], said
            checked += 1
    assert checked > 0


def test_quiet_play_prints_the_players_own_go():
    """The player's go is their own move (the prompts channel), said even when the game says it
    for them (no card fits) while the other players' moves are kept to the history."""
    checked = 0
    for seed in (7, 3, 11, 12):
        s, out, _, _ = seat(sm.with_profile(Settings(), "quiet"), seed=seed)
        play_a_deal(s)
        mine = [
            line.text
            for line in s.output.history
            if line.text.startswith(("You cannot play", "You play", "You say go"))
        ]
        assert all(t in out for t in mine), (seed, [t for t in mine if t not in out])
        checked += sum(t.startswith("You cannot play") for t in mine)
    assert checked > 0


def test_help_names_the_profile_and_brief_commands():
    """Help names every new command of issue 25: /channels, /channel, /history, and the two that
    take a value, /profile NAME and /brief."""
    lines = help_lines("play", ["j the next profile: everything, quiet, teaching"])
    text = " ".join(lines)
    for typed in (
        "/channels",
        "/channel scores history",
        "/history scores",
        "/history save",
        "/profile quiet",
        "/brief on",
    ):
        assert typed in text, typed
    assert all(len(t) <= 80 for t in lines)


@pytest.mark.parametrize("brief", ["off", "on"])
def test_the_last_show_again_names_the_starter_once_a_hand(brief):
    """Key a at coach verbosity: the line with the hand's place names the starter; the hand's
    own line does not name it again."""
    s, out, _, _ = seat(Settings(verbosity="coach", brief=brief))
    play_a_deal(s)
    while s.table.game.phase == g.PLAY:
        s.command("go")
    starter = s.table.game.starter.name
    for _ in range(3):
        said = after(out, lambda: s.key("a"))
        assert said[0].startswith("Show, ") and starter in said[0], said
        assert f"with the {starter}" not in said[1], said  # the hand's own line


def test_the_quiet_profile_says_what_it_keeps_out_of_the_way_and_how_to_reach_it():
    """Quiet puts the whole game channel on cue only: not only the other players' cards, but
    the starter, the deals and the show. Choosing it says so, and names the keys that reach
    them (f the starter, a the show, left bracket the history)."""
    s, out, _, _ = seat(Settings())
    said = " ".join(after(out, lambda: s.command("profile quiet")))
    for what in ("the starter", "the show", "f ", "a ", "left bracket"):
        assert what in said, (what, said)
    s.command("1 2")
    assert not any(t.startswith("The starter is") for t in out[-5:])  # not said, as it says
