"""Storage and speech hand over notices; ``words`` phrases every one of them.

Every ``storage.*`` and ``speech.*`` code written in the source has a sentence in
``words.storage`` / ``words.speech`` (and every sentence there is used), and a few sentences
come out word for word as the player has always read them."""

import errno
import re

import pytest

from spoken_cribbage.engine import game as g
from spoken_cribbage.notice import Notice
from spoken_cribbage.storage import savegame
from spoken_cribbage.storage import settings as sm
from spoken_cribbage.storage.stats import StatsDB
from spoken_cribbage.words import speech as speech_words
from spoken_cribbage.words import storage as storage_words
from spoken_cribbage.words.notices import phrase
from testkit import ROOT

PACKAGE = ROOT / "spoken_cribbage"
CODE = re.compile(r"""["']((?:storage|speech)\.[a-z0-9_]+)["']""")


def codes_in(paths, domain):
    found = {}
    for path in paths:
        for code in CODE.findall(path.read_text()):
            if code.startswith(domain + "."):
                found.setdefault(code, path.relative_to(ROOT))
    return found


def sources(*folders_or_files):
    out = []
    for name in folders_or_files:
        p = PACKAGE / name
        out.extend(sorted(p.rglob("*.py")) if p.is_dir() else [p])
    return out


STORAGE_SOURCES = sources("storage", "app")
SPEECH_SOURCES = sources("speech", "app")


@pytest.mark.parametrize(
    "domain, paths, texts",
    [
        ("storage", STORAGE_SOURCES, storage_words.TEXTS),
        ("speech", SPEECH_SOURCES, speech_words.TEXTS),
    ],
)
def test_every_code_the_layer_can_produce_has_a_sentence(domain, paths, texts):
    used = codes_in(paths, domain)
    assert len(used) >= 10
    missing = {c: str(p) for c, p in used.items() if c not in texts}
    assert not missing


@pytest.mark.parametrize(
    "domain, paths, texts",
    [
        ("storage", STORAGE_SOURCES, storage_words.TEXTS),
        ("speech", SPEECH_SOURCES, speech_words.TEXTS),
    ],
)
def test_every_sentence_in_words_is_for_a_code_the_layer_produces(domain, paths, texts):
    assert not set(texts) - set(codes_in(paths, domain))


# ----------------------------------------------------------------------------- storage


def test_save_outcomes_are_told_apart_without_reading_english(home):
    """Saving: nothing said when it works; 'can't be saved' with the reason, once; 'saved
    again' when it works after failing. The app learns which from the notices' codes."""
    from spoken_cribbage.app.persist import Keeper

    said = []
    k = Keeper(say=lambda t, s: said.append(t), save_path=home / "game.json", stats=False)
    k.begin(g.Game(seed=3), difficulty="easy")
    k.flush()
    assert said == [] and k.save_problem is None and k.saves == 1
    (home / "game.json").unlink()
    (home / "game.json").mkdir()  # a folder in the way: saving fails
    assert not k.save() and not k.save()
    assert k.save_problem == Notice("storage.folder_in_the_way")
    k.flush()
    assert said == ["Your game can't be saved: a folder is in the way."]  # once
    (home / "game.json").rmdir()
    assert k.save() and k.save_problem is None
    k.flush()
    assert said[1:] == ["Your game is being saved again."]


def test_settings_sentences_word_for_word(tmp_path):
    p = tmp_path / "settings.toml"
    p.write_text('rate = "fast"\n')
    _, notice = sm.load(p)
    assert notice.code == "storage.settings_replaced"
    assert phrase(notice) == (
        "The settings file could not be used (rate should be a whole "
        "number, not 'fast'), so it was kept as settings.toml.bad-1 and "
        "the defaults are used."
    )
    with pytest.raises(sm.SettingError) as e:
        sm.Settings().changed("rate", "5")
    assert phrase(e.value) == "rate must be between 80 and 500 words a minute"
    with pytest.raises(ValueError) as e:
        sm.Settings().changed("volume", "loud")
    assert phrase(e.value) == "volume needs a number, not 'loud'"
    assert phrase(sm.save_changed("rate", 5, p)) == (
        "That setting could not be saved: rate must be between 80 and 500 words a minute."
    )
    err = OSError(errno.ENOENT, "No such file or directory")
    assert phrase(
        "storage.settings_replaced",
        reason=Notice("storage.settings_too_large"),
        moved="settings.toml.bad-2",
        error=Notice("storage.settings_not_saved", error=Notice("storage.system_error", detail=err.strerror)),
    ) == (
        "The settings file could not be used (it is far too large), so it was kept as "
        "settings.toml.bad-2 and the defaults are used but they could not be written: "
        "settings could not be saved (no such file or directory)."
    )
    lines = [phrase(n) for n in sm.describe(sm.Settings(volume=0.5), p, {"rate": 180})]
    assert lines[:3] == ["Speech: auto.", "Rate: 180 words a minute, for this run only (from --rate).", "Volume: 0.5."]


