"""The voice package says nothing itself: it hands over notices and problems (``voice.*`` codes),
and ``words.voice`` has the sentence for every one of them."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from spoken_cribbage.notice import Notice
from spoken_cribbage.voice.listen import ListenError, context_from
from spoken_cribbage.voice.microphone import BEHIND, LISTENING, MIC_FAILED, NO_MIC, STOPPED
from spoken_cribbage.voice.models import ModelError
from spoken_cribbage.voice.recognizers import INSTALL_VOICE, Recognition, VoiceError
from spoken_cribbage.words.catalogue import Message
from spoken_cribbage.words.notices import phrase
from spoken_cribbage.words.voice import TEXTS
from testkit import ROOT

PACKAGE = ROOT / "spoken_cribbage"
#: where voice codes are produced (the voice package) and where the app names some itself
SOURCES = sorted((PACKAGE / "voice").glob("*.py")) + [
    PACKAGE / "app" / "handsfree.py",
    PACKAGE / "app" / "voice_command.py",
    PACKAGE / "app" / "voice_check.py",
]
CODE = re.compile(r"""["'](voice\.[a-z_]+)["']""")


def codes_in(files: list[Path]) -> set[str]:
    return {c for f in files for c in CODE.findall(f.read_text(encoding="utf-8"))}


def test_every_code_the_voice_layer_uses_has_a_sentence():
    used = codes_in(SOURCES)
    assert len(used) > 40, sorted(used)
    assert sorted(used - set(TEXTS)) == []


def test_every_sentence_is_for_a_code_something_uses():
    assert sorted(set(TEXTS) - codes_in(SOURCES)) == []


def test_the_string_templates_are_well_formed():
    checked = 0
    for code, t in TEXTS.items():
        if isinstance(t, Message) and t.english != "{error}":  # bad_hand: another's sentence
            list(string.Formatter().parse(t.english))  # raises on a stray brace
            assert t.english[-1] in ".:" or t.english.endswith(("{folder}", "{question}")), code
            checked += 1
    assert checked > 0


def _sentences(path: Path) -> list[tuple[int, str]]:
    """String literals of ``path`` that read like a sentence for a person (docstrings and
    argparse help texts aside); an f-string is read with ``{}`` for its fill-ins."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            skip.add(id(body[0].value))
        if isinstance(node, ast.keyword) and node.arg in ("help", "description"):
            skip.update(id(n) for n in ast.walk(node.value))
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.JoinedStr):
            skip.update(id(v) for v in node.values)
            text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        if re.match(r"[A-Z{]\S* [^\n]*[a-z)}'\"]\.$", text.strip()):
            found.append((node.lineno, text))
    return found


@pytest.mark.parametrize("path", sorted((PACKAGE / "voice").glob("*.py")), ids=lambda p: p.name)
def test_the_voice_package_writes_no_sentence(path):
    assert _sentences(path) == []


def test_the_sentence_finder_finds_sentences(tmp_path):
    f = tmp_path / "m.py"
    f.write_text(
        '"""Doc."""\nA = "No microphone found."\nB = f"Heard: {x}. Command: {y}."\n'
        'C = "voice.listening"\np.add_argument("--x", help="Some help text.")\n'
    )
    assert [n for n, _ in _sentences(f)] == [2, 3]


# -- sentences, word for word ----------------------------------------------------------------


def test_microphone_cues_and_problems():
    assert [phrase(n) for n in (LISTENING, STOPPED, NO_MIC, BEHIND)] == [
        "Listening.",
        "Stopped listening.",
        "No microphone found: voice is off. Keyboard play goes on.",
        "Voice fell behind and skipped some sound: say that again if nothing happens.",
    ]
    assert phrase(MIC_FAILED, reason="Invalid sample rate") == (
        "The microphone could not be opened (Invalid sample rate): voice is off. Keyboard play goes on."
    )
    assert phrase(Notice("voice.stopped_after_error", error="OSError")) == (
        "Voice stopped after an error (OSError). Keyboard play goes on."
    )


def test_recognitions():
    assert phrase(Recognition(True, "play five of hearts", "play 5H").notice()) == "Heard: play five of hearts."
    assert phrase(Recognition(False, "hello").notice()) == "Sorry, I didn't catch that."
    assert phrase("voice.not_understood", heard="hello") == "Sorry, I didn't catch that. (Heard: hello.)"
    assert phrase("voice.heard_command", heard="go", command="go") == "Heard: go. Command: go."


def test_engine_choice_sentences():
    off = Notice("voice.off", reason=VoiceError(INSTALL_VOICE).notice)
    assert phrase(off) == (
        "Voice is off: the voice engines are not installed; add them with "
        "pip install 'spoken-cribbage[voice]' (./play.sh does this)."
    )
    fallback = Notice(
        "voice.vosk_not_used",
        using=Notice("voice.using_pocketsphinx"),
        reason=VoiceError("voice.vosk_model_not_english", path="/m/ko", missing=("play", "five", "hearts")),
    )
    assert phrase(fallback) == (
        "Voice: pocketsphinx (built-in English model); vosk not used (the vosk "
        "model in /m/ko does not know the English command words "
        "(play, five, hearts))."
    )
    assert phrase("voice.using_vosk", model="vosk-model-small-en-us-0.15") == (
        "Voice: vosk with model vosk-model-small-en-us-0.15."
    )


def test_model_problems_and_progress():
    assert phrase(ModelError("voice.checksum_mismatch", digest="0123456789abcdef" * 4)) == (
        "The checksum of the download does not match the manifest (got 0123456789ab…); nothing was installed."
    )
    assert phrase(ModelError("voice.archive_unsafe_entry", entry="../x")) == (
        "The archive holds an unsafe entry ('../x'); nothing was installed."
    )
    assert phrase(ModelError("voice.download_http_error", status=404, reason="Not Found")) == (
        "The download failed: the server answered 404 Not Found."
    )
    assert phrase(ModelError("voice.no_such_model", name="nope", downloadable=("vosk-small-en",))) == (
        "There is no model called nope. Downloadable: vosk-small-en."
    )
    assert phrase("voice.downloading", size=41205931, url="https://x/m.zip") == (
        "Downloading 41.2 MB from https://x/m.zip."
    )
    assert phrase("voice.downloaded", percent=50, got=20_000_000, total=40_000_000) == (
        "Downloaded 50% (20.0 MB of 40.0 MB)."
    )
    assert (
        phrase("voice.model_line", name="my", engine="vosk", description=None, path="/m/my", downloadable=False)
        == "my (vosk): Vosk model placed in the models folder. Installed at /m/my."
    )
    assert phrase(
        "voice.model_line", name="vosk-small-en", engine="vosk", description="Small", path=None, downloadable=True
    ) == ("vosk-small-en (vosk): Small. Not installed; run: spoken-cribbage models download vosk-small-en.")


def test_listen_argument_problems():
    with pytest.raises(ListenError) as e:
        context_from("discard", "5H")
    assert phrase(e.value) == "In the discard give the whole hand, six cards (five in a three-player game)."
    with pytest.raises(ListenError) as e:
        context_from("play", "5Z")
    assert phrase(e.value) == "'5Z' is not a card. Try 5H, 10C, QS or 'five of hearts'."
