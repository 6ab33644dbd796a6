"""Every player keeps their own speech route, cues, verbosity and voice at a shared table (issue
26): ``host`` and ``join`` take the local game's own options, defined once
(``app/seat_options.py``), and a seat's settings are the file's with them on top, for this run
only."""

from __future__ import annotations

import pytest

from spoken_cribbage.app.cli import build_parser, main
from spoken_cribbage.app.seat_options import SEAT_SETTINGS, seat_settings
from spoken_cribbage.storage import settings as sm

PLAYER = [
    "--speech",
    "off",
    "--cues",
    "off",
    "--verbosity",
    "terse",
    "--voice",
    "pocketsphinx",
    "--listen",
    "continuous",
    "--command-end",
    "silence",
    "--rate",
    "250",
    "--volume",
    "0.5",
    "--cue-volume",
    "0.3",
    "--count-tone",
    "on",
    "--brief",
    "suits",
    "--accessible",
]
GIVEN = {
    "speech": "off",
    "cues": "off",
    "verbosity": "terse",
    "voice_engine": "pocketsphinx",
    "listen": "continuous",
    "command_end": "silence",
    "rate": 250,
    "volume": 0.5,
    "cue_volume": 0.3,
    "count_tone": "on",
    "brief": "suits",
}


def _seat_options(command: str) -> dict[str, object]:
    """The player's options of ``command`` as argparse defines them (choices, types, defaults,
    help; --language's help says what it changes for that command)."""
    sub = next(a for a in build_parser()._actions if a.dest == "command").choices[command]  # type: ignore[attr-defined]
    return {
        a.dest: (a.choices and list(a.choices), a.type, a.default, a.help if a.dest != "language" else "")
        for a in sub._actions
        if a.dest in {sm.OPTIONS[n][2:].replace("-", "_") for n in SEAT_SETTINGS} | {"accessible"}
    }


def test_host_and_join_define_the_players_options_as_play_does():
    play = _seat_options("play")
    assert len(play) == len(SEAT_SETTINGS) + 1  # (every one, and --accessible)
    assert _seat_options("host") == play
    assert _seat_options("join") == play


@pytest.mark.parametrize("command", [["join", "example.org", "--code", "C-TAG"], ["host", "--players", "3"]])
def test_a_shared_tables_seat_takes_the_options_for_this_run(home, command):
    (home / "settings.toml").write_text('version = 1\nspeech = "tts"\ncues = "on"\nverbosity = "coach"\n')
    args = build_parser().parse_args([*command, *PLAYER, "--language", "fr"])
    seat = seat_settings(args)
    # the player's own settings only: the table's (players, target, teams) are not the seat's
    assert seat.run.overrides == {**GIVEN, "language": "fr"}
    assert seat.current.players == 2 and seat.accessible
    for name, value in GIVEN.items():
        assert getattr(seat.current, name) == value
    # a setting changed in the game is saved, and is no longer for this run only
    seat.run.on_settings(sm.Settings(**{**vars(seat.current), "rate": 300}), "rate")
    saved, _ = sm.load()
    assert saved.rate == 300 and saved.speech == "tts" and saved.cues == "on" and saved.verbosity == "coach"
    assert "rate" not in seat.run.overrides and seat.run.overrides["cues"] == "off"


@pytest.mark.parametrize("command", [["play"], ["join", "127.0.0.1:1", "--code", "C", "--plain"], ["host"]])
def test_a_bad_value_is_refused_in_the_same_sentence_before_anything_opens(home, capsys, command):
    assert main([*command, "--rate", "5", "--speech", "off"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "spoken-cribbage: rate must be between 80 and 500 words a minute.", err
    assert not (home / "table").exists()  # (the host made no certificate, opened no table)


def test_a_bad_choice_is_refused_by_the_command_line(capsys):
    with pytest.raises(SystemExit) as e:
        main(["join", "127.0.0.1", "--code", "C", "--cues", "loud"])
    assert e.value.code == 2
    assert "--cues" in capsys.readouterr().err