def test_a_refused_setting_is_named_as_the_player_types_it_not_as_the_program_keeps_it(tmp_path):
    # issue 25: "channel_scores must be one of ..." named the field, where a player types and
    # hears "channel scores" (and "cue volume", "count tone", "time limit")
    refused = {
        ("channel_scores", "loud"): "channel scores must be one of spoken, history, cue, off, not 'loud'",
        ("cue_volume", "3"): "cue volume must be between 0 and 1",
        ("cue_volume", "loud"): "cue volume needs a number, not 'loud'",
        ("count_tone", "maybe"): "count tone must be one of on, off, not 'maybe'",
        ("vosk_model", "x" * 5000): "vosk model is too long: at most 4096 characters",
    }
    for (name, value), says in refused.items():
        with pytest.raises(ValueError) as e:
            sm.Settings().changed(name, value)
        assert phrase(e.value) == says
    p = tmp_path / "settings.toml"
    p.write_text('cue_volume = "loud"\n')
    assert "(cue volume should be a number, not 'loud')" in phrase(sm.load(p)[1])


def test_saved_game_and_statistics_sentences_word_for_word(tmp_path):
    p = tmp_path / "game.json"
    p.write_bytes(b"")
    loaded = savegame.load(p)
    assert loaded.notice == Notice(
        "storage.save_set_aside", reason=Notice("storage.save_empty"), moved="game.json.bad-1"
    )
    assert phrase(loaded.notice) == (
        "Your saved game could not be used because it is empty; it was kept as game.json.bad-1 and a new game begins."
    )
    with pytest.raises(savegame.SaveError) as e:
        savegame.from_bytes(b'{"format": "spoken-cribbage-save", "version": 9}')
    assert e.value.newer and phrase(e.value) == ("it was saved by a newer version of the game (format 9)")
    assert phrase("storage.save_field", field="actions") == "its list of moves is missing or wrong"
    s = tmp_path / "stats.sqlite3"
    s.write_bytes(b"not a database at all" * 10)
    assert phrase(StatsDB(s).open()) == (
        "Your statistics could not be used because it is not a database; the file was kept as "
        "stats.sqlite3.bad-1 and new statistics begin."
    )
    assert phrase("storage.stats_not_recorded", reason=Notice("storage.stats_busy")) == (
        "Statistics can't be recorded: another copy of the game is using it."
    )
    assert phrase("storage.abandoned", kept=None) == ("A new game begins; the old one will be replaced.")


def test_a_foreign_error_text_is_passed_on_as_it_is():
    assert storage_words.clause("database disk image is malformed") == ("database disk image is malformed")
    assert phrase("storage.stats_unreadable", reason=Notice("storage.detail", text="oops")) == (
        "Your statistics could not be read: oops."
    )


# ----------------------------------------------------------------------------- speech


def test_speech_failures_are_notices_the_app_phrases(monkeypatch):
    from spoken_cribbage import speech as sp

    monkeypatch.setenv(sp.AUDIO_ENV, "false")  # a player that never works
    told = []
    speaker = sp.make_speaker("on", on_error=told.append)
    assert isinstance(speaker, sp.NullSpeaker) and len(told) == 1
    notice = told[0]
    assert isinstance(notice, Notice) and notice.code == "speech.could_not_start"
    assert notice.data["reason"] == Notice(
        "speech.player_broken", player="false", reason=Notice("speech.exit_code", status=1)
    )
    assert phrase(notice) == (
        "Speech could not start: the audio player false does not work (exit code 1). The game goes on in text."
    )
    assert phrase(speaker.status) == ("Speech is off: the audio player false does not work (exit code 1).")
    with pytest.raises(ValueError) as e:
        sp.make_speaker("loud")
    assert phrase(e.value) == "Unknown speech mode 'loud': use auto, screenreader, tts or off."


def test_speech_sentences_word_for_word():
    assert phrase("speech.stopped_working", reason="synthesizer crashed") == (
        "Speech stopped working: synthesizer crashed. The game goes on in text."
    )
    assert phrase("speech.could_not_start", reason=Notice("speech.no_portaudio")) == (
        "Speech could not start: the sound library PortAudio is missing (install the package "
        "libportaudio2). The game goes on in text."
    )
    assert phrase("speech.native", driver="sapi5") == "Speech: pyttsx3 with sapi5 (system voice)."
    assert phrase("speech.espeak", output=Notice("speech.output_player", player="aplay")) == (
        "Speech: espeak-ng, audio via aplay."
    )
    assert phrase("speech.espeak_could_not_start", detail="", status=0x1234) == (
        "espeak-ng could not start (error 0x1234)"
    )
    assert phrase("speech.none", reason=Notice("speech.failed", reason="device lost")) == (
        "Speech is off: speech stopped working (device lost)."
    )
