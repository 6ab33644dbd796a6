"""A seeded piped game in another language (issue 27): the moved notices in French or Chinese,
the rest of the game still in English, chosen by --language, the setting or LANG."""

from __future__ import annotations

import subprocess

from testkit import BIN, game_env

INPUT = "xyzzy\nplay\nquit\ny\n"


def _play(home, *options: str, **env: str) -> str:
    run = subprocess.run(
        [str(BIN), "--seed", "3", "--speech", "off", "--cues", "off", *options],
        input=INPUT,
        capture_output=True,
        text=True,
        timeout=60,
        env=game_env(home, **env),
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


def test_language_fr_says_the_refusals_in_french(tmp_path):
    out = _play(tmp_path, "--language", "fr")
    assert ("> xyzzy\nJe ne connais pas « xyzzy ». Appuyez sur point d'interrogation pour l'aide.\n") in out
    assert "> play\nPlay : quelle carte ? Donnez un numéro ou un nom, comme « play 5h »" in out
    # the seat's own sentences too (issue 27, part a)
    assert "À vous : écartez 2 cartes." in out and "Au revoir." in out


def test_the_system_language_and_the_setting(tmp_path):
    assert "我不认识“xyzzy”。按问号获取帮助。" in _play(tmp_path, LANG="zh_CN.UTF-8")
    assert "我不認識「xyzzy」。按問號獲取幫助。" in _play(tmp_path, LANG="zh_TW.UTF-8")
    english = "I don't know 'xyzzy'. Press question mark for help."
    assert english in _play(tmp_path)  # LANG=C.UTF-8
    (tmp_path / "settings.toml").write_text('language = "fr"\n')
    assert "Je ne connais pas « xyzzy »" in _play(tmp_path, LANG="zh_CN.UTF-8")
    assert english in _play(tmp_path, "--language", "en")  # the option first


def test_language_changed_in_the_game_at_once_and_kept(tmp_path):
    run = subprocess.run(
        [str(BIN), "--seed", "3", "--speech", "off", "--cues", "off"],
        input="language zh-Hans\nxyzzy\nquit\ny\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=game_env(tmp_path),
    )
    # said at once in the new language (the setting's name in it, the language's code as typed)
    assert "> language zh-Hans\n语言现在是：zh-Hans。\n> xyzzy\n我不认识“xyzzy”。" in run.stdout
    assert 'language = "zh-Hans"' in (tmp_path / "settings.toml").read_text()


def test_a_damaged_settings_file_is_said_in_french_and_chinese(tmp_path):
    """A storage notice in a real run: the settings file that is no TOML, set aside."""
    (tmp_path / "settings.toml").write_text("not toml [\n")
    out = _play(tmp_path, "--language", "fr")
    assert out.startswith("Le fichier des réglages n'a pas pu servir (expected '=' after a key")
    assert (" : il a été gardé sous le nom settings.toml.bad-1 et les réglages par défaut s'appliquent.\n") in out
    (tmp_path / "settings.toml").write_text("not toml [\n")
    out = _play(tmp_path, LANG="zh_CN.UTF-8")
    assert out.startswith("设置文件无法使用（expected '=' after a key")
    assert "），已另存为 settings.toml.bad-2，现在使用默认设置。\n" in out


def test_voice_notices_in_french_and_chinese(tmp_path):
    """The voice.* table in a real run of the listen command, the language from LANG: the
    hand it was given the wrong size, then a file that is not there."""

    def listen(lang: str, *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(BIN), "listen", *args],
            input="",
            capture_output=True,
            text=True,
            timeout=60,
            env=game_env(tmp_path, LANG=lang),
        )

    missing = str(tmp_path / "nope.wav")
    run = listen("fr_FR.UTF-8", "--file", missing)
    assert run.returncode == 2
    assert "Pour le jeu, donnez les cartes encore en main, d'une à quatre cartes.\n" in run.stderr + run.stdout
    run = listen("zh_CN.UTF-8", "--file", missing, "--hand", "5H 10C JD KS")
    assert run.returncode == 2 and f"没有文件 {missing}。\n" in run.stderr + run.stdout
    run = listen("C.UTF-8", "--file", missing, "--hand", "5H 10C JD KS")
    assert f"There is no file {missing}.\n" in run.stderr + run.stdout


def test_commands_typed_in_the_games_language(tmp_path):
    """A seeded piped game in Chinese played with Chinese commands (English ones still work),
    and help's line that says so; y and n stay."""
    run = subprocess.run(
        [str(BIN), "--seed", "3", "--speech", "off", "--cues", "off", "--language", "zh-Hans"],
        input="弃梅花A和梅花2\n帮助\n出梅花3\nquit\ny\n",
        capture_output=True,
        text=True,
        timeout=60,
        env=game_env(tmp_path),
    )
    assert run.returncode == 0, run.stderr
    assert "> 弃梅花A和梅花2\n你把梅花 A和梅花 2推入底牌。\n" in run.stdout
    assert "命令行也可以用中文输入，例如 /出红桃五、/弃 1 2 或 /帮助；语音命令仍然只用英文。\n" in run.stdout
    assert "> 出梅花3\n你出梅花 3。" in run.stdout
    assert "> y\n" in run.stdout and "不认识" not in run.stdout
