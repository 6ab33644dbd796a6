"""The real human recordings of ../shared/data/voice-human, read at test and bench time.

The clips are never copied into the repository: they are read from the shared folder beside the
clone (``SPOKEN_CRIBBAGE_HUMAN_VOICES`` overrides the folder) and converted from FLAC with sox.
Each manifest row is one clip in one context:

* ``kind`` ``ingrammar``: the game must accept it there, and the command must be the phrase's;
  ``oog``: it must reject it there.
* yes and no are answers: the game listens for them only while it asks a question, so their
  in-grammar rows are decoded in the ``question`` phase (the manifest's phase is where the
  question was asked).
"""

from __future__ import annotations

import csv
import os
import random
import shutil
import subprocess
from dataclasses import dataclass
from functools import cache
from pathlib import Path

HERE = Path(__file__).resolve().parent
FOLDER = Path(os.environ.get("SPOKEN_CRIBBAGE_HUMAN_VOICES") or HERE.parent.parent / "shared" / "data" / "voice-human")
ANSWERS = ("yes", "no")


@dataclass(frozen=True)
class Row:
    file: str
    phrase: str
    speaker: str
    kind: str  # "ingrammar" or "oog"
    phase: str  # the phase the clip is decoded in
    hand: str
    category: str

    @property
    def path(self) -> Path:
        return FOLDER / self.file

    @property
    def must_accept(self) -> bool:
        return self.kind == "ingrammar"


def available() -> bool:
    return (FOLDER / "manifest.tsv").is_file() and shutil.which("sox") is not None


def rows() -> list[Row]:
    """Every row of the manifest, in its order."""
    out = []
    with open(FOLDER / "manifest.tsv", newline="", encoding="utf-8") as f:
        for r in csv.DictReader(f, delimiter="\t"):
            phase = r["phase"]
            if r["kind"] == "ingrammar" and r["phrase"] in ANSWERS:
                phase = "question"
            out.append(Row(r["file"], r["phrase"], r["speaker"], r["kind"], phase, r["hand"], r["category"]))
    return out


def question_rows() -> list[Row]:
    """The out-of-grammar single words again, decoded while the game asks a yes/no question
    (where "cat" once became yes): they must be rejected there too."""
    return [
        Row(r.file, r.phrase, r.speaker, "oog", "question", r.hand, r.category + " (question)")
        for r in rows()
        if r.kind == "oog" and r.category in ("other word", "digit")
    ]


def sample(rs: list[Row], n: int, seed: int = 13) -> list[Row]:
    """A fixed, seeded sample that keeps every in-grammar row."""
    keep = [r for r in rs if r.must_accept]
    rest = [r for r in rs if not r.must_accept]
    rng = random.Random(seed)
    return keep + sorted(rng.sample(rest, min(len(rest), max(0, n - len(keep)))), key=rs.index)


@cache
def pcm(file: str, gain_db: float = 0.0) -> bytes:
    """A clip as 16 kHz mono s16le PCM, ``gain_db`` louder or quieter (sox)."""
    cmd = [
        "sox",
        "-R",
        str(FOLDER / file),
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
    ]
    if gain_db:
        cmd += ["gain", str(gain_db)]
    return subprocess.run(cmd, check=True, capture_output=True).stdout
