"""The voice set-up check: the room, the player's level, three commands, and a suggestion.

``spoken-cribbage listen --check`` and the game's ``mic check`` command run :func:`run_check`
on a stream of 16 kHz mono s16le blocks (the microphone, or a WAV file read in blocks):

1. **The room.** "Stay quiet for three seconds." The noise level is taken from
   :data:`QUIET_SECONDS` of audio: the median of the quieter half of its 10 ms frames, in dBFS
   (the way :class:`~spoken_cribbage.voice.microphone.Segmenter` judges the room; a cough or the
   tail of a prompt does not move it).
2. **Three commands** (:data:`PROMPTS`), one after another. Each is cut from the stream by the
   game's own :class:`~spoken_cribbage.voice.microphone.Listener` (the same segmenter and pause
   rule as in play) and recognised by the real recognizer in the prompt's context; the check says
   what it heard, or that it did not catch it, and whether that was the command asked for.
3. **The level.** The voice level is the median over the utterances of :func:`speech_level`; the
   signal-to-noise ratio is the voice level minus the room's. The verdict
   (:func:`level_verdict`): good, too quiet, too loud (the sound clips), or a room too noisy for
   the voice to stand out.
4. **The suggestion** (:func:`suggestion`): continuous listening when the room is quiet, the level
   good and every command understood; push-to-talk otherwise.

Everything said is a :class:`~spoken_cribbage.notice.Notice` handed to ``on_notice`` as it
happens (``words.voice`` phrases them); the figures come back in a :class:`CheckResult`.

The game's own voice is not measured: while ``busy()`` is true (the game is speaking a prompt)
and for :data:`GUARD` seconds after, the audio is fed to the segmenter, so it keeps track of the
room, but nothing it hears is taken as the player's.

How the thresholds were chosen: ``bench/bench_voice_check.py`` runs every in-grammar clip of
the human recordings (../shared/data/voice-human: go, yes, no and card names, 44 clips) through
this check's own path (segmenter, recognizer in the clip's context) at input gains of 0, -10,
-20, -25, -30 and -35 dB, in rooms of sox pink noise at -75, -60, -45 and -35 dBFS, and counts
the commands understood per speech level and per signal-to-noise ratio, as the check measures
them; it also counts, per noise level, how often noise alone opens an utterance in continuous
listening, and how often the clips clip when too loud. The figures are in docs/README-voice.md
("The set-up check"); each threshold below says which of them set it.
"""

from __future__ import annotations

import contextlib
import math
import statistics
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from spoken_cribbage.engine.cards import parse_cards
from spoken_cribbage.notice import Notice
from spoken_cribbage.vocabulary import VoiceContext
from spoken_cribbage.voice.recognizers import RATE, Recognition, Recognizer

QUIET_SECONDS = 3.0  #: the room is measured over this much audio
COMMAND_WAIT = 8.0  #: seconds of audio waited for each command to start
GUARD = 0.3  #: seconds not listened to after a prompt, and after the game's voice
FRAME = RATE // 100  #: samples in a 10 ms frame
ACTIVE_DB = 20.0  #: a frame counts in the speech level within this many dB of the loudest

