"""Speech in the game's language (issue 27 item 3): the voice that reads French or Chinese is
chosen from the installed ones (espeak-ng's cmn-latn-pinyin, not cmn, which spells characters as
English letters; the system voice of the language through pyttsx3 on Windows and macOS), and
when none reads the language, one line says so and the game plays in text."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from spoken_cribbage import speech as sp
from spoken_cribbage.notice import Notice
from spoken_cribbage.speech import espeak as espeak_mod
from spoken_cribbage.speech.base import language_voice
from spoken_cribbage.words import catalogue
from spoken_cribbage.words.notices import phrase


@pytest.fixture(autouse=True)
def _english_after():
    yield
    catalogue.use("en")


#: voice tables as pyttsx3's drivers give them (lower-cased by native._voice_table)
WINDOWS = [
    ("TTS_MS_EN-US_ZIRA", "Microsoft Zira Desktop - English (United States)", ["en-us"]),
    ("TTS_MS_ZH-HK_TRACY", "Microsoft Tracy Desktop - Chinese (Hong Kong)", ["zh-hk"]),
    ("TTS_MS_ZH-CN_HUIHUI", "Microsoft Huihui Desktop - Chinese (Simplified)", ["zh-cn"]),
    ("TTS_MS_ZH-TW_HANHAN", "Microsoft Hanhan Desktop - Chinese (Taiwan)", ["zh-tw"]),
    ("TTS_MS_FR-FR_HORTENSE", "Microsoft Hortense Desktop - French", ["fr-fr"]),
]
MACOS = [
    ("com.apple.voice.compact.en-US.Samantha", "Samantha", ["en_us"]),
    ("com.apple.voice.compact.fr-CA.Amelie", "Amélie", ["fr_ca"]),
    ("com.apple.voice.compact.zh-TW.Meijia", "Meijia", ["zh_tw"]),
    ("com.apple.voice.compact.zh-CN.Tingting", "Tingting", ["zh_cn"]),
]


def test_the_voice_of_each_language_from_the_system_tables():
    assert language_voice("zh-Hans", WINDOWS) == "TTS_MS_ZH-CN_HUIHUI"
    assert language_voice("zh-Hant", WINDOWS) == "TTS_MS_ZH-TW_HANHAN"  # Taiwan before Hong Kong
    assert language_voice("zh-Hant", WINDOWS[:3]) == "TTS_MS_ZH-HK_TRACY"
    assert language_voice("zh-Hant", [WINDOWS[0], WINDOWS[2]]) == "TTS_MS_ZH-CN_HUIHUI"  # Mandarin reads it
    assert language_voice("fr", WINDOWS) == "TTS_MS_FR-FR_HORTENSE"
    assert language_voice("fr", MACOS) == "com.apple.voice.compact.fr-CA.Amelie"  # any French region
    assert language_voice("zh-Hant", MACOS) == "com.apple.voice.compact.zh-TW.Meijia"
    assert language_voice("zh-Hans", MACOS) == "com.apple.voice.compact.zh-CN.Tingting"
    assert language_voice("zh-Hans", WINDOWS[:1]) is None and language_voice("fr", []) is None
    assert language_voice("en", WINDOWS) == "TTS_MS_EN-US_ZIRA"  # back to English in the game
    assert language_voice("de", WINDOWS) is None  # a language the game does not speak


def _espeak_table():
    if shutil.which("espeak-ng") is None:
        pytest.skip("needs espeak-ng (the program and its voices)")
    try:
        espeak_mod.initialize()
    except sp.SpeechUnavailable as exc:
        pytest.skip(f"needs libespeak-ng: {phrase(exc.notice)}")
    return espeak_mod.voices()


def _phonemes(voice: str, text: str) -> str:
    run = subprocess.run(
        ["espeak-ng", "-q", "-x", "-v", voice, text], capture_output=True, text=True, timeout=30, check=True
    )
    return run.stdout


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant"])
def test_a_chinese_announcement_is_read_in_mandarin_not_spelled(language):
    """espeak-ng's phoneme output: the voice chosen reads every character in Mandarin (tones,
    no switch to English); the plain cmn voice, the one left out, spells many as English letters
    ('(en)' in the phonemes: '不' as 'bu four')."""
    table = _espeak_table()
    chosen = language_voice(language, table)
    assert chosen == "sit/cmn-latn-pinyin"
    catalogue.use(language)
    said = phrase(Notice("speech.could_not_start", reason=Notice("speech.no_sound_device")))
    assert said in (
        "语音无法启动：没有找到音频设备。游戏以文字继续。",
        "語音無法啟動：沒有找到音訊裝置。遊戲以文字繼續。",
    )
    read = _phonemes(chosen.rsplit("/", 1)[-1], said)
    assert "(en)" not in read and read.count("_|") >= 15, read  # a syllable each, in Mandarin
    assert all(tone in read for tone in ("21", "35", "51", "55")), read  # Mandarin's four tones
    assert "(en)" in _phonemes("cmn", said)  # why cmn is not chosen


def test_french_is_read_by_the_french_voice():
    table = _espeak_table()
    chosen = language_voice("fr", table)
    assert chosen is not None and not chosen.startswith("mb/")
    catalogue.use("fr")
    said = phrase(Notice("speech.none", reason=Notice("speech.no_language_voice", language="zh-Hant")))
    assert said == "La parole est coupée : aucune voix installée ne lit le chinois traditionnel."
    assert "frA~s" in _phonemes(chosen.rsplit("/", 1)[-1], "le français")  # the nasal vowel: French


def test_the_streaming_espeak_speaker_takes_the_chinese_voice(monkeypatch):
    _espeak_table()
    monkeypatch.setenv(sp.DRIVER_ENV, "stream")
    monkeypatch.setenv(sp.AUDIO_ENV, "null")
    chosen: list[str | None] = []
    set_voice = sp.EspeakSpeaker.set_voice
    monkeypatch.setattr(sp.EspeakSpeaker, "set_voice", lambda self, v: (chosen.append(v), set_voice(self, v))[1])
    speaker = sp.make_speaker("tts", platform="linux", language="zh-Hans")
    try:
        assert isinstance(speaker, sp.EspeakSpeaker) and speaker.available
        assert chosen == ["sit/cmn-latn-pinyin"]
    finally:
        speaker.close()


class _Voices(sp.RecordingSpeaker):
    """A speaker that lists voices (as our real ones do) and records the one set."""

    table: list = []

    def __init__(self, **kw) -> None:
        super().__init__()
        self.closed = False
        self.voice = kw.get("voice")

    def voice_entries(self):
        return list(self.table)

    def set_voice(self, voice) -> None:
        self.voice = voice

    def close(self) -> None:
        self.closed = True


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_pyttsx3_takes_the_system_voice_of_the_language(platform, monkeypatch):
    made: list[_Voices] = []

    def native(**kw):
        made.append(_Voices(**kw))
        return made[-1]

    monkeypatch.setattr(sp, "NativePyttsx3Speaker", native)
    monkeypatch.setattr(_Voices, "table", WINDOWS if platform == "win32" else MACOS)
    errors: list[Notice] = []
    speaker = sp.make_speaker("tts", platform=platform, language="zh-Hant", on_error=errors.append)
    assert speaker is made[0] and errors == []
    assert made[0].voice == ("TTS_MS_ZH-TW_HANHAN" if platform == "win32" else "com.apple.voice.compact.zh-TW.Meijia")
    # a voice the player named wins; English keeps the default voice
    assert sp.make_speaker("tts", platform=platform, language="fr", voice="zira").voice == "zira"
    assert sp.make_speaker("tts", platform=platform, language="en").voice is None


@pytest.mark.parametrize("mode,said", [("tts", "could_not_start"), ("auto", None)])
def test_no_voice_for_the_language_one_line_and_text(mode, said, monkeypatch):
    """No voice reads Chinese: nothing speaks (an English voice would spell it), the speaker
    made is closed, and one line says why: through on_error with tts, as the status (what
    speaks, said at the start) with auto."""
    made: list[_Voices] = []

    def native(**kw):
        made.append(_Voices(**kw))
        return made[-1]

    monkeypatch.setattr(sp, "NativePyttsx3Speaker", native)
    monkeypatch.setattr(_Voices, "table", WINDOWS[:1])
    errors: list[Notice] = []
    catalogue.use("zh-Hans")
    speaker = sp.make_speaker(mode, platform="win32", language="zh-Hans", on_error=errors.append, screen_reader=None)
    assert isinstance(speaker, sp.NullSpeaker) and made[0].closed
    assert [phrase(e) for e in errors] == (
        ["语音无法启动：没有已安装的语音能朗读简体中文。游戏以文字继续。"] if said else []
    )
    assert phrase(speaker.status) == "语音已关闭：没有已安装的语音能朗读简体中文。"


def test_the_language_changed_in_the_game_changes_our_voice(monkeypatch):
    """'language zh-Hant' typed in the game: our own voice takes the voice that reads it; back
    to English, an English voice; a language no voice reads leaves the voice (the caller says
    so in one line); a speaker listing no voices (the screen reader) is left alone."""
    monkeypatch.setattr(_Voices, "table", WINDOWS[:2] + WINDOWS[3:])
    speaker = _Voices()
    speaker.available = True
    assert sp.follow_language(speaker, "zh-Hant") and speaker.voice == "TTS_MS_ZH-TW_HANHAN"
    assert sp.follow_language(speaker, "en") and speaker.voice == "TTS_MS_EN-US_ZIRA"
    monkeypatch.setattr(_Voices, "table", WINDOWS[:1])
    assert not sp.follow_language(speaker, "fr") and speaker.voice == "TTS_MS_EN-US_ZIRA"
    assert sp.follow_language(sp.NullSpeaker(), "fr") and sp.follow_language(sp.RecordingSpeaker(), "fr")
    catalogue.use("fr")
    assert phrase(Notice("speech.voice_kept", language="zh-Hans")) == (
        "Aucune voix installée ne lit le chinois simplifié : la voix reste celle d'avant."
    )