# Thresholds, from bench/bench_voice_check.py (its tables are in docs/README-voice.md): the 44
# in-grammar human clips, 6 input gains (0 to -35 dB) x 4 rooms of pink noise (-75 to -35 dBFS).
#: Speech quieter than this (speech level, dBFS) is too quiet. In quiet rooms (-75 and -60 dBFS)
#: the clips at their own level (speech at -20 dBFS) were 86% understood, 10 dB quieter (-29)
#: 84%, 20 dB quieter (-39) 75%; 25 dB quieter (-44) 48 to 59%, 30 dB quieter (-48.5) 18 to
#: 45%, 35 dB quieter (-52) 9 to 16%. The line is drawn between -39 and -44.
QUIET_VOICE_DBFS = -42.0
#: A run of this many samples at or above :data:`CLIP_LEVEL` is the sound clipping ...
CLIP_RUN = 3
CLIP_LEVEL = 32000  # -0.2 dBFS: a normalised recording touches it, a clipped one stays there
#: ... and an utterance with this many runs is too loud. At their own level the 44 clips have
#: at most 2 (some are normalised to full scale); 6 dB louder (sox clips them) 15 of the 44 have
#: 4 or more, 10 dB louder 26. (Loud speech that does not clip is not a problem in itself: the
#: few clips above -10 dBFS that were missed are missed 10 dB quieter too.)
CLIP_RUNS = 4
#: Speech less than this far (dB) above the room is drowned by it. With speech at -42 dBFS or
#: louder, 10 to 15 dB above the room 89% of the commands were understood, 5 to 10 dB 58%, 0 to
#: 5 dB 9%; and where the speech is about 9 dB above the room (-20 dB gain in a -45 dBFS room)
#: 18%, most of it never heard as speech at all. 15 dB leaves a margin.
MIN_SNR_DB = 15.0
#: A room louder than this (dBFS) is too noisy even when no speech was heard in it: at -35 dBFS
#: speech 10 dB quieter than the clips' own was 39% understood, 20 dB quieter 5%; at -30 the
#: segmenter starts to take the noise itself for speech.
NOISY_ROOM_DBFS = -35.0
#: Continuous listening works well when the speech is this far (dB) above the room: the loudest
#: 30 ms frame of a command is 4.4 dB (median; 2.4 to 6.8) above its speech level, so 26 dB here
#: is the segmenter's PAUSE_MIN_SNR (30 dB), where a command is taken at its first short pause
#: (in noisier rooms the game waits longer, or for the endpointer alone) ...
CONTINUOUS_SNR_DB = 26.0
#: ... and the room is no louder than this (dBFS): in a -45 dBFS room speech 10 dB quieter than
#: the clips' own was still 77% understood, in a -35 dBFS room 39%. (Steady noise alone never
#: opened an utterance up to -35 dBFS, one a minute at -30; a real room's noise is rarely steady.)
CONTINUOUS_NOISE_DBFS = -45.0

_PLAY = VoiceContext.of("play", parse_cards("5H 10C JD KS"))


@dataclass(frozen=True)
class Prompt:
    """One command the check asks for: what to say, where it is legal, what it should give."""

    phrase: str
    context: VoiceContext
    command: str


#: A card (in a play with 5H 10C JD KS), the one-word call, and an answer to a question: the
#: three kinds of things said in a game (and ones the human test recordings hold).
PROMPTS: tuple[Prompt, ...] = (
    Prompt("five of hearts", _PLAY, "play 5H"),
    Prompt("go", _PLAY, "go"),
    Prompt("yes", VoiceContext("question"), "yes"),
)


@dataclass
class Outcome:
    """What came of one prompt. ``result``: ``matched`` (the command asked for), ``other``
    (another command), ``not_understood`` (speech, rejected) or ``nothing`` (no speech)."""

    prompt: Prompt
    result: str
    heard: str = ""
    command: str | None = None
    confirm: bool = False  # heard, but the game would ask before acting on it
    level_dbfs: float | None = None
    peak_dbfs: float | None = None
    clipped_runs: int = 0
    waited: float = 0.0  # seconds listened to before giving up (result ``nothing``)

    def as_json(self) -> dict:
        return {
            "asked": self.prompt.phrase,
            "expected": self.prompt.command,
            "outcome": self.result,
            "heard": self.heard,
            "command": self.command,
            "confirm": self.confirm,
            "level_dbfs": _round(self.level_dbfs),
            "peak_dbfs": _round(self.peak_dbfs),
        }


@dataclass
class CheckResult:
    noise_dbfs: float | None = None
    outcomes: list[Outcome] = field(default_factory=list)
    complete: bool = False  # ran to the end (not stopped, the audio did not run out)
    asked: int = len(PROMPTS)  # commands the check asks for

    @property
    def voiced(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.level_dbfs is not None]

    @property
    def voice_dbfs(self) -> float | None:
        levels = [o.level_dbfs for o in self.outcomes if o.level_dbfs is not None]  # voiced
        return statistics.median(levels) if levels else None

    @property
    def peak_dbfs(self) -> float | None:
        peaks = [o.peak_dbfs for o in self.voiced if o.peak_dbfs is not None]
        return max(peaks) if peaks else None

    @property
    def snr_db(self) -> float | None:
        if self.voice_dbfs is None or self.noise_dbfs is None:
            return None
        return self.voice_dbfs - self.noise_dbfs

    @property
    def clipped(self) -> bool:
        return any(o.clipped_runs >= CLIP_RUNS for o in self.outcomes)

    @property
    def heard(self) -> int:
        """Commands understood as asked."""
        return sum(o.result == "matched" for o in self.outcomes)

    @property
    def level(self) -> str:
        return level_verdict(self)

    @property
    def suggestion(self) -> str:
        return suggestion(self)

    def as_json(self) -> dict:
        return {
            "noise_dbfs": _round(self.noise_dbfs),
            "voice_dbfs": _round(self.voice_dbfs),
            "peak_dbfs": _round(self.peak_dbfs),
            "snr_db": _round(self.snr_db),
            "clipped": self.clipped,
            "level": self.level,
            "heard": self.heard,
            "asked": self.asked,
            "suggestion": self.suggestion,
            "why": push_reason(self),
            "complete": self.complete,
            "commands": [o.as_json() for o in self.outcomes],
        }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 1)


def level_verdict(r: CheckResult) -> str:
    """``none`` (no speech heard), ``loud`` (clipping), ``quiet``, ``noisy`` or ``good``."""
    voice, snr = r.voice_dbfs, r.snr_db
    if voice is None:
        loud_room = r.noise_dbfs is not None and r.noise_dbfs > NOISY_ROOM_DBFS
        return "noisy" if loud_room else "none"
    if r.clipped:
        return "loud"
    if voice < QUIET_VOICE_DBFS:
        return "quiet"
    if snr is not None and snr < MIN_SNR_DB:
        return "noisy"
    return "good"


def suggestion(r: CheckResult) -> str:
    """``continuous``, ``push``, or ``none`` when no speech was heard in a room that is not
    loud (the microphone is the likely problem)."""
    if r.level == "none":
        return "none"
    quiet_room = r.noise_dbfs is not None and r.noise_dbfs <= CONTINUOUS_NOISE_DBFS
    clear = r.snr_db is not None and r.snr_db >= CONTINUOUS_SNR_DB
    if r.level == "good" and quiet_room and clear and r.heard == r.asked:
        return "continuous"
    return "push"


def push_reason(r: CheckResult) -> str | None:
    """Why push-to-talk is suggested: ``level`` (the level verdict is not good), ``noisy`` (the
    room is louder than continuous listening copes with), ``snr`` (the voice is not far enough
    above the room) or ``missed`` (commands were not understood); None otherwise."""
    if suggestion(r) != "push":
        return None
    if r.level != "good":
        return "noisy" if r.level == "noisy" else "level"
    if r.noise_dbfs is not None and r.noise_dbfs > CONTINUOUS_NOISE_DBFS:
        return "noisy"
    if r.snr_db is not None and r.snr_db < CONTINUOUS_SNR_DB:
        return "snr"
    return "missed"


# ---------------------------------------------------------------------------------------------
# Levels
# ---------------------------------------------------------------------------------------------


def _samples(audio: bytes) -> np.ndarray:
    return np.frombuffer(audio[: len(audio) // 2 * 2], dtype="<i2").astype(np.float64)


def frame_levels(audio: bytes) -> np.ndarray:
    """dBFS of each 10 ms frame."""
    a = _samples(audio)
    n = a.size // FRAME
    if not n:
        return np.zeros(0)
    fr = a[: n * FRAME].reshape(n, FRAME)
    return 10 * np.log10(np.mean(fr * fr, axis=1) / (32768.0 * 32768.0) + 1e-12)


def room_level(audio: bytes) -> float | None:
    """The room's noise: the median of the quieter half of the 10 ms frames (dBFS)."""
    levels = np.sort(frame_levels(audio))
    if levels.size < 10:
        return None
    return float(np.median(levels[: max(1, levels.size // 2)]))


def speech_level(audio: bytes) -> float | None:
    """How loud the speech in an utterance is: the power mean of its 10 ms frames within
    :data:`ACTIVE_DB` of the loudest (so the quiet before and after does not count), dBFS."""
    levels = frame_levels(audio)
    if not levels.size:
        return None
    active = levels[levels >= levels.max() - ACTIVE_DB]
    return float(10 * math.log10(float(np.mean(10 ** (active / 10)))))


def peak_level(audio: bytes) -> float | None:
    a = _samples(audio)
    if not a.size:
        return None
    return 20 * math.log10(max(float(np.max(np.abs(a))), 1.0) / 32768.0)


def clipped_runs(audio: bytes) -> int:
    """Runs of at least :data:`CLIP_RUN` samples at full scale (the sound clipping)."""
    hot = np.abs(_samples(audio)) >= CLIP_LEVEL
    if not hot.any():
        return 0
    edges = np.diff(np.concatenate(([0], hot.astype(np.int8), [0])))
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    return int(np.sum(ends - starts >= CLIP_RUN))


# ---------------------------------------------------------------------------------------------
# The check
# ---------------------------------------------------------------------------------------------


class _Blocks:
    """The audio stream, skipping empty blocks; ``ended`` once it has run out."""

    def __init__(self, blocks: Iterable[bytes]):
        self._it = iter(blocks)
        self.ended = False

    def next(self) -> bytes | None:
        if self.ended:
            return None
        for block in self._it:
            if block:
                return block
        self.ended = True
        return None


def run_check(
    blocks: Iterable[bytes],
    recognizer: Recognizer,
    on_notice: Callable[[Notice], None] = lambda n: None,
    *,
    stop: threading.Event | None = None,
    busy: Callable[[], bool] | None = None,
    prompts: Sequence[Prompt] = PROMPTS,
    early: bool = True,
) -> CheckResult:
    """Run the check on ``blocks`` (16 kHz mono s16le) and return what it measured.

    ``on_notice`` gets each thing to say, in order, as it happens. ``stop`` ends the check
    early (``complete`` stays False, and no verdict is said). ``busy`` says whether the game's
    own voice is speaking: the check does not listen then. A recording that ends early gets a
    verdict on what was heard. An error of the audio source (the microphone failing) is
    raised; the recognizer is left free either way."""
    run = _Run(blocks, recognizer, on_notice, stop, busy, prompts, early)
    try:
        return run.run()
    finally:
        run.listener.abort()


class _Run:
    def __init__(self, blocks, recognizer, on_notice, stop, busy, prompts, early):
        from spoken_cribbage.voice.microphone import Listener, Segmenter

        self.stopped = stop.is_set if stop is not None else (lambda: False)
        self.is_busy = busy or (lambda: False)
        self.stream = _Blocks(blocks)
        self.prompts = tuple(prompts)
        self.prompt = self.prompts[0] if self.prompts else None
        self.seg = Segmenter()
        self.listener = Listener(recognizer, self._context, early=early, segmenter=self.seg)
        self.say = _safe(on_notice)
        self.result = CheckResult(asked=len(self.prompts))

    def _context(self) -> VoiceContext:
        """Where the command asked for now is legal (the listener asks as speech begins)."""
        assert self.prompt is not None  # no prompt, no listening
        return self.prompt.context

    def run(self) -> CheckResult:
        result, say = self.result, self.say
        # 1. the room
        say(Notice("voice.check_quiet", seconds=int(QUIET_SECONDS)))
        if not self.deaf(GUARD):
            return result
        quiet: list[bytes] = []
        got = 0.0
        while got < QUIET_SECONDS and not self.stopped():
            block = self.stream.next()
            if block is None:
                break
            self.seg.feed(block)
            if self.is_busy():
                continue
            quiet.append(block)
            got += len(block) / 2 / RATE
        result.noise_dbfs = room_level(b"".join(quiet))
        if self.stopped() or result.noise_dbfs is None:
            return result
        say(Notice("voice.check_room", noise=result.noise_dbfs))

        # 2. the commands
        for n, prompt in enumerate(self.prompts, 1):
            self.prompt = prompt
            say(Notice("voice.check_say", phrase=prompt.phrase, n=n, total=len(self.prompts)))
            if not self.deaf(GUARD) and self.stopped():
                return result
            outcome = self.one_command(prompt)
            if outcome is None:
                return result
            result.outcomes.append(outcome)
            say(_outcome_notice(outcome))
            if self.stream.ended and n < len(self.prompts):
                say(Notice("voice.check_cut_short"))  # a recording that ends early
                break
        else:
            result.complete = True

        # 3 and 4. the verdict and the suggestion
        for notice in summary(result):
            say(notice)
        return result

    def deaf(self, extra: float) -> bool:
        """Feed audio to the segmenter (and nothing else) while the game speaks and for
        ``extra`` seconds after; False when the audio ended or the check was stopped."""
        left = extra
        while left > 0 or self.is_busy():
            if self.stopped():
                return False
            block = self.stream.next()
            if block is None:
                return False
            self.seg.feed(block)
            if self.is_busy():
                left = extra
            else:
                left -= len(block) / 2 / RATE
        return True

    def one_command(self, prompt: Prompt) -> Outcome | None:
        """Wait for one utterance after a prompt; None when the check was stopped."""
        seg, listener = self.seg, self.listener
        waited = 0.0
        audio: list[bytes] | None = None  # the utterance being heard, as the segmenter cut it
        while True:
            if self.stopped():
                listener.abort()
                return None
            if self.is_busy():  # the game speaks: nothing it says is the player's command
                listener.abort()
                audio = None
                if not self.deaf(GUARD):
                    if self.stopped():
                        return None
                    return Outcome(prompt, "nothing", waited=waited)
                continue
            block = self.stream.next()
            events = seg.flush() if block is None else seg.feed(block)
            for ev in events:
                if ev[0] == "start":
                    audio = [ev[1]]
                elif ev[0] == "audio" and audio is not None:
                    audio.append(ev[1])
            heard = listener.handle(events)
            if heard and audio is not None:
                return _judge(prompt, heard[0][0], b"".join(audio))
            if block is None:  # the recording ended
                return Outcome(prompt, "nothing", waited=waited)
            if listener.utt is None:
                waited += len(block) / 2 / RATE
                if waited >= COMMAND_WAIT:
                    return Outcome(prompt, "nothing", waited=waited)


def _judge(prompt: Prompt, rec: Recognition, audio: bytes) -> Outcome:
    if rec.accepted and rec.command == prompt.command:
        result = "matched"
    elif rec.accepted:
        result = "other"
    else:
        result = "not_understood"
    return Outcome(
        prompt,
        result,
        rec.heard,
        rec.command if rec.accepted else None,
        bool(rec.accepted and rec.confirm),
        speech_level(audio),
        peak_level(audio),
        clipped_runs(audio),
    )


def _outcome_notice(o: Outcome) -> Notice:
    if o.result == "matched":
        return Notice("voice.check_matched", heard=o.heard, confirm=o.confirm)
    if o.result == "other":
        return Notice("voice.check_other", heard=o.heard, asked=o.prompt.phrase)
    if o.result == "not_understood":
        return Notice("voice.check_not_understood", heard=o.heard)
    # the whole wait, or a recording that ended sooner
    return Notice("voice.check_nothing", seconds=int(COMMAND_WAIT) if o.waited >= COMMAND_WAIT else None)


#: The notice of each level verdict, of each suggestion, and of how to follow it.
LEVEL_NOTICES = {
    "good": "voice.check_level_good",
    "quiet": "voice.check_level_quiet",
    "loud": "voice.check_level_loud",
    "noisy": "voice.check_level_noisy",
    "none": "voice.check_level_none",
}
SUGGESTION_NOTICES = {
    "continuous": "voice.check_suggest_continuous",
    "push": "voice.check_suggest_push",
    "none": "voice.check_suggest_none",
}
HOW_NOTICES = {"continuous": "voice.check_how_continuous", "push": "voice.check_how_push"}


def summary(r: CheckResult) -> list[Notice]:
    """The figures, the verdict on the level, the commands understood and the suggestion."""
    out = [
        Notice("voice.check_figures", noise=r.noise_dbfs, voice=r.voice_dbfs, snr=r.snr_db),
        Notice(LEVEL_NOTICES[r.level], voice=r.voice_dbfs, snr=r.snr_db),
        Notice("voice.check_heard", heard=r.heard, asked=r.asked),
        Notice(SUGGESTION_NOTICES[r.suggestion], why=push_reason(r), missed=r.asked - r.heard, asked=r.asked),
    ]
    if r.suggestion in HOW_NOTICES:
        out.append(Notice(HOW_NOTICES[r.suggestion]))
    return out


def _safe(on_notice: Callable[[Notice], None]) -> Callable[[Notice], None]:
    def say(notice: Notice) -> None:
        with contextlib.suppress(Exception):  # a display error must not end the check
            on_notice(notice)

    return say
